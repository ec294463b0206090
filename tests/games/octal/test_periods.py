"""Published periods of Winning Ways' tables, each checked twice: the proof (the octal periodicity
theorem, nimarcade.games.takeaway.grundy) finds them, and an independent brute force of the values
(tests/games/octal/brute.py) shows the period holding over a long stretch and broken just before
the preperiod (so neither number is taken from memory alone)."""
from __future__ import annotations

import pytest

from nimarcade.games.takeaway import grundy
from nimarcade.games.takeaway.code import OctalCode

from tests.games.octal.brute import grundy_values

#: code -> (period, preperiod): Kayles, Dawson's Kayles, Dawson's chess, and four more.
PUBLISHED = {
    "0.77": (12, 71),        # Kayles: last exception G(70)
    "0.07": (34, 53),        # Dawson's Kayles (0.137 shifted by one)
    "0.137": (34, 52),       # Dawson's chess
    "0.1377": (24, 141),
    "0.177": (20, 497),
    "0.11377": (32, 187),
    "0.15": (10, 1),         # Guiles
}


@pytest.mark.parametrize("code", sorted(PUBLISHED))
def test_the_proof_finds_the_published_period(code: str) -> None:
    period, preperiod = PUBLISHED[code]
    proof = grundy.prove(OctalCode.parse(code))
    assert proof.proved
    assert (proof.period, proof.preperiod) == (period, preperiod)
    assert proof.proof_bound <= proof.searched


@pytest.mark.parametrize("code", sorted(PUBLISHED))
def test_the_brute_force_agrees(code: str) -> None:
    period, preperiod = PUBLISHED[code]
    t = OctalCode.parse(code).max_take
    count = 2 * preperiod + 3 * period + t + 50
    G = grundy_values(code, count)
    assert G == grundy.sequence(OctalCode.parse(code)).values(count)
    assert all(G[n + period] == G[n] for n in range(preperiod, count - period))
    if preperiod:
        assert G[preperiod - 1 + period] != G[preperiod - 1]            # the last exception
    for d in range(1, period):                                           # no smaller period
        if period % d == 0:
            assert any(G[n + d] != G[n] for n in range(preperiod, preperiod + period))


def test_kayles_values_start_as_in_winning_ways() -> None:
    assert grundy.sequence(OctalCode.parse("0.77")).values(12) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]


@pytest.mark.skipif(not grundy.compiled(), reason="0.127 needs the compiled loops (numba)")
def test_0_127_period_4_last_exception_46577() -> None:
    proof = grundy.prove(OctalCode.parse("0.127"), seconds=600)
    assert (proof.period, proof.preperiod) == (4, 46578)
    assert proof.proof_bound == 2 * 46578 + 2 * 4 + 3


def test_an_unsolved_code_says_how_far_it_went() -> None:
    proof = grundy.prove(OctalCode.parse("0.6"), seconds=600, max_n=3000)
    assert not proof.proved and proof.period is None
    assert proof.stopped == "size" and proof.searched == 3000
    nim = grundy.prove(OctalCode.parse("0.3..."))
    assert not nim.proved and nim.stopped == "infinite"


def test_the_python_and_compiled_loops_give_the_same_values(monkeypatch) -> None:
    """Past JIT_FROM values the compiled loops take over (when numba loads): the same values as
    the Python loops alone, and as the brute force at the start. The take-over is moved down from
    4096 to 512 values (the same code, read at each call): the Python loops alone then compute
    2,012 values, not 5,596 (Nim's alone took 4.8 s), and the values still outgrow ``seen`` a few
    times in the compiled loops."""
    from nimarcade.games.takeaway import kernel

    monkeypatch.setattr(grundy, "JIT_FROM", 512)
    count = grundy.JIT_FROM + 1500
    mixed = {code: grundy.Sequence(OctalCode.parse(code)).values(count) for code in ("0.77", "0.6", "4.07", "0.3...")}
    monkeypatch.setattr(grundy, "_kernel", lambda: (kernel.extend, kernel.first_of_period, None))
    for code, values in mixed.items():
        alone = grundy.Sequence(OctalCode.parse(code)).values(count)
        assert alone == values
        assert values[:300] == grundy_values(code.replace("...", "3" * 300), 300)
