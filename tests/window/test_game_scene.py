"""What every game screen shares (window/scenes/game.py, its HUD), driven by real events: Esc
closes the help before it pauses, the demo badge has a place of its own."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.core import registry
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.i18n import tr
from nimarcade.window.scenes import hud
from nimarcade.window.ui import theme


def test_esc_closes_the_help_before_it_pauses(driver) -> None:
    lv = levels.load("sticks")[0]
    game = driver.app.start_game(MatchConfig("sticks", lv, dict(lv.params), (HUMAN, HUMAN), "human"))
    driver.key(pygame.K_F1)
    assert game.show_help
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is game and not game.show_help
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "pause"


@pytest.mark.parametrize("game_id", registry.GAMES)
def test_the_demo_badge_has_a_place_of_its_own(driver, game_id: str) -> None:
    """The badge covers neither the board, nor whose turn it is, nor the last move."""
    level = next(lv for lv in levels.load(game_id) if registry.get(game_id).demo_ok(lv.params))
    driver.app.start_game(MatchConfig(game_id, level, dict(level.params), (1, 1), "random", demo=True))
    driver.step(120)
    for part in (hud.BOARD, hud.TURN_RECT, hud.TOP_BAR):
        assert not hud.DEMO_RECT.colliderect(part)
    assert hud.BOTTOM_BAR.contains(hud.DEMO_RECT)
    scene = driver.scene
    if scene.name == "game" and scene.last_move_text:
        width = theme.text(tr("hud.last_move") + " " + scene.last_move_text, hud.LAST_MOVE_SIZE).get_width()
        assert 32 + min(width, hud.last_move_width(scene)) < hud.DEMO_RECT.left
