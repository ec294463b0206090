"""Glicko-2 (nimarcade.people.rating) against the worked example of Glickman's paper, and its properties."""
from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from nimarcade.people.rating import SCALE, Rating, rate, update


def test_glickmans_example() -> None:
    # « Example of the Glicko-2 system », section 3: 1500 (RD 200, σ 0.06) beats 1400 (RD 30),
    # loses to 1550 (RD 100) and to 1700 (RD 300), with τ = 0.5
    new = rate(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], tau=0.5)
    assert abs(new.rating - 1464.06) < 0.01
    assert abs(new.deviation - 151.52) < 0.01
    assert abs(new.volatility - 0.05999) < 0.00001


def test_no_game_only_widens_the_deviation() -> None:
    new = rate(Rating(1600, 100, 0.06), [])
    assert new.rating == 1600 and 100 < new.deviation < 101


@given(st.floats(800, 2400), st.floats(50, 350), st.floats(600, 2600))
def test_solving_raises_and_missing_lowers(r: float, rd: float, puzzle: float) -> None:
    start = Rating(r, rd)
    up, down = update(start, puzzle, True), update(start, puzzle, False)
    assert down.rating < r < up.rating
    for new in (up, down):      # at most a period's widening (with the new volatility), before the game's information
        assert new.deviation <= math.hypot(rd, new.volatility * SCALE) + 1e-9


def test_a_new_player_is_provisional_until_it_has_played() -> None:
    player = Rating()
    assert player.provisional and player.shown() == "1500 ?"
    for n in range(30):
        player = update(player, 1500, n % 2 == 0)
    assert not player.provisional and 1400 < player.rating < 1600
    assert player.shown() == str(round(player.rating))


# -- the puzzle rating moves by a bounded step, and its « ? » is explained ------------------------
def test_three_solved_puzzles_move_a_new_rating_by_a_bounded_step() -> None:
    from nimarcade.people.rating import MAX_CHANGE, Rating, puzzles_left, update
    player, seen = Rating(), []
    for _ in range(3):
        before = player.rating
        player = update(player, 1900, True)
        assert 0 < player.rating - before <= MAX_CHANGE
        seen.append(player.rating)
    assert seen[-1] <= 1500 + 3 * MAX_CHANGE < 2000          # not 2209
    assert puzzles_left(Rating()) == 10 and player.provisional and puzzles_left(player) > 0
