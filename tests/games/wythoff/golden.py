"""This game's golden sessions of the text mode (tests/text/cases.py gathers every game's ``CASES``,
tests/text/test_golden.py replays them; the transcripts are ``golden/<name>.txt`` beside this file,
rewritten by ``python -m tests.text.regen``). Every registered game has at least one."""
from __future__ import annotations

from tests.text.cases import Case

CASES = (
    # The queen to the sink (Wythoff) on the classic 7×10 board against the master: a hint and its
    # move (by the menu's numbers) each turn until the queen is sunk.
    Case("wythoff_classic", ("--game", "wythoff", "--level", "classic-7x10", "--players", "human,4", "--first", "1",
                             "--seed", "3"), ("h", "17", "h", "3", "h", "2", "n")),
)
