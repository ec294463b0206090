"""The lab's polish, with real pygame events through the window harness: the misère quotient
drawn once its worker is done (the window still otherwise), the panel's error said to its end,
the review's « Le coup gagnant » lit on the lab's board, and the lab's choices."""
from __future__ import annotations

import re
import threading

import pygame

from nimarcade.i18n import tr
from nimarcade.window import app as app_mod
from nimarcade.window.ui import theme

from nimarcade.games.octal.scene import lab_panel, quotients
from nimarcade.games.octal.scene.scene import LAB_BUTTON


def loop_frame(app) -> None:
    """One turn of the window's own loop (:meth:`App.run` out of headless mode): a still screen is
    only woken, and drawn only if something says it changed."""
    if app.still():
        app.step(0.1, [], draw=False)
    else:
        app.step()


def test_the_misere_quotient_is_drawn_once_its_worker_is_done(driver, drawn, monkeypatch) -> None:
    from nimarcade.games.octal import solver

    gate = threading.Event()

    def slow(code):                         # (the heaps up to 8 only: the same path, in milliseconds)
        gate.wait(10)
        return solver.quotient(code, 8, 1.0), None

    monkeypatch.setattr(quotients._quotients, "_build", slow)
    monkeypatch.setattr(quotients._quotients, "_done", {})          # built afresh, whatever ran before
    monkeypatch.setattr(quotients._proved, "_build", lambda code: (None, None))    # (no longer search)
    monkeypatch.setattr(quotients._proved, "_done", {})
    for worker in (quotients._quotients, quotients._proved):          # (a worker another test began runs on)
        monkeypatch.setattr(worker, "_running", {})
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    toggle = next(p for p in scene.panel.parts() if p.kind == "toggle")
    driver.click(toggle.rect.center)                                # « Le dernier coup : perd (misère) »
    assert scene.panel.misere and tr("lab.panel_quotient_wait") in drawn
    driver.app.lively = app_mod.LIVELY                              # no input since, long ago
    driver.app.toasts.clear()
    gate.set()
    q, seen = quotients.wait(scene.panel._code)                     # the worker is done, between two frames
    drawn.clear()
    for _ in range(3):
        loop_frame(driver.app)
    head, _map = quotients.lines(q, seen)
    assert head in drawn                                            # drawn without touching anything
    assert driver.app.still()                                       # and then the window rests


def test_the_panel_error_is_said_to_its_end(driver, drawn, monkeypatch) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    code = scene.panel.parts()[scene.panel.part_index("code")]
    driver.click(code.rect.center)
    for _ in range(4):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text="abc")
    drawn.clear()
    driver.step()
    said = scene.panel.code_error()
    assert said.endswith("{1,3,4}")
    lines = [line for line in drawn if line not in lab_panel.KEYS and (line in said or line.rstrip("…") in said)]
    assert lines and " ".join(lines).split() == said.split()          # all of it, to its end, no « … »
    assert all(theme.text(line, 22).get_width() <= lab_panel.RECT.width - 48 for line in lines)


def test_the_reviews_winning_move_is_lit_on_the_labs_board(driver, monkeypatch) -> None:
    """« Le coup gagnant (W) » in a lab game's review lights the missed move's run, as the hint
    does during a game."""
    from nimarcade.analysis import verdicts as analysis
    from nimarcade.core import levels
    from nimarcade.core.match import HUMAN, Match, MatchConfig
    from nimarcade.games.octal.scene import choice as ch
    from nimarcade.games.octal.scene import scene as scene_mod

    level = next(lv for lv in levels.load("octal") if lv.id == "kayles")
    match = Match.begin(MatchConfig("octal", level, dict(level.params), (HUMAN, 3), "human"), 0)
    while not match.is_over:
        match.play(match.state.legal_moves()[0])
    plies = analysis.review(match.states, match.moves).plies
    missed = next(p for p in plies if p.missed)
    lit: list[tuple[int, int, int]] = []
    monkeypatch.setattr(scene_mod, "draw_hint", lambda surface, layout, heap, start, take, time:
                        lit.append((heap, start, take)), raising=False)
    review = driver.app.manager.go("review", match=match, at=missed.ply)
    driver.until(lambda: not review.analysing)
    driver.step()
    assert review.why_shown and lit == []                          # nothing lit before W
    driver.key(pygame.K_w)
    driver.until(lambda: review.board.hint is not None and not review.board.hint_pending)
    driver.step()
    hint = review.board.hint
    run = ch.choice_of(review.board.state, hint.moves[0])
    assert hint.moves[0] in missed.missed and lit[-1] == (run.heap, run.start, run.take)


class Recorder:
    """The lines the info box tells :data:`theme.RECORDER`, with where they are."""

    def __init__(self) -> None:
        self.lines: list[tuple[pygame.Surface, str, pygame.Rect]] = []

    def text(self, surface, s, img, rect, box) -> None:
        self.lines.append((surface, s, pygame.Rect(rect)))

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def last_column(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The middle x of the last inked glyph on the line at ``rect`` (its row of pixels)."""
    ink = [x for x in range(rect.left, surface.get_width() - 14)      # (not the box's edge)
           if any(sum(surface.get_at((x, y))[:3]) > 300 for y in range(rect.top + 2, min(surface.get_height(), rect.top + 14)))]
    end = ink[-1]
    start = end
    while start - 1 in ink:
        start -= 1
    return (start + end) / 2


def test_the_editors_analysis_draws_the_binary_table_in_columns(driver, monkeypatch) -> None:
    recorder = Recorder()
    monkeypatch.setattr(theme, "RECORDER", recorder)
    driver.app.manager.go("editor", game="octal", level_id="kayles", text="0.44 : 1 5 2 2")
    driver.step()
    editor = driver.scene
    from tests.window.editor_session import button
    driver.click(button(editor, "analyse"))
    driver.until(lambda: editor.job is None and editor.result is not None)
    recorder.lines.clear()
    editor._box = None
    driver.step()
    surface = editor._box[1]
    table = [(s, r) for on, s, r in recorder.lines
             if on is surface and (re.search(r"[01] {2,}[01]$", s) or re.search(r"2\^\d\s+2\^\d$", s))]
    assert len(table) >= 5                                          # the header, four heaps, the xor
    columns = [last_column(surface, r) for _, r in table]
    assert max(columns) - min(columns) <= 3, (table, columns)                 # the last bit of every line, one column


def kayles_match(moves: int):
    from nimarcade.core import levels
    from nimarcade.core.match import HUMAN, Match, MatchConfig

    level = next(lv for lv in levels.load("octal") if lv.id == "kayles")
    match = Match.begin(MatchConfig("octal", level, dict(level.params), (HUMAN, 3), "human"), 0)
    for _ in range(moves):
        match.play(match.state.legal_moves()[0])
    return match


def test_change_level_after_play_from_here_shows_the_levels_and_goes_back_to_the_cards(driver) -> None:
    driver.app.manager.go("review", match=kayles_match(4), at=2)
    driver.step()
    driver.key(pygame.K_c)                                          # « Jouer d'ici »
    setup = driver.scene
    assert setup.name == "setup" and setup.start
    driver.click(setup.menu.item("play").rect.center)
    game = driver.scene
    assert game.name == "game" and game.config.start
    driver.settle()
    driver.key(pygame.K_ESCAPE)                                     # the pause menu
    pause = driver.scene
    driver.click(pause.menu.item("setup").rect.center)              # « Changer de niveau ou de joueurs »
    setup = driver.scene
    assert setup.name == "setup" and "level" in [item.name for item in setup.menu.items]
    driver.click(setup.menu.item("back").rect.center)               # « Retour »
    assert driver.scene.name == "select"                            # the cards, not the editor


def test_from_custom_the_level_arrow_comes_to_the_level_itself(driver) -> None:
    from dataclasses import replace

    from nimarcade.core import levels
    from nimarcade.core.match import HUMAN, MatchConfig

    found = levels.load("octal")
    kayles = next(lv for lv in found if lv.id == "kayles")
    config = MatchConfig("octal", kayles, dict(kayles.params), (HUMAN, kayles.opponent), "human")
    config = replace(config, params={**kayles.params, "code": "0.6"})     # a game from the lab's panel
    driver.app.manager.go("setup", game="octal", levels=found, config=config)
    driver.step()
    setup = driver.scene
    row = setup.menu.item("level")
    assert setup.level_label(setup.level_index) == tr("setup.custom")
    while setup.menu.items[setup.menu.focus].name != "level":
        driver.key(pygame.K_UP)
    driver.key(pygame.K_RIGHT)
    assert setup.level.id == "kayles" and setup.level_label(setup.level_index) == kayles.name()
    driver.key(pygame.K_RIGHT)
    assert setup.level_index == found.index(kayles) + 1 and row is not None


def test_the_labs_last_code_and_heaps_come_back_after_a_restart(tmp_path) -> None:
    from nimarcade.storage.settings import SettingsStore
    from nimarcade.window.app import App

    from tests.window.harness import Driver

    def run():
        app = App(headless=True, seed=1, lang="fr", store=SettingsStore(tmp_path / "settings.json"))
        app.ai.synchronous = app.hint_ai.synchronous = True
        return Driver(app)

    driver = run()
    try:
        scene = driver.start_level("octal", "kayles")
        driver.click(LAB_BUTTON.center)
        panel = scene.panel
        for field, text in (("code", "0.6"), ("heaps", "7,3")):
            driver.click(panel.parts()[panel.part_index(field)].rect.center)
            for _ in range(6):
                driver.key(pygame.K_BACKSPACE)
            driver.post(pygame.TEXTINPUT, text=text)
            driver.step()
        driver.click(next(p for p in panel.parts() if p.label == tr("lab.play")).rect.center)
        assert driver.scene.config.params["code"] == "0.6"
    finally:
        driver.app.shutdown()
    driver = run()                                                   # a restart
    try:
        scene = driver.start_level("octal", "kayles")
        driver.click(LAB_BUTTON.center)
        assert (scene.panel.code, scene.panel.heaps) == ("0.6", "7,3")
    finally:
        driver.app.shutdown()


def test_hovering_a_pin_the_code_cannot_take_says_why_another_is_lit(driver, drawn) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    panel = scene.panel
    driver.click(panel.parts()[panel.part_index("code")].rect.center)
    for _ in range(6):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text="0.44")
    driver.step()
    driver.click(panel.parts()[panel.part_index("heaps")].rect.center)
    for _ in range(6):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text="1,5,2,2")
    driver.step()
    driver.click(next(p for p in panel.parts() if p.label == tr("lab.play")).rect.center)
    game = driver.scene
    driver.settle()
    assert game.state.code == "0.44" and game.take == 1
    drawn.clear()
    driver.move_mouse(game.board.centers[1][0])                      # the end pin of the heap of 5
    assert game.pointed().start == 1                                 # pin 2 is lit: a click plays it
    assert tr("octal.why_not_end", code="0.44", k=1, n=5) in drawn
    drawn.clear()
    driver.move_mouse(game.board.centers[1][2])                      # a middle pin: it is taken, no why
    assert game.pointed().start == 2 and tr("octal.why_not_end", code="0.44", k=1, n=5) not in drawn


def open_misere_lab(driver):
    """The lab's panel on 0.75 in misère play (its quotient, 8 elements, is built in milliseconds)."""
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    driver.click(scene.panel.parts()[scene.panel.part_index("code")].rect.center)
    driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text="5")
    driver.step()
    toggle = next(p for p in scene.panel.parts() if p.kind == "toggle")
    driver.click(toggle.rect.center)                                # misère on
    quotients.wait(scene.panel._code)
    driver.step()
    return scene


def test_the_lab_says_its_words_plainly_and_points_to_no_terminal_command(make_driver, monkeypatch) -> None:
    for lang in ("fr", "en"):
        driver = make_driver(lang=lang)
        seen: list[str] = []
        real = theme.text

        def text(s, size=28, color=theme.TEXT, seen=seen, real=real):
            seen.append(s)
            return real(s, size, color)

        text.cache_clear = real.cache_clear  # type: ignore[attr-defined]
        monkeypatch.setattr(theme, "text", text)
        scene = open_misere_lab(driver)
        assert not any("--misere" in s or "CODE" in s for s in seen)       # no terminal command
        mapped = next(s for s in seen if s.startswith(tr("lab.panel_quotient_map", map="")))
        assert theme.font(20).size(mapped)[0] <= lab_panel.RECT.width - 48  # heap → element, readable
        seen.clear()
        driver.click(next(p for p in scene.panel.parts() if p.label == "?").rect.center)
        assert scene.panel.explaining
        said = " ".join(seen)
        for key in lab_panel.EXPLAINED:                                     # each word in one plain line
            assert tr(key).split()[0] in said and tr(key).split()[-1] in said
        driver.click((lab_panel.RECT.centerx, lab_panel.RECT.centery))     # a click closes it
        assert not scene.panel.explaining and scene.panel.misere
        monkeypatch.setattr(theme, "text", real)


def test_a_misere_game_shows_what_decides_misere_play(driver, drawn) -> None:
    from nimarcade.games.octal.scene import drawing

    scene = open_misere_lab(driver)
    driver.click(next(p for p in scene.panel.parts() if p.label == tr("lab.play")).rect.center)
    game = driver.scene
    driver.settle()
    q, _seen = quotients.wait(game.state.octal)
    drawn.clear()
    game._side = None                                                 # (its picture is kept between frames)
    driver.step()
    assert game.state.misere and tr("octal.strip_title_misere", code=game.state.code) in drawn
    assert drawing.strip_values(game.state)[:12] == [q.element(n) for n in range(12)]   # elements, not G(n)
    alone = drawing.heaps_alone(game.state)
    assert alone and tr("octal.heap_alone", n=10, e=q.element(10), outcome=drawing.alone_outcome(q, 10)) in alone
    said = " ".join(drawn)
    assert alone.split()[0] in said and tr("octal.side_strip_misere").split()[-1] in said
    driver.move_mouse((drawing.STRIP.left + 2, drawing.STRIP.centery))    # the strip's first cell: heap 0
    assert any(line.startswith(tr("octal.strip_tip_misere", n=0, e=q.element(0), outcome="")[:12])
               for line in drawn)


def test_the_labs_position_editor_has_a_board_edited_by_the_mouse_alone(driver) -> None:
    from nimarcade.games.octal.rules import OctalState
    from nimarcade.games.octal.scene.editor import ADD, REMOVE, OctalEditor

    from tests.window.editor_session import legal, open_editor, play

    editor = open_editor(driver, "octal", "octal", "kayles", "mouse")
    board = editor.board
    assert isinstance(board, OctalEditor) and board.text() == "0.77 : 10"
    full = board.layouts()[1]
    driver.click(full.centers[0][3])                                 # heap 1: 10 -> 4
    driver.click(ADD.center)                                         # a second heap of 1
    full = board.layouts()[1]
    driver.click(full.centers[1][5])                                 # 1 -> 6
    driver.click(full.centers[1][0], button=3)                       # right click: one fewer
    driver.click(ADD.center)
    driver.click(REMOVE.center)                                      # the heap just added goes
    legal(driver, editor, "0.77 : 4 5")
    game = play(driver, editor, "mouse")
    assert game.match.states[0] == OctalState.new((4, 5), "0.77", board=editor.params.get("board", "heaps"))
