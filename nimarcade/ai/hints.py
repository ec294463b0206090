"""Hints for the player (key H): the winning moves, or the news that the position is lost.

Runs on the hint worker thread, like the computer's moves, so a slow solver never freezes the
window. For Awélé, which has no closed-form solution, the hint is the engine's recommended move.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any

from nimarcade.rules.awele import AweleState


@dataclass(frozen=True)
class Hint:
    moves: tuple            # winning moves (Nim family) or the advised move (Awélé)
    lost: bool              # True: every move loses against perfect play
    advice: bool = False    # True: an engine's advice, not a proof
    score: int | None = None
    depth: int | None = None


def compute_hint(
    state: Any,
    level: int = 4,
    rng: random.Random | None = None,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> Hint:
    from . import choose_move, winning_moves

    if isinstance(state, AweleState):
        result = dict(info or {})
        move = choose_move(state, level, rng or random.Random(0), time_limit, cancel=cancel, info=result)
        return Hint((move,), False, advice=True, score=result.get("score"), depth=result.get("depth"))
    moves = tuple(winning_moves(state))
    return Hint(moves, not moves)
