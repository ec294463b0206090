"""Misère positions with a heap of any size, in bounded memory and time.

The winning moves of a huge heap come by residue runs off the quotient's proved period
(:func:`nimarcade.games.octal.solver.quotient_runs`). They are checked here by independent small
computations: the children of heaps m, m + 2p, m + 4p… (congruent to the huge one modulo 2p, p
the quotient's period) listed one by one, whose counts grow by the same step each time and so
extrapolate to 10^12; the first moves listed, each child classified; and, for 0.75 (8 elements),
the outcomes of the reduced children by the brute-force misère search."""
from __future__ import annotations

import time
import tracemalloc

import pytest

from nimarcade.games.octal import lab, misere
from nimarcade.games.octal.rules import OctalState
from nimarcade.games.takeaway import genus as genus_mod
from nimarcade.games.takeaway import quotient as mq
from nimarcade.games.takeaway.code import OctalCode

from tests.games.octal.brute import make

HUGE = 10 ** 12


@pytest.fixture(scope="module")
def kayles() -> mq.Quotient:
    q = mq.proved_periodic(OctalCode.parse("0.77"), 60)
    assert q is not None and q.period is not None
    return q


def listed_one_by_one(q: mq.Quotient, code: str, heaps: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Every winning move, each child built and classified (the method that lists them all)."""
    octal = OctalCode.parse(code)
    out = []
    for i, h in enumerate(heaps):
        for k, a, b in octal.options(h):
            child = [x for x in heaps[:i] + (a, b) + heaps[i + 1:] if x]
            if q.P[q.classify(child)]:
                out.append((i, k, a))
    return out


def extrapolated(q: mq.Quotient, code: str, others: tuple[int, ...]) -> int:
    """The count of winning moves of (10^12, *others), from small heaps congruent to it mod 2p."""
    n0, p = q.period or (0, 1)
    m = 2 * n0 + 8 * p + (HUGE - 2 * n0) % (2 * p)
    counts = [len(listed_one_by_one(q, code, (m + 2 * p * t,) + others)) for t in range(3)]
    assert counts[2] - counts[1] == counts[1] - counts[0], counts        # a step a double period
    return counts[0] + (HUGE - m) // (2 * p) * (counts[1] - counts[0])


@pytest.mark.parametrize("others", [(5,), (5, 7), (1,)])
def test_kayles_at_ten_to_the_twelve_against_small_heaps(kayles: mq.Quotient, others: tuple[int, ...]) -> None:
    state = OctalState.new((HUGE,) + others, "0.77", True)
    v = misere.verdict(state, 30, limit=1000)
    count = len(v.moves or ()) if v.count is None else v.count
    assert v.method == "quotient" and count == extrapolated(kayles, "0.77", others)
    n0, p = kayles.period or (0, 1)
    m = 2 * n0 + 8 * p + (HUGE - 2 * n0) % (2 * p)
    assert v.wins == (not kayles.P[kayles.classify((m,) + others)])
    # the first moves listed: exactly the small heap's with a part below 100 on the big heap, in order
    small = [mv for mv in listed_one_by_one(kayles, "0.77", (m,) + others) if mv[0] > 0 or mv[2] < 100]
    big = [mv for mv in v.moves or () if mv[0] > 0 or mv[2] < 100]
    assert big[:len(small)] == small[:len(big)] and (count > 1000 or big == small)
    for i, k, a in v.moves or ():
        heaps = (HUGE,) + others
        child = [x for x in heaps[:i] + (a, heaps[i] - k - a) + heaps[i + 1:] if x]
        assert kayles.P[kayles.classify(child)]


def test_the_command_answers_ten_to_the_twelve_in_little_memory(kayles: mq.Quotient) -> None:
    assert kayles.size == 40
    tracemalloc.start()
    try:
        report = lab.position_report("0.77", [HUGE, 5], True, seconds=30)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2 ** 20           # (the old way listed every child: killed at 24 GB)
    assert report == {"outcome": "N", "winning_moves": ["1:2:3", "1:2:39", "2:1"], "method": "quotient",
                      "winning_count": extrapolated(kayles, "0.77", (5,))}


def test_075_at_ten_to_the_twelve_against_the_brute_force() -> None:
    q = mq.proved_periodic(OctalCode.parse("0.75"), 30)
    assert q is not None and q.period is not None
    n0, p = q.period
    wins = make("0.75")[0]

    def small(n: int) -> int:            # a heap of the same element, small enough for the brute force
        return n if n < n0 + p else n0 + (n - n0) % p + 2 * p

    octal = OctalCode.parse("0.75")
    for others in [(5,), (3, 6), (2,)]:
        heaps = (HUGE,) + others
        v = misere.verdict(OctalState.new(heaps, "0.75", True), 30, limit=50)
        assert v.wins == wins(tuple(sorted(small(h) for h in heaps)), True)
        count = len(v.moves or ()) if v.count is None else v.count
        assert count == extrapolated(q, "0.75", others)
        for i, k, a in v.moves or ():
            b = heaps[i] - k - a
            assert octal.allows(heaps[i], k, a)
            child = tuple(sorted(small(x) for x in heaps[:i] + (a, b) + heaps[i + 1:] if x))
            assert not wins(child, True), (heaps, (i, k, a))


def test_seconds_bound_every_misere_query() -> None:
    # a wild code whose quotient is not found: the search, stopped by the clock (no answer claimed)
    start = time.monotonic()
    v = misere.verdict(OctalState.new((60, 50, 41), "0.07", True), seconds=0.2)
    assert v.method == "none" and v.wins is None and time.monotonic() - start < 5
    report = lab.position_report("0.07", [60, 50, 41], True, seconds=0.2)
    assert report["outcome"] is None and report["method"] == "none"
    # the genus of many tame heaps (each costs its size): stopped by the clock, said so
    start = time.monotonic()
    out = misere.sequence_report(OctalCode.parse("0.3…"), 1_000_000, 0.3)
    assert out["genus_stopped"] and 0 < len(out["genus"]) < 1_000_000 and time.monotonic() - start < 5
    assert out["tame"] and out["first_wild"] is None
    genera = genus_mod.genera(OctalCode.parse("0.3…"))
    assert out["genus"][:5] == [str(genera.heap(n)) for n in range(5)]
