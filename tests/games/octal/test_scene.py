"""The lab's screen by mouse alone and by keyboard alone: a game played to its end, the panel
opened, a code typed (the on-screen keypad, or the keyboard) or picked, misère set, the new game
started, and a level saved in the user's folder."""
from __future__ import annotations

import tomllib

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.i18n import tr
from nimarcade.games.octal.scene.lab_panel import KEYS
from nimarcade.games.octal.scene.scene import LAB_BUTTON, OctalScene
from nimarcade.games.octal.solver import winning_move
from nimarcade.window.scenes.result import ResultScene


@pytest.fixture
def folder(driver, tmp_path):
    """The player's folder of this test (a headless app writes nothing otherwise)."""
    driver.app.data_dir = tmp_path
    return tmp_path


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_kayles_to_the_result(driver, by: str) -> None:
    scene = driver.start_level("octal", "kayles")
    assert isinstance(scene, OctalScene)
    for _ in range(40):
        if driver.scene is not scene or scene.finished:
            break
        move = winning_move(scene.state) or scene.state.legal_moves()[0]
        driver.play(scene, move, by)
        driver.settle()
    driver.until(lambda: isinstance(driver.scene, ResultScene))


def click_part(driver, scene, kind: str, label: str | None = None) -> None:
    panel = scene.panel
    driver.click(panel.parts()[panel.part_index(kind, label)].rect.center)


def test_the_lab_by_mouse_alone(driver, folder) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    assert scene.panel is not None
    click_part(driver, scene, "code")
    for _ in range(len(scene.panel.code)):
        click_part(driver, scene, "key", "←")
    for ch in "0.137":
        click_part(driver, scene, "key", ch)
    assert scene.panel.code == "0.137"
    click_part(driver, scene, "heaps")
    for _ in range(len(scene.panel.heaps)):
        click_part(driver, scene, "key", "←")
    for ch in "5,9":
        click_part(driver, scene, "key", ch)
    click_part(driver, scene, "toggle", scene.panel.parts()[scene.panel.part_index("toggle")].label)   # misère on
    assert scene.panel.misere
    values, proof = scene.panel.strip(wait=True)
    assert values[:6] == [0, 1, 1, 2, 0, 3] and proof.period == 34
    click_part(driver, scene, "button", tr("lab.save"))
    saved = tomllib.loads((folder / "levels" / "octal.toml").read_text(encoding="utf-8"))
    assert saved["level"][0]["code"] == "0.137" and saved["level"][0]["misere"] is True
    assert [lv.params["heaps"] for lv in levels.load_file(folder / "levels" / "octal.toml")] == [(5, 9)]
    click_part(driver, scene, "button", tr("lab.play"))
    driver.settle()
    new = driver.scene
    assert isinstance(new, OctalScene) and new is not scene
    assert (new.state.code, new.state.heaps, new.state.misere) == ("0.137", (5, 9), True)


def test_a_preset_is_picked_by_mouse(driver) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    click_part(driver, scene, "preset", scene.panel.parts()[scene.panel.part_index("preset")].label)
    assert scene.panel.code == "0.77"
    click_part(driver, scene, "preset", scene.panel.parts()[scene.panel.part_index("preset") + 1].label)
    assert scene.panel.code == "0.07"


def test_the_lab_by_keyboard_alone(driver, folder) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.key(pygame.K_c, unicode="c")
    assert scene.panel is not None and scene.panel.focus == 0
    for _ in range(10):
        driver.key(pygame.K_BACKSPACE)
    for ch in "{1,3,4}":
        driver.post(pygame.TEXTINPUT, text=ch)
    driver.step()
    assert scene.panel.code == "{1,3,4}"
    driver.key(pygame.K_TAB)                                  # the heaps
    for _ in range(5):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text="12")
    driver.step()
    assert scene.panel.heaps == "12"
    driver.key(pygame.K_RETURN)                               # Enter in a field plays
    driver.settle()
    new = driver.scene
    assert isinstance(new, OctalScene) and new is not scene
    assert (new.state.code, new.state.heaps) == ("0.3033", (12,))


def test_a_bad_code_says_why_and_keeps_the_panel(driver) -> None:
    scene = driver.start_level("octal", "kayles")
    driver.click(LAB_BUTTON.center)
    click_part(driver, scene, "code")
    click_part(driver, scene, "key", "7")                     # 0.777: fine; now a bad one
    scene.panel.code = "1.7"
    click_part(driver, scene, "button", tr("lab.play"))
    assert driver.scene is scene and scene.panel is not None and "0 ou 4" in scene.panel.error
    driver.key(pygame.K_ESCAPE)
    assert scene.panel is None


def test_the_keypad_has_every_octal_digit() -> None:
    assert set("01234567.,{}") <= set(KEYS)


def test_the_hint_explains_with_nimbers_xor_and_the_table(driver, drawn) -> None:
    scene = driver.start_level("octal", "dawson-chess")
    driver.key(pygame.K_h)
    driver.settle()
    driver.step(3)
    assert scene.hint is not None and scene.hint.moves
    text = " ".join(drawn)
    assert "nimber" in text and "xor" in text
    # the table as Heaps draws it: a label a heap, its bits, 2 with its exponent raised (no « 2^0 »,
    # no letter-spaced cells)
    assert tr("octal.table_label", n=1, size=9, v=3) in drawn and tr("octal.table_sum", x=3) in drawn
    assert not any("^" in line for line in drawn)
