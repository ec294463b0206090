"""The engine's thinking in the Awélé scene, driven by real pygame events: the info line (I and
its button), play-now (Space and its button), the analysis overlay (A and its button), pondering
on the person's time (a real worker process; it never plays), and which engine plays, in the
help screen, in French and English."""
from __future__ import annotations

import random
import threading

import pygame
import pytest

from nimarcade import games, i18n, levels
from nimarcade.ai.worker import AiResult
from nimarcade.rules.awele import house_label
from nimarcade.scenes import game as game_mod
from nimarcade.scenes.awele.scene import AweleScene
from nimarcade.scenes.awele.explain import house_value
from nimarcade.session import HUMAN, MatchConfig
from nimarcade.turns import ANALYSIS, TurnController
from nimarcade.ui import theme

from .harness import Driver

#: What the fake search reports while it thinks (the computer, player 0, to move): it is 2.5
#: seeds up and expects this line.
BEST, PV = 4, [4, 8, 2, 10]


@pytest.fixture(autouse=True)
def quick(monkeypatch, swap_spec):
    monkeypatch.setattr(game_mod, "AI_MIN_DELAY", 0.0)
    swap_spec("awele", analysis_time=0.05)
    for level in (3, 4):
        monkeypatch.setitem(games.get("awele").ai_time, level, 0.05)


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every line of text drawn from now on."""
    seen: list[str] = []
    original = theme.text

    def text(s: str, size: int = 28, color=theme.TEXT):
        seen.append(s)
        return original(s, size, color)

    text.cache_clear = original.cache_clear  # type: ignore[attr-defined]  # app.shutdown clears it
    monkeypatch.setattr(theme, "text", text)
    return seen


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
    driver.app.ai.join(5)


def test_info_line_is_off_then_i_and_its_button_toggle_it(thinking_driver, drawn) -> None:
    driver, scene = thinking_driver
    assert scene.thinking and not scene.watch.info_on
    driver.step()
    assert "prof. 7" not in drawn
    driver.key(pygame.K_i)
    assert scene.watch.info_on
    info = scene.watch.info()
    # the search's +2.5 seeds for the computer are -2.5 for the person
    assert (info.depth, info.seeds, info.nps) == (7, -2.5, 123_456.0)
    assert info.pv == tuple(f"{'S' if m < 6 else 'N'}{house_label(m)}" for m in PV)
    drawn.clear()
    driver.step()
    assert {"prof. 7", "-2,5 pour vous", "ligne :", "123 k nœuds/s"} <= set(drawn)
    line = drawn.index("ligne :")
    assert drawn[line + 1:line + 5] == [str(house_label(m)) for m in PV]    # the houses as labelled
    driver.click(scene.watch.info_rect().center)
    assert not scene.watch.info_on
    drawn.clear()
    driver.step()
    assert "prof. 7" not in drawn


@pytest.mark.parametrize("by", ["key", "mouse"])
def test_play_now_plays_the_best_move_so_far(thinking_driver, by) -> None:
    driver, scene = thinking_driver
    driver.step(5)
    assert scene.match.move_count == 0 and scene.thinking     # it would think for ever
    if by == "key":
        driver.key(pygame.K_SPACE)
    else:
        driver.click(scene.watch.play_now_rect().center)
    driver.until(lambda: scene.match.move_count == 1)
    assert scene.match.moves[0] == BEST
    assert not scene.message                                  # no "the computer is thinking" refusal
    driver.settle()
    assert scene.human_turn()


def test_analysis_overlay_values_every_legal_house(driver, drawn) -> None:
    scene = start(driver, seats=(HUMAN, 2))
    assert not scene.watch.analysis_on
    driver.key(pygame.K_a)
    driver.until(lambda: scene.turns.analysis is not None)
    scores, depth = scene.watch.analysis()
    assert set(scores) == set(scene.state.legal_moves()) and depth > 0
    drawn.clear()
    driver.step()
    assert {house_value(s)[0] for s in scores.values()} <= set(drawn)
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
    warm_up = games.get("awele").warm_up
    ai.warm_up([warm_up])                                    # as the app does with a window
    scene = start(driver)
    assert ai.pondering is not None and scene.watch.pondering
    driver.until(lambda: ai.progress.get("depth", 0) >= 2, 100_000)   # it really searches
    driver.step(30)
    assert scene.match.move_count == 0 and scene.turns.ai_move is None and scene.human_turn()
    driver.key(pygame.K_i)
    info = scene.watch.info()
    assert info is not None and info.depth >= 2 and info.pv  # the info line shows the pondering
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
    assert "Python pur" in scene.help_note()
    i18n.set_language("en")
    try:
        assert "pure Python" in scene.help_note() and "disabled" in scene.help_note()
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
    turns = TurnController(games.get("awele"), MatchConfig("awele", lv, dict(lv.params), (HUMAN, HUMAN), "human"),
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
    from nimarcade.ui.section import Section

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
