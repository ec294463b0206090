"""Small pictures for buttons, drawn with lines and shapes (the font has no arrows nor symbols):
each takes the square it fills and its colour, so a disabled button draws them dimmed."""
from __future__ import annotations

import math
from typing import Callable

import pygame

Color = tuple[int, int, int]


def _bulb(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    """The hint: a light bulb."""
    cx = r.centerx
    radius = r.width * 0.33
    cy = r.top + radius
    pygame.draw.circle(surface, color, (cx, cy), radius, 2)
    base = pygame.Rect(0, 0, r.width * 0.32, r.height * 0.22)
    base.midtop = (cx, cy + radius - 1)
    pygame.draw.rect(surface, color, base, border_radius=2)


def _turn_arrow(surface: pygame.Surface, r: pygame.Rect, color: Color, mirrored: bool) -> None:
    """Undo (a hook turning back to the left) and redo (mirrored)."""
    w, h = r.width, r.height
    sign = -1 if mirrored else 1

    def at(x: float, y: float) -> tuple[float, float]:
        return (r.centerx + sign * (x - 0.5) * w, r.top + y * h)

    # an arc from the bottom round the right side to the top, then the arrow's head at the top left
    points = [at(0.5 + 0.32 * math.cos(a), 0.55 + 0.3 * math.sin(a))
              for a in (math.pi / 2 - i * math.pi / 8 for i in range(9))]
    points.append(at(0.2, 0.25))
    pygame.draw.lines(surface, color, False, points, 2)
    pygame.draw.polygon(surface, color, [at(0.04, 0.25), at(0.28, 0.06), at(0.28, 0.44)])


def _undo(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    _turn_arrow(surface, r, color, False)


def _redo(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    _turn_arrow(surface, r, color, True)


def _list(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    """The move list: three numbered lines."""
    for i in range(3):
        y = r.top + r.height * (0.2 + 0.3 * i)
        pygame.draw.circle(surface, color, (r.left + 2, y), 2)
        pygame.draw.line(surface, color, (r.left + 6, y), (r.right - 1, y), 2)


def _help(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    """Help: a question mark in a ring."""
    from nimarcade.window.ui import theme

    pygame.draw.circle(surface, color, r.center, r.width // 2, 2)
    theme.blit_text(surface, "?", (r.centerx, r.centery + 1), max(12, r.height - 4), color, "center")


def _pause(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    """Pause: two bars."""
    bar = pygame.Rect(0, 0, max(3, r.width // 4), r.height - 2)
    for x in (r.centerx - r.width * 0.22, r.centerx + r.width * 0.22):
        bar.center = (x, r.centery)
        pygame.draw.rect(surface, color, bar, border_radius=1)


def _triangle(surface: pygame.Surface, r: pygame.Rect, color: Color, left: bool, shift: float = 0.0) -> None:
    tip, back = (0.2, 0.75) if left else (0.8, 0.25)
    tip_x, back_x = (r.left + (f + shift) * r.width for f in (tip, back))
    pygame.draw.polygon(surface, color, [(tip_x, r.centery), (back_x, r.top + 2), (back_x, r.bottom - 2)])


def _previous(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    _triangle(surface, r, color, left=True)


def _next(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    _triangle(surface, r, color, left=False)


def _first(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    pygame.draw.rect(surface, color, (r.left + 1, r.top + 2, 3, r.height - 4))
    _triangle(surface, r, color, left=True, shift=0.1)


def _last(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    pygame.draw.rect(surface, color, (r.right - 4, r.top + 2, 3, r.height - 4))
    _triangle(surface, r, color, left=False, shift=-0.1)


def _back(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    """Back: an arrow to the left."""
    pygame.draw.line(surface, color, (r.left + 3, r.centery), (r.right - 1, r.centery), 3)
    pygame.draw.polygon(surface, color, [(r.left, r.centery), (r.left + r.width * 0.45, r.top + 2),
                                         (r.left + r.width * 0.45, r.bottom - 2)])


def _play(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    """Play on: a triangle in a ring."""
    pygame.draw.circle(surface, color, r.center, r.width // 2, 2)
    inner = r.inflate(-r.width // 2, -r.height // 2)
    _triangle(surface, inner.move(1, 0), color, left=False)


def _edit(surface: pygame.Surface, r: pygame.Rect, color: Color) -> None:
    """Edit: a pencil, its point down to the left."""
    a, b = (r.left + 3, r.bottom - 3), (r.right - 3, r.top + 3)
    pygame.draw.line(surface, color, (a[0] + 3, a[1] - 3), b, 5)
    pygame.draw.polygon(surface, color, [a, (a[0] + 1, a[1] - 6), (a[0] + 6, a[1] - 1)])


ICONS: dict[str, Callable[[pygame.Surface, pygame.Rect, Color], None]] = {
    "hint": _bulb, "undo": _undo, "redo": _redo, "moves": _list, "help": _help, "pause": _pause,
    "first": _first, "previous": _previous, "next": _next, "last": _last, "back": _back,
    "play": _play, "edit": _edit,
}


def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, color: Color) -> None:
    """The icon called ``name`` filling ``rect`` (a square)."""
    ICONS[name](surface, rect, color)
