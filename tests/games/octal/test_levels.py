"""The lab's computer plays by the game's level table: the octal spec gives its best move and the
registry plays it through :class:`~nimarcade.core.computer.ExactPlayer` at
``engine.computer_levels``, so a table given to octal is what plays, not only what the help shows."""
from __future__ import annotations

import random
from dataclasses import replace

from nimarcade.core import registry
from nimarcade.core.computer import LEVELS, ComputerLevel, ExactPlayer, LevelTable
from nimarcade.core.match import PlayerSpec
from nimarcade.games.octal.rules import OctalState
from nimarcade.window.scenes.hud import levels_text

#: Kayles positions with a winning move (and losing moves beside it).
POSITIONS = [OctalState.new(heaps, "0.77") for heaps in ([3, 5, 7], [4, 6], [2, 9], [1, 3, 8])]


def moves_at(spec: registry.GameSpec, level: int, seeds: range) -> list[tuple[OctalState, object]]:
    play = spec.chooser_for(PlayerSpec("player.computer", level=level))
    assert play is not None
    return [(state, play(state, level, random.Random(seed), None)) for state in POSITIONS for seed in seeds]


def test_a_level_table_given_to_octal_is_what_plays() -> None:
    octal = registry.get("octal")
    assert isinstance(octal.engine.chooser, ExactPlayer)
    assert octal.engine.chooser.levels is octal.engine.computer_levels
    winning = octal.winning_moves
    assert winning is not None and all(winning(state) for state in POSITIONS)

    def wins(state: OctalState, move: object) -> bool:
        return move in winning(state)

    # Seed 003's table: level 1 plays at random nine times in ten, level 4 always wins.
    assert not all(wins(*found) for found in moves_at(octal, 1, range(12)))
    assert all(wins(*found) for found in moves_at(octal, 4, range(12)))
    # A table that never plays at random: level 1 wins every time, and the help says so.
    sure = LevelTable(tuple(ComputerLevel(n) for n in LEVELS))
    given = replace(octal, engine=replace(octal.engine, chooser=None, computer_levels=sure))
    assert all(wins(*found) for found in moves_at(given, 1, range(12)))
    assert levels_text(given.engine.computer_levels) != levels_text(octal.engine.computer_levels)
    # A table that always plays at random: level 4 misses.
    wild = LevelTable(tuple(ComputerLevel(n, random_rate=1.0) for n in LEVELS))
    given = replace(octal, engine=replace(octal.engine, chooser=None, computer_levels=wild))
    assert not all(wins(*found) for found in moves_at(given, 4, range(12)))
