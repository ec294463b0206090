"""What a game scene implements, its board; the game screen around it
(:class:`~nimarcade.window.scenes.game.GameScene`) does the rest. The hooks, with what they do by
default:

- ``layout()``: compute on-screen geometry for ``self.state`` (called on start and after moves);
- ``draw_board(surface)``: draw the board, using ``self.anim`` while a move is animated;
- ``board_input(event) -> bool``: turn a click or key into ``self.submit(move)`` (human turns only);
- ``animate(before, move, after) -> float``: start the move's animation, return its duration;
- ``describe(move, before) -> str``: the move in words, for "last move";
- ``rule_text() -> str``: the rule in force, always shown;
- ``explain(hint) -> list[str]``: why the hinted move wins (or why the position is lost);
- ``mouse_path(move)`` and ``key_path(move)``: how a person plays a move, for tests and scripts.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.core.hints import Hint
from nimarcade.core.registry import GameSpec
from nimarcade.i18n import tr
from nimarcade.core.match import MatchConfig

from nimarcade.window.scenes.base import Scene


class BoardHooks(Scene):
    spec: GameSpec
    config: MatchConfig
    state: Any

    def layout(self) -> None:
        pass

    def draw_board(self, surface: pygame.Surface) -> None:
        pass

    def board_input(self, event: pygame.event.Event) -> bool:
        return False

    def animate(self, before: Any, move: Any, after: Any) -> float:
        self.services.sounds.play("take")
        return 0.4

    def describe(self, move: Any, before: Any) -> str:
        return str(move)

    def rule_text(self) -> str:
        key, params = self.spec.rule(self.state)
        return tr(key, **params)

    def title_text(self) -> str:
        """The game's name (the card it was chosen from) and the level, or "custom" once the
        board was changed on the setup screen."""
        return getattr(self, "title_override", None) or self.config.title()

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def mouse_path(self, move: Any) -> list[tuple[int, int]]:
        """The screen positions a person clicks, in order, to play ``move`` (at the start of a
        human turn)."""
        raise NotImplementedError

    def key_path(self, move: Any) -> list[int]:
        """The keys a person presses, in order, to play ``move`` (at the start of a human turn)."""
        raise NotImplementedError

    def explain(self, hint: Hint) -> list[str]:
        return []

    def help_note(self) -> str:
        """A line the help screen adds for this game (Awélé: whether its compiled engine runs)."""
        return ""

    def on_new_turn(self) -> None:
        """The board is still and a new turn begins (reset cursors, auto-select...)."""

    def _board_uses_backspace(self) -> bool:
        """True when Backspace means something on the board (it then never undoes)."""
        return False
