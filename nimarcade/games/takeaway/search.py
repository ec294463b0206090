"""The misère outcome of a position of an octal game by memoised search, within a stated size.

A position is the sorted tuple of its heaps; the player to move wins when some move leaves a
position lost for the other, and, in misère play, when no move is left at all. Results are kept
per code for the life of the process. The search refuses (:class:`TooBig`) a position of more
than ``max_tokens`` tokens, and stops (:class:`TooBig`) when its table would pass
``max_positions``: beyond, no exact answer is claimed.
"""
from __future__ import annotations

import sys
from typing import Iterator

from nimarcade.games.takeaway.code import OctalCode

#: The stated bounds of the search: tokens in a position, positions remembered per code.
MAX_TOKENS = 40
MAX_POSITIONS = 400_000

Position = tuple[int, ...]


class TooBig(Exception):
    """The position is beyond what the search may decide."""


def canonical(heaps) -> Position:
    return tuple(sorted(h for h in heaps if h > 0))


def children(code: OctalCode, pos: Position) -> Iterator[Position]:
    last = None
    for i, n in enumerate(pos):
        if n == last:
            continue
        last = n
        rest = pos[:i] + pos[i + 1:]
        for a, b in code.splits(n):
            yield canonical(rest + (a, b))


class MisereSearch:
    """Mover wins? in misère play, memoised, for one code."""

    def __init__(self, code: OctalCode, max_tokens: int = MAX_TOKENS,
                 max_positions: int = MAX_POSITIONS) -> None:
        self.code = code
        self.max_tokens = max_tokens
        self.max_positions = max_positions
        self.memo: dict[Position, bool] = {(): True}

    def wins(self, heaps) -> bool:
        pos = canonical(heaps)
        if sum(pos) > self.max_tokens:
            raise TooBig(pos)
        limit = sys.getrecursionlimit()
        if limit < 4 * self.max_tokens + 200:
            sys.setrecursionlimit(4 * self.max_tokens + 200)
        return self._wins(pos)

    def _wins(self, pos: Position) -> bool:
        hit = self.memo.get(pos)
        if hit is not None:
            return hit
        if len(self.memo) >= self.max_positions:
            raise TooBig(pos)
        moved = False
        result = False
        for child in children(self.code, pos):
            moved = True
            if not self._wins(child):
                result = True
                break
        if not moved:
            result = True            # no move left: in misère play the player to move has won
        self.memo[pos] = result
        return result
