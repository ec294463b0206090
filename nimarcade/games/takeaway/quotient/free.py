"""Q(A_n) when the new heap n splits classes of Q(A_{n-1}) that a lift does not settle: candidates
with *freed* heaps, proved or refined by their least failure.

A candidate frees some heaps (n always): a freed heap h is counted, copies 0..i_h exactly and then
with period 2 (a cyclic monoid of index i_h), instead of being read through Q = Q(A_{n-1}); every
other heap keeps its element of Q. The candidate monoid is the part of Q × the cyclic monoids that
the heaps generate. Its P-portion is read off the cheapest state of each element and proved on
every state of the heaps up to n (:mod:`nimarcade.games.takeaway.quotient.states`): when proved,
the candidate decides A_n and its reduction is Q(A_n), exactly. When a state contradicts it, the
heaps of that state's cheapest position, and of the cheapest position of its element, are freed
(or counted further) and the next candidate tried; the candidates grow until one is proved or the
bound of elements (the construction's ``max_lift``) or of time stops them (QuotientError).

This is the idea of Siegel's MisereSolver (its "recalibration": heaps involved in the least failure
become cyclic components of a direct sum), as read in its source (CGSuite, ``MisereSolver.java``);
the code here is our own and simpler (all the heaps of the failure freed at once)."""
from __future__ import annotations

import heapq
from collections import Counter
from itertools import combinations
from typing import Any

from nimarcade.games.takeaway.quotient.monoid import Quotient, QuotientError, explore, limits, mask, reduce, tick
from nimarcade.games.takeaway.quotient.states import Monoid, StateSpace, expected


#: The most candidates tried for one heap (each refines the last one's least failure).
MAX_TRIES = 300


def _candidate(Q: Quotient, n: int, freed: dict[int, int]) -> Monoid:
    """The monoid the heaps 1..n generate in Q × the cyclic monoids of the freed heaps."""
    heaps = sorted(freed)
    where = {h: i for i, h in enumerate(heaps)}
    zero = (0,) * len(heaps)

    def gen(h: int) -> tuple[int, tuple[int, ...]]:
        if h in where:
            c = list(zero)
            c[where[h]] = 1
            return (0, tuple(c))
        return (Q.phi[h], zero)

    def red(i: int, c: int) -> int:
        top = freed[heaps[i]]
        return c if c <= top + 1 else top + (c - top) % 2

    phi_g = [gen(h) for h in range(n + 1)]
    distinct = sorted(set(phi_g[1:]))
    mul = Q.mul

    def step(x: tuple[int, tuple[int, ...]], g: int) -> tuple[int, tuple[int, ...]]:
        (q, c), (gq, gc) = x, distinct[g]
        return (mul[q][gq], tuple(red(k, a + b) for k, (a, b) in enumerate(zip(c, gc))))

    elems, index, tab = explore((0, zero), list(range(len(distinct))), step, bound=getattr(limits, "max_lift", None),
                                message=f"the lifted monoid outgrows {{}} elements at heap {n}")
    return Monoid(tab, [False] * len(elems), [index[x] for x in phi_g], Q.code)


def _mark(M: Monoid, n: int) -> Any:
    """The candidate P-portion: each element's outcome read off its cheapest position (a shortest
    path from the identity, a heap a step, its options' classes carried along), in order of cost,
    so that the classes of its options are marked before it."""
    import numpy as np

    heaps = [(h, M.phi[h], mask(M.options_of(h))) for h in range(1, n + 1) if M.options_of(h)]
    cost = {0: 0}
    opts = {0: 0}
    done: set[int] = set()
    p = 0
    queue = [(0, 0)]
    pops = 0
    while queue:
        pops += 1
        if pops & 255 == 0:
            tick()
        d, x = heapq.heappop(queue)
        if x in done or cost[x] < d:
            continue
        done.add(x)
        S = opts[x]
        if S and not S & p:
            p |= 1 << x
        for h, g, O in heaps:
            y = M.row(g)[x]
            if y not in cost or cost[y] > d + h:
                cost[y] = d + h
                opts[y] = (M.times(S, g) if S else 0) | M.times_by(O, x)
                heapq.heappush(queue, (d + h, y))
    if len(done) != M.size:
        raise QuotientError(f"{M.size - len(done)} classes unreachable")
    nbytes = (M.size + 7) // 8
    return np.unpackbits(np.frombuffer(p.to_bytes(nbytes, "little"), dtype=np.uint8),
                         bitorder="little")[:M.size].astype(bool)


def _least_failure(space: StateSpace, p: int) -> tuple[int, int] | None:
    """The cheapest state that contradicts the P-set p (None: p is proved on every state). The
    positions cheaper than it are then all decided right, so its own outcome is the one the
    recursion gives (:func:`nimarcade.games.takeaway.quotient.states.expected`)."""
    best: tuple[int, int] | None = None
    least = -1
    for i, ((q, S), c) in enumerate(space.cost.items()):
        if i & 4095 == 0:
            tick()
        if (least < 0 or c < least) and bool(p >> q & 1) != expected(q, S, p, None):
            best, least = (q, S), c
    return best


def _try(base: Quotient, n: int, freed: dict[int, int]) -> Quotient:
    M = _candidate(base, n, freed)
    return reduce({g: M.tab[:, g] for g in sorted(set(M.phi[1:]))}, _mark(M, n), M.phi, base.code)


def extend(Q: Quotient, n: int) -> tuple[Quotient, int]:
    """Q(A_n) from Q = Q(A_{n-1}) by candidates with freed heaps (QuotientError past the bounds),
    and the number of states of the candidate proved. Each candidate's P-portion is read off the
    cheapest position of each element and the candidate reduced by indistinguishability; the
    reduced one is proved on every state (few, where the unreduced candidate's are many). On a
    failure, the heaps of its cheapest position are freed from the current candidate, fewest first,
    until that position is decided right (as MisereSolver's recalibration does)."""
    R = _try(Q, n, {n: 1})
    for _attempt in range(MAX_TRIES):
        tick()
        space = StateSpace(Monoid.of(R), track=True)
        space.extend_to(n + 1)
        p = mask(x for x in range(R.size) if R.P[x])
        bad = _least_failure(space, p)
        if bad is None:
            if R.P[0]:
                raise QuotientError("the candidate calls the empty position lost")
            return R, len(space.cost)
        word = space.witness(bad)
        truth = expected(bad[0], bad[1], p, None)
        counts = Counter(word)
        heaps = sorted(counts)
        found = None
        for k in range(1, len(heaps) + 1):
            for subset in combinations(heaps, k):
                trial = _try(R, n, {h: max(1, counts[h]) for h in subset})
                if trial.P[trial.classify(word)] == truth:
                    found = trial
                    break
            if found is not None:
                break
        if found is None:
            raise QuotientError(f"no candidate decides the position {word} at heap {n}")
        R = found
    raise QuotientError(f"no candidate settles heap {n} in {MAX_TRIES} tries")
