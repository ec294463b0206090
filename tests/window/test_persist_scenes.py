"""A game people keep, headless with real events: history (undo/redo, move list), records
opened from the command line."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

from nimarcade.window import app as app_mod
from nimarcade.core import levels
from nimarcade.i18n import tr
from nimarcade.window.scenes.game import GameScene
from nimarcade.window.scenes.result import ResultScene
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.storage.settings import INSTANT

from tests.window.harness import Driver

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "records" / "samples" / "club.ogn"


def start_sticks(driver: Driver, seats=(HUMAN, 1), first: str = "me") -> GameScene:
    driver.app.start()
    level = levels.load("sticks")[0]
    driver.app.start_game(MatchConfig("sticks", level, dict(level.params), seats, first))
    driver.step()
    driver.settle()
    return driver.scene


def test_undo_redo_against_the_computer_with_keys(driver) -> None:
    game = start_sticks(driver)
    for _ in range(3):
        driver.key(pygame.K_RETURN)                  # take 1
        driver.settle()
    played = list(game.match.moves)
    assert len(played) == 6
    driver.key(pygame.K_u)                           # my move and the computer's reply
    assert game.match.moves == played[:4] and game.human_turn()
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    driver.key(pygame.K_u)
    assert game.match.moves == [] and len(game.match.future) == 6
    driver.key(pygame.K_r)
    assert game.match.moves == played[:2] and game.human_turn()
    driver.key(pygame.K_y, mod=pygame.KMOD_CTRL)
    driver.key(pygame.K_r)
    assert game.match.moves == played and not game.match.future
    driver.key(pygame.K_r)
    assert game.message == tr("msg.nothing_to_redo_now")    # nothing to redo, said so


def test_undo_cancels_a_pending_search(make_driver) -> None:
    driver = make_driver(synchronous=False)
    game = start_sticks(driver)
    driver.key(pygame.K_RETURN)
    driver.until(lambda: game.turns.pending["move"] is not None or game.human_turn())
    driver.key(pygame.K_u)
    assert game.turns.pending["move"] is None and game.match.moves == []
    driver.settle()
    assert game.human_turn()


def test_a_new_move_after_undo_drops_the_redo(driver) -> None:
    game = start_sticks(driver, seats=(HUMAN, HUMAN))
    driver.keys(pygame.K_RETURN)
    driver.settle()
    driver.keys(pygame.K_RETURN)
    driver.settle()
    driver.key(pygame.K_u)                            # two humans: one move at a time
    assert len(game.match.moves) == 1 and len(game.match.future) == 1
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)                       # take 2 this time
    driver.settle()
    assert game.match.moves[-1] == 2 and not game.match.future


def test_move_list_panel_toggles(driver) -> None:
    game = start_sticks(driver)
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert not game.show_moves
    driver.key(pygame.K_l)
    assert game.show_moves
    driver.step(2)                                    # drawn without error
    driver.key(pygame.K_l)
    assert not game.show_moves


def test_load_opens_the_last_position(driver, tmp_path) -> None:
    assert driver.app.start(load=str(SAMPLE)) is None
    driver.step()
    game = driver.scene
    assert isinstance(game, GameScene) and game.spec.id == "awele"
    assert len(game.match.moves) == 14 and game.state.stores == (0, 2) and game.human_turn()
    driver.key(pygame.K_u)
    assert len(game.match.moves) == 13                # two humans: one move back


def test_load_of_a_finished_game_opens_on_its_result_and_its_review(driver, tmp_path) -> None:
    from nimarcade.records import record as records
    from tests.records.test_records import played

    match = played("heaps", n=1000)
    path = tmp_path / "done.txt"
    path.write_text(records.write(match), encoding="utf-8")
    driver.app.start(load=str(path))
    driver.step(3)
    result = driver.scene
    assert isinstance(result, ResultScene) and result.match.is_over
    assert result.match.moves == match.moves
    driver.until(lambda: result.accepts_input)
    driver.click(result.menu.item("review").rect.center)   # « Revoir la partie »
    review = driver.scene
    assert review.name == "review" and review.at == len(match.moves)
    assert review.board.state == match.state and isinstance(review.board, GameScene)


def test_cli_load_with_screenshot(tmp_path) -> None:
    shot = tmp_path / "load.png"
    code = app_mod.main(["--headless", "--frames", "5", "--load", str(SAMPLE), "--screenshot", str(shot)])
    assert code == 0 and shot.exists()


def test_cli_bad_record_exits_2_with_one_line(tmp_path) -> None:
    bad = tmp_path / "bad.ogn"
    bad.write_text('[Variant "Abapa"]\n\n1. A b\n2. A A\n', encoding="utf-8")
    run = subprocess.run([sys.executable, "main.py", "--headless", "--lang", "en", "--load", str(bad)],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.strip().startswith("bad.ogn, line 4, move 2 \u201cA\u201d (played first):")
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1


def finish_sticks(driver: Driver) -> ResultScene:
    """A whole game of sticks against the computer by Enter alone, to its result screen. Its moves
    are shown at once; what follows (the result, the review) at the driver's own speed."""
    speed = driver.app.settings.animation_speed
    driver.app.update_settings(animation_speed=INSTANT)
    game = start_sticks(driver)
    while not game.finished:
        driver.key(pygame.K_RETURN)
        if driver.scene is game:
            driver.settle()
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    driver.app.update_settings(animation_speed=speed)
    return driver.scene


def choose(driver: Driver, name: str) -> None:
    menu = driver.scene.menu
    while menu.items[menu.focus].name != name:
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)


def test_review_steps_through_the_game_animated(driver) -> None:
    result = finish_sticks(driver)
    match = result.match
    total = len(match.moves)
    choose(driver, "review")
    review = driver.scene
    assert review.name == "review" and review.at == total and review.board.state == match.state
    driver.key(pygame.K_HOME)
    assert review.at == 0 and review.board.state == match.states[0]
    driver.key(pygame.K_RIGHT)
    assert review.at == 1 and review.board.animating and review.board.state == match.states[1]
    driver.key(pygame.K_RIGHT)                        # during the animation: the next one starts
    assert review.at == 2 and review.board.state == match.states[2]
    driver.step(200)
    assert not review.board.animating and driver.scene is review and not review.board.turns.thinking
    driver.key(pygame.K_LEFT)
    assert review.at == 1 and review.board.state == match.states[1]
    driver.key(pygame.K_END)
    driver.key(pygame.K_RIGHT)                        # at the end: stays
    assert review.at == total
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, ResultScene) and driver.scene.match is match


def test_save_from_the_result_screen(make_driver, tmp_path) -> None:
    from nimarcade.records import record as records
    driver = make_driver()
    driver.app.data_dir = tmp_path
    result = finish_sticks(driver)
    choose(driver, "save")
    saved = list((tmp_path / "records").glob("*.txt"))
    assert len(saved) == 1 and records.load_file(saved[0]).moves == result.match.moves
    assert any(str(saved[0]) in t.text for t in driver.app.toasts)


def test_move_list_shrinks_the_board_and_clicks_still_play(driver) -> None:
    from nimarcade.window.scenes import movelist

    game = start_sticks(driver)
    driver.key(pygame.K_l)
    target = game.stick_rect(game.state.sticks - 1).center
    shrunk = (movelist.SHRUNK.left + target[0] * movelist.SCALE, movelist.SHRUNK.top + target[1] * movelist.SCALE)
    before = game.state.sticks
    driver.click((round(shrunk[0]) + 1, round(shrunk[1]) + 1))
    assert game.state.sticks == before - 1
