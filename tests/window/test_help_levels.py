"""The help screen's line on the computer's levels is read from the game's table
(:attr:`~nimarcade.core.registry.EngineSpec.computer_levels`): seed 003's random-move rates for an
exact game, Awélé's depths, times and noise for Awélé, and any other table as it is. (That the
longer help still fits its panel in every game is the pseudo-locale test's: ``tests/window/test_pseudo_locale.py``.)"""
from __future__ import annotations

from nimarcade.core import registry
from nimarcade.core.computer import LEVELS, ComputerLevel, LevelTable
from nimarcade.i18n import tr
from nimarcade.window.scenes.hud import levels_text


def test_each_game_s_help_says_what_its_levels_do() -> None:
    exact = levels_text(registry.get("sticks").engine.computer_levels)
    for level in registry.get("sticks").engine.computer_levels:
        if level.random_rate:
            assert tr("help.level_random", percent=round(100 * level.random_rate)) in exact
    assert tr("help.level_best") in exact
    awele = levels_text(registry.get("awele").engine.computer_levels)
    for level in registry.get("awele").engine.computer_levels:
        if level.depth is not None:
            assert tr("help.level_depth", depth=level.depth) in awele
        if level.seconds is not None:
            assert tr("help.level_seconds", seconds=f"{level.seconds:g}") in awele
    assert tr("help.level_random", percent=90) not in awele


def test_another_table_is_said_as_it_is() -> None:
    table = LevelTable(tuple(ComputerLevel(n, random_rate=0.25 if n == 1 else 0.0, depth=n + 6) for n in LEVELS))
    text = levels_text(table)
    assert tr("help.level_random", percent=25) in text and tr("help.level_depth", depth=10) in text
    assert tr("help.level_best") not in text

