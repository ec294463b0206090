"""Every game of the menu, and the generic scene, played against the computer by the mouse alone:
clicks only, no key at all. A whole game with the bottom bar's buttons (hint, undo, redo, the
move list, help, pause), the pause menu's « Reprendre », then the result's « Menu principal».
A game gets this test by being on the menu (``registry.VARIANTS``)."""
from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.window.scenes.hud import HELP_RECT
from nimarcade.window.scenes.movelist import SCALE, SHRUNK
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.storage.settings import INSTANT
from tests.window.harness import Driver, make_app
from tests.core.test_registry import smallest_level

GENERIC = "nimarcade.window.scenes.generic:MovesScene"
CASES = [v.key for v in registry.VARIANTS] + ["generic"]
#: A safety net: a game this long has not ended (none of the smallest boards comes near it).
MAX_MOVES = 400


@pytest.fixture
def driver():
    app = make_app(seed=11)
    # every click waits (settle) until a person may play: the moves are shown at once (each game's
    # own scene tests watch its animations; at speed 8, Awélé's sowing took most of this file's time)
    app.update_settings(animation_speed=INSTANT)
    yield Driver(app)
    app.shutdown()


def level_of(case: str) -> tuple[str, levels.Level]:
    """The card's own level (Fort Boyard's 20 sticks), else the game's smallest board."""
    if case == "generic":
        return "sticks", levels.find_level("sticks", "mgl7160")
    variant = registry.find_variant(case)
    if variant.level is not None:
        return variant.game, levels.find_level(variant.game, variant.level)
    return variant.game, smallest_level(registry.get(variant.game))


def on_screen(scene: Any, pos: tuple[int, int]) -> tuple[int, int]:
    """Where a point of the full-size game screen is seen (shrunk beside the move list when it is open)."""
    if scene.show_moves:
        return (round(SHRUNK.left + pos[0] * SCALE), round(SHRUNK.top + pos[1] * SCALE))
    return pos


def press(driver: Driver, scene: Any, name: str) -> None:
    """A click on a button of the game's bottom bar."""
    assert driver.scene is scene
    driver.click(on_screen(scene, scene.controls.action(name).rect.center))


def click_item(driver: Driver, name: str) -> None:
    """A click on the item ``name`` of the menu on top (pause, result)."""
    driver.click(driver.scene.menu.item(name).rect.center)


@pytest.mark.parametrize("case", CASES)
def test_a_whole_game_by_the_mouse_alone(driver: Driver, case: str, monkeypatch) -> None:
    game_id, level = level_of(case)
    if case == "generic":
        own = registry.get(game_id)
        spec = dataclasses.replace(own, window=dataclasses.replace(own.window, scene=GENERIC))
        monkeypatch.setitem(registry.REGISTRY, game_id, spec)
    monkeypatch.setattr(Driver, "key", lambda *args, **kwargs: pytest.fail("a key was typed"))
    scene = driver.app.start_game(MatchConfig(game_id, level, dict(level.params), (HUMAN, 1), "human"))
    driver.settle()
    if case == "generic":
        assert type(scene).__name__ == "MovesScene"
    controls = scene.controls
    assert not controls.action("undo").enabled() and not controls.action("redo").enabled()

    # the hint, by its button: asked, shown (the button lit), hidden again
    press(driver, scene, "hint")
    driver.until(lambda: scene.hint is not None)
    assert controls.action("hint").active()
    rng = random.Random(case)
    first = rng.choice([m for m in scene.state.legal_moves() if not scene.state.play(m).is_over])
    driver.play(scene, first, "mouse")
    driver.settle()
    played = scene.match.move_count
    assert played >= 1 and scene.match.moves[0] == first

    # undo and redo, by their buttons; the last move line names what they did
    assert not scene.finished and controls.action("undo").enabled()
    press(driver, scene, "undo")
    assert scene.match.move_count == 0 and scene.human_turn()
    assert registry.get(game_id).notation.format_move(first) in scene.hud.note     # « 2 coups annulés… : 2, 3 »
    assert controls.action("redo").enabled()
    press(driver, scene, "redo")
    driver.settle()
    assert scene.match.move_count == played and scene.match.moves[0] == first

    # the move list and the help, opened and closed by clicks
    press(driver, scene, "moves")
    assert scene.show_moves
    press(driver, scene, "moves")                     # its button, seen on the shrunk screen
    assert not scene.show_moves
    press(driver, scene, "help")
    assert scene.show_help
    driver.click(HELP_RECT.center)                    # a click anywhere closes it
    assert not scene.show_help and driver.scene is scene

    # pause, and back to the game from the pause menu
    press(driver, scene, "pause")
    assert driver.scene.name == "pause"
    click_item(driver, "resume")
    assert driver.scene is scene

    # the rest of the game, each move by its clicks
    while not scene.finished and scene.match.move_count < MAX_MOVES:
        driver.settle()
        if scene.finished or driver.scene is not scene:
            break
        count = scene.match.move_count
        move = rng.choice(scene.state.legal_moves())
        driver.play(scene, move, "mouse")
        assert scene.match.move_count == count + 1 and scene.match.moves[-1] == move, scene.message
    assert scene.finished, "the game did not end"

    # the result, then the menu, by clicks
    driver.until(lambda: driver.scene.name == "result", 6000)
    result = driver.scene
    assert result.match is scene.match
    driver.until(lambda: result.accepts_input)
    click_item(driver, "menu")
    assert driver.scene.name == "title"
