"""A still screen is not redrawn: the loop sleeps until an event (the CPU a still window costs is
measured by ``python -m nimarcade.bench frames``). Anything that moves keeps every frame."""
from __future__ import annotations

import pygame

from nimarcade.window import app as app_mod
from nimarcade.core import levels
from nimarcade.core.match import HUMAN, MatchConfig

from tests.window.harness import Driver, make_app


def settle(app) -> None:
    app.lively = app_mod.LIVELY          # as if the last input was long ago
    app.toasts.clear()


def test_a_still_title_is_still_until_the_mouse_moves() -> None:
    app = make_app()
    try:
        app.manager.go("title")
        Driver(app).step()
        settle(app)
        assert app.still()
        Driver(app).move_mouse((640, 400))              # any input: every frame is drawn again
        assert not app.still()
        settle(app)
        app.notify("hello")                             # a message on screen: it will go by itself
        assert not app.still()
    finally:
        app.shutdown()


def test_a_game_moves_while_it_animates_or_the_computer_thinks() -> None:
    app = make_app(synchronous=False)
    driver = Driver(app)
    try:
        level = levels.load("sticks")[1]
        game = app.start_game(MatchConfig("sticks", level, dict(level.params), (HUMAN, 3), "human"))
        driver.step()
        settle(app)
        assert app.still() and game.human_turn()
        driver.play(game, 1, "keys")                    # the sticks fly, then the computer thinks
        settle(app)
        assert not app.still() and game.moving()
        driver.until(lambda: game.human_turn() and not game.moving(), 3000)
        settle(app)
        assert app.still()
    finally:
        app.shutdown()


def test_a_woken_still_screen_draws_nothing_unless_something_changed(monkeypatch) -> None:
    app = make_app()
    try:
        app.manager.go("title")
        app.step()
        drawn = []
        monkeypatch.setattr(app, "draw", lambda: drawn.append(app.frame))
        app.step(0.1, [], draw=False)                   # a timer's wake-up: nothing to draw
        assert drawn == []
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0)))
        app.step(0.1, [], draw=False)                   # an event came: the frame is drawn
        assert len(drawn) == 1
        app.idle = 1000.0                               # the title's countdown ends: the demo
        app.step(0.1, [], draw=False)                   # starts by itself, and is drawn
        assert len(drawn) == 2 and app.manager.top.name == "game" and app.manager.top.demo
    finally:
        app.shutdown()


def test_the_result_confetti_rest_after_a_while() -> None:
    app = make_app()
    try:
        level = levels.load("sticks")[1]
        game = app.start_game(MatchConfig("sticks", level, dict(level.params), (HUMAN, HUMAN), "human"))
        app.manager.go("result", match=game.match)
        result = app.manager.top
        assert result.moving()
        result.time = 60.0
        assert not result.moving()
    finally:
        app.shutdown()
