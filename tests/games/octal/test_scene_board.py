"""The lab's board: a row of pins or heaps of tokens, played to the end by the mouse alone
and by the keyboard alone with real pygame events; the hover that lights the run and names the
split; the screen that says what an octal code is; the Grundy strip's hover; the lab panel's rough
edges (C never typed, a bad code said at once, the period searched off the window's thread)."""
from __future__ import annotations

import random
import threading

import pygame
import pytest

from nimarcade.core.rules.textual import Row
from nimarcade.i18n import tr
from nimarcade.window.scenes.generic import row_text
from nimarcade.window.scenes.result import ResultScene

from nimarcade.games.octal import explain
from nimarcade.games.octal.rules import OctalState
from nimarcade.games.octal.scene import choice as ch
from nimarcade.games.octal.scene import proofs
from nimarcade.games.octal.scene.scene import CODE_BUTTON, LAB_BUTTON, STRIP, OctalScene
from nimarcade.games.octal.scene.art import cell_at

from tests.window.test_pseudo_locale import look  # noqa: F401 - the pseudo-locale screen checker


@pytest.mark.parametrize("level", ["kayles", "guiles", "lasker", "nim", "matches"])
@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_a_game_to_its_end_on_the_board(driver, level: str, by: str) -> None:
    """Random moves, each by the clicks (take button, then the run's first pin) or the keys (heap,
    take, place, Enter) of a person, until the result screen; every move is the one meant."""
    scene = driver.start_level("octal", level)
    assert isinstance(scene, OctalScene)
    rng = random.Random(f"{level}-{by}")
    while not scene.finished and driver.scene is scene:
        move = rng.choice(scene.state.legal_moves())
        count = scene.match.move_count
        driver.play(scene, move, by)
        assert scene.match.move_count == count + 1 and scene.match.moves[-1] == move, scene.message
        driver.settle()
    driver.until(lambda: isinstance(driver.scene, ResultScene))


def test_the_hover_lights_the_run_and_names_the_split(driver, drawn) -> None:
    scene = driver.start_level("octal", "kayles")          # a row of 10 pins, 0.77
    driver.move_mouse(scene.board.centers[0][4])
    found = scene.pointed()
    assert found == ch.Choice(0, 4, 1) and found.move(scene.state) == (0, 1, 4)
    drawn.clear()
    driver.step()
    said = row_text(explain.move_words(scene.state, (0, 1, 4)))
    assert said == "prendre 1, le tas de 10 se coupe en 4 et 5 (1:1:4)"
    assert said[:1].upper() + said[1:] in drawn                 # the line under the board
    assert "4" in drawn and "5" in drawn                        # the two parts, named under the run
    driver.click(scene.take_rects()[2].center)                  # take 2: the run grows from the same pin
    driver.move_mouse(scene.board.centers[0][4])
    assert scene.pointed() == ch.Choice(0, 4, 2)


def test_a_take_the_code_forbids_is_refused_with_its_reason(driver) -> None:
    scene = driver.start_level("octal", "sticks")               # {1,2,3}: from an end only
    driver.click(scene.take_rects()[3].center)
    driver.move_mouse(scene.board.centers[0][6])
    found = scene.pointed()
    assert found is not None and found.start in (0, 10)         # the nearest run the code allows
    state = OctalState.new([2], "0.07")                         # 0.07: no take of 1 from a heap of 2
    assert ch.preview(state, 0, 0, 1) is None and ch.takes(state) == [2]


def test_the_last_move_and_the_hint_say_the_move_in_words(driver) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.play(scene, (0, 1, 0), "mouse")
    driver.settle()
    assert scene.last_move_text.endswith("joue : prendre 1, le tas de 10 devient 9 (1:1)")
    driver.key(pygame.K_h)
    driver.settle()
    driver.step(2)
    assert scene.hint is not None
    first = scene.explain(scene.hint)[0]
    assert first.startswith("Coup gagnant : prendre") and "(" in first


def test_the_words_of_every_shape() -> None:
    state = OctalState.new([10, 1], "4.7")
    said = {m: row_text(explain.move_words(state, m)) for m in [(0, 0, 3), (0, 1, 0), (1, 1, 0), (0, 1, 2)]}
    assert said[(0, 0, 3)] == "couper le tas de 10 en 3 et 7 (1:0:3)"
    assert said[(0, 1, 0)] == "prendre 1, le tas de 10 devient 9 (1:1)"
    assert said[(1, 1, 0)] == "prendre tout le tas de 1 (2:1)"
    assert said[(0, 1, 2)] == "prendre 1, le tas de 10 se coupe en 2 et 7 (1:1:2)"


@pytest.mark.parametrize("code, heaps", [("0.77", [10, 3]), ("4.3...", [3, 5, 7]), ("{1,2,3}", [13]),
                                         ("0.137", [9, 4]), ("0.6", [8, 10])])
def test_every_move_has_its_keys_and_its_click(code: str, heaps: list[int]) -> None:
    state = OctalState.new(heaps, code)
    for move in state.legal_moves():
        run = ch.choice_of(state, move)
        assert run.move(state) == move
        assert ch.preview(state, run.heap, run.start, run.take) == run
        cursor = ch.first_cursor(state)
        for name in ch.key_names(state, cursor, move):
            cursor, done = ch.press(state, cursor, name)
            assert done
        assert cursor.choice(state).move(state) == move


def test_the_octal_code_screen_by_button_key_help_and_panel(driver, drawn) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.click(CODE_BUTTON.center)                             # the button beside « Labo »
    assert scene.codes is not None
    drawn.clear()
    driver.step()
    text = " ".join(drawn)
    assert tr("octal.codes_title") in drawn
    for key in ("octal.codes_sticks", "octal.codes_matches", "octal.codes_kayles"):
        assert tr(key)[:20] in text
    assert "0.333" in text and "0.777" in text and "0.77" in text
    for bit in ("1", "2", "4"):
        assert bit in drawn
    driver.key(pygame.K_ESCAPE)
    assert scene.codes is None and driver.scene is scene
    driver.key(pygame.K_o)                                       # its key
    assert scene.codes is not None
    driver.click((10, 10))
    assert scene.codes is None
    driver.key(pygame.K_F1)                                      # from the help, which names the key
    assert scene.show_help and tr("octal.help_codes") in scene.help_note()
    driver.key(pygame.K_o)
    assert scene.codes is not None and not scene.show_help
    driver.key(pygame.K_ESCAPE)
    driver.click(LAB_BUTTON.center)                              # from the panel
    panel = scene.panel
    driver.click(panel.parts()[panel.part_index("button", tr("lab.codes"))].rect.center)
    assert scene.codes is not None
    driver.key(pygame.K_ESCAPE)
    assert scene.codes is None and scene.panel is not None


def test_the_strip_names_n_and_its_value_under_the_mouse(driver, drawn) -> None:
    scene = driver.start_level("octal", "kayles")
    count = len(scene._strip_values())
    pos = (round(STRIP.left + STRIP.width * 5.5 / count), STRIP.centery)
    assert cell_at(STRIP, count, pos) == 5
    driver.move_mouse(pos)
    assert scene.strip_hover == 5
    drawn.clear()
    driver.step()
    assert tr("octal.strip_tip", n=5, g=4) in drawn              # Kayles: G(5) = 4
    assert count * 22 <= STRIP.width                            # each cell wide enough for its number


def test_c_opens_the_panel_without_typing_c(driver) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.post(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)
    driver.post(pygame.TEXTINPUT, text="c")
    driver.step()
    assert scene.panel is not None and scene.panel.code == "0.77"
    driver.post(pygame.TEXTINPUT, text="7")
    driver.step()
    assert scene.panel.code == "0.777"


def test_a_bad_code_is_said_as_it_is_typed(driver, drawn) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    driver.post(pygame.TEXTINPUT, text="9")
    driver.step()
    said = scene.panel.code_error()
    assert said.startswith("Le chiffre 9")                      # a sentence of its own
    assert said in drawn                                         # on screen before any Enter


def test_the_panel_searches_the_period_off_the_window_thread(driver, monkeypatch) -> None:
    gate = threading.Event()
    real = proofs.grundy.prove

    def slow(code, **kwargs):
        gate.wait(10)
        return real(code, **kwargs)

    monkeypatch.setattr(proofs.grundy, "prove", slow)
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    scene.panel.code = "0.1337"                                  # a code no screen has asked for
    values, found = scene.panel.strip()
    assert values[:4] == [0, 1, 1, 2] and found is None          # the values now, the period later
    assert scene.panel.busy() and scene.moving()                 # the screen redraws until it comes
    gate.set()
    values, found = scene.panel.strip(wait=True)
    driver.step()                                                # the frame that shows it
    assert found is not None and not scene.panel.busy()
    assert not scene.moving()                                    # a still panel costs no frame
    assert proofs.proof(found.code) is found                     # the game's strip says the same bounds


def test_the_panel_labels_its_toggles(driver, drawn) -> None:
    driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    drawn.clear()
    driver.step()
    assert tr("lab.misere_label") in drawn and tr("lab.board_label") in drawn


def test_the_move_words_are_rows() -> None:
    assert isinstance(explain.move_words(OctalState.new([5], "0.77"), (0, 2, 1)), Row)


def test_the_lab_screens_hold_longer_text(look) -> None:       # noqa: F811 - the pseudo-locale's fixture
    """Every screen of the lab in the pseudo-locale (accented, 40 % longer): no text leaks from
    outside the catalogues, overflows its box or overlaps another."""
    driver = look.driver
    for level_id in ("kayles", "guiles", "grand", "lasker"):
        scene = driver.start_level("octal", level_id)
        proofs.wait(scene.state.octal)
        heap = len(scene.state.heaps) - 1
        driver.move_mouse(scene.board.centers[heap][min(3, scene.state.heaps[heap] - 1)])
        look(f"{level_id} hover")
        driver.key(pygame.K_RIGHT)
        look(f"{level_id} keys")
        driver.move_mouse((STRIP.left + 30, STRIP.centery))
        look(f"{level_id} strip")
        driver.key(pygame.K_h)
        driver.until(lambda: scene.hint is not None and not scene.hint_pending, 300)
        look(f"{level_id} hint")
    driver.key(pygame.K_o)
    look("octal code screen")
    driver.key(pygame.K_ESCAPE)
    driver.click(LAB_BUTTON.center)
    look("lab panel")
    driver.post(pygame.TEXTINPUT, text="9")
    driver.step()
    look("lab panel, a bad code")
    look.report()


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_many_takes_have_a_stepper(driver, by: str) -> None:
    """Nim (0.3…) on heaps of 15 and 14: fifteen takes, chosen with « - » and « + » (or the digits
    and +/-), a whole game to its end."""
    from nimarcade.core import levels
    from nimarcade.core.match import MatchConfig

    level = next(lv for lv in levels.load("octal") if lv.id == "nim")
    scene = driver.app.start_game(MatchConfig("octal", level, {**level.params, "heaps": [15, 14]}, (0, 0), "me"))
    driver.settle()
    assert scene.steppers() and set(scene.take_rects()) == {"less", "more"}
    rng = random.Random(by)
    while not scene.finished and driver.scene is scene:
        move = rng.choice(scene.state.legal_moves())
        driver.play(scene, move, by)
        assert scene.match.moves[-1] == move, scene.message
        driver.settle()
    driver.until(lambda: isinstance(driver.scene, ResultScene))


@pytest.mark.parametrize("board", ["row", "heaps"])
def test_the_board_keeps_every_piece_apart_and_in_its_area(board: str) -> None:
    """Random positions (up to many heaps after splits): every piece's slot lies in the board's
    area, no two slots overlap, and a click on a piece finds that piece."""
    from nimarcade.games.octal.scene.board import Layout
    from nimarcade.games.octal.scene.scene import AREA

    rng = random.Random(board)
    for _ in range(40):
        initial = tuple(rng.randint(1, 70) for _ in range(rng.randint(1, 3)))
        heaps = tuple(rng.randint(1, 12) for _ in range(rng.randint(1, 24)))
        if sum(heaps) > sum(initial):
            heaps = initial
        layout = Layout.fit(board, heaps, AREA, initial)
        slots = [(i, j, layout.slot(i, j)) for i in range(len(heaps)) for j in range(heaps[i])]
        for i, j, rect in slots:
            assert AREA.inflate(4, 4).contains(rect), (heaps, i, j, rect)
            assert layout.token_at(rect.center) == (i, j)
        rects = [r for _, _, r in slots]
        assert all(a.clip(b).width * a.clip(b).height == 0 for n, a in enumerate(rects) for b in rects[n + 1:])


def test_a_move_sends_each_piece_left_to_its_new_place() -> None:
    from nimarcade.games.octal.scene.board import moved_pieces

    state = OctalState.new([4, 10, 3], "0.77")
    after = state.play((1, 2, 2))                                # heap 2 loses pins 6 and 7 (start 6): parts 6 and 2
    where = moved_pieces(state.heaps, 1, 6, 2)
    assert after.heaps == (4, 2, 6, 3)
    assert where[(0, 3)] == (0, 3) and where[(2, 0)] == (3, 0)   # the heaps around it keep or shift their place
    assert where[(1, 0)] == (2, 0) and where[(1, 5)] == (2, 5)   # the left part (6) is now the later heap
    assert where[(1, 8)] == (1, 0) and where[(1, 9)] == (1, 1)   # the right part (2) comes first
    assert (1, 6) not in where and (1, 7) not in where          # the pins taken
    assert sorted(where.values()) == sorted((i, j) for i, h in enumerate(after.heaps) for j in range(h))


def test_left_and_right_go_on_along_the_row() -> None:
    state = OctalState.new([2, 3], "0.77")
    cursor = ch.Cursor(0, 1, 1)
    cursor, done = ch.press(state, cursor, "right")
    assert done and cursor == ch.Cursor(1, 0, 1)                 # past the end of heap 1: heap 2's first pin
    cursor, done = ch.press(state, cursor, "left")
    assert done and cursor == ch.Cursor(0, 1, 1)
    cursor, done = ch.press(state, ch.Cursor(0, 0, 1), "left")
    assert not done                                              # the start of the row: refused


def test_the_row_s_line_count_is_the_number_of_lines_it_is_cut_into() -> None:
    """The pitch search counts a row's lines a heap at a time: the same count as the lines drawn,
    empty heaps, heaps longer than a line and a last line left empty included."""
    import random

    from nimarcade.games.octal.scene.board import _row_line_count, _row_lines

    rng = random.Random(39)
    for _ in range(20000):
        heaps = tuple(rng.choice([0, 0, 1, 2, 3, 5, 8, 13, 40, 100]) for _ in range(rng.randint(1, 8)))
        per_line = rng.randint(1, 50)
        assert _row_line_count(heaps, per_line) == len(_row_lines(heaps, per_line)), (heaps, per_line)
