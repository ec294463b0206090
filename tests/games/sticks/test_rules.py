"""One pile of sticks: SticksState (seed 001, Fort Boyard) and the seed 000 Supervisor (MGL7160)."""
from __future__ import annotations

import dataclasses

import pytest

from nimarcade.core.registry import winning_move, winning_moves
from nimarcade.core.rules import GameNotOver, GameOver, IllegalMove, InvalidSetup, RulesError
from nimarcade.games.sticks import rules, seed000
from nimarcade.games.sticks.rules import SticksState
from nimarcade.games.sticks.seed000 import Player, Supervisor


# -- the state -------------------------------------------------------------------------------
def test_new_defaults_follow_fort_boyard() -> None:
    s = SticksState.new(20)
    assert (s.sticks, s.max_take, s.last_loses, s.to_move) == (20, 3, False, 0)
    assert not s.is_over and s.winner is None
    assert s.legal_moves() == [1, 2, 3]
    assert SticksState.new(20, first=1).to_move == 1


def test_legal_moves_shrink_near_the_end() -> None:
    assert SticksState.new(2).legal_moves() == [1, 2]
    assert SticksState.new(1).legal_moves() == [1]
    assert SticksState.new(9, max_take=5).legal_moves() == [1, 2, 3, 4, 5]


def test_play_returns_a_new_state_and_alternates() -> None:
    s = SticksState.new(10)
    t = s.play(3)
    assert s.sticks == 10 and s.to_move == 0  # unchanged
    assert t.sticks == 7 and t.to_move == 1
    assert t.play(2).to_move == 0


def test_state_is_immutable_and_hashable() -> None:
    s = SticksState.new(10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.sticks = 3  # type: ignore[misc]
    assert s == SticksState.new(10) and hash(s) == hash(SticksState.new(10))
    assert s.play(1) == s.play(1)
    assert len({s, SticksState.new(10), s.play(1)}) == 2
    assert s != SticksState.new(10, first=1)


@pytest.mark.parametrize("last_loses, winner", [(False, 0), (True, 1)])
def test_who_takes_the_last_stick(last_loses: bool, winner: int) -> None:
    s = SticksState.new(3, last_loses=last_loses).play(3)  # player 0 takes the last stick
    assert s.is_over and s.sticks == 0
    assert s.winner == winner
    assert s.legal_moves() == []


@pytest.mark.parametrize("move", [0, 4, -1, True, 1.0, "1", None])
def test_illegal_counts(move: object) -> None:
    s = SticksState.new(10)
    with pytest.raises(IllegalMove) as info:
        s.play(move)  # type: ignore[arg-type]
    assert info.value.key == "err.sticks.take_range"
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


def test_cannot_take_more_than_is_left() -> None:
    with pytest.raises(IllegalMove):
        SticksState.new(2).play(3)


def test_playing_after_the_end() -> None:
    s = SticksState.new(1).play(1)
    with pytest.raises(GameOver) as info:
        s.play(1)
    assert info.value.key == "err.game_over"


@pytest.mark.parametrize(
    "args, key",
    [((0,), "err.sticks.count"), ((-3,), "err.sticks.count"), ((2.5,), "err.sticks.count"),
     ((5, 1), "err.sticks.max_take"), ((5, True), "err.sticks.max_take"), ((5, 3, False, 2), "err.first")],
)
def test_invalid_setup(args: tuple, key: str) -> None:
    with pytest.raises(InvalidSetup) as info:
        SticksState.new(*args)
    assert info.value.key == key


# -- the winning strategy (seed 001, part 2.2) -------------------------------------------------
@pytest.mark.parametrize("sticks, take", [(18, 2), (15, 3), (3, 3), (9, 1)])
def test_seed_001_unit_tests(sticks: int, take: int) -> None:
    """« assert choix_ordinateur(18) == 2 » ... with 1-3 sticks a turn, the last stick wins."""
    assert winning_move(SticksState.new(sticks)) == take


def test_multiples_of_four_are_lost_in_fort_boyard() -> None:
    for n in (4, 8, 12, 16, 20):
        assert winning_move(SticksState.new(n)) is None
    # The seed's "joueur 2" wins from 20: whatever player 1 takes, player 2 restores a multiple of 4.
    s = SticksState.new(20)
    for take in (1, 2, 3):
        reply = winning_move(s.play(take))
        assert reply == 4 - take


def test_last_loses_aims_at_one_more_than_a_multiple() -> None:
    # MGL7160: 13 sticks, take 1-3, the last stick loses: 13 = 4*3 + 1 is lost for the first player.
    assert winning_move(SticksState.new(13, last_loses=True)) is None
    assert winning_moves(SticksState.new(14, last_loses=True)) == [1]
    assert winning_moves(SticksState.new(1, last_loses=True)) == []
    assert winning_moves(SticksState.new(2, last_loses=True)) == [1]


def test_perfect_play_wins_a_whole_game() -> None:
    s = SticksState.new(21)  # 21 = 5*4 + 1: player 0 wins
    while not s.is_over:
        move = winning_move(s)
        if move is None:  # the loser takes one stick at a time
            move = 1
        s = s.play(move)
    assert s.winner == 0


def test_random_move_is_legal() -> None:
    import random

    rng = random.Random(7)
    for n in range(1, 12):
        s = SticksState.new(n, max_take=4)
        for _ in range(20):
            assert s.random_move(rng) in s.legal_moves()


# -- the seed 000 supervisor -------------------------------------------------------------------
def test_player_is_an_intenum_one_two() -> None:
    assert [int(p) for p in Player] == [1, 2]
    assert Player.ONE == 1 and Player.TWO == 2


def test_the_supervisor_lives_in_seed000_and_is_still_read_from_the_rules() -> None:
    assert rules.Supervisor is seed000.Supervisor and rules.Player is seed000.Player


@pytest.mark.parametrize("bad", [1, 0, -2, True])
def test_supervisor_needs_max_take_above_one(bad: object) -> None:
    with pytest.raises(ValueError):
        Supervisor(bad)  # type: ignore[arg-type]


def test_supervisor_before_any_game() -> None:
    sup = Supervisor()
    assert sup.max_take == 3
    assert sup.sticks_left() == 0
    assert sup.is_over() is False
    with pytest.raises(GameOver) as info:
        sup.next_player()
    assert info.value.key == "err.no_game"
    with pytest.raises(GameNotOver):
        sup.winner()
    with pytest.raises(GameOver):
        sup.play(1)


@pytest.mark.parametrize("n", [0, -1])
def test_supervisor_refuses_an_empty_start(n: int) -> None:
    sup = Supervisor()
    with pytest.raises(ValueError):
        sup.start(n)


def test_supervisor_full_game() -> None:
    """13 sticks, take at most 3, whoever takes the last stick loses; joueur1 starts."""
    sup = Supervisor(max_take=3)
    sup.start(13)
    assert sup.sticks_left() == 13 and not sup.is_over()
    assert sup.next_player() is Player.ONE
    with pytest.raises(GameNotOver) as info:
        sup.winner()
    assert info.value.key == "err.not_over"
    expected_players = [Player.ONE, Player.TWO] * 4
    takes = [3, 1, 2, 2, 1, 3, 1]  # 13 -> 10 -> 9 -> 7 -> 5 -> 4 -> 1 -> 0
    left = 13
    for i, k in enumerate(takes):
        assert sup.next_player() is expected_players[i]
        left -= k
        assert sup.play(k) == left
        assert sup.sticks_left() == left
    assert left == 0
    assert sup.is_over()
    assert sup.sticks_left() == 0
    # Player.ONE made the 7th move and took the last stick: Player.TWO wins.
    assert sup.winner() is Player.TWO
    with pytest.raises(GameOver) as over:
        sup.play(1)
    assert over.value.key == "err.game_over"
    with pytest.raises(GameOver):
        sup.next_player()
    # A new game can start after the end.
    sup.start(5)
    assert sup.sticks_left() == 5 and not sup.is_over() and sup.next_player() is Player.ONE
    with pytest.raises(GameNotOver):
        sup.winner()


def test_supervisor_rejects_bad_counts_and_keeps_the_game() -> None:
    sup = Supervisor(max_take=4)
    sup.start(6)
    for bad in (0, 5, -1):
        with pytest.raises(IllegalMove):
            sup.play(bad)
    assert sup.sticks_left() == 6 and sup.next_player() is Player.ONE
    assert sup.play(4) == 2
    with pytest.raises(IllegalMove):
        sup.play(3)  # only 2 left
    assert sup.sticks_left() == 2 and sup.next_player() is Player.TWO
    assert sup.play(1) == 1
    assert sup.play(1) == 0
    assert sup.winner() is Player.TWO  # Player.ONE took the last stick


def test_supervisor_restarts_mid_game() -> None:
    sup = Supervisor()
    sup.start(10)
    sup.play(2)
    assert sup.next_player() is Player.TWO
    sup.start(7)  # « débuter partie » may be called whether or not the game is over
    assert sup.sticks_left() == 7
    assert sup.next_player() is Player.ONE
    assert not sup.is_over()


def test_supervisor_one_stick_game() -> None:
    sup = Supervisor(max_take=2)
    sup.start(1)
    with pytest.raises(IllegalMove):
        sup.play(2)
    assert sup.play(1) == 0
    assert sup.is_over() and sup.winner() is Player.TWO
