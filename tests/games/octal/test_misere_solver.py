"""Misère play in the window, the judge and the puzzles: the solver decides a
tame position by the tame rule before the quotient and the search, at any heap size where every
heap is proved tame (misère Nim; a code that never splits, through its genus period). Checked
against Bouton's misère rule, written here from its statement, and the independent brute force
of :mod:`tests.games.octal.brute`."""
from __future__ import annotations

import random
from functools import reduce
from operator import xor

import pytest

from nimarcade.core import registry
from nimarcade.core.rules import InvalidSetup
from nimarcade.games.octal import explain, play, solver
from nimarcade.games.octal.rules import MAX_HEAP, OctalState, after
from nimarcade.games.takeaway import genus, quotient
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.i18n import tr
from tests.games.octal.brute import make

NIM = "0.3…"


def bouton_misere_lost(heaps: tuple[int, ...]) -> bool:
    """Misère Nim (Bouton 1902): with a heap of 2 or more the mover loses exactly on a xor of 0;
    with heaps of 0 and 1 only, exactly on an odd number of ones."""
    x = reduce(xor, heaps, 0)
    return x == 0 if any(h >= 2 for h in heaps) else x == 1


def child(state: OctalState, move: tuple[int, int, int]) -> tuple[int, ...]:
    i = move[0]
    a, b = after(state.heaps[i], move)
    return tuple(sorted(h for h in state.heaps[:i] + (a, b) + state.heaps[i + 1:] if h))


def test_misere_nim_64_100_by_the_solver_and_the_judge() -> None:
    spec = registry.get("octal")
    rng = random.Random(415)
    positions = [(64, 100)] + [tuple(rng.randint(0, 40) for _ in range(rng.randint(1, 4))) for _ in range(25)]
    for pos in positions:
        if not any(pos):
            continue
        state = OctalState.new(pos, NIM, misere=True)
        v = solver.verdict(state)
        assert v.method == "tame" and v.wins == (not bouton_misere_lost(state.heaps)), pos
        want = [m for m in state.legal_moves() if bouton_misere_lost(child(state, m))]
        assert list(v.moves or ()) == want == spec.winning(state), pos
    assert solver.winning_move(OctalState.new([64, 100], NIM, misere=True)) == (1, 36, 0)


def test_subtraction_134_at_121_5_by_the_solver_and_the_judge() -> None:
    wins = make("{1,3,4}")[0]
    spec = registry.get("octal")
    for pos in [(121, 5), (60, 33), (47, 47, 2), (58, 1)]:       # past {1,3,4}'s genus period (6, 7)
        state = OctalState.new(pos, "{1,3,4}", misere=True)
        v = solver.verdict(state)
        assert v.method == "tame" and v.wins == wins(tuple(sorted(pos)), True), pos
        want = [m for m in state.legal_moves() if not wins(child(state, m), True)]
        assert list(v.moves or ()) == want == spec.winning(state), pos


def test_the_genus_period_gives_the_genera_computed_heap_by_heap() -> None:
    for text in ("{1,3,4}", "{2,5,6}", "0.33", "{1,4,5}"):
        code = OctalState.new([1], text).octal
        through = genus.Genera(code)
        assert through.tame_through(10 ** 9) and through.period is not None
        plain = genus.Genera(code)
        plain.tame_upto(600)
        assert [through.heap(n) for n in range(601)] == plain.genera[:601], text


def test_a_big_tame_misere_position_is_answered_with_a_move_to_a_bouton_p_position() -> None:
    rng = random.Random(41)
    spec = registry.get("octal")
    for _ in range(8):
        heaps = [10 ** 6 + rng.randrange(1000) for _ in range(rng.randrange(1, 4))]
        heaps += [rng.randrange(0, 3) for _ in range(rng.randrange(3))]
        state = OctalState.new(heaps, NIM, misere=True)
        lost = bouton_misere_lost(state.heaps)
        v = solver.verdict(state)
        assert v.method == "tame" and v.wins == (not lost)
        for move in v.moves or ():
            state.check(move)                                             # legal
            assert bouton_misere_lost(state.play(move).heaps)             # to a Bouton P-position
        assert bool(v.moves) == (not lost) and spec.winning(state) == list(v.moves or ())
        if not lost:
            assert play.best_move(state) == v.moves[0]
    endgame = OctalState.new([10 ** 6, 1, 1], NIM, misere=True)     # leave an odd number of ones
    move = solver.winning_move(endgame)
    assert move == (0, 10 ** 6 - 1, 0) and endgame.play(move).heaps == (1, 1, 1)


def test_misere_heaps_above_200_only_where_the_tame_rule_or_a_quotient_period_answers() -> None:
    spec = registry.get("octal")
    big = {**spec.defaults(), "heaps": [10 ** 6, 5], "misere": True}
    assert spec.check_params({**big, "code": "{1,3,4}"}) is None
    assert spec.check_params({**big, "code": NIM}) is None
    assert spec.check_params({**big, "code": "0.07"})[0] == "heaps"       # wild, no quotient period
    quotient.proved_periodic(OctalCode.parse("0.77"), 120.0)          # (proved first: the check's 5 s, loaded)
    assert spec.check_params({**big, "code": "0.77"}) is None             # wild: its quotient's period
    with pytest.raises(InvalidSetup):
        OctalState.new([MAX_HEAP + 1], "0.07", misere=True)
    assert spec.param("heaps").setup_hi == MAX_HEAP                       # the window draws 200
    state = OctalState.new([10 ** 6 + 3, 7], "{1,3,4}", misere=True)
    rows = explain.hint_rows(state, spec.engine.hint(state))
    assert any(r.key == "octal.by_tame" for r in rows)
    assert "misère Nim" in tr("octal.by_tame") or "Nim misère" in tr("octal.by_tame")


def test_random_moves_of_a_million_token_nim_heap_are_counted_not_listed() -> None:
    """The judge's and the puzzles' random games on misère Nim of a million (the takes past the
    code's digits are a range: see :func:`nimarcade.games.octal.rules._heap_moves`)."""
    state = OctalState.new([10 ** 6, 999_999, 5], NIM, misere=True)
    takes = set()
    for seed in range(200):
        move = state.random_move(random.Random(seed))
        state.check(move)
        takes.add(move[1])
    assert len(takes) > 150 and max(takes) > 1000
