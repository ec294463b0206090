"""REFERENCE COPY, frozen: the memoised Matches solver as it was before the misère quotient, kept unchanged so that tests/games/matches/test_quotient.py can check the quotient's
verdicts against it on every row of up to 40 matches. Not used by the game.

Exact misère solution of Matches in a row (seed 004).

A row splits into independent segments of consecutive matches; only the multiset of their lengths
matters. ``wins(segments)`` tells whether the player to move wins with perfect play (whoever takes
the last match loses, so the empty row is a win for the player to move). Results are memoised on
the canonical (sorted) multiset, for the life of the process; the cache is thread-safe in CPython
(plain dict reads and writes of immutable keys).

Move ordering. The search is exhaustive: a position is won when some child is lost, and lost when
every child is won. The order in which children are tried changes the time, never the answer. The
normal-play Grundy values of the game (the sum of its segments as an octal game) predict the
misère outcome very well away from the endgame, so a position first tries the children of
normal-play nim-sum 0 -- read from a table of splits by Grundy value, without generating the other
children -- starting with any child already known to be lost; then, if none of them is lost, every
child in turn. A position of nim-sum 0 has no such child (a Grundy value is the mex of its
options), and goes straight to the exhaustive pass. The hint only orders the search: every verdict
is still proved by the recursion (tests/core/test_exact.py checks it against a brute force).
"""
from __future__ import annotations

import threading
from typing import Iterable, Iterator

Segments = tuple[int, ...]

_memo: dict[tuple[int, Segments], bool] = {}

#: Per max_take: G[n], the normal-play Grundy value of one segment of n matches, and SPLITS[n],
#: Grundy value -> the splits (left, right), left <= right, of n that have it, biggest takes first.
_grundy: dict[int, list[int]] = {}
_splits: dict[int, list[dict[int, list[tuple[int, int]]]]] = {}
_tables_lock = threading.Lock()


def canonical(lengths: Iterable[int]) -> Segments:
    return tuple(sorted(n for n in lengths if n > 0))


def _join(rest: Segments, left: int, right: int) -> Segments:
    """``rest`` (sorted) plus the non-empty parts of a split, sorted. ``left <= right``."""
    if left:
        return tuple(sorted((*rest, left, right)))
    if right:
        return tuple(sorted((*rest, right)))
    return rest


def children(segs: Segments, max_take: int = 3) -> Iterator[Segments]:
    """The canonical positions one move away. Bigger takes come first: they leave smaller,
    cheaper positions, which settle the question sooner on average."""
    last = None
    for idx, n in enumerate(segs):
        if n == last:
            continue
        last = n
        rest = segs[:idx] + segs[idx + 1:]
        for k in range(min(max_take, n), 0, -1):
            for left in range((n - k) // 2 + 1):
                yield _join(rest, left, n - k - left)


def _tables(max_take: int, n: int) -> tuple[list[int], list[dict[int, list[tuple[int, int]]]]]:
    """The Grundy and split tables of ``max_take``, computed up to at least ``n``."""
    g = _grundy.get(max_take)
    if g is None or len(g) <= n:
        with _tables_lock:
            g = _grundy.setdefault(max_take, [0])
            sp = _splits.setdefault(max_take, [{}])
            while len(g) <= n:
                m = len(g)
                by_value: dict[int, list[tuple[int, int]]] = {}
                for k in range(min(max_take, m), 0, -1):
                    for left in range((m - k) // 2 + 1):
                        by_value.setdefault(g[left] ^ g[m - k - left], []).append((left, m - k - left))
                v = 0
                while v in by_value:
                    v += 1
                sp.append(by_value)  # before g: a reader that sees g[m] also sees sp[m]
                g.append(v)
    return g, _splits[max_take]


def grundy(n: int, max_take: int = 3) -> int:
    """The normal-play Grundy value of one segment of ``n`` matches (the search's hint)."""
    return _tables(max_take, n)[0][n]


def wins(segs: Segments, max_take: int = 3) -> bool:
    """True when the player to move wins ``segs`` (misère: taking the last match loses)."""
    if not segs:
        return True
    if segs[-1] == 1:
        # Only single matches: players take one each turn, and the mover wins iff the count is even.
        return len(segs) % 2 == 0
    key = (max_take, segs)
    hit = _memo.get(key)
    if hit is None:
        hit = _memo[key] = _search(segs, max_take)
    return hit


def _search(segs: Segments, max_take: int) -> bool:
    g, splits_of = _tables(max_take, segs[-1])
    nim_sum = 0
    for n in segs:
        nim_sum ^= g[n]
    if nim_sum:
        # The hint: the children of nim-sum 0 in normal play; any already known lost wins at once.
        hinted = []
        last = None
        for idx, n in enumerate(segs):
            if n == last:
                continue
            last = n
            splits = splits_of[n].get(nim_sum ^ g[n])
            if splits:
                rest = segs[:idx] + segs[idx + 1:]
                for left, right in splits:
                    child = _join(rest, left, right)
                    if _memo.get((max_take, child)) is False:
                        return True
                    hinted.append(child)
        for child in hinted:
            if not wins(child, max_take):
                return True
    # The proof: every child, in turn (those already searched are memoised).
    for child in children(segs, max_take):
        if not wins(child, max_take):
            return True
    return False


def cache_size() -> int:
    return len(_memo)


def clear_cache() -> None:
    _memo.clear()
