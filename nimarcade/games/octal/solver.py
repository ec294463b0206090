"""The exact play of an octal game, and how it was decided.

* Normal play: a heap of n is worth its Grundy value G(n) (:mod:`nimarcade.games.takeaway.grundy`);
  a position is lost for the player to move exactly when the xor of its heaps' values is 0
  (Sprague-Grundy), and a winning move leaves a position of xor 0.
* Misère play: the misère quotient of the code (Plambeck-Siegel,
  :mod:`nimarcade.games.takeaway.quotient`), built up to the largest heap of the position while
  it stays within :data:`QUOTIENT_SIZE` elements and :data:`QUOTIENT_SECONDS`; else a memoised
  search (:mod:`nimarcade.games.takeaway.search`) up to its stated size (40 tokens, 400,000
  positions); beyond both, :class:`NoExactMove`: no exact move is claimed.

Pure functions of immutable states; tables are kept per code for the life of the process.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import reduce
from operator import xor

from nimarcade.games.octal.rules import Move, OctalState, after
from nimarcade.games.takeaway import grundy
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient import Quotient, QuotientError, compute
from nimarcade.games.takeaway.search import MisereSearch, TooBig, canonical

#: Misère: the quotient is built for heaps up to this size at most.
QUOTIENT_HEAP = 120
#: Misère: seconds a quotient may take to be built (the computer's and the hint's workers), and
#: for a small position (at most SMALL tokens, which the search decides at once if need be).
QUOTIENT_SECONDS = 5.0
SMALL_SECONDS = 1.0
SMALL = 30
#: Misère: the largest quotient built (its tables grow with the square of its size).
QUOTIENT_SIZE = 200


class NoExactMove(Exception):
    """The position is beyond every exact method's stated bounds."""


@dataclass(frozen=True)
class Verdict:
    """``method``: "grundy", "quotient", "search" or "none"; ``wins``: the player to move wins
    (None: unknown); ``moves``: every winning move (None: unknown)."""

    method: str
    wins: bool | None
    moves: tuple[Move, ...] | None


_lock = threading.Lock()
_quotients: dict[OctalCode, Quotient] = {}
_quotient_fails: dict[OctalCode, tuple[int, float]] = {}   # code -> (heap size, seconds) it failed at
_searches: dict[OctalCode, MisereSearch] = {}


def values(state: OctalState) -> list[int]:
    """G of each heap."""
    seq = grundy.sequence(state.octal)
    seq.ensure(max(state.heaps, default=0) + 1)
    return [seq[h] for h in state.heaps]


def nim_sum(state: OctalState) -> int:
    return reduce(xor, values(state), 0)


def quotient(code: OctalCode, upto: int, seconds: float = QUOTIENT_SECONDS) -> Quotient | None:
    """The misère quotient of the code for heaps up to ``upto`` (None: not within its bounds:
    :data:`QUOTIENT_HEAP`, its largest monoid, ``seconds``). A failure is remembered for the
    code, and tried again only for smaller heaps or with more time."""
    if upto > QUOTIENT_HEAP:
        return None
    with _lock:
        failed = _quotient_fails.get(code)
        if failed is not None and failed[0] <= upto and failed[1] >= seconds:
            return None
        q = _quotients.get(code)
        if q is not None and q.max_heap >= upto:
            return q
        try:
            q, _sizes = compute(upto, code, start=q, seconds=seconds, max_size=QUOTIENT_SIZE)
        except QuotientError:
            _quotient_fails[code] = (upto, seconds)
            return None
        _quotients[code] = q
        return q


def misere_quotient(state: OctalState) -> Quotient | None:
    """The quotient that decides this misère position, if the solver uses one for it."""
    top = max(state.heaps, default=0)
    return quotient(state.octal, top, SMALL_SECONDS if state.tokens <= SMALL else QUOTIENT_SECONDS)


def _search(code: OctalCode) -> MisereSearch:
    with _lock:
        s = _searches.get(code)
        if s is None:
            s = _searches[code] = MisereSearch(code)
        return s


def _children(state: OctalState) -> list[tuple[Move, tuple[int, ...]]]:
    out = []
    for m in state.legal_moves():
        i = m[0]
        a, b = after(state.heaps[i], m)
        out.append((m, state.heaps[:i] + (a, b) + state.heaps[i + 1:]))
    return out


def verdict(state: OctalState, first_only: bool = False) -> Verdict:
    """Who wins and every winning move (the first only, if asked), and by which method."""
    if state.is_over:
        return Verdict("grundy" if not state.misere else "quotient", state.winner == state.to_move, ())
    if not state.misere:
        seq = grundy.sequence(state.octal)
        seq.ensure(max(state.heaps) + 1)
        total = reduce(xor, (seq[h] for h in state.heaps), 0)
        moves = []
        if total:
            for m, _child in _children(state):
                h = state.heaps[m[0]]
                a, b = after(h, m)
                if seq[a] ^ seq[b] == total ^ seq[h]:
                    moves.append(m)
                    if first_only:
                        break
        return Verdict("grundy", bool(total), tuple(moves))
    code = state.octal
    q = misere_quotient(state)
    if q is not None:
        moves = []
        for m, child in _children(state):
            if q.P[q.classify(h for h in child if h)]:
                moves.append(m)
                if first_only:
                    break
        return Verdict("quotient", not q.P[q.classify(state.heaps)], tuple(moves))
    search = _search(code)
    try:
        moves = []
        for m, child in _children(state):
            if not search.wins(canonical(child)):
                moves.append(m)
                if first_only:
                    break
    except TooBig:
        return Verdict("none", None, None)
    return Verdict("search", bool(moves), tuple(moves))


def winning_moves(state: OctalState) -> list[Move]:
    """Every winning move, in ``legal_moves()`` order; NoExactMove beyond the stated bounds."""
    v = verdict(state)
    if v.moves is None:
        raise NoExactMove(state)
    return list(v.moves)


def winning_move(state: OctalState) -> Move | None:
    v = verdict(state, first_only=True)
    if v.moves is None:
        raise NoExactMove(state)
    return v.moves[0] if v.moves else None
