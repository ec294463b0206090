"""Exact misère solution of Matches in a row (seed 004).

A row splits into independent segments of consecutive matches; only the multiset of their lengths
matters. ``wins(segments)`` tells whether the player to move wins with perfect play (whoever takes
the last match loses, so the empty row is a win for the player to move). Results are memoised on
the canonical (sorted) multiset, for the life of the process; the cache is thread-safe in CPython
(plain dict reads and writes of immutable keys).
"""
from __future__ import annotations

from bisect import insort
from typing import Iterable, Iterator

Segments = tuple[int, ...]

_memo: dict[tuple[int, Segments], bool] = {}


def canonical(lengths: Iterable[int]) -> Segments:
    return tuple(sorted(n for n in lengths if n > 0))


def _split(rest: list[int], left: int, right: int) -> Segments:
    out = list(rest)
    if left:
        insort(out, left)
    if right:
        insort(out, right)
    return tuple(out)


def children(segs: Segments, max_take: int = 3) -> Iterator[Segments]:
    """The canonical positions one move away. Bigger takes come first: they leave smaller,
    cheaper positions, which settle the question sooner on average."""
    last = None
    for idx, n in enumerate(segs):
        if n == last:
            continue
        last = n
        rest = list(segs[:idx] + segs[idx + 1:])
        for k in range(min(max_take, n), 0, -1):
            for left in range((n - k) // 2 + 1):
                yield _split(rest, left, n - k - left)


def wins(segs: Segments, max_take: int = 3) -> bool:
    """True when the player to move wins ``segs`` (misère: taking the last match loses)."""
    if not segs:
        return True
    if segs[-1] == 1:
        # Only single matches: players take one each turn, and the mover wins iff the count is even.
        return len(segs) % 2 == 0
    key = (max_take, segs)
    hit = _memo.get(key)
    if hit is not None:
        return hit
    result = False
    for child in children(segs, max_take):
        if not wins(child, max_take):
            result = True
            break
    _memo[key] = result
    return result


def cache_size() -> int:
    return len(_memo)


def clear_cache() -> None:
    _memo.clear()
