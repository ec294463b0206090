"""One way to trigger each error key of this game's rules, and of the shared rules its states
raise (tests/test_i18n.py gathers every game's ``TRIGGERS`` and checks each error reads well)."""
from __future__ import annotations

from typing import Callable

from nimarcade.core.rules import IllegalMove, InvalidSetup, RulesError
from nimarcade.games.awele.rules import AweleState, parse_move

#: Sowing from the first house would leave the opponent, whose row is empty, nothing.
STARVED = [1, 0, 0, 0, 0, 1] + [0] * 6

TRIGGERS: dict[str, tuple[type[RulesError], Callable[[], object]]] = {
    "err.awele.seeds": (InvalidSetup, lambda: AweleState.new(9)),
    "err.awele.variant": (InvalidSetup, lambda: AweleState.new(4, "whatever")),
    "err.awele.board": (InvalidSetup, lambda: AweleState.from_board([4] * 6, (0, 0), 0)),
    "err.awele.no_house": (IllegalMove, lambda: AweleState.new().play(12)),
    "err.bad_notation": (IllegalMove, lambda: parse_move(AweleState.new(), "Z")),
    "err.awele.not_yours": (IllegalMove, lambda: AweleState.new().play(8)),
    "err.awele.empty": (IllegalMove, lambda: AweleState.new().play(2).play(8).play(2)),
    "err.awele.starve": (IllegalMove, lambda: AweleState.from_board(STARVED, (0, 0), 0).play(0)),
    "err.awele.must_feed": (
        IllegalMove, lambda: AweleState.from_board(STARVED, (0, 0), 0, "capture_nothing").play(0)),
}
