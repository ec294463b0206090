"""The list of saved games (title -> "Ouvrir une partie"), with real events: each record's game,
players, result and date, newest first; a file that cannot be opened is listed as such and says
why; a record cut short opens with a warning; a long list scrolls."""
from __future__ import annotations

import datetime
import os
import shutil

import pygame
import pytest

from nimarcade import i18n
from nimarcade.records import record as records
from nimarcade.window.app import App
from nimarcade.window.scenes.game import GameScene
from nimarcade.window.scenes.records_scene import ROOM, cells
from nimarcade.core.match import HUMAN

from tests.window.harness import Driver
from tests.window.test_persist_scenes import SAMPLE

DAY = datetime.datetime(2026, 3, 14, 15, 0)
LATER = datetime.date(2040, 1, 1)          # "today", for the dates of the rows


def played(game: str, n: int, seed: int, seats=(HUMAN, 3)):
    from tests.records.test_records import played as make

    return make(game, n=n, seed=seed, seats=seats)


@pytest.fixture
def folder(tmp_path):
    found = tmp_path / "records"
    found.mkdir()
    return found


def open_list(tmp_path, lang: str = "fr") -> Driver:
    app = App(headless=True, seed=1, data_dir=tmp_path, lang=lang)
    app.ai.synchronous = app.hint_ai.synchronous = app.analysis_ai.synchronous = True
    app.start()
    driver = Driver(app)
    driver.step()
    driver.click(driver.scene.menu.item("records").rect.center)
    assert driver.scene.name == "records"
    driver.step()
    return driver


@pytest.fixture
def listing(tmp_path):
    drivers: list[Driver] = []

    def make(lang: str = "fr") -> Driver:
        drivers.append(open_list(tmp_path, lang))
        return drivers[-1]

    yield make
    for d in drivers:
        d.app.shutdown()
    i18n.set_language("fr")


def test_rows_say_game_players_result_and_date_newest_first(folder, listing) -> None:
    won = played("heaps", 10_000, seed=1, seats=(HUMAN, 3))
    going = played("matches", 4, seed=2, seats=(HUMAN, 2))
    records.save_file(won, folder, DAY)
    records.save_file(going, folder, DAY + datetime.timedelta(days=2))
    shutil.copy(SAMPLE, folder / "club.ogn")                       # dated 2026.11.20 inside
    (folder / "photo.txt").write_bytes(bytes(range(128, 256)))
    os.utime(folder / "photo.txt", (2e9, 2e9))                    # 2033: the newest
    driver = listing()
    screen = driver.scene
    rows = [cells(e, LATER) for e in screen.entries]
    names = [e.path.name for e in screen.entries]
    assert names[1:] == ["club.ogn", "matches-20260316-150000.txt", "heaps-20260314-150000.txt"]
    assert names[0] == "photo.txt"                                 # no date inside: the file's
    assert rows[0][0] == "photo.txt"
    assert rows[0][1].startswith("ne s'ouvre pas : photo.txt n'est pas un fichier texte")
    assert rows[1] == ["Awélé — Tournoi (grand chelem sans prise)", "Joueur 1 contre Joueur 2",
                       "inachevée · 14 coups", "20/11/2026"]
    assert rows[2] == ["Allumettes en ligne — 21 allumettes", "Joueur 1 contre Ordinateur (moyen)",
                       "inachevée · 4 coups", "16/03/2026"]
    winner = won.player_name(won.winner)
    assert rows[3][1:] == ["Joueur 1 contre Ordinateur (expert)", f"{winner} gagne", "14/03/2026"]
    driver.key(pygame.K_RETURN)                              # the broken one: why, in full; nothing else
    assert driver.scene is screen
    assert any(t.text.startswith("photo.txt n'est pas un fichier texte") for t in driver.app.toasts)
    driver.key(pygame.K_ESCAPE)                                    # closes the message
    driver.click(screen.menu.items[2].rect.center)                 # the Matches game opens where it stopped
    game = driver.scene
    assert isinstance(game, GameScene) and game.match.moves == going.moves


def test_in_english(folder, listing) -> None:
    records.save_file(played("sticks", 10_000, seed=3, seats=(HUMAN, 4)), folder, DAY)
    driver = listing("en")
    (row,) = [cells(e, LATER) for e in driver.scene.entries]
    assert row[1] == "Player 1 against Computer (master)"
    assert row[2].endswith(" wins") and row[3] == "2026-03-14"


def test_a_record_cut_short_is_flagged_and_opens_with_a_warning(folder, listing) -> None:
    match = played("sticks", 10_000, seed=2, seats=(HUMAN, HUMAN))
    head, _, body = records.write(match).partition("\n\n")
    (folder / "cut.txt").write_text(head + "\n\n" + " ".join(body.split()[:5]) + "\n", encoding="utf-8")
    driver = listing()
    (entry,) = driver.scene.entries
    assert entry.cut and cells(entry)[2] == "incomplète : il manque des coups"
    driver.key(pygame.K_RETURN)
    game = driver.scene
    assert isinstance(game, GameScene) and game.match.moves == match.moves[:3]
    (warning,) = [t for t in driver.app.toasts if t.kind == "error"]
    assert warning.text.startswith("cut.txt : le fichier annonce la fin de la partie")
    assert "Il manque la suite" in warning.text


def test_a_long_list_scrolls(folder, listing) -> None:
    for i in range(ROOM + 4):
        records.save_file(played("sticks", 2, seed=i), folder, DAY + datetime.timedelta(days=i))
    driver = listing()
    screen = driver.scene
    assert len(screen.entries) == ROOM + 4 and len(screen.menu.items) == ROOM + 1
    first_shown = screen.menu.items[0].entry
    assert first_shown.date == (DAY + datetime.timedelta(days=ROOM + 3)).date()
    for _ in range(ROOM - 1):
        driver.key(pygame.K_DOWN)
    assert screen.first == 0 and screen.menu.focus == ROOM - 1
    driver.key(pygame.K_DOWN)                                      # past the last row shown: one further
    assert screen.first == 1 and screen.menu.focus == ROOM - 1
    driver.key(pygame.K_PAGEDOWN)
    assert screen.first == 4 and screen.menu.items[ROOM - 1].entry.date == DAY.date()
    driver.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    driver.step()
    assert screen.first == 3
    driver.click(screen.menu.item("back").rect.center)
    assert driver.scene.name == "title"
