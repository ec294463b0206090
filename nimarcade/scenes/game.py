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

from nimarcade.ai.hints import Hint
from nimarcade.i18n import tr
from nimarcade.rules import RulesError
from nimarcade.session import Match, MatchConfig
from nimarcade.ui import theme
from nimarcade.ui.tween import Timer

from .base import Scene

if TYPE_CHECKING:
    from nimarcade.app import App

#: Seconds a computer move waits at least, so a player can follow it (divided by animation speed).
AI_MIN_DELAY = 0.7
#: Seconds between the last move and the result screen.
END_DELAY = 1.4
#: Seconds the Awélé engine may think for the computer at levels 3 and 4 (None: the level's own).
AI_TIME = {1: None, 2: None, 3: 1.0, 4: 5.0}
#: In the demo, moves come at a watchable pace whatever the level.
DEMO_AI_TIME = 1.0

TOP_BAR = pygame.Rect(0, 0, theme.WIDTH, 92)
BOTTOM_BAR = pygame.Rect(0, theme.HEIGHT - 84, theme.WIDTH, 84)
BOARD = pygame.Rect(40, TOP_BAR.bottom + 12, theme.WIDTH - 80, BOTTOM_BAR.top - TOP_BAR.bottom - 24)


class GameScene(Scene):
    name = "game"
    game = ""
    title_key = ""

    def __init__(self, app: "App", config: MatchConfig, director: Any = None) -> None:
        super().__init__(app)
        self.config = config
        self.director = director
        self.match = Match.start(config, app.rng)
        self.anim: Timer | None = None
        self.before: Any = None          # the state before the animated move
        self.anim_move: Any = None
        self.last_move_text = ""
        self.message = ""                # a refusal, shown in red
        self.message_time = 0.0
        self.shake = 0.0
        self.hint: Hint | None = None
        self.hint_pending = False
        self.ai_pending = False          # a request is out
        self.ai_move: Any = None         # the computer's answer, waiting for the minimum delay
        self.ai_wait = 0.0
        self.ai_error = ""
        self.end_timer: Timer | None = None
        self.finished = False
        self.show_help = False
        self.layout()

    # -- shortcuts -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

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
        return self.ai_pending or self.ai_move is not None

    def human_turn(self) -> bool:
        """True when a person may play now."""
        return (
            not self.state.is_over
            and not self.animating
            and self.match.current.is_human
            and not self.demo
        )

    def player_name(self, rules_player: int) -> str:
        spec = self.match.player(rules_player)
        name = tr(spec.name_key)
        if not spec.is_human:
            name += f" ({tr(f'ai.level{spec.level}')})"
        return name

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
        return ""

    def explain(self, hint: Hint) -> list[str]:
        return []

    def on_new_turn(self) -> None:
        """The board is still and a new turn begins (reset cursors, auto-select...)."""

    # -- scene lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        self.on_new_turn()
        self._maybe_request_ai()

    def resume(self) -> None:
        self._maybe_request_ai()

    def exit(self) -> None:
        self.app.ai.cancel()
        self.app.hint_ai.cancel()

    # -- moves -----------------------------------------------------------------------------------
    def submit(self, move: Any) -> bool:
        """A person's move: refused with a message and a sound when illegal, else played."""
        if not self.human_turn():
            self.refuse(tr("msg.not_your_turn"))
            return False
        try:
            self.state.check(move)
        except RulesError as err:
            self.refuse(err.message())
            return False
        self._apply(move)
        return True

    def refuse(self, text: str) -> None:
        self.message = text
        self.message_time = 3.0
        self.shake = 0.35
        self.app.sounds.play("invalid")

    def _apply(self, move: Any) -> None:
        before = self.state
        self.match.play(move)
        after = self.state
        name = self.player_name(before.to_move)
        self.last_move_text = f"{name} {self.describe(move, before)}"
        self.message = ""
        self.hint = None
        self.hint_pending = False
        self.app.hint_ai.cancel()
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
        if self.state.is_over or self.animating or self.finished:
            return
        spec = self.match.current
        if spec.is_human or self.ai_pending or self.ai_move is not None:
            return
        self.ai_pending = True
        self.ai_wait = AI_MIN_DELAY / self.speed
        limit = AI_TIME.get(spec.level) if self.game == "awele" else None
        if limit is not None and self.demo:
            limit = min(limit, DEMO_AI_TIME)
        self.app.ai.request(self.state, spec.level, self.app.rng, limit)

    def on_ai(self, result: Any) -> None:
        if result.token == self.app.hint_ai.token and self.hint_pending:
            self.hint_pending = False
            if result.error is None:
                self.hint = result.move
            return
        if not self.ai_pending or result.token != self.app.ai.token:
            return
        self.ai_pending = False
        if result.error is not None or result.move is None:
            # Never freeze on a bug in a search: fall back to a legal move and say so.
            self.ai_error = result.error or "no move"
            self.ai_move = self.state.legal_moves()[0]
        else:
            self.ai_move = result.move

    def request_hint(self) -> None:
        if not self.human_turn():
            self.refuse(tr("msg.hint_wait"))
            return
        if self.hint_pending:
            return
        if self.hint is not None:
            self.hint = None  # H again hides the hint
            return
        self.hint_pending = True
        self.app.hint_ai.request(self.state, 4, self.app.rng, 0.5)

    def undo(self) -> None:
        if self.demo or self.animating or not any(p.is_human for p in self.match.players):
            self.refuse(tr("msg.cannot_undo"))
            return
        self.app.ai.cancel()
        self.ai_pending, self.ai_move = False, None
        if not self.match.undo():
            self.refuse(tr("msg.nothing_to_undo"))
            return
        self.hint = None
        self.last_move_text = tr("msg.undone")
        self.layout()
        self.on_new_turn()
        self._maybe_request_ai()

    def restart(self) -> None:
        from .games import start_game

        start_game(self.app, self.config, replace_stack=True, director=self.director)

    def _game_over(self) -> None:
        self.finished = True
        self.end_timer = Timer(END_DELAY / self.speed)
        winner = self.state.winner
        humans = [i for i in (0, 1) if self.match.player(i).is_human]
        if len(humans) == 1 and winner is not None and winner != humans[0]:
            self.app.sounds.play("lose")
        else:
            self.app.sounds.play("win")

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.demo:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                if self.director is not None:
                    self.director.stop()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                from .pause import PauseScene

                self.app.manager.push(PauseScene(self.app, self))
                return True
            if event.key == pygame.K_h:
                self.request_hint()
                return True
            if event.key == pygame.K_u or (event.key == pygame.K_BACKSPACE and not self._board_uses_backspace()):
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
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.end_timer:
                self.end_timer.elapsed = self.end_timer.duration
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
        if self.ai_move is not None and self.ai_wait <= 0 and not self.animating:
            move, self.ai_move = self.ai_move, None
            try:
                self.state.check(move)
            except RulesError:
                move = self.state.legal_moves()[0]
            self._apply(move)
        if self.end_timer is not None:
            self.end_timer.update(dt)
            if self.end_timer.done:
                self.end_timer = None
                self._show_result()

    def _show_result(self) -> None:
        if self.director is not None:
            self.director.game_finished(self)
            return
        from .result import ResultScene

        self.app.manager.switch(ResultScene(self.app, self.match))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        self.draw_board(surface)
        self.draw_hud(surface)
        if self.demo:
            self.draw_demo_banner(surface)
        if self.show_help:
            self.draw_help(surface)

    def draw_hud(self, surface: pygame.Surface) -> None:
        # Top: game, level and the rule in force; right: whose turn.
        title = tr(self.title_key) if self.title_key else self.game
        level = self.config.level.name()
        theme.blit_text(surface, title if level == title else f"{title} — {level}", (32, 16), 34, theme.ACCENT)
        theme.blit_text(surface, self.rule_text(), (32, 56), 24, theme.TEXT)
        self.draw_turn(surface)
        # Bottom: last move, messages, keys.
        pygame.draw.line(surface, theme.PANEL_EDGE, (24, BOTTOM_BAR.top), (theme.WIDTH - 24, BOTTOM_BAR.top), 1)
        if self.last_move_text:
            theme.blit_text(surface, tr("hud.last_move") + " " + self.last_move_text,
                            (32, BOTTOM_BAR.top + 12), 24, theme.TEXT_DIM)
        if self.message and self.message_time > 0:
            dx = math.sin(self.time * 60) * 8 * (self.shake / 0.35) if self.shake else 0
            theme.blit_text(surface, self.message,
                            (theme.WIDTH // 2 + dx, BOTTOM_BAR.top + 44), 26, theme.BAD, "midtop")
        elif self.hint is not None and not self.animating:
            lines = self.explain(self.hint)
            if lines:
                color = theme.ACCENT if self.hint.lost else theme.GOOD
                theme.blit_text(surface, lines[0], (theme.WIDTH // 2, BOTTOM_BAR.top + 44), 24, color, "midtop")
        if not self.demo:
            keys = tr("hud.keys_game")
            theme.blit_text(surface, keys, (theme.WIDTH - 28, BOTTOM_BAR.top + 14), 20, theme.TEXT_DIM, "topright")
        if self.ai_error:
            theme.blit_text(surface, tr("msg.ai_error"), (28, theme.HEIGHT - 6), 18, theme.BAD, "bottomleft")

    def draw_turn(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(theme.WIDTH - 430, 14, 400, 66)
        if self.state.is_over:
            w = self.state.winner
            label = tr("hud.draw") if w is None else tr("hud.winner", name=self.player_name(w))
            color = theme.ACCENT if w is None else theme.PLAYER_COLORS[self.match.seat_of(w)]
            theme.panel(surface, rect, theme.PANEL, color, radius=14, width=3)
            theme.blit_text(surface, label, rect.center, 26, color, "center")
            return
        p = self.state.to_move
        color = theme.PLAYER_COLORS[self.match.seat_of(p)]
        theme.panel(surface, rect, theme.PANEL, color, radius=14, width=3)
        pygame.draw.circle(surface, color, (rect.left + 30, rect.centery), 12)
        theme.blit_text(surface, tr("hud.turn", name=self.player_name(p)), (rect.left + 54, rect.top + 10), 24, theme.TEXT)
        if self.thinking and not self.animating:
            dots = "." * (1 + int(self.time * 3) % 3)
            depth = self.app.ai.progress.get("depth") if self.game == "awele" else None
            status = tr("hud.thinking_depth", depth=depth) if depth else tr("hud.thinking")
            theme.blit_text(surface, status + dots, (rect.left + 54, rect.top + 38), 20, theme.ACCENT)
            # A spinner that keeps turning: the window is alive while the computer thinks.
            for i in range(8):
                a = self.time * 6 + i * math.pi / 4
                c = theme.lerp_color(theme.PANEL, color, i / 8)
                pygame.draw.circle(surface, c, (rect.left + 30 + 16 * math.cos(a), rect.centery + 16 * math.sin(a)), 3)
        elif self.human_turn():
            theme.blit_text(surface, tr("hud.your_move"), (rect.left + 54, rect.top + 38), 20, theme.TEXT_DIM)
        elif self.hint_pending:
            theme.blit_text(surface, tr("hud.hint_thinking"), (rect.left + 54, rect.top + 38), 20, theme.GOOD)

    def draw_demo_banner(self, surface: pygame.Surface) -> None:
        a = 0.6 + 0.4 * theme.pulse(self.time, 3)
        rect = pygame.Rect(0, 0, 330, 50)
        rect.midbottom = (theme.WIDTH // 2, BOTTOM_BAR.top - 6)
        theme.panel(surface, rect, (60, 20, 40), theme.lerp_color(theme.BAD, theme.ACCENT, a), radius=12, width=3)
        theme.blit_text(surface, tr("demo.banner"), rect.center, 32, theme.ACCENT, "center")
        theme.blit_text(surface, tr("demo.press_key"), (theme.WIDTH // 2, BOTTOM_BAR.top + 48), 22, theme.TEXT_DIM, "midtop")

    def draw_help(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(theme.SIZE, 170), (0, 0))
        rect = pygame.Rect(0, 0, 760, 420)
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        theme.panel(surface, rect)
        theme.blit_text(surface, tr("help.title"), (rect.centerx, rect.top + 20), 34, theme.ACCENT, "midtop")
        theme.blit_paragraph(surface, tr(f"help.{self.game}") + "\n\n" + tr("help.common"),
                             rect.inflate(-60, -110).move(0, 30), 24)
