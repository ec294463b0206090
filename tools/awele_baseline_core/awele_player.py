"""The computer's Awélé player at four levels, on top of :mod:`.awele_engine`.

==========  =================================================================================
level 1     débutant: 2 plies, every move scored, then Gaussian noise (σ = 2 seeds) on the scores
level 2     moyen: 5 plies, every move scored, small noise (σ = 0.35 seed)
level 3     expert: iterative deepening for its whole second a move (``time_limit`` seconds if
            given), an interrupted last iteration still counting when it found a better move
level 4     maître: the same for its whole 5 s a move (``time_limit`` if given)
==========  =================================================================================

Levels 3 and 4 play the opening book's move while the game is in it (:mod:`.awele_book`) and use
the endgame tables (exact values of every board with at most 12 seeds, :mod:`.awele_endgame`).
Every level runs on the compiled core when it is loaded (:mod:`.awele_core`), else on the
pure-Python engine, 3-4 plies shallower.

``rng`` drives all randomness (noise, order of equal moves): with the same seed and a depth
limit the choice is reproducible. Levels 3 and 4 keep one engine each so the transposition
table carries over from one move to the next.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from nimarcade.games.awele.rules import AweleState

from . import awele_core, awele_eval
from .awele_engine import MATE_BOUND, SearchResult


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
    #: play the opening book's move when the position is in it (:mod:`.awele_book`)
    book: bool = False


LEVELS: dict[int, LevelSpec] = {
    1: LevelSpec(depth=2, time=None, noise=2.0),
    2: LevelSpec(depth=5, time=None, noise=0.35),
    3: LevelSpec(depth=None, time=1.0, noise=0.0, endgame=True, book=True),
    4: LevelSpec(depth=None, time=5.0, noise=0.0, endgame=True, book=True),
}


class AwelePlayer:
    """A level's player. ``depth`` / ``time`` override the level's defaults (arena, tests)."""

    def __init__(self, level: int, *, depth: int | None = None, time: float | None = None,
                 evaluation: str | None = None, endgame: bool | None = None,
                 wait_for_core: bool = True, book: bool | None = None) -> None:
        """``wait_for_core``: load the compiled core now if it is not loaded (arena, bench,
        tests); the game passes False and plays in pure Python until its worker has warmed it."""
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
        self.engine = awele_core.make_engine(self.evaluation, table, wait=wait_for_core)
        self.book = None
        if spec.book if book is None else book:
            from . import awele_book

            self.book = awele_book.load()
        self.last: SearchResult | None = None

    def _upgrade(self) -> None:
        """Switch to the compiled core once it is ready (it may finish warming mid-game)."""
        if not isinstance(self.engine, awele_core.CoreEngine) and awele_core.ready():
            self.engine = awele_core.CoreEngine(self.evaluation, self.engine.endgame)

    def choose(self, state: AweleState, rng: random.Random, time_limit: float | None = None, *,
               cancel: threading.Event | None = None, info: dict | None = None) -> int:
        self._upgrade()
        legal = state.legal_moves()
        if len(legal) == 1:
            if info is not None:
                info.update(depth=0, score=0, nodes=0, move=legal[0], pv=[legal[0]], mate=None)
            return legal[0]
        if self.spec.noise:
            # fixed depth, every root move scored exactly, then noise: a fresh table each time
            # so that the choice only depends on the position and the rng
            engine = type(self.engine)(self.evaluation, self.engine.endgame, tt_max=100_000)
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
        if self.book is not None and self.depth is None:
            hit = self.book.lookup(state)
            if hit is not None:
                if info is not None:
                    info.update(depth=hit.depth, score=hit.score, nodes=0, move=hit.move, pv=[hit.move],
                                mate=None, book=True)
                self.last = SearchResult(hit.move, hit.score, hit.depth, 0, [hit.move])
                return hit.move
        limit = time_limit if time_limit is not None else self.time
        soft = None if limit is None or self.spec.soft is None else limit * self.spec.soft
        result = self.engine.search(state, limit, self.depth, cancel, info, rng=rng, soft_time=soft)
        self.last = result
        return result.move


