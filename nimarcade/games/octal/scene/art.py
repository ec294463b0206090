"""The lab's pictures: the Grundy sequence as a coloured strip with its period framed, and the menu
card. Functions of what they draw (no scene)."""
from __future__ import annotations

import colorsys
from functools import lru_cache
from typing import Any

import pygame

from nimarcade.window.ui import theme

from nimarcade.games.octal.scene.board import draw_preview as draw_pins


@lru_cache(maxsize=64)
def value_color(v: int) -> tuple[int, int, int]:
    """One colour a value: 0 dark, then hues round the wheel (golden angle), brighter as they grow."""
    if v == 0:
        return (40, 46, 70)
    h = (v * 0.381966) % 1.0
    r, g, b = colorsys.hsv_to_rgb(h, 0.55, 0.95)
    return int(r * 255), int(g * 255), int(b * 255)


#: The narrowest cell whose value is written in it at a readable size (the game's strip shows no
#: more cells than fit at this width; the hover names any cell's n and G(n)).
MIN_CELL = 22


def strip_count(width: int) -> int:
    """How many cells a strip ``width`` px wide shows, each at least :data:`MIN_CELL` px."""
    return max(8, width // MIN_CELL)


def cell_at(rect: pygame.Rect, count: int, pos: tuple[int, int]) -> int | None:
    """The strip's cell under ``pos`` (n, from 0), or None."""
    if count <= 0 or not rect.inflate(0, 8).collidepoint(pos):
        return None
    return min(count - 1, int((pos[0] - rect.left) * count / rect.width))


#: Room the strip's picture keeps around its cells: the period's frame above and below, the
#: heap sizes' underlines below.
STRIP_MARGIN = (4, 4, 4, 10)       # left, top, right, bottom


@lru_cache(maxsize=16)
def _strip_picture(width: int, height: int, values: tuple[int, ...], period: int | None, preperiod: int | None,
                   marked: tuple[int, ...], numbers: bool) -> pygame.Surface:
    """The strip drawn once on a transparent picture: a screen redraws it every frame (a review
    steps through positions), and its 120 cells with their numbers are the same until it changes."""
    left, top, right, bottom = STRIP_MARGIN
    picture = pygame.Surface((width + left + right, height + top + bottom), pygame.SRCALPHA)
    _paint_strip(picture, pygame.Rect(left, top, width, height), values, period, preperiod, marked, numbers)
    return picture


def draw_strip(surface: pygame.Surface, rect: pygame.Rect, values: list[int], period: int | None,
               preperiod: int | None, marked: tuple[int, ...] = (), numbers: bool = True) -> None:
    """G(0), G(1)… as cells left to right; the first whole period from the preperiod is framed
    in amber, the exceptions before it dimmed; ``marked`` heap sizes are underlined."""
    if not values:
        return
    picture = _strip_picture(rect.width, rect.height, tuple(values), period, preperiod, tuple(marked), numbers)
    surface.blit(picture, (rect.left - STRIP_MARGIN[0], rect.top - STRIP_MARGIN[1]))


def draw_game_strip(surface: pygame.Surface, rect: pygame.Rect, values: list[int], proof: Any,
                    marked: tuple[int, ...], line: str, hover: int | None) -> None:
    """The game's strip (its period framed once ``proof`` is known), the cell under the mouse
    (``hover``) framed, and ``line`` under it: the caption, or what the hovered cell holds."""
    if not values:
        return
    draw_strip(surface, rect, values, proof.period if proof else None, proof.preperiod if proof else None, marked)
    if hover is not None:
        pitch = rect.width / len(values)
        cell = pygame.Rect(rect.left + round(hover * pitch) - 2, rect.top - 3, round(pitch) + 3, rect.height + 6)
        pygame.draw.rect(surface, theme.TEXT, cell, 2, border_radius=3)
    theme.blit_text(surface, line, (rect.left, rect.bottom + 12), theme.fit_size(line, 20 if hover is not None else 18,
                    rect.width, 12), theme.ACCENT if hover is not None else theme.TEXT_DIM)


def _paint_strip(surface: pygame.Surface, rect: pygame.Rect, values: tuple[int, ...], period: int | None,
                 preperiod: int | None, marked: tuple[int, ...], numbers: bool) -> None:
    if not values:
        return
    n = len(values)
    pitch = rect.width / n
    size = max(9, min(20, int(pitch * 0.85)))
    for i, v in enumerate(values):
        x0, x1 = rect.left + round(i * pitch), rect.left + round((i + 1) * pitch)
        cell = pygame.Rect(x0, rect.top, max(1, x1 - x0 - (1 if pitch > 4 else 0)), rect.height)
        color = value_color(v)
        if preperiod is not None and i < preperiod:
            color = theme.lerp_color(color, theme.BG_BOTTOM, 0.35)
        pygame.draw.rect(surface, color, cell)
        if numbers and pitch >= 10:
            ink = theme.TEXT if v == 0 else (20, 20, 30)
            theme.blit_text(surface, str(v), cell.center, min(size, theme.fit_size(str(v), size, cell.width)),
                            ink, "center")
        if i in marked:
            pygame.draw.rect(surface, theme.TEXT, (cell.left, rect.bottom + 3, cell.width, 4))
    if period is not None and preperiod is not None and preperiod < n:
        x0 = rect.left + round(preperiod * pitch)
        x1 = rect.left + round(min(n, preperiod + period) * pitch)
        pygame.draw.rect(surface, theme.ACCENT, (x0 - 2, rect.top - 3, max(4, x1 - x0 + 3), rect.height + 6), 3,
                         border_radius=4)


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: Kayles' values as a strip, a cursor running along it, the period framed."""
    kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]
    strip = pygame.Rect(r.left + 12, r.centery - 18, r.width - 24, 36)
    lit = int(t * 4) % len(kayles)
    draw_strip(surface, strip, kayles, 12, 12, (lit,), numbers=r.width >= 300)
    draw_pins(surface, pygame.Rect(r.left + 12, strip.bottom + 8, r.width - 24, min(40, r.bottom - strip.bottom - 10)), t)
