"""The setup screen, driven by real events: Enter plays from any row, the rule line and the level's
name follow the board, heaps edited in place, every level's name fits, and « change the level or
players » from the pause keeps the game."""
from __future__ import annotations

import pygame

from nimarcade.core import registry
from nimarcade.i18n import set_language, tr
from nimarcade.window.scenes.select import card_rects
from nimarcade.window.ui import theme

from tests.window.harness import Driver


def open_card(driver: Driver, key: str):
    driver.app.manager.go("select")
    driver.step()
    index = [v.key for v in registry.VARIANTS].index(key)
    driver.click(card_rects(len(registry.VARIANTS))[index].center)
    assert driver.scene.name == "setup"
    return driver.scene


def focus_row(driver: Driver, scene, name: str) -> None:
    names = [item.name for item in scene.menu.items]
    while scene.menu.items[scene.menu.focus].name != name:
        driver.key(pygame.K_DOWN if names.index(name) > scene.menu.focus else pygame.K_UP)


def test_enter_on_any_setup_row_plays_as_the_footer_says(driver) -> None:
    setup = open_card(driver, "fort_boyard")
    assert "Entrée : jouer" in tr("setup.keys")
    focus_row(driver, setup, "level")
    driver.key(pygame.K_RETURN)
    game = driver.scene
    assert game.name == "game" and game.config.level.id == "fort-boyard"
    assert game.title_text().startswith("Fort Boyard")


def test_setup_rule_line_and_level_name_follow_the_board(driver) -> None:
    setup = open_card(driver, "sticks")
    focus_row(driver, setup, "level")
    while setup.level.id != "quatre":
        driver.key(pygame.K_RIGHT)
    assert "1 à 4" in setup.rule_line() and not setup.customized
    assert setup.menu.item("level").fmt(setup.level_index) == setup.level.name()
    setup = open_card(driver, "fort_boyard")
    focus_row(driver, setup, "sticks")
    driver.key(pygame.K_RIGHT)                     # 21 sticks
    assert setup.params["sticks"] == 21 and setup.customized
    assert setup.menu.item("level").fmt(setup.level_index) == tr("setup.custom")
    assert "20" not in setup.rule_line()
    driver.key(pygame.K_RETURN)
    assert tr("setup.custom") in driver.scene.title_text()
    setup = open_card(driver, "heaps")
    focus_row(driver, setup, "heaps")
    driver.key(pygame.K_RIGHT)
    assert setup.menu.item("level").fmt(setup.level_index) == tr("setup.custom")


def test_heaps_are_edited_in_place_with_keys_or_mouse(driver) -> None:
    setup = open_card(driver, "heaps")
    start = list(setup.params["heaps"])            # the first level: 1, 3, 7
    focus_row(driver, setup, "heaps")
    row = setup.menu.item("heaps")
    driver.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)  # the second heap...
    driver.key(pygame.K_RIGHT)                     # ...one more
    assert list(setup.params["heaps"]) == [start[0], start[1] + 1, *start[2:]]
    driver.key(pygame.K_3)
    driver.key(pygame.K_LEFT)
    assert setup.params["heaps"][2] == start[2] - 1
    driver.key(pygame.K_PLUS)
    assert len(setup.params["heaps"]) == len(start) + 1
    driver.key(pygame.K_DELETE)
    assert len(setup.params["heaps"]) == len(start)
    # The mouse: the « + » chip adds a heap; dragging a chip up makes it bigger; right-click removes.
    driver.click(row.chip_rects()[-1].center)
    assert len(setup.params["heaps"]) == len(start) + 1
    chip = row.chip_rects()[0]
    before = setup.params["heaps"][0]
    driver.post(pygame.MOUSEBUTTONDOWN, pos=chip.center, button=1)
    driver.post(pygame.MOUSEMOTION, pos=(chip.centerx, chip.centery - 60), rel=(0, -60), buttons=(1, 0, 0))
    driver.post(pygame.MOUSEBUTTONUP, pos=(chip.centerx, chip.centery - 60), button=1)
    driver.step()
    assert setup.params["heaps"][0] == before + 60 // 14
    driver.click(row.chip_rects()[0].center, button=3)
    assert len(setup.params["heaps"]) == len(start)
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "game" and driver.scene.state.heaps == tuple(setup.params["heaps"])


def test_every_level_name_fits_between_the_arrows(driver) -> None:
    for variant in registry.VARIANTS:
        setup = open_card(driver, variant.key)
        item = setup.menu.item("level")
        room = item.right_rect.left - item.left_rect.right - 16
        for i, lv in enumerate(setup.levels):
            for lang in ("fr", "en"):
                set_language(lang)
                try:
                    name = item.fmt(i)
                    size = theme.fit_size(name, setup.menu.size - 4, room)
                    assert theme.text(name, size).get_width() <= room and size >= 18, (lv.id, lang)
                finally:
                    set_language("fr")


# -- « Change the level or players » says one true thing --------------------------------------
def test_change_setup_keeps_the_game_and_says_so_once(driver, drawn) -> None:
    game = driver.start_level("sticks", "fort-boyard")
    driver.play(game, game.state.legal_moves()[0], "keys")
    driver.settle()
    driver.key(pygame.K_ESCAPE)
    pause = driver.scene
    assert pause.name == "pause"
    driver.choose(pause.menu, "setup", "mouse")
    assert driver.scene.name == "setup"                  # no « the moves will be lost »: they are not
    assert tr("confirm.leave_detail") not in drawn
    assert driver.app.services.autosave.for_card(game.config.card.key) is not None
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "confirm" and driver.scene.question == tr("kept.replace")


# -- beginners started lost, with no way out ----------------------------------------------
def test_the_setup_says_how_to_start_a_game_one_can_win_and_does_it_on_a_click(driver, drawn) -> None:
    setup = open_card(driver, "matches")
    assert setup.first == "random" and setup.seats[1] == 3          # the expert, whoever starts
    drawn.clear()
    driver.step()
    tip = tr("setup.tip_first", first=tr("setup.first_human"))
    assert tip in drawn
    driver.click(setup.tip_rect.center)                               # the tip does what it says
    item = setup.menu.item("first")
    assert setup.first == "human" and item.fmt(item.value) == tr("setup.first_human")
    drawn.clear()
    driver.step()
    assert tr("setup.tip_weaker") in drawn                            # then the lower levels are named
    driver.key(pygame.K_b)
    assert setup.seats[1] == 2 and setup.menu.item("seat1").value == 2


def test_a_lost_start_says_how_to_get_a_winnable_one(driver, drawn) -> None:
    setup = open_card(driver, "matches")
    while setup.first != "computer":                                  # the expert starts: the person is lost
        driver.click(setup.menu.item("first").left_rect.center)
    driver.click(setup.menu.item("play").rect.center)
    game = driver.scene
    driver.settle()
    driver.key(pygame.K_h)
    driver.until(lambda: game.hint is not None)
    assert game.hint.lost
    drawn.clear()
    driver.step()
    assert tr("hud.lost_start", first=tr("setup.first_human"), setup=tr("menu.change_setup")) in drawn
