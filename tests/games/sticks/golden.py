"""This game's golden sessions of the text mode (tests/text/cases.py gathers every game's ``CASES``,
tests/text/test_golden.py replays them; the transcripts are ``golden/<name>.txt`` beside this file,
rewritten by ``python -m tests.text.regen``). Every registered game has at least one."""
from __future__ import annotations

from tests.text.cases import Case

CASES = (
    # Fort Boyard against the master: it meets the teacher's cases of seed 001
    # (choix_ordinateur(18) == 2, (15) == 3, (9) == 1, (3) == 3); a hint on the way.
    Case("fort_boyard", ("--game", "fort_boyard", "--players", "human,4", "--first", "1", "--seed", "1"), (
        "", "2", "1", "h", "3", "1", "1", "n")),
    Case("fort_boyard_en", ("--game", "fort_boyard", "--players", "human,4", "--first", "1", "--seed", "1",
                            "--lang", "en"), ("", "2", "h", "1", "3", "1", "1", "n")),
)
