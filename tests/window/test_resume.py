"""Resume: a game left in the middle (window closed, Esc -> menu, the menu's quit, or the process
killed after a move) is offered on the title screen of the next session; a finished game and a
demo game never are; a broken autosave is kept aside with a message."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.window.app import App
from nimarcade.window.scenes.game import GameScene
from nimarcade.window.scenes.title import TitleScene
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.i18n import tr

from tests.window.harness import Driver


@pytest.fixture
def session(tmp_path):
    apps: list[App] = []

    def open_app() -> Driver:
        if apps and apps[-1].running:
            apps[-1].quit()
        app = App(headless=True, seed=len(apps) + 1, data_dir=tmp_path)
        app.ai.synchronous = app.hint_ai.synchronous = True
        apps.append(app)
        return Driver(app)

    yield open_app
    for app in apps:
        app.shutdown()


def play_some(driver: Driver, moves: int = 2) -> GameScene:
    driver.app.start()
    level = levels.load("sticks")[0]
    driver.app.start_game(MatchConfig("sticks", level, dict(level.params), (HUMAN, 2), "me"))
    driver.step()
    game = driver.scene
    for _ in range(moves):
        driver.settle()
        driver.key(pygame.K_RETURN)
    driver.settle()
    return game


def resume_from_title(driver: Driver) -> GameScene:
    driver.app.start()
    driver.step()
    title = driver.scene
    assert isinstance(title, TitleScene) and title.menu.items[0].name == "resume"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, GameScene)
    return driver.scene


@pytest.mark.parametrize("how", ["close_window", "escape_menu", "menu_quit", "killed"])
def test_a_game_left_is_resumed(session, tmp_path, how) -> None:
    driver = session()
    game = play_some(driver)
    moves, players = list(game.match.moves), game.match.players
    if how == "close_window":
        driver.post(pygame.QUIT)
        driver.step()
        driver.app.shutdown()
    elif how == "escape_menu":
        driver.key(pygame.K_ESCAPE)
        pause = driver.scene
        while pause.menu.items[pause.menu.focus].name != "menu":
            driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
        assert isinstance(driver.scene, TitleScene) and driver.scene.menu.items[0].name == "resume"
        driver.step(2)                                   # the board is drawn beside the menu
        driver.key(pygame.K_ESCAPE)                      # Esc on the title quits
    elif how == "menu_quit":
        driver.app.manager.go("title")
        driver.step()
        title = driver.scene
        title.menu.focus = [i.name for i in title.menu.items].index("quit")
        driver.key(pygame.K_RETURN)
    # "killed": nothing is closed at all; the file written after the last move is all there is, and
    # the system drops the dead process's locks (that of its open game among them)
    if how == "killed":
        driver.app.autosave.release(game.config.card.key)
    assert json.loads((tmp_path / "autosave.json").read_text())["games"][0]["moves"] == len(moves)
    later = resume_from_title(session())
    assert later.match.moves == moves and later.match.players == players
    assert later.human_turn()


def test_finished_game_is_not_offered(session, tmp_path) -> None:
    driver = session()
    game = play_some(driver)
    while not game.finished:
        driver.key(pygame.K_RETURN)
        driver.settle()
    assert not (tmp_path / "autosave.json").exists()
    driver = session()
    driver.app.start()
    driver.step()
    assert [i.name for i in driver.scene.menu.items][0] == "play"


def test_demo_is_never_saved(session, tmp_path) -> None:
    driver = session()
    driver.app.start(demo=True)
    driver.step(600)
    assert not (tmp_path / "autosave.json").exists()
    assert driver.app.autosave.match is None


def test_undo_to_the_start_forgets_the_game(session, tmp_path) -> None:
    driver = session()
    play_some(driver, moves=1)
    assert (tmp_path / "autosave.json").exists()
    driver.key(pygame.K_u)
    assert not (tmp_path / "autosave.json").exists()


@pytest.mark.parametrize("content", ["{ torn", '{"kind": "nimarcade-autosave", "version": 1, "record": "[Game x]"}',
                                     '{"kind": "nimarcade-autosave", "version": 7, "record": ""}'])
def test_broken_autosave_is_kept_aside_with_a_message(session, tmp_path, content) -> None:
    (tmp_path / "autosave.json").write_text(content)
    driver = session()
    driver.app.start()
    driver.step()
    assert driver.scene.menu.items[0].name == "play"
    assert (tmp_path / "autosave.json.broken").read_text() == content
    assert any("autosave.json.broken" in t.text for t in driver.app.toasts)
    play_some(driver)                                  # a new game is kept; the broken file stays
    assert (tmp_path / "autosave.json.broken").read_text() == content
    assert (tmp_path / "autosave.json").exists()


def test_illegal_move_in_autosave_is_refused(session, tmp_path) -> None:
    driver = session()
    play_some(driver)
    raw = json.loads((tmp_path / "autosave.json").read_text())
    raw["games"][0]["record"] = raw["games"][0]["record"].replace("1. 1", "1. 9")
    (tmp_path / "autosave.json").write_text(json.dumps(raw))
    driver = session()
    assert driver.app.autosave.match is None
    assert (tmp_path / "autosave.json.broken").exists()


def test_statistics_screen_counts_and_resets_after_confirmation(session, tmp_path) -> None:
    driver = session()
    game = play_some(driver)
    while not game.finished:
        driver.key(pygame.K_RETURN)
        driver.settle()
    driver.until(lambda: driver.scene.name == "result")
    driver.app.manager.go("title")
    driver.step()
    title = driver.scene
    while title.menu.items[title.menu.focus].name != "stats":
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    screen = driver.scene
    assert screen.name == "stats"
    (line,) = driver.app.stats.lines()
    assert line.played == 1 and line.opponent == 2 and line.won + line.lost == 1
    driver.step(2)
    driver.key(pygame.K_UP)                          # Réinitialiser
    driver.key(pygame.K_RETURN)
    assert screen.confirming
    driver.key(pygame.K_ESCAPE)                      # no: kept
    assert not screen.confirming and driver.app.stats.lines()
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)                      # yes
    assert driver.app.stats.lines() == []
    assert json.loads((tmp_path / "stats.json").read_text())["lines"] == []
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)


def test_english_statistics_screen(session) -> None:
    from nimarcade import i18n

    from nimarcade.i18n import tr
    from tests.records.test_records import played

    driver = session()
    driver.app.stats.record(played("heaps", n=10_000, seats=(HUMAN, 2)))
    i18n.set_language("en")
    try:
        driver.app.start()
        driver.app.manager.go("stats")
        driver.step(2)
        (line,) = driver.app.stats.lines()
        cells = driver.scene.cells(line)
        assert cells[0].startswith("Nim heaps") or cells[0].startswith(tr("game.heaps", "en"))
        assert cells[1] == tr("ai.level2", "en") and cells[2] == "1"
        assert tr("stats.title") == "Statistics" and tr("stats.reset") == "Reset"
    finally:
        i18n.set_language("fr")


def test_broken_stats_file_gives_a_message_and_is_kept(session, tmp_path) -> None:
    (tmp_path / "stats.json").write_text('{"kind": "nimarcade-stats", "version": 1, "lines": "oops"}')
    driver = session()
    assert any("stats.json.broken" in t.text for t in driver.app.toasts)
    assert (tmp_path / "stats.json.broken").exists()


def test_open_a_saved_game_from_the_title(session, tmp_path) -> None:
    import shutil

    folder = tmp_path / "records"
    folder.mkdir()
    sample = folder / "club.ogn"
    shutil.copy(Path(__file__).parents[1] / "records" / "samples" / "club.ogn", sample)
    (folder / "broken.txt").write_text('[Format "nimarcade-record 1"]\n[Game "sticks"]\n[Level "mgl7160"]\n\n1. 99\n')
    import os

    os.utime(sample, (1, 1))                          # older (its Date tag too): listed second
    os.utime(folder / "broken.txt", (2e9, 2e9))
    driver = session()
    driver.app.start()
    driver.step()
    title = driver.scene
    while title.menu.items[title.menu.focus].name != "records":
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    screen = driver.scene
    assert screen.name == "records" and [e.path.name for e in screen.entries] == ["broken.txt", "club.ogn"]
    driver.key(pygame.K_RETURN)                       # the broken one: a message, nothing changes
    assert driver.scene is screen
    assert any("broken.txt, ligne 5, coup 1 « 99 »" in t.text for t in driver.app.toasts)
    assert (folder / "broken.txt").exists()
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    game = driver.scene
    assert isinstance(game, GameScene) and len(game.match.moves) == 14


def test_looking_at_a_finished_record_keeps_the_game_to_resume(session, tmp_path) -> None:
    from nimarcade.records import record as records
    from tests.records.test_records import played

    driver = session()
    game = play_some(driver)
    moves = list(game.match.moves)
    finished = tmp_path / "done.txt"
    finished.write_text(records.write(played("heaps", n=10_000)), encoding="utf-8")
    assert driver.app.open_record(str(finished)) is None
    driver.step()
    assert driver.scene.name == "result"             # a finished game opens on its result
    driver.app.manager.go("title")
    driver.step()
    assert driver.scene.menu.items[0].name == "resume"
    assert driver.app.autosave.match.moves == moves
    assert json.loads((tmp_path / "autosave.json").read_text())["games"][0]["moves"] == len(moves)


PLAYER = """
import os, random, sys
from pathlib import Path
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, {root!r})
from nimarcade.core import levels
from nimarcade.window.app import App
from nimarcade.core.match import MatchConfig
app = App(headless=True, seed=1, data_dir=Path({folder!r}))
level = levels.load("awele")[0]
game = app.start_game(MatchConfig("awele", level, dict(level.params), (0, 0), "me"))
rng = random.Random(5)
while not game.state.is_over:
    game.submit(game.state.random_move(rng))
    print(len(game.match.moves), flush=True)
    while game.animating:
        app.step()
"""


@pytest.mark.parametrize("kill_at", [3, 11])
def test_killing_the_game_loses_at_most_the_last_move(tmp_path, kill_at) -> None:
    import signal
    import subprocess
    import sys

    from nimarcade.records.autosave import Autosave

    root = str(Path(__file__).resolve().parents[2])
    proc = subprocess.Popen([sys.executable, "-c", PLAYER.format(root=root, folder=str(tmp_path))],
                            stdout=subprocess.PIPE, text=True)
    try:
        while int(proc.stdout.readline()) < kill_at:
            pass
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
    loaded = Autosave(tmp_path).load()
    assert loaded.problem is None and len(loaded.value[0].match.moves) >= kill_at


def test_a_game_open_in_one_window_is_not_resumed_in_another_and_counts_once(tmp_path) -> None:
    """A game left in window 1, window 2's « Continuer » offered it too, and finished in
    both it counted twice. Window 2 now says it is open in the other window while it is, and once
    window 1 has finished it, that it was finished there (its row goes)."""
    apps = [App(headless=True, seed=n, data_dir=tmp_path) for n in (1, 2)]
    try:
        for app in apps:
            app.ai.synchronous = app.hint_ai.synchronous = True
            app.update_settings(animation_speed=4.0)
        one, two = Driver(apps[0]), Driver(apps[1])
        game = play_some(one)                        # window 1 has it open, kept after each move
        two.app.autosave.load()                      # window 2 opened now: it offers that game
        two.app.manager.go("title")
        two.step()
        title = two.scene
        assert title.rows
        two.click(title.rows[0].rect.center)
        assert two.scene is title and two.app.error_shown().text == tr("kept.open_elsewhere")
        two.key(pygame.K_ESCAPE)                     # the message closed
        while not game.match.is_over:                # window 1 plays it to its end
            one.settle()
            if game.human_turn():
                one.key(pygame.K_RETURN)
        one.until(lambda: one.scene.name == "result")
        two.click(two.scene.rows[0].rect.center)
        assert two.scene.name == "title" and not two.scene.rows
        assert two.app.error_shown().text == tr("kept.finished_elsewhere")
        two.app.stats.load()
        assert sum(line.played for line in two.app.stats.lines()) == 1
    finally:
        for app in apps:
            app.shutdown()
