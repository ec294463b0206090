"""This game's golden sessions of the text mode (tests/text/cases.py gathers every game's ``CASES``,
tests/text/test_golden.py replays them; the transcripts are ``golden/<name>.txt`` beside this file,
rewritten by ``python -m tests.text.regen``). Every registered game has at least one."""
from __future__ import annotations

from tests.text.cases import Case

CASES = (
    # Kayles (octal 0.77) against the master: the code's digits read out, the nimbers' table of
    # each hint, moves written take:heap:part.
    Case("octal_kayles", ("--game", "octal", "--level", "kayles", "--players", "human,4", "--first", "1",
                          "--seed", "3"), ("h", "1:1:1", "h", "1:1", "h", "1:1:1", "1:1", "n")),
)
