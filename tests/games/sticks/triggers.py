"""One way to trigger each error key of this game's rules, and of the shared rules its states
raise (tests/test_i18n.py gathers every game's ``TRIGGERS`` and checks each error reads well)."""
from __future__ import annotations

from typing import Callable

from nimarcade.core.rules import GameNotOver, GameOver, IllegalMove, InvalidSetup, RulesError
from nimarcade.games.sticks.rules import SticksState
from nimarcade.games.sticks.seed000 import Supervisor

TRIGGERS: dict[str, tuple[type[RulesError], Callable[[], object]]] = {
    "err.game_over": (GameOver, lambda: SticksState.new(1).play(1).play(1)),
    "err.no_game": (GameOver, lambda: Supervisor().next_player()),
    "err.not_over": (GameNotOver, lambda: Supervisor().winner()),
    "err.first": (InvalidSetup, lambda: SticksState.new(5, first=2)),
    "err.sticks.count": (InvalidSetup, lambda: SticksState.new(0)),
    "err.sticks.max_take": (InvalidSetup, lambda: Supervisor(1)),
    "err.sticks.take_range": (IllegalMove, lambda: SticksState.new(5).play(4)),
}
