"""The "N taken" counters of Sticks, Fort Boyard and Heaps follow the game's history, whatever
rebuilt it: redo, a resumed game, an opened record, the title's preview, the review."""
from __future__ import annotations

import random

import pygame

from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.window.app import App
from nimarcade.window.scenes.base import QuietDirector
from nimarcade.window.scenes.review import ReviewScene
from nimarcade.core.match import HUMAN, Match, MatchConfig

from tests.window.harness import Driver


def config(game: str, level_id: str, seats=(HUMAN, HUMAN)) -> MatchConfig:
    lv = next(lv for lv in levels.load(game) if lv.id == level_id)
    return MatchConfig(game, lv, dict(lv.params), seats, "me")


def played(cfg: MatchConfig, moves: list) -> Match:
    match = Match.start(cfg, random.Random(0))
    for move in moves:
        match.play(move)
    return match


STICKS = config("sticks", "mgl7160")           # 13 sticks, take 1 to 3
STICK_MOVES = [3, 2, 3, 1]                      # 9 of 13 gone: 6 for Player 1, 3 for Player 2
HEAPS = config("heaps", "1-3-7")
HEAP_MOVES = [(2, 4), (1, 1), (0, 1)]          # 5 objects for Player 1, 1 for Player 2


def play_sticks(driver: Driver):
    """STICK_MOVES played on the keyboard (their number, Enter), two people at the table."""
    scene = driver.app.start_game(STICKS)
    driver.step()
    for k in STICK_MOVES:
        driver.settle()
        driver.play(scene, k, "keys")
    driver.settle()
    return scene


def test_redo_gives_back_the_counts_undo_took(driver) -> None:
    """U then R: the counts of the nine sticks gone, not 0/0; the next move counts on from them."""
    scene = play_sticks(driver)
    assert scene.state.sticks == 4 and scene.trays == [6, 3]
    driver.key(pygame.K_u)
    assert scene.trays == [6, 2]
    driver.key(pygame.K_r)
    driver.settle()
    assert scene.state.sticks == 4 and scene.trays == [6, 3]
    driver.key(pygame.K_2)
    driver.key(pygame.K_RETURN)
    assert scene.trays == [6, 3]                # the two sticks are still flying to the tray...
    driver.settle()
    assert scene.trays == [8, 3]                # ...and counted when they land


def test_heaps_redo_and_undo_follow_the_history(driver) -> None:
    scene = driver.app.start_game(HEAPS)
    driver.step()
    for heap, count in HEAP_MOVES:
        driver.settle()
        driver.play(scene, (heap, count), "keys")
    driver.settle()
    assert scene.trays == [5, 1]
    driver.keys(pygame.K_u, pygame.K_u)
    assert scene.trays == [4, 0]
    driver.keys(pygame.K_r, pygame.K_r)
    driver.settle()
    assert scene.trays == [5, 1] and scene.state.heaps == (0, 2, 3)


def test_an_adopted_game_counts_its_history(driver) -> None:
    """A resumed game or an opened record is adopted: its counters come from its moves."""
    for cfg, moves, expected in ((STICKS, STICK_MOVES, [6, 3]), (HEAPS, HEAP_MOVES, [5, 1])):
        scene = driver.app.manager.go("game", config=cfg, match=played(cfg, moves))
        driver.step()
        assert scene.trays == expected


def test_the_computer_seat_counts_in_rules_order(driver) -> None:
    """The computer starting: its takes are in its own tray (rules player 0 sits in seat 1)."""
    cfg = config("sticks", "fort-boyard", (HUMAN, 3))
    match = Match.begin(cfg, 1)
    for k in (3, 1, 2):
        match.play(k)
    scene = driver.app.manager.go("game", config=cfg, match=match)
    driver.step()
    assert scene.trays == [5, 1] and match.seat_of(0) == 1


def test_resume_from_the_title_and_its_preview(tmp_path) -> None:
    first = App(headless=True, seed=1, data_dir=tmp_path)
    try:
        first.ai.synchronous = first.hint_ai.synchronous = True
        driver = Driver(first)
        first.start()
        assert play_sticks(driver).trays == [6, 3]
        first.quit()
    finally:
        first.shutdown()
    again = App(headless=True, seed=2, data_dir=tmp_path)
    try:
        driver = Driver(again)
        again.start()
        driver.step()
        kept = again.autosave.match
        # the title's preview: the game's own scene, made as the title makes it
        preview = again.manager.make("game", config=kept.config, director=QuietDirector(), match=kept)
        assert preview.trays == [6, 3]
        resumed = again.resume_game()
        driver.step()
        assert resumed.state.sticks == 4 and resumed.trays == [6, 3]
    finally:
        again.shutdown()


def test_an_opened_record_counts_its_moves(driver, tmp_path) -> None:
    path = records.save_file(played(HEAPS, HEAP_MOVES), tmp_path)
    assert driver.app.open_record(str(path)) is None
    driver.step()
    assert driver.scene.trays == [5, 1]


def test_the_review_counts_the_position_shown(driver) -> None:
    """Its last position (where it opens), a step back, and a step forward once the move has landed."""
    moves = [3, 3, 3, 3, 1]                     # 13 sticks: the last one taken by Player 1
    match = played(STICKS, moves)
    assert match.is_over
    review = driver.app.manager.go("review", match=match)
    driver.step()
    assert isinstance(review, ReviewScene) and review.board.trays == [7, 6]
    assert review.board.left_text() == "Plus aucun bâton sur la table"     # not « 0 bâton »
    driver.key(pygame.K_LEFT)
    assert review.board.trays == [6, 6]
    driver.key(pygame.K_RIGHT)
    driver.until(lambda: not review.board.animating)
    assert review.board.trays == [7, 6]
    driver.key(pygame.K_HOME)
    assert review.board.trays == [0, 0]
