"""What the puzzle screen draws over the game's board, and its pages of its own.

Over the board the screen takes two places of the game's frame (the HUD) and gives them to the
puzzle: the turn box at the top right becomes the puzzle's box (the question, the puzzle's
rating, the player's rating and streaks; after the answer, the verdict with its rating change,
which pops in with a burst of sparks or shakes), and the bottom bar becomes the puzzle's bar (the
series' progress and keys; after the answer, the explanation's first line, what the solution is
worth and whether it is proved, and the buttons). The board itself, with the game's rule and
title above it, is the game's own.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from nimarcade.i18n import tr
from nimarcade.window.ui import theme

from nimarcade.window.scenes.hud import BOARD, BOTTOM_BAR, TURN_RECT

BOX = pygame.Rect(TURN_RECT.left - 30, TURN_RECT.top - 4, TURN_RECT.width + 30, TURN_RECT.height + 8)
#: Seconds of the verdict's pop (and shake), of its sparks, and of the rating change rising.
POP, SPARKS, RISE = 0.35, 0.8, 1.6
BUTTON_H = 36
ROW1, ROW2 = BOTTOM_BAR.top + 10, BOTTOM_BAR.top + 42


@dataclass
class Box:
    """The puzzle's box: ``title`` and ``line`` (its colour ``color``), ``change`` the rating's
    change to show rising ("" none), ``age`` seconds since the verdict (None: no verdict)."""

    title: str
    line: str
    color: tuple[int, int, int] = theme.ACCENT
    change: str = ""
    good: bool = True
    age: float | None = None


def clear(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The background again where the game's frame drew."""
    surface.blit(theme.background(), rect, rect)
    if theme.RECORDER is not None:
        theme.RECORDER.cover(surface, rect)


def draw_box(surface: pygame.Surface, box: Box) -> None:
    clear(surface, BOX.inflate(12, 8).clip(surface.get_rect()))
    rect = BOX.copy()
    age = box.age
    if age is not None and age < POP:
        k = 1 - age / POP
        if box.good:
            rect = rect.inflate(round(24 * k), round(10 * k))
        else:
            rect = rect.move(round(math.sin(age * 60) * 10 * k), 0)
    if box.good and age is not None and age < SPARKS:      # sparks fly out from under the box
        t = age / SPARKS
        for i in range(16):
            a = i * math.tau / 16 + 0.3
            r = 60 + 150 * t
            pos = (rect.centerx + math.cos(a) * r * 1.6, rect.centery + math.sin(a) * r * 0.5)
            pygame.draw.circle(surface, theme.lerp_color(theme.ACCENT, theme.GOOD, t), pos, max(1, round(6 * (1 - t))))
    theme.panel(surface, rect, theme.PANEL, box.color, radius=14, width=3)
    theme.blit_text(surface, box.title, (rect.left + 20, rect.top + 8), theme.fit_size(box.title, 28, rect.width - 130),
                    box.color)
    theme.blit_text(surface, box.line, (rect.left + 20, rect.top + 44), theme.fit_size(box.line, 20, rect.width - 36),
                    theme.TEXT_DIM)
    if age is None:
        return
    if box.change:           # the change rises into place
        rise = round(18 * max(0.0, 1 - age / RISE) ** 2)
        theme.blit_text(surface, box.change, (rect.right - 20, rect.top + 6 + rise), 34, box.color, "topright")


def draw_flash(surface: pygame.Surface, good: bool, age: float | None) -> None:
    """A frame round the board in the verdict's colour, fading."""
    if age is None or age >= SPARKS:
        return
    width = max(1, round(6 * (1 - age / SPARKS)))
    pygame.draw.rect(surface, theme.GOOD if good else theme.BAD, BOARD.inflate(16, 8), width, border_radius=12)


Line = tuple[str, tuple[int, int, int]]


def draw_bar(surface: pygame.Surface, first: Line, second: Line, keys: str = "", message: str = "") -> None:
    """The puzzle's bottom bar: ``first`` (a line and its colour, centred), then at the left of
    the buttons ``second`` (a line and its colour), or the refusal ``message`` in red; ``keys`` at
    the right."""
    clear(surface, BOTTOM_BAR)
    pygame.draw.line(surface, theme.PANEL_EDGE, (24, BOTTOM_BAR.top), (theme.WIDTH - 24, BOTTOM_BAR.top), 1)
    line, color = first
    if line:
        theme.blit_text(surface, line, (theme.WIDTH // 2, ROW1), theme.fit_size(line, 24, theme.WIDTH - 48), color,
                        "midtop")
    if keys:
        theme.blit_text(surface, keys, (theme.WIDTH - 28, ROW1 + 2), 20, theme.TEXT_DIM, "topright")
    text, color = (message, theme.BAD) if message else second
    if text:
        theme.blit_text(surface, text, (32, ROW2 + BUTTON_H // 2), theme.fit_size(text, 22 if message else 20, 760),
                        color, "midleft")


def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str) -> None:
    theme.panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=12, width=2)
    theme.blit_text(surface, label, rect.center, theme.fit_size(label, 22, rect.width - 20), theme.TEXT, "center")


def draw_check(surface: pygame.Surface, center: tuple[int, int], good: bool, size: int = 10) -> None:
    """A tick (solved) or a cross (missed): the font has neither."""
    x, y = center
    if good:
        pygame.draw.lines(surface, theme.GOOD, False, [(x - size, y), (x - size // 3, y + size * 2 // 3),
                                                       (x + size, y - size * 2 // 3)], 3)
    else:
        pygame.draw.line(surface, theme.BAD, (x - size * 2 // 3, y - size * 2 // 3), (x + size * 2 // 3, y + size * 2 // 3), 3)
        pygame.draw.line(surface, theme.BAD, (x - size * 2 // 3, y + size * 2 // 3), (x + size * 2 // 3, y - size * 2 // 3), 3)


def draw_waiting(surface: pygame.Surface, time: float, title: str) -> None:
    """No puzzle ready yet: a spinner while the worker prepares one."""
    surface.blit(theme.background(), (0, 0))
    theme.blit_text(surface, tr("puzzle.title"), (theme.WIDTH // 2, 44), 64, theme.ACCENT, "midtop", shadow=True)
    if title:
        theme.blit_text(surface, title, (theme.WIDTH // 2, 130), 28, theme.TEXT_DIM, "midtop")
    center = (theme.WIDTH // 2, theme.HEIGHT // 2)
    for i in range(10):
        a = time * 5 + i * math.tau / 10
        c = theme.lerp_color(theme.PANEL, theme.ACCENT, i / 10)
        pygame.draw.circle(surface, c, (center[0] + 40 * math.cos(a), center[1] + 40 * math.sin(a)), 6)
    dots = "." * (1 + int(time * 3) % 3)
    theme.blit_text(surface, tr("puzzle.preparing") + dots, (center[0] - 140, center[1] + 80), 30, theme.TEXT)
    theme.blit_text(surface, tr("puzzle.preparing_keys"), (32, ROW2 + BUTTON_H // 2), 20, theme.TEXT_DIM, "midleft")
