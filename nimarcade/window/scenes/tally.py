"""What each player has taken so far, counted from the game's history (its states and moves), never
from the events of this screen: undo, redo, a resumed game, an opened record, the title's preview
and the review all show the counts of the position on the board."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nimarcade.core.match import Match


def taken(match: Match, amount: Callable[[Any], int], animating: bool = False) -> list[int]:
    """Per rules player, the sum of ``amount(move)`` over the moves of ``match``; while the last
    move is ``animating`` it is left out (what it took is still on its way to the tray)."""
    moves = match.moves[:-1] if animating else match.moves
    counts = [0, 0]
    for before, move in zip(match.states, moves):
        counts[before.to_move] += amount(move)
    return counts
