"""The frame of every game screen, a :class:`~nimarcade.window.ui.section.Section`: the top bar (game,
rule, whose turn), the bottom bar (last move, the game's buttons, and on the message line the
refusal in red, the hint or an AI error), the demo badge and the help panel (F1).

The HUD owns what is its own (the refusal and its shake, whether the help is open) and reads the
game through :class:`GameView`, public members that it never changes; the buttons it is given
(:mod:`nimarcade.window.scenes.controls`) act on the game themselves.
"""
from __future__ import annotations

import functools
import math
from typing import Any, Mapping, Protocol

import pygame

from nimarcade.core.hints import Hint
from nimarcade.core import registry
from nimarcade.core.computer import ComputerLevel, LevelTable
from nimarcade.core.registry import GameSpec
from nimarcade.i18n import decimal, has, tr
from nimarcade.core.match import HUMAN, Match
from nimarcade.window.ui import theme
from nimarcade.window.ui.section import Section
from nimarcade.window.ui.widgets import TOAST_STRIP

TOP_BAR = pygame.Rect(0, 0, theme.WIDTH, 92)
BOTTOM_BAR = pygame.Rect(0, theme.HEIGHT - 84, theme.WIDTH, 84)
BOARD = pygame.Rect(40, TOP_BAR.bottom + 12, theme.WIDTH - 80, BOTTOM_BAR.top - TOP_BAR.bottom - 24)
#: Where the turn panel sits (top right) and where the demo badge sits (bottom right, where the
#: buttons are outside the demo): neither covers the board.
TURN_RECT = pygame.Rect(theme.WIDTH - 430, 14, 400, 66)
#: The room of the title and of the rule, at the top left: they shrink to stop short of the turn
#: panel, and of the puzzle's box, 30 px wider, that takes its place.
TOP_TEXT_WIDTH = TURN_RECT.left - 48 - 32
#: A rule that would shrink below this size on its line takes two lines instead.
RULE_SMALLEST = 18
DEMO_RECT = pygame.Rect(theme.WIDTH - 330, BOTTOM_BAR.top + 8, 300, 44)
#: The message line: the strip at the bottom of the screen that toasts also use (they have it
#: while they are shown, the HUD's message waits under them).
MESSAGE_LINE = TOAST_STRIP
#: The help panel (F1), over the middle of the screen.
HELP_RECT = pygame.Rect(0, 0, 900, 560)
HELP_RECT.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
LAST_MOVE_SIZE = 24
#: Seconds a refusal stays, and seconds it shakes.
MESSAGE_TIME, SHAKE_TIME = 3.0, 0.35


class GameView(Protocol):
    """What the HUD reads of the game screen it frames (:class:`~nimarcade.window.scenes.game.GameScene`)."""

    spec: GameSpec
    time: float
    last_move_text: str
    before: Any                 # the state before the move being animated (None when still)

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

    @property
    def reviewing(self) -> bool: ...

    def human_turn(self) -> bool: ...

    def toast_shown(self) -> bool: ...

    def title_text(self) -> str: ...

    def rule_text(self) -> str: ...

    def turn_status(self) -> str: ...

    def explain(self, hint: Hint) -> list[str]: ...

    def help_note(self) -> str: ...


def lost_start(view: GameView) -> str:
    """The hint of a person's first move against the computer says the position is lost: the
    game started lost for them, and this says how to get one they can win (the other choice of
    « Qui commence », or a weaker opponent, on the setup); "" otherwise (without it, the first hint
    was « Position perdue : quoi que vous jouiez… » with no way out)."""
    hint, match = view.hint, view.match
    if hint is None or not hint.lost or view.demo or view.reviewing or not view.human_turn():
        return ""
    played = len(match.moves) - match.opening
    if played > 1 or not any(p.level != HUMAN and not p.program for p in match.players):
        return ""
    first = "computer" if played == 0 else "human"       # the other one starts, and the start is won
    return tr("hud.lost_start", first=tr(f"setup.first_{first}"), setup=tr("menu.change_setup"))


def last_move_width(view: Any, controls: Section | None = None) -> int:
    """Room for the last move: up to the buttons (or the demo badge) at the right of the bottom bar."""
    if view.demo:
        right = DEMO_RECT.left
    elif controls is not None and not view.reviewing:
        right = controls.rect.left
    else:
        right = theme.WIDTH - 24
    return right - 24 - 32


#: Where a rule too long for one line takes two.
RULE_BOX = pygame.Rect(32, 52, TOP_TEXT_WIDTH, TOP_BAR.bottom - 54)


@functools.lru_cache(maxsize=16)
def top_sizes(title: str, rule: str) -> tuple[int, int, bool]:
    """The title's size, the rule's size and whether it takes two lines (:data:`RULE_BOX`), so that
    both stop short of the turn panel (worked out once a title and rule, not every frame)."""
    size = theme.fit_size(rule, 24, TOP_TEXT_WIDTH, RULE_SMALLEST)
    two_lines = theme.font(size).size(rule)[0] > TOP_TEXT_WIDTH
    if two_lines:
        size = theme.fit_paragraph(rule, 20, RULE_BOX, 0, 12)
    return theme.fit_size(title, 34, TOP_TEXT_WIDTH), size, two_lines


@functools.lru_cache(maxsize=16)
def last_move_line(line: str, width: int) -> tuple[str, int]:
    """The last move's line and its size, shrunk to ``width`` and, when even the smallest size is
    too wide (a long name, a long language), cut at its end with « … » before the buttons (worked
    out once a line and width, not every frame)."""
    size = theme.fit_size(line, LAST_MOVE_SIZE, width)
    measure = theme.font(size).size
    if measure(line)[0] <= width:
        return line, size
    cut = line
    while len(cut) > 1 and measure(cut + "…")[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + "…", size


class Hud(Section):
    """Around the board, the whole screen: it draws over the board, takes F1 and Esc (help), and
    hands the clicks on the bottom bar to the game's buttons (``controls``)."""

    def __init__(self, view: GameView, controls: Section | None = None) -> None:
        super().__init__(pygame.Rect((0, 0), theme.SIZE))
        self.view = view
        self.controls = controls
        self.help_open = False
        self.message = ""                # a refusal, shown in red
        self.message_time = 0.0
        self.shake = 0.0
        self.note = ""                   # what was just done (moves undone), shown a moment
        self.note_time = 0.0

    def say(self, text: str) -> None:
        """Show a refusal in red, shaking a moment."""
        self.message = text
        self.message_time = MESSAGE_TIME
        self.shake = SHAKE_TIME
        self.note_time = 0.0

    def tell(self, text: str) -> None:
        """Show what was just done (moves undone), a moment, on the message line."""
        self.note = text
        self.note_time = MESSAGE_TIME
        self.message_time = 0.0

    def update(self, dt: float) -> None:
        if self.message_time > 0:
            self.message_time -= dt
        if self.note_time > 0:
            self.note_time -= dt
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)

    def buttons_shown(self) -> bool:
        return self.controls is not None and not self.view.demo and not self.view.reviewing

    def handle(self, event: pygame.event.Event) -> bool:
        """F1 opens and closes the help; Esc or a click closes it (Esc only then pauses the game);
        a click on a button of the bottom bar runs it."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1 or (event.key == pygame.K_ESCAPE and self.help_open):
                self.help_open = not self.help_open
                return True
            return False
        if self.controls is not None and self.buttons_shown() and self.controls.handle(event):
            return True
        if self.help_open and event.type == pygame.MOUSEBUTTONDOWN:
            self.help_open = False
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        # Top: game, level and the rule in force; right: whose turn.
        title, rule = view.title_text(), view.rule_text()
        title_size, rule_size, rule_lines = top_sizes(title, rule)
        theme.blit_text(surface, title, (32, 16), title_size, theme.ACCENT)
        if not rule_lines:
            theme.blit_text(surface, rule, (32, 56), rule_size, theme.TEXT)
        else:                                   # two lines, in the top bar still
            theme.blit_paragraph(surface, rule, RULE_BOX, rule_size, theme.TEXT, 0)
        self.draw_turn(surface)
        self.draw_bottom(surface)
        if view.demo:
            draw_demo_banner(surface, view.time, keys=not view.toast_shown())
        if self.help_open:
            draw_help(surface, view.spec.id, view.rule_text(), view.help_note())

    def draw_bottom(self, surface: pygame.Surface) -> None:
        """Last move and the buttons; on the message line the refusal, or else the hint's first
        line, or else an AI error (a toast on show has the line to itself)."""
        view = self.view
        pygame.draw.line(surface, theme.PANEL_EDGE, (24, BOTTOM_BAR.top), (theme.WIDTH - 24, BOTTOM_BAR.top), 1)
        if self.controls is not None and self.buttons_shown():
            self.controls.draw(surface)
        if view.last_move_text:
            line, size = last_move_line(tr("hud.last_move") + " " + view.last_move_text,
                                        last_move_width(view, self.controls))
            theme.blit_text(surface, line, (32, BOTTOM_BAR.top + 25), size, theme.TEXT_DIM, "midleft")
        if view.toast_shown():
            return
        line, color = self.message_line()
        if line:
            dx = math.sin(view.time * 60) * 8 * (self.shake / SHAKE_TIME) if self.shake and line == self.message else 0
            size = theme.fit_size(line, 24, MESSAGE_LINE.width - 40)
            theme.blit_text(surface, line, (MESSAGE_LINE.centerx + dx, MESSAGE_LINE.centery), size, color, "center")

    def message_line(self) -> tuple[str, tuple[int, int, int]]:
        view = self.view
        if self.message and self.message_time > 0:
            return self.message, theme.BAD
        if self.note and self.note_time > 0:
            return self.note, theme.ACCENT
        if view.hint is not None and not view.animating:
            way_out = lost_start(view)
            if way_out:
                return way_out, theme.ACCENT
            lines = view.explain(view.hint)
            if lines:
                return lines[0], theme.ACCENT if view.hint.lost else theme.GOOD
        if view.ai_error:
            return tr("msg.ai_error"), theme.BAD
        return "", theme.TEXT

    def draw_turn(self, surface: pygame.Surface) -> None:
        """Whose turn it is (or who won), and what the computer is doing meanwhile."""
        view, rect = self.view, TURN_RECT
        match = view.match
        if match.is_over and not view.animating:
            w = match.winner
            label = tr("hud.draw") if w is None else tr("hud.winner", name=match.player_name(w))
            color = theme.ACCENT if w is None else theme.PLAYER_COLORS[match.seat_of(w)]
            theme.panel(surface, rect, theme.PANEL, color, radius=14, width=3)
            theme.blit_text(surface, label, rect.center, 26, color, "center")
            return
        p = self.turn_player()
        color = theme.PLAYER_COLORS[match.seat_of(p)]
        theme.panel(surface, rect, theme.PANEL, color, radius=14, width=3)
        pygame.draw.circle(surface, color, (rect.left + 30, rect.centery), 12)
        theme.blit_text(surface, tr("hud.turn", name=match.player_name(p)), (rect.left + 54, rect.top + 10), 24,
                        theme.TEXT)
        if view.animating:
            theme.blit_text(surface, tr("hud.playing"), (rect.left + 54, rect.top + 38), 20, theme.TEXT_DIM)
        elif view.thinking:
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


    def turn_player(self) -> int:
        """The rules player the turn box names: while a move is animated, the one who made it
        (the board still shows their move going), else the one to move."""
        view = self.view
        if view.animating and view.before is not None:
            return view.before.to_move
        return view.match.state.to_move


def draw_demo_banner(surface: pygame.Surface, time: float, keys: bool = True) -> None:
    """The demo's badge, and (``keys``: unless a message has the message line) how to leave it."""
    a = 0.6 + 0.4 * theme.pulse(time, 3)
    rect = DEMO_RECT
    theme.panel(surface, rect, (60, 20, 40), theme.lerp_color(theme.BAD, theme.ACCENT, a), radius=12, width=3)
    theme.blit_text(surface, tr("demo.banner"), rect.center, 28, theme.ACCENT, "center")
    if keys:
        theme.blit_text(surface, tr("demo.press_key"), (theme.WIDTH // 2, BOTTOM_BAR.top + 48), 22, theme.TEXT_DIM,
                        "midtop")


def draw_help(surface: pygame.Surface, game: str, rule: str, note: str = "") -> None:
    """F1: the rule in force first, then how to play this game, the common keys, the scene's
    ``note`` (e.g. which engine plays), and where the game comes from (the course it grew out of,
    for the teacher)."""
    surface.blit(theme.shade(theme.SIZE, 170), (0, 0))
    rect = HELP_RECT
    theme.panel(surface, rect)
    title = theme.blit_text(surface, tr("help.title"), (rect.centerx, rect.top + 18), 34, theme.ACCENT, "midtop")
    close = pygame.Rect(rect.right - 50, rect.top + 14, 34, 34)
    pygame.draw.line(surface, theme.TEXT_DIM, close.topleft, close.bottomright, 3)
    pygame.draw.line(surface, theme.TEXT_DIM, close.bottomleft, close.topright, 3)
    hint = tr("help.close")
    theme.blit_text(surface, hint, (close.left - 12, close.centery), theme.fit_size(hint, 18, close.left - 28 - title.right),
                    theme.TEXT_DIM, "midright")
    # Each part at the largest size (up to its own) that keeps it in its place: a long language's
    # text shrinks rather than runs out of the panel.
    body = rect.inflate(-60, 0)
    y = rect.top + 66
    box = pygame.Rect(body.left, y, body.width, 80)
    line = tr("help.rule", rule=rule)
    y = theme.blit_paragraph(surface, line, box, theme.fit_paragraph(line, 24, box), theme.ACCENT)
    how = tr(f"help.{game}") if has(f"help.{game}") else tr("generic.help")   # a game without its own
    text = (how + "\n\n" + tr("help.common") + "\n" + levels_text(registry.get(game).engine.computer_levels)
            + (f"\n\n{note}" if note else ""))
    box = pygame.Rect(body.left, y + 12, body.width, rect.bottom - y - 70)
    theme.blit_paragraph(surface, text, box, theme.fit_paragraph(text, 22, box))
    if has(f"source.{game}"):
        box = pygame.Rect(body.left, rect.bottom - 52, body.width, 44)
        line = tr(f"source.{game}")
        theme.blit_paragraph(surface, line, box, theme.fit_paragraph(line, 18, box),
                             theme.TEXT_DIM)


def levels_text(table: LevelTable[ComputerLevel]) -> str:
    """The help's line on the computer's levels, read from the game's table: what each level does
    (a random move so often, a depth or a time a move, a noise; else always the best move)."""
    parts = []
    for level in table:
        does = []
        if level.random_rate:
            does.append(tr("help.level_random", percent=decimal(100 * level.random_rate, 0)))
        if level.depth is not None:
            does.append(tr("help.level_depth", depth=level.depth))
        if level.seconds is not None:
            does.append(tr("help.level_seconds", seconds=decimal(level.seconds)))
        if level.noise:
            does.append(tr("help.level_noise", noise=decimal(level.noise, 2)))
        parts.append(tr("help.level", number=level.number, name=tr(f"ai.level{level.number}"),
                        does=", ".join(does) or tr("help.level_best")))
    return tr("help.levels", levels=" · ".join(parts))


def program_status(progress: Mapping[str, Any]) -> str:
    """A program's ``info`` line as the turn box shows it: « prof. 12 · +0,50 · A b C »."""
    parts = [tr("hud.program_thinking")]
    if progress.get("depth"):
        parts.append(tr("hud.depth_short", depth=progress["depth"]))
    if progress.get("mate") is not None:
        parts.append(tr("hud.mate_in", n=progress["mate"]))
    elif progress.get("score") is not None:
        parts.append(tr("hud.score_short", score=decimal(progress["score"] / 100, 2, trim=False, sign=True)))
    if progress.get("pv"):
        parts.append(" ".join(map(str, progress["pv"][:5])))
    return " · ".join(parts)
