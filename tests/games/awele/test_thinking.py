"""The engine's thinking in the Awélé scene, driven by real pygame events: the info line (I and
its button, its deepest depth, what its words mean under the mouse), play-now (Space and its
button, and its confirmation), the analysis overlay (A and its button), pondering on the person's
time (a real worker process; it never plays), and which engine plays, in the help screen, in
French and English. The hint, the overlay and the info line telling one analysis alike is in
``test_awele_analysis.py``."""
from __future__ import annotations

import random
import threading

import pygame
import pytest

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.i18n import tr
from nimarcade.core.worker import AiResult
from nimarcade.games.awele.rules import format_move
from nimarcade.window.scenes import game as game_mod
from nimarcade.games.awele.scene.scene import AweleScene
from nimarcade.games.awele.scene.thinking import HURRY_SHOWN
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.games.awele.advice import value_text
from nimarcade.core.turns import ANALYSIS, TurnController

from tests.window.harness import Driver

#: What the fake search reports while it thinks (the computer, player 0, to move): it is 2.5
#: seeds up and expects this line.
BEST, PV = 4, [4, 8, 2, 10]


@pytest.fixture(autouse=True)
def quick(monkeypatch, swap_spec):
    monkeypatch.setattr(game_mod, "AI_MIN_DELAY", 0.0)
    swap_spec("awele", analysis_time=0.05)
    for level in (3, 4):
        monkeypatch.setitem(registry.get("awele").engine.ai_time, level, 0.05)


def start(driver: Driver, seats=(HUMAN, 3), first: str = "human") -> AweleScene:
    lv = next(lv for lv in levels.load("awele") if lv.id == "rapide")
    scene = driver.app.start_game(MatchConfig("awele", lv, dict(lv.params), seats, first))
    driver.step()
    assert isinstance(scene, AweleScene)
    return scene


@pytest.fixture
def thinking_driver(make_driver, swap_spec):
    """The computer (level 3, moving first) thinks until told to stop: a search in a thread that
    reports its progress and, when stopped, answers with its best move so far."""
    driver = make_driver(synchronous=False)
    release = threading.Event()

    def slow_chooser(state, level, rng, time_limit=None, *, cancel=None, info=None):
        info.update(depth=7, score=250, nodes=40_000, move=BEST, pv=list(PV), nps=123_456.0)
        while not cancel.is_set() and not release.is_set():
            cancel.wait(0.005)
        return BEST

    swap_spec("awele", chooser=slow_chooser)
    scene = start(driver, first="computer")
    driver.until(lambda: driver.app.ai.progress.get("depth") == 7)
    yield driver, scene
    release.set()
    driver.app.ai.cancel()          # a ponder search started after the move stops too
    driver.app.ai.join(5)


def test_info_line_is_off_then_i_and_its_button_toggle_it(thinking_driver, drawn) -> None:
    driver, scene = thinking_driver
    assert scene.thinking and not scene.watch.info_on
    driver.step()
    assert "prof. 7" not in drawn
    driver.key(pygame.K_i)
    assert scene.watch.info_on
    line = scene.watch.info_line()
    # the computer's search, its +2.5 seeds told as the person's 2.5 behind, in words
    assert (line.label, line.depth) == ("Recherche de l'ordinateur", "prof. 7")
    assert line.verdict == ("environ 2,5 graines de retard pour vous", -2)
    assert (line.pv, line.nps) == (tuple(PV), 123_456.0)
    drawn.clear()
    driver.step()
    assert {"prof. 7", "environ 2,5 graines de retard pour vous", "ligne :", "123 k nœuds/s"} <= set(drawn)
    at = drawn.index("ligne :")
    assert drawn[at + 1:at + 5] == [format_move(m) for m in PV] == ["E", "c", "C", "e"]   # the houses' letters
    driver.click(scene.watch.info_rect().center)
    assert not scene.watch.info_on
    drawn.clear()
    driver.step()
    assert "prof. 7" not in drawn


def test_the_info_line_says_what_its_words_mean_under_the_mouse(thinking_driver, drawn) -> None:
    driver, scene = thinking_driver
    driver.key(pygame.K_i)
    box = scene.watch.info_box
    assert box is not None and box.bottom < scene.house_center(11)[1]      # above the board
    driver.move_mouse((box.centerx, box.centery))
    assert {tr(k) for k in ("awele.tip_depth", "awele.tip_line", "awele.tip_nps", "awele.tip_ponder")} <= set(drawn)
    drawn.clear()
    driver.move_mouse((box.centerx, box.bottom + 200))
    assert tr("awele.tip_line") not in drawn


def test_while_the_computer_thinks_the_line_never_says_it_waits(thinking_driver, drawn) -> None:
    """Before its first depth the line says it thinks; then its deepest depth, never a shallower
    one within its turn (a search that starts again from depth 1 is not shown going back)."""
    driver, scene = thinking_driver
    driver.key(pygame.K_i)
    progress = driver.app.ai.progress                   # the running search's own info dict
    saved = dict(progress)
    progress.clear()
    assert scene.watch.info_line().depth == "prof. 7"   # the depth it showed stays
    scene.watch.kept = None
    assert scene.watch.info_line().label == "L'ordinateur réfléchit…"
    progress.update(saved, depth=9)
    assert scene.watch.info_line().depth == "prof. 9"
    progress.update(depth=3)
    driver.step()
    assert scene.watch.info_line().depth == "prof. 9" and "prof. 3" not in drawn
    assert tr("awele.info_idle") not in drawn


def test_the_computers_last_word_stays_while_its_move_waits(make_driver, monkeypatch, swap_spec) -> None:
    """A move found at once (the opening book, a forced move) leaves no progress to read: the line
    shows the answer's own info until the move is played."""
    monkeypatch.setattr(game_mod, "AI_MIN_DELAY", 30.0)

    def instant(state, level, rng, time_limit=None, *, cancel=None, info=None):
        info.update(depth=12, score=-40, move=BEST, pv=[BEST, 8], book=True)
        return BEST

    swap_spec("awele", chooser=instant)
    driver = make_driver(synchronous=True)
    scene = start(driver, first="computer")
    driver.key(pygame.K_i)
    driver.until(lambda: scene.turns.ai_move is not None)
    driver.app.ai.progress = {}                         # as when a search ends before its first report
    line = scene.watch.info_line()
    assert line.depth == tr("awele.info_book") and line.verdict[0] == "à peu près égal (+0,4 pour vous)"


@pytest.mark.parametrize("by", ["key", "mouse"])
def test_play_now_plays_the_best_move_so_far_and_says_so(thinking_driver, drawn, by) -> None:
    driver, scene = thinking_driver
    driver.step(5)
    assert scene.match.move_count == 0 and scene.thinking     # it would think for ever
    drawn.clear()
    if by == "key":
        driver.key(pygame.K_SPACE)
    else:
        driver.click(scene.watch.play_now_rect().center)
    pressed = [b for b in scene.watch.buttons() if b.rect == scene.watch.play_now_rect()]
    assert pressed and pressed[0].pressed and pressed[0].label == "Il joue…"
    said = tr("awele.play_now_line", depth=7)
    assert said == "L'ordinateur arrête de chercher et joue son meilleur coup (profondeur 7)…"
    driver.until(lambda: scene.match.move_count == 1)
    assert scene.match.moves[0] == BEST
    assert not scene.message                                  # no "the computer is thinking" refusal
    drawn.clear()
    driver.step()
    assert scene.animating and said in drawn and "Il joue…" in drawn   # still said while it sows
    driver.settle()
    driver.app.step(HURRY_SHOWN)                              # one long frame: the confirmation's time is up
    drawn.clear()
    driver.step()
    assert scene.human_turn() and said not in drawn


def test_analysis_overlay_values_every_legal_house(driver, drawn) -> None:
    scene = start(driver, seats=(HUMAN, 2))
    assert not scene.watch.analysis_on
    driver.key(pygame.K_a)
    driver.until(lambda: scene.turns.analysis is not None)
    scores, depth = scene.watch.analysis()
    assert set(scores) == set(scene.state.legal_moves()) and depth > 0
    drawn.clear()
    driver.step()
    assert {value_text(s) for s in scores.values()} <= set(drawn)
    assert {"le meilleur", "presque aussi bon", "moins bon"} <= set(drawn)   # the legend of its cues
    first = scene.state
    driver.play(scene, scene.state.legal_moves()[0], "keys")
    assert scene.turns.analysis is None and scene.watch.analysis() is None   # a move cancels it
    driver.settle()
    driver.until(lambda: scene.turns.analysis is not None)
    assert scene.turns.analysis_of is scene.state is not first               # the new position's
    assert set(scene.watch.analysis()[0]) == set(scene.state.legal_moves())
    driver.click(scene.watch.analysis_rect().center)
    assert not scene.watch.analysis_on and scene.watch.analysis() is None
    assert scene.turns.pending[ANALYSIS] is None


def test_toggles_are_kept_for_the_session(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    driver.keys(pygame.K_i, pygame.K_a)
    again = start(driver, seats=(HUMAN, HUMAN))
    assert again is not scene and again.watch.info_on and again.watch.analysis_on


def test_pondering_on_the_persons_time_never_plays(make_driver, monkeypatch, drawn) -> None:
    """A real worker process, without the compiled core (the fallback path): the help says so."""
    monkeypatch.setenv("NIMARCADE_NO_JIT", "1")
    driver = make_driver(synchronous=False)
    ai = driver.app.ai
    warm_up = registry.get("awele").engine.warm_up
    ai.warm_up([warm_up])                                    # as the app does with a window
    scene = start(driver)
    assert ai.pondering is not None and scene.watch.pondering
    driver.until(lambda: ai.progress.get("depth", 0) >= 2, 100_000)   # it really searches
    driver.step(30)
    assert scene.match.move_count == 0 and scene.turns.ai_move is None and scene.human_turn()
    driver.key(pygame.K_i)
    line = scene.watch.info_line()
    assert line.pondering and tr("awele.info_ponder") in line_texts(scene)   # it says it thinks on my time
    driver.play(scene, scene.state.legal_moves()[0], "keys")
    assert ai.pondering is None                              # the move stopped it at once
    driver.until(lambda: scene.human_turn(), 100_000)
    assert scene.match.move_count == 2
    assert ai.pondering is not None                          # pondering again on the next turn
    # which engine plays: said in the help screen, in both languages
    driver.until(lambda: ai.warm_state(warm_up) == "disabled", 100_000)   # as the worker reports it
    drawn.clear()
    driver.key(pygame.K_F1)
    assert scene.show_help
    assert any("NIMARCADE_NO_JIT" in line for line in drawn)
    assert any("conseil du moteur" in line for line in drawn)        # what H gives at Awélé
    assert "Python pur" in scene.help_note()
    assert any("Tables de finale" in line and "12 graines" in line for line in drawn)   # and which tables
    i18n.set_language("en")
    try:
        assert "pure Python" in scene.help_note() and "disabled" in scene.help_note()
        assert "Endgame tables: every position of 12 seeds" in scene.help_note()
    finally:
        i18n.set_language("fr")
    driver.app.manager.go("title")                          # leaving the game stops it
    driver.step()
    assert ai.pondering is None


def test_no_pondering_against_level_2_or_between_two_people(make_driver) -> None:
    driver = make_driver(synchronous=False)
    for seats in ((HUMAN, 2), (HUMAN, HUMAN)):
        scene = start(driver, seats=seats)
        driver.step(3)
        assert driver.app.ai.pondering is None and not scene.watch.pondering


class FakePort:
    """An AI controller that only hands out tokens (the TurnController's bookkeeping alone)."""

    def __init__(self) -> None:
        self.token = 0
        self.cancels = 0

    def request(self, state, level, rng, time_limit=None, *, chooser=None) -> int:
        self.token += 1
        return self.token

    def analyse(self, state, level, time_limit, chooser) -> int:
        return self.request(state, level, None, time_limit)

    def cancel(self) -> None:
        self.cancels += 1


def test_turns_drop_an_analysis_of_an_older_position() -> None:
    lv = next(lv for lv in levels.load("awele") if lv.id == "rapide")
    port = FakePort()
    turns = TurnController(registry.get("awele"), MatchConfig("awele", lv, dict(lv.params), (HUMAN, HUMAN), "human"),
                           random.Random(1), FakePort(), FakePort(), port)
    assert turns.request_analysis()
    old = turns.pending[ANALYSIS]
    turns.play(turns.state.legal_moves()[0])               # the position changed: it is cancelled
    assert port.cancels == 1 and turns.pending[ANALYSIS] is None
    assert turns.accept(ANALYSIS, AiResult(old, 0, 0.1, info={"scores": {0: 100}})) is None
    turns.request_analysis()
    fresh = AiResult(turns.pending[ANALYSIS], 6, 0.1, info={"scores": {6: -50}})
    accepted = turns.accept(ANALYSIS, fresh)
    assert accepted is not None and turns.analysis is fresh and turns.analysis_of is turns.state
    assert turns.hint is None and turns.ai_move is None       # an analysis is neither a hint nor a move


def test_the_engine_view_is_a_section_of_its_own(make_driver) -> None:
    """Its rectangle holds its buttons (it moves with the board), it answers its own keys."""
    from nimarcade.window.ui.section import Section

    driver = make_driver(synchronous=True)
    scene = start(driver, seats=(HUMAN, HUMAN))
    view = scene.watch
    assert isinstance(view, Section)
    for rect in (view.info_rect(), view.analysis_rect(), view.play_now_rect()):
        assert view.rect.contains(rect)
    driver.key(pygame.K_v)                              # the board turns round: the buttons follow
    assert view.rect.contains(view.info_rect())
    assert view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0)) and view.info_on
    assert not view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0))


def line_texts(scene: AweleScene) -> list[str]:
    """The texts of the info line now, in order."""
    from nimarcade.games.awele.scene.engine_art import info_parts

    return [t for t, _ in info_parts(scene.watch.info_line(), scene.player_colors())]


def test_the_hint_and_analysis_workers_load_the_core_when_the_game_opens(driver, monkeypatch) -> None:
    """With a window, the game starts the hint's and the analysis's workers once its first frame
    is on screen (never before), with the game's warm-up (its compiled core), so the
    first hint is as deep as the next ones."""
    warmed = []
    for worker in (driver.app.hint_ai, driver.app.analysis_ai):
        monkeypatch.setattr(worker, "warm_up", lambda tasks, worker=worker: warmed.append((worker, tuple(tasks))))
    start(driver)
    assert warmed == []                                      # headless: nothing starts early
    monkeypatch.setattr(driver.app, "headless", False)
    lv = next(lv for lv in levels.load("awele") if lv.id == "rapide")
    scene = driver.app.start_game(MatchConfig("awele", lv, dict(lv.params), (HUMAN, 3), "human"))
    scene.update(0.0)
    assert warmed == []                                      # not before its first frame
    driver.step()                                            # drawn...
    driver.step()                                            # ...then started
    task = registry.get("awele").engine.warm_up
    assert warmed == [(driver.app.hint_ai, (task,)), (driver.app.analysis_ai, (task,))]
