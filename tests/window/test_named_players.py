"""Named players in the window, driven by real events: a player is created by typing their name
(accents too), renamed and deleted on the players screen, by the keyboard alone and by the mouse
alone; picked on a seat of the setup screen; the HUD, the move list and the result show the name;
the finished game lands in the profile (opened again in review from there) and the class's
results are exported as CSV and read back."""
from __future__ import annotations

import csv

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.records import record as records
from tests.window.harness import Driver, make_app


@pytest.fixture(params=["fr", "en"])
def driver(request):
    app = make_app(seed=5, lang=request.param)
    app.update_settings(animation_speed=4.0)
    yield Driver(app)
    app.shutdown()


def type_text(driver: Driver, text: str) -> None:
    """Letters as SDL sends them: one TEXTINPUT each (an accent typed with a dead key arrives whole)."""
    for ch in text:
        driver.post(pygame.TEXTINPUT, text=ch)
    driver.step()


def to_players_by_keys(driver: Driver) -> None:
    driver.app.manager.go("title")
    driver.step()
    title = driver.scene
    while title.menu.items[title.menu.focus].name != "players":
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "players"


def center(rect: pygame.Rect) -> tuple[int, int]:
    return rect.center


def test_the_keyboard_alone_creates_renames_chooses_and_deletes_a_player(driver) -> None:
    to_players_by_keys(driver)
    screen = driver.scene
    assert screen.profile is None and not screen.buttons.item("rename").enabled()
    driver.key(pygame.K_n, unicode="n")
    assert screen.entry is not None
    driver.post(pygame.TEXTINPUT, text="n")          # SDL's text of the N that opened it: not typed
    type_text(driver, "Zoé")
    assert screen.entry.text == "Zoé"
    driver.key(pygame.K_RETURN)
    assert screen.entry is None and driver.app.profiles.names() == ["Zoé"]
    assert screen.profile.name == "Zoé" and driver.app.profiles.current.name == "Zoé"
    # a name already taken is refused where it is typed, and Esc gives up
    driver.key(pygame.K_n)
    type_text(driver, "ZOÉ")
    driver.key(pygame.K_RETURN)
    assert screen.entry is not None and "ZOÉ" in screen.entry.error
    driver.key(pygame.K_ESCAPE)
    assert screen.entry is None and driver.app.profiles.names() == ["Zoé"]
    driver.key(pygame.K_n)
    type_text(driver, "Adam")
    driver.key(pygame.K_RETURN)
    assert driver.app.profiles.names() == ["Adam", "Zoé"] and screen.profile.name == "Adam"
    # rename Adam: Backspace, then new letters
    driver.key(pygame.K_r)
    for _ in "Adam":
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, "Inès")
    driver.key(pygame.K_RETURN)
    assert driver.app.profiles.names() == ["Inès", "Zoé"]
    # Zoé is made current again: down, C
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_c)
    assert driver.app.profiles.current.name == "Zoé"
    # delete Inès: asked first; « non » keeps her, « oui » deletes
    driver.key(pygame.K_UP)
    driver.key(pygame.K_DELETE)
    assert driver.scene.name == "confirm"
    driver.key(pygame.K_RETURN)                      # « Non » has the focus
    assert driver.app.profiles.names() == ["Inès", "Zoé"]
    driver.key(pygame.K_DELETE)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    assert driver.app.profiles.names() == ["Zoé"] and driver.scene is screen and screen.profile.name == "Zoé"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "title"


def test_the_mouse_alone_creates_and_deletes_a_player(driver) -> None:
    driver.app.manager.go("title")
    driver.step()
    driver.click(center(driver.scene.menu.item("players").rect))
    screen = driver.scene
    assert screen.name == "players"
    driver.click(center(screen.buttons.item("new").rect))
    type_text(driver, "Éloïse")
    driver.click(center(screen.entry.ok_rect))
    driver.click(center(screen.buttons.item("new").rect))
    type_text(driver, "Bob")
    driver.click(center(screen.entry.cancel_rect))             # given up: nobody added
    assert driver.app.profiles.names() == ["Éloïse"]
    driver.click(center(screen.buttons.item("remove").rect))
    confirm = driver.scene
    assert confirm.name == "confirm"
    driver.click(center(confirm.buttons.items[1].rect))       # « Oui »
    assert driver.app.profiles.names() == [] and screen.profile is None
    driver.click(center(screen.buttons.item("back").rect))
    assert driver.scene.name == "title"


def setup_for(driver: Driver, game: str, level_id: str):
    driver.app.manager.go("setup", game=game, levels=levels.load(game), level_id=level_id, variant=game)
    driver.step()
    return driver.scene


def pick_on_seat_by_keys(driver: Driver, setup, seat: str, label: str) -> None:
    while setup.menu.items[setup.menu.focus].name != seat:
        driver.key(pygame.K_UP)
    while setup.menu.item(seat).index > 0:
        driver.key(pygame.K_LEFT)
    for _ in range(len(setup.menu.item(seat).values)):
        item = setup.menu.item(seat)
        if item.fmt(item.value) == label:
            return
        driver.key(pygame.K_RIGHT)
    raise AssertionError(f"{label} is not offered on {seat}")


def play_out(driver: Driver, game) -> None:
    while not game.finished:
        driver.settle()
        if game.finished or driver.scene is not game:
            break
        driver.play(game, game.state.legal_moves()[0], "keys")


def test_a_named_player_plays_and_the_game_lands_in_the_profile(driver, tmp_path) -> None:
    app = driver.app
    app.profiles.add("Léa")
    app.profiles.add("Zoé")                                   # the current one: offered first on seat 1
    setup = setup_for(driver, "sticks", "petit")
    assert setup.menu.item("seat0").fmt(setup.menu.item("seat0").value) == "Zoé"
    pick_on_seat_by_keys(driver, setup, "seat0", "Léa")       # the keyboard picks Léa instead
    setup.first = "human"
    driver.key(pygame.K_RETURN)
    game = driver.scene
    assert game.name == "game" and game.config.names == ("Léa", "")
    me = game.match.rules_player_of_seat(0)
    assert game.player_name(me) == "Léa"
    driver.settle()
    game.draw_screen(app.screen)
    assert game.hud is not None and game.move_list is not None
    play_out(driver, game)
    driver.until(lambda: driver.scene.name == "result", 3000)
    result = driver.scene
    assert "Léa" in " ".join(result.details()) or "Léa" in result.headline()[0]
    profile = app.profiles.get("léa")
    assert len(profile.recent) == 1 and profile.total("") == 1 and app.profiles.current.name == "Léa"
    game_kept = profile.recent[0]
    assert game_kept.card == "sticks" and game_kept.opponent == "computer 1" and game_kept.result in ("won", "lost")
    assert records.read(game_kept.record).config.names == ("Léa", "")   # the record keeps her name
    assert app.profiles.get("Zoé").recent == ()
    # the players screen shows it, and the game opens in review by a click on its row
    app.manager.go("players")
    driver.step()
    screen = driver.scene
    assert screen.profile.name == "Léa"
    from nimarcade.window.scenes.profile_view import games_rects
    from nimarcade.window.scenes.people_scene import PROFILE
    driver.click(games_rects(PROFILE)[0].center)
    assert driver.scene.name == "review" and len(driver.scene.match.moves) == len(game.match.moves)
    # the keyboard alone: Tab goes over to the recent games, Enter opens the chosen one
    app.manager.go("players")
    driver.step()
    driver.key(pygame.K_TAB)
    assert driver.scene.game == 0
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "review" and driver.scene.match.config.names == ("Léa", "")
    # back from the review: the players screen it came from, on Léa (no result screen, no confetti)
    app.profiles.choose("Zoé")
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "players" and driver.scene.profile.name == "Léa"
    # export: no data folder in tests (memory only) says it can't; with one, both files are written
    app.manager.go("players")
    driver.step()
    driver.key(pygame.K_e)
    assert app.error_shown() is not None
    app.toasts.clear()
    app.data_dir = tmp_path
    driver.key(pygame.K_e)
    written = sorted((tmp_path / "exports").glob("*.csv"))
    assert len(written) == 2
    sep = ";" if app.settings.language == "fr" else ","
    players = [f for f in written if f.name.startswith(("joueurs", "players"))][0]
    with players.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f, delimiter=sep))
    assert rows[0][0] in ("Nom", "Name") and [r[0] for r in rows[1:]] == ["Léa", "Zoé"]
    lea = rows[1]
    assert lea[1] == "1" and int(lea[2]) + int(lea[3]) == 1 and lea[-1] == game_kept.date


def pick_on_seat_by_mouse(driver: Driver, setup, seat: str, label: str) -> None:
    """Clicks on the row's ‹ until the first choice, then on › until ``label``."""
    while setup.menu.item(seat).index > 0:
        driver.click(setup.menu.item(seat).left_rect.center)
    for _ in range(len(setup.menu.item(seat).values)):
        item = setup.menu.item(seat)
        if item.fmt(item.value) == label:
            return
        driver.click(item.right_rect.center)
    raise AssertionError(f"{label} is not offered on {seat}")


def test_the_mouse_picks_a_named_player_for_the_other_seat(driver) -> None:
    from nimarcade.i18n import tr

    app = driver.app
    app.profiles.add("Nour")
    app.profiles.add("Hugo")                                  # current: seat 1's by default
    setup = setup_for(driver, "heaps", levels.load("heaps")[0].id)
    pick_on_seat_by_mouse(driver, setup, "seat1", "Nour")
    assert setup.config().names == ("Hugo", "Nour") and setup.config().seats == (0, 0)
    seat1 = setup.menu.item("seat1")
    assert ("player", "Hugo") not in seat1.values                # Hugo can't sit on both sides
    pick_on_seat_by_mouse(driver, setup, "seat0", tr("setup.human"))
    pick_on_seat_by_mouse(driver, setup, "seat1", "Hugo")         # once he left seat 1, he is offered
    assert setup.config().names == ("", "Hugo")
    driver.click(setup.menu.item("play").rect.center)
    game = driver.scene
    assert game.name == "game" and {game.player_name(0), game.player_name(1)} == {tr("player.one"), "Hugo"}


def test_screenshots_of_the_players_screen_and_a_named_game(driver, tmp_path) -> None:
    app = driver.app
    for name in ("Zoé Martin", "Léo"):
        app.profiles.add(name)
    app.profiles.choose("Zoé Martin")
    setup = setup_for(driver, "sticks", "petit")
    pick_on_seat_by_keys(driver, setup, "seat1", "Léo")
    setup.first = "human"
    driver.key(pygame.K_RETURN)
    game = driver.scene
    driver.settle()
    driver.play(game, 1, "keys")
    driver.settle()
    app.save_screenshot(str(tmp_path / "game.png"))
    assert {game.player_name(0), game.player_name(1)} == {"Zoé Martin", "Léo"}
    play_out(driver, game)
    driver.until(lambda: driver.scene.name == "result", 3000)
    assert app.profiles.get("Léo").recent[0].opponent == "player Zoé Martin"
    app.manager.go("players")
    driver.step()
    app.save_screenshot(str(tmp_path / "players.png"))
    assert (tmp_path / "players.png").stat().st_size > 0
