"""The misère outcome of a position of an octal game by memoised search, within a stated size.

A position is the sorted tuple of its heaps; the player to move wins when some move leaves a
position lost for the other, and, in misère play, when no move is left at all. Results are kept
per code for the life of the process. The search is bounded by the positions it remembers
(``max_positions``) and by time (``seconds`` a question), not by the size of the position: it
stops (:class:`TooBig`) when its table would pass ``max_positions`` or its time is up, and then no
exact answer is claimed. ``max_tokens`` (None by default) may still refuse large positions at once.
It walks the tree with its own stack, so a long game needs no deep Python recursion.
"""
from __future__ import annotations

import time
from typing import Callable, Iterator

from nimarcade.games.takeaway.code import OctalCode

#: The stated bounds of the search: positions remembered per code, seconds a question.
MAX_POSITIONS = 400_000
SECONDS = 2.0
#: No bound on the tokens of a position by default (the positions and the time bound the search).
MAX_TOKENS: int | None = None

Position = tuple[int, ...]


class TooBig(Exception):
    """The position is beyond what the search may decide."""


def canonical(heaps) -> Position:
    return tuple(sorted(h for h in heaps if h > 0))


def children(code: OctalCode, pos: Position, splits: dict[int, list[tuple[int, ...]]] | None = None
             ) -> Iterator[Position]:
    """The positions one move leaves (``splits``: a cache of each heap's non-empty parts)."""
    last = None
    for i, n in enumerate(pos):
        if n == last:
            continue
        last = n
        rest = pos[:i] + pos[i + 1:]
        parts_of = splits.get(n) if splits is not None else None
        if parts_of is None:
            parts_of = [tuple(x for x in (a, b) if x) for a, b in code.splits(n)]
            if splits is not None:
                splits[n] = parts_of
        for parts in parts_of:
            yield tuple(sorted(rest + parts))


class MisereSearch:
    """Mover wins? in misère play, memoised, for one code."""

    def __init__(self, code: OctalCode, max_tokens: int | None = MAX_TOKENS,
                 max_positions: int = MAX_POSITIONS, seconds: float | None = SECONDS,
                 known: Callable[[Position], bool | None] | None = None) -> None:
        """``known(position)``: the outcome of a position when some exact rule gives it at once
        (the tame rule on the tame heaps), else None."""
        self.code = code
        self.known = known
        self.max_tokens = max_tokens
        self.max_positions = max_positions
        self.seconds = seconds
        self.memo: dict[Position, bool] = {(): True}
        self._splits: dict[int, list[tuple[int, ...]]] = {}

    def wins(self, heaps, seconds: float | None = None) -> bool:
        """Whether the player to move wins; TooBig past the bounds (``seconds``: this question's
        time, else the search's)."""
        pos = canonical(heaps)
        if self.max_tokens is not None and sum(pos) > self.max_tokens:
            raise TooBig(pos)
        budget = self.seconds if seconds is None else seconds
        deadline = None if budget is None else time.monotonic() + budget
        return self._wins(pos, deadline)

    def _wins(self, root: Position, deadline: float | None) -> bool:
        memo = self.memo
        hit = memo.get(root)
        if hit is not None:
            return hit
        code = self.code
        splits = self._splits
        # Each frame: [position, its children (lazily), the child being decided, a move seen].
        stack: list[list] = [[root, children(code, root, splits), None, False]]
        steps = 0
        while stack:
            frame = stack[-1]
            pos, kids, pending, _moved = frame
            if pending is not None:
                frame[2] = None
                if not memo[pending]:
                    memo[pos] = True          # a move to a position lost for the other
                    stack.pop()
                    continue
            result = None
            known = self.known
            for child in kids:
                frame[3] = True
                v = memo.get(child)
                if v is None and known is not None:
                    v = known(child)
                    if v is not None:
                        memo[child] = v
                if v is None:
                    steps += 1
                    if steps & 1023 == 0 and deadline is not None and time.monotonic() > deadline:
                        raise TooBig(root)
                    if len(memo) >= self.max_positions:
                        raise TooBig(root)
                    frame[2] = child
                    stack.append([child, children(code, child, splits), None, False])
                    break
                if not v:
                    result = True
                    break
            else:
                result = not frame[3]         # no move left: in misère play the player to move has won
            if result is not None:
                memo[pos] = result
                stack.pop()
        return memo[root]
