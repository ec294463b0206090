"""Bigger quotients: the partial quotients Q(A_n) heap by heap (quotient.reach), their sizes for
small n against an independent brute force (tests/games/octal/brute.py), what the lab says of a
code whose quotient is not found (how far, what stopped it), and the lab's positions answered by
the same construction. The published figure Q(A_30) of 0.07 = 360 elements (Siegel, 2007) takes
a minute and a half: docs/BENCHMARKS.md runs it."""
from __future__ import annotations

import json

import pytest

from nimarcade.games.takeaway import quotient as mq
from nimarcade.games.takeaway.code import OctalCode

from tests.games.octal.brute import make
from tests.games.takeaway.test_presentation import _partitions as _parts

#: |Q(A_n)| of 0.07 for n = 1..24 (heap 1 has no move: the quotient of the empty position alone).
DAWSON_24 = [1, 2, 2] + [6] * 6 + [12] * 4 + [24] * 11


@pytest.mark.parametrize("code,tokens,sizes", [("0.07", 12, {4: 6, 9: 6}),
                                               ("0.777", 11, {2: 6, 3: 6, 4: 10, 5: 18, 6: 18})])
def test_partial_quotient_sizes_are_the_brute_forces_classes(code: str, tokens: int, sizes: dict[int, int]) -> None:
    """The positions of heaps <= n with at most ``tokens`` tokens, grouped by their misère outcome
    beside every position of heaps <= n with at most ``tokens`` + 10 (the brute force's own
    search): as many classes as Q(A_n) has elements, each element one class."""
    wins = make(code)[0]
    _q, grown = mq.compute(max(sizes), OctalCode.parse(code))
    for n, size in sizes.items():
        q, _ = mq.compute(n, OctalCode.parse(code))
        assert grown[n - 1] == q.size == size
        small = [h for t in range(tokens + 1) for h in _parts(t, n)]
        tests = [h for t in range(11) for h in _parts(t, n)]
        sig = {h: tuple(wins(tuple(sorted(h + x)), True) for x in tests) for h in small}
        element = {h: q.classify(h) for h in small}
        assert len(set(sig.values())) == len(set(element.values())) == size, (code, n)
        assert all(len({sig[h] for h in small if element[h] == e}) == 1 for e in set(element.values()))


def test_reach_gives_the_partial_sizes_and_what_stopped_it() -> None:
    code = OctalCode.parse("0.07")
    r = mq.reach(code, 24, seconds=60)
    assert (r.heap_reached, r.stopped, r.finite) == (24, None, None) and list(r.sizes) == DAWSON_24
    assert r.quotient.size == 24 and mq.verify(r.quotient)
    # heap 25 needs 144 elements: a bound of 30 stops the growth there, said so, heaps <= 24 kept
    r = mq.reach(code, 40, seconds=60, max_size=30)
    assert r.heap_reached == 24 and r.stopped in ("size", "lift") and r.quotient.size == 24
    proved = mq.reach(OctalCode.parse("0.75"), 400, seconds=60)
    assert proved.finite is True and proved.stopped is None and proved.quotient.period == (8, 2)


def test_lab_says_how_far_the_quotient_got(capsys, monkeypatch) -> None:
    from nimarcade.games.octal import lab, quotientlab

    monkeypatch.setattr(quotientlab, "_reached", {})
    assert lab.main(["0.07", "--quotient", "--json", "--seconds", "1.2", "--lang", "en"]) == 0
    rep = json.loads(capsys.readouterr().out)
    n = rep["heap_reached"]
    assert n >= 10 and rep["partial_sizes"] == DAWSON_24[:n] and rep["quotient"]["size"] == DAWSON_24[n - 1]
    assert rep["finite"] is None and rep["stopped"] == "time" and rep["quotient"]["computed_to"] == n
    quotientlab.print_report(rep)
    text = capsys.readouterr().out
    assert f"Quotient of the heaps ≤ {n}: {DAWSON_24[n - 1]} elements; no period proved up to heap {n}" in text
    assert "stopped by the time given" in text and "4–9: 6" in text


def test_a_position_the_solver_leaves_is_answered_by_the_labs_construction(monkeypatch) -> None:
    from nimarcade.games.octal import misere, quotientlab, solver
    from nimarcade.games.octal.rules import OctalState

    monkeypatch.setattr(solver, "quotient", lambda code, top, seconds=0: None)
    monkeypatch.setattr(quotientlab, "_reached", {})
    monkeypatch.setattr(misere, "SEARCH_FIRST_SHARE", 0.0)     # no quick search: the construction
    wins = make("0.07")[0]
    for heaps in [(14, 6, 2), (13, 4, 3, 2)]:
        v = misere.verdict(OctalState.new(heaps, "0.07", True), seconds=20)
        assert v.method == "quotient" and v.wins == wins(tuple(sorted(heaps)), True), heaps
    r = quotientlab.reached(OctalCode.parse("0.07"))
    assert r is not None and r.heap_reached >= 14 and list(r.sizes) == DAWSON_24[:r.heap_reached]
