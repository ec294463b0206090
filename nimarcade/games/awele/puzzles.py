"""Awélé's puzzles (:mod:`nimarcade.puzzles.puzzle`): positions where one move does clearly better than
every other.

Seeded random games go from the level's start. Near their end, where the board holds few enough
seeds for the endgame tables, a position is a puzzle when the tables prove that exactly one move
reaches the best result (the only winning move, or the only one that saves a draw) and some move
does worse: a proof. Earlier, with more seeds, a position is a puzzle when a search to
:data:`FIRST_DEPTH` puts one move at least :data:`CLEAR_MARGIN` seeds above every other and a
deeper search to :data:`CHECK_DEPTH` agrees with at least :data:`CHECK_MARGIN`: not a proof, and
said so (``proved`` False). Fixed depths, so the same seed gives the same puzzles. Pure Python.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from nimarcade.games.awele.engine import endgame as awele_endgame
from nimarcade.analysis.verdicts import MoveValues
from nimarcade.games.awele.rules import AweleState

from nimarcade.games.awele.judge import move_result
from nimarcade.games.awele.review import move_values

FIRST_DEPTH, CHECK_DEPTH = 8, 11
CLEAR_MARGIN, CHECK_MARGIN = 3.0, 2.0
#: Random games played per puzzle wanted before giving up.
GAMES_PER_PUZZLE = 20


def _clear_best(values: MoveValues, margin: float) -> Any:
    """The one move at least ``margin`` above every other, or None."""
    ranked = sorted(values.scores.items(), key=lambda kv: -kv[1])
    if len(ranked) < 2 or ranked[0][1] - ranked[1][1] < margin:
        return None
    return ranked[0][0]


def proved_solution(state: AweleState, table: awele_endgame.Table) -> int | None:
    """The only move that reaches the best result the tables prove, or None."""
    legal = state.legal_moves()
    if len(legal) < 2:
        return None
    found = {m: move_result(state, m, table) for m in legal}
    results = {m: r for m, r in found.items() if r is not None}
    if len(results) < len(found):       # a move the tables don't know
        return None
    best = max(results.values())
    winners = [m for m, r in results.items() if r == best]
    return winners[0] if len(winners) == 1 and min(results.values()) < best else None


def searched_solution(state: AweleState) -> int | None:
    """The move two searches of different depths both put clearly first, or None."""
    if len(state.legal_moves()) < 2:
        return None
    first = _clear_best(move_values(state, None, FIRST_DEPTH), CLEAR_MARGIN)
    if first is None:
        return None
    return first if _clear_best(move_values(state, None, CHECK_DEPTH), CHECK_MARGIN) == first else None


def solve(state: AweleState) -> tuple[tuple[int, ...], bool] | None:
    """An edited position as a puzzle (``PuzzleSpec.solve``): its solution by the tables (proved)
    where they know it, else by two searches; None when no move stands out."""
    table = awele_endgame.load_table(state.grand_slam)
    if table is not None and sum(state.houses) <= table.max_seeds:
        move = proved_solution(state, table)
        if move is not None:
            return (move,), True
    move = searched_solution(state)
    return None if move is None else ((move,), False)


def _fresh(state: AweleState, seen: set) -> bool:
    """True the first time a position is looked at."""
    key = (state.houses, state.stores, state.to_move)
    if key in seen:
        return False
    seen.add(key)
    return True


def positions(params: Mapping[str, Any], count: int, rng: random.Random) -> list[tuple]:
    """Up to ``count`` puzzles (``GameSpec.puzzles``): (moves from the start, (the solution,),
    seeds on the board, proved), proved ones and searched ones in turn."""
    table = awele_endgame.load_table(params["grand_slam"])
    limit = table.max_seeds if table is not None else -1
    start = AweleState.new(params["seeds"], params["grand_slam"])
    found: list[tuple] = []
    seen: set[Any] = set()
    for game in range(count * GAMES_PER_PUZZLE):
        if len(found) >= count:
            break
        line: list[tuple[tuple[int, ...], AweleState]] = []
        state = start
        moves: list[int] = []
        while not state.is_over:
            line.append((tuple(moves), state))
            step = state.random_move(rng)
            moves.append(step)
            state = state.play(step)
        late = [(p, s) for p, s in line if sum(s.houses) <= limit]
        if game % 2 == 0 and late and table is not None:   # the tables prove it: try every small enough position
            rng.shuffle(late)
            for path, position in late:
                move = proved_solution(position, table) if _fresh(position, seen) else None
                if move is not None:
                    found.append((path, (move,), sum(position.houses), True))
                    break
            continue
        early = [(p, s) for p, s in line[4:] if sum(s.houses) > limit]
        if early:
            path, position = early[rng.randrange(len(early))]
            move = searched_solution(position) if _fresh(position, seen) else None
            if move is not None:
                found.append((path, (move,), sum(position.houses), False))
    return found
