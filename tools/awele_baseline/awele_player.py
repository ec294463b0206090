"""The computer's Awélé player at four levels, on top of :mod:`.awele_engine`.

==========  =================================================================================
level 1     débutant: 2 plies, every move scored, then Gaussian noise (σ = 2 seeds) on the scores
level 2     moyen: 5 plies, every move scored, small noise (σ = 0.35 seed)
level 3     expert: iterative deepening, at most 1 s a move (``time_limit`` seconds if given); it
            starts no new iteration after 55% of that, so it averages about half a second
level 4     maître: iterative deepening for its whole 5 s a move (``time_limit`` if given), an
            interrupted last iteration still counting when it found a better move, and the
            endgame table (exact values of every board with few seeds, :mod:`.awele_endgame`)
==========  =================================================================================

``rng`` drives all randomness (noise, order of equal moves): with the same seed and a depth
limit the choice is reproducible. Levels 3 and 4 keep one engine each so the transposition
table carries over from one move to the next.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from nimarcade.games.awele.rules import AweleState

from . import awele_eval
from .awele_engine import MATE_BOUND, Engine, SearchResult


@dataclass(frozen=True)
class LevelSpec:
    depth: int | None          # fixed depth (levels 1-2), None: by time
    time: float | None         # default seconds a move (levels 3-4)
    noise: float               # σ of the Gaussian noise on root scores, in seeds (0: none)
    endgame: bool = False
    evaluation: str = awele_eval.DEFAULT
    #: timed levels: start no new iteration after this fraction of the time (None: search until
    #: the time is up and keep what the interrupted iteration proved)
    soft: float | None = None


LEVELS: dict[int, LevelSpec] = {
    1: LevelSpec(depth=2, time=None, noise=2.0),
    2: LevelSpec(depth=5, time=None, noise=0.35),
    3: LevelSpec(depth=None, time=1.0, noise=0.0, soft=0.55),
    4: LevelSpec(depth=None, time=5.0, noise=0.0, endgame=True),
}


class AwelePlayer:
    """A level's player. ``depth`` / ``time`` override the level's defaults (arena, tests)."""

    def __init__(self, level: int, *, depth: int | None = None, time: float | None = None,
                 evaluation: str | None = None, endgame: bool | None = None) -> None:
        spec = LEVELS[level]
        self.level = level
        self.spec = spec
        self.depth = depth if depth is not None else spec.depth
        self.time = time if time is not None else spec.time
        use_table = spec.endgame if endgame is None else endgame
        table = None
        if use_table:
            from . import awele_endgame

            table = awele_endgame.load()
        self.evaluation = evaluation or spec.evaluation
        self.engine = Engine(self.evaluation, endgame=table)
        self.last: SearchResult | None = None

    def choose(self, state: AweleState, rng: random.Random, time_limit: float | None = None, *,
               cancel: threading.Event | None = None, info: dict | None = None) -> int:
        legal = state.legal_moves()
        if len(legal) == 1:
            if info is not None:
                info.update(depth=0, score=0, nodes=0, move=legal[0], pv=[legal[0]], mate=None)
            return legal[0]
        if self.spec.noise:
            # fixed depth, every root move scored exactly, then noise: a fresh table each time
            # so that the choice only depends on the position and the rng
            engine = Engine(self.evaluation, endgame=self.engine.endgame)
            result = engine.search(state, time_limit, self.depth, cancel, info, all_scores=True)
            self.last = result
            scores = result.scores or {}
            if not scores:
                return result.move
            sigma = self.spec.noise * awele_eval.SEED
            noisy = {}
            for m in legal:
                s = scores.get(m, result.score)
                noisy[m] = s if abs(s) > MATE_BOUND else s + rng.gauss(0.0, sigma)
            return max(legal, key=lambda m: noisy[m])
        limit = time_limit if time_limit is not None else self.time
        soft = None if limit is None or self.spec.soft is None else limit * self.spec.soft
        result = self.engine.search(state, limit, self.depth, cancel, info, rng=rng, soft_time=soft)
        self.last = result
        return result.move


_PLAYERS: dict[int, AwelePlayer] = {}
_LOCK = threading.Lock()


def player(level: int) -> AwelePlayer:
    with _LOCK:
        if level not in _PLAYERS:
            _PLAYERS[level] = AwelePlayer(level)
        return _PLAYERS[level]


def choose_move(
    state: AweleState,
    level: int,
    rng: random.Random,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> int:
    """The computer's move (a house index in ``state.legal_moves()``) at ``level`` 1-4.

    ``time_limit`` caps the thinking time in seconds (levels 3-4 use it as their budget; levels
    1-2 search a fixed depth and stop early only if it runs out). ``cancel`` (a threading.Event)
    stops the search within a few milliseconds with the best move so far. ``info`` is updated in
    place while searching: "depth" (last completed depth), "score" (hundredths of a seed for the
    side to move), "nodes", "move", "pv" (the expected line) and "mate" (plies to a forced end of
    the game, > 0 won, < 0 lost, None unknown).
    """
    if level not in LEVELS:
        raise ValueError(f"the computer's level must be one of {tuple(LEVELS)}, not {level!r}")
    return player(level).choose(state, rng, time_limit, cancel=cancel, info=info)
