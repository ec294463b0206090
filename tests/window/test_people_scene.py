"""Programs from outside in the window, driven by real events: a Python player's file dropped on
the window is offered on the setup screen and plays (its name in the HUD), engines.toml's programs
are offered only where they fit, and a program that fails loses by forfeit: the result screen says
why, with its own traceback, and the game is kept."""
from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.i18n import tr
from nimarcade.players import catalog

from tests.window.harness import Driver, make_app

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")


@pytest.fixture
def driver(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    app = make_app(seed=3)
    app.update_settings(animation_speed=4.0)
    yield Driver(app)
    app.shutdown()


def player_file(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return str(path)


def to_setup(driver: Driver, game: str, level_id: str):
    driver.app.manager.go("setup", game=game, levels=levels.load(game), level_id=level_id)
    driver.step()
    return driver.scene


def test_a_dropped_python_player_plays_in_the_window(driver, tmp_path) -> None:
    path = player_file(tmp_path, "ma_strategie", """
        from nimarcade.players import Player

        class Mine(Player):
            def choose_move(self, state):
                return 1
    """)
    setup = to_setup(driver, "sticks", "petit")
    driver.post(pygame.DROPFILE, file=path)
    driver.step()
    assert path in driver.app.player_files and setup.seats[1] == path
    seat1 = setup.menu.item("seat1")
    assert seat1.value == path and "ma_strategie" in seat1.fmt(seat1.value)
    driver.key(pygame.K_RETURN)                                  # play
    game = driver.scene
    assert game.name == "game" and game.match.players[1].program == path
    while not game.finished:
        driver.settle()
        if game.finished or driver.scene is not game:
            break
        driver.play(game, game.state.legal_moves()[0], "keys")
    assert game.match.is_over and game.match.forfeited is None
    assert all(m == 1 for m in game.match.moves[1::2] if game.match.players[0].is_human)
    assert "ma_strategie" in game.player_name(game.match.rules_player_of_seat(1))
    driver.until(lambda: driver.scene.name == "result", 3000)
    assert not game.turns.programs                               # its process ended with the game


def test_a_crashing_player_loses_by_forfeit_with_its_traceback(driver, tmp_path) -> None:
    path = player_file(tmp_path, "bug", """
        def choose_move(state):
            return [][0]
    """)
    setup = to_setup(driver, "sticks", "petit")
    driver.post(pygame.DROPFILE, file=path)
    driver.step()
    setup.seats[1] = path
    setup.first = "human"
    setup.build()
    driver.key(pygame.K_RETURN)
    game = driver.scene
    driver.settle()
    driver.play(game, 1, "keys")                                 # the player's turn comes: it crashes
    driver.until(lambda: driver.scene.name == "result", 3000)
    result = driver.scene
    assert game.match.forfeited is not None and game.match.winner == game.match.rules_player_of_seat(0)
    details = result.details()
    assert "forfait" in details[0] and "bug" in details[0]
    output = result.program_output()
    assert output[0].startswith("Ce qu'a écrit bug")
    assert any("IndexError" in line for line in output) and any('File "bug.py"' in line for line in output)
    driver.app.save_screenshot(str(tmp_path / "forfeit.png"))


def test_a_file_that_is_not_python_is_refused_with_a_message(driver, tmp_path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("x")
    to_setup(driver, "sticks", "petit")
    driver.post(pygame.DROPFILE, file=str(other))
    driver.step()
    assert driver.app.player_files == [] and driver.app.error_shown() is not None


def test_engines_toml_programs_are_offered_only_where_they_fit(driver, tmp_path, monkeypatch) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "engines.toml").write_text(textwrap.dedent("""
        [[engine]]
        name = "abapa-only"
        command = ["nowhere"]
        games = ["awele"]
        [engine.params]
        grand_slam = ["capture_nothing"]
    """), encoding="utf-8")
    driver.app.catalog = catalog.load(config)
    setup = to_setup(driver, "awele", "tournoi")                 # Aualé's rule: offered
    assert "abapa-only" in setup.player_choices()
    setup = to_setup(driver, "awele", "classique")               # the seed's rule: not offered
    assert "abapa-only" not in setup.player_choices()
    assert "abapa-only" not in to_setup(driver, "sticks", "petit").player_choices()


# -- the Players screen adds a player's file by its path ------------------------------------------
def type_text(driver: Driver, text: str) -> None:
    driver.post(pygame.TEXTINPUT, text=text)
    driver.step()


def test_the_players_screen_adds_a_python_players_file_by_its_path(driver, drawn, tmp_path) -> None:
    good = tmp_path / "ma_strategie.py"
    good.write_text("from nimarcade.players import Player\n\n\nclass Mine(Player):\n"
                    "    def choose_move(self, state):\n        return 1\n", encoding="utf-8")
    bad = tmp_path / "rien.py"
    bad.write_text("x = 1\n", encoding="utf-8")
    driver.app.manager.go("players")
    driver.step()
    screen = driver.scene
    driver.click(screen.buttons.item("file").rect.center)
    assert screen.entry is not None
    type_text(driver, str(bad))
    driver.key(pygame.K_RETURN)
    from nimarcade.players.files import PlayerFileError, check_python_player
    with pytest.raises(PlayerFileError) as refused:
        check_python_player(bad)
    assert screen.entry is not None and screen.entry.error == refused.value.message
    assert str(bad.resolve()) not in driver.app.player_files
    driver.key(pygame.K_ESCAPE)
    assert screen.entry is None
    driver.key(pygame.K_f, unicode="f")                      # the keyboard's way...
    type_text(driver, "f")                                   # ...whose own letter is not typed
    type_text(driver, str(good))
    driver.key(pygame.K_RETURN)
    assert screen.entry is None and str(good.resolve()) in driver.app.player_files
    name = check_python_player(good)
    assert driver.app.toasts[-1].text == tr("players.added", name=name)


# -- a message never half covers a screen's line of keys ------------------------------------------
def test_a_message_takes_the_place_of_the_keys_line_while_it_shows(driver, drawn) -> None:
    driver.app.manager.go("players")
    driver.step()
    drawn.clear()
    driver.step()
    assert tr("players.keys") in drawn
    driver.key(pygame.K_n, unicode="n")
    type_text(driver, "Zoé")
    driver.key(pygame.K_RETURN)
    drawn.clear()
    driver.step()
    assert tr("players.added_player", name="Zoé") in drawn and tr("players.keys") not in drawn
    driver.app.toasts.clear()                              # the message has gone
    drawn.clear()
    driver.step()
    assert tr("players.keys") in drawn
