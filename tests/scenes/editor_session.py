"""Steps of a position editor session driven by real events (the tests of ``test_editor*.py``):
from a game's setup screen into the editor, a refused draft with its reason on screen, and the
game played from the draft through the setup screen."""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade import levels
from nimarcade.i18n import tr
from nimarcade.scenes.editor import ACTIONS
from nimarcade.scenes.editor_info import sentence

from .harness import Driver


def open_editor(driver: Driver, card: str, game: str, level_id: str, by: str) -> Any:
    """The card's setup screen, then « Éditer une position »: its row clicked, or E."""
    driver.app.manager.go("setup", game=game, levels=levels.load(game), level_id=level_id, variant=card)
    driver.step()
    setup = driver.scene
    if by == "mouse":
        driver.click(setup.menu.item("edit").rect.center)
    else:
        driver.key(pygame.K_e)
    editor = driver.scene
    assert editor.name == "editor" and editor.level.id == level_id
    return editor


def button(editor: Any, action: str) -> tuple[int, int]:
    return editor.buttons[ACTIONS.index(action)].center


def press(driver: Driver, editor: Any, action: str, by: str, key: int) -> None:
    """An action by its button (mouse) or its key."""
    if by == "mouse":
        driver.click(button(editor, action))
    else:
        driver.key(key)


def shown(editor: Any) -> list[str]:
    """The info box's lines as the last frame drew them."""
    return [text for text, _ in editor._box[0][0]]


def refused(driver: Driver, editor: Any, by: str, key: str, **params: Any) -> None:
    """The draft is refused with the rules' reason on screen, and Play refuses with it too."""
    driver.step()
    why = sentence(tr(key, **params))
    assert editor.check() == (None, why)
    assert shown(editor)[0] == tr("editor.illegal", why=why)
    press(driver, editor, "play", by, pygame.K_p)
    assert driver.scene is editor
    assert tr("editor.refused", action=tr("editor.play"), why=why) in shown(editor)


def legal(driver: Driver, editor: Any, text: str) -> None:
    driver.step()
    assert editor.board.text() == text
    state, why = editor.check()
    assert state is not None and why == "" and shown(editor)[0] == tr("editor.legal")


def play(driver: Driver, editor: Any, by: str) -> Any:
    """Play: the setup screen with the position, then its Play; the game screen."""
    text = editor.board.text()
    press(driver, editor, "play", by, pygame.K_p)
    setup = driver.scene
    assert setup.name == "setup" and setup.start == text
    assert [item.name for item in setup.menu.items] == ["seat0", "seat1", "first", "edit", "play", "back"]
    if by == "mouse":
        driver.click(setup.menu.item("play").rect.center)
    else:
        driver.key(pygame.K_RETURN)
    game = driver.scene
    assert game.name == "game" and game.config.start == text
    return game
