"""Awélé (seed 002): crafted positions for sowing, captures, starving, grand slams and the ends.

Houses 0-5 are player 0's (left to right), 6-11 player 1's; sowing goes to increasing indices.
"""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimarcade.core.rules import GameOver, IllegalMove, InvalidSetup
from nimarcade.games.awele.rules import (
    HALF,
    MAJORITY,
    NO_MOVE,
    REPETITION,
    AweleState,
    house_label,
    mirror,
    mirror_move,
    owner,
    sow,
)


def board(**seeds: int) -> list[int]:
    """A board from keyword arguments h0..h11 (missing houses are empty)."""
    houses = [0] * 12
    for name, n in seeds.items():
        houses[int(name[1:])] = n
    return houses


def state(to_move: int = 0, stores=(0, 0), variant: str = "forbidden", **seeds: int) -> AweleState:
    return AweleState.from_board(board(**seeds), stores, to_move, variant)


# -- set-up ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seeds", [3, 4, 5, 6])
def test_new(seeds: int) -> None:
    s = AweleState.new(seeds)
    assert s.houses == (seeds,) * 12 and s.stores == (0, 0) and s.total == 12 * seeds
    assert s.to_move == 0 and s.grand_slam == "forbidden"
    assert not s.is_over and s.winner is None and s.end is None
    assert s.legal_moves() == [0, 1, 2, 3, 4, 5]
    assert AweleState.new(seeds, first=1).legal_moves() == [6, 7, 8, 9, 10, 11]


def test_houses_and_labels() -> None:
    assert [owner(h) for h in range(12)] == [0] * 6 + [1] * 6
    assert [house_label(h) for h in range(12)] == [1, 2, 3, 4, 5, 6] * 2


@pytest.mark.parametrize(
    "call, key",
    [
        (lambda: AweleState.new(2), "err.awele.seeds"),
        (lambda: AweleState.new(7), "err.awele.seeds"),
        (lambda: AweleState.new(4, grand_slam="allowed"), "err.awele.variant"),
        (lambda: AweleState.from_board([4] * 11, (0, 0), 0), "err.awele.board"),
        (lambda: AweleState.from_board([4] * 12, (0,), 0), "err.awele.board"),
        (lambda: AweleState.from_board([4] * 11 + [-1], (0, 0), 0), "err.awele.board"),
        (lambda: AweleState.from_board([4] * 12, (0, 0.5), 0), "err.awele.board"),
        (lambda: AweleState.from_board([4] * 12, (0, 0), 2), "err.first"),
    ],
)
def test_invalid_setup(call, key: str) -> None:
    with pytest.raises(InvalidSetup) as info:
        call()
    assert info.value.key == key


def test_state_is_immutable_and_hashable() -> None:
    s = AweleState.new()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.houses = ()  # type: ignore[misc]
    assert s == AweleState.new() and hash(s) == hash(AweleState.new())
    assert s.play(2) == AweleState.new().play(2)
    assert hash(s.play(2)) == hash(AweleState.new().play(2))


# -- sowing -----------------------------------------------------------------------------------
def test_simple_sowing() -> None:
    s = AweleState.new()
    sowing = s.sowing(2)
    assert sowing.path == (3, 4, 5, 6) and sowing.captured == () and sowing.gain == 0
    t = s.play(2)
    assert t.houses == (4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4)
    assert t.to_move == 1 and t.stores == (0, 0)
    assert s.houses == (4,) * 12  # the old state is untouched


def test_player_one_sows_into_player_zero_row() -> None:
    t = AweleState.new(first=1).play(10)
    assert t.houses == (5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0, 5)  # 11, 0, 1, 2
    assert t.to_move == 0


def test_sowing_twelve_seeds_skips_the_origin() -> None:
    s = state(h0=12, h8=1)
    sowing = s.sowing(0)
    assert sowing.path == tuple(range(1, 12)) + (1,)
    assert 0 not in sowing.path
    t = s.play(0)
    assert t.houses == (0, 2, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1)
    assert t.stores == (0, 0)  # the last seed fell in the mover's own row


def test_sowing_twenty_three_seeds_skips_the_origin_twice() -> None:
    s = state(h0=23, h7=5)
    path = s.sowing(0).path
    assert len(path) == 23 and 0 not in path
    assert path == tuple(range(1, 12)) * 2 + (1,)


def test_big_sowing_captures_on_the_second_lap() -> None:
    # 16 seeds from house 3: houses 4..11, 0..2, then 4..8 again; 6, 7 and 8 end with 2 seeds.
    s = state(h3=16, h10=1)
    sowing = s.sowing(3)
    assert 3 not in sowing.path and sowing.path[-1] == 8
    assert sowing.captured == ((8, 2), (7, 2), (6, 2))
    t = s.play(3)
    assert t.stores == (6, 0)
    assert t.houses[6:9] == (0, 0, 0) and t.houses[10] == 2


# -- captures ----------------------------------------------------------------------------------
def test_capture_chain_goes_clockwise() -> None:
    s = state(h5=3, h6=1, h7=2, h8=1, h11=4)
    sowing = s.sowing(5)
    assert sowing.captured == ((8, 2), (7, 3), (6, 2)) and sowing.gain == 7
    t = s.play(5)
    assert t.stores == (7, 0)
    assert t.houses == (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4)


def test_capture_chain_stops_at_the_first_house_that_is_not_two_or_three() -> None:
    s = state(h5=3, h6=1, h7=4, h8=1, h11=4)
    assert s.sowing(5).captured == ((8, 2),)  # house 7 has 5 seeds: house 6 (2 seeds) is safe
    t = s.play(5)
    assert t.stores == (2, 0) and t.houses[6:9] == (2, 5, 0)


def test_no_capture_when_the_last_seed_makes_four() -> None:
    s = state(h5=3, h6=1, h7=2, h8=3, h11=4)
    assert s.sowing(5).captured == ()
    assert s.play(5).stores == (0, 0)


def test_no_capture_in_the_movers_own_row() -> None:
    s = state(h0=2, h1=1, h2=2, h9=3)
    assert s.sowing(0).path == (1, 2)
    assert s.sowing(0).captured == ()  # houses 1 and 2 hold 2 and 3 seeds, but they are player 0's


def test_capture_chain_never_crosses_into_the_movers_row() -> None:
    # Player 0 sows 4 seeds from house 4: 5 (own, 1 -> 2), 6, 7, 8 (opponent's, -> 2, 2, 3).
    s = state(h4=4, h5=1, h6=1, h7=1, h8=2, h10=5)
    sowing = s.sowing(4)
    assert sowing.captured == ((8, 3), (7, 2), (6, 2))
    t = s.play(4)
    assert t.houses[5] == 2 and t.stores == (7, 0)


def test_player_one_capture_stops_at_house_zero() -> None:
    # Player 1 sows 4 seeds from house 10: 11 (own, 1 -> 2), then 0, 1, 2 (-> 2, 3, 2).
    s = state(to_move=1, h10=4, h11=1, h0=1, h1=2, h2=1, h5=3)
    sowing = s.sowing(10)
    assert sowing.path == (11, 0, 1, 2)
    assert sowing.captured == ((2, 2), (1, 3), (0, 2))  # then index -1: the chain stops, 11 is safe
    t = s.play(10)
    assert t.stores == (0, 7) and t.houses[11] == 2 and t.houses[5] == 3
    assert t.to_move == 0


# -- starving and the grand slam ---------------------------------------------------------------
def test_forbidden_variant_refuses_a_grand_slam() -> None:
    s = state(h0=1, h5=2, h6=1, h7=1)
    assert sow(s.houses, 5, "forbidden").grand_slam
    assert s.legal_moves() == [0]
    with pytest.raises(IllegalMove) as info:
        s.play(5)
    assert info.value.key == "err.awele.starve"
    # A capture that leaves the opponent a seed is fine.
    ok = state(h0=1, h5=2, h6=1, h7=1, h9=1)
    assert ok.legal_moves() == [0, 5] and ok.play(5).stores == (4, 0)


def test_capture_nothing_variant_allows_a_grand_slam_that_captures_nothing() -> None:
    s = state(variant="capture_nothing", h0=1, h5=2, h6=1, h7=1)
    assert s.legal_moves() == [0, 5]
    sowing = s.sowing(5)
    assert sowing.grand_slam and sowing.captured == () and sowing.gain == 0 and not sowing.starves
    t = s.play(5)
    assert t.stores == (0, 0)
    assert t.houses == (1, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0)
    assert t.grand_slam == "capture_nothing"


def test_forbidden_variant_forces_to_feed_an_empty_opponent() -> None:
    s = state(h0=1, h5=1)
    assert s.legal_moves() == [5]
    with pytest.raises(IllegalMove) as info:
        s.play(0)
    assert info.value.key == "err.awele.starve"
    assert s.play(5).houses[6] == 1


def test_capture_nothing_variant_forces_to_feed_too() -> None:
    s = state(variant="capture_nothing", h0=1, h5=1)
    assert s.legal_moves() == [5]
    with pytest.raises(IllegalMove) as info:
        s.play(0)
    assert info.value.key == "err.awele.must_feed"


def test_the_last_capture_can_never_empty_the_board() -> None:
    """Taking every remaining seed starves the opponent: refused, or a grand slam with no capture."""
    s = state(stores=(22, 24), h5=1, h6=1, h0=0)
    assert s.legal_moves() == []  # the only move would take the opponent's last seeds
    assert s.is_over and s.end == NO_MOVE
    t = state(stores=(22, 24), variant="capture_nothing", h5=1, h6=1).play(5)
    assert t.stores == (22, 24) and t.houses[6] == 2
    # Player 1's two seeds cannot reach player 0's empty row: the game ends there.
    assert t.is_over and t.end == NO_MOVE and t.final_scores() == (22, 26) and t.winner == 1


# -- illegal moves ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "move, key, params",
    [
        (7, "err.awele.not_yours", {"house": "b"}),
        (12, "err.awele.no_house", {"house": 12}),
        (-1, "err.awele.no_house", {"house": -1}),
        ("3", "err.awele.no_house", {"house": "3"}),
        (True, "err.awele.no_house", {"house": True}),
        (1, "err.awele.empty", {"house": "B"}),
    ],
)
def test_illegal_moves(move: object, key: str, params: dict) -> None:
    s = state(h0=4, h2=3, h6=2, h7=5)
    with pytest.raises(IllegalMove) as info:
        s.play(move)  # type: ignore[arg-type]
    assert info.value.key == key and info.value.params == params


# -- the ends ----------------------------------------------------------------------------------
def test_end_by_majority() -> None:
    s = state(stores=(23, 0), h0=3, h5=1, h6=1, h10=20)
    assert s.total == 48 and not s.is_over
    t = s.play(5)  # captures 2: 25 > 24
    assert t.stores == (25, 0)
    assert t.is_over and t.end == MAJORITY and t.winner == 0
    assert t.legal_moves() == []
    with pytest.raises(GameOver) as info:
        t.play(0)
    assert info.value.key == "err.game_over"


def test_exactly_half_for_one_player_is_not_the_end() -> None:
    s = state(stores=(24, 0), h0=4, h6=20)
    assert not s.is_over and s.winner is None


def test_end_when_both_have_exactly_half() -> None:
    s = AweleState.from_board([0] * 12, (24, 24), 0)
    assert s.is_over and s.end == HALF and s.winner is None and s.legal_moves() == []


def test_a_board_without_legal_move_is_already_over() -> None:
    # Player 1's row is empty and player 0's seeds cannot reach it.
    s = state(stores=(20, 21), h0=1, h1=4)
    assert s.is_over and s.end == NO_MOVE and s.legal_moves() == []
    assert s.final_scores() == (25, 21) and s.winner == 0
    # The player to move has nothing at all: the opponent keeps the seeds of their own row.
    t = state(to_move=1, stores=(20, 20), h2=8)
    assert t.is_over and t.end == NO_MOVE and t.final_scores() == (28, 20) and t.winner == 0


def test_end_by_no_legal_move_after_a_move() -> None:
    s = state(to_move=1, stores=(22, 22), h0=3, h11=1)
    t = s.play(11)  # player 1 gives away its last seed; player 0 cannot feed player 1
    assert t.houses == (4,) + (0,) * 11
    assert t.is_over and t.end == NO_MOVE
    assert t.final_scores() == (26, 22) and t.winner == 0  # the remaining seeds go to their owner


def test_end_by_repetition_since_the_last_capture() -> None:
    # Two lone seeds walk once around the board without ever capturing.
    s = state(stores=(23, 23), h0=1, h5=1)
    start_key = (s.houses, s.stores, s.to_move)
    assert s.seen == frozenset({start_key})
    moves = [5, 6, 0, 7, 1, 8, 2, 9, 3, 10, 4, 11]
    for i, m in enumerate(moves):
        assert not s.is_over, i
        s = s.play(m)
        assert s.stores == (23, 23)
    assert s.houses == tuple(board(h0=1, h5=1)) and s.to_move == 0  # the starting position, again
    assert s.is_over and s.end == REPETITION
    assert s.final_scores() == (25, 23) and s.winner == 0


def test_a_capture_resets_the_history() -> None:
    s = AweleState.new()
    for m in (5, 11, 0, 7):
        s = s.play(m)
    assert len(s.seen) == 5
    s = state(h5=3, h6=1, h7=2, h8=1, h11=4).play(5)
    assert s.seen == frozenset({(s.houses, s.stores, s.to_move)})


# -- the mirror: the same position with the sides swapped (a puzzle shown from its solver's side) --
@st.composite
def played_states(draw: st.DrawFn) -> AweleState:
    """A position reached by play (its repetition history too), either player to move, either rule."""
    state = AweleState.new(draw(st.integers(3, 6)), draw(st.sampled_from(["forbidden", "capture_nothing"])),
                           draw(st.integers(0, 1)))
    for _ in range(draw(st.integers(0, 60))):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.play(moves[draw(st.integers(0, len(moves) - 1))])
    return state


@settings(max_examples=80)
@given(played_states())
def test_the_mirror_swaps_the_sides_and_maps_every_move_one_to_one(state: AweleState) -> None:
    turned = mirror(state)
    assert mirror(turned) == state
    assert (turned.houses, turned.stores, turned.to_move) == (state.houses[6:] + state.houses[:6],
                                                              state.stores[::-1], 1 - state.to_move)
    assert turned.legal_moves() == sorted(mirror_move(m) for m in state.legal_moves())
    assert (turned.is_over, turned.final_scores()) == (state.is_over, state.final_scores()[::-1])
    for move in state.legal_moves():
        assert mirror_move(mirror_move(move)) == move and owner(mirror_move(move)) == turned.to_move
        assert turned.play(mirror_move(move)) == mirror(state.play(move))      # history and end too
    # and a move the rules refuse is refused on the other side for the same reason
    for move in set(range(12)) - set(state.legal_moves()):
        with pytest.raises((IllegalMove, GameOver)) as refused:
            state.check(move)
        with pytest.raises(type(refused.value)) as also:
            turned.check(mirror_move(move))
        assert also.value.key == refused.value.key
