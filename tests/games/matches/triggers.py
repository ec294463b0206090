"""One way to trigger each error key of this game's rules (tests/test_i18n.py gathers every
game's ``TRIGGERS`` and checks each error reads well)."""
from __future__ import annotations

from typing import Callable

from nimarcade.core.rules import IllegalMove, InvalidSetup, RulesError
from nimarcade.games.matches.rules import RowState

TRIGGERS: dict[str, tuple[type[RulesError], Callable[[], object]]] = {
    "err.matches.length": (InvalidSetup, lambda: RowState.new(500)),
    "err.matches.pattern": (InvalidSetup, lambda: RowState.from_pattern("1a1")),
    "err.matches.max_take": (InvalidSetup, lambda: RowState.new(10, max_take=0)),
    "err.matches.take_range": (IllegalMove, lambda: RowState.new(10).play((0, 4))),
    "err.matches.off_row": (IllegalMove, lambda: RowState.new(10).play((9, 2))),
    "err.matches.gap": (IllegalMove, lambda: RowState.from_pattern("1.11").play((0, 2))),
}
