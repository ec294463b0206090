"""The Grundy sequence of an octal game, and the proof of its period.

G(n), the value of one heap of n, is the mex of the values of its options (the xor of the two
parts a move leaves). The octal periodicity theorem (Guy and Smith; Winning Ways, ch. 4) proves a
period from a finite stretch: for a code whose largest take is t, if G(n + p) = G(n) for every
n0 <= n < 2·n0 + p + t, then G(n + p) = G(n) for every n >= n0; with n0 = 0 it needs one value
more, n < p + t + 1 (a part p left of a heap n + p has no empty part of the heap n to stand for
it: 0.04 holds for p = 1 up to G(3), yet G(4) = 1), :func:`bound`. :func:`prove` computes the
sequence stretch by stretch, finds for each period p the first n0 from which it holds so far,
and stops as soon as one is proved; the least period and the least preperiod are then read off
the proved stretch (a proved period's divisors are tried on one whole period). That search lives
in :mod:`.proof`, the loops' loading in :mod:`.loader`; this module keeps the sequences (and
every name the others import from it).

The loops (:mod:`.kernel`) run compiled by numba when it loads (``NIMARCADE_NO_JIT=1`` turns it
off), in Python otherwise: the same answers, slower (0.127 needs its values up to 93,167). Past
:data:`SPARSE_FROM` values the compiled sparse-space loops (:mod:`.sparse`) take over where the
code has a rare mask, and keep on only while they pay: 0.354's 20 million values take under a
minute instead of about twenty hours; .74's first 60,000 values (1,386 rare positions) take 1.4 s
instead of 52 with the chains' search alone (:data:`SCAN`). Every loop compiles behind the first call that needs it
(nothing at import); numba's disk cache keeps them between runs. The loops run on one core: a
value depends on all smaller ones, and splitting one value's mex over two threads (numba
``prange`` over the rare list) costs more than it saves (docs/BENCHMARKS.md, « The lab at the frontier »).

The arrays as long as the values are at the floor: the values in the smallest unsigned type that
holds every value the loops may write (:func:`dtype_for`: one byte while they stay below 128), the
positions of each value chained by their gap in two bytes (:data:`.sparse.FAR` and a short far list
for longer gaps): three bytes a value for 0.354 (it was 25), :meth:`Sequence.bytes_per_value`.
They grow an eighth at a time (:func:`.arrays.grown`) up to :data:`.arrays.RESERVE_FROM` values, then
are reserved once for the run's most values (:func:`.arrays.reserve`), only the pages written
resident: no growth copy comes again, the peak stays at the floor (every use touches G[:n] alone).
"""
from __future__ import annotations

import threading
import time
from typing import Any, Callable

from nimarcade.games.takeaway import kernel as _py
from nimarcade.games.takeaway import loader
from nimarcade.games.takeaway import sparse as _sp
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.loader import DISABLE_ENV, FAR_START, INFO, compiled
from nimarcade.games.takeaway.arrays import grown, reserve, room, used_bytes, whole_of
from nimarcade.games.takeaway.proof import CHUNK, FIRST_CHUNK, Proof, bound, grow, search, work_limit
from nimarcade.games.takeaway.proof import least as _least
from nimarcade.games.takeaway.proof import look as _look

__all__ = ["CHUNK", "DISABLE_ENV", "FAR_START", "FIRST_CHUNK", "JIT_FROM", "MAX_VALUES", "PROOF_SECONDS",
           "SCAN", "SPARSE_FROM", "KnownValues", "Proof", "Sequence", "bound", "compiled", "dtype_for",
           "forget", "grow", "grown", "grundy", "prove", "sequence", "work_limit", "_least", "_look"]

#: The default budget of a proof, in seconds (the lab's command says how far it went).
PROOF_SECONDS = 30.0
#: Values computed by the Python loops before the compiled ones are loaded.
JIT_FROM = 4096
#: Values computed by the plain loops before the rare mask is looked for.
SPARSE_FROM = 8192
#: The most values a proof computes (0.354 needs 20.1 million; the loops' stamps and positions are
#: 32-bit).
MAX_VALUES = (1 << 31) - 2
#: The sparse loops' scan for the rare values below the least common one goes through at most this
#: many splits per value below it (:func:`.sparse.extend`) before the chains' search takes over.
SCAN = 1024
#: The sparse loops' work a second (their own count of steps, :func:`.sparse.extend`) assumed
#: before one call has measured it: a low guess (the first call stops early, then it is measured).
FIRST_RATE = 2e7


def dtype_for(bound: int) -> str:
    """The smallest unsigned type that holds every value up to ``bound`` (the loops write values
    up to half of their marks' length, :func:`.kernel.extend`, and stop there)."""
    return "uint8" if bound < (1 << 8) else "uint16" if bound < (1 << 16) else "uint32"


def _kernel() -> tuple[Any, Any, Any]:
    """(extend, first_of_period), compiled when numba loads, else the Python ones; and numpy or
    None."""
    ns = loader.load()
    if ns:
        return ns["extend"], ns["first"], ns["np"]
    return _py.extend, _py.first_of_period, None


def _sparse() -> dict[str, Any] | None:
    """The compiled sparse-space loops (:mod:`.sparse`) and numpy, or None without numba."""
    return loader.load() or None


def _loops() -> dict[str, Any]:
    """The compiled sparse-space loops (asked only once they run: a sparse space needs them)."""
    ns = _sparse()
    if ns is None:
        raise RuntimeError("the compiled loops are not loaded")
    return ns


class KnownValues:
    """What a sequence grown on demand reads alike (an octal code's :class:`Sequence`, Grundy's
    game's): a subclass keeps ``G`` (a list, or numpy's array), ``n`` the values known, ``_np``
    (numpy once the compiled loops run), ``_lock``, and grows with ``ensure(upto)``."""

    G: Any
    n: int
    _np: Any
    _lock: threading.Lock
    #: The most values the sequence holds (its module's ``MAX_VALUES``).
    most_values = MAX_VALUES
    _most = 0

    def ensure(self, upto: int) -> None:
        raise NotImplementedError

    def expect(self, most: int) -> None:
        """The most values the run may ask (:func:`.proof.grow` tells it): an array reserved whole
        (:func:`.arrays.reserve`) is that long, or :attr:`most_values` when more are asked."""
        self._most = min(most, self.most_values)

    def _room_for(self, upto: int) -> int:
        """How long an array reserved whole is made for ``upto`` values (:meth:`expect`)."""
        return self._most if self._most >= upto else self.most_values

    def ensure_within(self, upto: int, seconds: float) -> None:
        """Grow towards ``upto`` within about ``seconds`` (:func:`.proof.grow` gives a quarter of
        the time left): here, as ``ensure``; a sequence whose cost a value jumps stops sooner."""
        self.ensure(upto)

    def values(self, count: int) -> list[int]:
        self.ensure(count)
        return [int(v) for v in self.G[:count]]

    def __getitem__(self, n: int) -> int:
        self.ensure(n + 1)
        return int(self.G[n])

    def _known(self) -> Any:
        """G[:n] (under ``_lock``) for a checkpoint: a view with numpy (a value once known never
        changes; a wider or longer array is a new one), a list's copy otherwise."""
        return self.G[:self.n] if self._np is not None else list(self.G[:self.n])


class Sequence(KnownValues):
    """G(0), G(1)… of one code, grown on demand (thread-safe: one grows it at a time). The first
    :data:`JIT_FROM` values come from the Python loops (quicker than loading numba); beyond, the
    compiled ones take over when they load. From :data:`SPARSE_FROM` values on, the code's rare
    mask is looked for (:func:`.sparse.best_mask`); where one makes a sparse space, the values come
    from the sparse-space loops (the same values, each costing about the rare count instead of n),
    and back from the plain ones if the rare positions stop being rare."""

    def __init__(self, code: OctalCode, sparse_from: int | None = None, mask: int | None = None) -> None:
        """``sparse_from`` (default :data:`SPARSE_FROM`): the values computed before the mask is
        looked for; ``mask``: this mask rather than the best one (any mask gives the same values:
        the tests use it to try the sparse loops on every code)."""
        self.code = code
        self._sparse_from = SPARSE_FROM if sparse_from is None else max(1, sparse_from)
        self._forced = mask
        self._extend, self._first = _py.extend, _py.first_of_period
        self._np: Any = None       # numpy, once the compiled loops run
        self.n = 1                 # values known: G[0:n]
        self.G: Any = [0] * 1024   # a list; numpy's array once the compiled loops run
        self._seen = [0] * 4
        self._lock = threading.Lock()
        self.mask: int | None = None   # None: not looked for yet; 0: no sparse space
        self._rare: Any = None         # the rare positions n >= 1, ascending (sparse mode)
        self._info: Any = None         # [how many of _rare are filled]
        self._splits: Any = None
        self._chains: Any = None       # (head, gap, count, witness, far): the positions of each value (sparse mode)
        self._looked_at = 0            # the values known when the mask was last looked for
        self._plain_cost = 0.0         # seconds a value of the plain loops, divided by n
        self._M = 1                    # the chains' modulus, chosen at n = _chained_at
        self._chained_at = 0
        self._rate = FIRST_RATE        # the sparse loops' steps a second, as last measured
        self._within: float | None = None   # the seconds the current ensure may still take (None: any)

    def _zeros(self, size: int):
        return self._np.zeros(size, self._np.int32) if self._np is not None else [0] * size

    def _compile(self) -> None:
        """Over to the compiled loops, if they load (the values so far are copied)."""
        extend, first, np = _kernel()
        if np is None:
            return
        self._extend, self._first, self._np = extend, first, np
        self.G = np.array(self.G, dtype_for(len(self._seen) // 2))
        self._seen = np.zeros(len(self._seen), np.int32)

    def _fit(self) -> None:
        """G in a type that holds every value the loops may write before they stop (half of
        ``_seen``): widened (one copy) as the values grow."""
        if self._np is not None and len(self._seen) // 2 > self._np.iinfo(self.G.dtype).max:
            self.G = room(self.G, self.n, self.n, len(self.G), self._np, dtype_for(len(self._seen) // 2))

    def bytes_per_value(self) -> float:
        """The bytes a value known of the arrays as long as the values (the values and the chains'
        gaps, as far as the values known: the room past them is never written, :func:`.arrays.used_bytes`),
        with the rare and far lists whole."""
        total = used_bytes(self.G, self.n)
        if self._chains is not None:
            total += used_bytes(self._chains[1], self.n) + self._chains[4].nbytes
        if self._rare is not None:
            total += self._rare.nbytes
        return total / max(1, self.n)

    def _grow(self, upto: int) -> None:
        """Room for ``upto`` values (:func:`.arrays.room`): the chains' gaps first (two bytes a value,
        the larger reservation), then G, as long or shorter (the loops write gap[n] for every n)."""
        if self._np is None:
            self.G = self.G + [0] * (grown(len(self.G), upto) - len(self.G))
            return
        most = self._room_for(upto)
        if self._chains is not None:        # (copied, G[:n]'s alone: ndarray.resize would write
            head, gap, count, witness, far = self._chains        # zeros over a reservation's pages)
            gap = room(gap, self.n, upto, most, self._np)
            self._chains, most = (head, gap, count, witness, far), len(gap)
        self.G = room(self.G, self.n, upto, most, self._np)

    def _digits(self, upto: int):
        count = upto + 1 if self.code.repeat else len(self.code.digits)
        ds = [self.code.digit(k) for k in range(count)]
        return self._np.array(ds, self._np.int32) if self._np is not None else ds

    # -- the sparse space ------------------------------------------------------------------------
    def _choose_mask(self) -> None:
        """Look for the rare mask once, on the values so far; set up the rare list if one holds."""
        ns = _sparse()
        self.mask = 0
        self._looked_at = self.n
        if ns is None or self.code.repeat:
            return
        mask = self._forced if self._forced is not None else _sp.best_mask(self.G[:self.n], self._np)[0]
        if mask:
            self._start_sparse(mask, review=False)          # (the best mask already)

    def _start_sparse(self, mask: int, review: bool = True) -> None:
        """The rare list and the chains for ``mask`` (:func:`.sparse.better_mask`'s, unless forced)."""
        np = self._np
        ns = _loops()
        self.mask = mask = _sp.better_mask(self.G[:self.n], mask, np) if review and self._forced is None else mask
        rare = np.zeros(1024, np.int32)
        count = ns["rare"](self.G, self.n, mask, rare)
        while count >= len(rare):                         # (only when the list was too short)
            rare = np.zeros(len(rare) * 2, np.int32)
            count = ns["rare"](self.G, self.n, mask, rare)
        self._rare = rare
        self._info = np.zeros(INFO, np.int64)
        self._info[0], self._info[6] = count, SCAN
        self._rechain()

    def _rechain(self) -> None:
        """Chain the positions by value and by residue, modulo the modulus that fits best now."""
        np = self._np
        self._chains = None                    # (the old chains go before the new ones are made)
        self._M = _sp.best_modulus(self.G[:self.n], np)
        self._chained_at = self.n
        M = self._M
        try:
            gap = np.zeros(len(self.G), np.uint16)
        except MemoryError:                    # G's reservation, twice over, refused: an eighth more
            self.G = room(self.G[:self.n], self.n, self.n + 1, 0, np)
            gap = np.zeros(len(self.G), np.uint16)
        head = np.full(len(self._seen) * M, -1, np.int32)
        counts = np.zeros(len(self._seen) * M, np.int64)
        far = np.zeros(2 * FAR_START, np.int32)
        while True:
            top = _loops()["chain"](self.G, self.n, head, gap, counts, M, far, self._info)
            if top >= 0:
                break
            far = np.zeros(2 * len(far), np.int32)
        self._info[1] = top
        self._chains = (head, gap, counts, np.zeros(len(self._seen) * M, np.int32), far)
        self._splits = np.array([k for k in range(len(self.code.digits)) if self.code.digit(k) & 4], np.int32)

    def _sparse_step(self, upto: int, digits) -> int:
        """One call of the sparse loops; falls back to the plain ones when rare stops being rare."""
        np = self._np
        nr = int(self._info[0])
        if nr >= len(self._rare):
            if nr > self.n // 4 and self.n > 4 * SPARSE_FROM:    # no longer sparse: the plain loops pay
                self.mask = 0
                self._looked_at = self.n
                self._rare = self._info = self._chains = None
                return self._extend(self.G, self.n, upto, digits, self._seen)
            bigger = np.zeros(len(self._rare) * 2, np.int32)
            bigger[:nr] = self._rare[:nr]
            self._rare = bigger
        if self.n >= 2 * self._chained_at:     # (the mask looked at again: the values may have outgrown it)
            self._start_sparse(self.mask or 0)
        head, gap, count, witness, far = self._chains
        if 2 * int(self._info[3]) + 2 > len(far):
            far = np.concatenate([far, np.zeros(len(far), np.int32)])
            self._chains = (head, gap, count, witness, far)
        M = self._M
        per_value = count[:(int(self._info[1]) + 1) * M].reshape(-1, M).sum(axis=1)
        order = np.argsort(-per_value, kind="stable").astype(np.int32)
        upto = min(upto, self.n + max(256, self.n // 64))       # the order is refreshed now and then
        self._info[5] = work_limit(self._rate, self._within)
        t0 = time.perf_counter()
        done = _loops()["sparse"](self.G, self.n, upto, digits, self._splits, self._seen, self.mask,
                                  self._rare, self._info, head, gap, count, order, M, witness, far)
        spent, work = time.perf_counter() - t0, int(self._info[4])
        if self._within is not None:
            self._within = max(0.0, self._within - spent)
        if work >= 10_000 and spent > 1e-4:
            self._rate = work / spent               # (the steps a second, as last measured)
        return done

    def rare_so_far(self) -> int | None:
        """The rare positions among the values known (G(0) included); None without a sparse space."""
        return int(self._info[0]) + 1 if self.mask and self._info is not None else None

    def _judge(self, sparse: bool, count: int, seconds: float) -> None:
        """Keep the sparse loops only while they pay: the plain loops' cost grows with n (a value
        costs about n steps), theirs with the rare count; when a stretch of theirs took longer a
        value than the plain loops would now (their last measured cost, scaled to this n), back to
        the plain loops (the mask is looked for again once the values have grown fourfold)."""
        if count < 256 or self._np is None:
            return
        per = seconds / count
        if not sparse:
            self._plain_cost = per / max(1, self.n)
        elif (self._plain_cost and per > 1.5 * self._plain_cost * self.n and self.mask
              and self._forced is None):
            self.mask = 0
            self._looked_at = self.n
            self._rare = self._info = self._chains = None

    @property
    def sparse(self) -> bool:
        """Whether the values now come from the sparse-space loops."""
        return bool(self.mask)

    def stats(self) -> dict[str, Any]:
        """What the sparse space looks like over the values known: ``rare_mask`` (None: no sparse
        space), ``rare_count`` (the positions n >= 0 whose value is rare, G(0) = 0 included),
        ``last_rare``, ``largest`` and ``largest_at`` (its first position)."""
        with self._lock:
            n = self.n
            G: Any = self.G[:n]        # a list, or numpy's array with the compiled loops
            if self._np is not None:
                at = int(self._np.argmax(G))
            else:
                at = max(range(n), key=lambda i: (G[i], -i))
            out: dict[str, Any] = {"rare_mask": None, "rare_count": None, "last_rare": None,
                                   "largest": int(G[at]), "largest_at": at}
            if self.code.repeat or n < 64:
                return out
            try:
                import numpy as np
            except ImportError:
                return out
            G = np.asarray(G)
            mask, _count = _sp.best_mask(G, np)       # over every value known (the loops' mask was
            if mask:                                  # chosen early on, and may differ)
                out["rare_mask"] = mask
                out["rare_count"], out["last_rare"] = _sp.rare_stats(G, mask, np)
            return out

    # -- checkpoints -----------------------------------------------------------------------------
    def snapshot(self) -> tuple[Any, int]:
        """(G[:n], mask) — what a checkpoint keeps (the rare list follows from them); a view of the
        array with numpy (:meth:`KnownValues._known`)."""
        with self._lock:
            return self._known(), (self.mask or 0)

    def restore(self, values: Any, mask: int, adopt: bool = False) -> None:
        """Take G[:len(values)] as known (from a checkpoint of this code), and its mask. ``adopt``: keep the
        array ``values`` is the start of when its type fits, as :meth:`.grundygame.GrundySequence.restore`."""
        with self._lock:
            if len(values) <= self.n:
                return
            if self._np is None:
                self._compile()
            np = self._np
            size = grown(len(self.G), len(values))
            if np is not None:
                values = np.asarray(values)
                top = int(values.max())
                whole, kind = whole_of(values) if adopt else None, np.dtype(dtype_for(2 * top + 2))  # (half the marks)
                if whole is not None and len(whole) >= size and whole.dtype == kind:
                    self.G = whole                   # (a checkpoint just read: no copy)
                else:
                    self.G = reserve(size, kind, self._room_for(size), np)
                    self.G[:len(values)] = values
            else:
                self.G = [int(v) for v in values] + [0] * (size - len(values))
                top = max(values)
            self.n = len(values)
            seen = len(self._seen)
            while top >= seen // 2:
                seen *= 2
            self._seen = self._zeros(seen)
            self._fit()
            self.mask = None
            if (np is not None and self.n >= self._sparse_from and not self.code.repeat
                    and _sparse() is not None):
                if mask:
                    self._start_sparse(mask)
                elif self.n < 4 * self._sparse_from or self._forced is not None:
                    self._choose_mask()
                else:               # kept on the plain loops: so until the values grow fourfold (as _judge)
                    self.mask, self._looked_at = 0, self.n

    def ensure_within(self, upto: int, seconds: float) -> None:
        """Grow towards G(0..upto-1) for about ``seconds``: the sparse loops stop once their work
        (counted inside the compiled loop, :func:`.proof.work_limit`) passes what that time holds at their
        measured speed; the plain loops' cost a value is steady (:func:`.proof.grow` sizes their
        chunks). Fewer values than asked may come: the caller loops."""
        with self._lock:
            self._within = seconds
            try:
                self._ensure(upto)
            finally:
                self._within = None

    def ensure(self, upto: int) -> None:
        """Make G(0..upto-1) known."""
        with self._lock:
            self._ensure(upto)

    def _ensure(self, upto: int) -> None:
        """ensure's work (under ``_lock``)."""
        if upto <= self.n:
            return
        if upto > min(JIT_FROM, self._sparse_from) and self._np is None:
            self._compile()
        if upto > len(self.G) or (self._chains is not None and upto > len(self._chains[1])):
            self._grow(upto)            # an eighth more at a time, or the run's most at once
        digits = self._digits(upto)
        while self.n < upto:
            if self._np is not None and self.n >= self._sparse_from and (
                    self.mask is None or (self.mask == 0 and self.n >= 4 * self._looked_at)):
                self._choose_mask()                 # (looked for again as the values grow)
            t0, before, sparse = time.perf_counter(), self.n, bool(self.mask)
            if self.mask:
                done = self._sparse_step(upto, digits)
            elif self.mask is None and self._np is not None and self.n < self._sparse_from < upto:
                done = self._extend(self.G, self.n, self._sparse_from, digits, self._seen)
            else:
                done = self._extend(self.G, self.n, upto, digits, self._seen)
            self._judge(sparse, done - before, time.perf_counter() - t0)
            stop = sparse and self._within is not None and self._within <= 0 and done < upto
            if done > self.n:
                top = int(self.G[done - 1])
                self.n = done
                if top >= len(self._seen) // 2:
                    size = len(self._seen)
                    while top >= size // 2:
                        size *= 2
                    self._seen = self._zeros(size)
                    self._fit()
                    if self._chains is not None:
                        head, gap, count, witness, far = self._chains
                        h = self._np.full(size * self._M, -1, self._np.int32)
                        c = self._np.zeros(size * self._M, self._np.int64)
                        h[:len(head)], c[:len(count)] = head, count
                        self._chains = (h, gap, c, self._np.zeros(size * self._M, self._np.int32), far)
            if stop:
                return


_sequences: dict[OctalCode, Sequence] = {}
_lock_seq = threading.Lock()


def sequence(code: OctalCode) -> Sequence:
    """The shared, growing sequence of a code."""
    with _lock_seq:
        seq = _sequences.get(code)
        if seq is None:
            seq = _sequences[code] = Sequence(code)
        return seq


def forget(code: OctalCode) -> None:
    """Drop what the process keeps of a code (its sequence, its proof): the next run starts over."""
    with _lock_seq:
        _sequences.pop(code, None)
        _proofs.pop(code, None)


def grundy(code: OctalCode, n: int) -> int:
    return sequence(code)[n]


# -- the proof ---------------------------------------------------------------------------------------
_proofs: dict[OctalCode, Proof] = {}


def prove(code: OctalCode, seconds: float = PROOF_SECONDS, max_n: int = MAX_VALUES,
          progress: Callable[[int], None] | None = None, cancel: threading.Event | None = None) -> Proof:
    """The least period and preperiod of the code's Grundy sequence, proved, within ``seconds``
    and ``max_n`` values (:func:`.proof.search` on the code's shared sequence); a proof found once
    is kept for the process."""
    done = _proofs.get(code)
    if done is not None:
        return done
    proof = search(sequence(code), code, seconds, max_n, progress, cancel)
    if proof.proved:
        _proofs[code] = proof
    return proof
