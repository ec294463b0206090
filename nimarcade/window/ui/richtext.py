"""Text the bundled font cannot draw on its own, drawn with shapes instead.

The font (pygame-ce's FreeSans Bold) lacks the seed's nim-addition sign ⊕, the no-break space and
the arrows (tests/test_text_glyphs.py checks which glyphs exist). :func:`rich_text` renders a
string with ⊕ drawn as a circled plus; :func:`wrap_rich` cuts text into lines measuring it the same
way and keeps French punctuation (" :", " ;") on its word; :func:`arrow` draws an arrow.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from nimarcade.window.ui import theme

OPLUS = "\u2295"    # ⊕, the seed's nim-addition
NBSP = "\u00a0"


@lru_cache(maxsize=512)
def rich_text(s: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """Like theme.text, but draws the ⊕ sign (a circled plus) the font lacks; a no-break space
    (which the font lacks too) keeps words together in :func:`wrap_rich` and shows as a space."""
    s = s.replace(NBSP, " ")
    if OPLUS not in s:
        return theme.text(s, size, color)
    f = theme.font(size)
    parts = [theme.text(p, size, color) if p else None for p in s.split(OPLUS)]
    zero = f.metrics("0")[0]                 # (min x, max x, min y, max y, advance) of the digit
    cap = zero[3] if zero is not None else size * 0.7
    r = max(3.5, cap * 0.6)
    sign = round(2 * r + 3)
    width = sum(p.get_width() for p in parts if p) + sign * (len(parts) - 1)
    surf = pygame.Surface((width, f.get_height()), pygame.SRCALPHA)
    x = 0
    cy = f.get_ascent() - cap / 2
    lw = max(1, round(size / 15))
    for i, p in enumerate(parts):
        if p is not None:
            surf.blit(p, (x, 0))
            x += p.get_width()
        if i < len(parts) - 1:
            cx = x + sign / 2
            pygame.draw.circle(surf, color, (cx, cy), r, lw)
            pygame.draw.line(surf, color, (cx - r + 1, cy), (cx + r - 1, cy), lw)
            pygame.draw.line(surf, color, (cx, cy - r + 1), (cx, cy + r - 1), lw)
            x += sign
    return surf


def text_width(s: str, size: int) -> int:
    if OPLUS in s:
        return rich_text(s, size, theme.TEXT).get_width()
    return theme.font(size).size(s.replace(NBSP, " "))[0]


@lru_cache(maxsize=256)
def wrap_rich(s: str, size: int, width: int) -> tuple[str, ...]:
    """``s`` cut into lines of at most ``width`` pixels, measuring the drawn ⊕ correctly."""
    lines: list[str] = []
    s = s.replace(" :", NBSP + ":").replace(" ;", NBSP + ";")   # French spacing: never start a line with ":"
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if not line or text_width(trial, size) <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    if theme.RECORDER is not None:
        theme.RECORDER.wrapped(s, lines)
    return tuple(lines)


def arrow(surface: pygame.Surface, color, a: tuple[float, float], b: tuple[float, float], width: int,
          head: float) -> None:
    """A straight arrow drawn with shapes (the font has no arrow glyphs)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    tip = (b[0] - ux * head * 0.4, b[1] - uy * head * 0.4)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    pygame.draw.line(surface, color, a, base, width)
    pygame.draw.polygon(surface, color, [tip, (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6),
                                         (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)])
