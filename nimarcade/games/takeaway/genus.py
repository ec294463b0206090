"""Conway's genus of the heaps of an octal game, and the tame games it settles in misère play.

The genus of a game G is g^{γ0 γ1 γ2 …}: g its normal-play Grundy value, γk the misère Grundy
value of G + k heaps of 2 (a game without a move has misère value 1, any other the mex of its
options'). The γ eventually alternate; the genus is written up to where they start to (Winning
Ways, chapter 13: *2 is 2^{20}, the empty heap 0^{120}, a heap of 1 1^{031}).

A game is *tame* when every position of it has the genus of a position of Nim: 0^{120} or
1^{031} (*fickle*: like Nim heaps of 0 and 1) or g^{g, g⊕2} (*firm*, any g). Tame games are
played like misère Nim (Bouton's rule, Winning Ways ch. 13): in a sum of tame games each part
counts as its normal value g; when every part is fickle the player to move loses exactly when
the xor of the g is 1, otherwise exactly when it is 0.

How it is computed here. Heaps are taken by size. While every smaller heap is tame, an option of
the heap n (one or two smaller heaps) is a sum of tame games, whose misère value with any heaps
of 1 and 2 beside it follows from the rule above; the γ of n are then a small recursion on the
numbers of heaps of 2 and 1 beside it. If n's genus is a tame one, n is tame (its options are
tame and sums of tame games are tame): by induction the game is tame up to n. The first heap whose
genus is not tame makes the game *wild* from there; the genus of larger heaps is then found by an
exact search of the sums (tame parts still shortened by the rule), within a number of positions
and a time, and left unknown past them.

Any heap size (:meth:`Genera.tame_through`): Nim's heaps are known (n^{n, n⊕2} from 2 on); for
a code that never splits and takes at most L, the genus of a heap n > L depends only on the
genera of n-L … n-1, so once two such windows are equal the genera repeat for ever with their
distance as period (a proof, not an observation), and heaps of any size are read from it.
"""
from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass

from nimarcade.games.takeaway.code import OctalCode

#: How many superscripts are computed (γ0 … γ(SUPERSCRIPTS-1)); the tame forms are checked on all.
SUPERSCRIPTS = 8
#: The exact search of a wild heap's genus: positions remembered, seconds.
SEARCH_POSITIONS = 300_000
SEARCH_SECONDS = 5.0
#: The largest heap whose genus is computed one heap after the other for a code that splits heaps
#: or repeats its last digit (each heap costs about its size): beyond, only Nim and the codes whose
#: genus period is proved (:meth:`Genera.tame_through`) answer.
TAME_HEAP = 1000
#: The largest heap computed while looking for the genus period of a code that never splits.
PERIOD_HEAP = 200_000


@dataclass(frozen=True)
class Genus:
    """g^{γ0 γ1 …} with ``gammas`` the γ computed."""

    g: int
    gammas: tuple[int, ...]

    @property
    def fickle(self) -> bool:
        g, c = self.g, self.gammas
        return g in (0, 1) and all(c[k] == (g ^ 1 if k == 0 else g ^ 2 if k % 2 else g) for k in range(len(c)))

    @property
    def firm(self) -> bool:
        g, c = self.g, self.gammas
        return all(c[k] == (g ^ 2 if k % 2 else g) for k in range(len(c)))

    @property
    def tame(self) -> bool:
        return self.fickle or self.firm

    @property
    def misere(self) -> int:
        """γ0: the misère Grundy value of the game alone."""
        return self.gammas[0]

    def superscript(self) -> list[int]:
        """The γ up to where they start to alternate (two after that point)."""
        c = self.gammas
        m = len(c) - 2
        while m > 0 and c[m - 1] == c[m + 1]:
            m -= 1
        return list(c[:m + 2])

    @property
    def settled(self) -> bool:
        """Whether the γ computed show their alternation at least twice (else the genus is written
        with « … »: more superscripts would be needed to see its end)."""
        return len(self.superscript()) <= len(self.gammas) - 2

    def __str__(self) -> str:
        sup = self.superscript()
        sep = "," if any(x > 9 for x in sup) else ""
        return f"{self.g}^{sep.join(map(str, sup))}" + ("" if self.settled else "…")


class GenusTooBig(Exception):
    """The exact search of a wild heap's genus ran past its bounds."""


class Genera:
    """The genus of each heap of one code, grown on demand: tame heaps by the induction, wild ones
    by the bounded search."""

    def __init__(self, code: OctalCode) -> None:
        self.code = code
        self.genera: list[Genus] = [Genus(0, _fickle_gammas(0))]   # the empty heap: 0^{120}
        self.first_wild: int | None = None
        self._memo: dict[tuple[tuple[int, ...], int, int], int] = {}
        self._lock = threading.Lock()
        d = code.digits
        #: Nim (``0.3…``): every heap n >= 2 is the firm n^{n, n⊕2} (Bouton; Winning Ways ch. 13).
        self.nim = code.repeat and d[0] == 0 and len(d) > 1 and all(x == 3 for x in d[1:])
        #: ``(start, period)``: genus(n) = genus(start + (n - start) mod period) for n >= start.
        self.period: tuple[int, int] | None = None
        # A code that never splits and takes at most L: the genus of a heap n > L is a function of
        # the genera of n-L … n-1 (its options), so two equal windows repeat for ever.
        self._window = None if code.repeat or any(x & 4 for x in d) else max(1, len(d) - 1)
        self._windows: dict[tuple[Genus, ...], int] = {}

    # -- any heap, through the period --------------------------------------------------------------
    def heap(self, n: int) -> Genus:
        """The genus of a heap of n already known (computed, read from the period, or Nim's)."""
        if self.nim and n:
            return Genus(n, _fickle_gammas(1) if n == 1 else tuple(n ^ 2 if k % 2 else n for k in range(SUPERSCRIPTS)))
        if n < len(self.genera):
            return self.genera[n]
        if self.period is not None:
            s, p = self.period
            return self.genera[s + (n - s) % p]
        raise KeyError(n)

    def tame_through(self, n: int) -> bool:
        """Whether every heap up to n is proved tame: Nim; a code that never splits, through its
        genus period once two windows of its take's length repeat (or computed up to n, at most
        :data:`PERIOD_HEAP`); any other code computed up to n, at most :data:`TAME_HEAP`."""
        if self.nim:
            return True
        w = self._window
        if w is None:
            return n <= TAME_HEAP and self.tame_upto(n)
        with self._lock:
            while self.period is None and self.first_wild is None and len(self.genera) <= min(n, PERIOD_HEAP):
                self._next_tame()
                m = len(self.genera)
                if m > 2 * w + 1:        # the window of the heap m (> L): the heaps m-L … m-1
                    key = tuple(self.genera[m - w:])
                    seen = self._windows.get(key)
                    if seen is None:
                        self._windows[key] = m
                    else:                # genus(m + j) = genus(seen + j) for every j >= 0
                        self.period = (seen - w, m - seen)
            if self.first_wild is not None:
                return self.first_wild > n
            return self.period is not None or n < len(self.genera)

    # -- the tame prefix --------------------------------------------------------------------------
    def tame_upto(self, n: int) -> bool:
        """Whether every heap up to n is tame (computing their genera as needed)."""
        with self._lock:
            while len(self.genera) <= n and self.first_wild is None:
                self._next_tame()
            return self.first_wild is None or self.first_wild > n

    def _next_tame(self) -> None:
        n = len(self.genera)
        kinds = set()
        for a, b in self.code.splits(n):
            ga, gb = self.genera[a], self.genera[b]
            kinds.add((ga.g ^ gb.g, ga.fickle and gb.fickle))
        g = _mex({x for x, _ in kinds})
        if not kinds:
            genus = Genus(0, _fickle_gammas(0))     # no move: the game 0
        else:
            memo: dict[tuple[int, int], int] = {}

            def M(A: int, B: int) -> int:
                hit = memo.get((A, B))
                if hit is not None:
                    return hit
                seen = {tame_value(x, f and A == 0, A, B) for x, f in kinds}
                if A:
                    seen.add(M(A - 1, B + 1))
                    seen.add(M(A - 1, B))
                if B:
                    seen.add(M(A, B - 1))
                memo[(A, B)] = v = _mex(seen)
                return v

            genus = Genus(g, tuple(M(k, 0) for k in range(SUPERSCRIPTS)))
        self.genera.append(genus)
        if not genus.tame:
            self.first_wild = n

    # -- any heap ---------------------------------------------------------------------------------
    def genus(self, n: int, deadline: float | None = None, max_positions: int = SEARCH_POSITIONS) -> Genus:
        """The genus of a heap of n (GenusTooBig past the search's bounds, for a wild game)."""
        self.tame_upto(n)
        with self._lock:
            while len(self.genera) <= n:
                m = len(self.genera)
                g = _normal(self.code, self.genera, m)
                gammas = tuple(self._search((m,), k, 0, deadline, max_positions) for k in range(SUPERSCRIPTS))
                self.genera.append(Genus(g, gammas))
            return self.genera[n]

    def _search(self, pos: tuple[int, ...], A: int, B: int, deadline: float | None, max_positions: int) -> int:
        limit = sys.getrecursionlimit()
        if limit < 10_000:
            sys.setrecursionlimit(10_000)
        return self._mg(pos, A, B, deadline, max_positions)

    def _mg(self, pos: tuple[int, ...], A: int, B: int, deadline: float | None, max_positions: int) -> int:
        """The misère Grundy value of the heaps ``pos`` (sorted) with A heaps of 2 and B of 1."""
        wild = self.first_wild
        if wild is None or all(h < wild for h in pos):
            x, f = 0, True
            for h in pos:
                gh = self.genera[h]
                x ^= gh.g
                f = f and gh.fickle
            return tame_value(x, f and A == 0, A, B)
        key = (pos, A, B)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if len(self._memo) >= max_positions or (deadline is not None and time.monotonic() > deadline):
            raise GenusTooBig(pos)
        seen = set()
        last = None
        for i, h in enumerate(pos):
            if h == last:
                continue
            last = h
            rest = pos[:i] + pos[i + 1:]
            for a, b in self.code.splits(h):
                seen.add(self._mg(tuple(sorted(rest + tuple(x for x in (a, b) if x))), A, B, deadline,
                                  max_positions))
        if A:
            seen.add(self._mg(pos, A - 1, B + 1, deadline, max_positions))
            seen.add(self._mg(pos, A - 1, B, deadline, max_positions))
        if B:
            seen.add(self._mg(pos, A, B - 1, deadline, max_positions))
        v = _mex(seen) if seen else 1
        self._memo[key] = v
        return v

    # -- playing ----------------------------------------------------------------------------------
    def tame_loses(self, heaps) -> bool:
        """Whether the player to move loses this misère position, by the tame rule (every heap must
        be tame: :meth:`tame_upto`)."""
        x, f = 0, True
        for h in heaps:
            gh = self.heap(h)
            x ^= gh.g
            f = f and gh.fickle
        return x == (1 if f else 0)


def tame_value(x: int, fickle: bool, A: int, B: int) -> int:
    """The misère Grundy value of a sum of tame games of xor ``x`` (``fickle``: every part is, and
    no heap of 2 beside them) with A heaps of 2 and B heaps of 1 beside it: as in misère Nim."""
    v = x ^ (2 if A % 2 else 0) ^ (B & 1)
    return v ^ 1 if fickle else v


def _fickle_gammas(g: int) -> tuple[int, ...]:
    return tuple(g ^ 1 if k == 0 else g ^ 2 if k % 2 else g for k in range(SUPERSCRIPTS))


def _normal(code: OctalCode, genera: list[Genus], n: int) -> int:
    return _mex({genera[a].g ^ genera[b].g for a, b in code.splits(n)})


def _mex(values) -> int:
    m = 0
    while m in values:
        m += 1
    return m


_cache: dict[OctalCode, Genera] = {}
_cache_lock = threading.Lock()


def genera(code: OctalCode) -> Genera:
    """The genera of a code, kept for the life of the process."""
    with _cache_lock:
        g = _cache.get(code)
        if g is None:
            g = _cache[code] = Genera(code)
        return g
