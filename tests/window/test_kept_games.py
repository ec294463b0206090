"""Games in progress on the title screen, with real events: one kept per menu card and
all offered, newest first, with the chosen one's board; the menu stays where it is; the board is
drawn again in the new language after the settings change it; a new game of a kept card asks
first; the setup screen remembers each card's choices for the session."""
from __future__ import annotations

import random

import pygame
import pytest

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.window.app import App
from nimarcade.window.scenes.game import GameScene
from nimarcade.window.scenes.select import card_rects
from nimarcade.window.scenes.title import PREVIEW, TitleScene
from nimarcade.core.match import HUMAN, MatchConfig

from tests.window.harness import Driver

CARDS = [v.key for v in registry.VARIANTS]


@pytest.fixture
def session(tmp_path):
    apps: list[App] = []

    def open_app(lang: str = "fr") -> Driver:
        if apps and apps[-1].running:
            apps[-1].quit()
        app = App(headless=True, seed=len(apps) + 1, data_dir=tmp_path, lang=lang)
        app.ai.synchronous = app.hint_ai.synchronous = app.analysis_ai.synchronous = True
        apps.append(app)
        app.start()
        driver = Driver(app)
        driver.step()
        return driver

    yield open_app
    for app in apps:
        app.shutdown()
    i18n.set_language("fr")


def config_of(card: str, seats=(HUMAN, HUMAN)) -> MatchConfig:
    variant = registry.find_variant(card)
    found = levels.load(variant.game)
    level = next((lv for lv in found if lv.id == variant.level), found[0])
    return MatchConfig(variant.game, level, dict(level.params), seats, "me", variant=card)


def play_moves(driver: Driver, card: str, moves: int = 2, seed: int = 1) -> GameScene:
    """Start ``card`` between two people and play ``moves`` moves with the mouse."""
    game = driver.app.start_game(config_of(card))
    driver.step()
    rng = random.Random(seed)
    for _ in range(moves):
        driver.settle()
        driver.play(game, game.state.random_move(rng), "mouse")
    driver.settle()
    return game


def to_title(driver: Driver) -> TitleScene:
    driver.app.manager.go("title")
    driver.step(2)
    return driver.scene


def choose_on_title(driver: Driver, name: str) -> None:
    driver.click(driver.scene.menu.item(name).rect.center)


def test_every_card_keeps_its_own_game_and_the_title_offers_them_newest_first(session) -> None:
    driver = session()
    played = {}
    for i, card in enumerate(CARDS):
        game = play_moves(driver, card, moves=1 + i % 2, seed=i)
        played[card] = list(game.match.moves)
    title = to_title(driver)
    assert [row.kept.card for row in title.rows] == CARDS[::-1]
    assert title.menu.focus == 0 and title.shown_kept.card == CARDS[-1]
    driver = session()                                         # the next session: the same seven
    title = driver.scene
    assert [row.kept.card for row in title.rows] == CARDS[::-1]
    third = title.rows[2]
    driver.move_mouse(third.rect.center)                       # hover: its board is the one shown
    assert title.shown == 2
    driver.step()
    driver.click(third.rect.center)
    game = driver.scene
    assert isinstance(game, GameScene) and game.config.card.key == third.kept.card
    assert game.match.moves == played[third.kept.card]


def test_the_menu_does_not_move_when_games_are_kept(session) -> None:
    driver = session()
    empty = driver.scene
    assert empty.rows == []
    play_rect = empty.menu.item("play").rect.copy()
    play_moves(driver, "heaps")
    title = to_title(driver)
    assert title.rows and title.menu.item("play").rect == play_rect
    menu = title.menu.items[len(title.rows):]
    assert all(not row.rect.colliderect(item.rect) for row in title.rows for item in menu)
    driver.click(play_rect.center)                             # where "Jouer" always is
    assert driver.scene.name == "select"


def test_keys_go_across_between_the_menu_and_the_games_in_progress(session) -> None:
    driver = session()
    play_moves(driver, "sticks")
    play_moves(driver, "heaps")
    title = to_title(driver)
    driver.key(pygame.K_DOWN)
    assert title.menu.focus == 1 and title.shown == 1          # the older game, its board shown
    driver.key(pygame.K_LEFT)
    assert title.menu.items[title.menu.focus].name == "play"
    driver.key(pygame.K_RIGHT)
    assert title.menu.focus == 1
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, GameScene) and driver.scene.config.card.key == "sticks"


def test_clicking_the_board_resumes_the_game_shown(session) -> None:
    driver = session()
    play_moves(driver, "matches")
    to_title(driver)
    driver.click(PREVIEW.center)
    assert isinstance(driver.scene, GameScene) and driver.scene.config.card.key == "matches"


def surface_bytes(surface: pygame.Surface) -> bytes:
    """The pixels of a board, inside its frame."""
    inner = surface.get_rect().inflate(-12, -12)
    return pygame.image.tobytes(surface.subsurface(inner), "RGB")


def test_the_board_of_the_game_to_resume_follows_the_language(session) -> None:
    driver = session()
    play_moves(driver, "fort_boyard")
    title = to_title(driver)
    match = title.shown_kept.match
    french = surface_bytes(title.thumbnail(match))
    assert surface_bytes(driver.app.screen.subsurface(PREVIEW)) == french
    choose_on_title(driver, "settings")                        # Réglages -> Langue -> English, by events
    settings = driver.scene
    assert settings.name == "settings" and settings.menu.items[settings.menu.focus].name == "language"
    driver.key(pygame.K_RIGHT)
    assert driver.app.settings.language == "en"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is title
    driver.step()
    english = surface_bytes(title._draw_thumbnail(match))
    assert english != french
    assert surface_bytes(driver.app.screen.subsurface(PREVIEW)) == english


def test_a_new_game_of_a_kept_card_asks_first(session) -> None:
    driver = session()
    kept = play_moves(driver, "heaps").match
    play_moves(driver, "sticks")
    title = to_title(driver)
    choose_on_title(driver, "play")
    select = driver.scene
    driver.click(card_rects(len(select.cards))[CARDS.index("heaps")].center)
    setup = driver.scene
    assert setup.name == "setup"
    driver.key(pygame.K_RETURN)                                # Jouer !
    confirm = driver.scene
    assert confirm.name == "confirm" and "Nim 1-3-7" in confirm.detail and "2 coups joués" in confirm.detail
    driver.key(pygame.K_RETURN)                                # "Non" has the focus: nothing is lost
    assert driver.scene is setup and driver.app.autosave.for_card("heaps").match is kept
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_y)                                     # yes: the new game
    game = driver.scene
    assert isinstance(game, GameScene) and game.match is not kept and game.config.card.key == "heaps"
    assert driver.app.autosave.for_card("heaps").match is kept  # until its first move
    driver.settle()
    driver.play(game, game.state.legal_moves()[0], "mouse")
    assert driver.app.autosave.for_card("heaps").match is game.match
    assert driver.app.autosave.for_card("sticks") is not None and title is not driver.scene


def test_a_card_without_a_kept_game_plays_at_once(session) -> None:
    driver = session()
    play_moves(driver, "sticks")
    to_title(driver)
    choose_on_title(driver, "play")
    driver.click(card_rects(len(CARDS))[CARDS.index("matches")].center)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, GameScene)


def test_the_setup_remembers_each_cards_choices_for_the_session(session) -> None:
    driver = session()
    choose_on_title(driver, "play")
    heaps_card = card_rects(len(CARDS))[CARDS.index("heaps")].center
    driver.click(heaps_card)
    setup = driver.scene
    menu = setup.menu
    before = tuple(setup.params["heaps"])
    while menu.items[menu.focus].name != "heaps":
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)                                 # the chosen heap grows by one
    driver.key(pygame.K_PLUS, unicode="+")                     # and a heap more
    custom = tuple(setup.params["heaps"])
    assert custom != before and len(custom) == len(before) + 1
    while menu.items[menu.focus].name != "seat1":
        driver.key(pygame.K_UP)
    driver.key(pygame.K_LEFT)                                  # another opponent
    seats = tuple(setup.seats)
    driver.key(pygame.K_ESCAPE)                                # back to the game list
    assert driver.scene.name == "select"
    driver.click(card_rects(len(CARDS))[CARDS.index("sticks")].center)
    assert driver.scene.params != dict(setup.params)           # another card: its own choices
    driver.key(pygame.K_ESCAPE)
    driver.click(heaps_card)
    again = driver.scene
    assert again is not setup and tuple(again.params["heaps"]) == custom and tuple(again.seats) == seats
    assert again.menu.item("level").fmt(again.level_index) == i18n.tr("setup.custom")
    driver.key(pygame.K_RETURN)                                # and it plays what was set
    assert isinstance(driver.scene, GameScene) and tuple(driver.scene.state.heaps) == custom


def test_a_record_only_looked_at_leaves_the_kept_game_alone(session, tmp_path) -> None:
    from nimarcade.records import record as records
    driver = session()
    mine = play_moves(driver, "heaps").match
    other = play_moves(driver, "heaps", moves=3, seed=7).match   # the same card's game, saved then replaced
    path = tmp_path / "other.txt"
    path.write_text(records.write(other), encoding="utf-8")
    to_title(driver)
    driver.app.autosave.keep(mine)
    assert driver.app.open_record(str(path)) is None
    driver.step()
    to_title(driver)                                            # left without a move
    assert driver.app.autosave.for_card("heaps").match is mine
    assert driver.app.open_record(str(path)) is None
    driver.step()
    game = driver.scene
    driver.play(game, game.state.legal_moves()[0], "mouse")     # played on: it is the game kept now
    assert driver.app.autosave.for_card("heaps").match is game.match
