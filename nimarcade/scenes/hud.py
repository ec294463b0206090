"""The frame of every game screen, a :class:`~nimarcade.ui.section.Section`: the top bar (game,
rule, whose turn), the bottom bar (last move, the refusal in red, the keys, an AI error), the demo
badge and the help panel (F1).

The HUD owns what is its own (the refusal and its shake, whether the help is open) and reads the
game through :class:`GameView`, public members that it never changes.
"""
from __future__ import annotations

import math
from typing import Any, Protocol

import pygame

from nimarcade.ai.hints import Hint
from nimarcade.games import GameSpec
from nimarcade.i18n import TABLE, tr
from nimarcade.session import Match
from nimarcade.ui import theme
from nimarcade.ui.section import Section

TOP_BAR = pygame.Rect(0, 0, theme.WIDTH, 92)
BOTTOM_BAR = pygame.Rect(0, theme.HEIGHT - 84, theme.WIDTH, 84)
BOARD = pygame.Rect(40, TOP_BAR.bottom + 12, theme.WIDTH - 80, BOTTOM_BAR.top - TOP_BAR.bottom - 24)
#: Where the turn panel sits (top right) and where the demo badge sits (bottom right, where the
#: keys are shown outside the demo): neither covers the board.
TURN_RECT = pygame.Rect(theme.WIDTH - 430, 14, 400, 66)
DEMO_RECT = pygame.Rect(theme.WIDTH - 330, BOTTOM_BAR.top + 8, 300, 44)
LAST_MOVE_SIZE = 24
KEYS_SIZE = 20
#: Seconds a refusal stays, and seconds it shakes.
MESSAGE_TIME, SHAKE_TIME = 3.0, 0.35


class GameView(Protocol):
    """What the HUD reads of the game screen it frames (:class:`~nimarcade.scenes.game.GameScene`)."""

    spec: GameSpec
    time: float
    last_move_text: str

    @property
    def match(self) -> Match: ...

    @property
    def demo(self) -> bool: ...

    @property
    def hint(self) -> Hint | None: ...

    @property
    def hint_pending(self) -> bool: ...

    @property
    def ai_error(self) -> str: ...

    @property
    def animating(self) -> bool: ...

    @property
    def thinking(self) -> bool: ...

    def human_turn(self) -> bool: ...

    def title_text(self) -> str: ...

    def rule_text(self) -> str: ...

    def turn_status(self) -> str: ...

    def explain(self, hint: Hint) -> list[str]: ...

    def help_note(self) -> str: ...


def last_move_width(view: Any) -> int:
    """Room for the last move: up to the keys (or the demo badge) at the right of the bottom bar."""
    right = DEMO_RECT.left if view.demo else theme.WIDTH - 28 - theme.text(tr("hud.keys_game"), KEYS_SIZE).get_width()
    return right - 24 - 32


class Hud(Section):
    """Around the board, the whole screen: it draws over the board and takes F1 and Esc (help)."""

    def __init__(self, view: GameView) -> None:
        super().__init__(pygame.Rect((0, 0), theme.SIZE))
        self.view = view
        self.help_open = False
        self.message = ""                # a refusal, shown in red
        self.message_time = 0.0
        self.shake = 0.0

    def say(self, text: str) -> None:
        """Show a refusal in red, shaking a moment."""
        self.message = text
        self.message_time = MESSAGE_TIME
        self.shake = SHAKE_TIME

    def update(self, dt: float) -> None:
        if self.message_time > 0:
            self.message_time -= dt
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)

    def handle(self, event: pygame.event.Event) -> bool:
        """F1 opens and closes the help; Esc closes it first (and only then pauses the game)."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_F1 or (event.key == pygame.K_ESCAPE and self.help_open):
            self.help_open = not self.help_open
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        # Top: game, level and the rule in force; right: whose turn.
        theme.blit_text(surface, view.title_text(), (32, 16), 34, theme.ACCENT)
        theme.blit_text(surface, view.rule_text(), (32, 56), 24, theme.TEXT)
        self.draw_turn(surface)
        self.draw_bottom(surface)
        if view.demo:
            draw_demo_banner(surface, view.time)
        if self.help_open:
            draw_help(surface, view.spec.id, view.rule_text(), view.help_note())

    def draw_bottom(self, surface: pygame.Surface) -> None:
        """Last move, the refusal (or the hint's first line), the keys and an AI error."""
        view = self.view
        pygame.draw.line(surface, theme.PANEL_EDGE, (24, BOTTOM_BAR.top), (theme.WIDTH - 24, BOTTOM_BAR.top), 1)
        if view.last_move_text:
            line = tr("hud.last_move") + " " + view.last_move_text
            size = theme.fit_size(line, LAST_MOVE_SIZE, last_move_width(view))
            theme.blit_text(surface, line, (32, BOTTOM_BAR.top + 12), size, theme.TEXT_DIM)
        if self.message and self.message_time > 0:
            dx = math.sin(view.time * 60) * 8 * (self.shake / SHAKE_TIME) if self.shake else 0
            theme.blit_text(surface, self.message,
                            (theme.WIDTH // 2 + dx, BOTTOM_BAR.top + 44), 26, theme.BAD, "midtop")
        elif view.hint is not None and not view.animating:
            lines = view.explain(view.hint)
            if lines:
                color = theme.ACCENT if view.hint.lost else theme.GOOD
                theme.blit_text(surface, lines[0], (theme.WIDTH // 2, BOTTOM_BAR.top + 44), 24, color, "midtop")
        if not view.demo:
            theme.blit_text(surface, tr("hud.keys_game"), (theme.WIDTH - 28, BOTTOM_BAR.top + 14), KEYS_SIZE,
                            theme.TEXT_DIM, "topright")
        if view.ai_error:
            theme.blit_text(surface, tr("msg.ai_error"), (28, theme.HEIGHT - 6), 18, theme.BAD, "bottomleft")

    def draw_turn(self, surface: pygame.Surface) -> None:
        """Whose turn it is (or who won), and what the computer is doing meanwhile."""
        view, rect = self.view, TURN_RECT
        match = view.match
        state = match.state
        if match.is_over:
            w = match.winner
            label = tr("hud.draw") if w is None else tr("hud.winner", name=match.player_name(w))
            color = theme.ACCENT if w is None else theme.PLAYER_COLORS[match.seat_of(w)]
            theme.panel(surface, rect, theme.PANEL, color, radius=14, width=3)
            theme.blit_text(surface, label, rect.center, 26, color, "center")
            return
        p = state.to_move
        color = theme.PLAYER_COLORS[match.seat_of(p)]
        theme.panel(surface, rect, theme.PANEL, color, radius=14, width=3)
        pygame.draw.circle(surface, color, (rect.left + 30, rect.centery), 12)
        theme.blit_text(surface, tr("hud.turn", name=match.player_name(p)), (rect.left + 54, rect.top + 10), 24,
                        theme.TEXT)
        if view.thinking and not view.animating:
            dots = "." * (1 + int(view.time * 3) % 3)
            theme.blit_text(surface, view.turn_status() + dots, (rect.left + 54, rect.top + 38), 20, theme.ACCENT)
            # A spinner that keeps turning: the window is alive while the computer thinks.
            for i in range(8):
                a = view.time * 6 + i * math.pi / 4
                c = theme.lerp_color(theme.PANEL, color, i / 8)
                pygame.draw.circle(surface, c, (rect.left + 30 + 16 * math.cos(a), rect.centery + 16 * math.sin(a)), 3)
        elif view.human_turn():
            theme.blit_text(surface, tr("hud.your_move"), (rect.left + 54, rect.top + 38), 20, theme.TEXT_DIM)
        elif view.hint_pending:
            theme.blit_text(surface, tr("hud.hint_thinking"), (rect.left + 54, rect.top + 38), 20, theme.GOOD)


def draw_demo_banner(surface: pygame.Surface, time: float) -> None:
    a = 0.6 + 0.4 * theme.pulse(time, 3)
    rect = DEMO_RECT
    theme.panel(surface, rect, (60, 20, 40), theme.lerp_color(theme.BAD, theme.ACCENT, a), radius=12, width=3)
    theme.blit_text(surface, tr("demo.banner"), rect.center, 28, theme.ACCENT, "center")
    theme.blit_text(surface, tr("demo.press_key"), (theme.WIDTH // 2, BOTTOM_BAR.top + 48), 22, theme.TEXT_DIM,
                    "midtop")


def draw_help(surface: pygame.Surface, game: str, rule: str, note: str = "") -> None:
    """F1: the rule in force first, then how to play this game, the common keys, the scene's
    ``note`` (e.g. which engine plays), and where the game comes from (the course it grew out of,
    for the teacher)."""
    surface.blit(theme.shade(theme.SIZE, 170), (0, 0))
    rect = pygame.Rect(0, 0, 900, 560)
    rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
    theme.panel(surface, rect)
    theme.blit_text(surface, tr("help.title"), (rect.centerx, rect.top + 18), 34, theme.ACCENT, "midtop")
    body = rect.inflate(-60, 0)
    y = rect.top + 66
    y = theme.blit_paragraph(surface, tr("help.rule", rule=rule), pygame.Rect(body.left, y, body.width, 80), 24,
                             theme.ACCENT)
    how = tr(f"help.{game}") if f"help.{game}" in TABLE else tr("generic.help")   # a game without its own
    y = theme.blit_paragraph(surface, how + "\n\n" + tr("help.common") + (f"\n\n{note}" if note else ""),
                             pygame.Rect(body.left, y + 12, body.width, rect.bottom - y - 70), 22)
    if f"source.{game}" in TABLE:
        theme.blit_paragraph(surface, tr(f"source.{game}"), pygame.Rect(body.left, rect.bottom - 52, body.width, 44), 18,
                             theme.TEXT_DIM)


def program_status(progress: dict) -> str:
    """A program's ``info`` line as the turn box shows it: « prof. 12 · +0,50 · A b C »."""
    parts = [tr("hud.program_thinking")]
    if progress.get("depth"):
        parts.append(tr("hud.depth_short", depth=progress["depth"]))
    if progress.get("mate") is not None:
        parts.append(tr("hud.mate_in", n=progress["mate"]))
    elif progress.get("score") is not None:
        parts.append(tr("hud.score_short", score=f"{progress['score'] / 100:+.2f}"))
    if progress.get("pv"):
        parts.append(" ".join(map(str, progress["pv"][:5])))
    return " · ".join(parts)
