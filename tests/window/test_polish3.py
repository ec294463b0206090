"""Polish III (issue 34): what a new player met in a real window, each driven by real events."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.i18n import set_language, tr
from nimarcade.window.scenes import hud

from tests.window.harness import Driver


# -- 1. the Matches theory is never cut ------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("level", ["td4", "40"])
def test_matches_theory_is_shown_whole_on_every_move(make_driver, drawn, lang: str, level: str) -> None:
    from nimarcade.games.matches.scene.art import BOARD, hint_top, line_step
    driver = make_driver(lang=lang)
    set_language(lang)
    game = driver.start_level("matches", level)
    driver.key(pygame.K_t)                                  # the theory, for every hint from now on
    for _ in range(4):
        if game.finished or not game.human_turn():
            break
        driver.key(pygame.K_h)
        driver.until(lambda: game.hint is not None and not game.hint_pending)
        drawn.clear()
        driver.step()
        size, parts = game.hint_parts()
        full = " ".join(game.explain(game.hint)[1:])
        assert " ".join(parts) == full                      # wrapped, not cut
        assert hint_top(game.table) + len(parts) * line_step(size) <= BOARD.bottom
        assert all(part in drawn for part in parts)
        assert game.take == game.hint.moves[0][1] if game.hint.moves and not game.hint.lost else True
        move = game.hint.moves[0] if game.hint.moves else game.state.legal_moves()[0]
        driver.play(game, move, "keys")
        driver.settle()
        # a second person plays the other side: any move
        if not game.finished and game.human_turn():
            driver.play(game, game.state.legal_moves()[0], "keys")
            driver.settle()


# -- 2. the Queen's first move, as the README says: click the queen, then a lit cell ---------------
def test_queen_first_move_click_queen_then_lit_cell(driver, drawn) -> None:
    game = driver.start_level("wythoff", "classic-7x10")
    queen = game.state.pieces[0]
    assert game.selected == queen                        # the lone queen is chosen for the player
    driver.click(game.cell_center(queen))                # the README's first click keeps it chosen
    assert game.selected == queen
    dst = game.destinations()[0]
    before = game.state
    driver.click(game.cell_center(dst))
    assert game.state is not before and not any("pas de reine" in s for s in drawn)


def test_queen_lit_cell_moves_the_lone_queen_even_after_a_cancel(driver) -> None:
    game = driver.start_level("wythoff", "classic-7x10")
    queen = game.state.pieces[0]
    driver.click(game.cell_center(queen), button=3)      # right-click cancels the choice
    assert game.selected is None
    dst = game.state.destinations(queen)[0]
    before = game.state
    driver.click(game.cell_center(dst))
    assert game.state is not before


# -- 3. « Change the level or players » says one true thing --------------------------------------
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


# -- 4. Awélé's Analysis and Info are off during a puzzle, and say so ----------------------------
def open_puzzle(driver: Driver, game: str):
    from tests.window.test_puzzle_scene import choose_game, open_puzzles, start
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, game, "mouse")
    start(driver, scene, "mouse")
    return scene


def test_awele_analysis_and_info_are_off_in_a_puzzle(driver, drawn) -> None:
    from nimarcade.games.awele.scene.thinking import INFO, OVERLAY
    driver.app.services.prefs[INFO] = True               # on from an earlier game
    scene = open_puzzle(driver, "awele")
    watch = scene.board.scene.watch
    assert not watch.info_on and not watch.analysis_on and not watch.buttons()
    for key in (pygame.K_a, pygame.K_i):
        drawn.clear()
        driver.key(key)
        driver.step(3)
        assert tr("awele.assist_off") in drawn
        waiting = tr("awele.analysis_wait").rstrip("…")
        assert not any(s.startswith(waiting) for s in drawn)
    assert not watch.info_on and not watch.analysis_on
    assert driver.app.services.prefs[INFO] and not driver.app.services.prefs.get(OVERLAY, False)
