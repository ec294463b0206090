"""The computer players: seed 003's levels over an exact strategy, and the pieces every engine
shares. Each game's own engine or solver lives in its game's folder
(``nimarcade/games/awele/engine/``, ``nimarcade/games/matches/solver.py``...); the registry
(:mod:`nimarcade.core.registry`) says which one plays which game, so nothing here knows a game.

Pure Python; depends only on :mod:`nimarcade.core.rules`. Never imports pygame.
"""
from __future__ import annotations

import os
import random
import threading
from dataclasses import dataclass
from typing import Any, Callable, TypedDict

from nimarcade.core.rules import GameOver

#: Environment variable that sets the search threads of the engines that have several
#: (default: :func:`default_threads`).
THREADS_ENV = "NIMARCADE_THREADS"


def default_threads() -> int:
    """Search threads of an engine that can use several: ``$NIMARCADE_THREADS``, else the cores
    minus one (the window's render loop keeps a core), at least 1."""
    text = os.environ.get(THREADS_ENV, "").strip()
    if text.isdigit() and int(text) > 0:
        return int(text)
    return max(1, (os.cpu_count() or 1) - 1)


#: Levels, as in seed 003: the probability of a random move instead of the winning one.
#: Level 4 ("maître") never misses a winning move.
RANDOM_PROBABILITY = {1: 0.9, 2: 0.5, 3: 0.1, 4: 0.0}
LEVELS = (1, 2, 3, 4)


def level_move(state: Any, level: int, rng: random.Random, best_move: Callable[[Any], Any]) -> Any:
    """Seed 003's computer at ``level`` (1 beginner, 2 medium, 3 expert, 4 master): with
    probability 0.9 / 0.5 / 0.1 / 0 a random move (a random piece, then a random legal move of it),
    otherwise ``best_move(state)``, the winning move, or a random move when none wins."""
    if level not in LEVELS:
        raise ValueError(f"the computer's level must be one of {LEVELS}, not {level!r}")
    if state.is_over:
        raise GameOver("err.game_over")
    if rng.random() < RANDOM_PROBABILITY[level]:
        return state.random_move(rng)
    move = best_move(state)
    return move if move is not None else state.random_move(rng)


@dataclass(frozen=True)
class FirstWinning:
    """One winning move of an exact strategy that lists them all (None when every move loses)."""

    winning_moves: Callable[[Any], list[Any]]

    def __call__(self, state: Any) -> Any:
        found = self.winning_moves(state)
        return found[0] if found else None


@dataclass(frozen=True)
class ExactPlayer:
    """The computer of an exactly solved game: :func:`level_move` over its ``best_move``.

    A chooser (``(state, level, rng, time_limit, *, cancel, info) -> move``) that pickles by
    reference to its strategy, so it runs in the AI worker process like any engine."""

    best_move: Callable[[Any], Any]

    def __call__(self, state: Any, level: int, rng: random.Random, time_limit: float | None = None, *,
                 cancel: threading.Event | None = None, info: SearchInfo | None = None) -> Any:
        return level_move(state, level, rng, self.best_move)


class SearchInfo(TypedDict, total=False):
    """A chooser's ``info``: what a search says of itself as it goes and when it is done (the
    game's thinking line, the terminal's, the analysis overlay read it). Every key is optional: a
    search says what it knows."""

    depth: int                  # plies searched to the end
    score: int                  # the best move's score for the player to move (the engine's unit)
    nodes: int                  # positions visited
    move: Any                   # the best move so far
    pv: list[Any]               # the line the search expects
    mate: int | None            # plies to a forced end, when the search sees one
    scores: dict[Any, int]      # every root move's score (the analysis)
    book: bool                  # the move comes from the opening book
    elapsed: float              # seconds since the search started
    nps: float                  # nodes a second
    time: int                   # milliseconds, as a program from outside reports them
    program: str                # the program from outside that answered
    string: str                 # what it said besides (the protocol's ``info string``)


class Forfeit(Exception):
    """A player that can't go on with this game loses it by forfeit (an outside program crashed,
    hung past its time, sent something that isn't the protocol, or played an illegal move).
    ``key``/``params`` name the message in the translation table, as the rules' errors do;
    ``details`` are lines the player's own program wrote (a student's traceback, marked as theirs).
    The AI controller hands it back with the result instead of falling back to a legal move."""

    def __init__(self, key: str, /, details: tuple[str, ...] = (), **params: Any) -> None:
        self.key, self.params, self.details = key, params, tuple(details)
        super().__init__(f"{key} {params}")
