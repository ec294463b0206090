"""Grundy values and winning splits of heaps of any size, read from a proved period (normal play).

Once :func:`nimarcade.games.takeaway.grundy.prove` has proved a code's period p from its
preperiod n0, G(n) = G(n0 + (n - n0) mod p) for every n >= n0: a heap of 10**12 is worth a table
look-up. A split of m tokens into a + b (1 <= a <= b) whose values xor to a target t is found
without going through all m/2 splits: for a below n0 + p each a is looked at; beyond, both parts
are past the preperiod, so G(a) xor G(m - a) depends on a mod p alone, and the good residues,
found on one period, give every solution as arithmetic runs (:meth:`Values.parts`,
:meth:`Values.count_parts`).

:func:`reader` picks the source for a position: the values themselves, computed, where the
heaps are at most :data:`COMPUTE_HEAP`; beyond, the period where it is proved (within
:data:`PROOF_SECONDS` and :data:`PROOF_VALUES`, or found earlier in the process by the lab with
more time), else :class:`NoPeriod`, a translated refusal.
"""
from __future__ import annotations

import threading
from typing import Iterator

from nimarcade.games.takeaway import grundy
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.i18n import N_, Said

#: Heaps up to this size are answered from the values themselves, computed (no proof needed):
#: about a second for a code of many splitting takes. A code with no largest take (``0.7…``)
#: costs far more a value, and has no period to prove: its heaps stop at :data:`REPEAT_HEAP`.
COMPUTE_HEAP = 5_000
REPEAT_HEAP = 200
#: The budget of the proof a larger heap needs: seconds, and values at most (0.16's proof reads
#: about 510,000).
PROOF_SECONDS = 10.0
PROOF_VALUES = 1 << 20


class NoPeriod(Said):
    """A heap too large to compute, of a code whose period is not proved within the budget."""


class Values:
    """G(n) for the heaps of a position, and the splits of m tokens whose values xor to t."""

    def value(self, n: int) -> int:
        raise NotImplementedError

    def parts(self, m: int, target: int) -> Iterator[int]:
        """Every a with 1 <= a <= m - a and G(a) xor G(m - a) == target, ascending, lazily."""
        raise NotImplementedError

    def count_parts(self, m: int, target: int) -> int:
        return sum(1 for _ in self.parts(m, target))


class Plain(Values):
    """The values themselves (known up to ``top``): every split looked at."""

    def __init__(self, seq: grundy.Sequence, top: int) -> None:
        seq.ensure(top + 1)
        self.G = seq.G
        self.top = top

    def value(self, n: int) -> int:
        return int(self.G[n])

    def parts(self, m: int, target: int) -> Iterator[int]:
        G = self.G
        for a in range(1, m // 2 + 1):
            if G[a] ^ G[m - a] == target:
                yield a


class Periodic(Values):
    """The values read from a proved period: ``table`` is G(0)…G(n0 + p - 1)."""

    def __init__(self, table: list[int], period: int, preperiod: int) -> None:
        self.table = table
        self.period, self.preperiod = period, preperiod

    def value(self, n: int) -> int:
        if n < len(self.table):
            return self.table[n]
        return self.table[self.preperiod + (n - self.preperiod) % self.period]

    def _good(self, m: int, target: int) -> list[int]:
        """The offsets j < p for which a = len(table) + j (and every a beyond it by whole periods)
        is a solution: both parts are then past the preperiod."""
        start = len(self.table)
        return [j for j in range(self.period)
                if self.value(start + j) ^ self.value(m - start - j) == target]

    def parts(self, m: int, target: int) -> Iterator[int]:
        half, start, p = m // 2, len(self.table), self.period
        for a in range(1, min(half, start - 1) + 1):        # a in the preperiod or the first period
            if self.value(a) ^ self.value(m - a) == target:
                yield a
        if half < start:
            return
        good = self._good(m, target)
        if not good:
            return
        base = start
        while base <= half:
            for j in good:
                if base + j > half:
                    return
                yield base + j
            base += p

    def count_parts(self, m: int, target: int) -> int:
        half, start, p = m // 2, len(self.table), self.period
        count = sum(1 for a in range(1, min(half, start - 1) + 1) if self.value(a) ^ self.value(m - a) == target)
        if half >= start:
            count += sum((half - start - j) // p + 1 for j in self._good(m, target) if start + j <= half)
        return count


_lock = threading.Lock()
_periodic: dict[OctalCode, Periodic] = {}
_unproved: set[OctalCode] = set()       # codes whose proof failed within the budget


def periodic(code: OctalCode) -> Periodic | None:
    """The code's values read from its proved period (None: not proved within the budget, or a
    code with no largest take). The proof, or its failure, is kept for the process."""
    with _lock:
        found = _periodic.get(code)
        if found is not None or code in _unproved:
            return found
    proof = grundy.prove(code, seconds=PROOF_SECONDS, max_n=PROOF_VALUES)
    with _lock:
        if not proof.proved:
            _unproved.add(code)
            return None
        assert proof.period is not None and proof.preperiod is not None
        seq = grundy.sequence(code)
        size = proof.preperiod + proof.period
        seq.ensure(size)
        found = _periodic[code] = Periodic([int(v) for v in seq.G[:size]], proof.period, proof.preperiod)
        return found


def reader(code: OctalCode, top: int) -> Values:
    """The values for heaps up to ``top``: the computed ones up to :data:`COMPUTE_HEAP`, else the
    period's; :class:`NoPeriod` when neither answers (values computed further by the lab don't
    count: what a position is answered by does not depend on what ran before)."""
    computed = COMPUTE_HEAP if code.max_take is not None else REPEAT_HEAP
    if top <= computed:
        return Plain(grundy.sequence(code), top)
    found = periodic(code) if code.max_take is not None else None
    if found is None:
        raise NoPeriod(N_("err.octal.no_period"), code=str(code), max=computed, n=top)
    return found
