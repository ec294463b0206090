"""One way to trigger each error key of this game's rules, and of the shared rules its states
raise (tests/test_i18n.py gathers every game's ``TRIGGERS`` and checks each error reads well)."""
from __future__ import annotations

from typing import Callable

from nimarcade.core.rules import IllegalMove, InvalidSetup, RulesError
from nimarcade.games.heaps.rules import HeapsState

TRIGGERS: dict[str, tuple[type[RulesError], Callable[[], object]]] = {
    "err.bad_move": (IllegalMove, lambda: HeapsState.new([1, 2]).play(3)),
    "err.heaps.none": (InvalidSetup, lambda: HeapsState.new([])),
    "err.heaps.negative": (InvalidSetup, lambda: HeapsState.new([3, -1])),
    "err.heaps.no_heap": (IllegalMove, lambda: HeapsState.new([1, 2]).play((5, 1))),
    "err.heaps.take_range": (IllegalMove, lambda: HeapsState.new([1, 2]).play((1, 3))),
    "err.heaps.empty": (IllegalMove, lambda: HeapsState.new([0, 2]).play((0, 1))),
}
