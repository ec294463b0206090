"""The computer's levels as one typed table: :class:`~nimarcade.core.computer.ComputerLevel`
records in a :class:`~nimarcade.core.computer.LevelTable`, seed 003's as the default, a game's own
through its spec, and one check of a level number that every way of asking for a move goes
through; the README's sentence on the levels says what the default table holds."""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from nimarcade.core import registry
from nimarcade.core.computer import (DEFAULT_LEVELS, LEVELS, ComputerLevel, ExactPlayer, LevelTable,
                                     check_level)
from nimarcade.core.match import PlayerSpec
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.games.awele.rules import AweleState
from nimarcade.games.sticks.rules import SticksState

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("level", [0, 5, -1, 99])
def test_every_level_check_is_the_one_check(level: int) -> None:
    """The five places that take a level number (the registry's move and seat, the exact
    player, Awélé's move and pondering) refuse the same numbers with the same message."""
    sticks, awele = SticksState.new(10, 3, False), AweleState.new()
    seat = level or 5               # a seat at level 0 is a person's: it asks for no level
    calls = [
        (level, lambda: check_level(level)),
        (level, lambda: registry.choose_move(sticks, level, random.Random(1))),
        (seat, lambda: registry.get("sticks").chooser_for(PlayerSpec("player.computer", level=seat))),
        (level, lambda: ExactPlayer(registry.get("sticks").best_move)(sticks, level, random.Random(1))),
        (level, lambda: awele_player.choose_move(awele, level, random.Random(1))),
        (level, lambda: awele_player.ponder_move(awele, level, random.Random(1))),
    ]
    for asked, call in calls:
        with pytest.raises(ValueError) as raised:
            call()
        assert str(raised.value) == f"the computer's level must be one of {LEVELS}, not {asked!r}"
    assert [check_level(n) for n in LEVELS] == list(LEVELS)


def test_a_table_holds_each_level_once_in_order() -> None:
    levels = tuple(ComputerLevel(n) for n in LEVELS)
    assert [level.number for level in LevelTable(levels)] == list(LEVELS)
    assert LevelTable(levels)[3] is levels[2]
    for wrong in (levels[:3], levels[::-1], levels + (ComputerLevel(4),)):
        with pytest.raises(ValueError, match="level table"):
            LevelTable(wrong)


@pytest.mark.parametrize("fields", [{"random_rate": 1.5}, {"random_rate": -0.1}, {"depth": 0},
                                    {"seconds": 0.0}, {"noise": -1.0}])
def test_a_level_refuses_what_means_nothing(fields: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="level 2"):
        ComputerLevel(2, **fields)


def test_every_game_has_a_table_and_an_exact_game_plays_by_it() -> None:
    for spec in registry.specs():
        assert isinstance(spec.engine.computer_levels, LevelTable), spec.id
        if isinstance(spec.engine.chooser, ExactPlayer):
            assert spec.engine.chooser.levels is spec.engine.computer_levels, spec.id
    assert registry.get("awele").engine.computer_levels is awele_player.LEVELS
    # A table that never plays at random at level 1 makes level 1 play the winning move.
    best = registry.get("sticks").best_move
    assert best is not None
    sure = LevelTable(tuple(ComputerLevel(n) for n in LEVELS))
    rng = random.Random(7)
    for n in range(5, 40):
        state = SticksState.new(n, 3, False)
        winning = best(state)
        if winning is not None:
            assert ExactPlayer(best, sure)(state, 1, rng) == winning
            assert ExactPlayer(best)(state, 1, random.Random(3)) in state.legal_moves()


def test_the_readme_states_the_default_table() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    rates = " / ".join(f"{DEFAULT_LEVELS[n].random_rate:g}" for n in LEVELS if DEFAULT_LEVELS[n].random_rate)
    assert f"a random move with probability {rates}" in text
    never = [n for n in LEVELS if DEFAULT_LEVELS[n].random_rate == 0]
    assert never == [4] and re.search(r"or 4 master, which always plays a winning move", text)
