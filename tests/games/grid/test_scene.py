"""Pawns into the sink (seed 003): whole games by mouse, by keyboard and computer against computer;
refusals, the hint in the seed's terms, the automatic choice of a lone pawn, and key mashing."""
from __future__ import annotations

import random

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.core.registry import winning_moves
from nimarcade.games.grid.rules import GridState
from nimarcade.window.scenes.game import BOARD
from nimarcade.games.grid.scene.scene import GridScene
from nimarcade.window.scenes.result import ResultScene
from nimarcade.core.match import HUMAN, MatchConfig


def level(level_id: str):
    return next(lv for lv in levels.load("grid") if lv.id == level_id)


def start(driver, level_id="5x5", seats=(HUMAN, 3), first="human", pawns=None) -> GridScene:
    lv = level(level_id)
    scene = driver.app.start_game(MatchConfig("grid", lv, dict(lv.params), seats, first))
    if pawns is not None:   # a chosen position (the seed's figures), player 1 to move
        state = scene.state
        scene.match.states[-1] = GridState.from_pawns(state.rows, state.cols, pawns)
        scene.layout()
        scene.on_new_turn()
    driver.step()
    return scene


def choose(state: GridState, rng: random.Random):
    """A winning move when there is one, else a random legal one."""
    wins = winning_moves(state)
    return wins[0] if wins and rng.random() < 0.5 else rng.choice(state.legal_moves())


def test_mouse_game_against_the_computer_reaches_result(driver) -> None:
    scene = start(driver, "5x5", seats=(HUMAN, 3))
    rng = random.Random(7)
    while not scene.finished:
        driver.settle()
        if scene.finished:
            break
        src, dst = choose(scene.state, rng)
        if len(scene.state.pawns) == 1:     # « plus qu'un seul pion »: already chosen
            assert scene.auto_selected and scene.selected == scene.state.pawns[0]
        *pick, target = scene.mouse_path((src, dst))
        for pos in pick:
            driver.click(pos)
        assert scene.selected == src
        driver.move_mouse(target)
        assert scene.focused_destination() == dst
        count = scene.match.move_count
        driver.click(target)
        assert scene.match.move_count == count + 1 and scene.match.moves[-1] == (src, dst)
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    assert driver.scene.match.state.is_over


def test_keyboard_two_humans_to_the_result(driver) -> None:
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN))
    rng = random.Random(3)
    moves = 0
    while not scene.finished:
        driver.settle()
        if scene.finished:
            break
        src, dst = choose(scene.state, rng)
        if not scene.auto_selected:
            cells = scene.state.pawn_cells()
            if moves % 2:   # arrows/Tab to the pawn, then Enter
                for _ in range(len(cells)):
                    if scene.cursor == src:
                        break
                    driver.key(pygame.K_TAB if moves % 4 == 1 else pygame.K_RIGHT)
                driver.key(pygame.K_RETURN)
            else:           # the seed's menu: the pawn's number
                driver.key(pygame.K_1 + cells.index(src))
        assert scene.selected == src
        dests = scene.state.destinations(src)
        if moves % 3 == 0:  # the destination's number (1-4, in the seed's order)
            driver.key(pygame.K_1 + dests.index(dst))
        else:               # right/left then Enter
            while dests[scene.dest_index] != dst:
                driver.key(pygame.K_RIGHT)
            driver.key(pygame.K_SPACE if moves % 2 else pygame.K_RETURN)
        moves += 1
        assert scene.match.move_count == moves and scene.match.moves[-1] == (src, dst)
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    assert driver.scene.match.move_count == moves


def test_computer_against_computer_with_slide_and_fall(driver) -> None:
    driver.app.update_settings(animation_speed=2.0)
    scene = start(driver, "5x5", seats=(4, 1))
    driver.app.sounds.take_log()
    driver.until(lambda: isinstance(driver.scene, ResultScene), 8000)
    assert driver.scene.match.state.is_over
    log = driver.app.sounds.take_log()
    assert "slide" in log and "fall" in log   # the last move always drops a pawn into the sink
    assert scene.match.move_count >= 3


def test_illegal_clicks_and_keys_are_refused(driver) -> None:
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN))
    sounds = driver.app.sounds
    sounds.take_log()
    driver.click(scene.cell_center((4, 4)))            # no pawn there
    assert "(4,4)" in scene.message and "invalid" in sounds.take_log()
    assert scene.selected is None
    driver.click(scene.cell_center((2, 1)))
    assert scene.selected == (2, 1)
    driver.click(scene.cell_center((3, 2)))            # diagonal: not a destination
    assert scene.message and "invalid" in sounds.take_log()
    assert scene.selected == (2, 1) and scene.match.move_count == 0
    driver.click(scene.cell_center((2, 5)))            # three cells right: refused too
    assert scene.match.move_count == 0 and "invalid" in sounds.take_log()
    driver.key(pygame.K_5)                             # only 4 destinations
    assert "4" in scene.message and "invalid" in sounds.take_log()
    driver.key(pygame.K_BACKSPACE)                     # cancels, and is not an undo
    assert scene.selected is None and scene.match.move_count == 0
    driver.key(pygame.K_9)                             # there are only 3 pawns
    assert "9" in scene.message and "invalid" in sounds.take_log()
    # A pawn near the edge has fewer destinations (the seed's « 1:(4,5) 2:(5,5) »).
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN), pawns=[(3, 5), (1, 1)])
    driver.click(scene.cell_center((3, 5)))
    assert scene.destinations() == [(4, 5), (5, 5)]
    sounds.take_log()
    driver.key(pygame.K_3)
    assert "2" in scene.message and "invalid" in sounds.take_log()


def test_clicks_elsewhere_and_on_other_pawns_change_the_choice(driver) -> None:
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN))
    driver.click(scene.cell_center((3, 1)))
    assert scene.selected == (3, 1) and scene.destinations() == [(3, 2), (3, 3), (4, 1), (5, 1)]
    driver.click(scene.cell_center((1, 1)))            # another pawn (not one of the destinations)
    assert scene.selected == (1, 1) and scene.destinations() == [(1, 2), (1, 3), (2, 1), (3, 1)]
    driver.click(scene.cell_center((2, 1)))            # a numbered destination wins, even with a pawn on it
    driver.settle()
    assert scene.match.moves == [((1, 1), (2, 1))] and scene.state.count_at((2, 1)) == 2
    driver.key(pygame.K_u)
    driver.click((BOARD.left + 2, BOARD.bottom - 2))   # outside the grid
    assert scene.selected is None and not scene.message
    driver.click(scene.cell_center((2, 1)))
    driver.click(scene.cell_center((2, 1)))            # the same pawn again: unselected
    assert scene.selected is None
    driver.click(scene.cell_center((2, 1)))
    driver.click(scene.cell_center((2, 1)), button=3)  # right-click cancels
    assert scene.selected is None and scene.match.move_count == 0


def test_backspace_cancels_a_choice_and_undoes_otherwise(driver) -> None:
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN))
    driver.keys(pygame.K_3, pygame.K_2)                # the seed's first move: (3,1) to (3,3)
    driver.settle()
    assert scene.match.moves == [((3, 1), (3, 3))]
    driver.key(pygame.K_RETURN)
    assert scene.selected is not None
    driver.key(pygame.K_BACKSPACE)
    assert scene.selected is None and scene.match.move_count == 1
    driver.key(pygame.K_BACKSPACE)                     # nothing chosen: undo
    assert scene.match.move_count == 0 and scene.state.pawns == ((1, 1), (2, 1), (3, 1))
    driver.keys(pygame.K_3, pygame.K_2)
    driver.settle()
    driver.key(pygame.K_1)
    assert scene.selected == (1, 1)
    driver.key(pygame.K_u)                             # U still undoes while a pawn is chosen
    assert scene.selected is None and scene.match.move_count == 0


def test_arrows_move_the_cursor_between_pawn_cells(driver) -> None:
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN), pawns=[(1, 4), (2, 1), (4, 2), (4, 5)])
    assert scene.cursor == (1, 4)
    driver.key(pygame.K_RIGHT)
    assert scene.cursor == (2, 1)
    driver.key(pygame.K_DOWN)
    assert scene.cursor == (4, 2)
    driver.key(pygame.K_TAB)
    assert scene.cursor == (4, 5)
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.cursor == (4, 2)
    driver.key(pygame.K_UP)
    assert scene.cursor == (2, 1)
    driver.key(pygame.K_LEFT)
    assert scene.cursor == (1, 4)
    driver.key(pygame.K_LEFT)                          # wraps round
    assert scene.cursor == (4, 5)
    driver.key(pygame.K_SPACE)
    assert scene.selected == (4, 5) and scene.destinations() == [(5, 5)]


def test_lone_pawn_is_chosen_automatically(driver) -> None:
    scene = start(driver, "5x7", seats=(HUMAN, HUMAN))
    assert scene.selected == (1, 1) and scene.auto_selected
    texts = " ".join(t for t, _, _ in scene.panel_lines())
    assert "(1,1)" in texts and "1:(1,2)" in texts
    driver.key(pygame.K_3)                             # 1:(1,2) 2:(1,3) 3:(2,1) 4:(3,1)
    driver.settle()
    assert scene.state.pawns == ((2, 1),) and scene.selected == (2, 1)


def test_stacked_pawns_move_one_at_a_time(driver) -> None:
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN), pawns=[(2, 2), (2, 2), (1, 1)])
    assert scene.state.count_at((2, 2)) == 2
    driver.move_mouse(scene.cell_center((2, 2)))
    assert any("2" in t and "(2,2)" in t for t, _, _ in scene.panel_lines())
    driver.click(scene.cell_center((2, 2)))
    driver.click(scene.cell_center((2, 3)))
    driver.step(10)   # mid-slide: one pawn still drawn on (2,2), the other moving
    driver.settle()
    assert scene.state.pawns == ((1, 1), (2, 2), (2, 3))


def test_fall_into_the_sink_plays_slide_then_fall(driver) -> None:
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN), pawns=[(5, 3), (1, 1)])
    sounds = driver.app.sounds
    driver.click(scene.cell_center((5, 3)))
    sounds.take_log()
    driver.click(scene.cell_center((5, 5)))
    assert sounds.take_log() == ["slide"]
    driver.until(lambda: not scene.animating)
    assert "fall" in sounds.take_log()
    assert scene.state.pawns == ((1, 1),)
    assert "puits" in scene.last_move_text
    # Skipping the animation with a click still lets the pawn fall, audibly.
    scene.match.states[-1] = GridState.from_pawns(5, 5, [(4, 5)], first=1)
    scene.on_new_turn()
    assert scene.selected == (4, 5)
    sounds.take_log()
    driver.key(pygame.K_1)                             # (4,5) to (5,5)
    driver.click(scene.cell_center((3, 3)))            # skip
    driver.step(2)
    assert "fall" in sounds.take_log()


def test_hint_explains_the_seed_example(driver) -> None:
    # Seed 003, figure 4: pawns on (1,3), (2,5), (5,1), nimbers 3, 0, 1: p = 2.
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN), pawns=[(1, 3), (2, 5), (5, 1)])
    assert not scene.nimbers_shown()
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert set(scene.hint.moves) == {((1, 3), (1, 5)), ((2, 5), (3, 5))}
    assert scene.hint_move() == ((1, 3), (1, 5))
    assert scene.nimbers_shown()
    lines = scene.explain(scene.hint)
    text = "\n".join(lines)
    assert "(1,3)" in lines[0] and "(1,5)" in lines[0]
    assert "p = 3 ⊕ 0 ⊕ 1 = 2" in text
    assert "(1,3) (nimber 3)" in text and "3 ⊕ 2 = 1 : (1,5)" in text
    assert "(2,5) vers (3,5)" in text
    driver.step(3)    # drawn with the overlay and the ⊕ sign
    driver.key(pygame.K_h)
    assert scene.hint is None


def test_hint_on_a_lost_position_in_english(make_driver) -> None:
    driver = make_driver(lang="en")
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN), pawns=[(1, 1), (2, 1), (2, 1)])
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    assert scene.hint.lost and scene.hint_move() is None
    lines = scene.explain(scene.hint)
    assert "p = 0" in lines[0] and "winning position" in lines[0]
    assert any("p = 0 ⊕ 1 ⊕ 1 = 0" in line for line in lines)
    driver.step(3)


def test_big_grid_hint_groups_the_nimbers(driver) -> None:
    scene = start(driver, "30x30", seats=(HUMAN, HUMAN))
    static = scene.static
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    lines = scene.explain(scene.hint)
    assert any("30" in line for line in lines[1:3])      # « Nimbers des 30 pions : ... »
    driver.step(3)
    src, dst = scene.state.legal_moves()[0]
    driver.click(scene.cell_center(src))
    driver.click(scene.cell_center(dst))
    driver.settle()
    assert scene.static is static                      # the grid is drawn once, not per move


def test_n_toggles_the_nimber_overlay(driver) -> None:
    scene = start(driver, "15x15", seats=(HUMAN, 2))
    assert not scene.nimbers_shown()
    driver.key(pygame.K_n)
    assert scene.nimbers_shown()
    driver.step(3)
    driver.key(pygame.K_n)
    assert not scene.nimbers_shown()


@pytest.mark.parametrize("level_id,seats", [("30x30", (HUMAN, 1)), ("5x5", (HUMAN, HUMAN))])
def test_key_and_click_mashing_never_crashes(driver, level_id, seats) -> None:
    scene = start(driver, level_id, seats=seats)
    rng = random.Random(11)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN,
            pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5,
            pygame.K_9, pygame.K_h, pygame.K_n, pygame.K_u, pygame.K_a, pygame.K_F1]
    for _ in range(250):
        if driver.scene is not scene:
            break
        roll = rng.random()
        if roll < 0.45:
            driver.key(rng.choice(keys), mod=pygame.KMOD_SHIFT if rng.random() < 0.1 else 0)
        elif roll < 0.9:
            aim = rng.random()
            if aim < 0.35 and scene.state.pawns:                  # a pawn
                pos = scene.cell_center(rng.choice(scene.state.pawns))
            elif aim < 0.6 and scene.destinations():              # one of its destinations
                pos = scene.cell_center(rng.choice(scene.destinations()))
            elif aim < 0.85:                                      # any cell
                pos = scene.cell_center((rng.randint(1, scene.state.rows), rng.randint(1, scene.state.cols)))
            else:                                                 # anywhere
                pos = (rng.randrange(1280), rng.randrange(720))
            driver.click(pos, button=3 if rng.random() < 0.1 else 1)
        else:
            driver.step(rng.randint(1, 8))
    assert driver.app.running
    assert scene.match.move_count > 0


def test_the_board_turns_round_and_still_plays_where_it_is_drawn(driver) -> None:
    """V (or the button) puts the sink at the top left, as Aualé turns its board round; clicks and
    arrows follow the board as drawn."""
    scene = start(driver, "5x5", seats=(HUMAN, HUMAN))
    driver.settle()
    sink = scene.cell_center(scene.state.sink)
    driver.key(pygame.K_v)
    assert scene.rotated and scene.cell_center(scene.state.sink)[0] < sink[0]
    assert scene.cell_at(scene.cell_center((2, 3))) == (2, 3)
    driver.click(scene.rotate_rect().center)
    assert not scene.rotated
    driver.key(pygame.K_v)
    move = scene.state.legal_moves()[0]
    for pos in scene.mouse_path(move):
        driver.click(pos)
    assert scene.match.moves == [move]
