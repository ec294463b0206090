"""The position editor of every game, driven by real events only, by the mouse alone and by the
keyboard alone: opened from the game's setup screen, a position built on the game's own board,
refused with the rules' reason while it is illegal (on screen, and by Play), then played: the
game starts from exactly that position."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.core import registry
from nimarcade.i18n import tr
from nimarcade.games.awele.rules import AweleState
from nimarcade.games.grid.rules import GridState
from nimarcade.games.heaps.rules import HeapsState
from nimarcade.games.matches.rules import RowState
from nimarcade.games.sticks.rules import SticksState
from nimarcade.games.wythoff.rules import WythoffState
from nimarcade.games.awele.scene.editor import TURN
from nimarcade.games.heaps.scene.editor import ADD, REMOVE
from nimarcade.games.matches.scene.editor import LONGER, SHORTER
from nimarcade.games.sticks.scene.editor import MINUS, PLUS

from tests.window.editor_session import analyse_save_and_puzzle, legal, open_editor, play, refused

BY = ["mouse", "keys"]


# -- sticks ----------------------------------------------------------------------------------------
def test_sticks_by_mouse(driver, tmp_path) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, "sticks", "sticks", "mgl7160", "mouse")
    assert editor.board.text() == "13"
    driver.click(editor.board.stick_rects()[9].center)   # the tenth stick and those to its right go
    assert editor.board.text() == "9"
    for _ in range(9):
        driver.click(MINUS)
    refused(driver, editor, "mouse", "err.sticks.count", n=0)
    driver.click(MINUS)                                  # below 0: the board says why
    assert editor.board.text() == "0" and editor.board.shown_note == tr("editor.sticks.range", hi=60)
    for _ in range(7):
        driver.click(PLUS)
    legal(driver, editor, "7")
    analyse_save_and_puzzle(driver, editor, "mouse")
    game = play(driver, editor, "mouse")
    assert game.match.states[0] == SticksState.new(7, 3, True)


def test_fort_boyard_by_keys(driver, tmp_path) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, "fort_boyard", "sticks", "fort-boyard", "keys")
    assert editor.variant == "fort_boyard" and editor.board.text() == "20"
    driver.key(pygame.K_0)                               # typed: 0
    refused(driver, editor, "keys", "err.sticks.count", n=0)
    driver.keys(pygame.K_1, pygame.K_7, pygame.K_RIGHT)  # 17, then one more
    legal(driver, editor, "18")
    analyse_save_and_puzzle(driver, editor, "keys")
    game = play(driver, editor, "keys")
    assert game.match.states[0] == SticksState.new(18, 3, False) and game.config.variant == "fort_boyard"


# -- heaps -----------------------------------------------------------------------------------------
def test_heaps_by_mouse(driver, tmp_path) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, "heaps", "heaps", "1-3-7", "mouse")
    rows = editor.board.rows
    driver.click(rows.token_rect(0, 0).center)           # the heap of 1: its last token taken away
    for _ in range(3):
        driver.click(rows.token_rect(1, 0).center, button=3)
    driver.click(rows.token_rect(2, 0).center)           # 7 -> 1
    driver.click(rows.token_rect(2, 0).center)           # 1 -> 0
    refused(driver, editor, "mouse", "err.position_over")
    driver.click(ADD.center)
    driver.click(editor.board.rows.token_rect(3, 4).center)
    driver.click(editor.board.rows.row_rect(0).midleft)  # the first heap's name: chosen
    driver.click(REMOVE.center)
    legal(driver, editor, "0 0 5")
    analyse_save_and_puzzle(driver, editor, "mouse")
    game = play(driver, editor, "mouse")
    assert game.match.states[0] == HeapsState.new((0, 0, 5))


def test_marienbad_by_keys(driver, tmp_path) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, "heaps", "heaps", "marienbad", "keys")
    for _ in range(4):
        driver.keys(pygame.K_0, pygame.K_DOWN)
    refused(driver, editor, "keys", "err.position_over")
    driver.keys(pygame.K_INSERT, pygame.K_1, pygame.K_2)          # a fifth heap of 12
    driver.keys(pygame.K_UP, pygame.K_DELETE)            # the fourth heap goes
    driver.keys(pygame.K_UP, pygame.K_RIGHT, pygame.K_RIGHT)                    # the third: 0 -> 2
    legal(driver, editor, "0 0 2 12")
    analyse_save_and_puzzle(driver, editor, "keys")
    game = play(driver, editor, "keys")
    assert game.match.states[0] == HeapsState.new((0, 0, 2, 12), misere=True)


# -- matches ---------------------------------------------------------------------------------------
def test_matches_by_mouse(driver, tmp_path) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, "matches", "matches", "13", "mouse")
    table = editor.board.table
    for i in range(13):
        driver.click(table.cell_rect(i).center)
    refused(driver, editor, "mouse", "err.position_over")
    for i in (0, 1, 2, 6):
        driver.click(table.cell_rect(i).center)
    driver.click(SHORTER.center)
    driver.click(LONGER.center)                          # a new cell comes with its match
    legal(driver, editor, "|||...|.....|")
    analyse_save_and_puzzle(driver, editor, "mouse")
    game = play(driver, editor, "mouse")
    assert game.match.states[0] == RowState.from_pattern("|||...|.....|")


def test_matches_by_keys(driver, tmp_path) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, "matches", "matches", "td4", "keys")
    driver.key(pygame.K_c)                               # Vider
    refused(driver, editor, "keys", "err.position_over")
    driver.keys(pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_LEFT, pygame.K_LEFT,
                pygame.K_LEFT, pygame.K_SPACE, pygame.K_MINUS)
    legal(driver, editor, "|.|" + "." * 17)
    analyse_save_and_puzzle(driver, editor, "keys")
    game = play(driver, editor, "keys")
    assert game.match.states[0] == RowState.from_pattern("|.|" + "." * 17)


# -- pawns and queens ------------------------------------------------------------------------------
@pytest.mark.parametrize("game, level_id, make", [("grid", "5x5", GridState.from_pawns),
                                                  ("wythoff", "classic-7x10", WythoffState.from_queens)])
def test_pieces_by_mouse(driver, tmp_path, game, level_id, make) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, game, game, level_id, "mouse")
    board = editor.board
    for cell in board.pieces.copy().elements():
        driver.click(board.geo.cell_center(cell), button=3)
    refused(driver, editor, "mouse", "err.position_over")
    driver.click(board.geo.cell_center(board.sink))
    assert board.shown_note == tr("editor.pieces.sink")
    for cell in ((2, 3), (2, 3), (4, 4)):
        driver.click(board.geo.cell_center(cell))
    legal(driver, editor, "(2,3) (2,3) (4,4)")
    analyse_save_and_puzzle(driver, editor, "mouse")
    scene = play(driver, editor, "mouse")
    assert scene.match.states[0] == make(board.rows, board.cols, [(2, 3), (2, 3), (4, 4)])


@pytest.mark.parametrize("game, level_id, make", [("grid", "30x30", GridState.from_pawns),
                                                  ("wythoff", "9x12-3", WythoffState.from_queens)])
def test_pieces_by_keys(driver, tmp_path, game, level_id, make) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, game, game, level_id, "keys")
    driver.key(pygame.K_c)
    refused(driver, editor, "keys", "err.position_over")
    driver.keys(pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_PLUS, pygame.K_SPACE,
                pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_MINUS, pygame.K_PLUS)
    legal(driver, editor, "(2,3) (2,3) (4,4)")
    analyse_save_and_puzzle(driver, editor, "keys")
    scene = play(driver, editor, "keys")
    board = editor.board
    assert scene.match.states[0] == make(board.rows, board.cols, [(2, 3), (2, 3), (4, 4)])


# -- Awélé -----------------------------------------------------------------------------------------
def rotated(houses, stores, grand_slam) -> AweleState:
    """A board whose top player moves, as the game reads its text: turned round, the mover first."""
    return AweleState.from_board(list(houses[6:]) + list(houses[:6]), (stores[1], stores[0]), 0, grand_slam)


def test_awele_by_mouse(driver, tmp_path) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, "awele", "awele", "classique", "mouse")
    geo = editor.board.geo
    for _ in range(25):
        driver.click(geo.centers[0])                     # 48 + 25 seeds
    refused(driver, editor, "mouse", "err.awele.seed_total", n=73, max=72)
    driver.click(geo.centers[0], button=3)
    driver.click(geo.store_rect(1).center)               # the top player's store: one more
    driver.click(geo.centers[7], button=3)
    driver.click(TURN.center)                            # the top player moves
    houses = [28, 4, 4, 4, 4, 4, 4, 3, 4, 4, 4, 4]
    expected = rotated(houses, (0, 1), "forbidden")
    legal(driver, editor, registry.get("awele").position_text(expected))
    analyse_save_and_puzzle(driver, editor, "mouse")
    game = play(driver, editor, "mouse")
    assert game.match.states[0] == expected


def test_awele_by_keys(driver, tmp_path) -> None:
    driver.app.data_dir = tmp_path
    editor = open_editor(driver, "awele", "awele", "tournoi", "keys")
    driver.key(pygame.K_c)
    refused(driver, editor, "keys", "err.awele.seed_total", n=0, max=72)
    driver.keys(pygame.K_2, pygame.K_RIGHT, pygame.K_UP, pygame.K_UP, pygame.K_UP)    # A: 2, B: 3
    driver.keys(*[pygame.K_LEFT] * 3, pygame.K_5)        # round the board the other way: house f (11) holds 5
    driver.keys(pygame.K_LEFT, pygame.K_1, pygame.K_2)   # house e (10): 12
    driver.key(pygame.K_t)                               # the top player moves
    houses = [2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 12, 5]
    expected = rotated(houses, (0, 0), "capture_nothing")
    legal(driver, editor, registry.get("awele").position_text(expected))
    analyse_save_and_puzzle(driver, editor, "keys")
    game = play(driver, editor, "keys")
    assert game.match.states[0] == expected
