"""The exact strategy of Sticks and Fort Boyard (seeds 000 and 001): groups of max_take + 1.

Pure function of an immutable state, in the state's ``legal_moves()`` order; an empty list means
the position is lost against perfect play.
"""
from __future__ import annotations

from nimarcade.games.sticks.rules import SticksState


def winning_moves(state: SticksState) -> list[int]:
    """Leave a multiple of (max_take + 1) sticks (last wins) or one more than that (last loses)."""
    if state.is_over:
        return []
    period = state.max_take + 1
    target = state.sticks % period if not state.last_loses else (state.sticks - 1) % period
    return [target] if 1 <= target <= state.max_take else []
