"""One way to trigger each error key of this game's rules (tests/test_i18n.py gathers every
game's ``TRIGGERS`` and checks each error reads well)."""
from __future__ import annotations

from typing import Callable

from nimarcade.core.rules import IllegalMove, InvalidSetup, RulesError
from nimarcade.games.grid.rules import GridState

TRIGGERS: dict[str, tuple[type[RulesError], Callable[[], object]]] = {
    "err.grid.size": (InvalidSetup, lambda: GridState.new(31, 5, 1)),
    "err.grid.pawns": (InvalidSetup, lambda: GridState.new(5, 5, 9)),
    "err.grid.off_grid": (IllegalMove, lambda: GridState.new(5, 5, 1).play(((1, 1), (0, 1)))),
    "err.grid.no_pawn": (IllegalMove, lambda: GridState.new(5, 5, 1).play(((4, 4), (4, 5)))),
    "err.grid.bad_step": (IllegalMove, lambda: GridState.new(5, 5, 1).play(((1, 1), (2, 2)))),
}
