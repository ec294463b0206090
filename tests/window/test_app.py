"""The whole arcade: menus by keyboard and by mouse, pause, demo, attract mode, quitting safely."""
from __future__ import annotations

import random
import threading
from pathlib import Path

import pygame
import pytest

from nimarcade.i18n import set_language
from nimarcade.window import app as app_mod
from nimarcade.core import levels
from nimarcade.window.scenes.demo import DemoDirector
from nimarcade.window.scenes.pause import PauseScene
from nimarcade.window.scenes.result import ResultScene
from nimarcade.core.registry import VARIANTS
from nimarcade.window.scenes.select import SelectScene, card_rects
from nimarcade.window.scenes.setup import SetupScene
from nimarcade.games.sticks.scene.scene import SticksScene
from nimarcade.window.scenes.title import ATTRACT_AFTER, TitleScene
from nimarcade.core.match import HUMAN, MatchConfig

from tests.window.harness import Driver


def title(driver: Driver) -> TitleScene:
    driver.app.start()
    driver.step()
    assert isinstance(driver.scene, TitleScene)
    return driver.scene


def test_keyboard_only_from_title_to_result_and_back(driver) -> None:
    title(driver)
    driver.key(pygame.K_RETURN)                      # Jouer
    assert isinstance(driver.scene, SelectScene)
    driver.key(pygame.K_RIGHT)                       # Fort Boyard card
    driver.key(pygame.K_RETURN)
    setup = driver.scene
    assert isinstance(setup, SetupScene) and setup.level.id == "fort-boyard"
    # Opponent: computer level 1 (the menu focus starts on "Jouer !").
    setup.menu.focus = [i.name for i in setup.menu.items].index("seat1")
    driver.keys(pygame.K_LEFT, pygame.K_LEFT)        # expert -> medium -> beginner
    assert setup.seats[1] == 1
    while setup.menu.items[setup.menu.focus].name != "play":
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    game = driver.scene
    assert isinstance(game, SticksScene)
    while not game.finished:
        driver.settle()
        if game.finished:
            break
        driver.key(pygame.K_RETURN)                  # take 1 each turn
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    driver.key(pygame.K_RETURN)                      # typed as the game ended: ignored a moment
    assert isinstance(driver.scene, ResultScene)
    driver.until(lambda: driver.scene.accepts_input)
    driver.keys(pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)  # Menu principal
    assert isinstance(driver.scene, TitleScene)


def test_mouse_only_from_title_to_game(driver) -> None:
    scene = title(driver)
    driver.click(scene.menu.item("play").rect.center)
    assert isinstance(driver.scene, SelectScene)
    driver.click(card_rects(len(VARIANTS))[[c.key for c in VARIANTS].index("sticks")].center)
    setup = driver.scene
    assert isinstance(setup, SetupScene)
    seat1 = setup.menu.item("seat1")
    driver.click(seat1.left_rect.center)             # computer level one step down
    assert setup.seats[1] == setup.level.opponent - 1
    driver.click(setup.menu.item("play").rect.center)
    assert isinstance(driver.scene, SticksScene)
    game = driver.scene
    driver.settle()
    before = game.state.sticks
    driver.click(game.stick_rect(game.state.sticks - 1).center)
    assert game.state.sticks == before - 1


def test_settings_change_language_by_keyboard(driver) -> None:
    scene = title(driver)
    scene.menu.focus = scene.menu.items.index(scene.menu.item("settings"))
    driver.key(pygame.K_RETURN)
    settings = driver.scene
    assert settings.name == "settings"
    driver.key(pygame.K_RIGHT)                       # Français -> English
    assert driver.app.settings.language == "en"
    assert scene.menu.item("play").label() == "Play"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene


def test_pause_resume_restart_and_menu(driver) -> None:
    lv = levels.load("sticks")[0]
    game = driver.app.start_game(MatchConfig("sticks", lv, dict(lv.params), (HUMAN, HUMAN), "human"))
    driver.settle()
    driver.key(pygame.K_RETURN)
    driver.settle()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, PauseScene)
    assert [i.name for i in driver.scene.menu.items] == ["resume", "help", "settings", "save", "restart",
                                                         "setup", "menu", "quit"]
    driver.key(pygame.K_RETURN)                      # Reprendre
    assert driver.scene is game and game.match.move_count == 1
    driver.key(pygame.K_ESCAPE)
    driver.keys(*[pygame.K_DOWN] * 4, pygame.K_RETURN)   # Recommencer: a game under way, so it asks
    assert driver.scene.name == "confirm"
    driver.key(pygame.K_RETURN)                      # « Non » has the focus: nothing lost
    assert isinstance(driver.scene, PauseScene) and game.match.move_count == 1
    driver.keys(pygame.K_RETURN)                     # Recommencer again, then « Oui »
    driver.keys(pygame.K_RIGHT, pygame.K_RETURN)
    assert isinstance(driver.scene, SticksScene) and driver.scene.match.move_count == 0
    driver.key(pygame.K_ESCAPE)                      # no move yet: the menu is reached at once
    driver.keys(pygame.K_UP, pygame.K_UP, pygame.K_RETURN)   # up from « Reprendre »: Quitter, Menu principal
    assert isinstance(driver.scene, TitleScene)
    driver.key(pygame.K_ESCAPE)                      # Esc on the title asks before quitting
    assert driver.scene.name == "confirm" and driver.app.running
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene) and driver.app.running
    driver.keys(pygame.K_ESCAPE, pygame.K_y)
    assert not driver.app.running


def test_undo_against_computer_returns_to_my_turn(driver) -> None:
    lv = levels.load("sticks")[0]
    game = driver.app.start_game(MatchConfig("sticks", lv, dict(lv.params), (HUMAN, 3), "human"))
    driver.settle()
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert game.match.move_count == 2
    driver.key(pygame.K_u)
    assert game.match.move_count == 0 and game.human_turn()


def test_demo_runs_thousands_of_frames_and_any_key_returns(driver, monkeypatch) -> None:
    from nimarcade.core import registry as game

    monkeypatch.setattr(game, "DEMO_AI_TIME", 0.02)  # the synchronous AI runs in the frame loop
    director = DemoDirector(driver.app)
    director.start()
    driver.step(4000)
    assert director.games_played >= 2
    assert driver.scene.demo
    driver.key(pygame.K_SPACE)
    assert isinstance(driver.scene, TitleScene)


def test_attract_mode_starts_after_idle_time(driver, monkeypatch) -> None:
    from nimarcade.core import registry as game

    monkeypatch.setattr(game, "DEMO_AI_TIME", 0.02)
    title(driver)
    driver.step(int(ATTRACT_AFTER * 60) + 5)
    assert getattr(driver.scene, "demo", False)
    driver.click((640, 360))
    assert isinstance(driver.scene, TitleScene)


def test_key_mashing_and_random_clicks_never_crash(driver) -> None:
    rng = random.Random(5)
    title(driver)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
            pygame.K_h, pygame.K_u, pygame.K_1, pygame.K_3, pygame.K_TAB, pygame.K_BACKSPACE]
    for _ in range(1500):
        if not driver.app.running:
            break
        if rng.random() < 0.5:
            driver.key(rng.choice(keys))
        else:
            driver.click((rng.randrange(1280), rng.randrange(720)), button=rng.choice((1, 1, 3)))
    assert driver.app.frame > 0


def test_quit_while_the_computer_thinks(make_driver, swap_spec) -> None:
    driver = make_driver(synchronous=False)
    release = threading.Event()
    started = threading.Event()

    def slow_chooser(state, level, rng, time_limit=None, *, cancel=None, info=None):
        started.set()
        release.wait(5)
        return state.legal_moves()[0]

    swap_spec("sticks", chooser=slow_chooser)
    lv = levels.load("sticks")[0]
    driver.app.start_game(MatchConfig("sticks", lv, dict(lv.params), (HUMAN, 3), "computer"))
    driver.step()
    assert started.wait(5) and driver.app.ai.busy
    driver.step(30)                                  # the window keeps running while it thinks
    assert driver.scene.thinking
    driver.post(pygame.QUIT)
    driver.step()
    assert not driver.app.running
    driver.app.shutdown()
    release.set()
    driver.app.ai.join(5)
    assert not driver.app.ai.busy


def test_stale_ai_result_after_restart_is_dropped(make_driver, swap_spec) -> None:
    driver = make_driver(synchronous=False)
    release = threading.Event()

    def slow_chooser(state, level, rng, time_limit=None, *, cancel=None, info=None):
        release.wait(5)
        return min(state.max_take, state.sticks)

    swap_spec("sticks", chooser=slow_chooser)
    lv = levels.load("sticks")[0]
    cfg = MatchConfig("sticks", lv, dict(lv.params), (HUMAN, 3), "computer")
    driver.app.start_game(cfg)
    driver.step()
    old_token = driver.app.ai.token
    driver.scene.restart()                           # a new game: the old request is obsolete
    new_game = driver.scene
    assert driver.app.ai.token != old_token
    release.set()
    driver.app.ai.join(5)
    driver.until(lambda: new_game.match.move_count == 1, 600)
    assert new_game.match.move_count == 1            # only the new request's move was played


def test_cli_headless_screenshot(tmp_path) -> None:
    out = tmp_path / "shot.png"
    assert app_mod.main(["--headless", "--frames", "5", "--screenshot", str(out), "--seed", "3"]) == 0
    assert out.exists() and out.stat().st_size > 1000


def test_cli_game_and_level(tmp_path) -> None:
    out = tmp_path / "grid.png"
    assert app_mod.main(["--headless", "--game", "sticks", "--level", "mgl7160", "--frames", "3",
                         "--screenshot", str(out)]) == 0
    assert out.exists()


def test_cli_unknown_level_is_a_clear_error(capsys) -> None:
    assert app_mod.main(["--headless", "--level", "no-such-level", "--frames", "1"]) == 2
    assert "no-such-level" in capsys.readouterr().err
    assert app_mod.main(["--headless", "--game", "awele", "--level", "nope", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "nope" in err and "classique, rapide" in err  # the levels one could have asked for


def test_cli_rejects_bad_options(capsys) -> None:
    with pytest.raises(SystemExit):
        app_mod.main(["--game", "chess"])
    with pytest.raises(SystemExit):
        app_mod.main(["--lang", "zz-none"])          # a made-up code: no catalogue has it


def test_broken_level_file_shows_message_instead_of_crashing(driver, tmp_path, monkeypatch) -> None:
    (tmp_path / "sticks.toml").write_text("[[level]]\nid = 'x'\nsticks = -4\n", encoding="utf-8")
    monkeypatch.setattr(levels, "LEVELS_DIR", tmp_path)
    driver.app.manager.switch(SelectScene(driver.app))
    driver.step()
    driver.key(pygame.K_RETURN)                      # the Sticks card
    assert isinstance(driver.scene, SelectScene)
    assert any("sticks.toml" in t.text for t in driver.app.toasts)
    assert "invalid" in driver.app.sounds.take_log()


def test_broken_settings_file_is_kept_and_reported(tmp_path) -> None:
    from nimarcade.storage.settings import SettingsStore

    path = tmp_path / "settings.json"
    path.write_text("{ not json", encoding="utf-8")
    app = app_mod.App(headless=True, seed=1, store=SettingsStore(path))
    try:
        assert any("settings.json.broken" in t.text for t in app.toasts)
        assert (tmp_path / "settings.json.broken").read_text(encoding="utf-8") == "{ not json"
        app.update_settings(language="en")
        assert '"en"' in path.read_text(encoding="utf-8")
    finally:
        app.shutdown()


def test_english_everywhere(make_driver) -> None:
    driver = make_driver(lang="en")
    scene = title(driver)
    assert scene.menu.item("play").label() == "Play"
    driver.app.update_settings(language="fr")        # leave the default for other tests


def test_a_level_file_error_is_one_message_that_goes_with_its_screen(driver, tmp_path, monkeypatch) -> None:
    (tmp_path / "sticks.toml").write_text("[[level]]\nid = 'x'\nsticks = -4\n", encoding="utf-8")
    monkeypatch.setattr(levels, "LEVELS_DIR", tmp_path)
    driver.app.manager.go("select")
    driver.step()
    for _ in range(3):                             # the player insists: still one message
        driver.key(pygame.K_RETURN)
    errors = [t for t in driver.app.toasts if t.kind == "error"]
    assert len(errors) == 1 and "sticks.toml" in errors[0].text
    driver.step(600)                               # it waits for the player (10 s)
    assert driver.app.error_shown() is not None
    back = driver.scene.back_rect()
    assert not errors[0].rect.colliderect(back)    # « Retour » stays reachable
    driver.click(errors[0].rect.center)            # a click closes it, and does nothing else
    assert driver.app.error_shown() is None and driver.scene.name == "select"
    driver.key(pygame.K_RETURN)
    assert driver.app.error_shown() is not None
    driver.key(pygame.K_ESCAPE)                    # Esc closes it first...
    assert driver.app.error_shown() is None and driver.scene.name == "select"
    driver.key(pygame.K_RETURN)
    driver.click(back.center)                      # ...and leaving the screen takes it away
    driver.step()
    assert driver.scene.name == "title" and driver.app.error_shown() is None


def test_ctrl_c_in_the_terminal_exits_quietly_with_0(monkeypatch, capsys) -> None:
    """A player who closes the window with Ctrl+C made no error (``make play`` says none)."""
    def interrupted(self, max_frames=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(app_mod.App, "run", interrupted)
    assert app_mod.main(["--headless", "--frames", "5", "--no-save"]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the worker's pid in /proc")
def test_ctrl_c_to_the_whole_process_group_prints_no_worker_traceback() -> None:
    """A terminal's Ctrl+C reaches the game and its AI worker process alike: exit 0, no traceback,
    no process left."""
    import os
    import select
    import signal
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    root = Path(app_mod.__file__).resolve().parents[2]
    game = subprocess.Popen([sys.executable, "main.py", "--game", "awele", "--no-save"], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        children = Path(f"/proc/{game.pid}/task/{game.pid}/children")
        said = b""
        for _ in range(1200):                    # until the worker process has started (or 60 s)
            if children.read_text().split() or game.poll() is not None:
                break
            if select.select([game.stderr], [], [], 0.05)[0]:
                said += os.read(game.stderr.fileno(), 4096)
        assert game.poll() is None, said.decode()
        worker = int(children.read_text().split()[0])
        watch = os.pidfd_open(worker)            # readable once the worker has ended
        os.killpg(game.pid, signal.SIGINT)
        _out, err = game.communicate(timeout=60)
        err = said + err
    finally:
        game.kill()
    assert game.returncode == 0
    assert "Traceback" not in err.decode() and "KeyboardInterrupt" not in err.decode()
    try:
        assert select.select([watch], [], [], 30)[0], "the worker outlived the game"
    finally:
        os.close(watch)


def test_command_line_errors_speak_the_chosen_language(capsys) -> None:
    with pytest.raises(SystemExit) as info:
        app_mod.main(["--game", "chess", "--lang", "fr"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "erreur" in err and "choix invalide" in err and "invalid choice" not in err
    with pytest.raises(SystemExit):
        app_mod.main(["--lang", "en", "--game", "chess"])
    err = capsys.readouterr().err
    assert "invalid choice" in err and "erreur" not in err
    set_language("fr")


def test_a_window_destroyed_from_outside_ends_the_game_cleanly(driver) -> None:
    """Under X11 the error handler of ui/x11.py sets ``window_lost`` instead of letting Xlib exit
    with code 1 (checked by hand under Xvfb with ``xdotool windowclose``: exit code 0, no X error,
    no worker left); here the loop's side: the next frame quits and stops the computer."""
    from nimarcade.window.ui import x11

    assert x11.install(lambda: None) is False      # the dummy driver is not X11: nothing installed
    lv = levels.load("awele")[0]
    driver.app.start_game(MatchConfig("awele", lv, dict(lv.params), (3, 3), "human"))
    driver.app.window_lost = True
    driver.step()
    assert not driver.app.running


# -- the first click after the window opens counts --------------------------------------------------
def test_the_first_click_counts_even_without_a_mouse_move_before_it(driver) -> None:
    import os
    assert os.environ.get(app_mod.FOCUS_CLICK_HINT) == "1"     # SDL passes the focusing click on
    driver.app.manager.go("title")
    driver.step()
    item = driver.scene.menu.item("players")
    driver.post(pygame.MOUSEBUTTONDOWN, pos=item.rect.center, button=1)   # no motion before it
    driver.post(pygame.MOUSEBUTTONUP, pos=item.rect.center, button=1)
    driver.step()
    assert driver.scene.name == "players"
