"""The misère quotient of an octal game (generalising Matches in a row's, 0.777, to any code).

Theory (Plambeck 2005; Plambeck & Siegel 2008). Two positions G, H of a closed set A of positions
are *indistinguishable* when o(G + X) = o(H + X) for every X in A (o: the misère outcome). The
classes form a commutative monoid, the misère quotient Q(A); a position's class is the product of
its heaps' classes, and the P-positions (the player to move loses) are a fixed subset P of Q.
So once the quotient of the heaps 1..N is known, deciding any position made of heaps of at most
N is a handful of table look-ups.

How it is computed here (our own construction; the papers give the theory, not this code). Heaps
are added one size at a time; A_n is every multiset of heaps of size <= n.

* A *state* of a position Y is the pair (q, S): q its class, S the set of the classes of its
  options. States multiply: the options of Y1 + Y2 are Y1' + Y2 and Y1 + Y2', so
  S(Y1 + Y2) = S1·q2 ∪ q1·S2. The reachable states are finitely many (S is a subset of Q); they
  are enumerated cheapest position first (Dijkstra on the number of tokens).
* A candidate outcome function g: Q -> {P, N} is *proved* correct for A_{n-1} by checking, for
  every reachable state, g(q) = "some option, and none of class in g⁻¹(P)" (a position without
  a move, the empty one first, is a win for the mover). By induction on the number of tokens,
  g∘class is then the true outcome on every position. The candidate itself is read off the
  cheapest witness of each class, whose options are all cheaper.
* Adding the heap n: with k copies of it, o(Y + k·n) for Y in A_{n-1} satisfies the same recursion,
  with the extra options Y + (k-1)·n + n' (n' an option of n, in A_{n-1}). Each k gives a
  candidate g_k, proved on the states as above; the g_k repeat after a few copies. Q × {copies}
  with these outcomes decides A_n; its indistinguishability quotient (Moore partition refinement
  on the generators) is Q(A_n). A heap with no move at all is the game 0: the identity.
* When some g_k is not a function of the class (the new heap distinguishes positions that A_{n-1}
  could not), the monoid is *lifted* to the monoid of states (q, S) itself, and the step retried.

Everything is exact: a step either proves its tables or raises :class:`QuotientError` (also when
the quotient outgrows ``max_size``: the bound within which a quotient is said to exist here, or
when an intermediate lifted monoid outgrows ``max_lift``, a bound of memory: the lifted monoid is
usually much larger than the quotient it is reduced to, and is not what ``max_size`` bounds).
"""
from __future__ import annotations

import heapq
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

from nimarcade.games.takeaway.code import OctalCode

#: The largest quotient built (its tables grow with the square of its size).
MAX_SIZE = 400
#: The largest intermediate lifted monoid (a bound of memory and time, not of the quotient).
MAX_LIFT = 640


def options(n: int, code: OctalCode) -> Iterator[tuple[int, int]]:
    """The moves on one heap of n, as the (left, right) sizes left, left <= right."""
    return code.splits(n)


@dataclass
class Quotient:
    """A commutative monoid (element 0 is the identity, the class of the empty position) with its
    P-portion, and the class of each heap size 0..max_heap (phi[0] = 0)."""

    mul: list[list[int]] = field(default_factory=lambda: [[0]])
    P: list[bool] = field(default_factory=lambda: [False])
    phi: list[int] = field(default_factory=lambda: [0])
    code: OctalCode = OctalCode((0, 7, 7, 7))
    #: ``(n0, p)`` when the map heap -> element is *proved* periodic (:func:`find_period`): every
    #: heap n >= n0 is the element of n0 + (n - n0) mod p, and no heap adds an element.
    period: tuple[int, int] | None = None

    @property
    def size(self) -> int:
        return len(self.P)

    @property
    def max_heap(self) -> int:
        return len(self.phi) - 1

    def element(self, n: int) -> int:
        """The element of a heap of n: computed, or read from the proved period (IndexError past
        what is known)."""
        if n < len(self.phi):
            return self.phi[n]
        if self.period is None:
            raise IndexError(n)
        n0, p = self.period
        return self.phi[n0 + (n - n0) % p]

    def classify(self, lengths) -> int:
        """The element of a position: the product of its heaps' elements."""
        x = 0
        mul, phi, top = self.mul, self.phi, len(self.phi)
        for n in lengths:
            x = mul[x][phi[n] if n < top else self.element(n)]
        return x

    def option_classes(self, n: int) -> list[int]:
        mul, el = self.mul, self.element
        return sorted({mul[el(a)][el(b)] for a, b in options(n, self.code)})


class QuotientError(RuntimeError):
    pass


#: The running computation's limits (per thread): a deadline (time.monotonic) and a largest monoid.
_limits = threading.local()


def _tick() -> None:
    """Raise when the running computation is past its deadline."""
    deadline = getattr(_limits, "deadline", None)
    if deadline is not None and time.monotonic() > deadline:
        raise QuotientError("out of time")


# -- sets of classes as bit masks ------------------------------------------------------------------
class _Masks:
    """S·x for a set S of classes (a bit mask) and a class x, by byte-wise look-up tables."""

    def __init__(self, mul: list[list[int]]) -> None:
        m = len(mul)
        self.chunks = (m + 7) // 8
        self.tables: list[list[list[int]]] = []
        for x in range(m):
            _tick()
            per_chunk = []
            for c in range(self.chunks):
                row = [0] * 256
                for byte in range(1, 256):
                    low = byte & -byte
                    bit = low.bit_length() - 1
                    s = 8 * c + bit
                    row[byte] = row[byte ^ low] | ((1 << mul[s][x]) if s < m else 0)
                per_chunk.append(row)
            self.tables.append(per_chunk)

    def times(self, S: int, x: int) -> int:
        out = 0
        c = 0
        tab = self.tables[x]
        while S:
            byte = S & 255
            if byte:
                out |= tab[c][byte]
            S >>= 8
            c += 1
        return out


def _mask(items) -> int:
    out = 0
    for i in items:
        out |= 1 << i
    return out


def _heap_types(Q: Quotient, n: int) -> list[tuple[int, int, int]]:
    """(weight, class, option mask) of each distinct kind of heap shorter than n, cheapest."""
    seen: dict[tuple[int, int], int] = {}
    for h in range(1, n):
        key = (Q.phi[h], _mask(Q.option_classes(h)))
        seen.setdefault(key, h)
    return [(w, x, O) for (x, O), w in seen.items()]


class _StateSpace:
    """Every state (class, option mask) of the positions of A_{n-1}, and the cheapest state of each
    class, in order of cost (a class's options come before it). Grown in place while the monoid
    stays the same and longer heaps are added."""

    def __init__(self, Q: Quotient) -> None:
        self.mul = Q.mul
        self.size = Q.size
        self.masks = _Masks(Q.mul)
        self.types: list[tuple[int, int, int]] = []
        self.q_times_O: list[list[int]] = []
        self.states: set[tuple[int, int]] = {(0, 0)}
        self.order: list[tuple[int, int]] = [(0, 0)]
        self.first = {0}
        self._cost = {(0, 0): 0}

    def matches(self, Q: Quotient) -> bool:
        return Q.mul == self.mul

    def _grow(self, new_types: list[tuple[int, int, int]]) -> None:
        """Adds heap kinds; the states already known are re-expanded by the new kinds only."""
        times = self.masks.times
        first_new = len(self.types)
        for w, x, O in new_types:
            self.types.append((w, x, O))
            self.q_times_O.append([times(O, q) for q in range(self.size)])
        mul = self.mul
        queue = [(c, q, S, first_new) for (q, S), c in self._cost.items()]
        heapq.heapify(queue)
        cost = self._cost
        pops = 0
        while queue:
            pops += 1
            if pops & 1023 == 0:
                _tick()
            d, q, S, from_type = heapq.heappop(queue)
            if cost[(q, S)] < d:
                continue
            if q not in self.first:
                self.first.add(q)
                self.order.append((q, S))
            mq = mul[q]
            for t in range(from_type, len(self.types)):
                w, x, _O = self.types[t]
                nxt = (mq[x], times(S, x) | self.q_times_O[t][q])
                nd = d + w
                old = cost.get(nxt)
                if old is None or old > nd:
                    if old is None:
                        self.states.add(nxt)
                    cost[nxt] = nd
                    heapq.heappush(queue, (nd, nxt[0], nxt[1], 0))

    def extend_to(self, Q: Quotient, n: int) -> None:
        """Makes the space cover A_{n-1} (heaps shorter than n)."""
        known = {(x, O) for _, x, O in self.types}
        new = [t for t in _heap_types(Q, n) if (t[1], t[2]) not in known]
        if new:
            self._grow(new)


def _states(Q: Quotient, n: int,
            cache: list | None = None) -> tuple[set[tuple[int, int]], list[tuple[int, int]]]:
    space = cache[0] if cache else None
    if space is None or not space.matches(Q):
        space = _StateSpace(Q)
        if cache is not None:
            cache[:] = [space]
    space.extend_to(Q, n)
    return space.states, space.order


def _solve(order: list[tuple[int, int]], auto_win: list[bool] | None) -> int:
    """The candidate P-set (a mask) read off the cheapest state of each class, in order: a class
    is P when it has no P option and no extra winning move (``auto_win``: the moves on the copies
    of the new heap); ``auto_win`` None means no copies, where the empty position is a win."""
    p = 0
    for q, S in order:
        if _expected(q, S, p, auto_win):
            p |= 1 << q
    return p


def _expected(q: int, S: int, p: int, auto_win: list[bool] | None) -> bool:
    """Whether a position of state (q, S) is P, given the P-set p of its options' classes."""
    if auto_win is None:
        return S != 0 and not (S & p)  # no option at all: the empty position, a win for the mover
    return not auto_win[q] and not (S & p)


def _proved(states: set[tuple[int, int]], p: int, auto_win: list[bool] | None) -> tuple[int, int] | None:
    """The first state that contradicts the candidate P-set p, or None when p is proved."""
    for q, S in states:
        if bool(p >> q & 1) != _expected(q, S, p, auto_win):
            return (q, S)
    return None


def _lift(Q: Quotient, n: int) -> Quotient:
    """The monoid of the states (q, S) of A_{n-1}, with the outcome of q: finer than Q."""
    masks = _Masks(Q.mul)
    mul = Q.mul
    gens = {h: (Q.phi[h], _mask(Q.option_classes(h))) for h in range(1, n)}

    def prod(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
        return (mul[a[0]][b[0]], masks.times(a[1], b[0]) | masks.times(b[1], a[0]))

    elems = [(0, 0)]
    index = {(0, 0): 0}
    distinct = sorted(set(gens.values()))
    i = 0
    biggest = getattr(_limits, "max_lift", None)
    while i < len(elems):
        if i & 255 == 0:
            _tick()
        if biggest is not None and len(elems) > biggest:
            raise QuotientError(f"the lifted monoid outgrows {biggest} elements at heap {n}")
        x = elems[i]
        i += 1
        for g in distinct:
            y = prod(x, g)
            if y not in index:
                index[y] = len(elems)
                elems.append(y)
    k = len(elems)
    table = [[index[prod(elems[a], elems[b])] for b in range(k)] for a in range(k)]
    return Quotient(table, [Q.P[x[0]] for x in elems], [0] + [index[gens[h]] for h in range(1, n)],
                    Q.code)


def _extend(Q: Quotient, n: int, cache: list | None = None) -> tuple[Quotient, int]:
    """Q(A_n) from a monoid Q deciding A_{n-1}; raises QuotientError if Q is too coarse."""
    states, order = _states(Q, n, cache)
    if len(order) != Q.size:
        raise QuotientError(f"{Q.size - len(order)} classes unreachable")
    m = Q.size
    mul = Q.mul
    outcome = [_mask(q for q in range(m) if Q.P[q])]
    if _proved(states, outcome[0], None) is not None:
        raise QuotientError("the monoid does not decide the smaller heaps")
    O = Q.option_classes(n)
    while True:
        _tick()
        prev = outcome[-1]
        auto = [any(prev >> mul[q][o] & 1 for o in O) for q in range(m)]
        p = _solve(order, auto)
        if _proved(states, p, auto) is not None:
            raise QuotientError(f"{len(outcome)} heap(s) of {n} split a class")
        if p in outcome:
            start = outcome.index(p)
            break
        outcome.append(p)
    copies, period = len(outcome), len(outcome) - start

    def red(a: int) -> int:
        return a if a < copies else start + (a - start) % period

    # The monoid Q × {0..copies-1} (element = copies·m + q), reduced by indistinguishability.
    def times(x: int, y: int) -> int:
        a, q = divmod(x, m)
        b, r = divmod(y, m)
        return red(a + b) * m + mul[q][r]

    heap_n = red(1) * m  # one heap of n (the identity's column when copies never matter)
    gens = sorted({Q.phi[h] for h in range(1, n)} | {heap_n})
    reach = [0]
    seen = {0}
    for x in reach:
        for g in gens:
            y = times(x, g)
            if y not in seen:
                seen.add(y)
                reach.append(y)
    is_p = {x: bool(outcome[x // m] >> (x % m) & 1) for x in reach}
    cls = {x: int(is_p[x]) for x in reach}
    count = len(set(cls.values()))
    while True:
        _tick()
        ids: dict[tuple, int] = {}
        new = {x: ids.setdefault((cls[x],) + tuple(cls[times(x, g)] for g in gens), len(ids))
               for x in reach}
        cls = new
        if len(ids) == count:
            break
        count = len(ids)
    # Canonical numbering: breadth first from the identity, generators by heap length.
    phi_m = [0] + [Q.phi[h] for h in range(1, n)] + [heap_n]
    number = {cls[0]: 0}
    rep = [0]
    for x in rep:
        for h in range(1, n + 1):
            y = times(x, phi_m[h])
            if cls[y] not in number:
                number[cls[y]] = len(rep)
                rep.append(y)
    k = len(rep)
    table = [[number[cls[times(rep[a], rep[b])]] for b in range(k)] for a in range(k)]
    new_q = Quotient(table, [is_p[x] for x in rep], [number[cls[phi_m[h]]] for h in range(n + 1)],
                     Q.code)
    return new_q, len(states)


def compute(max_heap: int, code: OctalCode,
            progress: Callable[[int, Quotient, int, int], None] | None = None,
            max_size: int = MAX_SIZE, start: Quotient | None = None,
            seconds: float | None = None, max_lift: int = MAX_LIFT) -> tuple[Quotient, list[int]]:
    """Q(A_max_heap), and the size of Q(A_n) for n = 1..max_heap (``sizes[n-1]``), going on from
    ``start`` (a quotient of the same code for smaller heaps) if given. ``progress(n, quotient,
    states, lifts)`` is called after each size. QuotientError when the quotient outgrows
    ``max_size`` (an intermediate lifted monoid may be larger, up to ``max_lift``), or when it runs
    past ``seconds``."""
    _limits.deadline = None if seconds is None else time.monotonic() + seconds
    _limits.max_lift = max(max_lift, max_size)
    try:
        return _compute(max_heap, code, progress, max_size, start)
    finally:
        _limits.deadline = None
        _limits.max_lift = None


def _compute(max_heap: int, code: OctalCode, progress: Callable[[int, Quotient, int, int], None] | None,
             max_size: int, start: Quotient | None) -> tuple[Quotient, list[int]]:
    Q = start or Quotient(code=code)
    sizes = []
    cache: list = []
    for n in range(Q.max_heap + 1, max_heap + 1):
        if not any(True for _ in code.splits(n)):
            Q = Quotient(Q.mul, Q.P, Q.phi + [0], code)   # no move: the game 0, the identity
            sizes.append(Q.size)
            continue
        _tick()
        base = Q
        lifts = 0
        while True:
            try:
                Q, nstates = _extend(base, n, cache if base is Q else None)
                break
            except QuotientError:
                lifts += 1
                if lifts > 3:
                    raise
                base = _lift(base, n)
        if Q.size > max_size:
            raise QuotientError(f"the monoid outgrows {max_size} elements at heap {n}")
        sizes.append(Q.size)
        if progress:
            progress(n, Q, nstates, lifts)
    return Q, sizes


def verify(Q: Quotient) -> bool:
    """Proves (Q, P, phi) decides every position of heaps up to Q.max_heap: for every reachable
    state, P holds exactly when no option is in P, and a position without a move is a win for the mover."""
    states, _order = _states(Q, Q.max_heap + 1)  # only the classes these heaps reach matter
    if Q.P[0]:
        return False
    p = _mask(q for q in range(Q.size) if Q.P[q])
    return _proved(states, p, None) is None


# -- the quotient's own periodicity ----------------------------------------------------------------
@dataclass(frozen=True)
class QuotientPeriod:
    """The map heap -> element repeats with period ``period`` from heap ``preperiod`` over the
    heaps computed (``bound``: the largest); ``proved`` when the criterion of :func:`find_period`
    holds, so that it repeats for ever and no larger heap adds an element."""

    preperiod: int
    period: int
    bound: int
    proved: bool


def find_period(Q: Quotient) -> QuotientPeriod | None:
    """The least period of the map heap -> element of Q (heaps 1..N, N = ``Q.max_heap``), with
    its least preperiod, proved or only observed (None: no period seen twice over).

    The criterion (the misère form of the octal periodicity theorem; Plambeck & Siegel 2008 state
    the periodicity of misère quotients, this is our own argument for it). Let k be the largest
    take (the code has finitely many digits), and suppose phi(n) = phi(n - p) for every
    n0 + p <= n <= N, with N + 1 >= 2·n0 + 2·p + k and N + 1 - p >= k + 2 (the normal-play
    theorem's bound, heaps compared up to 2·n0 + 2·p + k - 1). Take n = N + 1. Every option of
    a heap of n is a pair (a, b), a <= b, a + b = n - j >= 2·n0 + 2·p, j <= k, so b >= n0 + p, and
    (a, b - p) is an option of the heap n - p (n - p >= k + 2: the same kinds of move exist) of
    the same element; conversely every option (a', b') of n - p has b' >= n0, and (a', b' + p) is
    an option of n of the same element. Two games whose options have the same set of classes are
    indistinguishable in any closed set holding them (by induction on the positions of its sums:
    H + Z and G + Z have options of equal outcomes), so Q(A_n) = Q(A_N) with phi(n) = phi(n - p);
    by induction on n, for every heap. Nothing here is observed only: each step is the lemma."""
    k = Q.code.max_take
    N = Q.max_heap
    phi = Q.phi
    observed: QuotientPeriod | None = None
    for p in range(1, N // 2 + 1):
        n = N
        while n - p >= 1 and phi[n] == phi[n - p]:
            n -= 1
        n0 = n - p + 1           # phi(m) = phi(m - p) for every n0 + p <= m <= N
        if n0 < 1:
            n0 = 1
        if N - n0 + 1 < 2 * p:   # not seen twice: no period at all
            continue
        proved = k is not None and N + 1 >= 2 * n0 + 2 * p + k and N + 1 - p >= k + 2
        if proved:
            return QuotientPeriod(n0, p, N, True)
        if observed is None:
            observed = QuotientPeriod(n0, p, N, False)
    return observed


def with_period(Q: Quotient, found: QuotientPeriod | None) -> Quotient:
    """Q reading every heap size off its period when ``found`` is proved (else Q as it is)."""
    if found is None or not found.proved:
        return Q
    return Quotient(Q.mul, Q.P, Q.phi, Q.code, (found.preperiod, found.period))


def periodic(code: OctalCode, max_heap: int, seconds: float | None = None, max_size: int = MAX_SIZE,
             start: Quotient | None = None) -> tuple[Quotient, QuotientPeriod | None]:
    """The quotient of the code grown heap range after heap range (doubling) until its period is
    proved (:func:`find_period`) or ``max_heap`` is reached; QuotientError past ``max_size``
    elements or ``seconds``. The quotient returned reads any heap off its period when proved."""
    deadline = None if seconds is None else time.monotonic() + seconds
    Q = start or Quotient(code=code)
    found = find_period(Q) if Q.max_heap else None
    top = max(Q.max_heap, 2 * (code.max_take or 1) + 8)
    while True:
        if Q.max_heap < top:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise QuotientError("out of time")
            Q, _sizes = compute(top, code, start=Q, seconds=left, max_size=max_size)
            found = find_period(Q)
        if (found is not None and found.proved) or code.max_take is None or top >= max_heap:
            return with_period(Q, found), found
        # the criterion needs N + 1 >= 2·n0 + 2·p + k: ask for that, at least doubling the range
        want = 2 * top
        if found is not None:
            want = max(want, 2 * found.preperiod + 2 * found.period + code.max_take + 4)
        top = min(max_heap, want)


#: The bounds of :func:`proved_periodic`: the largest heap grown to, the largest quotient.
PERIOD_HEAP = 400
PERIOD_SIZE = 200
_proved_lock = threading.Lock()
_proved_cache: dict[OctalCode, Quotient | None] = {}
_proved_fails: dict[OctalCode, float] = {}      # code -> the seconds it failed within


def proved_periodic(code: OctalCode, seconds: float, start: Quotient | None = None) -> Quotient | None:
    """The code's quotient reading every heap off its proved period (:func:`periodic` within
    :data:`PERIOD_HEAP` and :data:`PERIOD_SIZE`), kept for the life of the process; None when no
    period is proved within them (tried again only with more time)."""
    with _proved_lock:
        if code in _proved_cache:
            return _proved_cache[code]
        failed = _proved_fails.get(code)
        if failed is not None and failed >= seconds:
            return None
        try:
            q, _found = periodic(code, PERIOD_HEAP, seconds=seconds, max_size=PERIOD_SIZE, start=start)
        except QuotientError:
            _proved_fails[code] = seconds
            return None
        _proved_cache[code] = q if q.period is not None else None
        return _proved_cache[code]
