"""Grundy's game (Grundy 1939; Winning Ways, ch. 4): a move splits one heap into two non-empty
heaps of different sizes; heaps of 1 and 2 are dead. It is no octal game (an octal code may split
a heap, but never forbids the equal split), so :mod:`.code` does not read it: the lab names it
``grundy``. G(n) is the mex of G(a) xor G(n - a) over 1 <= a < n - a.

The values are computed by the sparse-space method (:mod:`.sparse` for the octal codes): with the
mask m that leaves out the lowest bit (Flammenkamp's « 0111… »), a value is *rare* when the bits
of v & m are even in number. A common value is then only ever the xor of a rare value and a common
one, so walking the rare positions r < n (r ≠ n - r) marks every common option of a heap of n;
the mex is the least common value left unmarked, unless a rare value below it is no option either:
such a value v is looked for among the splits of two common parts (the part that gave v at the
last heap of the same residue first, then every split, stopping at the first), a whole walk only
when G(n) is itself rare. Any mask gives exactly the plain method's values; this one makes the
rare positions few (1,274 to 2^21 in the published table, the last at 82,860).

No period is known for Grundy's game (Berlekamp, Conway and Guy conjecture one; Flammenkamp
computed 2^35 values without finding it), and the octal periodicity theorem does not apply to it
as it stands: the lab computes values as far as its budget goes and says so. The loops are plain
loops over arrays: numba compiles them (behind the first call that needs them, cached on disk) and
Python runs them when it can't (``NIMARCADE_NO_JIT=1``), the same values, slower.

Memory is at the floor: the values in the smallest unsigned type that holds them (one byte a value
while they stay below 256; the array widens to two or four bytes, a copy of the values known, when a
value passes: G(7,250,049) = 256), grown an eighth at a time up to
:data:`nimarcade.games.takeaway.arrays.RESERVE_FROM` values, then reserved once for the run's most
values (:func:`nimarcade.games.takeaway.arrays.reserve`: the asked size, :data:`MAX_VALUES` when
unknown), of which the kernel makes resident only the pages written: no growth copy comes again,
so the peak resident set is the values' bytes and the interpreter's (an eighth at a time throughout
where the kernel refuses that much address space: strict overcommit). The rare positions are a short
list (1,274 to 2^21: smaller than a bit a position), the marks and witnesses as long as the values'
range, not as their count. A checkpoint is written from a view of the array
(:meth:`GrundySequence.snapshot`) and read back straight into a reserved one
(:func:`nimarcade.games.takeaway.checkpoint.load`, adopted by :meth:`GrundySequence.restore`), so
one or two bytes a value in all, up to :data:`MAX_VALUES`.
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from typing import Any, Iterator

from nimarcade.games.takeaway import loader
from nimarcade.games.takeaway import sparse as _sp
from nimarcade.games.takeaway.grundy import KnownValues, grown
from nimarcade.games.takeaway.arrays import reserve, room, used_bytes, whole_of

#: The name the lab reads (``nimarcade lab grundy``).
NAME = "grundy"
#: Flammenkamp's mask: every bit but the lowest (values stay far below 2^31).
MASK = 0x7FFFFFFE
#: The chains' residue modulus for the witnesses (the values keep close to period 3 locally).
MODULUS = 6
#: Values computed by the Python loops before the compiled ones are loaded.
JIT_FROM = 4096
#: The most values the lab computes (2^31: 2 GB of values at one byte each; the rare positions and
#: the witnesses are 32-bit).
MAX_VALUES = 1 << 31
#: The integer types the values are kept in, the smallest first: the array widens (one copy) when a
#: value passes its type's largest (Grundy's game keeps below 256 as far as it is known, one byte a
#: value). The rare positions are a list (1,274 of them to 2^21), far smaller than a bit a position.
DTYPES = ("uint8", "uint16", "uint32")
#: The largest value the arrays hold.
MAX_VALUE = (1 << 32) - 1


def dtype_for(top: int) -> str:
    """The smallest of :data:`DTYPES` that holds ``top``."""
    return "uint8" if top < (1 << 8) else "uint16" if top < (1 << 16) else "uint32"


@dataclass(frozen=True)
class GrundyGame:
    """Grundy's game where the lab expects a code: it names itself (``str``, ``ascii``: the name of
    its checkpoint, :mod:`.checkpoint`) and has no largest take."""

    def __str__(self) -> str:
        return NAME

    @property
    def ascii(self) -> str:
        return NAME

    max_take = None
    repeat = False


GAME = GrundyGame()


def is_grundy(text: str) -> bool:
    """Whether the lab's code argument names Grundy's game (any case, spaces around)."""
    return isinstance(text, str) and text.strip().lower() == NAME


def parity(v: int, mask: int = MASK) -> int:
    """1 when v & mask has an odd number of bits (a common value), 0 when even (a rare one)."""
    return _sp.parity(v, mask)


def splits(n: int) -> Iterator[tuple[int, int]]:
    """Every move on a heap of n: (a, n - a) with 1 <= a < n - a."""
    for a in range(1, (n + 1) // 2):
        yield a, n - a


# -- the loops (numba compiles them as they are) -------------------------------------------------------
def extend(G, start, end, mask, rare, info, seen, witness, M):
    """G[start:end] from G[:start], by the sparse-space bookkeeping. ``rare[:info[0]]``: the rare
    positions n >= 1 so far, ascending; ``info[1]`` the largest value so far; then statistics:
    ``info[2]`` the heaps whose value is rare (their walk went through every split), ``info[3]`` the
    splits walked, ``info[4]`` the heaps that walked any. ``seen`` marks values with the stamp n + 1
    (its length a power of two, twice the bound of the values so far); ``witness[v·M + n % M]`` a
    part that gave the rare value v at the last heap of that residue. Returns the first n not
    computed: it stops when ``rare`` is full, or after a value that reaches half of ``seen`` (the
    caller grows them). A value is below half of ``seen`` but for the last one written, which
    ``info[1]`` holds whole when G's type was too small for it (the caller widens G and writes it
    again)."""
    half = len(seen) // 2
    nr = info[0]
    top = info[1]
    for n in range(start, end):
        if nr >= len(rare):
            info[0] = nr
            info[1] = top
            return n
        stamp = n + 1
        for i in range(nr):                    # every split with a rare part
            r = rare[i]
            if r >= n:
                break
            b = n - r
            if b != r:
                seen[G[r] ^ G[b]] = stamp
        c = 0                                  # the least common value that is no option
        while True:
            if seen[c] != stamp and _sp.parity(c, mask) == 1:
                break
            c += 1
        pending = 0                            # the rare values below it still unmarked
        for v in range(c):
            if seen[v] == stamp:
                continue
            for j in range(M):                 # the part that gave v at the last heaps (this
                a = witness[v * M + (n + M - j) % M]     # residue first): often gives it again
                if a >= 1 and 2 * a < n and (G[a] ^ G[n - a]) == v:
                    witness[v * M + n % M] = a
                    seen[v] = stamp
                    break
            if seen[v] != stamp:
                pending += 1
        if pending > 0:                        # one walk over the splits marks them all
            info[4] += 1
            for a in range(1, (n + 1) // 2):
                x = G[a] ^ G[n - a]
                if x < c and seen[x] != stamp:
                    seen[x] = stamp
                    witness[x * M + n % M] = a
                    pending -= 1
                    if pending == 0:
                        break
            info[3] += a
        m = c
        if pending > 0:                        # a rare value no split gives: G(n) is rare
            info[2] += 1
            for v in range(c):
                if seen[v] != stamp:
                    m = v
                    break
        G[n] = m
        if m > top:
            top = m
        if _sp.parity(m, mask) == 0:
            rare[nr] = n
            nr += 1
        if m >= half:
            info[0] = nr
            info[1] = top
            return n + 1
    info[0] = nr
    info[1] = top
    return end


_lock = threading.Lock()
_jit: Any = None            # the compiled loop, False when it can't load


def _compiled() -> Any:
    """The compiled :func:`extend` (numba, disk-cached as :mod:`.grundy`'s loops), or None."""
    global _jit
    with _lock:
        if _jit is None:
            _jit = False
            if os.environ.get("NIMARCADE_NO_JIT", "").strip() in ("", "0"):
                try:
                    import numba
                    import numpy as np

                    with loader.compile_lock("grundygame"):
                        loader.inline()              # (the helpers it calls: .sparse.parity)
                        fn = numba.njit(cache=True, nogil=True)(extend)
                        g = np.zeros(8, np.uint8)
                        fn(g, 3, 8, MASK, np.array([1, 2, 0, 0, 0, 0, 0, 0], np.int32),
                           np.array([2, 0, 0, 0, 0], np.int64), np.zeros(64, np.int64),
                           np.zeros(64 * MODULUS, np.int32), MODULUS)
                    _jit = fn
                except Exception:  # noqa: BLE001 - no numba, or it failed: the Python loop
                    _jit = False
    return _jit or None


def compiled() -> bool:
    return _compiled() is not None


class GrundySequence(KnownValues):
    """G(0), G(1)… of Grundy's game, grown on demand (one grows it at a time). The first
    :data:`JIT_FROM` values come from the Python loop; beyond, the compiled one when it loads. The
    lab's :class:`~nimarcade.games.octal.lab.Progress` and checkpoints read ``n``, ``G``,
    :meth:`rare_so_far`, :meth:`snapshot` and :meth:`restore`, as on an octal code's sequence."""

    code = GAME
    most_values = MAX_VALUES

    def __init__(self, mask: int = MASK) -> None:
        self.mask = mask
        self.n = 3                         # G(0) = G(1) = G(2) = 0: no move
        self.G: Any = [0] * 1024
        self._rare: Any = [1, 2] + [0] * 1022
        self._info: Any = [2, 0, 0, 0, 0]
        self._seen: Any = [0] * 64
        self._witness: Any = [0] * (64 * MODULUS)      # as long as _seen, M times
        self._np: Any = None
        self._lock = threading.Lock()

    def _to_compiled(self) -> None:
        import numpy as np

        self._np = np
        self.G = np.array(self.G, dtype_for(max(self.G)))   # one byte a value while they stay below 256
        self._rare = np.array(self._rare, np.int32)
        self._info = np.array(self._info, np.int64)
        self._seen = np.zeros(len(self._seen), np.int64)    # stamps n + 1 (past 2^31)
        self._witness = np.array(self._witness, np.int32)

    def _resize(self, name: str, size: int, fill: int = 0) -> None:
        old = getattr(self, name)
        if self._np is not None:
            new = self._np.full(size, fill, old.dtype)
            new[:len(old)] = old
        else:
            new = list(old) + [fill] * (size - len(old))
        setattr(self, name, new)

    def ensure(self, upto: int) -> None:
        """Make G(0..upto-1) known."""
        with self._lock:
            if upto <= self.n:
                return
            if upto > JIT_FROM and self._np is None and compiled():
                self._to_compiled()
            loop = _compiled() if self._np is not None else extend
            if upto > len(self.G):          # an eighth more at a time, or the run's most at once
                if self._np is not None:
                    self.G = room(self.G, self.n, upto, self._room_for(upto), self._np)
                else:
                    self._resize("G", grown(len(self.G), upto))
            while self.n < upto:
                if int(self._info[0]) >= len(self._rare):
                    self._resize("_rare", 2 * len(self._rare))
                done = loop(self.G, self.n, upto, self.mask, self._rare, self._info, self._seen, self._witness,
                            MODULUS)
                if done > self.n:
                    self.n = done
                    top = int(self._info[1])
                    if top > MAX_VALUE:
                        raise OverflowError(f"G({done - 1}) = {top}: past the arrays' four bytes")
                    if self._np is not None and top > self._np.iinfo(self.G.dtype).max:
                        self._widen(top, done - 1)
                    if top >= len(self._seen) // 2:
                        size = len(self._seen)
                        while top >= size // 2:
                            size *= 2
                        self._seen = self._np.zeros(size, self._np.int64) if self._np is not None else [0] * size
                        self._resize("_witness", size * MODULUS)


    def _widen(self, top: int, at: int) -> None:
        """G in the next type that holds ``top``, the value of heap ``at`` (the loop wrote it cut to
        the old type, and stopped right after it: it reached half of ``seen``): a new array as long,
        G[:n] copied (a reserved array's room past them stays unwritten, so never resident)."""
        self.G = room(self.G, self.n, self.n, len(self.G), self._np, dtype_for(top))
        self.G[at] = top

    def bytes_per_value(self) -> float:
        """The values' array's bytes per value known, counted as far as the values known (its type's
        size: the room past them, an eighth or a whole reservation, is never written,
        :func:`nimarcade.games.takeaway.arrays.used_bytes`)."""
        return used_bytes(self.G, self.n) / max(1, self.n)

    def rare_so_far(self) -> int:
        """The rare positions among the values known, G(0) included (as the octal codes count them)."""
        return int(self._info[0]) + 1

    def stats(self) -> dict[str, Any]:
        """``rare_mask`` (the smallest mask equal to :data:`MASK` on the values known: the published
        tables write 0xfe), ``rare_count`` (G(0) included), ``last_rare``, ``largest`` and
        ``largest_at`` (its first position), over the values known."""
        with self._lock:
            n = self.n
            G = [int(v) for v in self.G[:n]] if self._np is None else self.G[:n]
            if self._np is not None:
                at = int(self._np.argmax(G))
            else:
                at = max(range(n), key=lambda i: (G[i], -i))
            top = int(G[at])
            nr = int(self._info[0])
            return {"rare_mask": self.mask & ((1 << max(1, top.bit_length())) - 1) or None,
                    "rare_count": nr + 1, "last_rare": int(self._rare[nr - 1]) if nr else 0,
                    "largest": top, "largest_at": at}

    # -- checkpoints -----------------------------------------------------------------------------
    def snapshot(self) -> tuple[Any, int]:
        """(G[:n], mask): a view of the array, not a copy (a value once known never changes, and a
        wider or longer array is a new one), so a checkpoint costs no memory of its own."""
        with self._lock:
            if self._np is not None:
                return self.G[:self.n], self.mask
            return self._known(), self.mask

    def restore(self, values: Any, mask: int, adopt: bool = False) -> None:
        """Take G[:len(values)] as known (from a checkpoint of Grundy's game); the rare list, the
        largest value and the marks follow from them (the witnesses start afresh). ``adopt``: the
        caller hands ``values`` over (a checkpoint just read), so the sequence keeps that very array
        when its type fits instead of a copy (half the memory of a resumed run): the array itself,
        or the reserved one it is the start of (:func:`nimarcade.games.takeaway.checkpoint.load`
        reads a long checkpoint into one, :func:`nimarcade.games.takeaway.arrays.whole_of`)."""
        del mask          # the rare list is rebuilt with this sequence's mask
        with self._lock:
            if len(values) <= self.n:
                return
            if self._np is None and compiled():
                self._to_compiled()
            vals: Any = [int(v) for v in values] if self._np is None else self._np.asarray(values)
            size = max(len(self.G), len(vals))
            top = int(max(vals)) if self._np is None else int(vals.max())
            rare = [i for i in range(1, len(vals)) if parity(int(vals[i]), self.mask) == 0] if self._np is None \
                else self._rare_of(vals)
            seen = 64
            while top >= seen // 2:
                seen *= 2
            rsize = 1024
            while rsize <= len(rare):
                rsize *= 2
            if self._np is not None:
                np = self._np
                whole = whole_of(vals) if adopt else None
                if whole is not None and len(whole) >= size and whole.dtype == np.dtype(dtype_for(top)):
                    self.G = whole
                else:                                    # (a checkpoint's type: no wider copy)
                    self.G = reserve(size, dtype_for(top), self._room_for(size), np)
                    self.G[:len(vals)] = vals
                self._rare = np.zeros(rsize, np.int32)
                self._rare[:len(rare)] = rare
                self._info = np.array([len(rare), top, 0, 0, 0], np.int64)
                self._seen = np.zeros(seen, np.int64)
                self._witness = np.zeros(seen * MODULUS, np.int32)
            else:
                self.G = list(vals) + [0] * (size - len(vals))
                self._rare = rare + [0] * (rsize - len(rare))
                self._info = [len(rare), top, 0, 0, 0]
                self._seen = [0] * seen
                self._witness = [0] * (seen * MODULUS)
            self.n = len(vals)

    def _rare_of(self, vals: Any) -> Any:
        np = self._np
        top = int(vals.max())
        table = np.array([parity(v, self.mask) == 0 for v in range(top + 1)], dtype=bool)
        chunk = 1 << 22                  # by slices: no temporary as long as the values
        found = [np.flatnonzero(table[vals[i:i + chunk]]) + i for i in range(0, len(vals), chunk)]
        where = np.concatenate(found) if found else np.zeros(0, np.int64)
        return where[where >= 1].astype(np.int32)


_shared: GrundySequence | None = None
_shared_lock = threading.Lock()


def sequence() -> GrundySequence:
    """The process's shared, growing sequence of Grundy's game."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = GrundySequence()
        return _shared


def forget() -> None:
    """Drop the shared sequence (the next run starts over, or from a checkpoint)."""
    global _shared
    with _shared_lock:
        _shared = None
