"""Steps of a position editor session driven by real events (the tests of ``test_editor*.py``):
from a game's setup screen into the editor, a refused draft with its reason on screen, the
legal draft analysed, saved and given as a puzzle, and the game played from the draft through the
setup screen."""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.records import record as records
from nimarcade.i18n import tr
from nimarcade.window.scenes.editor import ACTIONS
from nimarcade.window.scenes.editor_info import sentence

from tests.window.harness import Driver


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


def analyse_save_and_puzzle(driver: Driver, editor: Any, by: str) -> None:
    """The legal draft's three actions, each by its button (mouse) or its key, each checked against
    what the game's own modules say of the position: « Analyser » (the winning moves of an exact
    game, every move's value for an engine's), « Enregistrer » (a record that loads back to the
    position; ``app.data_dir`` must be set) and « Problème » (the puzzle added to the store, or
    the reason it is none)."""
    app, spec, text = driver.app, editor.spec, editor.board.text()
    state = spec.start_state(editor.params, text)
    label = spec.notation.format_move
    press(driver, editor, "analyse", by, pygame.K_a)
    driver.until(lambda: editor.job is None)
    driver.step()
    lines = shown(editor)
    assert lines[0] == tr("editor.legal_short")
    moves = state.legal_moves()
    if spec.winning_moves is not None:
        winners = registry.winning_moves(state)
        assert lines[1] == (tr("editor.wins", n=len(winners), total=len(moves), moves=", ".join(map(label, winners)))
                            if winners else tr("editor.all_lose", n=len(moves)))
    else:
        assert all(label(m) in lines[1] for m in moves)
        heads = [tr("editor.best", n=n, moves="@").split("@")[0] for n in (1, 2)]
        head = next(h for h in heads if lines[2].startswith(h))
        assert set(lines[2][len(head):].split(", ")) <= {label(m) for m in moves}
    press(driver, editor, "save", by, pygame.K_s)
    [path] = [p for p in (app.data_dir / "records").glob("*.txt") if records.load_file(p).config.start == text]
    assert shown(editor)[1] == tr("editor.saved", file=path.name)
    loaded = records.load_file(path)
    assert loaded.moves == [] and loaded.state == state and "[Position" in path.read_text(encoding="utf-8")
    before = list(app.puzzle_store.puzzles)
    try:
        expected = puzzles.from_position(editor.game, editor.level.id, editor.params, text)
    except puzzles.NotAPuzzle as no:
        expected, why = None, sentence(tr(no.key, **no.params))
    press(driver, editor, "puzzle", by, pygame.K_d)
    driver.until(lambda: editor.job is None)
    driver.step()
    if expected is None:
        assert shown(editor)[1] == why and app.puzzle_store.puzzles == before
    else:
        added = app.puzzle_store.puzzles[-1]
        assert added.id == expected.id and added.start == text and added.solutions == expected.solutions
        assert shown(editor)[1] == tr("editor.puzzle_added", rating=added.rating)
