"""Nim heaps (seed 001, part 2), played to the result screen by mouse alone and by keyboard alone."""
from __future__ import annotations

import random

import pygame

from nimarcade.core import levels
from nimarcade.core.registry import winning_moves
from nimarcade.games.heaps.solver import nim_sum
from nimarcade import i18n
from nimarcade.i18n import tr
from tests.catalogue_view import TEXTS
from nimarcade.window.scenes.game import BOARD
from nimarcade.games.heaps.scene.scene import HEAP_AREA, PANEL_RECT, HeapsScene
from nimarcade.window.scenes.result import ResultScene
from nimarcade.core.match import HUMAN, MatchConfig


def level(level_id: str):
    return next(lv for lv in levels.load("heaps") if lv.id == level_id)


def start(driver, level_id="1-3-7", seats=(HUMAN, 3), first="human", **params) -> HeapsScene:
    lv = level(level_id)
    scene = driver.app.start_game(MatchConfig("heaps", lv, {**lv.params, **params}, seats, first))
    driver.step()
    return scene


def test_mouse_game_against_expert_reaches_result(driver) -> None:
    scene = start(driver)
    while not scene.finished:
        driver.settle()
        if scene.finished:
            break
        # Hover, then click the middle token of the last non-empty heap: it and those to its right go.
        i = max(k for k, h in enumerate(scene.state.heaps) if h)
        size = scene.state.heaps[i]
        j = size // 2
        [pos] = scene.mouse_path((i, size - j))
        driver.move_mouse(pos)
        assert scene.selection() == (i, size - j)
        driver.click(pos)
        assert scene.state.heaps[i] == j
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    assert driver.scene.match.state.is_over


def test_keyboard_two_humans_marienbad(driver) -> None:
    scene = start(driver, "marienbad", seats=(HUMAN, HUMAN))
    moves = 0
    while not scene.finished:
        driver.settle()
        if scene.finished:
            break
        heaps = scene.state.heaps
        last = max(k for k, h in enumerate(heaps) if h)
        driver.key(pygame.K_1 + last)                      # jump to the last non-empty heap
        assert scene.sel_heap == last
        driver.keys(pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT)    # 1 -> 2 -> 1 (clamped) or 2
        want = min(2, heaps[last])
        assert scene.selection() == (last, want)
        driver.keys(pygame.K_UP, pygame.K_DOWN)            # away and back (wraps, skips empty heaps)
        assert scene.sel_heap == last
        driver.key(pygame.K_RETURN)
        assert scene.state.heaps[last] == heaps[last] - want
        moves += 1
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    assert driver.scene.match.move_count == moves


def test_keyboard_alone_against_the_computer(driver) -> None:
    scene = start(driver, "1-3-5-7", seats=(HUMAN, 1))
    while not scene.finished:
        driver.settle()
        if scene.finished:
            break
        driver.key(pygame.K_DOWN)
        driver.key(pygame.K_SPACE)
    driver.until(lambda: isinstance(driver.scene, ResultScene))


def test_computer_against_computer_giant(driver) -> None:
    driver.app.update_settings(animation_speed=2.0)   # the largest level, watched at double speed
    start(driver, "geant", seats=(4, 1), first="human")
    driver.until(lambda: isinstance(driver.scene, ResultScene), 8000)
    assert driver.scene.match.state.is_over


def test_refusals_show_a_message_and_sound(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    driver.settle()
    driver.app.sounds.take_log()
    driver.key(pygame.K_9)                       # there is no heap 9
    assert scene.message == tr("err.heaps.no_heap", heap=9)
    assert "invalid" in driver.app.sounds.take_log()
    driver.key(pygame.K_5)                       # 1-3-7 has three heaps
    assert "5" in scene.message
    driver.click(scene.token_rect(0, 0).center)  # take heap 1 (its only token)
    driver.settle()
    driver.app.sounds.take_log()
    driver.click(scene.token_rect(0, 0).center)  # heap 1 is empty now
    assert scene.message == tr("err.heaps.empty", heap=1)
    assert "invalid" in driver.app.sounds.take_log()
    driver.key(pygame.K_1)
    assert scene.message == tr("err.heaps.empty", heap=1)
    driver.click(scene.token_rect(2, 6).center)  # player 2 takes the last token of heap 3
    driver.settle()
    driver.app.sounds.take_log()
    driver.click(scene.token_rect(2, 6).center)  # that slot is empty now
    assert scene.message == tr("heaps.already_taken")
    assert "invalid" in driver.app.sounds.take_log()
    assert scene.state.heaps == (0, 3, 6)


def test_count_is_clamped_to_the_heap(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    driver.settle()
    driver.key(pygame.K_2)
    driver.keys(*[pygame.K_LEFT] * 5)
    assert scene.selection() == (1, 3)
    driver.key(pygame.K_1)                       # heap 1 holds 1: the count follows
    assert scene.selection() == (0, 1)
    driver.app.sounds.take_log()
    driver.key(pygame.K_RIGHT)
    assert scene.count == 1 and "invalid" in driver.app.sounds.take_log()


def test_hint_highlights_the_winning_move_and_explains_the_table(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    driver.settle()
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.hint.moves == tuple(winning_moves(scene.state)) == ((2, 5),)
    assert scene.table_visible()
    lines = scene.explain(scene.hint)
    assert "5" in lines[0] and "3" in lines[0]                       # 5 objects from heap 3
    assert any("101" in line for line in lines)                      # the nim-sum in binary
    assert any("111" in line and "010" in line for line in lines)    # heap 3's bits change
    driver.step(2)
    # Playing the hinted move by keyboard leaves a zero nim-sum.
    driver.key(pygame.K_3)
    driver.keys(*[pygame.K_LEFT] * 4)
    driver.key(pygame.K_RETURN)
    assert nim_sum(scene.state.heaps) == 0
    assert scene.hint is None


def test_lost_position_says_the_nim_sum_is_zero(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN), heaps=[1, 2, 3])
    driver.settle()
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.hint.lost
    lines = scene.explain(scene.hint)
    assert "nulle" in lines[0] and any("1 xor 2 xor 3 = 0" in line for line in lines)
    driver.step(2)  # drawn without a highlighted move


def test_misere_endgame_correction(driver) -> None:
    scene = start(driver, "marienbad", seats=(HUMAN, HUMAN), heaps=[1, 1, 5])
    driver.settle()
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.hint.moves == ((2, 4),)          # leave 1: three 1-heaps, an odd number
    lines = scene.explain(scene.hint)
    assert "impair" in lines[0]
    assert any("parité" in line for line in lines)
    driver.step(2)
    lost = start(driver, "marienbad", seats=(HUMAN, HUMAN), heaps=[1, 1, 1])
    driver.settle()
    driver.key(pygame.K_h)
    driver.until(lambda: lost.hint is not None, 10)
    assert lost.hint.lost and "impair" in lost.explain(lost.hint)[0]


def test_table_toggles_with_t_and_its_button(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    driver.settle()
    assert not scene.table_visible()
    driver.key(pygame.K_t)
    assert scene.table_visible()
    driver.click(scene.table_button.center)
    assert not scene.table_visible()
    driver.click(scene.hint_button.center)        # the hint by mouse opens the table too
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.table_visible()
    driver.step(2)


def test_english_status_and_rule(make_driver) -> None:
    driver = make_driver(lang="en")
    scene = start(driver, "marienbad", seats=(HUMAN, HUMAN))
    driver.settle()
    assert "LOSES" in scene.rule_text()
    driver.key(pygame.K_t)
    driver.step(2)
    assert scene.status_line() == tr("heaps.status_zero", "en")


def test_animation_flies_the_taken_tokens(driver) -> None:
    scene = start(driver, "geant", seats=(HUMAN, HUMAN))
    driver.settle()
    driver.app.sounds.take_log()
    driver.key(pygame.K_8)
    driver.keys(*[pygame.K_LEFT] * 30)
    driver.key(pygame.K_RETURN)
    assert "take" in driver.app.sounds.take_log()
    assert scene.animating and scene.anim_move == (7, 25)
    driver.step(20)                               # mid-flight frames are drawn
    driver.settle()
    assert scene.trays[0] == 25 and scene.state.heaps[7] == 0


def test_undo_restores_heaps_and_trays(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    driver.settle()
    driver.click(scene.token_rect(2, 0).center)
    driver.settle()
    assert scene.trays[0] == 7
    driver.key(pygame.K_u)
    assert scene.state.heaps == (1, 3, 7) and scene.trays == [0, 0]


def test_largest_level_fits_the_board(driver) -> None:
    scene = start(driver, "geant", seats=(HUMAN, HUMAN), heaps=[25] * 8)
    area = BOARD.clip(HEAP_AREA)
    assert area == HEAP_AREA and BOARD.contains(PANEL_RECT) and not HEAP_AREA.colliderect(PANEL_RECT)
    for i in range(8):
        row = scene.row_rect(i)
        assert HEAP_AREA.contains(row)
        for j in range(25):
            r = scene.token_rect(i, j)
            assert row.contains(r), (i, j)
            assert scene.slot_at(r.center) == (i, j)
        if i:
            assert not row.colliderect(scene.row_rect(i - 1))
    for p in (0, 1):
        assert BOARD.contains(scene.tray_rect(p)) and not HEAP_AREA.colliderect(scene.tray_rect(p))
    assert PANEL_RECT.contains(scene.table_button) and PANEL_RECT.contains(scene.hint_button)


def test_key_mashing_never_crashes(driver) -> None:
    rng = random.Random(7)
    scene = start(driver, "six-tas", seats=(HUMAN, 2))
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
            pygame.K_h, pygame.K_t, pygame.K_u, pygame.K_F1, pygame.K_0, pygame.K_9, pygame.K_a,
            *range(pygame.K_1, pygame.K_9)]
    for _ in range(400):
        if driver.scene is not scene:
            break
        r = rng.random()
        if r < 0.5:
            driver.key(rng.choice(keys))
        elif r < 0.8:
            driver.click((rng.randrange(0, 1280), rng.randrange(0, 720)))
        else:
            driver.move_mouse((rng.randrange(0, 1280), rng.randrange(0, 720)))
    assert driver.app.running


def test_every_heaps_string_exists_in_both_languages() -> None:
    """Heaps' own texts (``heaps.*``, ``help.heaps``): both languages, the same placeholders, none of
    the arrows and marks the scene draws itself."""
    own = {key: entry for key, entry in TEXTS.items() if key.startswith(("heaps.", "help.heaps"))}
    assert len(own) > 20
    for key, entry in own.items():
        assert set(entry) == set(i18n.LANGUAGES) and all(entry.values()), key
        for lang in entry:                         # every language: English's placeholders, no drawn marks
            assert i18n.fields(entry[lang]) == i18n.fields(entry[i18n.FALLBACK_LANGUAGE]), (key, lang)
            assert not set(entry[lang]) & set("←→↑↓✓✗▶●"), key


# -- the notation « 3:7 » is explained where the moves are written --------------------------------
def test_the_heaps_notation_is_explained_under_the_move_list(driver, drawn) -> None:
    game = driver.start_level("heaps", "1-3-7")
    driver.play(game, game.state.legal_moves()[-1], "keys")
    driver.settle()
    drawn.clear()
    driver.key(pygame.K_l)                                   # the move list
    assert game.move_list.enabled and tr("heaps.notation") in drawn
