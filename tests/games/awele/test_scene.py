"""Awélé (seed 002) played to the result screen by mouse alone, by keyboard alone and computer
against computer; refusals in the rules' words, the hint, the turned-round view, the sowing
animation (seeds conserved at every instant, the last frame is the new position), quitting
while seeds are being sown, the demo, and key mashing."""
from __future__ import annotations

import random

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.i18n import tr
from nimarcade.games.awele.rules import AweleState, format_move, house_label, own_range
from nimarcade.core import registry
from nimarcade.window.scenes import game as game_mod
from nimarcade.games.awele.scene.art import end_rect, preview_line
from nimarcade.games.awele.scene.scene import WOOD, AweleScene
from nimarcade.window.scenes.result import ResultScene
from nimarcade.core.match import HUMAN, MatchConfig

from tests.window.harness import Driver, make_app

#: A point on the board between the two rows: no house there (a click there skips a sowing).
MIDDLE = (WOOD.centerx, WOOD.centery)


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch, swap_spec):
    """The computer answers at once and thinks briefly (levels 3-4 are capped to 50 ms), and so
    does the analysis behind the hint."""
    monkeypatch.setattr(game_mod, "AI_MIN_DELAY", 0.0)
    swap_spec("awele", hint_time=0.1, analysis_time=0.1)
    for level in (3, 4):
        monkeypatch.setitem(registry.get("awele").engine.ai_time, level, 0.05)


def level(level_id: str):
    return next(lv for lv in levels.load("awele") if lv.id == level_id)


def start(driver: Driver, level_id: str = "rapide", seats=(HUMAN, 2), first: str = "human") -> AweleScene:
    lv = level(level_id)
    scene = driver.app.start_game(MatchConfig("awele", lv, dict(lv.params), seats, first))
    driver.step()
    assert isinstance(scene, AweleScene)
    return scene


def with_board(scene: AweleScene, houses, stores, to_move: int = 0, variant: str = "forbidden") -> None:
    scene.match.states = [AweleState.from_board(houses, stores, to_move, variant)]
    scene.match.moves = []
    scene.layout()
    scene.on_new_turn()


def play_out(driver: Driver, scene: AweleScene, skip: bool = True, max_frames: int = 20000) -> None:
    """Frames until a person may play or the game is over; with ``skip``, a click skips each sowing."""
    for _ in range(max_frames):
        if driver.scene is not scene or scene.human_turn() or scene.finished:
            return
        if skip and scene.animating:
            driver.click(MIDDLE)
        else:
            driver.step()
    raise AssertionError("the game got stuck")


def test_mouse_game_against_the_computer_reaches_the_result(driver) -> None:
    scene = start(driver)
    rng = random.Random(7)
    sounds: list[str] = []
    moves = 0
    while not scene.finished:
        play_out(driver, scene)
        if scene.finished:
            break
        house = rng.choice(scene.state.legal_moves())
        driver.move_mouse(scene.house_center(house))
        assert scene.selected() == house and scene.preview(house)[0] is not None
        before = scene.state
        for pos in scene.mouse_path(house):
            driver.click(pos)
        assert scene.state is not before and scene.match.moves[-1] == house
        moves += 1
        if moves % 4 == 0:  # now and then, watch a whole sowing (seed by seed, with its sounds)
            driver.until(lambda: not scene.animating)
        sounds += driver.app.sounds.take_log()
    assert "seed" in sounds
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    result = driver.scene
    assert result.match.state.is_over
    text = "\n".join(result.details())
    assert tr(f"end.awele.{result.match.state.end}") in text
    assert "capturées" in text and "restantes" in text


def test_keyboard_alone_against_the_computer(driver) -> None:
    scene = start(driver, seats=(HUMAN, 1))
    driver.app.update_settings(animation_speed=2.0)
    rng = random.Random(3)
    turns = 0
    while not scene.finished:
        play_out(driver, scene, skip=False)
        if scene.finished:
            break
        house = rng.choice(scene.state.legal_moves())
        if turns % 2:
            assert scene.key_path(house) == [pygame.K_1 + house_label(house) - 1]   # 1-6 from the player's left
            driver.keys(*scene.key_path(house))
        else:
            while scene.cursor != house:
                col, target = scene.slot(scene.cursor)[1], scene.slot(house)[1]
                driver.key(pygame.K_RIGHT if target > col else pygame.K_LEFT)
            driver.key(pygame.K_RETURN)
        assert scene.match.moves[-1] == house
        turns += 1
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    assert driver.scene.match.move_count >= turns


def test_two_humans_keyboard_rows_and_arrows(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    assert scene.bottom == 0                       # player 0 plays the bottom row
    driver.key(pygame.K_RIGHT)
    assert scene.cursor == 1
    driver.key(pygame.K_RETURN)                    # house 2 (index 1)
    driver.until(lambda: scene.human_turn())
    assert scene.state.to_move == 1 and scene.cursor in own_range(1)
    # Player 1's row is on top, numbered from their left (the screen's right).
    assert scene.house_center(6)[1] < scene.house_center(0)[1]
    assert scene.house_center(6)[0] > scene.house_center(11)[0]
    start_house = scene.cursor
    driver.key(pygame.K_LEFT)                      # to the screen's left: a higher house number
    assert scene.cursor == start_house + 1 or scene.cursor == 11
    driver.key(pygame.K_u)                         # undo
    assert scene.state.to_move == 0 and scene.match.move_count == 0


def test_starving_the_opponent_is_refused_in_the_seeds_words(driver) -> None:
    scene = start(driver, "classique", seats=(HUMAN, HUMAN))
    # House 6 (index 5) would capture the opponent's last seeds: a grand slam that starves them.
    with_board(scene, [2, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0], (20, 24))
    assert scene.state.legal_moves() == [0]
    driver.app.sounds.take_log()
    driver.click(scene.house_center(5))
    assert scene.message == tr("err.awele.starve") == "vous ne pouvez pas affamer l'adversaire"
    assert "invalid" in driver.app.sounds.take_log()
    assert scene.match.move_count == 0
    driver.key(pygame.K_6)
    assert scene.message == tr("err.awele.starve") and scene.match.move_count == 0
    driver.move_mouse(scene.house_center(5))
    assert scene.preview(5) == (None, tr("err.awele.starve"))
    driver.click(scene.house_center(2))                # an empty house
    assert scene.message == tr("err.awele.empty", house="C") == "la case C est vide"
    driver.click(scene.house_center(6))                # the opponent's house
    assert scene.message == tr("err.awele.not_yours", house="a")
    assert driver.app.sounds.take_log().count("invalid") == 3
    driver.click(scene.house_center(0))                # the only legal move
    assert scene.match.moves == [0]


def test_the_variant_is_in_the_rule_line(driver) -> None:
    scene = start(driver, "tournoi", seats=(HUMAN, HUMAN), first="human")
    assert scene.rule_text() == tr("awele.rule_capture_nothing")
    # Tournament rule: the grand slam is allowed but captures nothing.
    with_board(scene, [2, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0], (20, 24), variant="capture_nothing")
    driver.click(scene.house_center(5))
    assert scene.match.moves == [5] and scene.state.stores == (20, 24)


def test_sowing_animation_conserves_seeds_and_ends_on_the_new_position(driver) -> None:
    scene = start(driver, "longue", seats=(HUMAN, HUMAN))
    # 25 seeds: two laps, skipping the starting house; then a move that captures 2 + 2.
    for houses, stores, move in (([25, 3, 0, 6, 2, 1, 1, 0, 4, 9, 0, 1], (10, 10), 0),
                                 ([0, 0, 0, 0, 3, 2, 1, 1, 1, 4, 0, 0], (15, 20), 4)):
        with_board(scene, houses, stores)
        before = scene.state
        total = before.total
        sowing = before.sowing(move)
        assert move not in sowing.path
        scene.submit(move)
        anim = scene.anim
        for k in range(41):
            anim.elapsed = anim.duration * k / 40
            view = scene.shown()
            hand = view["hand"][1] if view["hand"] else 0
            assert sum(view["houses"]) + sum(view["stores"]) + hand + len(view["flying"]) == total
        anim.elapsed = anim.duration
        view = scene.shown()
        assert view["houses"] == list(scene.state.houses) and view["stores"] == list(scene.state.stores)
        assert view["hand"] is None and view["flying"] == []
        driver.step()
        assert not scene.animating


def test_capture_sounds_and_click_skips_the_sowing(driver) -> None:
    scene = start(driver, "classique", seats=(HUMAN, HUMAN))
    with_board(scene, [0, 0, 0, 0, 3, 2, 1, 1, 1, 4, 0, 0], (15, 20))
    driver.app.sounds.take_log()
    driver.key(pygame.K_5)                              # sows 5, 6, 7: captures 2 + 2
    assert scene.animating and "capture" not in scene.last_move_text   # told when it happens
    driver.until(lambda: scene.capture_heard or not scene.animating)
    driver.step()
    assert "capture" in scene.last_move_text
    driver.until(lambda: not scene.animating)
    log = driver.app.sounds.take_log()
    assert log.count("seed") == 3 and log.count("capture") == 1
    assert scene.state.stores == (19, 20)
    driver.key(pygame.K_3)                              # player 1 plays their house 3
    assert scene.animating
    driver.click(MIDDLE)                                # a click skips ahead
    assert not scene.animating and scene.state.to_move == 0


def test_hint_highlights_and_explains_the_advised_house(driver) -> None:
    scene = start(driver, "classique", seats=(HUMAN, HUMAN))
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None, 10)
    move = scene.hint.moves[0]
    assert scene.hint.advice and move in scene.state.legal_moves()
    lines = scene.explain(scene.hint)
    assert f"case {format_move(move)}" in lines[0] and "onseil" in lines[0]
    assert any("pas une preuve" in line for line in lines)
    assert scene.cursor == move                         # Enter plays the advice
    driver.step(2)
    driver.key(pygame.K_RETURN)
    assert scene.match.moves == [move] and scene.hint is None


def test_the_view_turns_round_when_the_computer_starts(driver) -> None:
    scene = start(driver, "classique", seats=(HUMAN, 2), first="computer")
    assert not scene.match.player(0).is_human and scene.match.player(1).is_human
    assert scene.bottom == 1
    assert scene.house_center(6)[1] > scene.house_center(0)[1]        # my houses at the bottom
    assert scene.house_center(6)[0] < scene.house_center(11)[0]       # 1 to 6 from my left
    assert scene.store_rect(1).centerx > scene.store_rect(0).centerx  # my store on my right
    play_out(driver, scene)
    assert scene.human_turn() and scene.match.move_count == 1
    house = scene.state.legal_moves()[0]
    driver.click(scene.house_center(house))
    assert scene.match.moves[-1] == house
    driver.key(pygame.K_h)                             # no crash on the flipped board either


def test_computer_against_computer_to_the_result(driver) -> None:
    scene = start(driver, "rapide", seats=(2, 1))
    assert scene.bottom == 0
    play_out(driver, scene)
    assert scene.finished
    assert tr(f"end.awele.{scene.state.end}") in scene.rule_text()
    assert scene.final_lines()[1].count("restantes") == 2
    driver.until(lambda: isinstance(driver.scene, ResultScene))


def test_quitting_while_seeds_are_sown() -> None:
    app = make_app()
    driver = Driver(app)
    try:
        scene = start(driver, "classique")
        driver.click(scene.house_center(2))
        driver.step(3)
        assert scene.animating
        driver.post(pygame.QUIT)
        driver.step()
        assert not app.running
    finally:
        app.shutdown()


def test_demo_plays_awele_and_a_key_returns_to_the_title(driver) -> None:
    from nimarcade.window.scenes.demo import DemoDirector
    from nimarcade.window.scenes.title import TitleScene

    DemoDirector(driver.app, only="awele").start()
    scene = driver.scene
    assert isinstance(scene, AweleScene) and scene.demo
    driver.until(lambda: scene.match.move_count >= 2)
    driver.key(pygame.K_SPACE)
    assert isinstance(driver.scene, TitleScene)


def test_key_and_click_mashing_never_crashes(driver, swap_spec) -> None:
    hint = registry.get("awele").engine.hint   # H is pressed often: each hint searches 10 ms
    swap_spec("awele", hint=lambda state, level, rng, limit, **kw: hint(state, level, rng, 0.01, **kw))
    scene = start(driver, "classique", seats=(HUMAN, 1))
    rng = random.Random(11)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_h, pygame.K_u,
            pygame.K_F1, pygame.K_0, pygame.K_1, pygame.K_3, pygame.K_6, pygame.K_7, pygame.K_9,
            pygame.K_KP4, pygame.K_UP, pygame.K_DOWN, pygame.K_a]
    for _ in range(300):
        if driver.scene is not scene:
            break
        r = rng.random()
        if r < 0.45:
            driver.key(rng.choice(keys))
        elif r < 0.8:
            driver.click((rng.randrange(0, 1280), rng.randrange(0, 720)), rng.choice((1, 1, 1, 3)))
        else:
            driver.step()
    assert driver.app.running
    assert scene.match.move_count > 0


def test_the_board_turns_round_with_v_or_its_button(driver) -> None:
    scene = start(driver, seats=(HUMAN, HUMAN))
    driver.settle()
    below = scene.house_center(0)
    driver.key(pygame.K_v)
    assert scene.rotated and scene.house_center(0)[1] < below[1]    # player 1's row went to the top
    driver.click(scene.rotate_rect().center)
    assert not scene.rotated and scene.house_center(0) == below
    house = scene.state.legal_moves()[0]
    driver.click(scene.house_center(house))                      # still plays where it is drawn
    assert scene.match.moves == [house]


def test_a_refusal_never_stays_under_the_board_after_another_one(driver, drawn) -> None:
    """« la case C est vide » stayed under the board after a later, different
    refusal. Each refusal is the HUD's own; under the board, only what is pointed at now."""
    scene = start(driver, "classique", seats=(HUMAN, HUMAN))
    with_board(scene, [4, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4], (8, 0))
    driver.move_mouse(MIDDLE)
    driver.key(pygame.K_3)                                  # by key: an empty house
    assert scene.message == "la case C est vide" and scene.cursor != 2
    drawn.clear()
    driver.step()
    assert drawn.count("la case C est vide") == 1          # the HUD's line only
    driver.click(scene.house_center(7))                    # by mouse: the opponent's house
    assert scene.message == "la case b appartient à l'adversaire"
    drawn.clear()
    driver.step()
    assert "la case C est vide" not in drawn and "la case b appartient à l'adversaire" in drawn
    driver.move_mouse(scene.house_center(1))               # pointing at an empty house says so, live
    drawn.clear()
    driver.step()
    assert drawn.count("la case B est vide") == 1 and "la case C est vide" not in drawn


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_one_notation_on_the_board_and_in_every_text(make_driver, lang) -> None:
    """The houses' letters (A-F South's, a-f North's) in the previews, the keys' legend, the
    moves, the refusals and the hint, as on the board and in the records."""
    driver = make_driver(lang=lang)
    scene = start(driver, "classique", seats=(HUMAN, HUMAN))
    row = "case" if lang == "fr" else "house"
    driver.move_mouse(scene.house_center(3))
    assert tr("awele.preview", house="D", n=4, last="b") == preview_line(scene.choice(scene.player_colors()))[0]
    assert f"{row} D" in preview_line(scene.choice(scene.player_colors()))[0]
    keys = scene.below_lines()[0][0]
    assert keys.endswith("A à F" if lang == "fr" else "A to F")
    driver.click(scene.house_center(3))
    assert f"{row} D" in scene.last_move_text
    driver.until(lambda: scene.human_turn())
    assert scene.below_lines()[0][0].endswith("a à f" if lang == "fr" else "a to f")   # North's row
    driver.click(scene.house_center(3))
    assert scene.message == tr("err.awele.not_yours", house="D")
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None)
    assert f"{row} {format_move(scene.hint.moves[0])}" in scene.explain(scene.hint)[0]
    assert format_move(scene.hint.moves[0]) in "abcdef"


def test_the_end_of_the_game_panel_covers_no_button_in_play_and_in_review(driver) -> None:
    """In review, the end-of-game panel covered the Turn/Info/Analysis buttons."""
    from nimarcade.window.scenes.review import ReviewScene

    scene = start(driver, "classique", seats=(HUMAN, HUMAN))
    with_board(scene, [0, 0, 0, 0, 2, 1, 1, 2, 0, 0, 0, 0], (23, 19))
    driver.click(scene.house_center(5))                    # captures 2: 25 of 48
    driver.until(lambda: scene.finished and not scene.animating)
    panel = end_rect()
    buttons = [scene.rotate_rect()] + [b.rect for b in scene.watch.buttons()]
    assert buttons == [scene.rotate_rect()]                # nothing to analyse any more
    assert not any(panel.colliderect(b) for b in buttons)
    assert panel.top > WOOD.bottom + 26                    # under the name beside the store
    driver.until(lambda: isinstance(driver.scene, ResultScene))
    driver.app.manager.go("review", match=driver.scene.match)
    driver.step()
    review = driver.scene
    assert isinstance(review, ReviewScene) and review.board.state.is_over
    assert [b.rect for b in review.board.watch.buttons()] == []
    review.jump(0)
    shown = [scene.rotate_rect()] + [b.rect for b in review.board.watch.buttons()]
    assert len(shown) == 3 and not any(panel.colliderect(b) for b in shown)
    assert not any(b.colliderect(c) for b in shown for c in shown if b is not c)


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
