"""The exact play of an octal game, and how it was decided.

* Normal play: a heap of n is worth its Grundy value G(n) (:mod:`nimarcade.games.takeaway.grundy`);
  a position is lost for the player to move exactly when the xor of its heaps' values is 0
  (Sprague-Grundy), and a winning move leaves a position of xor 0. Heaps of any size where the
  code's period is proved: their values and winning splits are read from the period
  (:mod:`nimarcade.games.takeaway.periodic`); without a proved period, up to what is computed
  in time, and :class:`nimarcade.games.takeaway.periodic.NoPeriod` beyond. Winning moves are
  listed up to :data:`MOVES_LISTED`; beyond, :class:`TooManyMoves` (their count is known).
* Misère play, in the order of the lab's :mod:`nimarcade.games.octal.misere`: the **tame rule**
  when every heap of the position is proved tame (:meth:`nimarcade.games.takeaway.genus.Genera.tame_through`:
  misère Nim and the codes that never split, at any heap size, through the genus period; other
  codes computed up to :data:`nimarcade.games.takeaway.genus.TAME_HEAP`), played as misère Nim
  on the normal values (:func:`tame_moves`); else the misère quotient of the code
  (Plambeck-Siegel, :mod:`nimarcade.games.takeaway.quotient`), built up to the largest heap of
  the position while it stays within :data:`QUOTIENT_SIZE` elements and
  :data:`QUOTIENT_SECONDS` (heaps of any size where the period of its map heap -> element is
  proved: :func:`periodic_quotient`); else a memoised search (:mod:`nimarcade.games.takeaway.search`)
  bounded by the positions it remembers (400,000) and its time (2 s a question), not by tokens;
  beyond them, :class:`NoExactMove`: no exact move is claimed.

Pure functions of immutable states; tables are kept per code for the life of the process.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Iterator, Sequence
from functools import reduce
from itertools import islice
from operator import xor

from nimarcade.games.octal.rules import Move, OctalState, after
from nimarcade.games.takeaway import genus as genus_mod
from nimarcade.games.takeaway import periodic
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient import Quotient, QuotientError, compute
from nimarcade.games.takeaway.quotient import proved_periodic
from nimarcade.games.takeaway.search import MisereSearch, TooBig, canonical
from nimarcade.i18n import N_, Said

#: Misère: the quotient is built for heaps up to this size at most.
QUOTIENT_HEAP = 120
#: Misère: seconds a quotient may take to be built (the computer's and the hint's workers), and
#: for a small position (at most SMALL tokens, which the search decides at once if need be).
QUOTIENT_SECONDS = 5.0
SMALL_SECONDS = 1.0
SMALL = 30
#: Misère: the largest quotient built (its tables grow with the square of its size).
QUOTIENT_SIZE = 200


#: Normal play: the most winning moves :func:`winning_moves` lists (a heap of 10**12 may have
#: billions; :func:`verdict` counts them all and lists the first ones).
MOVES_LISTED = 1_000_000
#: The winning moves the lab's command shows of a position (it says how many more win).
MOVES_SHOWN = 1000


class NoExactMove(Exception):
    """The position is beyond every exact method's stated bounds."""


class TooManyMoves(Said):
    """More winning moves than :data:`MOVES_LISTED`: :func:`winning_move` gives one, the count is
    :func:`verdict`'s."""


@dataclass(frozen=True)
class Verdict:
    """``method``: "grundy", "tame", "quotient", "search" or "none"; ``wins``: the player to move wins
    (None: unknown); ``moves``: every winning move (None: unknown), or the first ones when a
    ``limit`` was asked; ``count``: how many there are in all (None: those listed)."""

    method: str
    wins: bool | None
    moves: tuple[Move, ...] | None
    count: int | None = None


_lock = threading.Lock()
_quotients: dict[OctalCode, Quotient] = {}
_quotient_fails: dict[OctalCode, tuple[int, float]] = {}   # code -> (heap size, seconds) it failed at
_searches: dict[OctalCode, MisereSearch] = {}


def reader(state: OctalState) -> periodic.Values:
    """Where the values of this position's heaps come from (NoPeriod: nowhere)."""
    return periodic.reader(state.octal, max(state.heaps, default=0))


def values(state: OctalState) -> list[int]:
    """G of each heap."""
    vals = reader(state)
    return [vals.value(h) for h in state.heaps]


def nim_sum(state: OctalState) -> int:
    return reduce(xor, values(state), 0)


def quotient(code: OctalCode, upto: int, seconds: float = QUOTIENT_SECONDS) -> Quotient | None:
    """The misère quotient of the code for heaps up to ``upto`` (None: not within its bounds:
    its largest monoid, ``seconds``, and :data:`QUOTIENT_HEAP`, past which only a proved period
    of the quotient answers: :func:`periodic_quotient`). A failure is remembered for the code,
    and tried again only for smaller heaps or with more time."""
    if upto > QUOTIENT_HEAP:
        return periodic_quotient(code, seconds)
    with _lock:
        known = _quotients.get(code)
        if known is not None and known.period is not None:      # its proved period answers every heap
            return known
        failed = _quotient_fails.get(code)
        if failed is not None and failed[0] <= upto and failed[1] >= seconds:
            return None
        q = _quotients.get(code)
        if q is not None and q.max_heap >= upto:
            return q
        try:
            q, _sizes = compute(upto, code, start=q, seconds=seconds, max_size=QUOTIENT_SIZE,
                                free=False)    # quick to give up: the search comes next
        except QuotientError:
            _quotient_fails[code] = (upto, seconds)
            return None
        _quotients[code] = q
        return q


def partial_quotient(code: OctalCode, upto: int, seconds: float = QUOTIENT_SECONDS) -> Quotient | None:
    """The misère quotient for heaps up to ``upto`` or, when its bounds (:func:`quotient`'s)
    pass first, for the heaps it reached: its ``max_heap`` says how far (the lab's panel shows it
    so, « no period seen up to heap N »). None when not even one heap could be added."""
    with _lock:
        known = _quotients.get(code)
        if known is not None and (known.period is not None or known.max_heap >= upto):
            return known
        last = [known]

        def keep(n: int, q: Quotient, states: int, lifts: int) -> None:
            last[0] = q

        try:
            last[0], _sizes = compute(upto, code, keep, start=known, seconds=seconds, max_size=QUOTIENT_SIZE,
                                      free=False)
        except QuotientError:
            pass
        if last[0] is not None and last[0] is not known:
            _quotients[code] = last[0]
        return last[0]


def periodic_quotient(code: OctalCode, seconds: float = QUOTIENT_SECONDS) -> Quotient | None:
    """The misère quotient of the code when the period of its map heap -> element is proved
    (:func:`nimarcade.games.takeaway.quotient.find_period`): it answers for heaps of any size.
    None when no period is proved within the bounds of
    :func:`nimarcade.games.takeaway.quotient.proved_periodic` and ``seconds``."""
    with _lock:
        start = _quotients.get(code)
    q = proved_periodic(code, seconds, start=start)
    if q is not None:
        with _lock:
            if q.max_heap > getattr(_quotients.get(code), "max_heap", -1):
                _quotients[code] = q
    return q


def misere_quotient(state: OctalState) -> Quotient | None:
    """The quotient that decides this misère position, if the solver uses one for it."""
    top = max(state.heaps, default=0)
    return quotient(state.octal, top, SMALL_SECONDS if state.tokens <= SMALL else QUOTIENT_SECONDS)


def _search(code: OctalCode) -> MisereSearch:
    with _lock:
        s = _searches.get(code)
        if s is None:
            s = _searches[code] = MisereSearch(code)
        return s


def _children(state: OctalState) -> list[tuple[Move, tuple[int, ...]]]:
    out = []
    for m in state.legal_moves():
        i = m[0]
        a, b = after(state.heaps[i], m)
        out.append((m, state.heaps[:i] + (a, b) + state.heaps[i + 1:]))
    return out


def _sides(heaps: Sequence[int], q: Quotient) -> tuple[list[int], list[int]]:
    """The quotient's products of the heaps before each heap and after it (``before[i]``: heaps
    0..i-1, ``after[i]``: heaps i..end), so that a move's position is read in constant time."""
    mul, el = q.mul, q.element
    before = [0]
    for h in heaps:
        before.append(mul[before[-1]][el(h)])
    after = [0] * (len(heaps) + 1)
    for i in range(len(heaps) - 1, -1, -1):
        after[i] = mul[el(heaps[i])][after[i + 1]]
    return before, after


def quotient_moves(state: OctalState, q: Quotient) -> Iterator[Move]:
    """The moves to a position ``q`` calls lost, in ``legal_moves()`` order, each in constant
    time: the product of the other heaps is read from products of the heaps before and after
    the one played (a heap of a million and thousands of heaps beside it: one pass, no copy)."""
    mul, el, P, heaps = q.mul, q.element, q.P, state.heaps
    before, after_ = _sides(heaps, q)
    code = state.octal
    for i, h in enumerate(heaps):          # (lazily: never the list of a huge heap's moves)
        for k, a, b in code.options(h):
            if P[mul[mul[before[i]][after_[i + 1]]][mul[el(a)][el(b)]]]:
                yield (i, k, a)


class OutOfTime(Exception):
    """A misère question ran past its ``--seconds``."""


def watch_clock(deadline: float) -> None:
    """OutOfTime past ``deadline`` (a ``time.monotonic()``)."""
    if time.monotonic() > deadline:
        raise OutOfTime()


def quotient_runs(state: OctalState, q: Quotient, limit: int | None = None,
                  deadline: float | None = None) -> tuple[list[Move], int]:
    """The moves to a position ``q`` calls lost, in ``legal_moves()`` order: the first ``limit``
    (None: all) and how many there are in all, in time and memory that do not grow with the heaps.

    Past the quotient's proved preperiod n0 (``q.period = (n0, p)``) a heap's element depends on
    its size modulo p only. A split of ``rest`` tokens into a + (rest - a), n0 <= a <= rest // 2,
    leaves two heaps past n0, whose elements depend on a mod p alone: the residues j < p whose
    first split a = n0 + j leads to a lost position give every such split as the run
    n0 + j, n0 + j + p, … <= rest // 2, counted by a division and listed only as far as ``limit``
    (as normal play's winning splits are, :class:`nimarcade.games.takeaway.periodic.Periodic`).
    The splits with a part below n0 are looked at one by one (at most n0 a take). OutOfTime past
    ``deadline``."""
    end = float("inf") if deadline is None else deadline
    room = float("inf") if limit is None else limit
    mul, el, P, heaps, code = q.mul, q.element, q.P, state.heaps, state.octal
    before, after_ = _sides(heaps, q)
    n0, p = q.period if q.period is not None else (len(q.phi), 1)
    listed: list[Move] = []
    count = 0
    for i, h in enumerate(heaps):
        row = mul[mul[before[i]][after_[i + 1]]]        # the other heaps' product, times …
        for k in code.takes(h):
            watch_clock(end)
            d = code.digit(k)
            if not d:
                continue
            rest = h - k
            if rest == 0:
                if d & 1 and k > 0 and P[row[0]]:
                    count += 1
                    if len(listed) < room:
                        listed.append((i, k, 0))
                continue
            if d & 2 and k > 0 and P[row[el(rest)]]:
                count += 1
                if len(listed) < room:
                    listed.append((i, k, 0))
            if not d & 4:
                continue
            half = rest // 2
            for a in range(1, min(half, n0 - 1) + 1):   # a part below the preperiod: one by one
                if a & 1023 == 0:
                    watch_clock(end)
                if P[row[mul[el(a)][el(rest - a)]]]:
                    count += 1
                    if len(listed) < room:
                        listed.append((i, k, a))
            if half < n0:
                continue
            good = [j for j in range(p) if n0 + j <= half and P[row[mul[el(n0 + j)][el(rest - n0 - j)]]]]
            count += sum((half - n0 - j) // p + 1 for j in good)
            base = n0
            while good and base <= half and len(listed) < room:
                watch_clock(end)
                for j in good:
                    if base + j > half or len(listed) >= room:
                        break
                    listed.append((i, k, base + j))
                base += p
    return listed, count


def _winning_takes(state: OctalState, vals: periodic.Values,
                   total: int) -> Iterator[tuple[int, int, bool, int | None, int]]:
    """Each take that may reach a xor of 0 (``total``: the position's), in ``legal_moves()``
    order: ``(heap, k, whole, rest, t)``: ``whole`` when taking k and leaving one heap or none
    wins; ``rest`` (else None) the heap left to split so that its parts' xor is ``t``."""
    code = state.octal
    for i, h in enumerate(state.heaps):
        t = total ^ vals.value(h)
        for k in code.takes(h):
            d, rest = code.digit(k), h - k
            if not d:
                continue
            if rest == 0:
                if d & 1 and k > 0 and t == 0:
                    yield i, k, True, None, t
                continue
            yield i, k, bool(d & 2 and k > 0 and vals.value(rest) == t), rest if d & 4 else None, t


def normal_moves(state: OctalState, vals: periodic.Values, total: int) -> Iterator[Move]:
    """Normal play: the moves to a xor of 0 (``total``: the position's), in ``legal_moves()``
    order, lazily: each heap's winning splits come from :meth:`periodic.Values.parts`."""
    for i, k, whole, rest, t in _winning_takes(state, vals, total):
        if whole:
            yield (i, k, 0)
        if rest is not None:
            for a in vals.parts(rest, t):
                yield (i, k, a)


def count_normal_moves(state: OctalState, vals: periodic.Values, total: int) -> int:
    """How many moves :func:`normal_moves` gives, counted without listing them."""
    return sum(whole + (vals.count_parts(rest, t) if rest is not None else 0)
               for _, _, whole, rest, t in _winning_takes(state, vals, total))


def tame_genera(state: OctalState) -> genus_mod.Genera | None:
    """The genera of the code when every heap of this misère position is proved tame (the tame
    rule decides it), else None."""
    genera = genus_mod.genera(state.octal)
    return genera if genera.tame_through(max(state.heaps, default=0)) else None


def tame_moves(state: OctalState, genera: genus_mod.Genera) -> Iterator[Move]:
    """Misère play when every heap of the position is tame (``genera.tame_through`` its largest):
    the moves to a position the tame rule says is lost for the mover, in ``legal_moves()`` order,
    lazily. Nim's heaps are not scanned: of a heap h only the leaves r = x and x⊕1 (x: the xor of
    the other heaps) can be lost positions, so a heap of 10^12 costs two checks."""
    code = state.octal
    gs = [genera.heap(h) for h in state.heaps]
    total = reduce(xor, (g.g for g in gs), 0)
    firm = sum(not g.fickle for g in gs)
    for i, h in enumerate(state.heaps):
        x = total ^ gs[i].g
        others = firm - (not gs[i].fickle)

        def lost(parts: tuple[int, ...]) -> bool:
            y, f = x, others
            for p in parts:
                gp = genera.heap(p)
                y ^= gp.g
                f += not gp.fickle
            return y == (0 if f else 1)

        if genera.nim:
            for r in sorted({x, x ^ 1}, reverse=True):
                if 0 <= r < h and lost((r,) if r else ()):
                    yield (i, h - r, 0)
            continue
        for k, a, b in code.options(h):
            if lost(tuple(p for p in (a, b) if p)):
                yield (i, k, a)


def verdict(state: OctalState, first_only: bool = False, limit: int | None = None) -> Verdict:
    """Who wins and every winning move (the first only, if asked), and by which method. Normal
    play: ``limit`` lists that many moves at most, and counts them all (``count``); without it,
    every move up to :data:`MOVES_LISTED` (more: the first ones and their count)."""
    if state.is_over:
        return Verdict("grundy" if not state.misere else "quotient", state.winner == state.to_move, ())
    if not state.misere:
        vals = reader(state)
        total = reduce(xor, (vals.value(h) for h in state.heaps), 0)
        if not total:
            return Verdict("grundy", False, ())
        found = normal_moves(state, vals, total)
        if first_only:
            first = next(found, None)
            return Verdict("grundy", True, (first,) if first is not None else ())
        listed = tuple(m for m, _ in zip(found, range(limit if limit is not None else MOVES_LISTED + 1)))
        count = len(listed)
        if limit is not None or count > MOVES_LISTED:
            count = count_normal_moves(state, vals, total)
        return Verdict("grundy", True, listed, count if count != len(listed) else None)
    code = state.octal
    genera = tame_genera(state)
    if genera is not None:
        tame = tame_moves(state, genera)
        listed = tuple(islice(tame, 1)) if first_only else tuple(tame)
        return Verdict("tame", not genera.tame_loses(state.heaps), listed)
    q = misere_quotient(state)
    if q is not None:       # a heap of any size: its moves by residue runs, listed up to the limit
        shown, count = quotient_runs(state, q, 1 if first_only else limit if limit is not None else MOVES_LISTED)
        return Verdict("quotient", not q.P[q.classify(state.heaps)], tuple(shown),
                       count if count != len(shown) and not first_only else None)
    search = _search(code)
    try:
        moves = []
        for m, child in _children(state):
            if not search.wins(canonical(child)):
                moves.append(m)
                if first_only:
                    break
    except TooBig:
        return Verdict("none", None, None)
    return Verdict("search", bool(moves), tuple(moves))


def winning_moves(state: OctalState) -> list[Move]:
    """Every winning move, in ``legal_moves()`` order; NoExactMove beyond the stated bounds,
    TooManyMoves past :data:`MOVES_LISTED`."""
    v = verdict(state)
    if v.moves is None:
        raise NoExactMove(state)
    if v.count is not None:
        raise TooManyMoves(N_("err.octal.too_many_moves"), n=v.count, max=MOVES_LISTED)
    return list(v.moves)


def winning_move(state: OctalState) -> Move | None:
    v = verdict(state, first_only=True)
    if v.moves is None:
        raise NoExactMove(state)
    return v.moves[0] if v.moves else None
