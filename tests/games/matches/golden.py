"""This game's golden sessions of the text mode (tests/text/cases.py gathers every game's ``CASES``,
tests/text/test_golden.py replays them; the transcripts are ``golden/<name>.txt`` beside this file,
rewritten by ``python -m tests.text.regen``). Every registered game has at least one."""
from __future__ import annotations

from tests.text.cases import Case

CASES = (
    # Seed 004: the worksheet's row, computer against computer, nothing piped in.
    Case("matches_cvc", ("--game", "matches", "--level", "td4", "--players", "3,4", "--first", "1", "--seed", "4")),
)
