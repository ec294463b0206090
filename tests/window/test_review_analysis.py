"""The analysed review, driven by real events through whole reviews, by mouse alone and by keyboard
alone: the marks shown are :func:`nimarcade.analysis.verdicts.review`'s, a click on a move or on the graph
goes there, the verdict line says what lost and what won, « Le coup gagnant » shows the hint of
the position before, « Jouer d'ici » starts a game from the position shown (also from a loaded
record), « Éditer » opens the editor on it, and the graph is drawn again only when its data
changes."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.analysis import verdicts as analysis
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.i18n import tr
from nimarcade.core.match import HUMAN, Match, MatchConfig

from tests.window.harness import REVIEW_BUDGET, Driver


def spoiled() -> Match:
    """Nim 1-3-5-7 played with the first legal move each time: the nim-sum spoiled at move 4
    (``??``), then again and again."""
    level = levels.find_level("heaps", "1-3-5-7")
    match = Match.begin(MatchConfig("heaps", level, dict(level.params), (HUMAN, 3), "human"), 0)
    while not match.is_over:
        match.play(match.state.legal_moves()[0])
    return match


def awele_game(n: int = 14) -> Match:
    level = levels.load("awele")[0]
    match = Match.begin(MatchConfig("awele", level, dict(level.params), (HUMAN, 3), "human"), 0)
    while len(match.moves) < n and not match.is_over:
        match.play(match.state.legal_moves()[len(match.moves) % len(match.state.legal_moves())])
    return match


def review_from_result(driver: Driver, match: Match, by: str) -> object:
    """The review as a player reaches it: the result screen's « Revoir la partie »."""
    driver.app.manager.go("result", match=match)
    result = driver.scene
    result.time = 10.0                                  # past the moment keys are ignored
    if by == "mouse":
        driver.click(result.menu.item("review").rect.center)
    else:
        while result.menu.items[result.menu.focus].name != "review":
            driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
    review = driver.scene
    assert review.name == "review"
    driver.until(lambda: not review.analysing)
    return review


def expected_marks(match: Match, budget=analysis.Budget()) -> dict[int, str]:
    found = analysis.review(match.states, match.moves, budget)
    return {p.ply - 1: p.mark for p in found.plies if p.mark}


def press(driver: Driver, review, name: str, by: str, key: int) -> None:
    if by == "mouse":
        driver.click(review.controls.action(name).rect.center)
    else:
        driver.key(key)


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_the_marks_shown_are_the_analysis_and_coloured_in_the_list(driver, drawn, by) -> None:
    match = spoiled()
    review = review_from_result(driver, match, by)
    marks = expected_marks(match)
    assert "??" in marks.values()
    assert review.marks() == marks and review.analysis.complete
    assert [review.heights()[i] for i in range(len(match.moves) + 1)] == list(
        analysis.review(match.states, match.moves).advantage)
    drawn.clear()
    review.jump(0)                                      # the list scrolled to its first rows
    driver.step()
    assert "??" in drawn and "1:1" in drawn              # the mark drawn after its move, its own text


def test_a_click_on_a_move_and_on_the_graph_goes_there_by_mouse_alone(driver) -> None:
    match = spoiled()
    review = review_from_result(driver, match, "mouse")
    for index in (len(match.moves) - 1, len(match.moves) - 4):
        cell = next(c for i, _, c in review.move_list.cells() if i == index)
        driver.click(cell.center)
        assert review.at == index + 1
    graph = review.graph
    for ply in (0, 5, len(match.moves)):
        driver.click((graph.x_of(ply), graph.plot.centery))
        assert review.at == ply
    driver.click(review.controls.action("last").rect.center)
    assert review.at == len(match.moves)
    driver.click(review.controls.action("first").rect.center)
    assert review.at == 0


def test_arrows_rounds_home_and_end_by_keyboard_alone(driver) -> None:
    match = spoiled()
    review = review_from_result(driver, match, "keys")
    total = len(match.moves)
    assert review.at == total
    driver.key(pygame.K_HOME)
    assert review.at == 0
    driver.keys(pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT)
    assert review.at == 5
    driver.key(pygame.K_UP)
    assert review.at == 3
    driver.key(pygame.K_END)
    driver.key(pygame.K_DOWN)                             # nothing beyond the end
    assert review.at == total


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_a_thrown_win_says_what_lost_and_what_won_and_shows_the_winning_move(driver, by) -> None:
    match = spoiled()
    review = review_from_result(driver, match, by)
    ply = analysis.review(match.states, match.moves).plies[3]          # the 4th move: the first ??
    assert ply.mark == "??" and ply.missed
    if by == "mouse":
        driver.click(next(c for i, _, c in review.move_list.cells() if i == 3).center)
    else:
        driver.key(pygame.K_HOME)
        driver.keys(*[pygame.K_RIGHT] * 4)
    assert review.at == 4 and review.why_shown
    spec = registry.get("heaps")
    from nimarcade.window.scenes.review_verdict import verdict

    line, _ = verdict(spec, match, 4, review.ply_shown(), True)
    assert tr("review.lost", mark="??", move=spec.notation.format_move(match.moves[3]),
              moves=", ".join(spec.notation.format_move(m) for m in ply.missed)) in line
    if by == "mouse":
        driver.click(review.why_bar.action("why").rect.center)
    else:
        driver.key(pygame.K_w)
    driver.until(lambda: review.board.hint is not None)
    assert review.at == 3 and set(review.board.hint.moves) <= set(registry.winning_moves(match.states[3]))
    assert set(ply.missed) <= set(registry.winning_moves(match.states[3]))


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_play_on_starts_a_game_from_the_position_shown(driver, by) -> None:
    match = spoiled()
    review = review_from_result(driver, match, by)
    spec = registry.get("heaps")
    if by == "mouse":
        driver.click(next(c for i, _, c in review.move_list.cells() if i == 4).center)
    else:
        driver.key(pygame.K_HOME)
        driver.keys(*[pygame.K_RIGHT] * 5)
    text = spec.position_text(match.states[5])
    press(driver, review, "continue", by, pygame.K_c)
    setup = driver.scene
    assert setup.name == "setup" and setup.start == text
    if by == "mouse":
        driver.click(setup.menu.item("play").rect.center)
    else:
        driver.key(pygame.K_RETURN)
    game = driver.scene
    assert game.name == "game" and game.config.start == text
    assert game.match.states[0] == spec.start_state(match.config.params, text) and game.match.moves == []


def test_the_setup_goes_back_to_the_review_with_its_analysis(driver) -> None:
    match = spoiled()
    review = review_from_result(driver, match, "keys")
    driver.key(pygame.K_HOME)
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)
    driver.key(pygame.K_c)
    driver.key(pygame.K_ESCAPE)
    back = driver.scene
    assert back.name == "review" and back.at == 2 and back is not review
    assert back.analysis is review.analysis and not back.analysing


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_edit_opens_the_editor_on_the_position_shown_and_comes_back(driver, by) -> None:
    match = spoiled()
    review = review_from_result(driver, match, by)
    assert review.can_edit
    driver.key(pygame.K_HOME)
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)
    press(driver, review, "edit", by, pygame.K_e)
    editor = driver.scene
    assert editor.name == "editor" and editor.board.text() == registry.get("heaps").position_text(match.states[3])
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "review" and driver.scene.at == 3


def test_a_finished_position_cannot_be_played_on(driver) -> None:
    match = spoiled()
    review = review_from_result(driver, match, "mouse")
    assert review.at == len(match.moves) and not review.controls.action("continue").enabled()
    driver.click(review.controls.action("continue").rect.center)
    assert driver.scene is review
    driver.key(pygame.K_c)
    assert driver.scene is review and any(t.text == tr("review.continue_over") for t in driver.app.toasts)


def test_play_on_from_a_loaded_record(driver, tmp_path) -> None:
    """``python main.py --load FILE`` of a finished game opens its result; its review plays on."""
    match = spoiled()
    path = tmp_path / "partie.txt"
    path.write_text(records.write(match), encoding="utf-8")
    assert driver.app.open_record(str(path)) is None
    driver.until(lambda: driver.scene.name == "result")
    loaded = driver.scene.match
    review = review_from_result(driver, loaded, "keys")
    assert review.marks() == expected_marks(match)
    driver.key(pygame.K_HOME)
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)
    driver.key(pygame.K_c)
    driver.key(pygame.K_RETURN)
    game = driver.scene
    assert game.name == "game" and game.match.states[0] == match.states[2]


def test_the_awele_review_marks_are_the_engine_analysis(driver) -> None:
    match = awele_game()
    driver.app.manager.go("review", match=match)
    review = driver.scene
    assert review.analysing
    driver.until(lambda: not review.analysing)
    assert review.marks() == expected_marks(match, REVIEW_BUDGET)
    assert review.analysis.complete and not review.analysis.failed
    driver.key(pygame.K_HOME)
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)
    driver.key(pygame.K_c)
    setup = driver.scene
    assert setup.name == "setup" and setup.start == registry.get("awele").position_text(match.states[2])


def test_the_graph_is_drawn_again_only_when_its_data_changes(driver) -> None:
    match = spoiled()
    review = review_from_result(driver, match, "keys")
    driver.step(3)
    drawn = review.graph.redraws
    for key in (pygame.K_HOME, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_END):
        driver.key(key)
    driver.step(5)
    assert review.graph.redraws == drawn


def test_the_review_follows_its_analysis_as_it_comes(driver) -> None:
    """Each worker result values one more position; the list and the graph grow with them."""
    match = spoiled()
    driver.app.manager.go("review", match=match, at=0)
    review = driver.scene
    seen = []
    while review.analysing:
        seen.append(review.analysis.done)
        driver.step()
    assert seen == sorted(seen) and len(set(seen)) > 3 and review.analysis.complete


def test_the_analysis_runs_off_the_render_thread_and_its_progress_shows(make_driver, drawn, monkeypatch) -> None:
    """With the app's real (threaded) review worker: every position is valued in the worker's
    thread, never in the one that draws, and the top line counts the positions done."""
    import threading

    from nimarcade.window.scenes import review as review_module

    driver = make_driver(synchronous=False)
    worker = driver.app.review_ai
    worker.use_process = False                     # its thread, not a process: the test sees it
    threads = set()
    original = review_module.position_job

    def job(*args, **kwargs):
        threads.add(threading.current_thread().name)
        return original(*args, **kwargs)

    monkeypatch.setattr(review_module, "position_job", job)
    match = spoiled()
    driver.app.manager.go("review", match=match, at=0)
    review = driver.scene
    for _ in range(10 * len(match.states)):
        if not review.analysing:
            break
        worker.join()                              # the worker's answer is posted as an event
        driver.step()
    assert review.analysis.complete and review.marks() == expected_marks(match)
    assert threads and threading.current_thread().name not in threads
    assert tr("review.analysing", done=1, total=len(match.states)) in drawn
    assert tr("review.analysed") in drawn


def test_a_game_without_moves_and_key_mashing_never_break_the_review(driver) -> None:
    level = levels.find_level("heaps", "1-3-7")
    empty = Match.begin(MatchConfig("heaps", level, dict(level.params), (HUMAN, 3), "human"), 0)
    driver.app.manager.go("review", match=empty)
    review = driver.scene
    driver.until(lambda: not review.analysing)
    assert review.at == 0 and review.analysis.complete and review.marks() == {}
    for pos in (review.graph.rect.center, review.graph.rect.topleft, review.move_list.rect.center, (5, 5),
                review.why_bar.rect.center):
        driver.click(pos)
        assert driver.scene is review and review.at == 0
    for key in (pygame.K_w, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END):
        driver.key(key)
        assert driver.scene is review and review.at == 0
    driver.key(pygame.K_c)                              # the start can be played on
    assert driver.scene.name == "setup" and driver.scene.start == registry.get("heaps").position_text(empty.state)


def test_play_on_from_a_review_keeps_the_opponent(driver) -> None:
    from nimarcade.core import levels
    from nimarcade.core.match import MatchConfig
    level = next(lv for lv in levels.load("heaps") if lv.id == "1-3-7")
    game = driver.app.start_game(MatchConfig("heaps", level, dict(level.params), (0, 1), "me"))
    driver.step()
    driver.settle()
    driver.play(game, game.state.legal_moves()[0], "keys")
    driver.settle()
    driver.app.manager.go("review", match=game.match)
    driver.step()
    review = driver.scene
    review.jump(1)
    review.play_on()
    driver.step()
    assert driver.scene.name == "setup" and driver.scene.seats == [0, 1]
    review_again = ("review", {"match": game.match, "at": 1})
    driver.app.manager.go(*review_again[:1], **review_again[1])
    driver.step()
    driver.scene.edit()
    driver.step()
    assert driver.scene.name == "editor" and driver.scene.seats == (0, 1)


# -- the review redraws only what changed ----------------------------------------------------------
def test_a_review_frame_redraws_only_what_changed(driver, monkeypatch) -> None:
    from nimarcade.core import levels
    from nimarcade.core.match import HUMAN, Match, MatchConfig
    level = next(lv for lv in levels.load("heaps") if lv.id == "geant")
    match = Match.begin(MatchConfig("heaps", level, dict(level.params), (HUMAN, HUMAN), "human"), 0)
    for _ in range(6):
        match.play(match.state.legal_moves()[0])
    review = driver.app.manager.go("review", match=match, at=0)
    driver.until(lambda: review.analysis.complete)       # its marks are all there
    driver.step(2)
    lists, smooth, fast = [], [], []
    original_list = review.move_list.draw_list
    monkeypatch.setattr(review.move_list, "draw_list", lambda s: (lists.append(1), original_list(s)))
    real_smooth, real_fast = pygame.transform.smoothscale, pygame.transform.scale
    size = review.move_list.board.size                   # the shrunk board (the game's art scales too)
    monkeypatch.setattr(pygame.transform, "smoothscale",
                        lambda *a: (a[1] == size and smooth.append(1), real_smooth(*a))[1])
    monkeypatch.setattr(pygame.transform, "scale", lambda *a: (a[1] == size and fast.append(1), real_fast(*a))[1])
    for i in range(10):                                  # the mouse over the list: nothing to redraw
        driver.move_mouse((1000 + i * 5, 300))
    assert not lists and not smooth and not fast
    driver.key(pygame.K_RIGHT)                           # a new position: the list once, the board fast...
    assert len(lists) == 1 and fast and not smooth
    driver.until(lambda: not review.board.moving())
    driver.step(2)                                       # ...then smoothly once it is still
    assert len(smooth) == 1 and len(lists) == 1
    assert not review.move_list.rough


# -- the advantage graph says whose side is whose ------------------------------------------------
def test_the_advantage_graph_names_each_side_in_its_colour(driver, drawn) -> None:
    from nimarcade.core import levels
    from nimarcade.core.match import HUMAN, Match, MatchConfig
    level = next(lv for lv in levels.load("sticks") if lv.id == "fort-boyard")
    match = Match.begin(MatchConfig("sticks", level, dict(level.params), (HUMAN, 3), "human"), 0)
    for _ in range(4):
        match.play(match.state.legal_moves()[0])
    drawn.clear()
    review = driver.app.manager.go("review", match=match, at=2)
    driver.until(lambda: review.analysis.complete)
    review.graph.cache = None
    driver.step()
    assert tr("review.graph_title") in drawn
    assert tr("review.graph_up", name=match.player_name(0)) in drawn
    assert tr("review.graph_down", name=match.player_name(1)) in drawn
