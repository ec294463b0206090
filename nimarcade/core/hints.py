"""Hints for the player (key H): the winning moves, or the news that the position is lost; for a
game without an exact strategy, its engine's advice.

A hint runs on the hint worker, like the computer's moves, so a slow solver never freezes the
window. Which function gives a game's hint is its registry entry's business (``GameSpec.engine.hint``).
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any, Callable

from nimarcade.core.computer import SearchInfo


@dataclass(frozen=True)
class Hint:
    moves: tuple[Any, ...]            # winning moves (exact games) or the advised move (an engine)
    lost: bool              # True: every move loses against perfect play
    advice: bool = False    # True: an engine's advice, not a proof
    score: int | None = None
    depth: int | None = None


@dataclass(frozen=True)
class ExactHint:
    """The hint of an exactly solved game: every winning move, or "lost" when there is none.
    Has the chooser's signature, so it runs in the hint worker."""

    winning_moves: Callable[[Any], list[Any]]

    def __call__(self, state: Any, level: int = 4, rng: random.Random | None = None,
                 time_limit: float | None = None, *, cancel: threading.Event | None = None,
                 info: SearchInfo | None = None) -> Hint:
        moves = tuple(self.winning_moves(state))
        return Hint(moves, not moves)
