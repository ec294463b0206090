"""The analysis of a played game: a verdict on every move, and who stood better at every ply.

A position's moves are valued by :func:`position_values`, through the registry:

* a game with an exact strategy (``GameSpec.winning_moves``) knows every move's result: a winning
  move leaves the opponent lost, any other move leaves them a win. Its verdicts are proofs.
* a game with an engine gives its own :attr:`~nimarcade.core.registry.EngineSpec.review` function: each
  move's score in the game's units (Awélé: seeds, from the engine's search), and the results it
  can prove (Awélé: by its endgame tables, or a forced end found by the search).

A move's mark (:func:`mark_of`) then follows from its position's values:

* proved results decide first: ``??`` turns a won position into a lost one; ``?`` gives away
  half of it (a win into a draw, a draw into a loss); ``!`` is the only winning move among
  several moves;
* otherwise the score lost against the best move does: ``?!`` from :data:`INACCURACY` units,
  ``?`` from :data:`MISTAKE`, ``??`` from :data:`BLUNDER` (Awélé: 1, 2 and 4 seeds; the help
  says so).

The advantage (:func:`advantage`) is the value of each position for the rules' player 0, between
-1 and +1: ±1 a proved win, a score squashed by :func:`math.tanh` otherwise. Pure Python, no
pygame: the window runs it in its AI worker, ``python -m nimarcade.analyse`` in the terminal.
"""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

from nimarcade.core import registry

# Proved results of a move, for the player who makes it.
WIN, DRAW, LOSS = 1, 0, -1
MARKS = ("", "!", "?!", "?", "??")
#: Units of score lost against the best move (Awélé: seeds) that make a move ``?!``, ``?``, ``??``.
INACCURACY, MISTAKE, BLUNDER = 1.0, 2.0, 4.0
#: The score (in the game's units) that :func:`advantage` draws at about three quarters of the way.
ADVANTAGE_SCALE = 6.0


@dataclass(frozen=True)
class Budget:
    """How long an engine may look at a position: seconds, or a fixed depth (deterministic, for
    tests and for analyses that must give the same marks every time)."""

    time: float | None = 1.0
    depth: int | None = None


@dataclass(frozen=True)
class MoveValues:
    """What each legal move of a position is worth to the player to move: its ``scores`` (bigger
    is better; the game's units) and, for the moves whose result is proved, ``exact``
    (WIN, DRAW or LOSS). ``depth``: the engine's depth (None for a proof)."""

    scores: Mapping[Any, float] = field(default_factory=dict)
    exact: Mapping[Any, int] = field(default_factory=dict)
    depth: int | None = None

    @property
    def solved(self) -> bool:
        """Every move's result is proved."""
        return bool(self.scores) and all(m in self.exact for m in self.scores)

    @property
    def best_score(self) -> float:
        return max(self.scores.values(), default=0.0)

    def best(self) -> tuple[Any, ...]:
        """The best moves: those with the best proved result when all are proved, else with the
        best score."""
        if self.solved:
            result = max(self.exact.values())
            return tuple(m for m in self.scores if self.exact[m] == result)
        top = self.best_score
        return tuple(m for m, s in self.scores.items() if s == top)

    def result(self) -> int | None:
        """The position's proved result for the player to move (None: not proved)."""
        if self.solved:
            return max(self.exact.values())
        if any(r == WIN for r in self.exact.values()):
            return WIN
        return None


def exact_values(spec: registry.GameSpec, state: Any) -> MoveValues:
    """The values of an exactly solved game: every winning move wins, every other one loses."""
    winning = set(spec.winning(state))
    moves = state.legal_moves()
    return MoveValues({m: 1.0 if m in winning else -1.0 for m in moves},
                      {m: WIN if m in winning else LOSS for m in moves})


def can_analyse(spec: registry.GameSpec) -> bool:
    return spec.winning_moves is not None or spec.engine.review is not None


def position_values(state: Any, budget: Budget = Budget(), cancel: threading.Event | None = None) -> MoveValues:
    """Every legal move's value in ``state`` (nothing for a finished game); TypeError for a game
    that can be analysed neither way."""
    spec = registry.spec_of(state)
    if state.is_over:
        return MoveValues()
    if spec.winning_moves is not None:
        return exact_values(spec, state)
    if spec.engine.review is None:
        raise TypeError(f"no analysis for {type(state).__name__}")
    return spec.engine.review(state, budget.time, budget.depth, cancel)


def mark_of(values: MoveValues, move: Any) -> str:
    """The mark of ``move`` among the moves valued in ``values`` (see the module's doc)."""
    if move not in values.scores:
        return ""
    if values.solved:
        best, got = max(values.exact.values()), values.exact[move]
        if got < best:
            return "??" if (best, got) == (WIN, LOSS) else "?"
        winners = [m for m, r in values.exact.items() if r == WIN]
        return "!" if got == WIN and len(winners) == 1 and len(values.scores) > 1 else ""
    if values.exact.get(move) == LOSS and values.result() == WIN:
        return "??"
    lost = _lost(values, move)
    if lost >= BLUNDER:
        return "??"
    if lost >= MISTAKE:
        return "?"
    if lost >= INACCURACY:
        return "?!"
    return ""


def _lost(values: MoveValues, move: Any) -> float:
    """The score ``move`` loses against the best, without the float's noise (seeds are counted
    in hundredths: 10.2 - 6.2 is 4 seeds, a blunder, not 3.999999999999999)."""
    return round(values.best_score - values.scores[move], 6)


def score_of(state: Any, values: MoveValues) -> float:
    """The position's value for the player to move, between -1 and +1."""
    if state.is_over:
        winner = state.winner
        return 0.0 if winner is None else (1.0 if winner == state.to_move else -1.0)
    result = values.result()
    if result is not None:
        return float(result)
    return math.tanh(values.best_score / ADVANTAGE_SCALE)


def advantage(state: Any, values: MoveValues) -> float:
    """The position's value for the rules' player 0, between -1 and +1 (the graph's height)."""
    value = score_of(state, values)
    return value if state.to_move == 0 else -value


@dataclass(frozen=True)
class Ply:
    """A played move and its verdict. ``ply`` counts half-moves from 1; ``mover`` is the rules'
    player who made it; ``best``: the best moves of its position (the winning ones in an exact
    game); ``missed``: the winning moves not played when the move threw a win away; ``lost``: the
    score lost against the best move (the game's units; 0 for the best). ``imposed``: a ply of the
    opening imposed on both players (a tournament's random opening): nobody chose it, so it is
    never marked nor counted against its mover."""

    ply: int
    move: Any
    text: str
    mover: int
    mark: str
    best: tuple[Any, ...]
    missed: tuple[Any, ...]
    lost: float
    values: MoveValues
    imposed: bool = False

    def as_json(self) -> dict[str, Any]:
        found = {"ply": self.ply, "move": self.text, "mark": self.mark}
        return {**found, "imposed": True} if self.imposed else found


def judge_move(spec: registry.GameSpec, ply: int, state: Any, move: Any, values: MoveValues,
               imposed: bool = False) -> Ply:
    """The verdict on ``move`` played in ``state`` (the ``ply``-th half-move); none on a move of
    an imposed opening (``imposed``)."""
    if imposed:
        return Ply(ply, move, spec.notation.format_move(move), state.to_move, "", (), (), 0.0, values, True)
    mark = mark_of(values, move)
    best = values.best()
    missed: tuple[Any, ...] = ()
    if mark in ("?", "??") and move not in best:
        missed = best
    lost = _lost(values, move) if move in values.scores else 0.0
    return Ply(ply, move, spec.notation.format_move(move), state.to_move, mark, best, missed, lost, values)


@dataclass(frozen=True)
class Review:
    """A game's analysis: a verdict on each move, and the advantage at each position (one more
    than the moves: the start, then after each move)."""

    plies: tuple[Ply, ...]
    advantage: tuple[float, ...]
    proved: bool        # every verdict is a proof (an exactly solved game)

    def as_json(self) -> list[dict[str, Any]]:
        return [p.as_json() for p in self.plies]


def review_steps(states: Sequence[Any], moves: Sequence[Any], budget: Budget = Budget(),
                 cancel: threading.Event | None = None) -> Iterator[tuple[int, MoveValues]]:
    """Each position's values, from the start: (index of the position, its values). The caller
    can stop at any time (a window analysing in its worker shows them as they come)."""
    for index, state in enumerate(states[:len(moves) + 1]):
        if cancel is not None and cancel.is_set():
            return
        yield index, position_values(state, budget, cancel)


def review(states: Sequence[Any], moves: Sequence[Any], budget: Budget = Budget(),
           cancel: threading.Event | None = None,
           progress: Callable[[int, int], None] | None = None, opening: int = 0) -> Review:
    """The analysis of a game: ``states`` are its positions (the start and after each move),
    ``moves`` what was played; its first ``opening`` plies were imposed on both players (never
    marked)."""
    spec = registry.spec_of(states[0])
    plies: list[Ply] = []
    heights: list[float] = []
    for index, values in review_steps(states, moves, budget, cancel):
        state = states[index]
        heights.append(advantage(state, values))
        if index < len(moves):
            plies.append(judge_move(spec, index + 1, state, moves[index], values, imposed=index < opening))
        if progress is not None:
            progress(index + 1, len(moves) + 1)
    return Review(tuple(plies), tuple(heights), spec.winning_moves is not None)


def review_match(match: Any, budget: Budget = Budget(), cancel: threading.Event | None = None,
                 progress: Callable[[int, int], None] | None = None) -> Review:
    """The analysis of a :class:`~nimarcade.core.match.Match` (its imposed opening left unmarked)."""
    return review(match.states, match.moves, budget, cancel, progress, getattr(match, "opening", 0))
