"""Matches in a row (seed 004), played to the result screen by mouse alone and by keyboard alone."""
from __future__ import annotations

import random

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.games.matches import solver as matches_solver
from nimarcade.core.registry import winning_move
from nimarcade.core.hints import Hint
from nimarcade.i18n import set_language
from nimarcade.games.matches.rules import RowState
from nimarcade.window.scenes.game import BOARD
from nimarcade.games.matches.scene.scene import MatchesScene
from nimarcade.window.scenes.result import ResultScene
from nimarcade.core.match import HUMAN, MatchConfig


def level(level_id: str):
    return next(lv for lv in levels.load("matches") if lv.id == level_id)


def start(driver, level_id="td4", seats=(HUMAN, HUMAN), first="human", **params) -> MatchesScene:
    lv = level(level_id)
    p = {**lv.params, **params}
    if "length" in params:
        p.pop("pattern", None)
    scene = driver.app.start_game(MatchConfig("matches", lv, p, seats, first))
    driver.step()
    assert isinstance(scene, MatchesScene)
    return scene


def press(driver, pos) -> None:
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    driver.step()


def drag(driver, pos) -> None:
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    driver.step()


def release(driver, pos) -> None:
    driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    driver.step()


def center(scene: MatchesScene, i: int) -> tuple[int, int]:
    return scene.match_rect(i).center


def mouse_play(driver, scene: MatchesScene, move, style: int) -> None:
    """Play ``move`` with the mouse in one of three ways a person would."""
    start_i, k = move
    last = start_i + k - 1
    if style == 0:    # the scene's path: how many (the 1-3 buttons), then hover (the preview) and click
        take, target = scene.mouse_path(move)
        driver.click(take)
        driver.move_mouse(target)
        assert scene.sel == move and scene.take == k   # the preview shows what the click takes
        driver.click(target)
    elif style == 1:  # drag across the run and release
        if k == 1:    # no drag over a single match: press and release is a click on the preview
            driver.click(scene.take_rects[0].center)
        press(driver, center(scene, start_i))
        drag(driver, center(scene, last))
        if k > 1:
            assert scene.sel == move
        release(driver, center(scene, last))
    else:             # shift-click the last match, shift-click the first, then the Play button
        pygame.key.set_mods(pygame.KMOD_SHIFT)
        try:
            driver.click(center(scene, last))
            if k > 1:
                driver.click(center(scene, start_i))
        finally:
            pygame.key.set_mods(0)
        assert scene.sel == move
        driver.click(scene.button_rect.center)


def test_mouse_game_against_expert_reaches_result(driver) -> None:
    scene = start(driver, "td4", seats=(HUMAN, 3))
    rng = random.Random(4)
    turn = 0
    while not scene.finished:
        driver.settle()
        if scene.finished:
            break
        move = winning_move(scene.state) or rng.choice(scene.state.legal_moves())
        played = scene.match.move_count
        mouse_play(driver, scene, move, turn % 3)
        assert scene.match.move_count == played + 1 and scene.match.moves[-1] == move
        turn += 1
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    assert driver.scene.match.state.is_over


def test_keyboard_two_humans_reach_result(driver) -> None:
    scene = start(driver, "21", seats=(HUMAN, HUMAN), first="human")
    rng = random.Random(7)
    moves = 0
    while not scene.finished:
        driver.settle()
        if scene.finished:
            break
        target = rng.choice(scene.state.legal_moves())
        if moves % 2:   # the scene's shortest path: Home/End/cursor, arrows, the length's digit, Enter
            driver.play(scene, target, "keys")
            moves += 1
            assert scene.match.moves[-1] == target
            continue
        driver.key(pygame.K_HOME)
        for _ in range(scene.state.length):
            if scene.sel[0] == target[0]:
                break
            driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_1)  # back to a single match
        for _ in range(target[1] - 1):
            driver.key(pygame.K_UP)
        assert scene.sel == target
        driver.key(pygame.K_RETURN)
        moves += 1
        assert scene.match.moves[-1] == target
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    assert driver.scene.match.move_count == moves


def test_computer_against_computer(driver) -> None:
    driver.app.update_settings(animation_speed=2.0)  # the same game, twice as fast to watch
    start(driver, "21", seats=(4, 1), first="human")
    driver.until(lambda: isinstance(driver.scene, ResultScene), 8000)
    assert driver.scene.match.state.is_over


def test_click_on_an_empty_cell_is_refused(driver) -> None:
    scene = start(driver)
    driver.settle()
    driver.app.sounds.take_log()
    driver.click(scene.cell_rect(1).center)  # td4: cell 2 is empty
    assert "2" in scene.message
    assert "invalid" in driver.app.sounds.take_log()
    assert scene.sel is None and scene.match.move_count == 0


def test_drag_past_a_gap_is_refused_and_not_played(driver) -> None:
    scene = start(driver)
    driver.settle()
    driver.app.sounds.take_log()
    press(driver, center(scene, 5))
    drag(driver, center(scene, 8))        # cells 7 and 8 (indices 6, 7): index 7 is empty
    assert scene.sel == (5, 2)
    assert "8" in scene.message and "invalid" in driver.app.sounds.take_log()
    release(driver, center(scene, 8))
    assert scene.match.move_count == 0 and scene.sel == (5, 2)


def test_drag_beyond_the_largest_take_is_refused(driver) -> None:
    scene = start(driver, "21")
    driver.settle()
    driver.app.sounds.take_log()
    press(driver, center(scene, 2))
    drag(driver, center(scene, 6))
    assert scene.sel == (2, 3)
    assert "3" in scene.message and "invalid" in driver.app.sounds.take_log()
    release(driver, center(scene, 6))
    assert scene.match.move_count == 0
    # Back within reach, the drag plays.
    press(driver, center(scene, 2))
    drag(driver, center(scene, 6))
    drag(driver, center(scene, 4))
    release(driver, center(scene, 4))
    assert scene.match.moves == [(2, 3)]


def test_extending_beyond_three_or_across_a_gap_is_refused(driver) -> None:
    scene = start(driver)
    driver.settle()
    pygame.key.set_mods(pygame.KMOD_SHIFT)     # Shift+click selects without playing
    try:
        driver.click(center(scene, 3))
    finally:
        pygame.key.set_mods(0)
    driver.keys(pygame.K_UP, pygame.K_UP)
    assert scene.sel == (3, 3)
    driver.app.sounds.take_log()
    driver.key(pygame.K_UP)
    assert scene.sel == (3, 3) and "3" in scene.message
    assert "invalid" in driver.app.sounds.take_log()
    driver.click(center(scene, 6))        # a neighbour of a full selection: refused too
    assert scene.sel == (3, 3) and "invalid" in driver.app.sounds.take_log()
    driver.click(center(scene, 10))       # elsewhere: a fresh selection
    driver.key(pygame.K_UP)
    assert scene.sel == (10, 2)
    driver.key(pygame.K_UP)               # cells 10 and 13 are both empty
    assert scene.sel == (10, 2) and "13" in scene.message
    assert "invalid" in driver.app.sounds.take_log()
    assert scene.match.move_count == 0


def test_keyboard_cursor_skips_empty_cells(driver) -> None:
    scene = start(driver)
    driver.settle()
    driver.key(pygame.K_HOME)
    assert scene.sel == (0, 1)
    driver.key(pygame.K_RIGHT)
    assert scene.sel == (3, 1)
    driver.keys(pygame.K_3, pygame.K_RIGHT, pygame.K_RIGHT)
    assert scene.sel == (5, 2)            # shortened at the end of the segment, never over a gap
    driver.key(pygame.K_RIGHT)
    assert scene.sel == (6, 1)
    driver.key(pygame.K_RIGHT)
    assert scene.sel == (10, 1)
    driver.key(pygame.K_END)
    assert scene.sel == (20, 1)
    driver.key(pygame.K_DOWN)             # already a single match: a soft refusal, nothing else
    assert scene.sel == (20, 1)


def test_hint_highlights_a_winning_run_and_explains_the_segments(driver) -> None:
    scene = start(driver)
    driver.settle()
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert not scene.hint.lost
    assert scene.hint.moves == tuple(matches_solver.winning_moves(scene.state))
    lines = scene.explain(scene.hint)
    assert "4" in lines[0] and "5" in lines[0]           # take cells 4 to 5 (the first winning move)
    assert "1, 2, 2, 2, 3" in lines[0]                   # what it leaves
    assert "4 à 2" in lines[1]                           # what it does to its segment
    driver.click(scene.theory_rect().center)             # « Plus de détails (T) »: the segments
    lines = scene.explain(scene.hint)
    assert any("1, 4, 2, 2, 3" in line for line in lines[2:])
    driver.step(3)  # draws the highlighted run and the reasons
    move = scene.hint.moves[0]
    after = scene.state.play(move)
    assert winning_move(after) is None  # the opponent is lost after the hinted move


def test_hint_says_a_lost_position_is_lost(driver) -> None:
    scene = start(driver, pattern="1.1.1")
    driver.settle()
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.hint.lost
    lines = scene.explain(scene.hint)
    assert len(lines) >= 2 and "3" in lines[-1]          # three single matches: the last one is yours
    driver.step(3)


def test_undo_restores_the_row(driver) -> None:
    scene = start(driver, "13", seats=(HUMAN, HUMAN))
    driver.settle()
    mouse_play(driver, scene, (4, 3), 1)
    driver.settle()
    assert scene.state.cells[4:7] == (False, False, False)
    driver.key(pygame.K_u)
    assert scene.state.cells == (True,) * 13 and scene.sel is None


def test_sixty_cells_fit_and_render_in_english(make_driver) -> None:
    driver = make_driver(lang="en")
    try:
        scene = start(driver, "21", length=60)
        driver.settle()
        assert scene.state.length == 60
        assert BOARD.contains(scene.table_rect)
        assert scene.label_every == 5
        assert scene.cell_rect(59).right <= BOARD.right and scene.cell_rect(0).left >= BOARD.left
        driver.move_mouse(center(scene, 30))      # the preview: what a click would take
        assert scene.sel == (30, 1)
        scene.turns.hint = Hint(((40, 3),), False)  # a hint of our own making: the test reads its words
        driver.key(pygame.K_t)                      # with its theory
        assert "segments" in scene.explain(scene.hint)[-2]
        assert not any(line.startswith("matches.") for line in scene.explain(scene.hint))
        driver.step(2)
        assert scene.take == 3 and scene.sel == (30, 3)   # « Take » counts what the hint advises
        driver.click(scene.button_rect.center)
        driver.step(20)  # mid-burn
        assert scene.animating
        driver.settle()
        assert scene.state.remaining == 57
    finally:
        set_language("fr")


def test_key_and_click_mashing_never_crashes(driver) -> None:
    scene = start(driver, "13", seats=(HUMAN, 1), first="human")
    rng = random.Random(2024)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
            pygame.K_HOME, pygame.K_END, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_9,
            pygame.K_PLUS, pygame.K_MINUS, pygame.K_h, pygame.K_u, pygame.K_DELETE, pygame.K_a]
    for _ in range(400):
        r = rng.random()
        if r < 0.45:
            driver.key(rng.choice(keys))
        elif r < 0.75:
            pos = (rng.randrange(BOARD.left, BOARD.right), rng.randrange(BOARD.top, BOARD.bottom))
            driver.click(pos, button=rng.choice((1, 1, 1, 3)))
        elif r < 0.9:
            y = scene.cell_rect(0).centery
            press(driver, (rng.randrange(BOARD.left, BOARD.right), y))
            drag(driver, (rng.randrange(BOARD.left, BOARD.right), y))
            release(driver, (rng.randrange(BOARD.left, BOARD.right), y))
        else:
            driver.step(rng.randrange(1, 30))
        if driver.scene is not scene:
            break
        if scene.sel is not None:  # the selection is always legal
            scene.state.check(scene.sel)
    assert isinstance(driver.scene, (MatchesScene, ResultScene))


def test_segments_text_summarises_long_rows() -> None:
    assert MatchesScene.segments_text([1, 4, 2, 2, 3]) == "1, 4, 2, 2, 3"
    long = [1] * 12 + [2, 2, 5]
    assert MatchesScene.segments_text(long) == "1 ×12, 2 ×2, 5"
    assert RowState.from_pattern("1..1111...11...11.111").length == 21


def test_one_click_plays_what_the_hover_preview_shows(driver) -> None:
    """As in Sticks and Heaps: hovering shows the matches a click takes; the click plays them."""
    scene = start(driver, "13", seats=(HUMAN, HUMAN), first="human")
    driver.settle()
    driver.move_mouse(center(scene, 5))
    assert scene.sel == (5, 1) and scene.match.move_count == 0
    driver.click(scene.take_rects[1].center)          # « 2 »
    driver.move_mouse(center(scene, 12))              # the row ends: the preview goes leftwards
    assert scene.sel == (11, 2)
    driver.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    driver.step()
    assert scene.take == 3 and scene.sel == (10, 3)
    driver.click(center(scene, 12))
    assert scene.match.moves == [(10, 3)]


# -- the Matches theory is never cut ------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("level", ["td4", "40"])
def test_matches_theory_is_shown_whole_on_every_move(make_driver, drawn, lang: str, level: str) -> None:
    from nimarcade.games.matches.scene.art import BOARD, hint_top, line_step
    driver = make_driver(lang=lang)
    set_language(lang)
    game = driver.start_level("matches", level)
    driver.key(pygame.K_t)                                  # the theory, for every hint from now on
    followed = 0
    for _ in range(4):
        if game.finished or not game.human_turn():
            break
        take = game.take
        driver.key(pygame.K_h)
        driver.until(lambda: game.hint is not None and not game.hint_pending)
        drawn.clear()
        driver.step()
        size, parts = game.hint_parts()
        full = " ".join(game.explain(game.hint)[1:])
        assert " ".join(parts) == full                      # wrapped, not cut
        assert hint_top(game.table) + len(parts) * line_step(size) <= BOARD.bottom
        assert all(part in drawn for part in parts)
        if game.hint.lost:                                  # no winning move: « Take » stays as it was
            assert not game.hint.moves and game.take == take
        else:                                               # « Take » counts the hint's matches
            assert game.take == game.hint.moves[0][1]
            followed += 1
        move = game.hint.moves[0] if game.hint.moves else game.state.legal_moves()[0]
        driver.play(game, move, "keys")
        driver.settle()
        # a second person plays the other side: any move
        if not game.finished and game.human_turn():
            driver.play(game, game.state.legal_moves()[0], "keys")
            driver.settle()
    assert followed                                         # at least one hint advised a move


# -- Matches: the keyboard's cursor shows from the first key --------------------------------------
@pytest.mark.parametrize("key", [pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN, pygame.K_UP])
def test_the_matches_cursor_shows_from_the_first_key(driver, key: int) -> None:
    game = driver.start_level("matches", "21")
    driver.move_mouse((5, 5))                                # the mouse elsewhere, nothing chosen
    assert game.sel is None
    driver.key(key)
    assert game.sel is not None and game.present(game.sel[0])
    assert game.view().sel == game.sel                       # drawn this frame
