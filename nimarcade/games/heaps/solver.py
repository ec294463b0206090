"""The exact strategy of Nim on heaps (seed 001, part 2): Bouton's nim-sum, and its misère twist.

Pure function of an immutable state, in the state's ``legal_moves()`` order; an empty list means
the position is lost against perfect play.
"""
from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Iterable

from nimarcade.games.heaps.rules import HeapsState


def nim_sum(heaps: Iterable[int]) -> int:
    return reduce(xor, heaps, 0)


def winning_moves(state: HeapsState) -> list[tuple[int, int]]:
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
