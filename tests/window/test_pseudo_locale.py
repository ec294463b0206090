"""Every screen of every game drawn in the pseudo-locale (:mod:`nimarcade.i18n.pseudo`: English
accented, 40 % longer and bracketed), driven by real keys, clicks and typed text: no text may come
from outside the catalogue, leave its box, cross a panel's edge or run into another text
(:mod:`tests.window.drawn_text` says how each is seen).

One case a game (its setup, its play screen with the hint, the theory, the move list, the help and
the pause menu, a whole game to its result, the review, the position editor, its puzzles to their
summary; the octal lab's panel), and one for the screens every game shares (the menu, the choice of
game, settings, players and a player's page, statistics, saved games, messages)."""
from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pygame
import pytest

from nimarcade import i18n
from nimarcade.core import levels
from nimarcade.core import registry
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.i18n import pseudo
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.storage.settings import INSTANT
from nimarcade.window.scenes.puzzle import PuzzleScene
from nimarcade.window.ui import richtext, theme

from tests.window.drawn_text import Recorder
from tests.window.harness import Driver, make_app

GAMES = [spec.id for spec in registry.specs()]          # the menu's games, in its order
#: Names a person types in (a player), which no catalogue holds.
TYPED = "Zoé Durand-Lefèvre"
#: A safety net: no smallest board's game comes near it.
MAX_MOVES = 300
#: A folder to keep each screen looked at as a PNG, for a person to look at too (unset: none kept).
SHOTS = os.environ.get("NIMARCADE_PSEUDO_SHOTS")


class Look:
    """The driver, the recorder and what went wrong, screen by screen."""

    def __init__(self, driver: Driver, recorder: Recorder) -> None:
        self.driver, self.recorder = driver, recorder
        self.problems: list[str] = []
        self.screens: list[str] = []
        #: Every string rendered, drawn or only measured (``theme.text``).
        self.rendered: set[str] = set()

    def __call__(self, where: str, frames: int = 2) -> None:
        """The next ``frames`` frames drawn, each looked at."""
        for _ in range(frames):
            self.recorder.begin()
            self.driver.step()
            self.problems += self.recorder.problems(where)
        self.screens.append(where)
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.driver.app.screen, str(Path(SHOTS) / (re.sub(r"\W+", "_", where) + ".png")))

    def report(self) -> None:
        """Fails with every problem seen (each once)."""
        recorder = self.recorder
        self.problems += [f"rendered: {p}" for p in recorder.unseen_leaks(self.rendered)]
        found = list(dict.fromkeys(self.problems))
        assert not found, f"{len(found)} problems on {len(self.screens)} screens:\n" + "\n".join(found[:80])


@pytest.fixture
def look(monkeypatch, tmp_path):
    """An app in the pseudo-locale whose every text drawn is recorded (and every one rendered,
    drawn or only measured, looked at for leaks)."""
    pseudo.install()
    recorder = Recorder(names={TYPED})
    rendered: set[str] = set()
    original = theme.text

    def text(s: str, size: int = 28, color=theme.TEXT):
        rendered.add(s)
        return original(s, size, color)

    text.cache_clear = original.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(theme, "text", text)
    for cached in (richtext.rich_text, richtext.wrap_rich):   # what an earlier test drew is drawn again
        cached.cache_clear()
    app = make_app(seed=3, lang=pseudo.CODE, data_dir=tmp_path)
    app.update_settings(animation_speed=INSTANT)
    monkeypatch.setattr(theme, "RECORDER", recorder)
    seen = Look(Driver(app), recorder)
    seen.rendered = rendered
    yield seen
    app.shutdown()
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def smallest(game: str) -> levels.Level:
    from tests.core.test_registry import smallest_level

    return smallest_level(registry.get(game))


def play_one(driver: Driver, scene) -> None:
    """The person's move by its keys (the winning one when the game knows it), then the computer's."""
    winning = scene.spec.winning_moves(scene.state) if scene.spec.winning_moves else None
    driver.play(scene, (winning or scene.state.legal_moves())[0], "keys")
    driver.until(lambda: driver.scene is not scene or scene.human_turn() or scene.finished)


def play_to_the_end(look: Look, scene) -> None:
    """The person's moves, and the computer's, until the result screen."""
    driver = look.driver
    while not scene.finished and driver.scene is scene and scene.match.move_count < MAX_MOVES:
        play_one(driver, scene)
    driver.until(lambda: driver.scene.name == "result", 3000)
    driver.until(lambda: driver.scene.accepts_input)


@pytest.mark.parametrize("game", GAMES)
def test_every_screen_of_a_game(look: Look, quick_ai, game: str) -> None:
    driver = look.driver
    level = smallest(game)
    driver.app.manager.go("setup", game=game, levels=levels.load(game), level_id=level.id)
    look(f"{game} setup")

    scene = driver.app.start_game(MatchConfig(game, level, dict(level.params), (HUMAN, 1), "human"))
    driver.settle()
    look(f"{game} play")
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None and not scene.hint_pending, 300)
    look(f"{game} hint")
    driver.key(pygame.K_t)
    look(f"{game} theory")
    play_one(driver, scene)
    look(f"{game} a move each")
    driver.key(pygame.K_l)
    look(f"{game} move list")
    driver.key(pygame.K_l)
    driver.key(pygame.K_F1)
    look(f"{game} help")
    driver.key(pygame.K_F1)
    driver.key(pygame.K_ESCAPE)
    look(f"{game} pause")
    driver.key(pygame.K_ESCAPE)
    if game == "octal":
        from nimarcade.games.octal.scene.scene import LAB_BUTTON

        driver.click(LAB_BUTTON.center)
        look("octal lab")
        driver.key(pygame.K_ESCAPE)

    play_to_the_end(look, scene)
    look(f"{game} result")
    driver.click(driver.scene.menu.item("review").rect.center)
    review = driver.scene
    assert review.name == "review"
    look(f"{game} review")
    driver.key(pygame.K_LEFT)
    look(f"{game} review, a move back")

    driver.app.manager.go("setup", game=game, levels=levels.load(game), level_id=level.id)
    driver.step()
    driver.click(driver.scene.menu.item("edit").rect.center)
    assert driver.scene.name == "editor"
    look(f"{game} editor")

    if puzzles.has_puzzles(registry.get(game)):
        solve_a_puzzle(look, game)
    look.report()


def solve_a_puzzle(look: Look, game: str) -> None:
    driver = look.driver
    driver.app.manager.go("puzzles")
    scene = driver.scene
    assert isinstance(scene, PuzzleScene)
    look(f"{game} puzzles")
    item = scene.chooser.game_item
    while item.value != game:
        driver.click(item.right_rect.center)
    driver.click(scene.chooser.menu.item("start").rect.center)
    driver.until(lambda: scene.phase == "solve")
    look(f"{game} puzzle")
    driver.play(scene.board.scene, scene.puzzle.solutions[0], "keys")
    driver.until(lambda: scene.phase == "answered")
    look(f"{game} puzzle answered")
    driver.key(pygame.K_ESCAPE)
    driver.until(lambda: scene.phase == "summary")
    look(f"{game} puzzles' summary")


def test_a_game_without_a_scene_of_its_own(look: Look, quick_ai, monkeypatch) -> None:
    """The generic scene (the text mode's board and a button a move), as a game without its own
    scene gets it: Sticks, here."""
    sticks = registry.get("sticks")
    spec = dataclasses.replace(sticks, window=dataclasses.replace(sticks.window, scene="nimarcade.window.scenes.generic:MovesScene"))
    monkeypatch.setitem(registry.REGISTRY, "sticks", spec)
    driver = look.driver
    level = smallest("sticks")
    scene = driver.app.start_game(MatchConfig("sticks", level, dict(level.params), (HUMAN, 1), "human"))
    driver.settle()
    look("generic play")
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None and not scene.hint_pending, 300)
    look("generic hint")
    play_to_the_end(look, scene)
    look("generic result")
    look.report()


def test_the_screens_every_game_shares(look: Look, quick_ai, tmp_path) -> None:
    driver = look.driver
    app = driver.app
    app.manager.go("title")
    look("title")
    app.manager.go("select")
    look("choice of game")
    app.manager.go("settings")
    look("settings")
    driver.key(pygame.K_ESCAPE)

    # a named player, typed in; the same name again, refused in the entry
    app.manager.go("players")
    look("players, none yet")
    driver.key(pygame.K_n)
    driver.post(pygame.TEXTINPUT, text=TYPED)
    driver.step()
    look("a name typed")
    driver.key(pygame.K_RETURN)
    look("players")
    driver.key(pygame.K_n)
    driver.post(pygame.TEXTINPUT, text=TYPED)
    driver.key(pygame.K_RETURN)
    look("a name refused")
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_DELETE)
    look("a question")
    driver.key(pygame.K_ESCAPE)

    # a game of theirs, saved, then the lists that show it
    app.manager.go("setup", game="sticks", levels=levels.load("sticks"), level_id=smallest("sticks").id,
                   config=MatchConfig.from_level(smallest("sticks")))
    look("setup")
    level = smallest("sticks")
    scene = app.start_game(MatchConfig("sticks", level, dict(level.params), (HUMAN, 1), "human", names=(TYPED, "")))
    play_to_the_end(look, scene)
    driver.click(driver.scene.menu.item("save").rect.center)
    look("a game saved")
    app.manager.go("stats")
    look("statistics")
    driver.click(driver.scene.menu.item("reset").rect.center)
    look("statistics, reset?")
    driver.key(pygame.K_ESCAPE)
    app.manager.go("records")
    look("saved games")
    app.manager.go("players")
    look("a player's page")

    # a game left unfinished, on the title screen; the demo
    level = smallest("heaps")
    scene = app.start_game(MatchConfig("heaps", level, dict(level.params), (HUMAN, 1), "human", names=(TYPED, "")))
    driver.settle()
    driver.play(scene, scene.state.legal_moves()[0], "keys")
    driver.settle()
    app.manager.go("title")
    look("title, a game kept")
    app.start_demo(only="heaps")
    driver.step(5)
    look("demo")
    look.report()


def test_files_that_cannot_be_read(look: Look, tmp_path) -> None:
    """The messages of files the game could not read, over the first screen."""
    folder = tmp_path / "broken"
    folder.mkdir()
    for name in ("stats.json", "profiles.json", "autosave.json"):
        (folder / name).write_text("{ not json", encoding="utf-8")
    app = make_app(seed=3, lang=pseudo.CODE, data_dir=folder)
    try:
        app.start()
        broken = Look(Driver(app), look.recorder)
        broken("problems said")
        look.problems += broken.problems
    finally:
        app.shutdown()
    look.report()


def test_the_checker_sees_a_leak_an_overflow_and_an_overlap() -> None:
    """The checks themselves, on a drawing made up for them."""
    from tests.window.drawn_text import leaked_words

    assert leaked_words("[Ţĥé [ñéšţéď]] Play 3→1 A3 ooooo F1 d NIM ARCADE") == ["Play"]
    assert leaked_words("[Ţĥé çúţ šĥöŕ…") == [] and leaked_words("[Ţĥé] · [ţŵö]") == []
    ink = pygame.Surface((40, 10), pygame.SRCALPHA)
    ink.fill((255, 255, 255, 255))
    screen = pygame.Surface((200, 100))
    recorder = Recorder()
    recorder.begin()
    recorder.panel(screen, pygame.Rect(0, 0, 100, 50), 2)
    recorder.text(screen, "[in its panel]", ink, pygame.Rect(10, 10, 40, 10), None)
    recorder.text(screen, "[on top of it]", ink, pygame.Rect(20, 15, 40, 10), None)
    recorder.text(screen, "[across the edge]", ink, pygame.Rect(80, 30, 40, 10), None)
    recorder.text(screen, "[out of its box]", ink, pygame.Rect(120, 60, 40, 10), pygame.Rect(120, 60, 30, 10))
    recorder.text(screen, "[off the screen]", ink, pygame.Rect(170, 90, 40, 10), None)
    recorder.text(screen, "Not from the catalogue", ink, pygame.Rect(120, 75, 40, 10), None)
    recorder.cover(screen, pygame.Rect(0, 0, 60, 30))                 # hides the first two
    recorder.text(screen, "[drawn over the cover]", ink, pygame.Rect(5, 5, 40, 10), None)
    found = recorder.problems()
    assert [p.split(":")[0].split(" (")[0] for p in found] == [
        "leak ['Not', 'from', 'the', 'catalogue'] in 'Not from the catalogue'",
        "across a panel's edge", "out of its box", "off its surface",
        "overlap"], found
    assert "'[in its panel]'" in found[-1] and "'[on top of it]'" in found[-1]
