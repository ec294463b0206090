"""The golden sessions (tests/text/cases.py), replayed through the real program with its input
piped in, compared line for line. ``python -m tests.text.regen`` rewrites them."""
from __future__ import annotations

import pytest

from tests.text.cases import CASES, Case, transcript


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_session_matches_its_golden_transcript(case: Case) -> None:
    text, out = transcript(case)
    assert out.returncode == case.code, out.stderr
    assert "Traceback" not in out.stderr and out.stderr == ""
    assert text == case.path.read_text(encoding="utf-8"), f"regenerate with python -m tests.text.regen: {case.name}"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_golden_line_fits_80_columns(case: Case) -> None:
    lines = case.path.read_text(encoding="utf-8").splitlines()[1:]   # after the command
    assert lines and max(len(line) for line in lines) <= 80


def test_the_seed_003_session_keeps_the_seeds_words_and_moves() -> None:
    """The seed's words, its « TU AS PERDU » said « vous » as in the whole game."""
    text = next(c for c in CASES if c.name == "seed003_grid").path.read_text(encoding="utf-8")
    for words in ("Paramètres du jeu", "C'est parti !", "1|O|-|-|-|-|", "choisir un pion 1:(1,1) 2:(2,1) 3:(3,1)",
                  "choisir la destination 1:(3,2) 2:(3,3) 3:(4,1) 4:(5,1)", "erreur !",
                  "L'ordinateur joue (1,1) ---> (2,1)", "L'ordinateur joue (2,1) ---> (3,1)",
                  "L'ordinateur joue (2,1) ---> (2,3)", "L'ordinateur joue (2,3) ---> (3,3)",
                  "L'ordinateur joue (5,3) ---> (5,5)", "L'ordinateur joue (4,3) ---> (4,4)",
                  "! plus qu'un seul pion en (3,3)", "C'est terminé, VOUS AVEZ PERDU !"):
        assert words in text, words
    assert text.count("erreur !") == 3


def test_fort_boyard_meets_the_teachers_cases() -> None:
    """Seed 001: choix_ordinateur(18) == 2, (15) == 3, (9) == 1, (3) == 3."""
    text = next(c for c in CASES if c.name == "fort_boyard").path.read_text(encoding="utf-8")
    for left, take in ((18, 2), (15, 3), (9, 1), (3, 3)):
        assert f"({left})\n\nL'ordinateur joue {take}\n" in text, (left, take)
