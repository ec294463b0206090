"""This game's golden sessions of the text mode (tests/text/cases.py gathers every game's ``CASES``,
tests/text/test_golden.py replays them; the transcripts are ``golden/<name>.txt`` beside this file,
rewritten by ``python -m tests.text.regen``). Every registered game has at least one."""
from __future__ import annotations

from tests.text.cases import Case

CASES = (
    # Awélé against the medium computer (fixed depth: the same game every time); houses typed as
    # numbers or in notation (A-F), one house of the opponent's row on the way.
    Case("awele", ("--game", "awele", "--level", "rapide", "--players", "human,2", "--first", "1", "--seed", "5"), (
        "a", "1", "B", "5", "D", "5", "F", "1", "C", "1", "B", "1", "n")),
)
