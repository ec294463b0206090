"""The proof of an octal code's period from a stretch of its Grundy sequence (the octal periodicity
theorem: Guy and Smith; Winning Ways, ch. 4), and the growing of a sequence by chunks that keep to a
deadline. :func:`.grundy.prove` runs :func:`search` on the code's shared sequence and keeps what it
proved; the theorem and its bound are told in :mod:`.grundy`'s docstring and :func:`bound`'s."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from nimarcade.games.takeaway import loader
from nimarcade.games.takeaway.code import OctalCode

#: The stretch computed between two looks at the clock and at the periods.
CHUNK = 4096
#: The first chunk :func:`grow` computes, and the smallest.
FIRST_CHUNK = 16
def work_limit(rate: float, seconds: float | None) -> int:
    """The sparse loops' work (their count of steps) that fits in ``seconds`` at ``rate`` steps a
    second: they stop after the value that passes it (0: no limit, when no time is given); at
    least 1 (one value at a time when time is short); none either for an endless budget."""
    if seconds is None or not seconds < 1e12:
        return 0
    return max(1, min(1 << 62, int(rate * max(0.0, seconds))))


class Growing(Protocol):
    """What :func:`grow` and :func:`search` read of a sequence (:class:`.grundy.KnownValues`; its
    ``ensure_within`` too, when it has one)."""

    n: int
    G: Any
    _np: Any

    def ensure(self, upto: int) -> None: ...


@dataclass
class Proof:
    """What :func:`.grundy.prove` found: the least ``period`` and ``preperiod`` (None when not proved), the
    bound the theorem needed (``proof_bound``: the values checked, :func:`bound`), how far the
    search went (``searched``), its time, and whether the clock or the size stopped it."""

    code: OctalCode
    period: int | None = None
    preperiod: int | None = None
    proof_bound: int | None = None
    searched: int = 0
    seconds: float = 0.0
    stopped: str = ""               # "", "time", "size" or "infinite" (a code with no largest take)
    candidate: tuple[int, int] | None = field(default=None)   # the best unproved (p, n0) seen
    looked: int = 0                 # the values the last look at the periods went through

    @property
    def proved(self) -> bool:
        return self.period is not None

    @property
    def ruled_out(self) -> tuple[int, int] | None:
        """``(L, S)``: no period of length at most L has a preperiod of S or less (None: too few
        values looked at, or proved). The last look went through N values and proved no period
        p <= (N - t) / 2 (t the largest take): each one's least preperiod n0 over them has
        2·n0 + 2p + t > N (:func:`bound`), so for p <= L = (N - t) / 4, n0 > (N - t - 2L) / 2 >= S;
        and a period that holds for ever from some heap holds over the values from there."""
        t = self.code.max_take
        if self.proved or t is None or self.looked <= t:
            return None
        most = (self.looked - t) // 4
        return (most, (self.looked - t - 2 * most) // 2) if most >= 1 else None


def grow(seq: Growing, target: int, deadline: float, progress: Callable[[int], None] | None = None,
         cancel: threading.Event | None = None, most: int | None = None) -> bool:
    """Make G(0..target-1) known by chunks sized to the time left (each at most a quarter of it,
    from the last chunk's cost a value, and at most :data:`CHUNK`): False when the deadline (a
    ``time.monotonic()``) or ``cancel`` came first. A value costs more as n grows (about n for a
    code with a largest take, n² without), so a fixed chunk could run far past the deadline; the
    sparse-space loops' cost jumps (a rare value's search), so they are also handed the quarter
    of the time left, and stop within it (:meth:`.grundy.Sequence.ensure_within`). ``most`` (default
    ``target``): the most values the run may ask, told to the sequence (``expect``) so that an
    array reserved whole past :data:`.arrays.RESERVE_FROM` is that long and no longer."""
    expect = getattr(seq, "expect", None)
    if expect is not None:
        expect(target if most is None else max(most, target))
    chunk = FIRST_CHUNK
    while seq.n < target:
        now = time.monotonic()
        if now >= deadline or (cancel is not None and cancel.is_set()):
            return False
        before = seq.n
        within = getattr(seq, "ensure_within", None)    # (a KnownValues has it; ensure alone will do)
        if within is not None:
            within(min(target, seq.n + chunk), (deadline - now) / 4)
        else:
            seq.ensure(min(target, seq.n + chunk))
        spent = time.monotonic() - now
        done = seq.n - before
        if done > 0:
            fit = (deadline - time.monotonic()) / 4 / max(1e-9, spent / done)
            chunk = int(max(FIRST_CHUNK, min(CHUNK, 2 * chunk, fit)))
        if progress:
            progress(seq.n)
    return True


def search(seq: Growing, code: OctalCode, seconds: float, max_n: int,
           progress: Callable[[int], None] | None = None, cancel: threading.Event | None = None) -> Proof:
    """The least period and preperiod of ``seq`` (the code's sequence), proved within ``seconds``
    and ``max_n`` values: the values grow by half at a time (or to the bound the best candidate
    needs), each stretch looked through for a proved period."""
    start = time.monotonic()
    seconds = max(0.05, seconds * 0.9)        # the last stretch and the last look fit in the rest
    proof = Proof(code)
    t = code.max_take
    if t is None:
        proof.stopped = "infinite"
        return proof
    N = 256
    while True:
        if time.monotonic() - start > seconds or (cancel is not None and cancel.is_set()):
            proof.stopped = "time"
            break
        seq.ensure(min(N, max_n))
        N = min(N, max_n)
        proof.searched = N
        found, wanted = look(seq, N, t)
        proof.looked = N
        if found is not None:
            p, n0 = found
            proof.period, proof.preperiod = least(seq, p, n0)
            proof.proof_bound = bound(n0, p, t)
            break
        proof.candidate = wanted
        if N >= max_n:
            proof.stopped = "size"
            break
        need = bound(wanted[1], wanted[0], t) if wanted else 0
        target = need if N < need <= 4 * N else int(N * 1.5)
        target = min(target, max_n)
        if not grow(seq, target, start + seconds, progress, cancel, max_n):    # by chunks, watching the clock
            proof.stopped = "time"
        if proof.stopped:
            proof.searched = seq.n
            break
        N = target
    proof.seconds = time.monotonic() - start
    return proof


def bound(n0: int, p: int, t: int) -> int:
    """The values G(0)…G(bound - 1) that prove a period p from n0 for a largest take t:
    G(n + p) = G(n) for n0 <= n < 2·n0 + p + t, so 2·n0 + 2p + t of them; one more when n0 = 0
    (the heap n + p's moves leaving a part b >= p + 1 stand for the heap n's leaving b - p >= 1)."""
    return 2 * n0 + 2 * p + t + (1 if n0 == 0 else 0)


def look(seq: Any, N: int, t: int) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The first period p (ascending) proved by G[:N]: (p, n0); else None and the candidate whose
    proof needs the fewest values. Multiples of a candidate that already holds over a quarter of
    the stretch are skipped (the candidate comes first, with a preperiod at least as good)."""
    ns = loader.load() if seq._np is not None else None
    if ns:
        np = ns["np"]
        out = np.zeros(4, np.int64)
        ns["look"](seq.G, N, t, np.zeros(768, np.int64), out)
        if out[0]:
            return (int(out[0]), int(out[1])), None
        return None, ((int(out[2]), int(out[3])) if out[2] else None)
    first = seq._first
    best: tuple[int, int] | None = None
    best_need = None
    skip: list[int] = []
    for p in range(1, (N - t) // 2 + 1):
        if any(p % s == 0 for s in skip):
            continue
        n0 = first(seq.G, N, p)
        need = bound(n0, p, t)
        if need <= N:
            return (p, n0), None
        if N - p - n0 >= N // 4:
            skip.append(p)
            if best_need is None or need < best_need:
                best, best_need = (p, n0), need
    return None, best


def least(seq: Any, p: int, n0: int) -> tuple[int, int]:
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
