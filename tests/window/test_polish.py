"""What a new player tripped over in the real window (the polish issue), each driven by real events."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from nimarcade.window import app as app_mod
from nimarcade.core import registry as games
from nimarcade.core import levels
from nimarcade.i18n import set_language, tr
from nimarcade.window.scenes import hud
from nimarcade.window.scenes.select import card_rects
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.window.ui import theme

from tests.window.harness import Driver


def open_card(driver: Driver, key: str):
    driver.app.manager.go("select")
    driver.step()
    index = [v.key for v in games.VARIANTS].index(key)
    driver.click(card_rects(len(games.VARIANTS))[index].center)
    assert driver.scene.name == "setup"
    return driver.scene


def focus_row(driver: Driver, scene, name: str) -> None:
    names = [item.name for item in scene.menu.items]
    while scene.menu.items[scene.menu.focus].name != name:
        driver.key(pygame.K_DOWN if names.index(name) > scene.menu.focus else pygame.K_UP)


def test_enter_on_any_setup_row_plays_as_the_footer_says(driver) -> None:
    setup = open_card(driver, "fort_boyard")
    assert "Entrée : jouer" in tr("setup.keys")
    focus_row(driver, setup, "level")
    driver.key(pygame.K_RETURN)
    game = driver.scene
    assert game.name == "game" and game.config.level.id == "fort-boyard"
    assert game.title_text().startswith("Fort Boyard")


def test_setup_rule_line_and_level_name_follow_the_board(driver) -> None:
    setup = open_card(driver, "sticks")
    focus_row(driver, setup, "level")
    while setup.level.id != "quatre":
        driver.key(pygame.K_RIGHT)
    assert "1 à 4" in setup.rule_line() and not setup.customized
    assert setup.menu.item("level").fmt(setup.level_index) == setup.level.name()
    setup = open_card(driver, "fort_boyard")
    focus_row(driver, setup, "sticks")
    driver.key(pygame.K_RIGHT)                     # 21 sticks
    assert setup.params["sticks"] == 21 and setup.customized
    assert setup.menu.item("level").fmt(setup.level_index) == tr("setup.custom")
    assert "20" not in setup.rule_line()
    driver.key(pygame.K_RETURN)
    assert tr("setup.custom") in driver.scene.title_text()
    setup = open_card(driver, "heaps")
    focus_row(driver, setup, "heaps")
    driver.key(pygame.K_RIGHT)
    assert setup.menu.item("level").fmt(setup.level_index) == tr("setup.custom")


def test_heaps_are_edited_in_place_with_keys_or_mouse(driver) -> None:
    setup = open_card(driver, "heaps")
    start = list(setup.params["heaps"])            # the first level: 1, 3, 7
    focus_row(driver, setup, "heaps")
    row = setup.menu.item("heaps")
    driver.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)  # the second heap...
    driver.key(pygame.K_RIGHT)                     # ...one more
    assert list(setup.params["heaps"]) == [start[0], start[1] + 1, *start[2:]]
    driver.key(pygame.K_3)
    driver.key(pygame.K_LEFT)
    assert setup.params["heaps"][2] == start[2] - 1
    driver.key(pygame.K_PLUS)
    assert len(setup.params["heaps"]) == len(start) + 1
    driver.key(pygame.K_DELETE)
    assert len(setup.params["heaps"]) == len(start)
    # The mouse: the « + » chip adds a heap; dragging a chip up makes it bigger; right-click removes.
    driver.click(row.chip_rects()[-1].center)
    assert len(setup.params["heaps"]) == len(start) + 1
    chip = row.chip_rects()[0]
    before = setup.params["heaps"][0]
    driver.post(pygame.MOUSEBUTTONDOWN, pos=chip.center, button=1)
    driver.post(pygame.MOUSEMOTION, pos=(chip.centerx, chip.centery - 60), rel=(0, -60), buttons=(1, 0, 0))
    driver.post(pygame.MOUSEBUTTONUP, pos=(chip.centerx, chip.centery - 60), button=1)
    driver.step()
    assert setup.params["heaps"][0] == before + 60 // 14
    driver.click(row.chip_rects()[0].center, button=3)
    assert len(setup.params["heaps"]) == len(start)
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "game" and driver.scene.state.heaps == tuple(setup.params["heaps"])


def test_esc_closes_the_help_before_it_pauses(driver) -> None:
    lv = levels.load("sticks")[0]
    game = driver.app.start_game(MatchConfig("sticks", lv, dict(lv.params), (HUMAN, HUMAN), "human"))
    driver.key(pygame.K_F1)
    assert game.show_help
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is game and not game.show_help
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "pause"


@pytest.mark.parametrize("game_id", games.GAMES)
def test_the_demo_badge_has_a_place_of_its_own(driver, game_id: str) -> None:
    """The badge covers neither the board, nor whose turn it is, nor the last move."""
    level = next(lv for lv in levels.load(game_id) if games.get(game_id).demo_ok(lv.params))
    driver.app.start_game(MatchConfig(game_id, level, dict(level.params), (1, 1), "random", demo=True))
    driver.step(120)
    for part in (hud.BOARD, hud.TURN_RECT, hud.TOP_BAR):
        assert not hud.DEMO_RECT.colliderect(part)
    assert hud.BOTTOM_BAR.contains(hud.DEMO_RECT)
    scene = driver.scene
    if scene.name == "game" and scene.last_move_text:
        width = theme.text(tr("hud.last_move") + " " + scene.last_move_text, hud.LAST_MOVE_SIZE).get_width()
        assert 32 + min(width, hud.last_move_width(scene)) < hud.DEMO_RECT.left


def test_every_level_name_fits_between_the_arrows(driver) -> None:
    for variant in games.VARIANTS:
        setup = open_card(driver, variant.key)
        item = setup.menu.item("level")
        room = item.right_rect.left - item.left_rect.right - 16
        for i, lv in enumerate(setup.levels):
            for lang in ("fr", "en"):
                set_language(lang)
                try:
                    name = item.fmt(i)
                    size = theme.fit_size(name, setup.menu.size - 4, room)
                    assert theme.text(name, size).get_width() <= room and size >= 18, (lv.id, lang)
                finally:
                    set_language("fr")


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


def test_volume_slider_and_instant_animations(driver) -> None:
    driver.app.manager.go("title")
    driver.app.manager.open("settings")
    settings = driver.scene
    item = settings.menu.item("volume")
    bar = settings.menu.bar_rect(item)
    driver.click((bar.left + 1, bar.centery))      # a click at the left end: silence
    assert driver.app.settings.volume == 0.0 and driver.app.sounds.volume == 0.0
    driver.click((bar.right - 1, bar.centery))
    assert driver.app.settings.volume == 1.0
    speed = settings.menu.item("speed")
    while speed.value != 0.0:
        driver.click(speed.right_rect.center)
    assert speed.fmt(speed.value) == tr("set.instant")
    lv = levels.load("sticks")[0]
    game = driver.app.start_game(MatchConfig("sticks", lv, dict(lv.params), (HUMAN, HUMAN), "human"))
    driver.step()
    driver.key(pygame.K_RETURN)
    driver.step(2)
    assert not game.animating and game.match.move_count == 1  # shown at once


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
