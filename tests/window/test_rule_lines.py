"""The rule line under the game's title: as the board is drawn (the turned Pawns grid
says left or up), the Queen's says that queens may share a cell, and every one fits beside the
turn box, in both languages."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.i18n import LANGUAGES, tr
from nimarcade.games.grid.rules import GridState
from nimarcade.window.scenes.hud import TURN_RECT
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.window.ui import theme

RULE_X, RULE_SIZE = 32, 24          # where the HUD writes the rule line
ROOM = TURN_RECT.left - RULE_X - 8


def rule_lines(lang: str) -> list[str]:
    """The rule of every level of every game, and the turned grid's."""
    out = [tr("grid.rule_turned", lang)]
    for spec in registry.REGISTRY.values():
        for level in levels.load(spec.id):
            key, params = spec.rule(spec.new_state(level.params, first=0))
            out.append(tr(key, lang, **params))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_line_fits_beside_the_turn_box(lang: str) -> None:
    pygame.font.init()
    for line in rule_lines(lang):
        assert theme.text(line, RULE_SIZE).get_width() <= ROOM, line


def test_the_queens_rule_says_they_may_share_a_cell() -> None:
    spec = registry.get("wythoff")
    many = next(lv for lv in levels.load("wythoff") if lv.params["queens"] > 1)
    key, _ = spec.rule(spec.new_state(many.params, first=0))
    assert "autre" in tr(key, "fr") and "another" in tr(key, "en")
    one = next(lv for lv in levels.load("wythoff") if lv.params["queens"] == 1)
    assert spec.rule(spec.new_state(one.params, first=0))[0] == "rule.wythoff"


def test_the_turned_grid_says_left_or_up(driver) -> None:
    lv = next(lv for lv in levels.load("grid") if lv.id == "5x5")
    scene = driver.app.start_game(MatchConfig("grid", lv, dict(lv.params), (HUMAN, HUMAN), "me"))
    driver.step()
    assert "droite ou en bas" in scene.rule_text()
    driver.key(pygame.K_v)
    assert scene.rotated and "gauche ou en haut" in scene.rule_text()
    # a step the rules refuse is said as the board is drawn
    driver.click(scene.cell_center((1, 1)))
    driver.click(scene.cell_center((1, 5)))
    assert scene.message == tr("grid.bad_step_turned")
    driver.key(pygame.K_v)
    assert "droite ou en bas" in scene.rule_text()
    assert isinstance(scene.state, GridState)
