"""The look of Nim Arcade: one palette, one font family, cached text, a few drawing helpers.

Fonts and surfaces are created lazily, after pygame is initialised, never at import time.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Sequence

import pygame

from nimarcade.core.resources import data_dir

WIDTH, HEIGHT = 1280, 720
SIZE = (WIDTH, HEIGHT)

# Palette: a night-blue arcade cabinet, warm wood and amber light.
BG_TOP = (18, 24, 48)
BG_BOTTOM = (8, 10, 24)
PANEL = (30, 38, 70)
PANEL_LIGHT = (44, 56, 100)
PANEL_EDGE = (86, 104, 170)
TEXT = (236, 238, 248)
TEXT_DIM = (150, 160, 190)
ACCENT = (255, 190, 70)      # amber: focus, highlights, titles
ACCENT_DARK = (190, 120, 30)
GOOD = (110, 220, 140)       # winning move, hint
BAD = (250, 96, 96)          # refusals, losing
P1 = (90, 180, 255)          # player 1 (blue)
P2 = (255, 120, 170)         # player 2 / computer (pink)
WOOD = (222, 176, 112)
WOOD_DARK = (150, 100, 50)
MATCH_HEAD = (214, 60, 48)
SINK = (10, 12, 20)
PLAYER_COLORS = (P1, P2)

#: Who watches what is drawn: None in play (then nothing is recorded and nothing costs more); a
#: test's recorder (tests/window/test_pseudo_locale.py) is told of each text drawn, with its place,
#: the box it must fit when its caller knows one (a button, a panel), each panel, each veil.
RECORDER: Any = None


def record(surface: pygame.Surface, s: str, img: pygame.Surface | None, rect: pygame.Rect,
           box: pygame.Rect | None = None) -> None:
    """Tell the recorder, if any, that ``img`` (the text ``s``) was drawn at ``rect`` on
    ``surface`` and must fit ``box``: for the texts drawn without :func:`blit_text` (``img``
    None: ``rect`` is where the text's pixels are, a line drawn in pieces)."""
    if RECORDER is not None:
        RECORDER.text(surface, s, img, rect, box)


#: The game's font: Liberation Sans Bold (SIL Open Font License 1.1, see assets/fonts/OFL.txt). It is
#: spaced evenly at every size, where pygame's bundled FreeSans Bold, hinted to whole pixels, left
#: gaps inside words at normal sizes ("Allumet tes"), even drawn twice as large and scaled down.
#: Its widths are Arial's, about 5 % narrower than FreeSans Bold's, and its lines 2-3 px taller.
FONT_FILE = data_dir("assets") / "fonts" / "LiberationSans-Bold.ttf"
#: Sizes in the code are pygame's default-font sizes, which it draws at 0.6875 of the size asked;
#: the same factor keeps every text about as tall as it was designed.
POINTS_PER_SIZE = 0.6875


@lru_cache(maxsize=32)
def font(size: int) -> pygame.font.Font:
    """The game's font at ``size`` (it covers French accents, « », … and the arrows)."""
    return pygame.font.Font(FONT_FILE, max(1, int(size * POINTS_PER_SIZE)))


@lru_cache(maxsize=2048)
def text(s: str, size: int = 28, color: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """A rendered line of text, cached: rendering is the slowest thing a frame can do."""
    return font(size).render(s, True, color)


@lru_cache(maxsize=2048)
def fit_size(s: str, size: int, width: int, smallest: int = 14) -> int:
    """The largest font size up to ``size`` at which ``s`` fits in ``width`` pixels (measured,
    never rendered: only the size drawn is rendered)."""
    while size > smallest and font(size).size(s)[0] > width:
        size -= 1
    return size


def blit_text(
    surface: pygame.Surface,
    s: str,
    pos: tuple[float, float],
    size: int = 28,
    color: tuple[int, int, int] = TEXT,
    anchor: str = "topleft",
    shadow: bool = False,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw ``s`` with its point ``anchor`` at ``pos``; ``box``: where it must fit (a button, a
    panel), said to the :data:`RECORDER`."""
    img = text(s, size, color)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(text(s, size, (0, 0, 0)), rect.move(2, 2))
    surface.blit(img, rect)
    record(surface, s, img, rect, box)
    return rect


def wrap(s: str, size: int, width: int) -> list[str]:
    """Split ``s`` into lines that fit ``width`` pixels (measured once for a text, a size and a
    width: every frame wraps the same help, notes and messages again)."""
    lines = list(_wrapped(s, size, width))
    if RECORDER is not None:
        RECORDER.wrapped(s, lines)
    return lines


@lru_cache(maxsize=2048)
def _wrapped(s: str, size: int, width: int) -> tuple[str, ...]:
    f = font(size)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def fit_paragraph(s: str, size: int, rect: pygame.Rect, spacing: int = 4, smallest: int = 14) -> int:
    """The largest font size up to ``size`` at which ``s``, wrapped to ``rect``'s width, is no
    taller than ``rect`` (as :func:`blit_paragraph` draws it)."""
    return _fit_paragraph(s, size, rect.width, rect.height, spacing, smallest)


@lru_cache(maxsize=4096)
def line_height(line: str, size: int) -> int:
    """How tall ``line`` is rendered at ``size``: what :func:`blit_paragraph` steps down by. The
    font's own measure (``Font.size``) is often a pixel short of the rendered line, depending on
    the text; only the height is kept, not the rendered line."""
    return font(size).render(line, True, TEXT).get_height()


def paragraph_height(s: str, size: int, width: int, spacing: int = 4) -> int:
    """How tall :func:`blit_paragraph` draws ``s``: from ``rect.top`` to the bottom of its last
    line, exactly (each line as tall as it is rendered)."""
    return sum(line_height(line, size) + spacing for line in wrap(s, size, width)) - spacing


@lru_cache(maxsize=256)
def _fit_paragraph(s: str, size: int, width: int, height: int, spacing: int, smallest: int) -> int:
    while size > smallest and paragraph_height(s, size, width, spacing) > height:
        size -= 1
    return size


def blit_paragraph(surface, s, rect: pygame.Rect, size=24, color=TEXT, spacing=4, center=False) -> int:
    """Draw wrapped text inside ``rect``; returns the y below the last line."""
    y = rect.top
    for line in wrap(s, size, rect.width):
        img = text(line, size, color)
        x = rect.centerx - img.get_width() // 2 if center else rect.left
        surface.blit(img, (x, y))
        record(surface, line, img, img.get_rect(topleft=(x, y)), rect)
        y += img.get_height() + spacing
    return y


@lru_cache(maxsize=4)
def background(size: tuple[int, int] = SIZE) -> pygame.Surface:
    """The shared backdrop: a vertical gradient with a faint grid of stars."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        t = y / max(1, h - 1)
        c = [round(a + (b - a) * t) for a, b in zip(BG_TOP, BG_BOTTOM)]
        pygame.draw.line(surf, c, (0, y), (w, y))
    # Deterministic star field (no randomness at runtime).
    for i in range(90):
        x = (i * 7919) % w
        y = (i * 104729) % h
        b = 60 + (i * 37) % 80
        surf.set_at((x, y), (b, b, b + 30))
    return surf.convert() if pygame.display.get_surface() else surf


def panel(surface: pygame.Surface, rect: pygame.Rect, color=PANEL, edge=PANEL_EDGE, radius: int = 14, width: int = 2) -> None:
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)
    if RECORDER is not None:
        RECORDER.panel(surface, pygame.Rect(rect), width)


def lerp_color(a: Sequence[float], b: Sequence[float], t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b`` (their red, green and blue)."""
    t = max(0.0, min(1.0, t))
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))
    return red, green, blue


def pulse(t: float, speed: float = 3.0) -> float:
    """0..1 oscillation for glowing highlights."""
    return 0.5 + 0.5 * math.sin(t * speed)


@lru_cache(maxsize=64)
def glow(radius: int, color: tuple[int, int, int], alpha: int = 90) -> pygame.Surface:
    """A soft round glow, cached per size and colour."""
    surf = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    for r in range(radius, 0, -2):
        a = round(alpha * (1 - r / radius) ** 1.5)
        pygame.draw.circle(surf, (*color, a), (radius, radius), r)
    return surf


def shade(size: tuple[int, int], alpha: int = 160) -> pygame.Surface:
    """A translucent dark veil for overlays (what is drawn after it is on a layer of its own)."""
    if RECORDER is not None:
        RECORDER.veil()
    return _shade(size, alpha)


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    return s


def reset_caches() -> None:
    """Forget fonts and cached surfaces (after pygame.quit(), fonts are no longer usable)."""
    for cached in (font, text, background, glow, _shade):
        cached.cache_clear()
