"""What the judge (:mod:`nimarcade.judge.judge`) knows of Awélé, which has no exact strategy: positions
the endgame tables solve exactly.

Seeded random play goes from the level's start until the board holds few enough seeds for the
tables (:mod:`nimarcade.games.awele.engine.endgame`); one position of that stretch of each game is kept
when the value of every one of its moves is known and the choice matters (not every move gives
the same result). A move's value is read as the engine reads the
tables: the child position's margin interval for the opponent, turned into the mover's final
margin by the store difference; a move that ends the game is scored by the rules themselves.
Pure Python, no pygame.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from nimarcade.games.awele.engine import endgame as awele_endgame
from nimarcade.games.awele.engine.board import pack
from nimarcade.games.awele.rules import AweleState

#: Random games played per position asked before giving up (most games end by a majority first).
TRIES_PER_POSITION = 40
WIN, DRAW, LOSS = 1, 0, -1


def move_margin(state: AweleState, move: int, table: awele_endgame.Table) -> tuple[int, int]:
    """The final margin (my store minus the opponent's at the end) of the player to move after
    ``move`` with perfect play by both, as an interval (lowest, highest)."""
    child = state.play(move)
    me = state.to_move
    if child.is_over:
        final = child.final_scores()
        return final[me] - final[1 - me], final[me] - final[1 - me]
    lead = child.stores[me] - child.stores[1 - me]
    lo, hi = table.probe(pack(child.houses), child.to_move)
    # the opponent ends lo..hi seeds ahead from now on, so my final margin lies in lead-hi..lead-lo
    return lead - hi, lead - lo


def move_result(state: AweleState, move: int, table: awele_endgame.Table) -> int | None:
    """WIN, DRAW or LOSS for the player to move after ``move`` with perfect play by both, or None
    when the table's interval leaves it open (the result then depends on the game's history)."""
    child = state.play(move)
    if child.is_over:
        return DRAW if child.winner is None else (WIN if child.winner == state.to_move else LOSS)
    low, high = move_margin(state, move, table)
    if low > 0:
        return WIN
    if high < 0:
        return LOSS
    return DRAW if low == high else None


def winning_moves(state: AweleState, table: awele_endgame.Table) -> tuple[int, ...] | None:
    """Every move that wins against perfect play, or None when the position teaches nothing: some
    move's value is not exact, or every move gives the same result (the choice doesn't matter)."""
    results = {m: move_result(state, m, table) for m in state.legal_moves()}
    if None in results.values() or len(set(results.values())) < 2:
        return None
    return tuple(m for m, r in results.items() if r == WIN)


def solved_positions(params: Mapping[str, Any], count: int,
                     rng: random.Random) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Up to ``count`` distinct positions that the tables solve and where the choice matters, as (moves from the level's start,
    winning moves, seeds on the board); [] when the tables are missing."""
    table = awele_endgame.load_table(params["grand_slam"])
    if table is None:
        return []
    start = AweleState.new(params["seeds"], params["grand_slam"])
    found: dict[Any, tuple[tuple[int, ...], tuple[int, ...], int]] = {}
    for _ in range(count * TRIES_PER_POSITION):
        if len(found) >= count:
            break
        state = start
        moves: list[int] = []
        late: list[tuple[tuple[int, ...], AweleState]] = []
        while not state.is_over:
            if sum(state.houses) <= table.max_seeds:
                late.append((tuple(moves), state))
            move = state.random_move(rng)
            moves.append(move)
            state = state.play(move)
        rng.shuffle(late)
        for path, position in late:
            key = (position.houses, position.stores, position.to_move)
            winning = None if key in found else winning_moves(position, table)
            if winning is not None:
                found[key] = (path, winning, sum(position.houses))
                break
    return list(found.values())
