"""Matches in a row (seed 004): take 1..3 adjacent matches; whoever takes the last one loses."""
from __future__ import annotations

import dataclasses

import pytest

from nimarcade.core.registry import is_winning, winning_move, winning_moves
from nimarcade.core.rules import GameOver, IllegalMove, InvalidSetup
from nimarcade.games.matches.rules import RowState, segments

SEED_PATTERN = "1..1111...11...11.111"  # the seed's 21-cell example


def test_new_row() -> None:
    s = RowState.new()
    assert s.length == 21 and s.remaining == 21 and s.cells == (True,) * 21
    assert s.max_take == 3 and s.to_move == 0 and not s.is_over and s.winner is None
    assert RowState.new(5, max_take=2, first=1).to_move == 1
    assert RowState.new(5).legal_moves() == [
        (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1)
    ]


def test_seed_pattern() -> None:
    s = RowState.from_pattern(SEED_PATTERN)
    present = [i for i, c in enumerate(s.cells) if c]
    assert present == [0, 3, 4, 5, 6, 10, 11, 15, 16, 18, 19, 20]
    assert s.pattern() == SEED_PATTERN
    assert segments(s.cells) == [(0, 1), (3, 4), (10, 2), (15, 2), (18, 3)]
    # « on peut retirer les allumettes 4 et 5, ou les allumettes 18, 19 et 20 »
    assert (4, 2) in s.legal_moves() and (18, 3) in s.legal_moves()
    t = s.play((18, 3))
    assert t.pattern() == "1..1111...11...11...."
    # ... but not matches that do not touch.
    with pytest.raises(IllegalMove) as info:
        s.play((6, 2))
    assert info.value.key == "err.matches.gap" and info.value.params == {"cell": 8}


def test_pattern_alphabet() -> None:
    a = RowState.from_pattern("|.|| 0 1")
    b = RowState.from_pattern("1011" + "01")
    assert a.cells == b.cells == (True, False, True, True, False, True)
    assert RowState.from_pattern("...").is_over


@pytest.mark.parametrize("text", ["1x1", "", "   ", 11])
def test_bad_patterns(text: object) -> None:
    with pytest.raises(InvalidSetup) as info:
        RowState.from_pattern(text)  # type: ignore[arg-type]
    assert info.value.key in {"err.matches.pattern", "err.matches.length"}


@pytest.mark.parametrize(
    "call, key",
    [
        (lambda: RowState.new(0), "err.matches.length"),
        (lambda: RowState.new(121), "err.matches.length"),
        (lambda: RowState.new(2.0), "err.matches.length"),
        (lambda: RowState.new(5, max_take=0), "err.matches.max_take"),
        (lambda: RowState.new(5, first=5), "err.first"),
    ],
)
def test_invalid_setup(call, key: str) -> None:
    with pytest.raises(InvalidSetup) as info:
        call()
    assert info.value.key == key


@pytest.mark.parametrize(
    "move, key",
    [
        ((0, 4), "err.matches.take_range"),
        ((0, 0), "err.matches.take_range"),
        ((-1, 1), "err.matches.off_row"),
        ((20, 2), "err.matches.off_row"),
        ((1, 1), "err.matches.gap"),
        ((5, 3), "err.matches.gap"),
        ((3,), "err.bad_move"),
        (None, "err.bad_move"),
    ],
)
def test_illegal_moves(move: object, key: str) -> None:
    with pytest.raises(IllegalMove) as info:
        RowState.from_pattern(SEED_PATTERN).play(move)  # type: ignore[arg-type]
    assert info.value.key == key


def test_last_match_loses() -> None:
    s = RowState.from_pattern("..1..")
    assert winning_move(s) is None and not is_winning(s)
    t = s.play((2, 1))  # player 0 has to take the last match
    assert t.is_over and t.winner == 1 and t.legal_moves() == []
    assert is_winning(t)  # seed 004: a terminal position is « gagnante » for the player to move
    with pytest.raises(GameOver):
        t.play((2, 1))


def test_play_is_pure_immutable_hashable() -> None:
    s = RowState.new(6)
    t = s.play((2, 2))
    assert s.cells == (True,) * 6
    assert t.pattern() == "11..11" and t.to_move == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.cells = ()  # type: ignore[misc]
    twin = RowState.from_pattern("11..11", first=1)
    assert t == twin and hash(t) == hash(twin)


def test_small_positions_by_hand() -> None:
    # Two matches side by side: take one, the opponent must take the last.
    assert winning_moves(RowState.from_pattern("11")) == [(0, 1), (1, 1)]
    # Two separate matches: take either, the opponent must take the other.
    assert winning_moves(RowState.from_pattern("1.1")) == [(0, 1), (2, 1)]
    # Three separate matches: you take the first and the third, and lose.
    assert winning_moves(RowState.from_pattern("1.1.1")) == []
    # Three in a row: take two, from either end.
    assert winning_moves(RowState.from_pattern("111")) == [(0, 2), (1, 2)]
    # Four in a row: take three and leave one.
    assert winning_moves(RowState.from_pattern("1111")) == [(0, 3), (1, 3)]
    # Two pairs: whatever you take, the opponent answers in the other pair and you take the last.
    assert winning_moves(RowState.from_pattern("11.11")) == []
    # Five in a row: take the middle one and leave two pairs.
    assert winning_moves(RowState.from_pattern("11111")) == [(2, 1)]


def test_the_classic_21() -> None:
    s = RowState.new(21)
    move = winning_move(s)
    assert move is not None
    assert not is_winning(s.play(move))
    assert move in winning_moves(s)


def test_random_move_is_legal() -> None:
    import random

    rng = random.Random(5)
    s = RowState.from_pattern(SEED_PATTERN)
    for _ in range(50):
        assert s.random_move(rng) in s.legal_moves()
