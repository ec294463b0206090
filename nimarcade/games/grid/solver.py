"""The exact strategy of Pawns into the sink (seed 003, sections 3-4): the nim-sum of the pawns'
nimbers, and a move to a neighbour that makes it zero.

Pure function of an immutable state, in the state's ``legal_moves()`` order; an empty list means
the position is lost against perfect play.
"""
from __future__ import annotations

from functools import reduce
from operator import xor

from nimarcade.games.grid.rules import GridState, nimber


def nim_sum(state: GridState) -> int:
    return reduce(xor, (nimber(r, c, state.rows, state.cols) for r, c in state.pawns), 0)


def winning_moves(state: GridState) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Move a pawn from nimber n to a neighbour of nimber n xor p, where p is the nim-sum."""
    p = nim_sum(state)
    if p == 0:
        return []
    moves = []
    for cell in state.pawn_cells():
        want = nimber(cell[0], cell[1], state.rows, state.cols) ^ p
        for dest in state.destinations(cell):
            if nimber(dest[0], dest[1], state.rows, state.cols) == want:
                moves.append((cell, dest))
    return moves
