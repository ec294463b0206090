"""PLACEHOLDER Awélé player, until the search engine lands (issue 4).

An honest greedy player: it takes the move with the biggest immediate capture, breaking ties at
random, and at levels 1-2 sometimes plays a random legal move. It never looks further ahead.
"""
from __future__ import annotations

import random
import threading

from nimarcade.rules.awele import AweleState

_NOISE = {1: 0.6, 2: 0.3, 3: 0.0, 4: 0.0}


def choose_move(
    state: AweleState,
    level: int,
    rng: random.Random,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> int:
    moves = state.legal_moves()
    if rng.random() < _NOISE.get(level, 0.0):
        return rng.choice(moves)
    gains = {m: state.sowing(m).gain for m in moves}
    best = max(gains.values())
    return rng.choice([m for m in moves if gains[m] == best])
