"""The game screen's buttons, in the bottom bar: hint, undo, redo, the move list, help and pause,
each the same as its key (H, U, R, L, F1, Esc) and its gamepad button (Y, left and right
shoulders, X, Back, Start: :mod:`nimarcade.window.ui.gamepad`). Every game screen has them, from the
game screen all games share; none covers the board (:data:`~nimarcade.window.scenes.hud.BOARD`)."""
from __future__ import annotations

from typing import Any, Protocol

from nimarcade.core.hints import Hint
from nimarcade.i18n import tr
from nimarcade.core.match import Match
from nimarcade.core.turns import TurnController
from nimarcade.window.ui import theme
from nimarcade.window.ui.actionbar import Action, ActionBar

from nimarcade.window.scenes.hud import BOTTOM_BAR


class Controlled(Protocol):
    """What the buttons read and do on the game screen (:class:`~nimarcade.window.scenes.game.GameScene`)."""

    services: Any
    turns: TurnController

    @property
    def match(self) -> Match: ...

    @property
    def hint(self) -> Hint | None: ...

    @property
    def hint_pending(self) -> bool: ...

    @property
    def animating(self) -> bool: ...

    @property
    def show_moves(self) -> bool: ...

    @property
    def show_help(self) -> bool: ...

    def human_turn(self) -> bool: ...

    def request_hint(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def toggle_moves(self) -> None: ...

    def toggle_help(self) -> None: ...

    def pause(self) -> None: ...


#: Each button's key as the keyboard shows it.
KEYS = {"hint": "H", "undo": "U", "redo": "R", "moves": "L", "help": "F1"}


def game_controls(game: Controlled) -> ActionBar:
    """The row of buttons at the right of the bottom bar; each looks disabled when its action
    can't be done now (a click on it then says why, as its key does)."""
    def may_undo() -> bool:
        return not game.animating and game.turns.can_undo() and game.match.move_count > 0

    def may_redo() -> bool:
        return not game.animating and game.turns.can_undo() and game.match.can_redo

    actions = [
        Action("hint", "hint", lambda: tr("controls.hint"), game.request_hint, lambda: KEYS["hint"],
               lambda: game.turns.assists and game.human_turn() and not game.hint_pending,
               lambda: game.hint is not None),
        Action("undo", "undo", lambda: tr("controls.undo"), game.undo, lambda: KEYS["undo"], may_undo),
        Action("redo", "redo", lambda: tr("controls.redo"), game.redo, lambda: KEYS["redo"], may_redo),
        Action("moves", "moves", lambda: tr("controls.moves"), game.toggle_moves, lambda: KEYS["moves"],
               active=lambda: game.show_moves),
        Action("help", "help", lambda: tr("controls.help"), game.toggle_help, lambda: KEYS["help"],
               active=lambda: game.show_help),
        Action("pause", "pause", lambda: tr("controls.pause"), game.pause, lambda: tr("controls.key_esc")),
    ]
    return ActionBar(actions, (theme.WIDTH - 24, BOTTOM_BAR.top + 6), "topright", sounds=game.services.sounds)
