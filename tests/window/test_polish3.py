"""Polish III (issue 34): what a new player met in a real window, each driven by real events."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.i18n import set_language, tr
from nimarcade.window.scenes import hud

from tests.window.harness import Driver


# -- 1. the Matches theory is never cut ------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("level", ["td4", "40"])
def test_matches_theory_is_shown_whole_on_every_move(make_driver, drawn, lang: str, level: str) -> None:
    from nimarcade.games.matches.scene.art import BOARD, hint_top, line_step
    driver = make_driver(lang=lang)
    set_language(lang)
    game = driver.start_level("matches", level)
    driver.key(pygame.K_t)                                  # the theory, for every hint from now on
    for _ in range(4):
        if game.finished or not game.human_turn():
            break
        driver.key(pygame.K_h)
        driver.until(lambda: game.hint is not None and not game.hint_pending)
        drawn.clear()
        driver.step()
        size, parts = game.hint_parts()
        full = " ".join(game.explain(game.hint)[1:])
        assert " ".join(parts) == full                      # wrapped, not cut
        assert hint_top(game.table) + len(parts) * line_step(size) <= BOARD.bottom
        assert all(part in drawn for part in parts)
        assert game.take == game.hint.moves[0][1] if game.hint.moves and not game.hint.lost else True
        move = game.hint.moves[0] if game.hint.moves else game.state.legal_moves()[0]
        driver.play(game, move, "keys")
        driver.settle()
        # a second person plays the other side: any move
        if not game.finished and game.human_turn():
            driver.play(game, game.state.legal_moves()[0], "keys")
            driver.settle()


# -- 2. the Queen's first move, as the README says: click the queen, then a lit cell ---------------
def test_queen_first_move_click_queen_then_lit_cell(driver, drawn) -> None:
    game = driver.start_level("wythoff", "classic-7x10")
    queen = game.state.pieces[0]
    assert game.selected == queen                        # the lone queen is chosen for the player
    driver.click(game.cell_center(queen))                # the README's first click keeps it chosen
    assert game.selected == queen
    dst = game.destinations()[0]
    before = game.state
    driver.click(game.cell_center(dst))
    assert game.state is not before and not any("pas de reine" in s for s in drawn)


def test_queen_lit_cell_moves_the_lone_queen_even_after_a_cancel(driver) -> None:
    game = driver.start_level("wythoff", "classic-7x10")
    queen = game.state.pieces[0]
    driver.click(game.cell_center(queen), button=3)      # right-click cancels the choice
    assert game.selected is None
    dst = game.state.destinations(queen)[0]
    before = game.state
    driver.click(game.cell_center(dst))
    assert game.state is not before


# -- 3. « Change the level or players » says one true thing --------------------------------------
def test_change_setup_keeps_the_game_and_says_so_once(driver, drawn) -> None:
    game = driver.start_level("sticks", "fort-boyard")
    driver.play(game, game.state.legal_moves()[0], "keys")
    driver.settle()
    driver.key(pygame.K_ESCAPE)
    pause = driver.scene
    assert pause.name == "pause"
    driver.choose(pause.menu, "setup", "mouse")
    assert driver.scene.name == "setup"                  # no « the moves will be lost »: they are not
    assert tr("confirm.leave_detail") not in drawn
    assert driver.app.services.autosave.for_card(game.config.card.key) is not None
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "confirm" and driver.scene.question == tr("kept.replace")


# -- 4. Awélé's Analysis and Info are off during a puzzle, and say so ----------------------------
def open_puzzle(driver: Driver, game: str):
    from tests.window.test_puzzle_scene import choose_game, open_puzzles, start
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


# -- 5. a proved Awélé puzzle says one thing: its question, its verdict and its proof agree --------
def test_a_proved_awele_puzzle_asks_and_explains_consistently(make_driver, drawn) -> None:
    from nimarcade.analysis import verdicts
    from tests.window.test_puzzle_scene import answer
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


# -- 6. the editor's reason is true: a lost position is won by the opponent ---------------------
def test_the_editor_says_a_lost_position_is_won_by_the_opponent(driver) -> None:
    from nimarcade.core import registry as games
    from nimarcade.puzzles import puzzle as puzzles
    from tests.window.test_editor import open_editor, sentence, shown
    editor = open_editor(driver, "sticks", "sticks", "mgl7160", "keys")    # 13, last loses: lost
    driver.key(pygame.K_d)
    driver.step()
    reason = shown(editor)[1]
    assert reason == sentence(tr("puzzles.no_win"))
    assert "personne" not in reason and "perdue pour qui doit jouer" in reason
    spec = games.get("sticks")
    start = spec.start_state({"sticks": 13, "max_take": 3, "last_loses": True}, "")
    assert not spec.winning_moves(start) and not start.is_over       # lost for the player to move...
    assert all(spec.winning_moves(start.play(m)) for m in start.legal_moves())   # ...the opponent wins


# -- 7. the solution is shown alone: no old selection over the hint ------------------------------
@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_a_solved_heaps_puzzle_shows_the_hint_without_an_old_selection(make_driver, drawn, by: str) -> None:
    from nimarcade.games.heaps.scene import art as heaps_art
    from tests.window.test_puzzle_scene import answer
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


# -- 8. the terminal mode speaks the saved language ---------------------------------------------
@pytest.mark.parametrize("door", [["text"], ["--text"]])
def test_the_text_mode_speaks_the_saved_language_without_lang(tmp_path, door: list[str]) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    from nimarcade.storage.settings import Settings, SettingsStore

    env = {**os.environ, "NIMARCADE_CONFIG_DIR": str(tmp_path)}
    was = os.environ.get("NIMARCADE_CONFIG_DIR")
    os.environ["NIMARCADE_CONFIG_DIR"] = str(tmp_path)
    try:
        SettingsStore.default().save(Settings(language="en"))
    finally:
        if was is None:
            del os.environ["NIMARCADE_CONFIG_DIR"]
        else:
            os.environ["NIMARCADE_CONFIG_DIR"] = was
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "main.py", *door, "--game", "sticks"], input="q\n", cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)
    assert tr("text.setup_title", "en") in done.stdout, done.stdout[:400]
    assert tr("text.setup_title", "fr") not in done.stdout


# -- 9. a named player's puzzle names them in the player box too ---------------------------------
def test_a_named_players_puzzle_names_them_in_the_player_box(driver, drawn) -> None:
    from tests.window.test_puzzle_scene import choose_game, open_puzzles, start
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


# -- titles and names follow the position --------------------------------------------------------
def test_a_game_from_an_edited_position_is_titled_by_it_not_by_its_level(driver) -> None:
    from nimarcade.core import levels
    from nimarcade.core.match import MatchConfig
    level = next(lv for lv in levels.load("heaps") if lv.id == "1-3-7")
    game = driver.app.start_game(MatchConfig("heaps", level, dict(level.params), (0, 0), "me", start="4 5 7 2"))
    driver.step()
    assert game.state.heaps == (4, 5, 7, 2)
    assert "1-3-7" not in game.title_text() and tr("setup.position_title") in game.title_text()


def test_a_puzzle_is_titled_as_a_puzzle_not_by_its_level(driver) -> None:
    scene = open_puzzle(driver, "heaps")
    title = scene.board.scene.title_text()
    assert title == tr("puzzle.board_title", game=tr("game.heaps")) and "Nim 1-" not in title


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
    from tests.window.editor_session import open_editor
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


# -- a wrong Heaps answer shows every solution ----------------------------------------------------
def test_a_wrong_heaps_answer_shows_all_three_solutions(driver, drawn) -> None:
    from nimarcade.puzzles import puzzle as puzzles
    from tests.window.test_puzzle_scene import answer, choose_game, open_puzzles, start, wrong_move
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


# -- the puzzle rating moves by a bounded step, and its « ? » is explained ------------------------
def test_three_solved_puzzles_move_a_new_rating_by_a_bounded_step() -> None:
    from nimarcade.people.rating import MAX_CHANGE, Rating, puzzles_left, update
    player, seen = Rating(), []
    for _ in range(3):
        before = player.rating
        player = update(player, 1900, True)
        assert 0 < player.rating - before <= MAX_CHANGE
        seen.append(player.rating)
    assert seen[-1] <= 1500 + 3 * MAX_CHANGE < 2000          # not 2209
    assert puzzles_left(Rating()) == 10 and player.provisional and puzzles_left(player) > 0


def test_the_provisional_rating_is_explained_while_solving(driver, drawn) -> None:
    from nimarcade.people.rating import puzzles_left
    scene = open_puzzle(driver, "heaps")
    drawn.clear()
    driver.step()
    rating = scene.session.record.rating
    assert rating.shown().endswith("?")
    assert any(tr("puzzle.provisional", n=puzzles_left(rating)) in line for line in drawn)


# -- the Players screen adds a player's file by its path ------------------------------------------
def type_text(driver: Driver, text: str) -> None:
    driver.post(pygame.TEXTINPUT, text=text)
    driver.step()


def test_the_players_screen_adds_a_python_players_file_by_its_path(driver, drawn, tmp_path) -> None:
    good = tmp_path / "ma_strategie.py"
    good.write_text("from nimarcade.players import Player\n\n\nclass Mine(Player):\n"
                    "    def choose_move(self, state):\n        return 1\n", encoding="utf-8")
    bad = tmp_path / "rien.py"
    bad.write_text("x = 1\n", encoding="utf-8")
    driver.app.manager.go("players")
    driver.step()
    screen = driver.scene
    driver.click(screen.buttons.item("file").rect.center)
    assert screen.entry is not None
    type_text(driver, str(bad))
    driver.key(pygame.K_RETURN)
    from nimarcade.players.files import PlayerFileError, check_python_player
    with pytest.raises(PlayerFileError) as refused:
        check_python_player(bad)
    assert screen.entry is not None and screen.entry.error == refused.value.message
    assert str(bad.resolve()) not in driver.app.player_files
    driver.key(pygame.K_ESCAPE)
    assert screen.entry is None
    driver.key(pygame.K_f, unicode="f")                      # the keyboard's way...
    type_text(driver, "f")                                   # ...whose own letter is not typed
    type_text(driver, str(good))
    driver.key(pygame.K_RETURN)
    assert screen.entry is None and str(good.resolve()) in driver.app.player_files
    name = check_python_player(good)
    assert driver.app.toasts[-1].text == tr("players.added", name=name)


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


# -- a message never half covers a screen's line of keys ------------------------------------------
def test_a_message_takes_the_place_of_the_keys_line_while_it_shows(driver, drawn) -> None:
    driver.app.manager.go("players")
    driver.step()
    drawn.clear()
    driver.step()
    assert tr("players.keys") in drawn
    driver.key(pygame.K_n, unicode="n")
    type_text(driver, "Zoé")
    driver.key(pygame.K_RETURN)
    drawn.clear()
    driver.step()
    assert tr("players.added_player", name="Zoé") in drawn and tr("players.keys") not in drawn
    driver.app.toasts.clear()                              # the message has gone
    drawn.clear()
    driver.step()
    assert tr("players.keys") in drawn


# -- the notation « 3:7 » is explained where the moves are written --------------------------------
def test_the_heaps_notation_is_explained_under_the_move_list(driver, drawn) -> None:
    game = driver.start_level("heaps", "1-3-7")
    driver.play(game, game.state.legal_moves()[-1], "keys")
    driver.settle()
    drawn.clear()
    driver.key(pygame.K_l)                                   # the move list
    assert game.move_list.enabled and tr("heaps.notation") in drawn


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


# -- Awélé: where the last seed lands is a ring with its legend, never a dot in an empty house ----
def test_awele_landing_house_is_a_ring_named_by_the_preview_line(driver, drawn, monkeypatch) -> None:
    from nimarcade.games.awele.scene import art as awele_art
    from nimarcade.games.awele.rules import format_move
    game = driver.start_level("awele", "classique")
    circles = []
    real = awele_art.pygame.draw.circle
    monkeypatch.setattr(awele_art.pygame.draw, "circle",
                        lambda surf, color, center, radius, width=0, *a: (circles.append((tuple(center), width)),
                                                                        real(surf, color, center, radius, width, *a))[1])
    house = 2                                            # C: 4 seeds
    driver.move_mouse(game.house_center(house))
    drawn.clear()
    driver.step()
    landing = game.state.sowing(house).path[-1]
    assert any(tr("awele.preview", house="C", n=4, last=format_move(landing)) == s for s in drawn)
    at_landing = [width for center, width in circles if center == tuple(game.geo.centers[landing])]
    assert at_landing and all(width > 0 for width in at_landing)      # a ring: nothing filled in it


# -- the first click after the window opens counts --------------------------------------------------
def test_the_first_click_counts_even_without_a_mouse_move_before_it(driver) -> None:
    import os
    from nimarcade.window import app as app_mod
    assert os.environ.get(app_mod.FOCUS_CLICK_HINT) == "1"     # SDL passes the focusing click on
    driver.app.manager.go("title")
    driver.step()
    item = driver.scene.menu.item("players")
    driver.post(pygame.MOUSEBUTTONDOWN, pos=item.rect.center, button=1)   # no motion before it
    driver.post(pygame.MOUSEBUTTONUP, pos=item.rect.center, button=1)
    driver.step()
    assert driver.scene.name == "players"


# -- Matches: the keyboard's cursor shows from the first key --------------------------------------
@pytest.mark.parametrize("key", [pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN, pygame.K_UP])
def test_the_matches_cursor_shows_from_the_first_key(driver, key: int) -> None:
    game = driver.start_level("matches", "21")
    driver.move_mouse((5, 5))                                # the mouse elsewhere, nothing chosen
    assert game.sel is None
    driver.key(key)
    assert game.sel is not None and game.present(game.sel[0])
    assert game.view().sel == game.sel                       # drawn this frame
