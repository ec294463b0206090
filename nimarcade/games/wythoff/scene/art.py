"""The drawing pieces of « La reine au puits »: those that depend only on sizes (a queen, a cell
tint, the board with its well, the cold-cell and Grundy overlays, the side panel, all rendered once
and cached), what a frame draws over them (a queen, the destination looked at, the fall into the
well), and the small looping preview of the game menu. Every function takes what it draws; ``geo``
says where the board is. What the pawns draw alike is in ``scenes/sinkboard_art``."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from nimarcade.i18n import tr
from nimarcade.games.sinkboard.rules import Move
from nimarcade.games.wythoff.rules import grundy, is_cold
from nimarcade.window.ui import theme
from nimarcade.window.ui.tween import clamp01, ease_in_out, ease_in_quad, lerp2

from nimarcade.games.sinkboard.art import BoardGeometry, Line, draw_lines, draw_sink_name

QUEEN = (246, 214, 120)
QUEEN_RIM = (132, 84, 30)
COLD = (120, 200, 255)             # ice blue: the cold cells
LIGHT, DARK = (52, 44, 86), (40, 34, 70)
STONE, STONE_DARK = (150, 144, 160), (92, 88, 104)
WATER = (12, 20, 42)


@lru_cache(maxsize=32)
def queen_surface(radius: int, ring: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A golden queen seen from above: a disc with a five-pointed crown (and a shine, so a spin shows)."""
    size = radius * 2 + 8
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    circle = getattr(pygame.draw, "aacircle", pygame.draw.circle)
    circle(surf, (0, 0, 0, 90), (c + 1, c + 2), radius)
    circle(surf, QUEEN_RIM, (c, c), radius)
    circle(surf, QUEEN, (c, c), max(2, radius - max(1, radius // 6)))
    if radius >= 6:
        # The crown: a band and five points, darker gold.
        w, h = radius * 1.15, radius * 0.95
        left, base, top = c - w / 2, c + h * 0.45, c - h * 0.55
        pts = [(left, base)]
        for i in range(5):
            x = left + w * i / 4
            pts += [(x, top if i % 2 == 0 else top + h * 0.35)]
            if i < 4:
                pts += [(left + w * (i + 0.5) / 4, c + h * 0.05)]
        pts += [(left + w, base)]
        pygame.draw.polygon(surf, QUEEN_RIM, pts)
        if radius >= 12:
            for i in range(0, 5, 2):
                circle(surf, (220, 70, 70), (left + w * i / 4, top), max(1, radius // 9))
    circle(surf, (255, 250, 230), (c - radius * 0.45, c - radius * 0.5), max(1, radius // 5))
    if ring is not None:
        circle(surf, ring, (c, c), radius + 2, max(2, radius // 5))
    return surf


@lru_cache(maxsize=8)
def dest_mark(size: int) -> pygame.Surface:
    """A cell the chosen queen can reach: a light amber veil and a dot, as on a chess app (small
    cells get a stronger veil instead of the dot, which would hide a Grundy value)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    small = size < 24
    pygame.draw.rect(surf, (*theme.ACCENT, 75 if small else 38), surf.get_rect().inflate(-2, -2),
                     border_radius=max(2, size // 6))
    if not small:
        pygame.draw.circle(surf, (*theme.ACCENT, 200), (size / 2, size / 2), size * 0.13)
    return surf


def draw_queen(surface: pygame.Surface, center: tuple[int, int], radius: int, cell: int, count: int,
               ring: tuple[int, int, int] | None, chosen: bool) -> None:
    """A queen (a glow under the chosen one) and, for a stack, a red badge with the count."""
    x, y = center
    if chosen:
        g = theme.glow(radius * 2 + 4, theme.ACCENT, 130)
        surface.blit(g, g.get_rect(center=center))
    img = queen_surface(radius, ring)
    surface.blit(img, img.get_rect(center=center))
    if count > 1:
        br = max(7, round(cell * 0.15))
        bx, by = x + radius * 0.8, y - radius * 0.8
        pygame.draw.circle(surface, (20, 20, 30), (bx, by), br + 1)
        pygame.draw.circle(surface, theme.BAD, (bx, by), br)
        theme.blit_text(surface, str(count), (bx, by + 1), max(12, round(br * 1.7)), theme.TEXT, "center")


def draw_focus(surface: pygame.Surface, start: tuple[int, int], rect: pygame.Rect, radius: int) -> None:
    """The destination looked at: a line from the queen, a frame and a ghost queen."""
    width = max(2, rect.width // 14)
    pygame.draw.line(surface, theme.ACCENT, start, rect.center, width)
    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(2, 2), width, border_radius=max(2, rect.width // 6))
    ghost = queen_surface(radius).copy()
    ghost.set_alpha(150)
    surface.blit(ghost, ghost.get_rect(center=rect.center))


def draw_fall(surface: pygame.Surface, img: pygame.Surface, center: tuple[int, int], sink_r: float, u: float) -> None:
    """Into the well (``u`` from 0 to 1): the queen spins and sinks, ripples spread on the water."""
    k = ease_in_quad(u)
    for i in range(3):
        w = min(1.0, max(0.0, u * 1.4 - i * 0.2))
        if 0 < w < 1:
            pygame.draw.circle(surface, theme.lerp_color(COLD, theme.SINK, w), center, sink_r * (0.2 + 0.5 * w), 2)
    if u < 0.97:
        spun = pygame.transform.rotozoom(img, -u * 360, 1 - k * 0.97)
        pos = (center[0] + math.sin(u * 9) * sink_r * 0.1 * (1 - k), center[1])
        surface.blit(spun, spun.get_rect(center=pos))


def draw_moving(surface: pygame.Surface, geo: BoardGeometry, move: Move, t: float, slide_frac: float) -> None:
    """The queen of the animated ``move`` at ``t`` (0 to 1): it slides for the first ``slide_frac``
    of the time, then (into the well) falls."""
    src, dst = move
    img = queen_surface(geo.piece_r, theme.ACCENT)
    a, b = geo.cell_center(src), geo.cell_center(dst)
    if t < slide_frac or dst != geo.sink:
        x, y = lerp2(a, b, ease_in_out(clamp01(t / slide_frac)))
        surface.blit(img, img.get_rect(center=(x, y)))
        return
    draw_fall(surface, img, b, geo.sink_r, clamp01((t - slide_frac) / (1 - slide_frac)))


def draw_well(surf: pygame.Surface, center: tuple[float, float], outer: float) -> None:
    """The sink as a well seen from above: a ring of stones around dark water."""
    cx, cy = center
    pygame.draw.circle(surf, STONE_DARK, (cx, cy), outer)
    stones = max(8, min(16, round(outer / 2.5)))
    for i in range(stones):
        a = 2 * math.pi * i / stones
        r = outer * 0.8
        pygame.draw.circle(surf, STONE if i % 2 else theme.lerp_color(STONE, STONE_DARK, 0.4),
                           (cx + r * math.cos(a), cy + r * math.sin(a)), max(1.5, outer * 0.22))
    inner = outer * 0.62
    for k in range(5):
        pygame.draw.circle(surf, theme.lerp_color((30, 44, 80), WATER, k / 4), (cx, cy + k * inner * 0.04),
                           inner * (1 - k / 6))


def render_static(geo: BoardGeometry) -> pygame.Surface:
    """The board, its 1-based numbers (every ``geo.label_step``-th) and the well, on a copy of the
    backdrop under ``geo.static``."""
    rows, cols, cell, label_step = geo.rows, geo.cols, geo.cell, geo.label_step
    surf = theme.background().subsurface(geo.static).copy()
    grid = geo.grid.move(-geo.static.left, -geo.static.top)
    theme.panel(surf, grid.inflate(10, 10), (28, 24, 52), theme.PANEL_EDGE, radius=8, width=2)
    for r in range(rows):
        for c in range(cols):
            pygame.draw.rect(surf, LIGHT if (r + c) % 2 else DARK,
                             (grid.left + c * cell, grid.top + r * cell, cell, cell))
    size = max(15, min(24, round(cell * 0.5)))
    for c in range(1, cols + 1):
        if label_step == 1 or c == 1 or c % label_step == 0:
            x = grid.left + (c - 0.5) * cell
            theme.blit_text(surf, str(c), (x, grid.top - 7), size, theme.TEXT_DIM, "midbottom")
    for r in range(1, rows + 1):
        if label_step == 1 or r == 1 or r % label_step == 0:
            y = grid.top + (r - 0.5) * cell
            theme.blit_text(surf, str(r), (grid.left - 8, y), size, theme.TEXT_DIM, "midright")
    sink = pygame.Rect(grid.right - cell, grid.bottom - cell, cell, cell)
    pygame.draw.rect(surf, (16, 14, 30), sink)
    draw_well(surf, sink.center, geo.sink_r)
    if cell < 40:   # a small well also gets its name, beside the board
        draw_sink_name(surf, grid.right + 12, sink.centery, tr("wythoff.sink_label"))
    return surf


def render_overlay(geo: BoardGeometry, numbers: bool) -> pygame.Surface:
    """The cold cells in ice blue (a frame and a dot); with ``numbers``, every cell's Grundy value."""
    rows, cols, cell = geo.rows, geo.cols, geo.cell
    surf = pygame.Surface((cols * cell, rows * cell), pygame.SRCALPHA)
    small = cell < 40
    size = max(11, round(cell * (0.5 if small else 0.32)))
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if (r, c) == (rows, cols):
                continue    # the well stays clean
            rect = pygame.Rect((c - 1) * cell, (r - 1) * cell, cell, cell)
            a, b = rows - r, cols - c
            if is_cold(a, b):
                pygame.draw.rect(surf, (*COLD, 70), rect.inflate(-2, -2), border_radius=max(2, cell // 6))
                pygame.draw.rect(surf, (*COLD, 220), rect.inflate(-2, -2), max(1, cell // 16),
                                 border_radius=max(2, cell // 6))
                if not numbers:
                    pygame.draw.circle(surf, (*COLD, 230), rect.center, max(2, cell // 9))
            if numbers:
                g = grundy(a, b)
                color = COLD if g == 0 else theme.lerp_color(theme.TEXT_DIM, theme.TEXT, 0.4)
                img = theme.text(str(g), size, color)
                if small:
                    surf.blit(img, img.get_rect(center=rect.center))
                else:
                    surf.blit(img, (rect.left + cell * 0.1, rect.top + cell * 0.06))
    return surf


def render_panel(rect: pygame.Rect, lines: tuple[Line, ...], cold_shown: bool, room: int = 0) -> pygame.Surface:
    """The side panel at ``rect``: the lines (text, size, colour; empty text is a gap), ``room``
    pixels left free under them (for a button), then the legend of the cold cells (lit when they are
    shown) and the key of the Grundy values."""
    surf = theme.background().subsurface(rect).copy()
    rect = surf.get_rect()
    theme.panel(surf, rect, theme.PANEL, theme.PANEL_EDGE, radius=14, width=2)
    inner = rect.inflate(-32, -28)
    legend_h = 46
    draw_lines(surf, lines, pygame.Rect(inner.left, inner.top, inner.width, inner.height - legend_h - room), 3)
    y = inner.bottom - legend_h + 10
    pygame.draw.line(surf, theme.PANEL_EDGE, (inner.left, y - 6), (inner.right, y - 6), 1)
    box = pygame.Rect(inner.left, y + 2, 26, 26)
    pygame.draw.rect(surf, COLD if cold_shown else theme.lerp_color(theme.PANEL, COLD, 0.35), box, 2, 6)
    pygame.draw.circle(surf, COLD if cold_shown else theme.lerp_color(theme.PANEL, COLD, 0.35), box.center, 4)
    theme.blit_text(surf, tr("wythoff.legend_cold"), (box.right + 10, y + 5), 20,
                    theme.TEXT if cold_shown else theme.TEXT_DIM)
    theme.blit_text(surf, tr("wythoff.toggle"), (inner.right, y + 5), 20, theme.TEXT_DIM, "topright")
    return surf


PREVIEW_PATH = ((0, 0), (0, 2), (3, 2), (5, 4), (5, 5))   # right, down, diagonal, into the well


def draw_preview(surface: pygame.Surface, rect: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: a queen slides right, down, diagonally, then drops into the well (4 s loop)."""
    n = 6
    cell = (rect.height - 10) // n
    x0, y0 = rect.centerx - cell * n // 2, rect.top + 5
    for i in range(n):
        for j in range(n):
            pygame.draw.rect(surface, LIGHT if (i + j) % 2 else DARK, (x0 + j * cell, y0 + i * cell, cell, cell))
            if is_cold(n - 1 - i, n - 1 - j) and (i, j) != (n - 1, n - 1):
                pygame.draw.rect(surface, COLD, (x0 + j * cell + 2, y0 + i * cell + 2, cell - 4, cell - 4), 1, 3)
    draw_well(surface, (x0 + (n - 0.5) * cell, y0 + (n - 0.5) * cell), cell * 0.45)
    phase = t % 4.0
    k = min(int(phase), 3)
    f = min(1.0, (phase - k) * 1.6)
    (a, b), (c, d) = PREVIEW_PATH[k], PREVIEW_PATH[k + 1]
    y, x = a + (c - a) * f, b + (d - b) * f
    scale = 1.0 if k < 3 else 1 - max(0.0, (phase - k) * 1.6 - 1) / 0.6
    if scale > 0.05:
        img = queen_surface(max(4, int(cell * 0.38 * scale)))
        surface.blit(img, img.get_rect(center=(x0 + (x + 0.5) * cell, y0 + (y + 0.5) * cell)))
