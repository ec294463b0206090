"""A pad alone: synthetic SDL GameController events through the real event queue, from the title
to a finished game, with hint, undo, redo, pause and hot-plugging."""
from __future__ import annotations

import pygame

from nimarcade.storage.settings import INSTANT
from nimarcade.window.scenes.game import GameScene
from nimarcade.window.scenes.result import ResultScene
from nimarcade.window.scenes.setup import SetupScene
from nimarcade.window.scenes.title import TitleScene

from tests.window.harness import Driver

PAD = 7


def button(driver: Driver, which: int) -> None:
    driver.post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=which)
    driver.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=which)
    driver.step()


def stick(driver: Driver, axis: int, value: int) -> None:
    driver.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=value)
    driver.step()


def test_a_whole_game_with_a_pad_alone(driver) -> None:
    # every move waits (settle) until a person may play: the moves are shown at once
    driver.app.update_settings(animation_speed=INSTANT)
    driver.app.start()
    driver.step()
    assert isinstance(driver.scene, TitleScene)
    button(driver, pygame.CONTROLLER_BUTTON_B)               # never quits from the title
    assert driver.app.running
    button(driver, pygame.CONTROLLER_BUTTON_A)               # Jouer
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, 32767)       # the stick: one card right...
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, 30000)       # ...held: no repeat
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, 0)
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, -32768)      # and back left
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, 0)
    button(driver, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)      # Fort Boyard
    button(driver, pygame.CONTROLLER_BUTTON_A)
    setup = driver.scene
    assert isinstance(setup, SetupScene) and setup.level.id == "fort-boyard"
    while setup.menu.items[setup.menu.focus].name != "play":
        button(driver, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    button(driver, pygame.CONTROLLER_BUTTON_A)
    game = driver.scene
    assert isinstance(game, GameScene)
    driver.settle()
    button(driver, pygame.CONTROLLER_BUTTON_Y)               # hint
    driver.until(lambda: game.hint is not None)
    button(driver, pygame.CONTROLLER_BUTTON_A)               # play
    driver.settle()
    moves = list(game.match.moves)
    button(driver, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)    # undo
    assert len(game.match.moves) < len(moves)
    button(driver, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)   # redo
    assert game.match.moves == moves
    button(driver, pygame.CONTROLLER_BUTTON_X)               # the move list
    assert game.show_moves
    button(driver, pygame.CONTROLLER_BUTTON_START)           # pause
    assert driver.scene.name == "pause"
    button(driver, pygame.CONTROLLER_BUTTON_B)               # back to the game
    assert driver.scene is game
    while not game.finished:
        button(driver, pygame.CONTROLLER_BUTTON_A)
        if driver.scene is game:
            driver.settle()
    driver.until(lambda: isinstance(driver.scene, ResultScene))


def test_hot_plugging_is_harmless_without_a_device(driver) -> None:
    driver.app.start()
    driver.post(pygame.CONTROLLERDEVICEADDED, device_index=3)
    driver.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)
    driver.step(2)
    assert driver.app.running and isinstance(driver.scene, TitleScene)


def test_plugged_pad_is_opened_and_closed(driver, monkeypatch) -> None:
    pads = driver.app.gamepads
    opened, closed = [], []

    class FakePad:
        def __init__(self, index):
            opened.append(index)

        def as_joystick(self):
            return type("J", (), {"get_instance_id": lambda self: 40 + opened[-1]})()

        def quit(self):
            closed.append(True)

    fake = type("C", (), {"is_controller": staticmethod(lambda i: True), "Controller": FakePad,
                          "get_count": staticmethod(lambda: 0)})
    monkeypatch.setattr(pads, "controller", fake)
    monkeypatch.setattr(pads, "available", True)
    driver.app.start()
    driver.post(pygame.CONTROLLERDEVICEADDED, device_index=2)
    driver.step()
    assert opened == [2] and 42 in pads.pads
    driver.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)
    driver.step()
    assert closed == [True] and not pads.pads
