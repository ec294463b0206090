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
  could not), candidates with *freed* heaps are tried first (:mod:`nimarcade.games.takeaway.quotient.free`:
  heap n, then the heaps of each least failure, counted by cyclic monoids beside Q(A_{n-1}),
  each candidate reduced and then proved on every state, as MisereSolver's recalibration does);
  past their bound, the monoid is *lifted* to the monoid of states (q, S) itself, and the step
  retried. Either way the step ends proved, and Q(A_n) is the same whatever path found it.

Everything is exact: a step either proves its tables or raises :class:`QuotientError` (also when
the quotient outgrows ``max_size``: the bound within which a quotient is said to exist here, or
when an intermediate lifted monoid outgrows ``max_lift``, a bound of memory: the lifted monoid is
usually much larger than the quotient it is reduced to, and is not what ``max_size`` bounds).

Where it lives (this package's door names it all, so that ``quotient.compute`` and the rest are imported
from here): the data, the error and the limits in :mod:`nimarcade.games.takeaway.quotient.monoid`;
the states and their proofs in :mod:`nimarcade.games.takeaway.quotient.states`; the construction
(lift, :func:`compute`, :func:`verify`) in :mod:`nimarcade.games.takeaway.quotient.build`, its
freed-heap candidates in :mod:`nimarcade.games.takeaway.quotient.free`; the period of the heap map (:func:`find_period`,
:func:`periodic`, :func:`proved_periodic`) and how far a budget reaches (:func:`reach`: partial
quotients heap by heap, for codes whose quotient is not found) in
:mod:`nimarcade.games.takeaway.quotient.period`.
"""
from __future__ import annotations

from nimarcade.games.takeaway.quotient.build import compute, verify
from nimarcade.games.takeaway.quotient.monoid import MAX_LIFT, MAX_SIZE, MAX_STATES, Quotient, QuotientError, options
from nimarcade.games.takeaway.quotient.period import (PERIOD_HEAP, PERIOD_SIZE, QuotientPeriod, Reach, find_period,
                                                      periodic, proved_periodic, reach, with_period)

__all__ = ["MAX_LIFT", "MAX_SIZE", "MAX_STATES", "PERIOD_HEAP", "PERIOD_SIZE", "Quotient", "QuotientError",
           "QuotientPeriod", "Reach", "compute", "find_period", "options", "periodic", "proved_periodic",
           "reach", "verify", "with_period"]
