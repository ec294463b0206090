"""A tournament's random openings: they never decide a game by themselves, the records
mark them so that nobody is blamed for them, and the levels think no longer than --time."""
from __future__ import annotations

import random

import pytest

from nimarcade.compete.tournament import schedule
from nimarcade.core import levels
from nimarcade.core import registry
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.people.profiles import Profiles
from nimarcade.people.roster import Counting
from nimarcade.people.stats import Stats
from nimarcade.players import referee
from nimarcade.records import record as records
from nimarcade.records.text import RecordError

HEAPS = {"heaps": (1, 3, 7), "misere": False}


def after(spec, params, line):
    state = spec.new_state(params)
    for move in line:
        state = state.play(move)
    return state


def raw_opening(spec, params, plies, seed):
    """The first line the opening's random stream draws (the line as it was drawn before any check for a decided opening)."""
    rng = random.Random(f"{spec.id}-opening-{seed}")
    state, line = spec.new_state(params), []
    for _ in range(plies):
        move = state.random_move(rng)
        line.append(move)
        state = state.play(move)
    return line


def test_an_opening_that_hands_the_game_over_is_drawn_again() -> None:
    spec = registry.get("heaps")
    assert referee.decided(spec.new_state({**HEAPS, "heaps": (0, 0, 7)}))        # « 2:3 1:1 »: take the seven
    assert not referee.decided(spec.new_state(HEAPS))
    redrawn = 0
    for seed in range(60):
        line = referee.opening(spec, HEAPS, 2, seed)
        assert len(line) == 2 and not referee.decided(after(spec, HEAPS, line))
        assert line == referee.opening(spec, HEAPS, 2, seed)                     # the same for both games
        redrawn += referee.decided(after(spec, HEAPS, raw_opening(spec, HEAPS, 2, seed)))
    assert redrawn > 0                       # some first draws did decide the game: they were replaced


@pytest.mark.parametrize("game", registry.GAMES)
def test_every_games_openings_leave_the_game_open(game: str) -> None:
    spec = registry.get(game)
    level = levels.load(game)[0]
    for seed in range(5):
        assert not referee.decided(after(spec, level.params, referee.opening(spec, level.params, 2, seed)))


def test_the_record_marks_the_opening_and_statistics_skip_it() -> None:
    spec = registry.get("heaps")
    level = levels.find_level("heaps", "1-3-7")
    config = referee.config_for("heaps", level.params, (3, 4), level.id)
    line = referee.opening(spec, level.params, 2, 1)
    played = referee.play(config, [referee.SeatPlayer(3), referee.SeatPlayer(4)], 0, line, "s")
    match = played.match
    assert match.opening == 2 and match.moves[:2] == line
    text = records.write(match)
    assert '[Opening "2"]' in text
    back = records.read(text)
    assert back.opening == 2 and back.moves == match.moves
    with pytest.raises(RecordError):
        records.read(text.replace('[Opening "2"]', '[Opening "999"]'))
    # a named player's game counts only the moves played, not the opening
    people = Profiles(None)
    people.add("Zoé")
    game = MatchConfig("heaps", level, dict(level.params), (HUMAN, 2), "me", names=("Zoé", ""))
    mine = records.read(records.write(back).replace('[Seat1 "computer 3"]', '[Seat1 "human"]')
                        .replace('[Seat2 "computer 4"]', '[Seat2 "computer 2"]')
                        .replace('[Seat1 "human"]', '[Seat1 "human"]\n[Name1 "Zoé"]'))
    assert mine.config.names[0] == "Zoé" and game.names[0] == "Zoé"
    Counting(Stats(None), people).record(mine)
    assert people.get("Zoé").recent[0].moves == len(mine.moves) - 2


def test_the_levels_think_no_longer_than_the_tournaments_time() -> None:
    spec = next(s for s in registry.specs() if any(s.time_for(level) for level in registry.AI_LEVELS))
    level = next(lv for lv in registry.AI_LEVELS if spec.time_for(lv))
    assert schedule.level_time(spec, level, 0.1) == min(spec.time_for(level), 0.1)
    assert schedule.level_time(spec, level, 3600) == spec.time_for(level)
    assert schedule.level_time(spec, "/a/player.py", 0.1) is None
