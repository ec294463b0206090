"""This game's golden sessions of the text mode (tests/text/cases.py gathers every game's ``CASES``,
tests/text/test_golden.py replays them; the transcripts are ``golden/<name>.txt`` beside this file,
rewritten by ``python -m tests.text.regen``). Every registered game has at least one."""
from __future__ import annotations

from tests.text.cases import Case

CASES = (
    # Seed 003's sample session: 5×5, 3 pawns, the player starts, the seed's moves (the seed's menu
    # numbers change where our pawn list is sorted, and where two pawns share a cell, listed once),
    # its three bad answers; the seeded beginner computer plays every one of the seed's replies.
    Case("seed003_grid", ("--game", "grid", "--seed", "50216"), (
        "6", "5", "5", "3", "h", "1", "1",
        "3", "2", "2", "2", "4", "3", "2", "2", "a", "euh", "4", "2", "2", "3", "1")),
)
