"""The position editor's work that runs off the window's thread, in the analysis worker
(``app.analysis_ai``): a position's verdict, and the check that makes it a puzzle.

Both are choosers (``(question, level, rng, time_limit, *, cancel, info)``, module functions, so
they go to the worker process) whose "position" is a :class:`Question`: the game, the level, its
parameters and the position's text, read again there by the rules. An exact game answers at once
by its proof; Awélé searches (the verdict for ``time_limit`` seconds, the puzzle's check by its
tables or two searches of fixed depths), which is why neither runs where the frames are drawn.
Pure Python, no pygame.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Mapping

from nimarcade.analysis import verdicts as analysis
from nimarcade.core import registry
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.core.rules import RulesError


@dataclass(frozen=True)
class Question:
    """A position of the editor: ``start`` (the game's position text) under a level's rule."""

    game: str
    level: str
    params: Mapping[str, Any] = field(hash=False)
    start: str = ""

    def state(self) -> Any:
        return registry.get(self.game).start_state(self.params, self.start)


def verdict(question: Question, level: int = 0, rng: Any = None, time_limit: float | None = None, *,
            cancel: threading.Event | None = None, info: dict | None = None) -> analysis.MoveValues:
    """Every legal move's value (:func:`nimarcade.analysis.verdicts.position_values`): a proof for an
    exact game, the engine's scores after ``time_limit`` seconds otherwise."""
    return analysis.position_values(question.state(), analysis.Budget(time_limit), cancel)


@dataclass(frozen=True)
class PuzzleAnswer:
    """The puzzle made of a position, or why it is none (a translation key and its parameters)."""

    puzzle: puzzles.Puzzle | None
    key: str = ""
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)


def make_puzzle(question: Question, level: int = 0, rng: Any = None, time_limit: float | None = None, *,
                cancel: threading.Event | None = None, info: dict | None = None) -> PuzzleAnswer:
    """:func:`nimarcade.puzzles.puzzle.from_position`, its refusal as an answer rather than an error."""
    try:
        return PuzzleAnswer(puzzles.from_position(question.game, question.level, question.params, question.start))
    except puzzles.NotAPuzzle as no:
        return PuzzleAnswer(None, no.key, dict(no.params))
    except RulesError as err:
        return PuzzleAnswer(None, err.key, dict(err.params))
