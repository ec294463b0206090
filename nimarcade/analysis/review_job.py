"""The review's analysis, one position at a time, as the window runs it: each position's values
are asked of a worker (:func:`position_job`, run in the app's review worker process: an engine's
search takes seconds and must never hold the render loop), and :class:`Progressive` puts the
verdicts and the advantage together as they come, exactly as :func:`nimarcade.analysis.verdicts.review`
does in one go (the same :func:`~nimarcade.analysis.verdicts.judge_move` and
:func:`~nimarcade.analysis.verdicts.advantage`). Pure Python, no pygame.
"""
from __future__ import annotations

from typing import Any, Sequence

from nimarcade.analysis import verdicts as analysis
from nimarcade.core import registry
from nimarcade.analysis.verdicts import Budget, MoveValues, Ply

#: Seconds an engine looks at each position of a reviewed game, at most (as ``python -m nimarcade.analyse``).
WINDOW_BUDGET = Budget(time=1.0)
#: Seconds the window's whole analysis of a game should take: each position gets its share, between
#: :data:`MIN_POSITION_TIME` and the budget's time (the positions the endgame tables know take none:
#: their marks are proofs, whatever the time).
REVIEW_SECONDS = 12.0
MIN_POSITION_TIME = 0.1


def position_time(budget: Budget, positions: int) -> float | None:
    """The seconds a position of a game of ``positions`` positions gets in the window's review
    (None: the budget is a depth, not a time)."""
    if budget.time is None:
        return None
    return max(MIN_POSITION_TIME, min(budget.time, REVIEW_SECONDS / max(1, positions)))
#: ``app.prefs`` key of another budget for the session's reviews (the scene tests set a small
#: depth: the same verdicts every time, at once).
BUDGET_PREF = "review:budget"


def position_job(state: Any, level: int, rng: Any, time_limit: float | None, *, cancel: Any = None,
                 info: dict | None = None) -> MoveValues:
    """A worker's chooser (the AI controller's signature): the values of ``state``'s moves, with
    ``time_limit`` seconds, or to depth ``level`` when it is positive (the same values every time)."""
    return analysis.position_values(state, Budget(None if level > 0 else time_limit, level or None), cancel)


class Progressive:
    """A game's analysis filled in position by position (in any order; the window goes from the
    start). ``plies[i]``: the verdict on the i-th move (from 0) once its position is valued;
    ``heights[i]``: the advantage of position i for the rules' player 0; ``proved[i]``: that value
    is a proof, not an estimate."""

    def __init__(self, states: Sequence[Any], moves: Sequence[Any], opening: int = 0) -> None:
        self.states, self.moves = list(states[:len(moves) + 1]), list(moves)
        #: the first plies, imposed on both players (a tournament's opening): never marked
        self.opening = opening
        self.spec = registry.spec_of(self.states[0])
        self.plies: dict[int, Ply] = {}
        self.heights: dict[int, float] = {}
        self.proved: dict[int, bool] = {}
        self.failed = False

    @property
    def total(self) -> int:
        """Positions to value: the start and after each move."""
        return len(self.states)

    @property
    def done(self) -> int:
        return len(self.heights)

    @property
    def complete(self) -> bool:
        return self.done == self.total

    def next_index(self, near: int | None = None) -> int | None:
        """The position to value next: the first not valued yet, or the nearest to ``near`` (the
        position the review shows, so its verdicts come first; the later one on a tie)."""
        left = [i for i in range(self.total) if i not in self.heights]
        if not left:
            return None
        if near is None:
            return left[0]
        return min(left, key=lambda i: (abs(i - near), -i))

    def add(self, index: int, values: MoveValues) -> None:
        state = self.states[index]
        self.heights[index] = analysis.advantage(state, values)
        self.proved[index] = state.is_over or values.result() is not None
        if index < len(self.moves):
            self.plies[index] = analysis.judge_move(self.spec, index + 1, state, self.moves[index], values,
                                                    imposed=index < self.opening)

    def mark(self, move_index: int) -> str:
        ply = self.plies.get(move_index)
        return ply.mark if ply is not None else ""

    def marks(self) -> dict[int, str]:
        return {i: p.mark for i, p in self.plies.items() if p.mark}
