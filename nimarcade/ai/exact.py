"""Exact winning moves for the four Nim-family games. Pure functions of immutable states.

Each ``*_winning_moves(state)`` lists every move that leaves the opponent lost against perfect
play, in the state's ``legal_moves()`` order; an empty list means the position is lost.
"""
from __future__ import annotations

from functools import reduce
from operator import xor

from nimarcade.rules.grid import GridState, nimber
from nimarcade.rules.heaps import HeapsState
from nimarcade.rules.matches import RowState, segments
from nimarcade.rules.sticks import SticksState

from . import matches_solver


# -- sticks ----------------------------------------------------------------------------------
def sticks_winning_moves(state: SticksState) -> list[int]:
    """Leave a multiple of (max_take + 1) sticks (last wins) or one more than that (last loses)."""
    if state.is_over:
        return []
    period = state.max_take + 1
    target = state.sticks % period if not state.last_loses else (state.sticks - 1) % period
    return [target] if 1 <= target <= state.max_take else []


# -- heaps -----------------------------------------------------------------------------------
def nim_sum(heaps) -> int:
    return reduce(xor, heaps, 0)


def heaps_winning_moves(state: HeapsState) -> list[tuple[int, int]]:
    """Bouton's nim-sum rule; in misère play, aim for an odd number of 1-heaps at the end."""
    heaps = state.heaps
    if state.is_over:
        return []
    big = [i for i, h in enumerate(heaps) if h > 1]
    if state.misere and len(big) <= 1:
        ones = sum(1 for h in heaps if h == 1)
        if not big:
            # Only 1-heaps: leave an odd number of them.
            return [(i, 1) for i, h in enumerate(heaps) if h == 1] if ones % 2 == 0 else []
        # One big heap: shrink it to 0 or 1 so that an odd number of 1-heaps remains.
        i = big[0]
        keep = 1 if ones % 2 == 0 else 0
        return [(i, heaps[i] - keep)]
    x = nim_sum(heaps)
    if x == 0:
        return []
    return [(i, h - (h ^ x)) for i, h in enumerate(heaps) if (h ^ x) < h]


# -- grid ------------------------------------------------------------------------------------
def grid_nim_sum(state: GridState) -> int:
    return reduce(xor, (nimber(r, c, state.rows, state.cols) for r, c in state.pawns), 0)


def grid_winning_moves(state: GridState) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Move a pawn from nimber n to a neighbour of nimber n xor p, where p is the nim-sum."""
    p = grid_nim_sum(state)
    if p == 0:
        return []
    moves = []
    for cell in state.pawn_cells():
        want = nimber(cell[0], cell[1], state.rows, state.cols) ^ p
        for dest in state.destinations(cell):
            if nimber(dest[0], dest[1], state.rows, state.cols) == want:
                moves.append((cell, dest))
    return moves


# -- matches ---------------------------------------------------------------------------------
def matches_winning_moves(state: RowState, first_only: bool = False) -> list[tuple[int, int]]:
    """Every move after which the opponent loses, found with the segment solver."""
    if state.is_over:
        return []
    runs = segments(state.cells)
    lengths = [n for _, n in runs]
    verdict: dict[tuple[int, ...], bool] = {}  # child position -> the opponent loses there
    found = []
    for idx, (start, n) in enumerate(runs):
        rest = lengths[:idx] + lengths[idx + 1:]
        for offset in range(n):
            for k in range(1, min(state.max_take, n - offset) + 1):
                child = matches_solver.canonical(rest + [offset, n - offset - k])
                if child not in verdict:
                    verdict[child] = not matches_solver.wins(child, state.max_take)
                if verdict[child]:
                    found.append((start + offset, k))
                    if first_only:
                        return found
    return found
