"""Classic Nim on several heaps (seed 001, part 2), normal play and misère."""
from __future__ import annotations

import dataclasses
from functools import reduce
from operator import xor

import pytest

from nimarcade.core.registry import is_winning, winning_move, winning_moves
from nimarcade.core.rules import GameOver, IllegalMove, InvalidSetup
from nimarcade.games.heaps.rules import HeapsState


def test_new_and_moves() -> None:
    s = HeapsState.new([1, 3, 7])
    assert s.heaps == (1, 3, 7) and s.misere is False and s.to_move == 0
    assert not s.is_over and s.winner is None
    moves = s.legal_moves()
    assert moves[:4] == [(0, 1), (1, 1), (1, 2), (1, 3)]
    assert len(moves) == 1 + 3 + 7
    assert moves == s.legal_moves()  # deterministic
    assert HeapsState.new((2, 0, 1)).legal_moves() == [(0, 1), (0, 2), (2, 1)]


def test_play_is_pure_and_alternates() -> None:
    s = HeapsState.new([1, 3, 7])
    t = s.play((2, 5))
    assert s.heaps == (1, 3, 7)
    assert t.heaps == (1, 3, 2) and t.to_move == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.heaps = (0,)  # type: ignore[misc]
    assert t == HeapsState((1, 3, 2), False, 1) and hash(t) == hash(HeapsState((1, 3, 2), False, 1))


@pytest.mark.parametrize("misere, winner", [(False, 0), (True, 1)])
def test_end_of_game(misere: bool, winner: int) -> None:
    s = HeapsState.new([0, 2], misere=misere).play((1, 2))
    assert s.is_over and s.winner == winner and s.legal_moves() == []
    with pytest.raises(GameOver):
        s.play((1, 1))


def test_a_start_with_only_empty_heaps_is_over() -> None:
    s = HeapsState.new([0, 0])
    assert s.is_over and s.winner == 1  # normal play: the player to move cannot move and loses


@pytest.mark.parametrize(
    "move, key",
    [
        ((3, 1), "err.heaps.no_heap"),
        ((-1, 1), "err.heaps.no_heap"),
        ((0, 2), "err.heaps.take_range"),
        ((1, 0), "err.heaps.take_range"),
        ((2, 1), "err.heaps.empty"),
        ((1, 1.5), "err.heaps.take_range"),
        (7, "err.bad_move"),
        ((1, 2, 3), "err.bad_move"),
        (None, "err.bad_move"),
    ],
)
def test_illegal_moves(move: object, key: str) -> None:
    with pytest.raises(IllegalMove) as info:
        HeapsState.new([1, 3, 0]).play(move)  # type: ignore[arg-type]
    assert info.value.key == key


@pytest.mark.parametrize(
    "args, key",
    [(([],), "err.heaps.none"), (([1, -1],), "err.heaps.negative"), (([1, 2.0],), "err.heaps.negative"),
     (([1], False, 3), "err.first")],
)
def test_invalid_setup(args: tuple, key: str) -> None:
    with pytest.raises(InvalidSetup) as info:
        HeapsState.new(*args)
    assert info.value.key == key


def test_seed_001_example_1_3_7() -> None:
    """« Le joueur 1 va modifier le tas 2 ... soit un retrait de 4+1 = 5 objets »."""
    s = HeapsState.new([1, 3, 7])
    assert is_winning(s)
    assert winning_move(s) == (2, 5)
    assert winning_moves(s) == [(2, 5)]
    # Follow the seed's game: every position the seed calls « perdante » has nim-sum 0.
    s = s.play((2, 5))                       # 1 3 2
    assert not is_winning(s)
    s = s.play((0, 1))                       # 0 3 2 (the seed: « il enlève 1 objet au tas 0 »)
    assert winning_move(s) == (1, 1)         # « retrait de 1 objet » from heap 1
    s = s.play((1, 1)).play((2, 1))          # 0 2 2 then 0 2 1
    assert winning_move(s) == (1, 1)         # 0 1 1
    s = s.play((1, 1)).play((2, 1))          # 0 1 1 then 0 1 0
    assert winning_move(s) == (1, 1)
    s = s.play((1, 1))
    assert s.is_over and s.winner == 0       # « il a gagné ! »


def test_huge_heaps_are_instant() -> None:
    """Bouton's rule does not enumerate moves: 50 heaps of a million objects each."""
    s = HeapsState.new([1_000_000] * 50)
    assert winning_move(s) is None  # 50 equal heaps: nim-sum 0
    t = HeapsState.new([1_000_000] * 49 + [999_999])
    move = winning_move(t)
    assert move is not None
    heaps = list(t.heaps)
    heaps[move[0]] -= move[1]
    assert reduce(xor, heaps) == 0
    assert winning_move(HeapsState.new([1_000_000 + i for i in range(50)], misere=True)) is not None


def test_misere_endgame() -> None:
    # Only 1-heaps: leave an odd number of them.
    assert winning_moves(HeapsState.new([1, 1], misere=True)) == [(0, 1), (1, 1)]
    assert winning_moves(HeapsState.new([1, 1, 1], misere=True)) == []
    # One big heap: shrink it to 0 or 1 to leave an odd number of 1-heaps.
    assert winning_moves(HeapsState.new([1, 5], misere=True)) == [(1, 5)]
    assert winning_moves(HeapsState.new([1, 1, 5], misere=True)) == [(2, 4)]
    assert winning_moves(HeapsState.new([5], misere=True)) == [(0, 4)]
    # Marienbad 1-3-5-7 is lost for the first player, in both variants.
    assert not is_winning(HeapsState.new([1, 3, 5, 7], misere=True))
    assert not is_winning(HeapsState.new([1, 3, 5, 7]))


def test_random_move_is_legal() -> None:
    import random

    rng = random.Random(3)
    s = HeapsState.new([0, 4, 0, 2])
    for _ in range(50):
        assert s.random_move(rng) in s.legal_moves()
