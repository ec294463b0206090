"""The part every game screen shares: turns, the computer's moves, hints, refusals, the HUD.

A game scene subclass only knows its board. It implements:

- ``layout()``: compute on-screen geometry for ``self.state`` (called on start and after moves);
- ``draw_board(surface)``: draw the board, using ``self.anim`` while a move is animated;
- ``board_input(event) -> bool``: turn a click or key into ``self.submit(move)`` (human turns only);
- ``animate(before, move, after) -> float``: start the move's animation, return its duration;
- ``describe(move, before) -> str``: the move in words, for "last move";
- ``rule_text() -> str``: the rule in force, always shown;
- ``explain(hint) -> list[str]``: why the hinted move wins (or why the position is lost).

Flow (see ../shared/STYLE.md): input -> ``submit(move)`` -> ``state.play(move)`` -> animation ->
next turn; the computer's move takes the same path, from the AI worker thread via an event.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from nimarcade import games
from nimarcade.ai.hints import Hint
from nimarcade.i18n import error_text, tr
from nimarcade.rules import RulesError
from nimarcade.session import Match, MatchConfig
from nimarcade.turns import HINT, MOVE, TurnController
from nimarcade.ui import theme
from nimarcade.ui.tween import Timer

from . import hud
from .base import Scene
from .kept import KeptGame
from .hud import BOARD, BOTTOM_BAR, TOP_BAR  # noqa: F401 - the board area, shared by every game scene

if TYPE_CHECKING:
    from nimarcade.app import App

#: Seconds a computer move waits at least, so a player can follow it (divided by animation speed).
AI_MIN_DELAY = 0.7
#: Seconds between the last move and the result screen.
END_DELAY = 1.4


class GameScene(KeptGame, Scene):
    name = "game"
    game = ""
    title_key = ""

    def __init__(self, app: "App", config: MatchConfig, director: Any = None) -> None:
        super().__init__(app)
        self.config = config
        self.director = director
        self.spec = games.get(config.game)
        self.turns = TurnController(self.spec, config, app.rng, app.ai, app.hint_ai, app.analysis_ai)
        self.anim: Timer | None = None
        self.before: Any = None          # the state before the animated move
        self.anim_move: Any = None
        self.last_move_text = ""
        self.message = ""                # a refusal, shown in red
        self.message_time = 0.0
        self.shake = 0.0
        self.ai_wait = 0.0               # the computer's move waits at least this long
        self.end_timer: Timer | None = None
        self.finished = False
        self.show_help = False
        self.show_moves = False          # the move-list panel (L)
        self.layout()

    # -- shortcuts -------------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.turns.match

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def hint(self) -> Hint | None:
        return self.turns.hint

    @property
    def hint_pending(self) -> bool:
        return self.turns.hint_pending

    @property
    def ai_error(self) -> str:
        return self.turns.ai_error

    @property
    def speed(self) -> float:
        return max(0.25, self.app.anim_speed)

    @property
    def demo(self) -> bool:
        return self.config.demo

    @property
    def animating(self) -> bool:
        return self.anim is not None

    @property
    def thinking(self) -> bool:
        return self.turns.thinking

    def human_turn(self) -> bool:
        """True when a person may play now."""
        return not self.animating and self.turns.human_may_play()

    def player_name(self, rules_player: int) -> str:
        return self.match.player_name(rules_player)

    # -- hooks for subclasses -------------------------------------------------------------------
    def layout(self) -> None:
        pass

    def draw_board(self, surface: pygame.Surface) -> None:
        pass

    def board_input(self, event: pygame.event.Event) -> bool:
        return False

    def animate(self, before: Any, move: Any, after: Any) -> float:
        self.app.sounds.play("take")
        return 0.4

    def describe(self, move: Any, before: Any) -> str:
        return str(move)

    def rule_text(self) -> str:
        key, params = self.spec.rule(self.state)
        return tr(key, **params)

    def title_text(self) -> str:
        """The game's name (the card it was chosen from) and the level, or "custom" once the
        board was changed on the setup screen."""
        return self.config.title()

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

    # -- scene lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        self.on_new_turn()
        self._maybe_request_ai()

    def resume(self) -> None:
        self._maybe_request_ai()

    def exit(self) -> None:
        self.turns.cancel()
        self.keep()

    # -- moves -----------------------------------------------------------------------------------
    def submit(self, move: Any) -> bool:
        """A person's move: refused with a message and a sound when illegal, else played."""
        if not self.human_turn():
            self.refuse(tr("msg.not_your_turn"))
            return False
        try:
            self.state.check(move)
        except RulesError as err:
            self.refuse(error_text(err))
            return False
        self._apply(move)
        return True

    def refuse(self, text: str) -> None:
        self.message = text
        self.message_time = 3.0
        self.shake = 0.35
        self.app.sounds.play("invalid")

    def _apply(self, move: Any) -> None:
        before, after = self.turns.play(move)
        self.keep()
        name = self.player_name(before.to_move)
        self.last_move_text = f"{name} {self.describe(move, before)}"
        self.message = ""
        self.before, self.anim_move = before, move
        duration = self.animate(before, move, after) / self.speed
        self.anim = Timer(duration)
        self.layout()

    def _finish_animation(self) -> None:
        self.anim = None
        self.before = self.anim_move = None
        if self.state.is_over:
            self._game_over()
            return
        self.on_new_turn()
        self._maybe_request_ai()

    def _maybe_request_ai(self) -> None:
        if self.animating or self.finished:
            return
        if self.turns.request_move():
            self.ai_wait = AI_MIN_DELAY / self.speed

    def on_ai(self, kind: str, result: Any) -> None:
        self.turns.accept(kind, result)

    def request_hint(self) -> None:
        if not self.human_turn():
            self.refuse(tr("msg.hint_wait"))
            return
        if self.hint_pending:
            return
        if self.hint is not None:
            self.turns.hint = None  # H again hides the hint
            return
        self.turns.request_hint()

    def undo(self) -> None:
        if self.animating or not self.turns.can_undo():
            self.refuse(tr("msg.cannot_undo"))
            return
        if not self.turns.undo():
            self.refuse(tr("msg.nothing_to_undo"))
            return
        self.last_move_text = tr("msg.undone")
        self.finished, self.end_timer = False, None      # an undo after the last move
        self.keep()
        self.layout()
        self.on_new_turn()
        self._maybe_request_ai()

    def restart(self) -> None:
        self.app.manager.go("game", config=self.config, director=self.director)

    def _game_over(self) -> None:
        self.finished = True
        self.count_result()
        self.end_timer = Timer(END_DELAY / self.speed)
        winner = self.state.winner
        humans = [i for i in (0, 1) if self.match.player(i).is_human]
        if len(humans) == 1 and winner is not None and winner != humans[0]:
            self.app.sounds.play("lose")
        else:
            self.app.sounds.play("win")

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.show_moves:
            from . import movelist

            event = movelist.to_screen(event)        # the board is drawn shrunk beside the list
        if self.demo:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                if self.director is not None:
                    self.director.stop()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.show_help:
                    self.show_help = False      # Esc closes the help first
                else:
                    self.app.manager.open("pause", game_scene=self)
                return True
            if event.key == pygame.K_h:
                self.request_hint()
                return True
            if self.history_input(event):
                return True
            if event.key == pygame.K_BACKSPACE and not self._board_uses_backspace():
                self.undo()
                return True
            if event.key == pygame.K_F1:
                self.show_help = not self.show_help
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.animating and event.button == 1:
            # A click during an animation skips it.
            self.anim.elapsed = self.anim.duration
            return True
        if self.finished:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                if self.end_timer:
                    self.end_timer.elapsed = self.end_timer.duration
                else:
                    self._show_result()          # a finished game that was loaded
            return True
        if self.human_turn():
            return self.board_input(event)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and event.type != pygame.MOUSEMOTION:
            if self.thinking and self._is_play_input(event):
                self.refuse(tr("msg.computer_thinking"))
                return True
        return False

    def _board_uses_backspace(self) -> bool:
        return False

    @staticmethod
    def _is_play_input(event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            return event.button == 1 and BOARD.collidepoint(event.pos)
        return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

    # -- update ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.message_time > 0:
            self.message_time -= dt
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self._finish_animation()
        if self.ai_wait > 0:
            self.ai_wait -= dt
        if self.turns.ai_move is not None and self.ai_wait <= 0 and not self.animating:
            self._apply(self.turns.take_ai_move())
        if self.human_turn():
            self.turns.ponder()     # the computer thinks on the person's time, if its engine can
        if self.end_timer is not None:
            self.end_timer.update(dt)
            if self.end_timer.done:
                self.end_timer = None
                self._show_result()

    def _show_result(self) -> None:
        if self.director is not None:
            self.director.game_finished(self)
            return
        self.app.manager.go("result", match=self.match)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.show_moves:
            from . import movelist

            if getattr(self, "_canvas", None) is None:
                self._canvas = pygame.Surface(theme.SIZE)
            movelist.draw_beside(surface, self._canvas, self.draw_screen)
            movelist.draw_panel(surface, self)
            theme.blit_text(surface, tr("hist.hide"), (movelist.SHRUNK.left, 10), 22, theme.TEXT_DIM)
            return
        self.draw_screen(surface)

    def draw_screen(self, surface: pygame.Surface) -> None:
        """The whole game screen at full size."""
        surface.blit(theme.background(), (0, 0))
        self.draw_board(surface)
        hud.draw_hud(surface, self)
        if self.demo:
            hud.draw_demo_banner(surface, self.time)
        if self.show_help:
            hud.draw_help(surface, self.spec.id, self.rule_text(), self.help_note())

    def turn_status(self) -> str:
        """The line under "whose turn" while the computer thinks (Awélé adds its depth)."""
        depth = self.app.ai.progress.get("depth") if self.spec.ai_time else None
        return tr("hud.thinking_depth", depth=depth) if depth else tr("hud.thinking")
