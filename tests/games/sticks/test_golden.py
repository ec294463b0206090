"""What this game's golden session (golden.py beside this file) must keep saying, read from its
transcript (tests/text/test_golden.py replays it)."""
from __future__ import annotations

from pathlib import Path

SESSION = Path(__file__).resolve().parent / "golden" / "fort_boyard.txt"


def test_fort_boyard_meets_the_teachers_cases() -> None:
    """Seed 001: choix_ordinateur(18) == 2, (15) == 3, (9) == 1, (3) == 3."""
    text = SESSION.read_text(encoding="utf-8")
    for left, take in ((18, 2), (15, 3), (9, 1), (3, 3)):
        assert f"({left})\n\nL'ordinateur joue {take}\n" in text, (left, take)
