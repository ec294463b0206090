"""The period of a misère quotient's map heap -> element (:func:`find_period`, proved by its
criterion), the quotient grown until it is proved (:func:`periodic`, :func:`proved_periodic`), and
how far the construction reaches within a budget (:func:`reach`: the partial quotients' sizes heap
by heap, the quotient of the heaps reached, and what stopped it). The construction itself is
:mod:`nimarcade.games.takeaway.quotient.build`."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient.build import compute
from nimarcade.games.takeaway.quotient.monoid import MAX_LIFT, MAX_SIZE, Quotient, QuotientError


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
            Q, _sizes = compute(top, code, start=Q, seconds=left, max_size=max_size,
                                free=False)   # quick to give up (the window asks it): no freed heaps
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


# -- how far the construction reaches within a budget ----------------------------------------------
@dataclass(frozen=True)
class Reach:
    """What :func:`reach` found: ``quotient`` is Q(A_N) for the largest heap N it completed
    (``heap_reached``; with the period read off when ``period`` is proved), ``sizes[n-1]`` the size
    of Q(A_n) for n = 1..N, ``stopped`` what ended it ("time", "size", "lift", "states", "split":
    a new heap that three lifts could not settle; None: the heap asked for was reached, or the
    period proved)."""

    quotient: Quotient
    sizes: tuple[int, ...]
    stopped: str | None
    period: QuotientPeriod | None
    seconds: float

    @property
    def heap_reached(self) -> int:
        return self.quotient.max_heap

    @property
    def finite(self) -> bool | None:
        """True when the period is proved (no larger heap adds an element: the quotient of every
        heap is this one); else None: not known (no construction here proves a quotient infinite)."""
        return True if self.period is not None and self.period.proved else None


class _Proved(Exception):
    pass


def _why(err: QuotientError) -> str:
    text = str(err)
    for words, reason in (("out of time", "time"), ("lifted monoid outgrows", "lift"),
                          ("monoid outgrows", "size"), ("states outgrow", "states")):
        if words in text:
            return reason
    return "split"


def reach(code: OctalCode, max_heap: int, seconds: float, max_size: int = MAX_SIZE,
          max_lift: int = MAX_LIFT) -> Reach:
    """Q(A_n) heap after heap up to ``max_heap``, within ``seconds``, ``max_size`` elements and a
    lifted monoid of ``max_lift`` elements (memory); the period of the heap map is looked for after
    each heap, and the growth stops once it is proved. Never raises for a bound: says which one
    stopped it."""
    began = time.monotonic()
    last = [Quotient(code=code)]
    sizes: list[int] = []
    k = code.max_take
    stopped: str | None = None

    def step(n: int, Q: Quotient, _states: int, _lifts: int) -> None:
        sizes.extend([sizes[-1] if sizes else 1] * (n - 1 - len(sizes)))   # heaps without a move
        sizes.append(Q.size)
        last[0] = Q
        if k is not None and n >= 2 * k + 8:
            found = find_period(Q)
            if found is not None and found.proved:
                raise _Proved

    try:
        last[0], _sizes = compute(max_heap, code, progress=step, max_size=max_size, seconds=seconds,
                                  max_lift=max_lift)
    except _Proved:
        pass
    except QuotientError as err:
        stopped = _why(err)
    Q = last[0]
    sizes.extend([sizes[-1] if sizes else 1] * (Q.max_heap - len(sizes)))
    found = find_period(Q) if Q.max_heap >= 2 else None
    return Reach(with_period(Q, found), tuple(sizes), stopped, found, round(time.monotonic() - began, 3))
