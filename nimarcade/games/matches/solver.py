"""Exact misère solution of Matches in a row (seed 004).

Two methods, both exact:

* The misère quotient (``nimarcade.games.matches.misere_quotient``; Plambeck 2005, Plambeck & Siegel 2008).
  Each segment length maps to an element of a small commutative monoid, a position to the product
  of its segments' elements, and the position is lost for the player to move exactly when that
  product lies in a fixed subset P. The tables are computed and proved by
  ``nimarcade/games/matches/tools/build_quotient.py`` and shipped in ``assets/matches/quotient-t<max_take>.json``;
  a position is then decided by one table look-up per segment. Used whenever a table exists for
  the take limit and every segment is within its lengths (shipped: take limits 1 to 5, segments
  up to 120 matches, the longest row the rules accept).
* The memoised search below, for any other position (a take limit without a table, or a segment
  longer than the table). Its recursion uses the quotient for every sub-position the table covers.

The search. A row splits into independent segments of consecutive matches; only the multiset of
their lengths matters. ``wins(segments)`` tells whether the player to move wins with perfect play (whoever takes
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

import json
import threading
from typing import Iterable, Iterator

from nimarcade.core.resources import data_dir
from nimarcade.games.matches.rules import RowState, segments

from nimarcade.games.matches.misere_quotient import Quotient

Segments = tuple[int, ...]

_memo: dict[tuple[int, Segments], bool] = {}

#: The shipped tables: the repository's assets/, or the installed package's copy of it.
QUOTIENT_DIR = data_dir("assets") / "matches"
_quotients: dict[int, Quotient | None] = {}

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


# -- the quotient tables -------------------------------------------------------------------------
def quotient_to_json(q: Quotient, sizes: list[int]) -> str:
    """The shipped file: deterministic, one row of the table per line."""
    head = {
        "game": f"0.{'7' * q.max_take} misère (Matches in a row, take 1 to {q.max_take})",
        "max_take": q.max_take,
        "max_heap": q.max_heap,
        "size": q.size,
        "P": [x for x in range(q.size) if q.P[x]],
        "phi": q.phi,
        "sizes": sizes,
    }
    lines = [json.dumps(head, separators=(",", ":"))[:-1] + ',"mul":[']
    rows = [json.dumps(row, separators=(",", ":")) for row in q.mul]
    lines += [row + ("," if i < q.size - 1 else "") for i, row in enumerate(rows)]
    return "\n".join(lines) + "\n]}\n"


def quotient_from_json(text: str) -> Quotient:
    data = json.loads(text)
    size = data["size"]
    mul = data["mul"]
    if len(mul) != size or any(len(row) != size for row in mul):
        raise ValueError("malformed multiplication table")
    p = [False] * size
    for x in data["P"]:
        p[x] = True
    return Quotient(mul, p, data["phi"], data["max_take"])


def quotient(max_take: int = 3) -> Quotient | None:
    """The shipped quotient of this take limit, or None (then the search decides)."""
    if max_take not in _quotients:
        path = QUOTIENT_DIR / f"quotient-t{max_take}.json"
        try:
            q = quotient_from_json(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError):
            q = None
        _quotients[max_take] = q  # a race loads the same file twice: harmless
    return _quotients[max_take]


def quotient_covers(segs: Iterable[int], max_take: int = 3) -> bool:
    q = quotient(max_take)
    return q is not None and max(segs, default=0) <= q.max_heap


def segment_class(n: int, max_take: int = 3) -> int | None:
    """The shortest segment length with the same quotient element as a segment of ``n``: the two
    are interchangeable in every position the table covers. None when no table covers ``n``."""
    q = quotient(max_take)
    if q is None or not 0 <= n <= q.max_heap:
        return None
    return q.phi.index(q.phi[n])


# -- the verdict ------------------------------------------------------------------------------------
def wins(segs: Segments, max_take: int = 3) -> bool:
    """True when the player to move wins ``segs`` (misère: taking the last match loses)."""
    if not segs:
        return True
    if segs[-1] == 1:
        # Only single matches: players take one each turn, and the mover wins iff the count is even.
        return len(segs) % 2 == 0
    q = _quotients.get(max_take) if max_take in _quotients else quotient(max_take)
    if q is not None and segs[-1] <= q.max_heap:
        return not q.P[q.classify(segs)]
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


def winning_moves(state: RowState, first_only: bool = False) -> list[tuple[int, int]]:
    """Every move after which the opponent loses (the exact strategy of the game), in the state's
    ``legal_moves()`` order; ``first_only``: stop at the first one (the computer's move)."""
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
                child = canonical(rest + [offset, n - offset - k])
                if child not in verdict:
                    verdict[child] = not wins(child, state.max_take)
                if verdict[child]:
                    found.append((start + offset, k))
                    if first_only:
                        return found
    return found


def winning_move(state: RowState) -> tuple[int, int] | None:
    """One winning move (the first in ``legal_moves()`` order), or None when the row is lost."""
    found = winning_moves(state, first_only=True)
    return found[0] if found else None


def cache_size() -> int:
    return len(_memo)


def clear_cache() -> None:
    """Forgets the search's positions and the loaded tables (the next call starts cold)."""
    _memo.clear()
    _quotients.clear()
