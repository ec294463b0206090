"""La reine au puits: whole games by mouse alone and by keyboard alone (through ``mouse_path`` and
``key_path`` and real pygame events), human against human and against the computer; refusals,
the keyboard's three lines, the slide and the fall, the hint with its cold cells, key mashing."""
from __future__ import annotations

import random

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.core.registry import winning_moves
from nimarcade.games.wythoff.rules import WythoffState
from nimarcade.window.scenes.game import BOARD
from nimarcade.window.scenes.result import ResultScene
from nimarcade.games.wythoff.scene.scene import WythoffScene
from nimarcade.games.wythoff.scene.art import draw_preview
from nimarcade.core.match import HUMAN, MatchConfig


def level(level_id: str):
    return next(lv for lv in levels.load("wythoff") if lv.id == level_id)


def start(driver, level_id="9x12-3", seats=(HUMAN, HUMAN), first="human", queens=None) -> WythoffScene:
    lv = level(level_id)
    scene = driver.app.start_game(MatchConfig("wythoff", lv, dict(lv.params), seats, first))
    if queens is not None:   # a chosen position, player 1 to move
        st = scene.state
        scene.match.states[-1] = WythoffState.from_queens(st.rows, st.cols, queens)
        scene.layout()
        scene.on_new_turn()
    driver.step()
    return scene


def choose(state: WythoffState, rng: random.Random):
    """A winning move when there is one (half the time), else a random legal one."""
    wins = winning_moves(state)
    return wins[0] if wins and rng.random() < 0.5 else rng.choice(state.legal_moves())


def play_whole_game(driver, scene: WythoffScene, by: str, seed: int) -> int:
    """Play every human move with the mouse or the keyboard only; returns the human moves made."""
    rng = random.Random(seed)
    made = 0
    while not scene.finished:
        driver.settle()
        if scene.finished or driver.scene is not scene:
            break
        move = choose(scene.state, rng)
        count = scene.match.move_count
        driver.play(scene, move, by)
        assert scene.match.move_count == count + 1 and scene.match.moves[-1] == move, (move, scene.message)
        made += 1
    driver.until(lambda: isinstance(driver.scene, ResultScene), 8000)
    assert driver.scene.match.state.is_over
    return made


@pytest.mark.parametrize("by", ["mouse", "keys"])
@pytest.mark.parametrize("level_id, seats", [("9x12-3", (HUMAN, HUMAN)), ("classic-7x10", (HUMAN, 3)),
                                             ("15x15-6", (HUMAN, 2))])
def test_whole_games_by_mouse_alone_and_by_keyboard_alone(driver, by, level_id, seats) -> None:
    driver.app.update_settings(animation_speed=2.0)
    scene = start(driver, level_id, seats=seats)
    made = play_whole_game(driver, scene, by, seed=len(level_id) + len(by))
    assert made >= 1
    if seats[1] != HUMAN:
        assert scene.match.move_count > made       # the computer played too
    else:
        assert scene.match.move_count == made


def test_computer_against_computer_slides_and_falls(driver) -> None:
    driver.app.update_settings(animation_speed=2.0)
    scene = start(driver, "9x12-3", seats=(4, 1))
    driver.app.sounds.take_log()
    driver.until(lambda: isinstance(driver.scene, ResultScene), 12000)
    log = driver.app.sounds.take_log()
    assert "slide" in log and log.count("fall") == 3   # every queen ends in the well
    assert scene.state.outcome.reason == "end.wythoff.last_queen"


def test_demo_mode_plays_to_the_end_without_the_player(driver) -> None:
    driver.app.update_settings(animation_speed=2.0)
    lv = level("classic-7x10")
    scene = driver.app.start_game(MatchConfig("wythoff", lv, dict(lv.params), (3, 2), "random", demo=True))
    driver.step(5)
    assert scene.demo and not scene.human_turn()
    driver.until(lambda: scene.finished, 6000)
    assert scene.state.is_over and scene.match.move_count >= 1 and scene.selected is None


def test_refusals_explain_the_rule(driver) -> None:
    scene = start(driver, "9x12-3")
    sounds = driver.app.sounds
    sounds.take_log()
    driver.click(scene.cell_center((4, 4)))             # no queen there
    assert "(4,4)" in scene.message and "invalid" in sounds.take_log() and scene.selected is None
    driver.click(scene.cell_center((2, 1)))
    assert scene.selected == (2, 1)
    driver.move_mouse(scene.cell_center((4, 2)))        # not on a line: no preview
    assert scene.focused() is None
    driver.click(scene.cell_center((4, 2)))             # a knight's jump: refused, the queen stays chosen
    assert "(4,2)" in scene.message and "invalid" in sounds.take_log()
    assert scene.selected == (2, 1) and scene.match.move_count == 0
    driver.click(scene.cell_center((1, 1)))             # another queen, above: picks it
    assert scene.selected == (1, 1)
    driver.key(pygame.K_RETURN)                         # Enter with no destination yet
    assert scene.message and "invalid" in sounds.take_log() and scene.match.move_count == 0
    driver.click((BOARD.left + 2, BOARD.bottom - 2))    # outside the board: cancels
    assert scene.selected is None
    driver.click(scene.cell_center((1, 2)))
    driver.click(scene.cell_center((1, 2)), button=3)   # right-click cancels
    assert scene.selected is None and scene.match.move_count == 0


def test_keyboard_lines_back_and_cancel(driver) -> None:
    scene = start(driver, "9x12-3")
    assert scene.state.queen_cells() == [(1, 1), (1, 2), (2, 1)] and scene.cursor == (1, 1)
    driver.key(pygame.K_RIGHT)                          # from queen to queen
    assert scene.cursor == (1, 2)
    driver.key(pygame.K_DOWN)
    assert scene.cursor == (2, 1)
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.cursor == (1, 2)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_SPACE)
    assert scene.selected == (1, 1) and scene.target is None
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)
    assert scene.target == (1, 4) and scene.focused() == (1, 4)
    driver.key(pygame.K_LEFT)                           # back one cell
    assert scene.target == (1, 3)
    driver.key(pygame.K_PAGEDOWN)                       # another line: starts next to the queen
    assert scene.target == (2, 2)
    driver.keys(*[pygame.K_KP3] * 20)                   # stops at the edge of the board
    assert scene.target == (9, 9)
    driver.key(pygame.K_DOWN)
    assert scene.target == (2, 1)
    texts = " ".join(t for t, _, _ in scene.panel_lines())
    assert "(2,1)" in texts and "(1,1)" in texts
    driver.key(pygame.K_BACKSPACE)                      # clears the destination, not an undo
    assert scene.selected == (1, 1) and scene.target is None
    driver.key(pygame.K_BACKSPACE)                      # then the queen
    assert scene.selected is None and scene.match.move_count == 0
    driver.keys(pygame.K_RETURN, pygame.K_END, pygame.K_RETURN)
    driver.settle()
    assert scene.match.moves == [((1, 1), (2, 2))]     # onto a cell where nobody stands: a plain slide
    assert scene.last[:2] == ((1, 1), (2, 2))           # the last move's trail is drawn
    driver.key(pygame.K_BACKSPACE)                      # nothing chosen: undo
    assert scene.match.move_count == 0 and scene.state.queens == ((1, 1), (1, 2), (2, 1))
    assert scene.last[2] != scene.state                 # so the trail is no longer drawn


def test_a_lone_queen_is_chosen_and_drops_into_the_well(driver) -> None:
    scene = start(driver, "classic-7x10", queens=[(3, 6)])
    assert scene.selected == (3, 6) and scene.auto_selected
    assert scene.mouse_path(((3, 6), (7, 10))) == [scene.cell_center((7, 10))]
    assert scene.key_path(((3, 6), (7, 10))) == [pygame.K_PAGEDOWN] * 4 + [pygame.K_RETURN]
    driver.keys(pygame.K_PAGEDOWN, pygame.K_PAGEDOWN, pygame.K_PAGEDOWN, pygame.K_PAGEDOWN)
    assert any("puits" in t for t, _, _ in scene.panel_lines())
    sounds = driver.app.sounds
    sounds.take_log()
    driver.key(pygame.K_RETURN)
    assert sounds.take_log() == ["slide"]
    driver.step(20)                                     # mid-fall: drawn spinning into the well
    driver.until(lambda: scene.finished, 200)
    assert "fall" in sounds.take_log() and "puits" in scene.last_move_text
    assert scene.state.outcome.winner == 0


def test_skipping_the_fall_still_sounds_it(driver) -> None:
    scene = start(driver, "classic-7x10", queens=[(7, 4), (1, 1)])
    driver.click(scene.cell_center((7, 4)))
    sounds = driver.app.sounds
    sounds.take_log()
    driver.click(scene.cell_center((7, 10)))
    driver.click(scene.cell_center((3, 3)))             # skip the animation
    driver.step(2)
    assert "fall" in sounds.take_log() and scene.state.queens == ((1, 1),)


def test_stacked_queens_move_one_at_a_time(driver) -> None:
    scene = start(driver, "9x12-3", queens=[(2, 2), (2, 2), (1, 1)])
    driver.move_mouse(scene.cell_center((2, 2)))
    assert any("2 reines" in t for t, _, _ in scene.panel_lines())
    for pos in scene.mouse_path(((2, 2), (5, 5))):
        driver.click(pos)
    driver.step(5)                                      # mid-slide: one queen still drawn on (2,2)
    driver.settle()
    assert scene.state.queens == ((1, 1), (2, 2), (5, 5))


def test_hint_shows_the_cold_cells_and_the_golden_ratio(driver) -> None:
    scene = start(driver, "classic-7x10")               # distances (6, 9): to (4, 7) on (3,3)
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.hint.moves == (((1, 1), (3, 3)),) and scene.hint_move() == ((1, 1), (3, 3))
    text = "\n".join(scene.explain(scene.hint))
    assert "(3,3)" in text and "froide" in text and "φ" not in text     # a sentence for the player...
    driver.click(scene.theory_rect().center)                             # ...the theory on a click
    text = "\n".join(scene.explain(scene.hint))
    assert "(3,3)" in text and "(6, 9)" in text and "φ" in text and "1,618" in text
    assert "(0,0)  ·  (1,2)  ·  (3,5)  ·  (4,7)" in text and "k = 3, et E(3×φ) = 4" in text
    driver.step(3)
    driver.key(pygame.K_h)
    assert scene.hint is None


def test_hint_prefers_the_well_and_explains_the_xor_in_english(make_driver) -> None:
    driver = make_driver(lang="en")
    scene = start(driver, "9x12-3", queens=[(1, 3), (2, 2), (9, 4)])     # values 15, 15 and 8
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.hint.moves[0] == ((1, 3), (1, 10))
    assert scene.hint_move() == ((9, 4), (9, 12))      # shown: the winning move into the well
    assert "Grundy" not in " ".join(scene.explain(scene.hint))
    driver.key(pygame.K_t)                              # the theory
    lines = scene.explain(scene.hint)
    values = [scene.state.grundy(q) for q in scene.state.queens]
    assert values == [15, 15, 8] and "x = 15 ⊕ 15 ⊕ 8 = 8" in lines
    assert "(9,4)" in lines[0] and "(9,12)" in lines[0] and "Grundy" in " ".join(lines)
    assert any("(1,3) to (1,10)" in line for line in lines)   # the other winning moves
    driver.step(3)


def test_lost_position_hint(driver) -> None:
    scene = start(driver, "9x12-3", queens=[(5, 4), (5, 4)])   # two equal values cancel out
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.hint.lost and scene.hint_move() is None
    lines = scene.explain(scene.hint)
    assert "x = 0" not in " ".join(lines) and len(lines) == 2
    driver.key(pygame.K_t)
    lines = scene.explain(scene.hint)
    assert "x = 1 ⊕ 1 = 0" in lines and any("(5,4) : " in line and "×2" in line for line in lines)
    driver.key(pygame.K_t)                              # and hidden again
    assert len(scene.explain(scene.hint)) == 2
    driver.step(3)


def test_big_board_draws_the_board_once(driver) -> None:
    scene = start(driver, "30x30-12", seats=(HUMAN, 1))
    static = scene.static
    driver.key(pygame.K_g)
    assert scene.show_grundy
    driver.step(3)
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    driver.step(3)
    move = scene.hint.moves[0]
    for pos in scene.mouse_path(move):
        driver.click(pos)
    driver.settle()
    assert scene.static is static and scene.match.moves[0] == move


def test_preview_draws_a_loop() -> None:
    surf = pygame.Surface((330, 100))
    rect = surf.get_rect()
    frames = []
    for t in (0.0, 1.3, 2.6, 3.9):
        surf.fill((0, 0, 0))
        draw_preview(surf, rect, t)
        frames.append(pygame.image.tobytes(surf, "RGB"))
    assert len(set(frames)) == 4                        # the queen moves


@pytest.mark.parametrize("level_id,seats", [("30x30-12", (HUMAN, 1)), ("9x12-3", (HUMAN, HUMAN))])
def test_key_and_click_mashing_never_crashes(driver, level_id, seats) -> None:
    scene = start(driver, level_id, seats=seats)
    rng = random.Random(11)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN,
            pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_KP3, pygame.K_END,
            pygame.K_h, pygame.K_g, pygame.K_u, pygame.K_a, pygame.K_F1]
    for _ in range(250):
        if driver.scene is not scene:
            break
        roll = rng.random()
        if roll < 0.45:
            driver.key(rng.choice(keys), mod=pygame.KMOD_SHIFT if rng.random() < 0.1 else 0)
        elif roll < 0.9:
            aim = rng.random()
            if aim < 0.35 and scene.state.queens:
                pos = scene.cell_center(rng.choice(scene.state.queens))
            elif aim < 0.6 and scene.destinations():
                pos = scene.cell_center(rng.choice(scene.destinations()))
            elif aim < 0.85:
                pos = scene.cell_center((rng.randint(1, scene.state.rows), rng.randint(1, scene.state.cols)))
            else:
                pos = (rng.randrange(1280), rng.randrange(720))
            driver.click(pos, button=3 if rng.random() < 0.1 else 1)
        else:
            driver.step(rng.randint(1, 8))
    assert driver.app.running
    assert scene.match.move_count > 0


# -- the Queen's first move, as the README says: click the queen, then a lit cell ---------------
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
