"""The misère quotient of Matches in a row: the octal game 0.777 (0.77…7 for other take limits).

The theory and its construction are shared by every octal game and live in
:mod:`nimarcade.games.takeaway.quotient` (Plambeck 2005; Plambeck & Siegel 2008: positions fall
into the classes of a commutative monoid, the P-positions are a fixed subset of it, and each step
either proves its tables or raises). This module names that construction for the row of matches:
a segment of n matches is a heap of n, and taking 1 to ``max_take`` adjacent matches is the code
whose digits 1 to ``max_take`` are all 7 (the segment may vanish, shrink, or split in two).

``nimarcade/games/matches/tools/build_quotient.py`` runs it up to the longest row and writes
``assets/matches/quotient-t<max_take>.json``; the game only reads those files (``matches_solver``).
"""
from __future__ import annotations

from typing import Callable, Iterator

from nimarcade.games.takeaway import quotient as shared
from nimarcade.games.takeaway.code import OctalCode

QuotientError = shared.QuotientError
#: The matches' tables are built whatever their size (the shipped ones have 2 to 66 elements).
MAX_SIZE = 1 << 20


def row_code(max_take: int) -> OctalCode:
    """0.77…7 with ``max_take`` sevens: take 1 to max_take adjacent matches of one segment."""
    return OctalCode((0,) + (7,) * max_take)


class Quotient(shared.Quotient):
    """The shared quotient, built and read by take limit: ``Quotient(mul, P, phi, max_take)``."""

    def __init__(self, mul: list[list[int]] | None = None, P: list[bool] | None = None,
                 phi: list[int] | None = None, max_take: int = 3) -> None:
        super().__init__(mul if mul is not None else [[0]], P if P is not None else [False],
                         phi if phi is not None else [0], row_code(max_take))

    @property
    def max_take(self) -> int:
        return len(self.code.digits) - 1

    @classmethod
    def of(cls, q: shared.Quotient) -> "Quotient":
        return cls(q.mul, q.P, q.phi, len(q.code.digits) - 1)


def options(n: int, max_take: int) -> Iterator[tuple[int, int]]:
    """The moves on one segment of n matches, as the (left, right) lengths left, left <= right."""
    return shared.options(n, row_code(max_take))


def compute(max_heap: int, max_take: int = 3,
            progress: Callable[[int, Quotient, int, int], None] | None = None) -> tuple[Quotient, list[int]]:
    """Q(A_max_heap), and the size of Q(A_n) for n = 1..max_heap (``sizes[n-1]``).
    ``progress(n, quotient, states, lifts)`` is called after each length."""
    relay = None
    if progress is not None:
        def relay(n: int, q: shared.Quotient, states: int, lifts: int) -> None:
            progress(n, Quotient.of(q), states, lifts)
    q, sizes = shared.compute(max_heap, row_code(max_take), relay, max_size=MAX_SIZE)
    return Quotient.of(q), sizes


def verify(Q: shared.Quotient) -> bool:
    """Proves (Q, P, phi) decides every position of segments up to Q.max_heap (see
    :func:`nimarcade.games.takeaway.quotient.verify`)."""
    return shared.verify(Q)
