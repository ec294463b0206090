"""The construction of the misère quotients Q(A_n), heap after heap (the method is told in
:mod:`nimarcade.games.takeaway.quotient`): the candidate outcomes of the copies of the new heap
proved on the states of the positions (:mod:`nimarcade.games.takeaway.quotient.states`), and when
the new heap splits a class, candidates with freed heaps
(:mod:`nimarcade.games.takeaway.quotient.free`), else the lift to the monoid of states; then the
reduction by indistinguishability (:func:`nimarcade.games.takeaway.quotient.monoid.reduce`).

Built to reach quotients of a few thousand elements: a monoid's table is numpy's array, built
from its generators' columns (:func:`nimarcade.games.takeaway.quotient.monoid.compose`), and only
the rows of generators and of options are ever read as lists; sets of classes are bit masks
multiplied bit by bit; the reduction (Moore's partition refinement) runs on arrays. The clock
(:func:`nimarcade.games.takeaway.quotient.monoid.tick`) is looked at in every loop, and the lifted
monoid and the states are bounded (memory)."""
from __future__ import annotations

import time
from typing import Any, Callable

from nimarcade.games.takeaway.quotient import free as quotient_free
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient.monoid import (MAX_LIFT, MAX_SIZE, Quotient, QuotientError, explore, limits,
                                                      mask, reduce, tick)
from nimarcade.games.takeaway.quotient.states import Monoid, StateSpace, proved, solve, state_space


class _Split(QuotientError):
    """The monoid is too coarse for the new heap: lift it and try again."""


def _lift(M: Monoid, n: int) -> Monoid:
    """The monoid of the states (q, S) of A_{n-1}, with the outcome of q: finer than M."""
    gens = {h: (M.phi[h], mask(M.options_of(h))) for h in range(1, n)}
    distinct = sorted(set(gens.values()))
    times, times_by = M.times, M.times_by

    def step(x: tuple[int, int], g: int) -> tuple[int, int]:
        (q, S), (gq, gS) = x, distinct[g]
        return (M.row(gq)[q], (times(S, gq) if S else 0) | times_by(gS, q))

    elems, index, tab = explore((0, 0), list(range(len(distinct))), step, bound=getattr(limits, "max_lift", None),
                                message=f"the lifted monoid outgrows {{}} elements at heap {n}")
    return Monoid(tab, [M.P[x[0]] for x in elems], [0] + [index[gens[h]] for h in range(1, n)], M.code)


def _extend(M: Monoid, n: int, cache: list[StateSpace] | None = None) -> tuple[Quotient, int]:
    """Q(A_n) from a monoid M deciding A_{n-1}; raises _Split if M is too coarse."""
    import numpy as np

    space = state_space(M, n, cache)
    states, order = space.cost, space.order
    if len(order) != M.size:
        raise _Split(f"{M.size - len(order)} classes unreachable")
    m = M.size
    outcome = [mask(q for q in range(m) if M.P[q])]
    if proved(states, outcome[0], None) is not None:
        raise _Split("the monoid does not decide the smaller heaps")
    tab_O = M.tab[:, M.options_of(n)]
    nbytes = (m + 7) // 8
    while True:
        tick()
        prev = np.unpackbits(np.frombuffer(outcome[-1].to_bytes(nbytes, "little"), dtype=np.uint8),
                             bitorder="little")[:m].astype(bool)
        auto = prev[tab_O].any(axis=1).tolist()
        p = solve(order, auto)
        if proved(states, p, auto) is not None:
            raise _Split(f"{len(outcome)} heap(s) of {n} split a class")
        if p in outcome:
            start = outcome.index(p)
            break
        outcome.append(p)
    copies, period = len(outcome), len(outcome) - start
    # The monoid M × {0..copies-1} (element = copies·m + q), reduced by indistinguishability.
    red = np.array([a if a < copies else start + (a - start) % period for a in range(2 * copies)])
    heap_n = int(red[1]) * m  # one heap of n (the identity's column when copies never matter)
    gens = sorted({M.phi[h] for h in range(1, n)} | {heap_n})
    gcols = {g % m: M.tab[:, g % m] for g in gens}

    def times(x: Any, g: int) -> Any:
        return red[x // m + g // m] * m + gcols[g % m][x % m]

    reached = np.zeros(copies * m, dtype=bool)
    reached[0] = True
    frontier = np.array([0])
    while len(frontier):
        tick()
        found = np.unique(np.concatenate([times(frontier, g) for g in gens]))
        frontier = found[~reached[found]]
        reached[frontier] = True
    R = np.flatnonzero(reached)
    pos = np.full(copies * m, -1)
    pos[R] = np.arange(len(R))
    wins = np.array([np.unpackbits(np.frombuffer(o.to_bytes(nbytes, "little"), dtype=np.uint8),
                                   bitorder="little")[:m] for o in outcome], dtype=bool)
    phi_m = [0] + [M.phi[h] for h in range(1, n)] + [heap_n]
    return reduce({int(pos[g]): pos[times(R, g)] for g in gens}, wins[R // m, R % m],
                  [int(pos[x]) for x in phi_m], M.code), len(states)


def compute(max_heap: int, code: OctalCode,
            progress: Callable[[int, Quotient, int, int], None] | None = None,
            max_size: int = MAX_SIZE, start: Quotient | None = None,
            seconds: float | None = None, max_lift: int = MAX_LIFT, free: bool = True) -> tuple[Quotient, list[int]]:
    """Q(A_max_heap), and the size of Q(A_n) for n = 1..max_heap (``sizes[n-1]``), going on from
    ``start`` (a quotient of the same code for smaller heaps) if given. ``progress(n, quotient,
    states, lifts)`` is called after each size. QuotientError when the quotient outgrows
    ``max_size`` (an intermediate lifted monoid may be larger, up to ``max_lift``), or when it runs
    past ``seconds``. ``free``: try freed-heap candidates before a lift (slower to give up: the
    window's solver, which has a search to fall back on, passes False)."""
    limits.deadline = None if seconds is None else time.monotonic() + seconds
    limits.free = free
    limits.max_lift = max(max_lift, max_size)
    limits.max_size = max_size
    try:
        return _compute(max_heap, code, progress, max_size, start)
    finally:
        limits.deadline = None
        limits.max_lift = None
        limits.max_size = None
        limits.free = True


def _compute(max_heap: int, code: OctalCode, progress: Callable[[int, Quotient, int, int], None] | None,
             max_size: int, start: Quotient | None) -> tuple[Quotient, list[int]]:
    Q = start or Quotient(code=code)
    sizes = []
    cache: list[StateSpace] = []
    for n in range(Q.max_heap + 1, max_heap + 1):
        if not any(True for _ in code.splits(n)):   # no move: the game 0, the identity
            Q = Quotient(Q.mul, Q.P, Q.phi + [0], code, array=Q.array)
            sizes.append(Q.size)
            continue
        tick()
        first = base = Monoid.of(Q)
        lifts = 0
        while True:
            try:
                Q, nstates = _extend(base, n, cache if base is first else None)
                break
            except _Split as err:
                lifts += 1
                if lifts == 1 and getattr(limits, "free", True):   # freed-heap candidates first
                    try:
                        Q, nstates = quotient_free.extend(Q, n)
                        break
                    except QuotientError as failed:
                        if "out of time" in str(failed):
                            raise
                if lifts > 3:
                    raise err
                base = _lift(base, n)
        sizes.append(Q.size)
        if progress:
            progress(n, Q, nstates, lifts)
    return Q, sizes


def verify(Q: Quotient) -> bool:
    """Proves (Q, P, phi) decides every position of heaps up to Q.max_heap: for every reachable
    state, P holds exactly when no option is in P, and a position without a move is a win for the mover."""
    space = state_space(Monoid.of(Q), Q.max_heap + 1)  # only the classes these heaps reach matter
    if Q.P[0]:
        return False
    p = mask(q for q in range(Q.size) if Q.P[q])
    return proved(space.cost, p, None) is None
