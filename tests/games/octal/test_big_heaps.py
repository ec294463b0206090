"""Heaps of any size once a period is proved: the solver's outcome and winning
moves of positions of a million and a trillion tokens, checked move by move under the values read
from the period; the solver's moves on heaps of a few thousand against every legal move scored by
the plain values; the refusals where no period answers; and the judge's and puzzles' boards."""
from __future__ import annotations

import json
import random
from functools import reduce
from operator import xor

import pytest

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core.rules import InvalidSetup
from nimarcade.games.octal import lab, solver
from nimarcade.games.octal.rules import MAX_HEAP, OctalState, after
from nimarcade.games.takeaway import grundy, periodic
from nimarcade.puzzles import puzzle

PROVED = ["0.77", "0.07", "0.137"]


def period_xor(per: periodic.Periodic, heaps: tuple[int, ...]) -> int:
    return reduce(xor, (per.value(h) for h in heaps), 0)


@pytest.mark.parametrize("code", PROVED)
def test_big_positions_winning_moves_are_legal_and_reach_xor_zero(code: str) -> None:
    rng = random.Random(f"big-{code}")
    per = periodic.periodic(OctalState.new([1], code).octal)
    assert per is not None
    for _ in range(6):
        heaps = [rng.choice([10 ** 6, 10 ** 12]) + rng.randrange(1000) for _ in range(rng.randrange(1, 4))]
        heaps += [rng.randrange(1, 300) for _ in range(rng.randrange(3))]
        state = OctalState.new(heaps, code)
        total = period_xor(per, state.heaps)
        v = solver.verdict(state, limit=40)
        assert v.method == "grundy" and v.wins == bool(total)
        assert solver.values(state) == [per.value(h) for h in state.heaps]
        for move in v.moves or ():
            state.check(move)                                          # legal
            assert period_xor(per, state.play(move).heaps) == 0        # to a lost position
        if total:
            assert v.moves and solver.winning_move(state) == v.moves[0]
            assert (v.count or len(v.moves)) >= len(v.moves)
    lost = OctalState.new([10 ** 12 + 3, 10 ** 12 + 3], code)         # a pair: xor 0, nothing wins
    assert solver.verdict(lost) == solver.Verdict("grundy", False, ())


@pytest.mark.parametrize("code", PROVED)
def test_period_moves_equal_every_legal_move_scored_by_the_plain_values(code: str) -> None:
    """Heaps of 1,000-1,600 (past twice the preperiod and a period): the moves found from the
    period, against each legal move's child valued by the plain computation."""
    rng = random.Random(f"mid-{code}")
    state = OctalState.new([rng.randrange(1000, 1600) for _ in range(2)] + [rng.randrange(1, 60)], code)
    per = periodic.periodic(state.octal)
    assert per is not None and 1000 > 2 * (per.preperiod + per.period)
    G = grundy.sequence(state.octal).values(1600)
    total = reduce(xor, (G[h] for h in state.heaps), 0)
    if not total:                          # (a won position wanted: grow the small heap)
        state = OctalState.new(state.heaps[:2] + (state.heaps[2] + 1,), code)
        total = reduce(xor, (G[h] for h in state.heaps), 0)
    expected = [m for m in state.legal_moves()
                if total ^ G[state.heaps[m[0]]] == G[after(state.heaps[m[0]], m)[0]] ^ G[after(state.heaps[m[0]], m)[1]]]
    found = list(solver.normal_moves(state, per, period_xor(per, state.heaps)))
    assert total and found == expected
    assert solver.count_normal_moves(state, per, total) == len(expected)
    assert solver.winning_moves(state) == expected                    # (the plain values' path)


def test_a_million_lists_every_move_and_a_trillion_counts_them() -> None:
    state = OctalState.new([10 ** 6], "0.77")
    moves = solver.winning_moves(state)
    v = solver.verdict(state, limit=10)
    assert len(moves) == v.count > 10 ** 4 and moves[:10] == list(v.moves)
    huge = OctalState.new([10 ** 12, 10 ** 12 + 1], "0.07")
    v = solver.verdict(huge, limit=10)
    assert v.count is not None and v.count > solver.MOVES_LISTED
    with pytest.raises(solver.TooManyMoves) as info:
        solver.winning_moves(huge)
    assert str(v.count) in str(info.value)
    assert solver.winning_move(huge) == v.moves[0]


def test_refusals_are_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(periodic, "PROOF_VALUES", 2048)       # 0.6 is unsolved: no proof within it
    monkeypatch.setattr(periodic, "_unproved", set())
    for code in ("0.6", "0.7…"):
        with pytest.raises(InvalidSetup) as info:
            OctalState.new([10 ** 6], code)
        assert info.value.key == "err.octal.no_period"
        for lang in ("fr", "en"):
            i18n.set_language(lang)
            text = i18n.error_text(info.value)
            assert code in text and "1000000" in text and "err." not in text
    with pytest.raises(InvalidSetup) as info:      # misère: within what is drawn, unless a period answers
        OctalState.new([MAX_HEAP + 1], "0.07", misere=True)
    assert info.value.key == "err.octal.heap_size"
    from nimarcade.games.takeaway import quotient
    from nimarcade.games.takeaway.code import OctalCode

    quotient.proved_periodic(OctalCode.parse("0.77"), 60.0)    # (a busy machine may need more than a level's 5 s)
    assert OctalState.new([MAX_HEAP + 1], "0.77", misere=True).heaps == (MAX_HEAP + 1,)   # its quotient's period
    spec = registry.get("octal")
    assert spec.check_params({**spec.defaults(), "heaps": [10 ** 6], "code": "0.6"})[0] == "heaps"
    assert spec.check_params({**spec.defaults(), "heaps": [10 ** 12, 5], "code": "0.77"}) is None


def test_lab_position_of_a_trillion(capsys: pytest.CaptureFixture[str]) -> None:
    assert lab.main(["0.07", "--position", "1000000000000,1000000000001", "--json", "--lang", "en"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["outcome"] == "N" and report["method"] == "grundy"
    assert len(report["winning_moves"]) == solver.MOVES_SHOWN < report["winning_count"]
    assert lab.main(["0.7…", "--position", "1000000", "--lang", "en"]) == lab.BAD
    assert "no period of 0.7… is proved" in capsys.readouterr().err


def test_random_move_is_the_choice_among_every_legal_move() -> None:
    rng = random.Random(41)
    for code in ("0.77", "4.07", "0.137", "{1,3,4}", "0.3…", "0.6"):
        state = OctalState.new([rng.randrange(1, 40) for _ in range(3)], code)
        for seed in range(20):
            assert state.random_move(random.Random(seed)) == random.Random(seed).choice(state.legal_moves())


def test_a_puzzle_of_200000_tokens() -> None:
    found = puzzle.from_position("octal", "kayles", {}, "0.77 : 200000 5")
    state = found.state
    assert found.proved and found.solutions == tuple(solver.winning_moves(state))
    per = periodic.periodic(state.octal)
    assert per is not None and all(period_xor(per, state.play(m).heaps) == 0 for m in found.solutions)


def test_the_window_still_draws_heaps_of_200_at_most(driver) -> None:
    """The commands take a million where the period answers; the setup screen's heaps stop at what
    the window draws."""
    from nimarcade.core import levels
    from nimarcade.window.scenes.setup import SetupScene

    spec = registry.get("octal")
    assert spec.param("heaps").hi > 10 ** 12 and spec.param("heaps").setup_hi == MAX_HEAP
    scene = SetupScene(driver.app.services, "octal", levels.load("octal"))
    item = scene.param_items(spec.param("heaps"))[0]
    assert item.hi == MAX_HEAP
