"""The position editor's actions and ways in and out, through real events: analyse, save (and load
back), give as a puzzle, the work done off the window's thread with its progress shown, the
keyboard's tour of the buttons and the levels, the review's entry, and a monkey on every game's
editor. Each game's board editing is in ``test_editor_games.py``."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from nimarcade.puzzles import editing
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.core.hints import Hint
from nimarcade.core.worker import AiResult
from nimarcade.i18n import tr
from nimarcade.records.index import entries
from nimarcade.games.awele.rules import AweleState
from nimarcade.games.heaps.rules import HeapsState
from nimarcade.games.sticks.rules import SticksState
from nimarcade.window.scenes.board_edit import BoardEditor
from nimarcade.window.scenes.editor import LEVEL_RECT
from nimarcade.window.scenes.editor_info import sentence
from nimarcade.games.sticks.scene.explain import explain_lines
from nimarcade.core.match import HUMAN, Match, MatchConfig

from tests.window.editor_session import button, legal, open_editor, press, refused, shown
from tests.window.harness import Driver
from tests.window.test_monkey import KEYS, random_event

ROOT = Path(__file__).resolve().parents[2]


def open_at(driver: Driver, game: str, level_id: str | None = None, text: str = "") -> object:
    driver.app.manager.go("editor", game=game, level_id=level_id, text=text)
    driver.step()
    return driver.scene


# -- every game --------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", list(registry.REGISTRY.values()), ids=list(registry.REGISTRY))
def test_every_level_starts_the_draft_from_its_own_start(driver, spec) -> None:
    """The registry names each game's board editor; the draft of a level's start writes that start's
    text, which the rules accept."""
    assert issubclass(registry.load_attr(spec.window.editor), BoardEditor)
    for level in levels.load(spec.id):
        editor = open_at(driver, spec.id, level.id)
        assert editor.board.text() == spec.position_text(spec.new_state(level.params))
        legal(driver, editor, editor.board.text())


def test_the_editor_works_off_the_window_and_imports_no_pygame() -> None:
    code = "import sys, nimarcade.puzzles.editing; print(any(m.startswith('pygame') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- analyse -----------------------------------------------------------------------------------------
def test_analyse_by_keys_says_which_moves_win_in_the_games_own_words(driver) -> None:
    editor = open_editor(driver, "heaps", "heaps", "1-3-5-7", "keys")
    driver.keys(pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_LEFT)     # 1 3 5 6: nim-sum 1
    driver.key(pygame.K_a)
    driver.step()
    lines = shown(editor)
    assert lines[0] == tr("editor.legal_short")
    winners = [m for m in registry.winning_moves(HeapsState.new((1, 3, 5, 6)))]
    label = registry.get("heaps").notation.format_move
    assert lines[1] == tr("editor.wins", n=len(winners), total=15, moves=", ".join(map(label, winners)))
    assert any("somme de nim" in line.lower() for line in lines[2:])     # the binary table's reasoning
    driver.key(pygame.K_RIGHT)                           # another position: the old verdict goes
    driver.step()
    assert shown(editor) == [tr("editor.legal")]


def test_analyse_by_mouse_gives_every_awele_move_its_value(driver) -> None:
    editor = open_at(driver, "awele", "classique", "0-0-0-1-2-0-1-1-0-0-0-0-20-22")
    driver.click(button(editor, "analyse"))
    driver.step()
    lines = shown(editor)
    assert lines[1] == tr("editor.values_proved", values="D : perd   E : perd")
    assert lines[2] == tr("editor.best", n=2, moves="D, E")


def test_the_analysis_runs_in_the_worker_and_shows_it_is_thinking(driver, monkeypatch) -> None:
    """Nothing is computed on the window's thread: the question goes to the analysis worker, the
    screen says it is thinking (with the seconds) until the answer comes back as an event."""
    app = driver.app
    asked = []
    monkeypatch.setattr(app.analysis_ai, "request",
                        lambda question, level, rng, limit, *, chooser: asked.append((question, chooser)) or 0)
    editor = open_at(driver, "sticks", "mgl7160", "14")
    driver.key(pygame.K_a)
    (question, chooser), = asked
    assert chooser is editing.verdict and question == editing.Question("sticks", "mgl7160", editor.params, "14")
    driver.step(130)
    assert shown(editor)[-1].startswith(tr("editor.working_analyse", s=2))
    app._post_ai("analysis", AiResult(0, chooser(question), 0.1))
    driver.step()
    assert shown(editor)[1:] == [tr("editor.wins", n=1, total=3, moves="1"),
                                 *explain_lines(SticksState.new(14, 3, True), Hint((1,), False))]
    driver.key(pygame.K_a)
    driver.key(pygame.K_UP)                              # the draft changes: the question is dropped
    app._post_ai("analysis", AiResult(0, chooser(asked[-1][0]), 0.1))
    driver.step()
    assert editor.job is None and shown(editor) == [tr("editor.legal")]


# -- save ----------------------------------------------------------------------------------------------
def test_save_writes_a_record_that_loads_back_everywhere(driver, tmp_path) -> None:
    app = driver.app
    app.data_dir = tmp_path
    editor = open_editor(driver, "awele", "awele", "tournoi", "mouse")       # Abapa: Aualé's rule
    for _ in range(3):
        driver.click(editor.board.geo.centers[2], button=3)
    driver.click(button(editor, "save"))
    [path] = (tmp_path / "records").glob("*.txt")
    assert shown(editor)[1] == tr("editor.saved", file=path.name)
    expected = AweleState.from_board([4, 4, 1] + [4] * 9, (0, 0), 0, "capture_nothing")
    match = records.load_file(path)
    assert match.moves == [] and match.state == expected and match.config.start == editor.board.text()
    assert "[Position" in path.read_text()
    assert not list((tmp_path / "records").glob("*.ogn"))       # OGN can't hold a position
    assert [e.path for e in entries(tmp_path / "records")] == [path]        # the saved-games list
    assert app.open_record(str(path)) is None and driver.scene.name == "game" and driver.scene.state == expected
    run = subprocess.run([sys.executable, "main.py", "--headless", "--frames", "3", "--load", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


# -- puzzles -------------------------------------------------------------------------------------------
def test_give_as_a_puzzle_by_keys_refuses_a_lost_position_then_adds_a_won_one(driver) -> None:
    app = driver.app
    editor = open_editor(driver, "sticks", "sticks", "mgl7160", "keys")    # 13, last loses: lost
    driver.key(pygame.K_d)
    driver.step()
    assert shown(editor)[1] == sentence(tr("puzzles.no_win")) and app.puzzle_store.puzzles == []
    driver.key(pygame.K_RIGHT)                                            # 14: take 1
    driver.key(pygame.K_d)
    driver.step()
    [puzzle] = app.puzzle_store.puzzles
    assert puzzle.start == "14" and puzzle.solutions == (1,) and puzzle.state == SticksState.new(14, 3, True)
    assert shown(editor)[1:] == [tr("editor.puzzle_added", rating=puzzle.rating),
                                 tr("editor.puzzle_solutions", n=1, moves="1")]


def test_an_awele_puzzle_is_checked_off_the_window_with_progress(driver, monkeypatch) -> None:
    app = driver.app
    asked = []
    monkeypatch.setattr(app.analysis_ai, "request",
                        lambda question, level, rng, limit, *, chooser: asked.append((question, chooser)) or 0)
    editor = open_at(driver, "awele", "classique", "1-0-2-1-1-1-0-0-1-0-0-1-19-21")
    driver.click(button(editor, "puzzle"))
    (question, chooser), = asked
    assert chooser is editing.make_puzzle
    driver.step(70)
    assert shown(editor)[-1].startswith(tr("editor.working_puzzle", s=1))
    assert app.puzzle_store.puzzles == []
    app._post_ai("analysis", AiResult(0, chooser(question), 0.1))
    driver.step()
    [puzzle] = app.puzzle_store.puzzles
    assert puzzle.solutions == (0,) and puzzle.proved and shown(editor)[1] == tr("editor.puzzle_added",
                                                                                rating=puzzle.rating)


# -- the keyboard's tour, the levels, the ways back ------------------------------------------------------
def test_tab_reaches_the_buttons_and_the_level_by_keys_alone(driver) -> None:
    editor = open_editor(driver, "grid", "grid", "5x5", "keys")
    driver.key(pygame.K_TAB)
    assert editor.zone == "buttons" and not editor.board.focused
    driver.keys(pygame.K_RIGHT, pygame.K_RETURN)          # « Analyser »
    driver.step()
    spec = registry.get("grid")
    state = spec.new_state(editor.params)
    winners = registry.winning_moves(state)
    assert shown(editor)[1] == tr("editor.wins", n=len(winners), total=len(state.legal_moves()),
                                  moves=", ".join(map(spec.notation.format_move, winners)))
    driver.key(pygame.K_TAB)
    assert editor.zone == "level"
    driver.key(pygame.K_RIGHT)                            # 5×7, one pawn
    assert editor.level.id == "5x7" and editor.board.text() == "(1,1) (2,1) (3,1)"
    driver.key(pygame.K_PAGEDOWN)                         # 7×10
    driver.key(pygame.K_PAGEUP)
    driver.key(pygame.K_PAGEUP)                           # back to 5×5
    driver.key(pygame.K_RETURN)
    assert editor.zone == "board" and editor.level.id == "5x5"


def test_a_smaller_board_keeps_the_pieces_that_fit_and_says_so(driver) -> None:
    editor = open_editor(driver, "grid", "grid", "30x30", "mouse")
    assert len(editor.board.pieces) == 30
    driver.click((LEVEL_RECT.left + 20, LEVEL_RECT.centery))     # the level's ‹ arrow: 15×15
    assert editor.level.id == "15x15"
    assert editor.board.text() == " ".join(f"({r},1)" for r in range(1, 16))
    assert editor.board.shown_note == tr("editor.pieces.dropped", n=15)


def test_esc_goes_back_to_the_setup_and_the_setup_back_to_the_draft(driver) -> None:
    open_editor(driver, "heaps", "heaps", "1-3-7", "keys")
    driver.keys(pygame.K_DOWN, pygame.K_0)
    driver.key(pygame.K_p)
    assert driver.scene.name == "setup" and driver.scene.start == "1 0 7"
    driver.key(pygame.K_ESCAPE)                           # the setup of a position goes back to the draft
    assert driver.scene.name == "editor" and driver.scene.board.text() == "1 0 7"
    driver.key(pygame.K_ESCAPE)
    setup = driver.scene
    assert setup.name == "setup" and setup.start == "" and setup.menu.item("level")
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "select"


def edit_from_review(driver: Driver, match: Match, at: int) -> object:
    """The editor as the review opens it on its reviewed position (« Éditer cette position »)."""
    driver.app.manager.go("review", match=match, at=at)
    driver.step()
    cfg, spec = match.config, registry.get(match.config.game)
    driver.app.manager.go("editor", game=cfg.game, level_id=cfg.level.id, params=dict(cfg.params),
                          text=spec.position_text(match.states[at]), variant=cfg.card.key,
                          back=("review", {"match": match, "at": at}))
    driver.step()
    return driver.scene


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_the_reviewed_position_is_edited_then_the_editor_goes_back_to_the_review(driver, by) -> None:
    level = levels.load("heaps")[0]
    match = Match.begin(MatchConfig("heaps", level, dict(level.params), (HUMAN, 3), "human"), 0)
    for move in ((2, 4), (1, 1), (2, 1)):
        match.play(move)
    editor = edit_from_review(driver, match, 2)
    assert editor.name == "editor" and editor.board.text() == "1 2 3"
    press(driver, editor, "play", by, pygame.K_p)
    setup = driver.scene
    assert setup.name == "setup" and setup.start == "1 2 3"
    if by == "mouse":
        driver.click(setup.menu.item("edit").rect.center)
    else:
        driver.key(pygame.K_e)
    editor = driver.scene                               # the draft again, with its way back
    assert editor.name == "editor" and editor.board.text() == "1 2 3"
    press(driver, editor, "back", by, pygame.K_ESCAPE)
    assert driver.scene.name == "review" and driver.scene.at == 2


def test_a_finished_reviewed_position_is_refused_with_its_reason(driver) -> None:
    level = levels.load("heaps")[0]
    match = Match.begin(MatchConfig("heaps", level, dict(level.params), (HUMAN, HUMAN), "human"), 0)
    for move in ((0, 1), (1, 3), (2, 7)):
        match.play(move)
    refused(driver, edit_from_review(driver, match, 3), "keys", "err.position_over")


# -- a monkey ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", list(registry.REGISTRY.values()), ids=list(registry.REGISTRY))
def test_key_mashing_and_random_clicks_never_crash_the_editor(make_driver, tmp_path, spec, quick_ai,
                                                              swap_spec) -> None:
    swap_spec(spec.id, analysis_time=0.05)
    driver = make_driver(seed=3)
    driver.app.data_dir = tmp_path
    rng = random.Random(spec.id)
    keys = KEYS + [pygame.K_p, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_c, pygame.K_t, pygame.K_INSERT,
                   pygame.K_DELETE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_PAGEUP, pygame.K_0, pygame.K_9]
    seen = set()
    open_at(driver, spec.id)
    for _ in range(140):
        if not driver.app.running:              # the monkey quit the game (Esc on the title...)
            break
        if driver.scene.name != "editor":
            seen.add(driver.scene.name)
            open_at(driver, spec.id, rng.choice(levels.load(spec.id)).id)
        if rng.random() < 0.5:
            driver.key(rng.choice(keys))
        else:
            random_event(driver, rng)
        editor = driver.scene
        if editor.name == "editor":
            editor.check()                                  # the draft is always readable or refused
    assert seen, seen                           # it went out (to the setup...) and was let in again


# -- the editor's reason is true: a lost position is won by the opponent ---------------------
def test_the_editor_says_a_lost_position_is_won_by_the_opponent(driver) -> None:
    editor = open_editor(driver, "sticks", "sticks", "mgl7160", "keys")    # 13, last loses: lost
    driver.key(pygame.K_d)
    driver.step()
    reason = shown(editor)[1]
    assert reason == sentence(tr("puzzles.no_win"))
    assert "personne" not in reason and "perdue pour qui doit jouer" in reason
    spec = registry.get("sticks")
    start = spec.start_state({"sticks": 13, "max_take": 3, "last_loses": True}, "")
    assert not spec.winning_moves(start) and not start.is_over       # lost for the player to move...
    assert all(spec.winning_moves(start.play(m)) for m in start.legal_moves())   # ...the opponent wins


# -- titles and names follow the position --------------------------------------------------------
def test_a_game_from_an_edited_position_is_titled_by_it_not_by_its_level(driver) -> None:
    from nimarcade.core import levels
    from nimarcade.core.match import MatchConfig
    level = next(lv for lv in levels.load("heaps") if lv.id == "1-3-7")
    game = driver.app.start_game(MatchConfig("heaps", level, dict(level.params), (0, 0), "me", start="4 5 7 2"))
    driver.step()
    assert game.state.heaps == (4, 5, 7, 2)
    assert "1-3-7" not in game.title_text() and tr("setup.position_title") in game.title_text()


def test_an_edited_fort_boyard_position_is_saved_and_listed_as_such(tmp_path) -> None:
    from nimarcade.core import levels
    from nimarcade.core.match import HUMAN, Match, MatchConfig
    from nimarcade.records import record
    from nimarcade.records.index import entries
    from nimarcade.window.scenes.records_scene import cells
    level = next(lv for lv in levels.load("sticks") if lv.id == "fort-boyard")
    config = MatchConfig("sticks", level, dict(level.params), (HUMAN, 3), "human", variant="fort_boyard", start="11")
    path = record.save_file(Match.begin(config, 0), tmp_path)
    assert path.name.startswith("fort_boyard-")
    [entry] = entries(tmp_path)
    title, _, result, _ = cells(entry)
    assert title.startswith(tr("game.fort_boyard")) and result == tr("records.position")


# -- « Play on » and the editor's « Play » keep the opponent the player had -----------------------
def test_the_editors_play_keeps_the_opponent_chosen_on_the_setup(driver) -> None:
    editor = open_editor(driver, "sticks", "sticks", "mgl7160", "keys")
    driver.app.manager.go("setup", game="sticks", levels=editor.levels, level_id="mgl7160", variant="sticks")
    driver.step()
    setup = driver.scene
    setup.set_seat(1, 1)                                  # a beginner, not the level's expert
    driver.key(pygame.K_e)
    editor = driver.scene
    assert editor.name == "editor"
    editor.do_play()
    driver.step()
    assert driver.scene.name == "setup" and driver.scene.seats[1] == 1


def test_the_editors_play_keeps_the_named_player(driver) -> None:
    """Zoé chosen on the setup, « Éditer une position », « Jouer »: the setup said
    « Joueur 1 : Humain » and the game went to no profile."""
    driver.app.profiles.add("Zoé")
    editor = open_editor(driver, "heaps", "heaps", "1-3-7", "mouse")
    driver.click(button(editor, "play"))
    setup = driver.scene
    assert setup.name == "setup" and setup.names[0] == "Zoé"
    assert setup.menu.item("seat0").fmt(setup.menu.item("seat0").value) == "Zoé"
    driver.click(setup.menu.item("play").rect.center)
    assert driver.scene.name == "game" and driver.scene.config.names[0] == "Zoé"
