"""The settings screen, driven by real events: the volume slider and instant animations."""
from __future__ import annotations

import pygame

from nimarcade.core import levels
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.i18n import tr


def test_volume_slider_and_instant_animations(driver) -> None:
    driver.app.manager.go("title")
    driver.app.manager.open("settings")
    settings = driver.scene
    item = settings.menu.item("volume")
    bar = settings.menu.bar_rect(item)
    driver.click((bar.left + 1, bar.centery))      # a click at the left end: silence
    assert driver.app.settings.volume == 0.0 and driver.app.sounds.volume == 0.0
    driver.click((bar.right - 1, bar.centery))
    assert driver.app.settings.volume == 1.0
    speed = settings.menu.item("speed")
    while speed.value != 0.0:
        driver.click(speed.right_rect.center)
    assert speed.fmt(speed.value) == tr("set.instant")
    lv = levels.load("sticks")[0]
    game = driver.app.start_game(MatchConfig("sticks", lv, dict(lv.params), (HUMAN, HUMAN), "human"))
    driver.step()
    driver.key(pygame.K_RETURN)
    driver.step(2)
    assert not game.animating and game.match.move_count == 1  # shown at once
