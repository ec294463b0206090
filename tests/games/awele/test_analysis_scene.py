"""One analysis of the person's Awélé position, shown three ways: the hint (H), the analysis overlay
(A) and the info line (I) read the same search, whichever asked for it first, so the hint's house
is the overlay's best and the three verdicts agree (same number, same sign, same depth); the text
mode's hint is the same analysis in the same words. Real pygame events, the real engine."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.i18n import tr
from nimarcade.window.scenes import game as game_mod
from nimarcade.games.awele.scene.scene import AweleScene
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.games.awele.advice import margin, value_text, verdict
from nimarcade.text.play import render_rows
from nimarcade.core.turns import ANALYSIS, HINT

from tests.window.harness import Driver


@pytest.fixture(autouse=True)
def quick(monkeypatch, swap_spec):
    """The analysis searches briefly (its depth then varies, not its agreement); every search the
    workers run is counted by kind."""
    monkeypatch.setattr(game_mod, "AI_MIN_DELAY", 0.0)
    spec = registry.get("awele")
    asked: list[str] = []

    def counted(kind, chooser):
        def run(*args, **kwargs):
            asked.append(kind)
            return chooser(*args, **kwargs)
        return run

    swap_spec("awele", hint_time=0.15, analysis_time=0.15, hint=counted(HINT, spec.engine.hint),
              analyse=counted(ANALYSIS, spec.engine.analyse))
    return asked


def start(driver: Driver, seats=(HUMAN, 2)) -> AweleScene:
    lv = next(lv for lv in levels.load("awele") if lv.id == "classique")
    scene = driver.app.start_game(MatchConfig("awele", lv, dict(lv.params), seats, "human"))
    driver.step()
    driver.click(scene.house_center(2))                 # a move each: a position of the game
    driver.settle()
    return scene


def agree(scene: AweleScene, driver: Driver) -> None:
    """The hint, the overlay and the info line of the position on screen say the same."""
    hint = scene.hint
    scores, depth = scene.watch.analysis()
    best = max(scores.values())
    assert hint.moves[0] in [h for h, s in scores.items() if s == best]   # the overlay's best house
    assert scene.cursor == hint.moves[0] and (hint.score, hint.depth) == (best, depth)
    said = verdict(best, "vous")
    verdict_line = scene.explain(hint)[1]
    assert said in verdict_line and f"profondeur {depth} " in verdict_line
    line = scene.watch.info_line()
    assert line.depth == f"prof. {depth}" and line.verdict[0] == said      # the info line: same words
    shown = value_text(best)                             # on the best house: "+1,5", "-2", "0"
    if margin(best) is not None:                         # same number, same sign
        assert shown.lstrip("+-") in said
        side = "d'avance" if shown.startswith("+") else "de retard" if shown.startswith("-") else "égal"
        assert side in said or "égal" in said and shown in said
    driver.step()                                        # and it all draws


def test_the_overlay_first_then_the_hint_reads_it(driver, quick) -> None:
    scene = start(driver)
    driver.keys(pygame.K_a, pygame.K_i)
    driver.until(lambda: scene.turns.analysis is not None)
    assert quick == [ANALYSIS]
    driver.key(pygame.K_h)                                # the hint at once, from the same analysis
    assert scene.hint is not None and not scene.hint_pending
    assert quick == [ANALYSIS]                            # no second search
    agree(scene, driver)


def test_the_hint_first_then_the_overlay_and_the_info_line_show_its_analysis(driver, quick) -> None:
    scene = start(driver)
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None)
    assert quick == [HINT]                                # GameSpec.engine.hint, as the text mode asks it
    driver.keys(pygame.K_a, pygame.K_i)
    driver.step(3)
    assert quick == [HINT] and scene.turns.pending[ANALYSIS] is None
    agree(scene, driver)


def test_the_hint_asked_while_the_analysis_runs_waits_for_it(make_driver, quick) -> None:
    driver = make_driver(synchronous=False)
    driver.app.analysis_ai.use_process = False            # counted choosers run in a thread
    driver.app.hint_ai.use_process = False
    scene = start(driver)
    driver.key(pygame.K_a)
    assert scene.turns.pending[ANALYSIS] is not None
    driver.key(pygame.K_h)
    assert scene.hint is None and scene.watch.hint_wanted is scene.state
    waiting = scene.below_lines()[0][0]
    assert waiting == tr("awele.analysis_wait") or waiting.startswith("Conseil demandé : analyse en cours… (prof. ")
    driver.until(lambda: scene.hint is not None, 100_000)
    assert quick == [ANALYSIS]                            # one search for both
    driver.key(pygame.K_i)
    agree(scene, driver)


def test_turning_the_overlay_off_still_gives_the_awaited_hint(make_driver, quick) -> None:
    driver = make_driver(synchronous=False)
    driver.app.analysis_ai.use_process = False
    driver.app.hint_ai.use_process = False
    scene = start(driver)
    driver.keys(pygame.K_a, pygame.K_h, pygame.K_a)      # the analysis it waited for is cancelled
    driver.until(lambda: scene.hint is not None, 100_000)
    assert scene.hint.moves[0] in scene.state.legal_moves()


def test_two_people_each_read_their_own_verdict(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    driver.settle()
    driver.keys(pygame.K_i, pygame.K_h)
    driver.until(lambda: scene.hint is not None)
    name = scene.player_name(scene.state.to_move)
    assert scene.watch.info_line().verdict[0] == verdict(scene.hint.score, name)
    assert verdict(scene.hint.score, name) in scene.explain(scene.hint)[1]


def test_the_text_mode_says_the_windows_hint(driver) -> None:
    """Both ask GameSpec.engine.hint, the same analysis, and say it in the same words."""
    spec = registry.get("awele")
    assert spec.engine.hint_level == awele_player.ANALYSIS_LEVEL and spec.engine.hint_time == spec.engine.analysis_time
    scene = start(driver)
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None)
    text = render_rows(spec.text.explain(scene.state, scene.hint), {"p0": "a", "p1": "b"})
    assert text == scene.explain(scene.hint)
    assert text[0].startswith("Conseil de l'ordinateur : jouer la case ")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_overlays_legend_and_the_hints_verdict_are_both_drawn_apart(make_driver, quick, monkeypatch, lang) -> None:
    """The overlay's legend was hidden while the hint's text showed."""
    from nimarcade.window.ui import theme
    from tests.window.drawn_text import Recorder

    driver = make_driver(lang=lang)
    scene = start(driver)
    driver.key(pygame.K_a)
    driver.until(lambda: scene.turns.analysis is not None)
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None)
    driver.move_mouse(scene.house_center(scene.hint.moves[0]))     # the preview line too
    recorder = Recorder()
    monkeypatch.setattr(theme, "RECORDER", recorder)
    recorder.begin()
    driver.step()
    legend, (verdict_line,) = scene.analysis_legend(), scene.under.hint_lines()
    inks = {d.text: d.ink for d in recorder.texts}
    assert legend in inks and verdict_line in inks and tr("awele.legend_bad") in inks     # all drawn
    assert [text for text, _, _ in scene.below_lines()] == [verdict_line]
    verdict_rect, legend_rect = scene.below_rects                   # the legend after the verdict
    assert verdict_rect.bottom <= legend_rect.top and legend_rect.contains(inks[legend])
    assert legend_rect.contains(inks[tr("awele.legend_bad")]) and not legend_rect.colliderect(inks[verdict_line])
    buttons = [scene.rotate_rect(), *(b.rect for b in scene.watch.buttons())]
    assert not any(legend_rect.colliderect(b) for b in buttons) and legend_rect.bottom <= scene.rotate_rect().top
    assert recorder._overlaps() == []                               # no text meets another
