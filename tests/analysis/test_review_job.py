"""The review's analysis filled a position at a time (nimarcade.analysis.review_job), as the window's worker
returns them: in any order it ends as :func:`nimarcade.analysis.verdicts.review` in one go, and the
worker's job values a position as :func:`nimarcade.analysis.verdicts.position_values` does."""
from __future__ import annotations

import random

from nimarcade.analysis import verdicts as analysis
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.analysis.verdicts import Budget
from nimarcade.analysis.review_job import Progressive, position_job
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.games.sticks.rules import SticksState


def played(game: str, level_index: int, seed: int) -> Match:
    level = levels.load(game)[level_index]
    match = Match.begin(MatchConfig(game, level, dict(level.params), (HUMAN, HUMAN), "human"), 0)
    rng = random.Random(seed)
    while not match.is_over and len(match.moves) < 12:
        match.play(match.state.random_move(rng))
    return match


def test_filled_in_any_order_it_is_the_review() -> None:
    for game in ("sticks", "heaps", "matches", "wythoff"):
        match = played(game, 0, 3)
        whole = analysis.review(match.states, match.moves)
        job = Progressive(match.states, match.moves)
        order = list(range(job.total))
        random.Random(1).shuffle(order)
        for index in order:
            assert not job.complete
            job.add(index, position_job(match.states[index], 0, None, None))
        assert job.complete and job.next_index() is None
        assert tuple(job.plies[i] for i in range(len(match.moves))) == whole.plies
        assert tuple(job.heights[i] for i in range(job.total)) == whole.advantage
        assert all(job.proved.values())                   # an exact game: every value a proof
        assert job.marks() == {p.ply - 1: p.mark for p in whole.plies if p.mark}


def test_ten_sticks_taking_two_first_is_a_blunder_and_one_the_only_win() -> None:
    level = levels.find_level("sticks", "petit")
    state = registry.get("sticks").new_state(level.params)
    assert (state.sticks, state.max_take, state.last_loses) == (10, 3, True)
    for first, mark in ((2, "??"), (1, "!")):              # 1 is the only winning move of three
        job = Progressive([state, state.play(first)], [first])
        job.add(0, position_job(state, 0, None, None))
        assert job.mark(0) == mark and job.done == 1 and not job.complete


def test_an_engine_position_at_a_depth_is_the_analysis_at_that_depth() -> None:
    match = played("awele", 0, 2)
    state = match.states[4]
    assert position_job(state, 2, None, 5.0) == analysis.position_values(state, Budget(None, 2))


def test_the_position_shown_is_valued_first_then_its_neighbours() -> None:
    states = [SticksState.new(10, 3, True)]
    for move in (1, 2, 3):
        states.append(states[-1].play(move))
    job = Progressive(states, [1, 2, 3])
    assert job.next_index() == 0 and job.next_index(near=3) == 3      # the review opens on the end
    job.add(3, analysis.position_values(states[3], Budget(None, 2)))
    assert job.next_index(near=3) == 2
    job.add(1, analysis.position_values(states[1], Budget(None, 2)))
    assert job.next_index(near=1) == 2                                  # a tie: the later one


def test_a_whole_game_is_analysed_within_the_reviews_seconds() -> None:
    from nimarcade.analysis.review_job import MIN_POSITION_TIME, REVIEW_SECONDS, WINDOW_BUDGET, position_time
    assert position_time(WINDOW_BUDGET, 5) == WINDOW_BUDGET.time         # a short game: a second each
    assert position_time(WINDOW_BUDGET, 39) * 39 <= REVIEW_SECONDS <= 15   # 38 moves: 12 s, not 39
    assert position_time(WINDOW_BUDGET, 1000) == MIN_POSITION_TIME
    assert position_time(Budget(None, 4), 39) is None                    # a depth stays a depth
