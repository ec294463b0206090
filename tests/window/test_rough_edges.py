"""The new player's rough edges: each driven with real pygame events (or read off the
code a screen uses)."""
from __future__ import annotations

import pygame

from nimarcade.core.registry import VARIANTS, winning_move
from nimarcade.window.scenes.result import ResultScene
from nimarcade.window.scenes.select import SelectScene, card_rects
from nimarcade.window.scenes.setup import SetupScene

from tests.window.harness import Driver


def test_the_first_game_of_sticks_is_won_by_playing_well(quick_ai, make_driver) -> None:
    """The Sticks card as a new player finds it (its first level, its computer, who starts): the
    player who plays the winning move each turn beats the expert."""
    from nimarcade.storage.settings import INSTANT

    driver = make_driver()
    driver.app.update_settings(animation_speed=INSTANT)
    driver.app.start()
    driver.step()
    driver.click(driver.scene.menu.item("play").rect.center)
    assert isinstance(driver.scene, SelectScene)
    driver.click(card_rects(len(VARIANTS))[[c.key for c in VARIANTS].index("sticks")].center)
    setup = driver.scene
    assert isinstance(setup, SetupScene) and setup.level.params["sticks"] == 13
    driver.click(setup.menu.item("play").rect.center)
    game = driver.scene
    person = next(i for i, p in enumerate(game.match.players) if p.is_human)
    while not game.finished:
        driver.settle()
        if game.finished:
            break
        move = winning_move(game.state)
        assert move is not None, f"lost at {game.state.sticks} sticks"
        driver.play(game, move, "mouse")
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    assert game.match.state.winner == person


def test_the_lab_panel_is_still_after_a_code_that_does_not_read(driver: Driver) -> None:
    """« 0.77, » typed (as random clicks did): the panel says why at once and then costs no frame
    (the app sleeps until the next event), and the reason names the mix of a code and a set."""
    from nimarcade.window import app as app_mod
    from nimarcade.games.octal.scene.scene import LAB_BUTTON

    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_BACKSPACE)
    for ch in "77,":
        driver.post(pygame.TEXTINPUT, text=ch)
        driver.step()
    assert scene.panel.code == "0.77,"
    said = scene.panel.code_error()
    assert said.startswith("« 0.77, »") and "virgule" in said and "d0" not in said
    driver.app.lively = app_mod.LIVELY          # as if the last input was long ago
    driver.app.toasts.clear()
    driver.step()
    assert driver.app.still() and not scene.moving()


def test_the_nimbers_of_pawns_have_a_button(driver: Driver, drawn: list[str]) -> None:
    from nimarcade.i18n import tr

    scene = driver.start_level("grid", "5x5")
    drawn.clear()
    driver.step()
    assert tr("grid.nimbers_button") in drawn
    driver.click(scene.nimbers_rect().center)
    assert scene.show_nimbers and scene.nimbers_shown()
    driver.key(pygame.K_l)                          # the move list open: the board is shrunk
    rect = scene.nimbers_rect()
    board = driver.scene.move_list.board
    from nimarcade.window.scenes.movelist import SCALE
    driver.click((board.left + rect.centerx * SCALE, board.top + rect.centery * SCALE))
    assert not scene.show_nimbers


def test_the_grundy_values_of_the_queen_have_a_button(driver: Driver, drawn: list[str]) -> None:
    from nimarcade.i18n import tr

    scene = driver.start_level("wythoff", "classic-7x10")
    drawn.clear()
    driver.step()
    assert tr("wythoff.grundy_button") in drawn
    driver.move_mouse(scene.grundy_rect().center)
    assert scene.grundy_hover
    driver.click(scene.grundy_rect().center)
    assert scene.show_grundy
    driver.click(scene.grundy_rect().center)
    assert not scene.show_grundy


def test_a_save_that_fails_says_why_and_hides_no_board(make_driver, tmp_path, monkeypatch) -> None:
    """The data folder read-only: the message after a move names the folder and the reason, and
    sits over the title, clear of the board and of the turn's panel."""
    import errno

    from nimarcade.i18n import tr
    from nimarcade.storage import files
    from nimarcade.window.scenes.hud import BOARD, TURN_RECT

    driver = make_driver(data_dir=tmp_path)
    scene = driver.start_level("sticks", "mgl7160")

    def read_only(path, text):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(files, "atomic_write_text", read_only)
    driver.play(scene, 1, "keys")
    driver.step()
    toast = driver.app.error_shown()
    assert toast is not None
    assert toast.text.startswith(tr("storage.save_failed"))
    assert tr("storage.why.denied", folder=str(tmp_path)) in toast.text
    assert toast.rect.height and not toast.rect.colliderect(BOARD) and not toast.rect.colliderect(TURN_RECT)


def test_a_player_chosen_since_takes_the_seat_a_card_remembered_as_a_person(driver: Driver) -> None:
    """Sticks set up and left with « Humain », then Zoé created and made current: the Sticks card
    offers Zoé on seat 1; a card left after Zoé was current keeps its « Humain »."""
    from nimarcade.core import levels
    from nimarcade.core.match import HUMAN

    def setup() -> SetupScene:
        driver.app.manager.go("setup", game="sticks", levels=levels.load("sticks"), variant="sticks")
        driver.step()
        return driver.scene

    first = setup()
    assert first.names[0] == "" and first.seats[0] == HUMAN
    driver.key(pygame.K_ESCAPE)                     # left: the card remembers « Humain »
    driver.app.profiles.add("Zoé")
    driver.app.profiles.choose("Zoé")
    again = setup()
    seat = again.menu.item("seat0")
    assert again.names[0] == "Zoé" and seat.values[seat.index] == ("player", "Zoé")
    driver.click(seat.left_rect.center)             # Zoé current, « Humain » chosen on purpose
    assert again.names[0] == "" and again.seats[0] == HUMAN
    driver.key(pygame.K_ESCAPE)
    assert setup().names[0] == ""


def test_matches_more_details_keep_the_advice_after_the_sentence_it_continues() -> None:
    """A lost row with its theory shown (« Plus de détails »): « Mais une seule erreur… » comes
    after « chacun de vos coups laisse… », and the theory names no paper to a student."""
    from nimarcade.core.hints import Hint
    from nimarcade.core.registry import is_winning
    from nimarcade.i18n import set_language, tr
    from nimarcade.games.matches.rules import RowState
    from nimarcade.games.matches.scene.explain import hint_lines

    after = [RowState.new(n).play(m) for n in (9, 14, 21) for m in RowState.new(n).legal_moves()]
    lost = [s for s in after if not is_winning(s) and s.cells.count(True) > 3][:6]
    assert lost
    for lang in ("fr", "en"):
        set_language(lang)
        try:
            for state in lost:
                lines = hint_lines(state, Hint((), True), theory=True)
                assert lines[0] == tr("matches.lost") and lines[-1] == tr("matches.lost_advice"), lines
                assert len(lines) > 2 and not any("Plambeck" in line or "quotient" in line for line in lines)
                assert hint_lines(state, Hint((), True), theory=False) == [lines[0], lines[-1]]
        finally:
            set_language("fr")


def test_the_best_awele_move_has_no_arrow_up() -> None:
    """The overlay's best move is a star, whatever its sign (« ▲ -0,3 » read as a gain); worse
    moves keep their triangle down."""
    from nimarcade.games.awele.scene.engine_art import INK, draw_symbol

    def inked(step: int) -> set[tuple[int, int]]:
        surface = pygame.Surface((40, 40))
        surface.fill((255, 255, 255))
        draw_symbol(surface, (20, 20), step, 10)
        return {(x, y) for x in range(40) for y in range(40) if surface.get_at((x, y))[:3] == INK}

    best, worse = inked(1), inked(-1)
    left_of_top = {(x, y) for x, y in best if y < 14}          # an up triangle is wide only at its base
    assert left_of_top and max(x for x, _ in left_of_top) - min(x for x, _ in left_of_top) < 8
    assert any(y <= 10 for _, y in best) and any(y >= 26 for _, y in best)   # a star: points up and down
    assert best != worse and max(y for _, y in worse) >= 27


def test_the_pawns_rule_line_says_they_may_share_a_cell(driver: Driver, drawn: list[str]) -> None:
    """Seed 003 lets a pawn move onto a taken cell (the hint does it): the rule line on screen says
    so, turned round too."""
    from nimarcade.i18n import tr
    from nimarcade.games.grid.rules import GridState

    state = GridState.from_pawns(5, 5, [(1, 1), (2, 1)])
    assert ((1, 1), (2, 1)) in state.legal_moves()         # onto the other pawn: allowed
    scene = driver.start_level("grid", "5x5")
    drawn.clear()
    driver.step()
    assert scene.rule_text() == tr("grid.rule") and tr("grid.rule") in drawn
    driver.key(pygame.K_v)
    drawn.clear()
    driver.step()
    assert tr("grid.rule_turned") in drawn
    for lang in ("fr", "en"):
        assert all({"fr": "sur un autre", "en": "onto a pawn"}[lang] in tr(key, lang)
                   for key in ("grid.rule", "grid.rule_turned"))


def test_the_puzzle_summary_names_the_positions_played_not_their_levels() -> None:
    """A queens' puzzle drawn from the « 3 reines » level may hold one queen: its summary row says
    the puzzle and its queens, as its screen does, never the level's name."""
    from nimarcade.core import levels, registry
    from nimarcade.i18n import language, tr
    from nimarcade.puzzles import puzzle as puzzles
    from nimarcade.window.scenes.puzzle.summary import title_of

    level = levels.load("wythoff")[2]                      # 9×12, three queens
    found = puzzles.make("wythoff", level.id, 1, 3)
    assert found
    spec = registry.get("wythoff")
    for p in found:
        title = title_of(p, language())
        assert title.startswith(tr("puzzle.board_title", game=tr("game.wythoff")))
        assert spec.position.write(p.state) in title and level.name() not in title


def test_the_review_graph_writes_the_sides_names_off_the_dots(driver: Driver) -> None:
    """« ▲ A mène » and « ▼ B mène » have bands of their own: no dot of the curve (at its highest
    and lowest too) and no ply's marker is under them."""
    from nimarcade.window.scenes.advantage import AdvantageGraph
    from nimarcade.window.scenes.review import GRAPH

    heights = {i: (1.0, -1.0, 0.6, -0.4)[i % 4] for i in range(9)}
    at = [0]
    graph = AdvantageGraph(GRAPH, lambda: heights, lambda: {i: True for i in heights}, lambda: {}, lambda: 9,
                           lambda: ((90, 160, 240), (240, 110, 150)), lambda: at[0], lambda ply: None,
                           lambda: "Qui mène ?", lambda: ("Joueur 1", "Ordinateur (maître)"))
    surface = pygame.Surface((1280, 720))
    graph.draw(surface)
    assert len(graph.name_rects) == 2
    for ply, value in heights.items():
        dot = pygame.Rect(0, 0, 11, 11)
        dot.center = (graph.x_of(ply), graph.y_of(value))
        assert dot.collidelist(graph.name_rects) == -1, (ply, value)


def test_a_redo_says_the_round_it_brings_back(driver: Driver) -> None:
    """One move each against the computer, undone (U) and redone (R): « 2 coups rétablis … : on
    est au tour 2 », the round now to play, as the undo said « tour 1 »."""
    from nimarcade.core.match import HUMAN, MatchConfig
    from nimarcade.core import levels
    from nimarcade.i18n import tr

    level = next(lv for lv in levels.load("sticks") if lv.id == "mgl7160")
    scene = driver.app.start_game(MatchConfig("sticks", level, dict(level.params), (HUMAN, 1), "human"))
    driver.settle()
    driver.play(scene, 1, "keys")
    driver.settle()
    moves = list(scene.match.moves)
    assert len(moves) == 2
    driver.key(pygame.K_u)
    assert scene.hud.note == tr("msg.undone_moves", n=2, round=1, moves=scene.moves_text(moves[::-1]))
    driver.key(pygame.K_r)
    assert scene.hud.note == tr("msg.redone_moves", n=2, round=2, moves=scene.moves_text(moves))
