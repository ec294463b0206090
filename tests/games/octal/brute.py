"""An independent brute force for octal games, straight from the definition of the code (no code
of the game is used): a digit string, a heap, every way to take k tokens and leave 0, 1 or 2
non-empty heaps, every position a sorted tuple of heaps."""
from __future__ import annotations

from functools import lru_cache


def digits_of(code: str) -> list[int]:
    """"0.137" -> [0, 1, 3, 7]; "{1,3,4}" -> a 3 at each take."""
    if code.startswith("{"):
        takes = [int(x) for x in code.strip("{}").split(",")]
        out = [0] * (max(takes) + 1)
        for k in takes:
            out[k] = 3
        return out
    head, _, tail = code.partition(".")
    return [int(head or 0)] + [int(c) for c in tail]


def results(digits: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    """Every multiset of heaps a move can leave of one heap of n."""
    out = set()
    for k in range(len(digits)):
        if k > n:
            break
        d = digits[k]
        rest = n - k
        if k > 0 and rest == 0 and d & 1:
            out.add(())
        if k > 0 and rest > 0 and d & 2:
            out.add((rest,))
        if d & 4:
            for a in range(1, rest):
                out.add(tuple(sorted((a, rest - a))))
    return out


def make(code: str):
    digits = tuple(digits_of(code))

    @lru_cache(maxsize=None)
    def children(pos: tuple[int, ...]) -> frozenset:
        found = set()
        for i, n in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for parts in results(digits, n):
                found.add(tuple(sorted(rest + parts)))
        return frozenset(found)

    @lru_cache(maxsize=None)
    def wins(pos: tuple[int, ...], misere: bool) -> bool:
        kids = children(pos)
        if not kids:
            return misere                 # no move: normal play loses, misère wins
        return any(not wins(c, misere) for c in kids)

    @lru_cache(maxsize=None)
    def grundy(n: int) -> int:
        seen = set()
        for parts in results(digits, n):
            v = 0
            for p in parts:
                v ^= grundy(p)
            seen.add(v)
        m = 0
        while m in seen:
            m += 1
        return m

    return wins, grundy, children


def grundy_values(code: str, count: int) -> list[int]:
    """G(0..count-1) by the definition, iteratively (no recursion limit)."""
    digits = tuple(digits_of(code))
    G: list[int] = []
    for n in range(count):
        seen = set()
        for parts in results(digits, n):
            v = 0
            for p in parts:
                v ^= G[p]
            seen.add(v)
        m = 0
        while m in seen:
            m += 1
        G.append(m)
    return G


def multisets(total: int, largest: int | None = None) -> list[tuple[int, ...]]:
    """Every sorted tuple of positive heaps with sum <= total."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: tuple[int, ...], left: int, cap: int) -> None:
        out.append(tuple(sorted(prefix)))
        for n in range(min(cap, left), 0, -1):
            rec(prefix + (n,), left - n, n)

    rec((), total, largest or total)
    return sorted(set(out), key=lambda s: (sum(s), s))
