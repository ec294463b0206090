"""The states of a misère quotient's positions (:mod:`nimarcade.games.takeaway.quotient` tells the
method): a monoid the construction works in (:class:`Monoid`, a table as numpy's array whose rows
are read as lists only for generators and options), every state (class, option classes) of the
positions of A_{n-1} enumerated cheapest first (:class:`StateSpace`, each with its cheapest
position: :meth:`StateSpace.witness`), and the candidate P-portion read off the cheapest states
and proved on all of them (:func:`solve`, :func:`proved`)."""
from __future__ import annotations

import heapq
from typing import Any

from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient.monoid import MAX_STATES, Quotient, QuotientError, mask, options, tick

#: Up to this many elements, a set times an element is read byte by byte from tables (m²/8 · 256 entries).
BYTE_TABLES = 160


class Monoid:
    """The monoid a step works in: a quotient, or a lifted monoid of states (never made a
    :class:`Quotient`: its table may be large). ``row(x)`` lists x times every element."""

    def __init__(self, tab: Any, P: list[bool], phi: list[int], code: OctalCode,
                 rows: list[list[int]] | None = None) -> None:
        self.tab, self.P, self.phi, self.code = tab, P, phi, code
        self.size = len(P)
        self._lists = rows
        self._rows: dict[int, list[int]] = {}
        self.bit = [1 << j for j in range(self.size)]
        self._idx: dict[int, tuple[int, ...]] = {}
        self._bytes: dict[int, list[list[int]]] = {}

    @classmethod
    def of(cls, Q: Quotient) -> Monoid:
        return cls(Q.table(), Q.P, Q.phi, Q.code, Q.mul)

    def row(self, x: int) -> list[int]:
        if self._lists is not None:
            return self._lists[x]
        r = self._rows.get(x)
        if r is None:
            r = self._rows[x] = self.tab[x].tolist()
        return r

    def options_of(self, h: int) -> list[int]:
        phi, row = self.phi, self.row
        return sorted({row(phi[a])[phi[b]] for a, b in options(h, self.code)})

    def bits(self, S: int) -> tuple[int, ...]:
        r = self._idx.get(S)
        if r is None:
            out = []
            s = S
            while s:
                low = s & -s
                out.append(low.bit_length() - 1)
                s ^= low
            r = tuple(out)
            if len(self._idx) < 1 << 18:
                self._idx[S] = r
        return r

    def times(self, S: int, x: int) -> int:
        """S·x, x one of few elements (a generator): x's row read, or byte by byte from x's table
        in a small monoid (:data:`BYTE_TABLES`)."""
        tab = self._bytes.get(x) if self.size <= BYTE_TABLES else None
        if tab is None and self.size <= BYTE_TABLES:
            tab = self._bytes[x] = self._byte_table(x)
        if tab is not None:
            out = c = 0
            while S:
                byte = S & 255
                if byte:
                    out |= tab[c][byte]
                S >>= 8
                c += 1
            return out
        row, bit = self.row(x), self.bit
        out = 0
        for i in self.bits(S):
            out |= bit[row[i]]
        return out

    def _byte_table(self, x: int) -> list[list[int]]:
        row, bit, m = self.row(x), self.bit, self.size
        out = []
        for c in range((m + 7) // 8):
            tab = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                s = 8 * c + low.bit_length() - 1
                tab[byte] = tab[byte ^ low] | (bit[row[s]] if s < m else 0)
            out.append(tab)
        return out

    def times_by(self, S: int, q: int) -> int:
        """S·q, S one of few sets (a heap's options): the rows of S's elements read."""
        row, bit = self.row, self.bit
        out = 0
        for i in self.bits(S):
            out |= bit[row(i)[q]]
        return out


def heap_types(M: Monoid, n: int) -> list[tuple[int, int, int]]:
    """(weight, class, option mask) of each distinct kind of heap shorter than n, cheapest."""
    seen: dict[tuple[int, int], int] = {}
    for h in range(1, n):
        seen.setdefault((M.phi[h], mask(M.options_of(h))), h)
    return [(w, x, O) for (x, O), w in seen.items()]


class StateSpace:
    """Every state (class, option mask) of the positions of A_{n-1}, and the cheapest state of each
    class, in order of cost (a class's options come before it). Grown in place while the monoid
    stays the same and longer heaps are added."""

    def __init__(self, M: Monoid, track: bool = False) -> None:
        self.M = M
        #: with ``track``: state -> (the state it was reached from, the type added), cheapest
        self.via: dict[tuple[int, int], tuple[tuple[int, int], int]] | None = {} if track else None
        self.types: list[tuple[int, int, int]] = []
        self.cols: list[list[int]] = []               # per type: every class times its class
        self.q_times_O: list[dict[int, int]] = []     # per type: q -> its options times q
        self.order: list[tuple[int, int]] = [(0, 0)]
        self.first = {0}
        self.cost: dict[tuple[int, int], int] = {(0, 0): 0}

    def matches(self, M: Monoid) -> bool:
        import numpy as np

        return M.size == self.M.size and bool(np.array_equal(M.tab, self.M.tab))

    def _grow(self, new_types: list[tuple[int, int, int]], until: int | None = None) -> None:
        """Adds heap kinds; the states already known are re-expanded by the new kinds only. With
        ``until``: stops once that many classes have their cheapest state (the rest not enumerated)."""
        M = self.M
        times, times_by = M.times, M.times_by
        first_new = len(self.types)
        for w, x, O in new_types:
            self.types.append((w, x, O))
            self.cols.append(M.row(x))
            self.q_times_O.append({})
        cost, via = self.cost, self.via
        queue = [(c, q, S, first_new) for (q, S), c in cost.items()]
        heapq.heapify(queue)
        pops = 0
        while queue:
            pops += 1
            if pops & 1023 == 0:
                tick()
                if len(cost) > MAX_STATES:
                    raise QuotientError(f"the states outgrow {MAX_STATES}")
            d, q, S, from_type = heapq.heappop(queue)
            if cost[(q, S)] < d:
                continue
            if q not in self.first:
                self.first.add(q)
                self.order.append((q, S))
                if until is not None and len(self.first) >= until:
                    return
            for t in range(from_type, len(self.types)):
                w, x, O = self.types[t]
                qo = self.q_times_O[t]
                oq = qo.get(q)
                if oq is None:
                    oq = qo[q] = times_by(O, q)
                nxt = (self.cols[t][q], (times(S, x) if S else 0) | oq)
                nd = d + w
                old = cost.get(nxt)
                if old is None or old > nd:
                    cost[nxt] = nd
                    if via is not None:
                        via[nxt] = ((q, S), t)
                    heapq.heappush(queue, (nd, nxt[0], nxt[1], 0))

    def witness(self, state: tuple[int, int]) -> list[int]:
        """The heaps of the cheapest position of a state (with ``track``)."""
        assert self.via is not None
        heaps = []
        while state != (0, 0):
            state, t = self.via[state]
            heaps.append(self.types[t][0])
        return heaps

    def extend_to(self, n: int, until: int | None = None) -> None:
        """Makes the space cover A_{n-1} (heaps shorter than n); with ``until``, only until that
        many classes have their cheapest state (then the space is not grown again)."""
        known = {(x, O) for _, x, O in self.types}
        new = [t for t in heap_types(self.M, n) if (t[1], t[2]) not in known]
        if new:
            self._grow(new, until)


def state_space(M: Monoid, n: int, cache: list[StateSpace] | None = None) -> StateSpace:
    space = cache[0] if cache else None
    if space is None or not space.matches(M):
        space = StateSpace(M)
        if cache is not None:
            cache[:] = [space]
    else:
        space.M = M
    space.extend_to(n)
    return space


def solve(order: list[tuple[int, int]], auto_win: list[bool] | None) -> int:
    """The candidate P-set (a mask) read off the cheapest state of each class, in order: a class
    is P when it has no P option and no extra winning move (``auto_win``: the moves on the copies
    of the new heap); ``auto_win`` None means no copies, where the empty position is a win."""
    p = 0
    for q, S in order:
        if expected(q, S, p, auto_win):
            p |= 1 << q
    return p


def expected(q: int, S: int, p: int, auto_win: list[bool] | None) -> bool:
    """Whether a position of state (q, S) is P, given the P-set p of its options' classes."""
    if auto_win is None:
        return S != 0 and not (S & p)  # no option at all: the empty position, a win for the mover
    return not auto_win[q] and not (S & p)


def proved(states: dict[tuple[int, int], int], p: int, auto_win: list[bool] | None) -> tuple[int, int] | None:
    """The first state that contradicts the candidate P-set p, or None when p is proved."""
    for i, (q, S) in enumerate(states):
        if i & 4095 == 0:
            tick()
        if bool(p >> q & 1) != expected(q, S, p, auto_win):
            return (q, S)
    return None
