"""The puzzle screen, driven by real clicks and keys through whole series: reached from the title,
a puzzle of every game solved on its own board by the mouse alone and by the keyboard alone, a
missed one (rating down, streak reset, the solution shown, a retry not rated), an Awélé puzzle
explained by its engine, a puzzle from the store, the rating kept in the player's profile across
a restart, the computer never answering, and key mashing."""
from __future__ import annotations

import random

import pygame
import pytest

from nimarcade.core import registry
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.window.app import App
from nimarcade.i18n import tr
from nimarcade.puzzles.session import DIFFICULTIES, NEAREST
from nimarcade.window.scenes.puzzle import PuzzleScene
from nimarcade.window.ui import theme

from tests.window.harness import Driver

EXACT = [s.id for s in registry.specs() if s.winning_moves is not None and puzzles.has_puzzles(s)]
OTHERS = [s.id for s in registry.specs() if s.winning_moves is None and puzzles.has_puzzles(s)]


@pytest.fixture
def quick_hints(swap_spec):
    """The engine's hint (the explanation of a puzzle without an exact strategy) thinks briefly."""
    for game in OTHERS:
        swap_spec(game, hint_time=0.05)


# -- driving the screen by one input alone ------------------------------------------------------------
def open_puzzles(driver: Driver, by: str) -> PuzzleScene:
    driver.app.manager.go("title")
    driver.step()
    driver.choose(driver.scene.menu, "puzzles", by)
    assert isinstance(driver.scene, PuzzleScene) and driver.scene.phase == "choose"
    return driver.scene


def focus(driver: Driver, menu, name: str) -> None:
    while menu.items[menu.focus].name != name:
        driver.key(pygame.K_DOWN)


def choose_game(driver: Driver, scene: PuzzleScene, game: str | None, by: str) -> None:
    item = scene.chooser.game_item
    for _ in range(len(item.values)):
        if item.value == game:
            return
        if by == "mouse":
            driver.click(item.right_rect.center)
        else:
            focus(driver, scene.chooser.menu, "game")
            driver.key(pygame.K_RIGHT)
    assert item.value == game


def start(driver: Driver, scene: PuzzleScene, by: str) -> None:
    driver.choose(scene.chooser.menu, "start", by)
    driver.until(lambda: scene.phase == "solve")


def answer(driver: Driver, scene: PuzzleScene, move, by: str) -> None:
    driver.play(scene.board.scene, move, by)
    driver.until(lambda: scene.phase == "answered")


def press(driver: Driver, scene: PuzzleScene, name: str, by: str) -> None:
    """A button under the board, clicked or reached with the arrows and Enter."""
    driver.choose(scene.buttons, name, by, pygame.K_RIGHT)


def wrong_move(puzzle):
    return next(m for m in puzzle.state.legal_moves() if m not in puzzle.solutions)


# -- the tests ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("by", ["mouse", "keys"])
@pytest.mark.parametrize("game", EXACT)
def test_a_puzzle_of_each_exact_game_solved_by_one_input_alone(make_driver, game: str, by: str) -> None:
    driver = make_driver(seed=5, lang="fr" if by == "mouse" else "en")
    scene = open_puzzles(driver, by)
    choose_game(driver, scene, game, by)
    start(driver, scene, by)
    puzzle = scene.puzzle
    assert puzzle.game == game and scene.board.scene.spec.id == game
    board = scene.board.scene
    assert board.state == puzzle.state and board.human_turn()
    move = puzzle.solutions[-1]
    answer(driver, scene, move, by)
    record = scene.session.record
    assert scene.solved and scene.answer.change > 0 and record.streak == 1 and record.solved == 1
    assert record.rating.rating > 1500 and puzzle.id in record.seen
    # The solution is explained on the board: the game's own hint display, the player's move first.
    board = scene.board.scene
    assert scene.board.explained and board.state == puzzle.state
    assert board.hint.moves[0] == move and set(board.hint.moves) == set(puzzle.solutions)
    assert scene.headline() == (board.explain(board.hint)[0], scene.headline()[1])
    assert tr("puzzle.proved") in scene.note()[0]
    assert not board.match.moves                       # the board shows the puzzle again
    press(driver, scene, "next", by)
    assert scene.phase == "solve" and scene.puzzle.id != puzzle.id and not scene.board.moved


def test_a_missed_puzzle_costs_rating_resets_the_streak_and_shows_the_solution(driver) -> None:
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, "heaps", "mouse")
    start(driver, scene, "mouse")
    answer(driver, scene, scene.puzzle.solutions[0], "mouse")
    assert scene.session.record.streak == 1
    press(driver, scene, "next", "mouse")
    puzzle = scene.puzzle
    before = scene.session.record
    shown_before = scene.box().line
    wrong = wrong_move(puzzle)
    answer(driver, scene, wrong, "mouse")
    after = scene.session.record
    assert not scene.solved and scene.answer.change < 0 and after.rating.rating < before.rating.rating
    assert after.streak == 0 and after.best_streak == 1 and after.tried == 2 and after.solved == 1
    assert after.rating.shown() in scene.box().line != shown_before     # the rating shown changed
    # The solution at once, on the puzzle's position: the game's hint display and explanation...
    board = scene.board.scene
    assert scene.board.explained and board.state == puzzle.state and not board.match.moves
    assert set(board.hint.moves) == set(puzzle.solutions) and scene.headline()[0] == board.explain(board.hint)[0]
    # ...and what the move played throws away, in words.
    words = board.describe(wrong, puzzle.state)
    assert scene.note() == (tr("puzzle.threw_win", move=words), scene.note()[1]) and words
    assert [i.name for i in scene.buttons.items] == ["next", "retry"]
    # A retry is not rated.
    press(driver, scene, "retry", "mouse")
    assert scene.phase == "solve" and scene.retrying and not scene.board.explained
    answer(driver, scene, puzzle.solutions[0], "mouse")
    assert scene.solved and scene.session.record == after and len(scene.session.answers) == 2
    assert scene.box().title == tr("puzzle.found_again")


def test_the_computer_never_answers_in_a_puzzle(driver) -> None:
    scene = open_puzzles(driver, "keys")
    choose_game(driver, scene, "sticks", "keys")
    start(driver, scene, "keys")
    board = scene.board.scene
    answer(driver, scene, wrong_move(scene.puzzle), "keys")
    driver.step(300)
    assert board.match.moves == [scene.answer.move] and board.turns.pending["move"] is None and board.turns.ai_move is None
    assert not board.human_turn() and scene.phase == "answered"


def test_no_hint_while_searching(driver) -> None:
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, "heaps", "mouse")
    start(driver, scene, "mouse")
    board = scene.board.scene
    driver.key(pygame.K_h)
    assert board.hint is None and not board.hint_pending and board.message == tr("msg.no_hint_here")
    driver.click(board.hint_button.center)               # the game's own hint button says the same
    assert board.hint is None and not board.hint_pending
    driver.key(pygame.K_l)                               # nor the move list of the game before
    assert not board.show_moves and scene.phase == "solve"
    # The bottom bar is the puzzle's: the game's buttons there are hidden and never answer a click;
    # their hint looks disabled wherever it is shown.
    bar = board.controls
    bar.layout()
    assert not bar.action("hint").enabled()
    for action in bar.actions:
        driver.click(action.rect.center)
        assert not board.show_moves and not board.show_help and driver.app.manager.top is scene
    assert board.hint is None and scene.phase == "solve"
    # Help by the mouse too: its button, then a click anywhere closes it.
    driver.click(scene.help_rect.center)
    assert board.show_help
    driver.click((400, 300))
    assert not board.show_help and not board.match.moves and scene.phase == "solve"
    driver.click(scene.help_rect.center)
    driver.click(scene.end_rect.center)                  # over the help, a click only closes it
    assert not board.show_help and scene.phase == "solve"


def test_an_awele_puzzle_is_explained_by_the_engine_and_the_analysis(make_driver, quick_hints) -> None:
    driver = make_driver(seed=2)
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, OTHERS[0], "mouse")
    start(driver, scene, "mouse")
    puzzle = scene.puzzle
    assert scene.box().title == tr("puzzle.question_best")
    answer(driver, scene, puzzle.solutions[0], "mouse")
    driver.until(lambda: not scene.board.explaining and scene.values is not None)
    board = scene.board.scene
    assert scene.solved and board.hint.moves[0] == puzzle.solutions[0]
    assert scene.headline()[0] == board.explain(board.hint)[0] != ""
    assert set(scene.values.scores) == set(puzzle.state.legal_moves())
    assert (tr("puzzle.proved") if puzzle.proved else tr("puzzle.searched")) in scene.note()[0]
    press(driver, scene, "next", "mouse")
    answer(driver, scene, wrong_move(scene.puzzle), "mouse")
    driver.until(lambda: scene.values is not None)
    assert not scene.solved and scene.headline()[0]
    assert scene.board.scene.turns.pending["move"] is None


def test_a_puzzle_from_the_store_comes_in_the_series(driver) -> None:
    made = puzzles.from_position("heaps", "1-3-5-7", {}, "1 4 6 0")
    driver.app.puzzle_store.add(made)
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, "heaps", "mouse")
    assert tr("puzzle.stored", n=1) in scene.chooser.info_lines()
    start(driver, scene, "mouse")
    assert scene.puzzle.id == made.id and scene.board.scene.state == made.state    # the store's first
    answer(driver, scene, made.solutions[0], "mouse")
    assert scene.solved and made.id in scene.session.record.seen
    press(driver, scene, "next", "mouse")
    assert scene.puzzle.id != made.id
    driver.key(pygame.K_ESCAPE)
    press(driver, scene, "again", "mouse")                   # answered: not again in the next series
    assert scene.puzzle.id != made.id and made.id not in {p.id for p in scene.session.pool}


@pytest.fixture
def data_apps(tmp_path):
    apps: list[App] = []

    def open_app(seed: int) -> Driver:
        app = App(headless=True, seed=seed, data_dir=tmp_path)
        app.ai.synchronous = app.hint_ai.synchronous = app.analysis_ai.synchronous = True
        apps.append(app)
        app.start()
        return Driver(app)

    yield open_app
    for app in apps:
        app.shutdown()


def type_text(driver: Driver, text: str) -> None:
    """Letters as SDL sends them: one TEXTINPUT each."""
    for ch in text:
        driver.post(pygame.TEXTINPUT, text=ch)
    driver.step()


def test_a_new_players_rating_is_kept_in_the_profile_across_a_restart(data_apps) -> None:
    driver = data_apps(1)
    scene = open_puzzles(driver, "keys")
    assert scene.chooser.player is None                      # nobody yet: unnamed
    focus(driver, scene.chooser.menu, "new")
    driver.key(pygame.K_RETURN)
    assert scene.wants_text
    sound = driver.app.settings.sound
    type_text(driver, "Zoé ")
    driver.key(pygame.K_m, unicode="M")                      # M is a letter here, not the sound
    type_text(driver, "M")
    assert driver.app.settings.sound == sound and scene.chooser.entry.text == "Zoé M"
    driver.key(pygame.K_RETURN)
    assert not scene.wants_text and scene.chooser.player == "Zoé M"
    choose_game(driver, scene, "sticks", "keys")
    start(driver, scene, "keys")
    answer(driver, scene, scene.puzzle.solutions[0], "keys")
    solved = scene.puzzle.id
    driver.key(pygame.K_SPACE)
    answer(driver, scene, wrong_move(scene.puzzle), "keys")
    kept = driver.app.profiles.get("zoé m").puzzles
    assert kept.tried == 2 and kept.solved == 1 and kept.streak == 0 and kept.best_streak == 1
    driver.key(pygame.K_ESCAPE)
    assert scene.phase == "summary"
    driver.app.quit()

    again = data_apps(2)
    profile = again.app.profiles.get("Zoé M")
    assert profile is not None and profile.puzzles == kept and solved in profile.puzzles.seen
    assert again.app.profiles.current.name == "Zoé M"
    scene = open_puzzles(again, "mouse")
    assert scene.chooser.player == "Zoé M"
    assert scene.chooser.info_lines()[0] == tr("puzzle.player_info", rating=kept.rating.shown(), solved=1, tried=2,
                                                streak=0, best=1)
    choose_game(again, scene, "sticks", "mouse")
    start(again, scene, "mouse")
    assert scene.puzzle.id not in kept.seen                  # a puzzle not answered before


def test_a_bad_name_is_refused_with_its_reason(driver) -> None:
    scene = open_puzzles(driver, "mouse")
    driver.click(scene.chooser.menu.item("new").rect.center)
    entry = scene.chooser.entry
    driver.click(entry.ok_rect.center)                   # an empty name
    assert scene.chooser.entry is entry and entry.error == tr("profile.empty")
    type_text(driver, "Léa")
    driver.click(entry.ok_rect.center)
    assert scene.chooser.entry is None and scene.chooser.player == "Léa"
    driver.click(scene.chooser.menu.item("new").rect.center)
    type_text(driver, "LÉA")
    driver.key(pygame.K_RETURN)
    assert scene.chooser.entry.error == tr("profile.taken", name="LÉA")
    driver.key(pygame.K_ESCAPE)                              # Esc closes the entry only
    assert scene.chooser.entry is None and driver.scene is scene
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "title"


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_a_whole_series_ends_with_its_summary(make_driver, by: str) -> None:
    driver = make_driver(seed=3, lang="fr" if by == "mouse" else "en")
    scene = open_puzzles(driver, by)
    choose_game(driver, scene, None, by)                     # all games
    start(driver, scene, by)
    seen_games = set()
    for n in range(scene.session.length):
        seen_games.add(scene.puzzle.game)
        shown = scene.box().line
        right = n % 3 != 0
        move = scene.puzzle.solutions[0] if right else wrong_move(scene.puzzle)
        answer(driver, scene, move, by)
        record = scene.session.record
        assert scene.solved == right and record.streak == (n % 3)
        assert (scene.answer.change > 0) == right and record.rating.shown() in scene.box().line != shown
        assert scene.board.explained and scene.headline()[0] and scene.note()[0]
        press(driver, scene, "finish" if n == scene.session.length - 1 else "next", by)
    assert scene.phase == "summary" and len(scene.session.answers) == scene.session.length
    assert len(seen_games) >= 5                              # the games take turns
    session = scene.session
    assert session.solved == 6 and session.record.tried == 10 and session.record.best_streak == 2
    press(driver, scene, "again", by)                        # another series, the same choice
    assert scene.phase == "solve" and scene.session is not session
    driver.key(pygame.K_ESCAPE)                              # nothing answered yet: the chooser
    assert scene.phase == "choose"


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_a_difficulty_chosen_instead_of_the_rating(make_driver, by: str) -> None:
    driver = make_driver(seed=4)
    scene = open_puzzles(driver, by)
    item = scene.chooser.level_item
    assert item.value is None                                # adapted to the player's rating first
    choose_game(driver, scene, "wythoff", by)
    while item.value != "hard":
        if by == "mouse":
            driver.click(item.right_rect.center)
        else:
            focus(driver, scene.chooser.menu, "difficulty")
            driver.key(pygame.K_RIGHT)
    start(driver, scene, by)
    session = scene.session
    assert session.difficulty == "hard" and session.target == DIFFICULTIES["hard"] != session.rating.rating
    ready = sorted([scene.puzzle, *session.pool], key=lambda p: abs(p.rating - session.target))
    assert scene.puzzle in ready[:NEAREST]                   # among the nearest the difficulty
    driver.key(pygame.K_ESCAPE)
    assert scene.phase == "choose" and driver.app.prefs["puzzle.difficulty"] == "hard"


def test_puzzles_are_prepared_off_the_ui_thread(make_driver) -> None:
    driver = make_driver(seed=9)
    driver.app.ai.synchronous = False
    driver.app.ai.use_process = False                       # a thread: no process to start here
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, "wythoff", "mouse")
    driver.click(scene.chooser.menu.item("start").rect.center)
    assert scene.phase == "wait" and scene.moving()
    driver.until(lambda: scene.phase == "solve", max_frames=200000)
    assert scene.tokens["move"] is not None or len(scene.session.pool) >= 1   # the next batch is asked meanwhile


def test_key_mashing_and_random_clicks_never_crash(make_driver, quick_hints) -> None:
    driver = make_driver(seed=7)
    rng = random.Random(20)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
            pygame.K_ESCAPE, pygame.K_h, pygame.K_u, pygame.K_r, pygame.K_l, pygame.K_n, pygame.K_s, pygame.K_1,
            pygame.K_2, pygame.K_3, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_F1, pygame.K_a, pygame.K_v]
    phases = set()
    for _round in range(6):
        scene = open_puzzles(driver, "keys")
        for _ in range(250):
            if driver.scene is not scene:
                break
            phases.add(scene.phase)
            if rng.random() < 0.6:
                driver.key(rng.choice(keys), unicode=rng.choice("ab "))
            else:
                driver.click((rng.randrange(1280), rng.randrange(720)), button=rng.choice([1, 1, 3]))
            driver.step(rng.choice([0, 1, 5, 30]))
    assert {"choose", "solve"} <= phases


# -- Awélé's Analysis and Info are off during a puzzle, and say so ----------------------------
def open_puzzle(driver: Driver, game: str):
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, game, "mouse")
    start(driver, scene, "mouse")
    return scene


def test_awele_analysis_and_info_are_off_in_a_puzzle(driver, drawn) -> None:
    from nimarcade.games.awele.scene.thinking import INFO, OVERLAY
    driver.app.services.prefs[INFO] = True               # on from an earlier game
    scene = open_puzzle(driver, "awele")
    watch = scene.board.scene.watch
    assert not watch.info_on and not watch.analysis_on and not watch.buttons()
    for key in (pygame.K_a, pygame.K_i):
        drawn.clear()
        driver.key(key)
        driver.step(3)
        assert tr("awele.assist_off") in drawn
        waiting = tr("awele.analysis_wait").rstrip("…")
        assert not any(s.startswith(waiting) for s in drawn)
    assert not watch.info_on and not watch.analysis_on
    assert driver.app.services.prefs[INFO] and not driver.app.services.prefs.get(OVERLAY, False)


# -- a proved Awélé puzzle says one thing: its question, its verdict and its proof agree --------
def test_a_proved_awele_puzzle_asks_and_explains_consistently(make_driver, drawn) -> None:
    from nimarcade.analysis import verdicts
    driver = make_driver(seed=2)
    scene = open_puzzle(driver, "awele")
    puzzle = scene.puzzle
    assert puzzle.proved                                  # the seed's first puzzle: the tables prove it
    driver.until(lambda: scene.values is not None)
    best = max(scene.values.exact.values())
    assert scene.box().title == tr("puzzle.question_win" if best == verdicts.WIN else "puzzle.question_best")
    answer(driver, scene, puzzle.solutions[0], "mouse")
    driver.until(lambda: not scene.board.explaining)
    drawn.clear()
    driver.step(2)
    shown = " ".join(drawn)
    assert tr("puzzle.proved") in scene.note()[0]
    advice = tr("awele.hint_verdict", depth=1, verdict="x").split("x")[-1].strip(" .")
    assert advice not in shown                            # no « advice, not a proof » beside the proof
    if best == verdicts.WIN:
        assert tr("puzzle.only_win", n=puzzle.legal) in scene.note()[0]


# -- the solution is shown alone: no old selection over the hint ------------------------------
@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_a_solved_heaps_puzzle_shows_the_hint_without_an_old_selection(make_driver, drawn, by: str) -> None:
    from nimarcade.games.heaps.scene import art as heaps_art
    driver = make_driver(seed=1)
    scene = open_puzzle(driver, "heaps")
    move = scene.puzzle.solutions[0]
    answer(driver, scene, move, by)
    board = scene.board.scene
    assert scene.solved and board.selection() is None
    seen = []
    original = heaps_art.draw_highlights

    def spy(surface, rows, heaps, sel, **kw):
        seen.append((sel, kw.get("hint_move")))
        return original(surface, rows, heaps, sel, **kw)

    import nimarcade.games.heaps.scene.scene as heaps_scene
    heaps_scene.draw_highlights, saved = spy, heaps_scene.draw_highlights
    try:
        drawn.clear()
        driver.step(2)
    finally:
        heaps_scene.draw_highlights = saved
    assert seen and all(sel is None and hint == move for sel, hint in seen)
    left = tr("heaps.select_left", left=7).split("7")[0]     # the caption's « il en restera … »
    assert not any(line.startswith(left) for line in drawn)


# -- a named player's puzzle names them in the player box too ---------------------------------
def test_a_named_players_puzzle_names_them_in_the_player_box(driver, drawn) -> None:
    driver.app.services.profiles.add("Zoé")
    scene = open_puzzles(driver, "mouse")
    scene.chooser.refresh_players("Zoé")
    choose_game(driver, scene, "heaps", "mouse")
    start(driver, scene, "mouse")
    assert scene.session.player == "Zoé"
    board = scene.board.scene
    drawn.clear()
    driver.step()
    assert board.player_name(board.state.to_move) == "Zoé" and "Zoé" in drawn
    assert tr("player.one") not in drawn


def test_a_puzzle_is_titled_as_a_puzzle_not_by_its_level(driver) -> None:
    scene = open_puzzle(driver, "heaps")
    title = scene.board.scene.title_text()
    assert title == tr("puzzle.board_title", game=tr("game.heaps")) and "Nim 1-" not in title


# -- a wrong Heaps answer shows every solution ----------------------------------------------------
def test_a_wrong_heaps_answer_shows_all_three_solutions(driver, drawn) -> None:
    made = puzzles.from_position("heaps", "1-3-5-7", {}, "3 5 7 0")     # nim-sum 1: three winning moves
    assert len(made.solutions) == 3
    driver.app.puzzle_store.add(made)
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, "heaps", "mouse")
    start(driver, scene, "mouse")
    assert scene.puzzle.id == made.id
    answer(driver, scene, wrong_move(made), "mouse")
    drawn.clear()
    driver.step()
    line = scene.headline()[0]
    board = scene.board.scene
    for move in made.solutions:
        assert board.describe(move, made.state) in line
    assert line in drawn and scene.note()[0] in drawn


def test_the_provisional_rating_is_explained_while_solving(driver, drawn) -> None:
    from nimarcade.people.rating import puzzles_left
    scene = open_puzzle(driver, "heaps")
    drawn.clear()
    driver.step()
    rating = scene.session.record.rating
    assert rating.shown().endswith("?")
    assert any(tr("puzzle.provisional", n=puzzles_left(rating)) in line for line in drawn)


# -- an Awélé puzzle with North to move is shown from the solver's side, lettered as in a game ------
@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_an_awele_puzzle_for_north_is_shown_with_the_solvers_houses_a_to_f_at_the_bottom(driver, by: str) -> None:
    from nimarcade.games.awele.rules import format_move
    north = next(p for p in puzzles.make("awele", None, 6, 3) if p.state.to_move == 1)
    driver.app.puzzle_store.puzzles = [north]                       # given first
    scene = open_puzzle(driver, "awele")
    shown, board = scene.puzzle, scene.board.scene
    assert (shown.id, shown.rating) == (north.id, north.rating)      # the same puzzle, rated the same
    assert board.state.houses == north.state.houses[6:] + north.state.houses[:6]
    assert board.state.to_move == 0 == board.bottom                   # the solver plays South's row...
    bottom_row = sorted((h for h in range(12) if not board.geo.on_top(h)), key=lambda h: board.geo.centers[h][0])
    assert "".join(format_move(h) for h in bottom_row) == "ABCDEF"  # ... lettered A-F from the left
    assert set(board.state.legal_moves()) <= set(bottom_row)
    # the game's own solution, North's « c » say, is the house shown as « C »
    letter = format_move(north.solutions[0]).upper()
    answer(driver, scene, "ABCDEF".index(letter), by)
    assert scene.solved and scene.session.answers[0].puzzle.id == north.id
    assert north.id in scene.session.record.seen
    assert scene.board.scene.hint.moves[0] == "ABCDEF".index(letter)   # the solution shown where it was played
    assert shown.record() == north.record()                          # its record is the game's own


# -- the list of solutions within the window, the countdown of the provisional rating ------
def test_a_wrong_answer_lists_many_solutions_within_the_window(quick_ai, driver, drawn) -> None:
    made = puzzles.from_position("matches", "40", {}, "|" * 35 + "..|||")
    assert len(made.solutions) == 8
    driver.app.puzzle_store.add(made)
    scene = open_puzzles(driver, "mouse")
    choose_game(driver, scene, "matches", "mouse")
    start(driver, scene, "mouse")
    assert scene.puzzle.id == made.id
    answer(driver, scene, wrong_move(made), "mouse")
    drawn.clear()
    driver.step()
    line = scene.headline()[0]
    assert line in drawn
    width = theme.WIDTH - 48
    assert theme.font(theme.fit_size(line, 24, width)).size(line)[0] <= width      # not past the edges
    board = scene.board.scene
    listed = [m for m in made.solutions if board.describe(m, made.state) in line]
    assert listed and (len(listed) == 8 or tr("puzzle.more_solutions", n=8 - len(listed)) in line)


def test_the_puzzles_left_to_a_settled_rating_count_down(quick_ai, driver, drawn) -> None:
    """Solved one after another, « encore environ N problèmes » said the same N twice."""
    import re
    scene = open_puzzle(driver, "heaps")
    said = []
    for _ in range(5):
        drawn.clear()
        driver.step()
        [line] = [s for s in drawn if tr("puzzle.provisional", n=0).split("0")[0] in s]
        said.append(int(re.findall(r"\d+", line.split("·")[-1])[-1]))
        answer(driver, scene, scene.puzzle.solutions[0], "mouse")
        press(driver, scene, "next", "mouse")
    assert all(later < before for before, later in zip(said, said[1:])), said


def test_a_grid_hint_says_how_many_winning_moves_it_does_not_list(driver) -> None:
    from nimarcade.games.grid.scene.explain import explain_lines
    scene = driver.start_level("grid", "30x30", seats=(0, 0))       # lost for the one to move
    driver.play(scene, scene.state.legal_moves()[0], "keys")
    driver.settle()
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None)
    moves = scene.hint.moves
    assert len(moves) > 4
    more = tr("hint.more_moves", n=len(moves) - 4)
    others = [s for s in explain_lines(scene.state, scene.hint) if s.startswith(tr("grid.others", moves=""))]
    assert others and others[0].endswith(more)


@pytest.mark.parametrize("game, button, key", [("grid", "grid.nimbers_button", pygame.K_n),
                                               ("wythoff", "wythoff.grundy_button", pygame.K_g)])
def test_the_pawns_and_queens_puzzles_show_no_values_and_cells_large_enough_to_click(quick_ai, driver, drawn, game,
                                                                                     button, key) -> None:
    """« Nimbers (N) » and « Grundy (G) » were there in a puzzle (the answer on every
    cell), and a 30×30 board's cells were 14 pixels: the window's puzzles come from boards of 15×15
    at most (quick_ai's batches are the smallest board's: the levels are checked on the real ones)."""
    from nimarcade.puzzles.session import generate
    made = generate(game=game, count=3, seed=1)
    assert made and all(max(p.params["rows"], p.params["cols"]) <= 15 for p in made)
    scene = open_puzzle(driver, game)
    board = scene.board.scene
    drawn.clear()
    driver.step()
    assert tr(button) not in drawn
    driver.key(key)
    assert not getattr(board, "show_nimbers", False) and not getattr(board, "show_grundy", False)
    assert board.geo.cell >= 28


def test_an_awele_puzzles_line_says_nothing_of_a_house_once_answered(quick_ai, driver, drawn) -> None:
    """After B was played, the line under the board still said « case A : semer 2
    graines… » (the keyboard's cursor) over the solution shown."""
    from nimarcade.games.awele.scene.art import Choice, preview_line
    scene = open_puzzle(driver, "awele")
    answer(driver, scene, wrong_move(scene.puzzle), "mouse")
    driver.until(lambda: not scene.board.explaining)
    drawn.clear()
    driver.step()
    board = scene.board.scene
    state = board.state
    previews = {preview_line(Choice(h, state.houses[h], *board.preview(h), tuple(state.legal_moves()), theme.TEXT))[0]
                for h in state.legal_moves()}
    assert drawn and not previews & set(drawn)
