"""The computer players: exact strategies for the Nim family, a search engine for Awélé.

Pure Python; depends only on :mod:`nimarcade.rules`. Never imports pygame.
"""
from __future__ import annotations

import random
import threading
from typing import Any

from nimarcade.rules.awele import AweleState
from nimarcade.rules.grid import GridState
from nimarcade.rules.heaps import HeapsState
from nimarcade.rules.matches import RowState
from nimarcade.rules.sticks import SticksState

from . import exact

#: Levels, as in seed 003: the probability of a random move instead of the winning one.
#: Level 4 ("maître") never misses a winning move.
RANDOM_PROBABILITY = {1: 0.9, 2: 0.5, 3: 0.1, 4: 0.0}
LEVELS = (1, 2, 3, 4)

_WINNING = {
    SticksState: exact.sticks_winning_moves,
    HeapsState: exact.heaps_winning_moves,
    GridState: exact.grid_winning_moves,
    RowState: exact.matches_winning_moves,
}


def winning_moves(state: Any) -> list:
    """Every move that leaves the opponent lost against perfect play (Nim-family games).

    A game whose rules module carries its own exact strategy offers it as ``state.winning_moves()``
    (so a new game needs no line here)."""
    solver = _WINNING.get(type(state))
    if solver is None:
        own = getattr(state, "winning_moves", None)
        if own is None:
            raise TypeError(f"no exact strategy for {type(state).__name__}")
        return own()
    return solver(state)


def winning_move(state: Any):
    """A move that leaves the opponent in a lost position, or None when every move loses."""
    if isinstance(state, RowState):
        found = exact.matches_winning_moves(state, first_only=True)
    else:
        found = winning_moves(state)
    return found[0] if found else None


def is_winning(state: Any) -> bool:
    """True when the player to move wins with perfect play (at the end: when they have won, as in
    seed 004, where a terminal position is « gagnante » for the player to move in misère play)."""
    if state.is_over:
        return state.winner == state.to_move
    return winning_move(state) is not None


def choose_move(
    state: Any,
    level: int,
    rng: random.Random,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
):
    """The computer's move at ``level`` (1 beginner, 2 medium, 3 expert, 4 master).

    Nim-family games follow seed 003: with probability 0.9 / 0.5 / 0.1 (level 1 / 2 / 3) a random
    move (a random piece, then a random legal move of it), otherwise the winning move, or a random
    move when none wins. Level 4 always plays a winning move when there is one.
    Awélé uses its own engine; ``time_limit`` caps its thinking time in seconds, ``cancel`` stops
    it early and ``info`` receives its progress (depth, score, nodes) as it goes.
    """
    if level not in LEVELS:
        raise ValueError(f"the computer's level must be one of {LEVELS}, not {level!r}")
    if state.is_over:
        from nimarcade.rules import GameOver

        raise GameOver("err.game_over")
    if isinstance(state, AweleState):
        from . import awele_player

        return awele_player.choose_move(state, level, rng, time_limit, cancel=cancel, info=info)
    if rng.random() < RANDOM_PROBABILITY[level]:
        return state.random_move(rng)
    move = winning_move(state)
    return move if move is not None else state.random_move(rng)
