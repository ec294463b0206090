"""choose_move(state, level, rng): seed 003's levels, with seeded random generators only.

Levels 1/2/3 play a random move with probability 0.9/0.5/0.1 and the winning move otherwise;
level 4 never misses a winning move. (test_exact.py proves winning_moves against brute force.)
"""
from __future__ import annotations

import itertools
import random

import pytest

from nimarcade.core.computer import LEVELS, RANDOM_PROBABILITY
from nimarcade.core.registry import choose_move, winning_moves
from nimarcade.core.rules import GameOver
from nimarcade.games.awele.rules import AweleState
from nimarcade.games.grid.rules import GridState
from nimarcade.games.heaps.rules import HeapsState
from nimarcade.games.matches.rules import RowState
from nimarcade.games.sticks.rules import SticksState


def nim_positions():
    """A few hundred positions of the four Nim-family games, won and lost."""
    for n in range(1, 30):
        yield SticksState.new(n, 3, n % 2 == 0)
    for heaps in itertools.product(range(5), repeat=3):
        if any(heaps):
            yield HeapsState.new(heaps, misere=sum(heaps) % 2 == 0)
    for pawns in itertools.combinations_with_replacement([(1, 1), (2, 3), (3, 1), (4, 4), (5, 2)], 3):
        yield GridState.from_pawns(5, 6, pawns)
    for pattern in ("1111", "11.111", "1..1111...11...11.111", "111111111", "1.1.1", "11.11.1"):
        yield RowState.from_pattern(pattern)
    yield RowState.new(21)
    yield GridState.new(30, 30, 30)


def test_the_levels_are_seed_003s() -> None:
    assert LEVELS == (1, 2, 3, 4)
    assert RANDOM_PROBABILITY == {1: 0.9, 2: 0.5, 3: 0.1, 4: 0.0}


def test_level_4_always_wins_when_it_can() -> None:
    rng = random.Random(4)
    won = lost = 0
    for state in nim_positions():
        good = winning_moves(state)
        for _ in range(5):
            move = choose_move(state, 4, rng)
            assert move in state.legal_moves()
            if good:
                assert move in good, state
        won += bool(good)
        lost += not good
    assert won > 50 and lost > 20  # both kinds of positions were tried


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves(level: int) -> None:
    rng = random.Random(100 + level)
    for state in nim_positions():
        for _ in range(3):
            state.play(choose_move(state, level, rng))  # raises if the move is illegal


# Positions where exactly one move of many wins.
SINGLE_WINNER = [
    HeapsState.new([1, 3, 7]),                  # only (2, 5), among 11 moves
    SticksState.new(18, max_take=9),            # only 8, among 9 moves
    GridState.from_pawns(7, 7, [(1, 1), (1, 2), (6, 1)]),  # only ((1, 2), (1, 3)), among 11
]


@pytest.mark.parametrize("state", SINGLE_WINNER, ids=["heaps", "sticks", "grid"])
def test_levels_miss_the_winning_move_as_often_as_the_seed_says(state) -> None:
    good = winning_moves(state)
    assert len(good) == 1 and len(state.legal_moves()) >= 5
    draws = 2000
    freq = {}
    for level in LEVELS:
        rng = random.Random(2024 + level)
        hits = sum(choose_move(state, level, rng) == good[0] for _ in range(draws))
        freq[level] = hits / draws
    # Expected: 1 - p + p * (chance that a random move is the winning one), p = 0.9/0.5/0.1/0.
    assert freq[4] == 1.0
    assert freq[3] >= 0.85
    assert 0.4 <= freq[2] <= 0.7
    assert freq[1] <= 0.35
    assert freq[1] < freq[2] < freq[3] < freq[4]


def test_levels_on_a_lost_position_play_some_legal_move() -> None:
    s = HeapsState.new([1, 2, 3])  # nim-sum 0: no winning move
    assert winning_moves(s) == []
    for level in LEVELS:
        rng = random.Random(level)
        seen = {choose_move(s, level, rng) for _ in range(200)}
        assert seen <= set(s.legal_moves())
        assert len(seen) > 1  # a random move, not always the same one


def test_same_seed_same_moves() -> None:
    state = RowState.from_pattern("1..1111...11...11.111")
    a = [choose_move(state, 2, random.Random(9)) for _ in range(20)]
    rng1, rng2 = random.Random(77), random.Random(77)
    first = [choose_move(state, 1, rng1) for _ in range(50)]
    assert first == [choose_move(state, 1, rng2) for _ in range(50)]
    assert len(set(a)) == 1


@pytest.mark.parametrize("level", [0, 5, -1, 2.5, "3", None])
def test_level_outside_one_to_four_raises(level: object) -> None:
    with pytest.raises(ValueError):
        choose_move(SticksState.new(10), level, random.Random(0))  # type: ignore[arg-type]


def test_no_move_after_the_end() -> None:
    with pytest.raises(GameOver):
        choose_move(SticksState.new(1).play(1), 4, random.Random(0))


def test_awele_choose_move_is_legal() -> None:
    """Through the public entry point every level gives a legal move under a short time limit
    (strength: tests/games/awele/test_engine.py, and the arena in docs/BENCHMARKS.md). 10 ms: the
    deeper levels' searches stop at the limit, as they did at 50 ms (which took 3.5 s of the
    suite), and must still give a legal move."""
    rng = random.Random(5)
    positions = [AweleState.new(), AweleState.new(3, "capture_nothing", first=1)]
    s = AweleState.new(5)
    for _ in range(30):
        s = s.play(s.random_move(rng))
        if s.is_over:
            break
        positions.append(s)
    for state in positions:
        for level in LEVELS:
            move = choose_move(state, level, random.Random(level), time_limit=0.01)
            assert move in state.legal_moves()
