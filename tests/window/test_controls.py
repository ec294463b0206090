"""The game screen's buttons and what goes with them, by real events: the buttons look disabled
when their action can't be done and say why when clicked, every one has a gamepad button; the
pause menu's help, settings and quit; the turn box during a move's animation after a resume; the
review's own buttons and the board's keys in it; the result's first moment, its final board and
its count of moves; the move list's headers; and messages (toasts) that cover no button."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.i18n import set_language, tr
from nimarcade.window.scenes.controls import KEYS
from nimarcade.window.scenes.game import GameScene
from nimarcade.window.scenes.hud import BOARD, HELP_RECT
from nimarcade.window.scenes.movelist import PANEL, MoveList
from nimarcade.window.scenes.select import card_rects
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.window.ui import theme
from nimarcade.window.ui.actionbar import ActionBar
from nimarcade.window.ui.gamepad import BUTTON_KEYS
from nimarcade.window.ui.widgets import TOAST_STRIP, Menu

from tests.window.harness import Driver


def start(driver: Driver, game: str = "sticks", level: str | None = "mgl7160", opponent: int = 1) -> Any:
    lv = levels.find_level(game, level)
    scene = driver.app.start_game(MatchConfig(game, lv, dict(lv.params), (HUMAN, opponent), "human"))
    driver.settle()
    return scene


def press(driver: Driver, scene: Any, name: str) -> None:
    driver.click(scene.controls.action(name).rect.center)


def finished_match(game: str = "sticks", level: str = "mgl7160") -> Match:
    lv = levels.find_level(game, level)
    match = Match.begin(MatchConfig(game, lv, dict(lv.params), (HUMAN, 1), "human"), 0)
    while not match.is_over:
        match.play(match.state.legal_moves()[-1])
    return match


# -- the buttons ------------------------------------------------------------------------------------
def test_the_buttons_never_cover_the_board_and_fit_in_english_too(driver) -> None:
    for lang in ("fr", "en"):
        set_language(lang)
        try:
            for variant in registry.VARIANTS:
                scene = start(driver, variant.game, variant.level)
                bar = scene.controls
                bar.layout()
                assert not bar.rect.colliderect(BOARD) and not bar.rect.colliderect(TOAST_STRIP)
                assert 0 <= bar.rect.left and bar.rect.right <= theme.WIDTH
                assert [a.name for a in bar.actions] == ["hint", "undo", "redo", "moves", "help", "pause"]
        finally:
            set_language("fr")


def test_a_disabled_button_looks_it_and_a_click_on_it_says_why(driver) -> None:
    scene = start(driver)
    undo = scene.controls.action("undo")
    assert not undo.enabled()
    screen = pygame.Surface(theme.SIZE)
    scene.draw(screen)
    disabled = screen.get_at(undo.rect.midleft + pygame.Vector2(4, 0))
    press(driver, scene, "undo")
    assert scene.message == tr("msg.nothing_to_undo") and scene.match.move_count == 0
    driver.play(scene, 2, "mouse")
    driver.settle()
    assert undo.enabled()
    driver.move_mouse((5, 5))
    scene.draw(screen)
    assert screen.get_at(undo.rect.midleft + pygame.Vector2(4, 0)) != disabled


def test_the_hint_button_is_disabled_while_the_computer_thinks(driver) -> None:
    driver.app.ai.synchronous = False            # the computer takes its time
    scene = start(driver, opponent=4)
    driver.play(scene, 1, "mouse")
    driver.until(lambda: scene.thinking and not scene.animating)
    assert not scene.controls.action("hint").enabled()
    press(driver, scene, "hint")
    assert scene.message == tr("msg.hint_wait") and scene.hint is None


def test_every_button_has_a_gamepad_button_that_does_the_same(driver) -> None:
    scene = start(driver)
    keys = {"hint": pygame.K_h, "undo": pygame.K_u, "redo": pygame.K_r, "moves": pygame.K_l,
            "help": pygame.K_F1, "pause": pygame.K_ESCAPE}
    assert set(keys) == {a.name for a in scene.controls.actions} and set(KEYS) < set(keys)
    pad = {key: button for button, key in BUTTON_KEYS.items()}

    def pad_press(name: str) -> None:
        driver.post(pygame.CONTROLLERBUTTONDOWN, button=pad[keys[name]], instance_id=0)
        driver.step()

    pad_press("hint")
    driver.until(lambda: scene.hint is not None)
    driver.play(scene, scene.hint.moves[0] if scene.hint.moves else 1, "mouse")
    driver.settle()
    pad_press("undo")
    assert scene.match.move_count == 0
    pad_press("redo")
    assert scene.match.move_count == 2
    pad_press("moves")
    assert scene.show_moves
    pad_press("moves")
    pad_press("help")
    assert scene.show_help
    pad_press("help")
    pad_press("pause")
    assert driver.scene.name == "pause"


# -- the pause menu ---------------------------------------------------------------------------------
def test_the_pause_menu_opens_the_help_and_the_settings_and_quits_keeping_the_game(driver) -> None:
    scene = start(driver)
    driver.play(scene, 1, "mouse")
    driver.settle()
    press(driver, scene, "pause")
    driver.click(driver.scene.menu.item("help").rect.center)
    assert driver.scene is scene and scene.show_help
    driver.click((theme.WIDTH // 2, theme.HEIGHT // 2))
    assert not scene.show_help
    press(driver, scene, "pause")
    pause = driver.scene
    driver.click(pause.menu.item("settings").rect.center)
    assert driver.scene.name == "settings"
    driver.click(driver.scene.menu.item("back").rect.center)
    assert driver.scene is pause
    driver.click(pause.menu.item("quit").rect.center)
    confirm = driver.scene
    assert confirm.name == "confirm" and confirm.question == tr("confirm.quit")
    assert confirm.detail == tr("confirm.quit_kept")            # the game is kept: said so
    driver.click(confirm.buttons.items[1].rect.center)        # « Oui »
    assert not driver.app.running
    assert driver.app.autosave.match is scene.match and scene.match.move_count == 2


# -- the turn box -----------------------------------------------------------------------------------
def test_after_a_resume_the_turn_box_names_the_computer_while_its_move_is_animated(driver) -> None:
    scene = start(driver, "awele", None)
    driver.play(scene, scene.state.legal_moves()[0], "mouse")
    driver.until(lambda: not scene.animating and scene.turns.computer_to_move)
    press(driver, scene, "pause")                          # left before the computer has played
    driver.click(driver.scene.menu.item("menu").rect.center)
    title = driver.scene
    assert title.name == "title" and title.menu.items[0].name == "resume"
    driver.click(title.menu.item("resume").rect.center)
    game = driver.scene
    assert isinstance(game, GameScene) and game is not scene and game.match.move_count == 1
    driver.until(lambda: game.animating)
    computer = game.before.to_move
    assert not game.match.player(computer).is_human and game.state.to_move != computer
    assert game.hud.turn_player() == computer             # not « Au tour de Joueur 1 » yet
    driver.until(lambda: not game.animating)
    assert game.hud.turn_player() == game.state.to_move != computer


# -- the review -------------------------------------------------------------------------------------
def review_of(driver: Driver, match: Match) -> Any:
    driver.app.manager.go("review", match=match)
    driver.step()
    return driver.scene


def test_the_review_buttons_move_through_the_game_and_leave(driver) -> None:
    match = finished_match()
    review = review_of(driver, match)
    total = len(match.moves)
    assert review.at == total and not review.controls.action("next").enabled()
    for name, at in (("first", 0), ("next", 1), ("next", 2), ("previous", 1), ("last", total)):
        driver.click(review.controls.action(name).rect.center)
        driver.until(lambda: not review.board.animating)
        assert review.at == at, name
    driver.click(review.controls.action("back").rect.center)
    assert driver.scene.name == "result"


def test_the_review_gives_the_hint_of_the_position_shown(driver) -> None:
    review = review_of(driver, finished_match())
    driver.click(review.controls.action("first").rect.center)
    driver.key(pygame.K_h)
    driver.until(lambda: review.board.hint is not None)
    assert review.board.hint.lost                         # 13 sticks, the last one loses: 13 = 4·3 + 1
    assert review.board.hud.message_line()[0] == review.board.explain(review.board.hint)[0]
    assert review.controls.action("hint").active()
    driver.click(review.controls.action("next").rect.center)
    assert review.board.hint is None                      # of another position: gone
    driver.click(review.controls.action("hint").rect.center)
    driver.until(lambda: review.board.hint is not None)
    driver.key(pygame.K_END)
    driver.key(pygame.K_h)
    assert review.board.hint is None and review.board.message == tr("review.no_hint")


def accent_in(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    area = surface.subsurface(rect)
    return any(area.get_at((x, y))[:3] == theme.ACCENT for x in range(rect.width) for y in range(rect.height))


def test_the_sticks_review_shows_review_keys_only(driver) -> None:
    """Neither the game's buttons nor its « prendre 1 » prompt: nobody plays in a review."""
    live = start(driver)                                    # 13 sticks, Player 1 to move
    screen = pygame.Surface(theme.SIZE)
    live.draw_screen(screen)
    prompt = pygame.Rect(BOARD.centerx - 150, 440, 300, 60)
    assert accent_in(screen, prompt)                        # « prendre 1 », in amber
    review = review_of(driver, finished_match())
    driver.click(review.controls.action("first").rect.center)
    board = review.board
    assert board.state == live.state and not board.human_turn() and not board.hud.buttons_shown()
    board.draw_screen(screen)
    assert not accent_in(screen, prompt)
    bar = pygame.Rect(theme.WIDTH // 2, theme.HEIGHT - 80, theme.WIDTH // 2 - 24, 44)
    empty = theme.background().subsurface(bar)
    assert pygame.image.tobytes(screen.subsurface(bar), "RGB") == pygame.image.tobytes(empty, "RGB")


def test_in_the_awele_review_v_i_and_a_reach_the_board(driver) -> None:
    from tests.records.test_records import played

    match = played("awele", n=10_000)
    review = review_of(driver, match)
    board = review.board
    rotated = board.rotated
    driver.key(pygame.K_v)
    assert board.rotated != rotated
    info, analysis = board.watch.info_on, board.watch.analysis_on
    driver.key(pygame.K_i)
    driver.key(pygame.K_a)
    assert board.watch.info_on != info and board.watch.analysis_on != analysis
    driver.key(pygame.K_HOME)               # a finished board has no I and A buttons: the start has
    shrunk = review.move_list.board
    scale = shrunk.width / theme.WIDTH
    where = board.watch.info_rect().center
    driver.click((shrunk.left + where[0] * scale, shrunk.top + where[1] * scale))   # its button, seen shrunk
    assert board.watch.info_on == info and review.at == 0                          # not a step forward


# -- the result -------------------------------------------------------------------------------------
def test_the_result_ignores_keys_a_moment_and_shows_the_final_board(driver) -> None:
    match = finished_match()
    driver.app.manager.go("result", match=match)
    result = driver.scene
    driver.key(pygame.K_RETURN)                           # typed as the game ended
    assert driver.scene is result
    picture = result.final_board()
    assert picture.get_width() < BOARD.width and len(set(pygame.image.tobytes(picture, "RGB"))) > 10
    driver.until(lambda: result.accepts_input)
    driver.key(pygame.K_RETURN)                           # now it is meant: « Rejouer »
    assert driver.scene.name == "game"


def test_the_result_counts_moves_as_the_move_list_numbers_them() -> None:
    set_language("fr")
    assert tr("result.moves_rounds", n=11, rounds=6) == "Partie en 11 coups (6 tours)"
    set_language("en")
    try:
        assert tr("result.moves_rounds", n=1, rounds=1) == "Game of 1 move (1 round)"
    finally:
        set_language("fr")


# -- the move list ----------------------------------------------------------------------------------
def test_the_move_list_names_each_column_in_its_player_colour(driver) -> None:
    match = finished_match()
    moves = MoveList(lambda: match, str, lambda surface: None)
    screen = pygame.Surface(theme.SIZE)
    moves.draw_list(screen)
    header = screen.subsurface(pygame.Rect(PANEL.left, PANEL.top + 40, PANEL.width, 22))
    colours = {header.get_at((x, y))[:3] for x in range(header.get_width()) for y in range(header.get_height())}

    def shown(colour: tuple[int, int, int]) -> bool:       # small text is smoothed: nearly its colour
        return any(sum(abs(a - b) for a, b in zip(c, colour)) < 30 for c in colours)

    assert all(shown(theme.PLAYER_COLORS[match.seat_of(p)]) for p in (0, 1))


def test_undo_and_redo_name_the_moves_in_the_games_notation(driver) -> None:
    scene = start(driver)
    driver.play(scene, 2, "mouse")
    driver.settle()
    reply = scene.match.moves[1]
    press(driver, scene, "undo")
    assert scene.hud.note == tr("msg.undone_moves", n=2, round=1, moves=f"2, {reply}")
    assert scene.hud.note.startswith("2 coups annulés (2, ") and scene.hud.note.endswith(") : retour au tour 1")
    press(driver, scene, "redo")
    assert scene.hud.note == tr("msg.redone_moves", n=2, round=2, moves=f"2, {reply}")   # the round now to play


# -- messages ---------------------------------------------------------------------------------------
def control_rects(scene: Any) -> list[pygame.Rect]:
    """What can be clicked on ``scene``: its menus' items, its buttons, a game's board (its own
    controls are in it), the select screen's cards, the review's shrunk board."""
    rects: list[pygame.Rect] = []
    for value in vars(scene).values():
        if isinstance(value, Menu):
            rects += [item.rect for item in value.items]
        elif isinstance(value, ActionBar):
            value.layout()
            rects += [action.rect for action in value.actions]
    if isinstance(scene, GameScene):
        rects.append(BOARD)
    if scene.name == "select":
        rects += card_rects(len(registry.VARIANTS)) + [scene.back_rect()]
    if scene.name == "review":
        rects.append(scene.move_list.board)
    return rects


def screens(driver: Driver):
    """Each screen a message may be shown on, brought up in turn."""
    manager = driver.app.manager
    manager.go("title")
    yield
    manager.go("select")
    yield
    manager.go("setup", game="heaps", levels=levels.load("heaps"))
    yield
    manager.go("title")
    manager.open("settings")
    yield
    manager.go("records")
    yield
    manager.go("stats")
    yield
    for variant in registry.VARIANTS:
        scene = start(driver, variant.game, variant.level)
        yield
    driver.click(scene.controls.action("pause").rect.center)
    yield
    driver.click(driver.scene.menu.item("quit").rect.center)
    yield
    match = finished_match()
    manager.go("result", match=match)
    yield
    manager.go("review", match=match)
    yield


@pytest.mark.parametrize("text", ["Son coupé", "Partie enregistrée : " + "/tres/long/chemin" * 12 + "/partie.ogn"])
def test_a_message_never_covers_a_button(driver, text: str) -> None:
    seen = 0
    for _ in screens(driver):
        driver.step()
        driver.app.notify(text)
        driver.step()
        toast = driver.app.toasts[-1]
        assert toast.rect.width > 0 and TOAST_STRIP.contains(toast.rect)
        for scene in driver.app.manager.stack:
            for rect in control_rects(scene):
                assert not toast.rect.colliderect(rect), (scene.name, rect)
        seen += 1
    assert seen == 6 + len(registry.VARIANTS) + 4


def test_no_message_is_drawn_over_the_help(driver) -> None:
    scene = start(driver)
    press(driver, scene, "help")
    driver.app.notify("Plateau tourné")
    driver.app.notify("un fichier illisible", "error")
    driver.step()
    error = driver.app.error_shown()
    info = driver.app.toasts[-1]
    assert not info.rect.colliderect(HELP_RECT)
    assert not error.rect.colliderect(HELP_RECT)        # said over the title, or kept until the help closes
    driver.click(HELP_RECT.center)                       # closes the help (an error isn't there)
    assert not scene.show_help
    assert error.rect.width > 0 and driver.app.error_shown() is error


def test_a_click_that_closes_the_help_reaches_nothing_under_it(driver) -> None:
    scene = start(driver, "awele", None)
    info = scene.watch.info_on
    press(driver, scene, "help")
    assert scene.show_help
    driver.click(scene.watch.info_rect().center)         # Awélé's « Infos » button, under the panel
    assert not scene.show_help and scene.watch.info_on == info
