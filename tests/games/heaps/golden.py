"""This game's golden sessions of the text mode (tests/text/cases.py gathers every game's ``CASES``,
tests/text/test_golden.py replays them; the transcripts are ``golden/<name>.txt`` beside this file,
rewritten by ``python -m tests.text.regen``). Every registered game has at least one."""
from __future__ import annotations

from tests.text.cases import Case

CASES = (
    # Marienbad (misère Nim) against the master, who starts on a lost position; the player asks
    # the hint each turn and plays it: the nim-sum table, misère's switch, the master's last object.
    Case("heaps_marienbad", ("--game", "heaps", "--level", "marienbad", "--players", "human,4", "--first", "2",
                             "--seed", "3"), ("h", "4:2", "h", "3:4", "h", "2:1", "n")),
    # Every kind of bad answer, in setup and in play; then the player quits.
    Case("bad_input_fr", ("--game", "heaps", "--seed", "2"), (
        "9", "x", "1", "", "deux", "h", "1",
        "", "x", "0", "9", "9:1", "1:5", "?", "t", "h", "u", "3", "9", "u", "2", "3", "u", "q")),
    Case("bad_input_en", ("--game", "heaps", "--lang", "en", "--seed", "2"), (
        "9", "x", "1", "", "two", "h", "1",
        "", "x", "0", "9", "9:1", "1:5", "?", "t", "h", "u", "3", "9", "u", "2", "3", "u", "q")),
)
