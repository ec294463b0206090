"""Every registered game's scene, played headless by real pygame events only: whole games at its
smallest level, every move made by the clicks of ``scene.mouse_path(move)`` alone or by the keys of
``scene.key_path(move)`` alone, two people or a person against the computer (level 1); and a frame
drawn at its largest level. A game gets these tests by being registered in :mod:`nimarcade.core.registry`."""
from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.storage.settings import INSTANT
from nimarcade.window.ui import theme

from tests.window.harness import Driver, make_app
from tests.core.test_registry import smallest_level

SPECS = list(registry.REGISTRY.values())
IDS = [s.id for s in SPECS]
#: A long game (random play on a big board) stops here; every move up to there is checked.
MAX_MOVES = 60


@pytest.fixture
def driver():
    app = make_app(seed=5)
    # every move waits (settle) until a person may play, so the paths never meet an animation: the
    # moves are shown at once (each game's own scene tests watch its animations at speed 1 or 2;
    # at speed 2 here, Awélé's sowing alone took 20 s of these tests)
    app.update_settings(animation_speed=INSTANT)
    yield Driver(app)
    app.shutdown()


def start(driver: Driver, spec: registry.GameSpec, level: levels.Level, seats: tuple[int, int]) -> Any:
    scene = driver.app.start_game(MatchConfig(spec.id, level, dict(level.params), seats, "human"))
    driver.step()
    return scene


def play(driver: Driver, scene: Any, by: str, rng: random.Random, max_moves: int = MAX_MOVES) -> int:
    """Random legal moves for the people, each made by the path's events only, until the result
    screen (or ``max_moves``); returns the moves the people made."""
    made = 0
    while scene.match.move_count < max_moves and not scene.finished and driver.scene is scene:
        driver.settle()
        if scene.finished or driver.scene is not scene:
            break
        move = rng.choice(scene.state.legal_moves())
        count = scene.match.move_count
        driver.play(scene, move, by)
        assert scene.match.move_count == count + 1, (move, by, scene.message)
        assert scene.match.moves[-1] == move, (move, by, scene.message)
        made += 1
    return made


@pytest.mark.parametrize("by", ["mouse", "keys"])
@pytest.mark.parametrize("seats", [(HUMAN, HUMAN), (HUMAN, 1)], ids=["two_people", "against_level_1"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_whole_games_by_the_scene_paths_alone(driver: Driver, spec: registry.GameSpec, seats, by: str) -> None:
    scene = start(driver, spec, smallest_level(spec), seats)
    made = play(driver, scene, by, random.Random(f"{spec.id}-{by}-{seats[1]}"))
    assert made >= 1
    if seats[1] == HUMAN:
        assert scene.match.move_count == made
    else:
        assert 2 * made - 1 <= scene.match.move_count <= 2 * made   # the computer answered each move
    if scene.match.move_count < MAX_MOVES:                    # over before the cap: to the result
        driver.until(lambda: driver.app.manager.top.name == "result", 6000)
        assert driver.app.manager.top.match.state.is_over


@pytest.mark.parametrize("by", ["mouse", "keys"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_paths_at_the_largest_level(driver: Driver, spec: registry.GameSpec, by: str) -> None:
    """Big boards take other paths (many pieces to pick from, long rows): a few moves there."""
    level = next(lv for lv in levels.load(spec.id) if lv.id == spec.largest_level)
    scene = start(driver, spec, level, (HUMAN, HUMAN))
    assert play(driver, scene, by, random.Random(f"{spec.id}-{by}"), max_moves=6) == scene.match.move_count >= 1


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_largest_level_draws_a_frame(driver: Driver, spec: registry.GameSpec) -> None:
    level = next(lv for lv in levels.load(spec.id) if lv.id == spec.largest_level)
    scene = start(driver, spec, level, (HUMAN, HUMAN))
    driver.step(2)
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    scene.draw(surface)
    assert driver.app.manager.top is scene and not scene.finished
    empty = theme.background()
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(empty, "RGB")   # a board was drawn
