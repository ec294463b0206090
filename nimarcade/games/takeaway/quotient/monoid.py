"""The data of a misère quotient (:mod:`nimarcade.games.takeaway.quotient` tells the theory): the
monoid with its P-portion and heap map (:class:`Quotient`), the error a construction raises
(:class:`QuotientError`), the running construction's limits (a deadline and the largest lifted
monoid, checked in every loop: :func:`tick`), and the tables the construction builds with numpy
(a commutative monoid's table from its generators' columns: :func:`compose`), and the
reduction of a monoid that decides a closed set to its quotient (:func:`reduce`)."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from nimarcade.games.takeaway.code import OctalCode

#: The largest quotient built by default (its tables grow with the square of its size).
MAX_SIZE = 400
#: The largest intermediate lifted monoid by default (a bound of memory and time, not of the quotient).
MAX_LIFT = 640
#: The most states (class, option classes) a construction enumerates (a bound of memory: a state
#: costs a few hundred bytes).
MAX_STATES = 3_000_000


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
    #: ``(n0, p)`` when the map heap -> element is *proved* periodic (``find_period``): every
    #: heap n >= n0 is the element of n0 + (n - n0) mod p, and no heap adds an element.
    period: tuple[int, int] | None = None
    #: The same table as numpy's array, when the construction made it (else built when needed).
    array: Any = field(default=None, repr=False, compare=False)

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

    def classify(self, lengths: Iterable[int]) -> int:
        """The element of a position: the product of its heaps' elements."""
        x = 0
        mul, phi, top = self.mul, self.phi, len(self.phi)
        for n in lengths:
            x = mul[x][phi[n] if n < top else self.element(n)]
        return x

    def option_classes(self, n: int) -> list[int]:
        mul, el = self.mul, self.element
        return sorted({mul[el(a)][el(b)] for a, b in options(n, self.code)})

    def table(self) -> Any:
        """The table as numpy's array (kept)."""
        if self.array is None:
            import numpy as np

            self.array = np.asarray(self.mul, dtype=np.int32)
        return self.array


class QuotientError(RuntimeError):
    pass


#: The running computation's limits (per thread): a deadline (time.monotonic) and a largest monoid.
limits = threading.local()


def tick() -> None:
    """Raise when the running computation is past its deadline."""
    deadline = getattr(limits, "deadline", None)
    if deadline is not None and time.monotonic() > deadline:
        raise QuotientError("out of time")


def mask(items: Iterable[int]) -> int:
    """A set of classes as a bit mask."""
    out = 0
    for i in items:
        out |= 1 << i
    return out


def compose(size: int, gen_cols: dict[int, Any], parent: list[tuple[int, int]]) -> Any:
    """The table of a commutative monoid of ``size`` elements numbered breadth first from the
    identity 0, element b > 0 found as ``parent[b] = (a, g)``: b = a·g with g a generator whose
    column (g times every element) is ``gen_cols[g]``. Column b is then column a read through g's
    column (x·b = (x·a)·g), one numpy step each; the clock is looked at every 64 columns."""
    import numpy as np

    dtype = np.uint16 if size < 1 << 16 else np.int32
    tab = np.empty((size, size), dtype=dtype)
    tab[:, 0] = np.arange(size, dtype=dtype)
    cols = {g: np.asarray(c, dtype=dtype) for g, c in gen_cols.items()}
    for b in range(1, size):
        if b & 63 == 0:
            tick()
        a, g = parent[b]
        tab[:, b] = cols[g][tab[:, a]]
    return tab


def explore(start: Any, gens: list[int], step: Callable[[Any, int], Any], key: Callable[[Any], Any] = lambda y: y,
            bound: int | None = None, message: str = "{}") -> tuple[list[Any], dict[Any, int], Any]:
    """The monoid generated from the identity ``start``, breadth first: ``step(x, g)`` is x times
    generator g, ``key(y)`` what tells elements apart. Returns the elements in order, each key's
    number and the table (:func:`compose`); QuotientError (``message`` with the bound) past
    ``bound`` elements."""
    items = [start]
    index = {key(start): 0}
    parent = [(0, 0)]
    cols: dict[int, list[int]] = {g: [] for g in gens}
    i = 0
    while i < len(items):
        if i & 255 == 0:
            tick()
        if bound is not None and len(items) > bound:
            raise QuotientError(message.format(bound))
        x = items[i]
        for g in gens:
            y = step(x, g)
            k = key(y)
            j = index.get(k)
            if j is None:
                j = index[k] = len(items)
                items.append(y)
                parent.append((i, g))
            cols[g].append(j)
        i += 1
    if bound is not None and len(items) > bound:
        raise QuotientError(message.format(bound))
    return items, index, compose(len(items), cols, parent)


def as_lists(tab: Any) -> list[list[int]]:
    """numpy's table as lists of ints, each value one shared object (8 bytes an entry)."""
    ints = list(range(len(tab)))
    get = ints.__getitem__
    out = []
    for row in tab:
        tick()
        out.append(list(map(get, row.tolist())))
    return out


def reduce(succ: dict[int, Any], is_p: Any, phi: list[int], code: OctalCode) -> Quotient:
    """The quotient of a monoid deciding A_n by indistinguishability: its elements 0..K-1 (0 the
    identity), ``succ[g]`` the array x -> x·g for each generator g (the heaps' elements), ``is_p``
    the P-portion (an array), ``phi[h]`` the element of heap h = 0..n. Moore's partition
    refinement from {P, N}, then the classes numbered breadth first from the identity, the
    generators by heap length (a canonical numbering), and the table composed from them."""
    import numpy as np

    gens = sorted(succ)
    succ_l = [succ[g] for g in gens]
    cls = np.asarray(is_p, dtype=np.int64)
    count = len(np.unique(cls))
    while True:
        tick()
        sig = np.stack([cls] + [cls[s] for s in succ_l], axis=1)
        _u, new = np.unique(sig, axis=0, return_inverse=True)
        cls = new.reshape(-1)
        if int(cls.max()) + 1 == count:
            break
        count = int(cls.max()) + 1
    by_heap = list(dict.fromkeys(phi[1:]))
    lists = {g: succ[g].tolist() for g in by_heap}
    cls_l = cls.tolist()
    rep, number, table = explore(0, by_heap, lambda x, g: lists[g][x], cls_l.__getitem__,
                                 getattr(limits, "max_size", None), f"the monoid outgrows {{}} elements at heap {len(phi) - 1}")
    p_of = np.asarray(is_p, dtype=bool)
    return Quotient(as_lists(table), [bool(p_of[x]) for x in rep], [number[cls_l[x]] for x in phi], code,
                    array=table)
