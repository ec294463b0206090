"""A misère quotient as researchers write it: generators, relations, P-portion and heap map.

Plambeck and Siegel (and Siegel's MisereSolver) print a quotient not as its multiplication table
but as a commutative monoid presentation: generators ``a, b, c, …`` (the elements of the heaps
that the heaps before them do not generate, in heap order), relations between words in them
(``a^2 = 1``, ``b^3 = b``, ``bc = ab``), the P-portion as a list of words, and each heap's element
as a word. This module reads such a presentation off a computed
:class:`nimarcade.games.takeaway.quotient.Quotient` (our own construction; the notation is theirs).

How: words are commutative monomials, ordered by degree, then by their letters read in alphabetical
order (``aab`` before ``abb``: an order compatible with multiplication). Every element gets the
least word that reaches it (its *normal form*); the words that are not normal form an ideal, and
its minimal members, each set equal to its normal form, are the relations. They are a complete
rewriting system: any word is rewritten to its normal form by them, so they present the monoid
(the relations of a Gröbner basis; sometimes more relations than the fewest possible).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nimarcade.games.takeaway.quotient import Quotient, find_period

#: A word: the exponent of each generator.
Word = tuple[int, ...]


def letter(i: int) -> str:
    """The name of generator i: a … z, then x27, x28, …"""
    return chr(ord("a") + i) if i < 26 else f"x{i + 1}"


def spell(word: Word) -> str:
    """``(2, 0, 1)`` → ``a^2c``; the empty word is ``1``."""
    parts = []
    for i, e in enumerate(word):
        if e:
            parts.append(letter(i) + (f"^{e}" if e > 1 else ""))
    return "".join(parts) or "1"


def _key(word: Word) -> tuple[int, tuple[int, ...]]:
    """Degree first, then more of the earlier letters first (``aab`` < ``abb`` < ``b^3``)."""
    return (sum(word), tuple(-e for e in word))


@dataclass(frozen=True)
class Presentation:
    """A quotient's presentation. ``generators[i]`` is the heap whose element is generator i;
    ``relations`` pairs (left, right) of words with left > right; ``words[x]`` the normal form
    of element x; ``heap_words[n]`` the element of heap n as a word (n = 0 … len - 1);
    ``period`` (n0, p) when the heap map repeats from n0 with period p (``proved`` or only seen)."""

    generators: tuple[int, ...]
    relations: tuple[tuple[Word, Word], ...]
    words: tuple[Word, ...]
    p_portion: tuple[int, ...]
    heap_words: tuple[Word, ...]
    period: tuple[int, int] | None
    proved: bool
    computed_to: int

    @property
    def size(self) -> int:
        return len(self.words)

    def relation_texts(self) -> list[str]:
        return [f"{spell(a)} = {spell(b)}" for a, b in self.relations]

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "generators": [{"name": letter(i), "heap": h} for i, h in enumerate(self.generators)],
            "relations": [[spell(a), spell(b)] for a, b in self.relations],
            "p_portion": [spell(self.words[x]) for x in self.p_portion],
            "elements": [spell(w) for w in self.words],
            "heaps": [spell(w) for w in self.heap_words],
            "period": None if self.period is None else self.period[1],
            "preperiod": None if self.period is None else self.period[0],
            "period_proved": self.proved,
            "computed_to": self.computed_to,
        }


def present(Q: Quotient) -> Presentation:
    """The presentation of Q over its heaps (every heap up to ``Q.max_heap``; with a proved
    period, that is every heap). ValueError if the heaps do not generate Q."""
    mul, phi = Q.mul, Q.phi
    # generators: the heaps, in order, whose element the earlier generators do not reach
    gens: list[int] = []
    reached = {0}
    for n in range(1, len(phi)):
        x = phi[n]
        if x in reached:
            continue
        gens.append(n)
        frontier = list(reached)
        while frontier:                         # close the submonoid under the new generator too
            nxt = []
            for y in frontier:
                for g in gens:
                    z = mul[y][phi[g]]
                    if z not in reached:
                        reached.add(z)
                        nxt.append(z)
            frontier = nxt
    if len(reached) != Q.size:
        raise ValueError(f"the heaps reach {len(reached)} of the {Q.size} elements")
    k = len(gens)
    elem_of_gen = [phi[g] for g in gens]
    normal: dict[Word, int] = {(0,) * k: 0}     # normal word -> element
    word_of: dict[int, Word] = {0: (0,) * k}
    relations: list[tuple[Word, Word]] = []
    layer = [(0,) * k]
    while layer:
        candidates: set[Word] = set()
        for w in layer:
            for i in range(k):
                candidates.add(w[:i] + (w[i] + 1,) + w[i + 1:])
        nxt_layer = []
        for w in sorted(candidates, key=_key):
            # a word with a non-normal divisor is not normal, and not a minimal one either
            divisors = [w[:i] + (w[i] - 1,) + w[i + 1:] for i in range(k) if w[i]]
            if any(d not in normal for d in divisors):
                continue
            d = divisors[0]
            i = next(j for j in range(k) if w[j] != d[j])
            x = mul[normal[d]][elem_of_gen[i]]
            if x in word_of:
                relations.append((w, word_of[x]))
            else:
                word_of[x] = w
                normal[w] = x
                nxt_layer.append(w)
        layer = nxt_layer
    words = tuple(word_of[x] for x in range(Q.size))
    seen = None
    if Q.period is not None:
        period: tuple[int, int] | None = Q.period
        proved = True
    else:
        seen = find_period(Q) if Q.max_heap >= 2 else None
        period = None if seen is None else (seen.preperiod, seen.period)
        proved = bool(seen and seen.proved)
    top = Q.max_heap if period is None else min(Q.max_heap, period[0] + period[1] - 1)
    return Presentation(tuple(gens), tuple(relations), words,
                        tuple(x for x in range(Q.size) if Q.P[x]),
                        tuple(words[Q.phi[n]] for n in range(top + 1)), period, proved, Q.max_heap)


def heap_runs(p: Presentation) -> list[tuple[int, int, str]]:
    """The heap map as runs of consecutive heaps of the same word: (first, last, word), heaps
    1 … as far as the map is listed (to the end of the first period when one is known)."""
    runs: list[tuple[int, int, str]] = []
    for n in range(1, len(p.heap_words)):
        w = spell(p.heap_words[n])
        if runs and runs[-1][2] == w and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n, w)
        else:
            runs.append((n, n, w))
    return runs
