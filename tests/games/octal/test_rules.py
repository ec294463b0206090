"""The octal game's rules: moves from the code, play, the end in both conventions, notation, every
error key, and random playouts that keep the invariants."""
from __future__ import annotations

import random

import pytest

from nimarcade.core.rules import GameOver, IllegalMove, InvalidSetup
from nimarcade.games.octal.rules import OctalState, format_move, parse_move

from tests.games.octal.brute import results


def test_kayles_moves_on_a_row_of_five() -> None:
    s = OctalState.new([5], "0.77")
    left = sorted((k, a) for _i, k, a in s.legal_moves())
    # take 1 or 2 from an end, or from inside splitting the row
    assert left == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1)]


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.07", "0.6", "{1,3,4}", "0.15", "0.007"])
def test_the_moves_leave_what_the_definition_allows(code: str) -> None:
    from tests.games.octal.brute import digits_of

    digits = tuple(digits_of(code))
    for n in range(0, 16):
        s = OctalState.new([n], code) if n else None
        if s is None:
            continue
        got = {tuple(sorted(h for h in s.play(m).heaps)) for m in s.legal_moves()}
        assert got == results(digits, n), (code, n)
        assert len(s.legal_moves()) == len(set(s.legal_moves()))


def test_the_end_in_both_conventions() -> None:
    s = OctalState.new([1], "0.07")           # Dawson's Kayles: a lone pin can't be taken
    assert s.is_over and s.legal_moves() == []
    assert s.winner == 1 and s.outcome.reason == "end.octal.last_won"
    m = OctalState.new([1], "0.07", misere=True)
    assert m.winner == 0 and m.outcome.reason == "end.octal.last_lost"
    t = OctalState.new([2], "0.07").play((0, 2, 0))
    assert t.heaps == () and t.is_over and t.winner == 0


def test_notation_round_trips_and_takes_either_side() -> None:
    s = OctalState.new([9, 4], "0.77")
    for m in s.legal_moves():
        assert parse_move(s, format_move(m)) == m
    assert parse_move(s, "1:1:6") == (0, 1, 2)          # the larger side named: the same move
    assert format_move((1, 2, 0)) == "2:2"


def test_every_error_key() -> None:
    cases = {
        "err.octal.heaps": lambda: OctalState.new([]),
        "err.octal.heap_size": lambda: OctalState.new([500], "0.07", misere=True),
        "err.octal.no_period": lambda: OctalState.new([500], "0.7…"),
        "err.octal.board": lambda: OctalState.new([3], board="grid"),
        "err.octal.no_heap": lambda: OctalState.new([3]).play((4, 1, 0)),
        "err.octal.not_allowed": lambda: OctalState.new([3], "0.07").play((0, 1, 0)),
        "err.octal.left_right": lambda: OctalState.new([6], "0.77").play((0, 1, 3)),
        "err.octal.say_split": lambda: parse_move(OctalState.new([6], "0.04"), "1:2"),
        "err.octal.code_digit": lambda: OctalState.new([3], "0.78"),
        "err.octal.code_d0": lambda: OctalState.new([3], "1.7"),
        "err.octal.code_empty": lambda: OctalState.new([3], ""),
        "err.octal.code_form": lambda: OctalState.new([3], "0.x"),
        "err.octal.code_no_move": lambda: OctalState.new([3], "0.0"),
        "err.octal.take_range": lambda: OctalState.new([3], "{0,2}"),
        "err.octal.code_long": lambda: OctalState.new([3], "0." + "7" * 80),
    }
    for key, make in cases.items():
        with pytest.raises((InvalidSetup, IllegalMove)) as info:
            make()
        assert info.value.key == key, key
    with pytest.raises(GameOver):
        OctalState.new([1], "0.07").play((0, 1, 0))


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.3...", "0.6", "{1,2,3}"])
@pytest.mark.parametrize("misere", [False, True])
def test_random_playouts_keep_the_invariants(code: str, misere: bool) -> None:
    rng = random.Random(7)
    for _ in range(20):
        s = OctalState.new([rng.randrange(1, 15) for _ in range(rng.randrange(1, 4))], code, misere)
        hash(s)
        while not s.is_over:
            before = s.tokens
            m = s.random_move(rng)
            s = s.play(m)
            assert s.tokens < before or (s.tokens == before and m[1] == 0)
            assert all(h > 0 for h in s.heaps)
        assert s.legal_moves() == [] and s.winner in (0, 1)
