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
from typing import Any, Callable, Generic, Iterator, TypedDict, TypeVar

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


#: The computer's levels, every game's: 1 beginner, 2 medium, 3 expert, 4 master.
LEVELS = (1, 2, 3, 4)


def check_level(level: int) -> int:
    """``level`` when it is one of the computer's :data:`LEVELS`; ValueError otherwise (the one
    check of a level, for every game and every way of asking the computer for a move)."""
    if level not in LEVELS:
        raise ValueError(f"the computer's level must be one of {LEVELS}, not {level!r}")
    return level


@dataclass(frozen=True)
class ComputerLevel:
    """What the computer does at one level of a game. A game's chooser reads what applies to it:
    an exact game's :func:`level_move` the random-move rate, a searching engine its depth or
    time and its noise (Awélé's :mod:`nimarcade.games.awele.engine.player` adds its own fields)."""

    number: int
    #: the probability of a random move instead of the chosen one (seed 003)
    random_rate: float = 0.0
    #: plies searched (None: no fixed depth: by time, or an exact strategy)
    depth: int | None = None
    #: seconds of thinking a move (None: the depth or the exact strategy decides)
    seconds: float | None = None
    #: σ of the Gaussian noise on the moves' scores, in the engine's unit (0: none)
    noise: float = 0.0

    def __post_init__(self) -> None:
        check_level(self.number)
        if not 0.0 <= self.random_rate <= 1.0:
            raise ValueError(f"level {self.number}: random_rate must be in [0, 1], not {self.random_rate!r}")
        if self.depth is not None and self.depth < 1:
            raise ValueError(f"level {self.number}: depth must be at least 1, not {self.depth!r}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"level {self.number}: seconds must be positive, not {self.seconds!r}")
        if self.noise < 0:
            raise ValueError(f"level {self.number}: noise must not be negative, not {self.noise!r}")


#: The record of a game's levels (:class:`ComputerLevel` or a game's own with more fields).
L = TypeVar("L", bound="ComputerLevel", covariant=True)


@dataclass(frozen=True)
class LevelTable(Generic[L]):
    """A game's computer levels, one :class:`ComputerLevel` for each of :data:`LEVELS` in order;
    ``table[n]`` is level ``n``. Frozen and picklable (it goes to the AI worker with its chooser)."""

    levels: tuple[L, ...]

    def __post_init__(self) -> None:
        numbers = tuple(level.number for level in self.levels)
        if numbers != LEVELS:
            raise ValueError(f"a level table has the levels {LEVELS} in order, not {numbers}")

    def __getitem__(self, level: int) -> L:
        return self.levels[check_level(level) - 1]

    def __iter__(self) -> Iterator[L]:
        return iter(self.levels)

    def __len__(self) -> int:
        return len(self.levels)

    def items(self) -> Iterator[tuple[int, L]]:
        """(number, level) pairs, as a dict's."""
        return ((level.number, level) for level in self.levels)


#: Seed 003's levels, every game's unless its spec gives its own table
#: (:attr:`nimarcade.core.registry.EngineSpec.computer_levels`): the probability of a random move
#: instead of the winning one; level 4 ("maître") never misses a winning move.
DEFAULT_LEVELS: LevelTable[ComputerLevel] = LevelTable((
    ComputerLevel(1, random_rate=0.9),
    ComputerLevel(2, random_rate=0.5),
    ComputerLevel(3, random_rate=0.1),
    ComputerLevel(4, random_rate=0.0),
))
#: The default table's random-move rates, by level.
RANDOM_PROBABILITY = {number: level.random_rate for number, level in DEFAULT_LEVELS.items()}


def level_move(state: Any, level: int, rng: random.Random, best_move: Callable[[Any], Any],
               table: LevelTable[ComputerLevel] = DEFAULT_LEVELS) -> Any:
    """Seed 003's computer at ``level`` (1 beginner, 2 medium, 3 expert, 4 master): with
    the level's ``random_rate`` in ``table`` (by default 0.9 / 0.5 / 0.1 / 0) a random move (a
    random piece, then a random legal move of it), otherwise ``best_move(state)``, the winning
    move, or a random move when none wins."""
    rate = table[level].random_rate
    if state.is_over:
        raise GameOver("err.game_over")
    if rng.random() < rate:
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
    """The computer of an exactly solved game: :func:`level_move` over its ``best_move``, at the
    game's ``levels``.

    A chooser (``(state, level, rng, time_limit, *, cancel, info) -> move``) that pickles by
    reference to its strategy, so it runs in the AI worker process like any engine."""

    best_move: Callable[[Any], Any]
    levels: LevelTable[ComputerLevel] = DEFAULT_LEVELS

    def __call__(self, state: Any, level: int, rng: random.Random, time_limit: float | None = None, *,
                 cancel: threading.Event | None = None, info: SearchInfo | None = None) -> Any:
        return level_move(state, level, rng, self.best_move, self.levels)


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
