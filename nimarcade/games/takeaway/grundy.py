"""The Grundy sequence of an octal game, and the proof of its period.

G(n), the value of one heap of n, is the mex of the values of its options (the xor of the two
parts a move leaves). The octal periodicity theorem (Guy and Smith; Winning Ways, ch. 4) proves a
period from a finite stretch: for a code whose largest take is t, if G(n + p) = G(n) for every
n0 <= n < 2·n0 + p + t, then G(n + p) = G(n) for every n >= n0. :func:`prove` computes the
sequence stretch by stretch, finds for each period p the first n0 from which it holds so far,
and stops as soon as one is proved; the least period and the least preperiod are then read off
the proved stretch (a proved period's divisors are tried on one whole period).

The loops (:mod:`.kernel`) run compiled by numba when it loads (``NIMARCADE_NO_JIT=1`` turns it
off), in Python otherwise: the same answers, slower (0.127 needs its values up to 93,167).
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from nimarcade.games.takeaway import kernel as _py
from nimarcade.games.takeaway.code import OctalCode

DISABLE_ENV = "NIMARCADE_NO_JIT"
#: The default budget of a proof, in seconds (the lab's command says how far it went).
PROOF_SECONDS = 30.0
#: The stretch computed between two looks at the clock and at the periods.
CHUNK = 4096
#: Values computed by the Python loops before the compiled ones are loaded.
JIT_FROM = 4096

_lock = threading.Lock()
_jit: Any = None            # the compiled kernel's namespace, False when it can't load


def _kernel() -> tuple[Any, Any]:
    """(extend, first_of_period), compiled when numba loads, else the Python ones; and numpy or
    None."""
    global _jit
    with _lock:
        if _jit is None:
            _jit = False
            if os.environ.get(DISABLE_ENV, "").strip() in ("", "0"):
                try:
                    import numba
                    import numpy as np

                    here = os.path.dirname(os.path.abspath(__file__))
                    if not os.environ.get("NUMBA_CACHE_DIR") and os.access(here, os.W_OK):
                        os.environ["NUMBA_CACHE_DIR"] = os.path.join(here, "__pycache__")
                    jit = numba.njit(cache=True, nogil=True)
                    ns = (jit(_py.extend), jit(_py.first_of_period), np)
                    g = np.zeros(8, np.int32)
                    ns[0](g, 1, 8, np.array([0, 3], np.int32), np.zeros(64, np.int32))
                    ns[1](g, 8, 2)
                    _jit = ns
                except Exception:  # noqa: BLE001 - no numba, or it failed: the Python loops
                    _jit = False
    if _jit:
        return _jit[0], _jit[1], _jit[2]
    return _py.extend, _py.first_of_period, None


def compiled() -> bool:
    _kernel()
    return bool(_jit)


class Sequence:
    """G(0), G(1)… of one code, grown on demand (thread-safe: one grows it at a time). The first
    :data:`JIT_FROM` values come from the Python loops (quicker than loading numba); beyond, the
    compiled ones take over when they load."""

    def __init__(self, code: OctalCode) -> None:
        self.code = code
        self._extend, self._first, self._np = _py.extend, _py.first_of_period, None
        self.n = 1                 # values known: G[0:n]
        self.G = [0] * 1024
        self._seen = [0] * 4
        self._lock = threading.Lock()

    def _zeros(self, size: int):
        return self._np.zeros(size, self._np.int32) if self._np is not None else [0] * size

    def _compile(self) -> None:
        """Over to the compiled loops, if they load (the values so far are copied)."""
        extend, first, np = _kernel()
        if np is None:
            return
        self._extend, self._first, self._np = extend, first, np
        self.G = np.array(self.G, np.int32)
        self._seen = np.zeros(len(self._seen), np.int32)

    def _grow(self, size: int) -> None:
        if self._np is not None:
            new = self._np.zeros(size, self._np.int32)
            new[:self.n] = self.G[:self.n]
            self.G = new
        else:
            self.G = self.G + [0] * (size - len(self.G))

    def _digits(self, upto: int):
        count = upto + 1 if self.code.repeat else len(self.code.digits)
        ds = [self.code.digit(k) for k in range(count)]
        return self._np.array(ds, self._np.int32) if self._np is not None else ds

    def ensure(self, upto: int) -> None:
        """Make G(0..upto-1) known."""
        with self._lock:
            if upto <= self.n:
                return
            if upto > JIT_FROM and self._np is None:
                self._compile()
            if upto > len(self.G):
                size = len(self.G)
                while size < upto:
                    size *= 2
                self._grow(size)
            digits = self._digits(upto)
            while self.n < upto:
                done = self._extend(self.G, self.n, upto, digits, self._seen)
                top = int(self.G[done - 1])
                self.n = done
                if top >= len(self._seen) // 2:
                    size = len(self._seen)
                    while top >= size // 2:
                        size *= 2
                    self._seen = self._zeros(size)

    def values(self, count: int) -> list[int]:
        self.ensure(count)
        return [int(v) for v in self.G[:count]]

    def __getitem__(self, n: int) -> int:
        self.ensure(n + 1)
        return int(self.G[n])


_sequences: dict[OctalCode, Sequence] = {}


def sequence(code: OctalCode) -> Sequence:
    """The shared, growing sequence of a code."""
    with _lock_seq:
        seq = _sequences.get(code)
        if seq is None:
            seq = _sequences[code] = Sequence(code)
        return seq


_lock_seq = threading.Lock()


def grundy(code: OctalCode, n: int) -> int:
    return sequence(code)[n]


# -- the proof ---------------------------------------------------------------------------------------
@dataclass
class Proof:
    """What :func:`prove` found: the least ``period`` and ``preperiod`` (None when not proved), the
    bound the theorem needed (``proof_bound``: the values checked, 2·n0 + 2p + t), how far the
    search went (``searched``), its time, and whether the clock or the size stopped it."""

    code: OctalCode
    period: int | None = None
    preperiod: int | None = None
    proof_bound: int | None = None
    searched: int = 0
    seconds: float = 0.0
    stopped: str = ""               # "", "time", "size" or "infinite" (a code with no largest take)
    candidate: tuple[int, int] | None = field(default=None)   # the best unproved (p, n0) seen

    @property
    def proved(self) -> bool:
        return self.period is not None


_proofs: dict[OctalCode, Proof] = {}


def prove(code: OctalCode, seconds: float = PROOF_SECONDS, max_n: int = 1 << 24,
          progress: Callable[[int], None] | None = None, cancel: threading.Event | None = None) -> Proof:
    """The least period and preperiod of the code's Grundy sequence, proved, within ``seconds``
    and ``max_n`` values; a proof found once is kept for the process."""
    done = _proofs.get(code)
    if done is not None:
        return done
    start = time.monotonic()
    seconds = max(0.05, seconds * 0.9)        # the last stretch and the last look fit in the rest
    proof = Proof(code)
    t = code.max_take
    if t is None:
        proof.stopped = "infinite"
        return proof
    seq = sequence(code)
    N = 256
    while True:
        if time.monotonic() - start > seconds or (cancel is not None and cancel.is_set()):
            proof.stopped = "time"
            break
        seq.ensure(min(N, max_n))
        N = min(N, max_n)
        proof.searched = N
        found, wanted = _look(seq, N, t)
        if found is not None:
            p, n0 = found
            proof.period, proof.preperiod = _least(seq, p, n0)
            proof.proof_bound = 2 * n0 + 2 * p + t
            break
        proof.candidate = wanted
        if N >= max_n:
            proof.stopped = "size"
            break
        need = 2 * wanted[1] + 2 * wanted[0] + t if wanted else 0
        target = need if N < need <= 4 * N else int(N * 1.5)
        target = min(target, max_n)
        while seq.n < target:               # by chunks, watching the clock
            if time.monotonic() - start > seconds or (cancel is not None and cancel.is_set()):
                proof.stopped = "time"
                break
            seq.ensure(min(target, seq.n + CHUNK))
            if progress:
                progress(seq.n)
        if proof.stopped:
            proof.searched = seq.n
            break
        N = target
    proof.seconds = time.monotonic() - start
    if proof.proved:
        _proofs[code] = proof
    return proof


def _look(seq: Sequence, N: int, t: int) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The first period p (ascending) proved by G[:N]: (p, n0); else None and the candidate whose
    proof needs the fewest values. Multiples of a candidate that already holds over a quarter of
    the stretch are skipped (the candidate comes first, with a preperiod at least as good)."""
    first = seq._first
    best: tuple[int, int] | None = None
    best_need = None
    skip: list[int] = []
    for p in range(1, (N - t) // 2 + 1):
        if any(p % s == 0 for s in skip):
            continue
        n0 = first(seq.G, N, p)
        need = 2 * n0 + 2 * p + t
        if need <= N:
            return (p, n0), None
        if N - p - n0 >= N // 4:
            skip.append(p)
            if best_need is None or need < best_need:
                best, best_need = (p, n0), need
    return None, best


def _least(seq: Sequence, p: int, n0: int) -> tuple[int, int]:
    """The least period dividing the proved p, and the least preperiod for it."""
    G = seq.G
    period = p
    for d in range(1, p + 1):
        if p % d == 0 and all(G[n + d] == G[n] for n in range(n0, n0 + p)):
            period = d
            break
    m = n0
    while m > 0 and G[m - 1 + period] == G[m - 1]:
        m -= 1
    return period, m
