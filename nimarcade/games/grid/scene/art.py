"""The drawing pieces of the Pawns scene: those that depend only on sizes (a pawn, a cell tint, the
board, the nimber overlay and the side panel, all rendered once and cached), and what a frame draws
over them (the destinations and their numbers, a pawn, the sliding one). Every function takes what it
draws; ``geo`` says where the board is. What the queens draw alike is in ``scenes/sinkboard_art``."""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import pygame

from nimarcade.i18n import tr
from nimarcade.games.grid.rules import nimber
from nimarcade.games.sinkboard.rules import Cell, Move
from nimarcade.window.ui import theme
from nimarcade.window.ui.tween import clamp01, ease_in_out, ease_in_quad, lerp2

from nimarcade.games.sinkboard.art import BoardGeometry, Line, draw_lines, draw_sink_name

#: Nimbers 0-3: green for the zero positions the strategy aims at, then blue, amber, pink.
NIMBER_COLORS = (theme.GOOD, theme.P1, theme.ACCENT, theme.P2)
PAWN = (238, 226, 198)
PAWN_RIM = (120, 86, 52)
CELL_LIGHT, CELL_DARK = (40, 50, 88), (34, 43, 78)
GRID_LINE = (58, 70, 116)


@lru_cache(maxsize=32)
def pawn_surface(radius: int, ring: tuple[int, int, int] | None = None) -> pygame.Surface:
    """An ivory pawn seen from above, with an off-centre shine (so a spin shows)."""
    size = radius * 2 + 6
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    circle = getattr(pygame.draw, "aacircle", pygame.draw.circle)   # smooth edges on pygame-ce >= 2.5
    circle(surf, (0, 0, 0, 90), (c + 1, c + 2), radius)
    circle(surf, PAWN_RIM, (c, c), radius)
    circle(surf, PAWN, (c, c), max(2, radius - max(1, radius // 6)))
    if radius >= 10:
        circle(surf, theme.lerp_color(PAWN, PAWN_RIM, 0.3), (c, c), radius // 2, max(1, radius // 9))
    circle(surf, (255, 255, 255), (c - radius // 3, c - radius // 3), max(1, radius // 4))
    if ring is not None:
        circle(surf, ring, (c, c), radius + 2, max(2, radius // 5))
    return surf


@lru_cache(maxsize=32)
def cell_fill(size: int, color: tuple[int, int, int], alpha: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*color, alpha), surf.get_rect(), border_radius=max(2, size // 6))
    return surf


#: Room above the legend for the « Tourner le plateau (V) » button.
ROTATE_ROOM = 46


def draw_rotate_button(surface: pygame.Surface, r: pygame.Rect, hover: bool) -> None:
    """« Tourner le plateau (V) » at ``r``, lit when the mouse is over it."""
    theme.panel(surface, r, theme.PANEL_LIGHT if hover else theme.PANEL, theme.ACCENT if hover else theme.PANEL_EDGE,
                radius=10)
    theme.blit_text(surface, tr("grid.rotate_button"), r.center, 20, theme.TEXT, "center")


def render_overlay(geo: BoardGeometry) -> pygame.Surface:
    """Every cell's nimber: a tint and the digit (in a corner on big cells, centred on small)."""
    rows, cols, cell = geo.rows, geo.cols, geo.cell
    surf = pygame.Surface((cols * cell, rows * cell), pygame.SRCALPHA)
    small = cell < 40
    size = max(13, round(cell * (0.62 if small else 0.34)))
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            vr, vc = geo.view(r, c)
            rect = pygame.Rect((vc - 1) * cell, (vr - 1) * cell, cell, cell)
            if (r, c) == (rows, cols):
                continue    # nimber 0 by definition; the hole stays clean
            n = nimber(r, c, rows, cols)
            pygame.draw.rect(surf, (*NIMBER_COLORS[n], 38 if n else 64), rect.inflate(-2, -2))
            img = theme.text(str(n), size, theme.lerp_color(NIMBER_COLORS[n], (255, 255, 255), 0.25))
            if small:
                surf.blit(img, img.get_rect(center=rect.center))
            else:
                surf.blit(img, (rect.left + cell * 0.1, rect.top + cell * 0.06))
    return surf


def render_panel(rect: pygame.Rect, lines: tuple[Line, ...], shown: bool) -> pygame.Surface:
    """The side panel at ``rect``: the lines (text, size, colour; empty text is a gap), then the
    legend of the nimber colours (lit when ``shown``)."""
    surf = theme.background().subsurface(rect).copy()
    rect = surf.get_rect()
    theme.panel(surf, rect, theme.PANEL, theme.PANEL_EDGE, radius=14, width=2)
    inner = rect.inflate(-32, -28)
    legend_h = 58 + ROTATE_ROOM
    draw_lines(surf, lines, pygame.Rect(inner.left, inner.top, inner.width, inner.height - legend_h), 4)
    # Legend: the four nimber colours, and the key that shows them.
    y = inner.bottom - legend_h + ROTATE_ROOM + 8
    pygame.draw.line(surf, theme.PANEL_EDGE, (inner.left, y - 6), (inner.right, y - 6), 1)
    theme.blit_text(surf, tr("grid.legend"), (inner.left, y + 4), 20,
                    theme.TEXT if shown else theme.TEXT_DIM)
    x = inner.left + 150
    for n, color in enumerate(NIMBER_COLORS):
        box = pygame.Rect(x + n * 31, y, 27, 27)
        pygame.draw.rect(surf, color if shown else theme.lerp_color(theme.PANEL, color, 0.35), box, 0, 6)
        theme.blit_text(surf, str(n), box.center, 22, (20, 24, 40), "center")
    theme.blit_text(surf, tr("grid.toggle"), (inner.right, y + 4), 20, theme.TEXT_DIM, "topright")
    return surf


def render_static(geo: BoardGeometry) -> pygame.Surface:
    """The grid, its 1-based numbers (every ``geo.label_step``-th; read backwards when the board is
    turned round) and the sink, on a copy of the backdrop under ``geo.static``."""
    rows, cols, cell, label_step, rotated = geo.rows, geo.cols, geo.cell, geo.label_step, geo.rotated
    surf = theme.background().subsurface(geo.static).copy()
    grid = geo.grid.move(-geo.static.left, -geo.static.top)

    def rect_of(r: int, c: int) -> pygame.Rect:
        return geo.cell_rect((r, c)).move(-geo.static.left, -geo.static.top)

    def labelled(i: int) -> bool:
        return label_step == 1 or i == 1 or i % label_step == 0

    theme.panel(surf, grid.inflate(10, 10), (24, 30, 58), theme.PANEL_EDGE, radius=8, width=2)
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            rect = rect_of(r, c)
            pygame.draw.rect(surf, CELL_LIGHT if (r + c) % 2 else CELL_DARK, rect)
    line = GRID_LINE
    strong = (86, 100, 156)
    for i in range(cols + 1):
        x = grid.left + i * cell
        col = strong if label_step > 1 and i % 5 == 0 and 0 < i < cols else line
        pygame.draw.line(surf, col, (x, grid.top), (x, grid.bottom - 1))
    for i in range(rows + 1):
        y = grid.top + i * cell
        col = strong if label_step > 1 and i % 5 == 0 and 0 < i < rows else line
        pygame.draw.line(surf, col, (grid.left, y), (grid.right - 1, y))
    size = max(15, min(24, round(cell * 0.5)))
    for c in range(1, cols + 1):
        if labelled(c):
            x = rect_of(1, c).centerx
            theme.blit_text(surf, str(c), (x, grid.top - 7), size, theme.TEXT_DIM, "midbottom")
    for r in range(1, rows + 1):
        if labelled(r):
            y = rect_of(r, 1).centery
            theme.blit_text(surf, str(r), (grid.left - 8, y), size, theme.TEXT_DIM, "midright")
    # The sink: a dark hole with a metal rim, darker towards the bottom.
    rect = rect_of(rows, cols)
    pygame.draw.rect(surf, (14, 16, 30), rect)
    cx, cy = rect.center
    outer = geo.sink_r
    pygame.draw.circle(surf, (112, 124, 170), (cx, cy), outer)
    pygame.draw.circle(surf, (58, 66, 100), (cx, cy + 1), outer - max(2, outer * 0.15))
    steps = 6
    for k in range(steps):
        rad = (outer - max(2, outer * 0.17)) * (1 - k / steps)
        pygame.draw.circle(surf, theme.lerp_color((34, 38, 64), theme.SINK, k / (steps - 1)),
                           (cx, cy + k * outer * 0.025), rad)
    shine = pygame.Rect(cx - outer, cy - outer, outer * 2, outer * 2)
    pygame.draw.arc(surf, (200, 210, 240), shine, math.radians(100), math.radians(170),
                    max(1, round(outer * 0.09)))
    if cell < 40 and not rotated:   # a small sink also gets its name, beside the grid
        draw_sink_name(surf, grid.right + 12, cy, tr("grid.sink_label"))
    return surf


# -- a frame: what changes from frame to frame over the cached board ----------------------------
def draw_dest_cells(surface: pygame.Surface, geo: BoardGeometry, dests: list[Cell],
                    focused: Cell | None) -> None:
    """The cells the chosen pawn may go to, tinted (the one looked at more strongly)."""
    for d in dests:
        alpha = 170 if d == focused else (110 if geo.cell < 40 else 70)
        surface.blit(cell_fill(geo.cell, theme.ACCENT, alpha), geo.cell_rect(d))


def draw_dest_numbers(surface: pygame.Surface, geo: BoardGeometry, dests: list[Cell], focused: Cell | None,
                      counts: Counter) -> None:
    """Destination numbers above the pawns they may cover (``counts``: the pawns on each cell), in
    the seed's order."""
    cell = geo.cell
    size = max(15, min(34, round(cell * 0.55)))
    for i, d in enumerate(dests):
        rect = geo.cell_rect(d)
        if d == focused:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(2, 2), max(2, cell // 14),
                             border_radius=max(2, cell // 6))
        corner = (rect.right - size // 3, rect.top + size // 3)
        where = rect.center if d not in counts or cell < 40 else corner
        img = theme.text(str(i + 1), size, theme.TEXT if d == focused else (255, 236, 200))
        box = img.get_rect(center=where)
        if d in counts:     # over a pawn: on a dark tab so the number stays readable
            pygame.draw.rect(surface, (60, 40, 10), box.inflate(6, 0), border_radius=4)
        surface.blit(theme.text(str(i + 1), size, (0, 0, 0)), box.move(1, 1))
        surface.blit(img, box)


def draw_pawn(surface: pygame.Surface, geo: BoardGeometry, cell: Cell, count: int, chosen: bool,
              hinted: bool) -> None:
    """The ``count`` pawns on ``cell``: ringed when chosen or hinted, a stack shown by a badge (or a
    red ring)."""
    x, y = geo.cell_center(cell)
    r = geo.piece_r
    ring = None
    lift = 0
    if chosen:
        ring = theme.ACCENT
        lift = max(1, geo.cell // 14)
        g = theme.glow(r * 2 + 4, theme.ACCENT, 130)
        surface.blit(g, g.get_rect(center=(x, y)))
    elif hinted:
        ring = theme.GOOD
    elif count > 1 and geo.cell < 40:
        ring = theme.BAD
    img = pawn_surface(r, ring)
    if count > 1 and geo.cell >= 40:   # a stack: a second pawn peeking out behind, and a badge
        back = pawn_surface(r)
        surface.blit(back, back.get_rect(center=(x + r * 0.25, y - lift + r * 0.22)))
    surface.blit(img, img.get_rect(center=(x, y - lift)))
    if count < 2:
        return
    if geo.cell >= 40:
        br = max(9, round(geo.cell * 0.15))
        bx, by = x + r * 0.8, y - lift - r * 0.8
        pygame.draw.circle(surface, (20, 20, 30), (bx, by), br + 1)
        pygame.draw.circle(surface, theme.BAD, (bx, by), br)
        theme.blit_text(surface, str(count), (bx, by + 1), max(14, round(br * 1.7)), theme.TEXT, "center")
    else:           # small cells: the count written on the pawn itself, which gets a red ring
        theme.blit_text(surface, str(count), (x, y - lift + 1), max(12, round(r * 2)), (90, 20, 20), "center")


def draw_moving(surface: pygame.Surface, geo: BoardGeometry, move: Move, t: float, slide_frac: float,
                color: tuple[int, int, int]) -> None:
    """The pawn of the animated ``move`` (ringed in the mover's ``color``) at ``t`` (0 to 1): it
    slides for the first ``slide_frac`` of the time, then (into the sink) spirals in, spins and
    shrinks while the rim flashes."""
    src, dst = move
    img = pawn_surface(geo.piece_r, color)
    a, b = geo.cell_center(src), geo.cell_center(dst)
    if t < slide_frac or dst != geo.sink:
        u = ease_in_out(clamp01(t / slide_frac))
        x, y = lerp2(a, b, u)
        y -= math.sin(math.pi * u) * geo.cell * 0.12
        surface.blit(img, img.get_rect(center=(x, y)))
        return
    u = clamp01((t - slide_frac) / (1 - slide_frac))
    k = ease_in_quad(u)
    ang = u * 4 * math.pi
    rr = geo.sink_r * 0.3 * (1 - k)
    pos = (b[0] + rr * math.cos(ang), b[1] + rr * math.sin(ang))
    rim = theme.lerp_color(theme.PANEL_EDGE, theme.ACCENT, 1 - u)
    pygame.draw.circle(surface, rim, b, geo.sink_r, max(2, round(geo.sink_r * 0.12)))
    if u < 0.97:
        spun = pygame.transform.rotozoom(img, -u * 540, 1 - k * 0.97)
        surface.blit(spun, spun.get_rect(center=pos))


#: The menu card: the 5×5 level's three pawns; the third goes to the sink by legal steps (1 or 2
#: cells right or down) and drops in, while the two others stay, so a still card is never empty.
PREVIEW_STAY = ((1, 1), (2, 1))
PREVIEW_PATH = ((3, 1), (3, 3), (5, 3), (5, 5))


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: the board as the game draws it (its cells, the sink), three ivory pawns, one
    of which walks to the sink and falls in (a 4 s loop)."""
    n = 5
    cell = (r.height - 10) // n
    x0, y0 = r.centerx - cell * n // 2, r.top + 5
    for i in range(n):
        for j in range(n):
            color = CELL_LIGHT if (i + j) % 2 else CELL_DARK
            pygame.draw.rect(surface, color, (x0 + j * cell, y0 + i * cell, cell, cell))
    pygame.draw.rect(surface, GRID_LINE, (x0, y0, cell * n, cell * n), 1)

    def center(row: float, col: float) -> tuple[float, float]:
        return x0 + (col - 0.5) * cell, y0 + (row - 0.5) * cell

    sx, sy = center(n, n)
    pygame.draw.circle(surface, (112, 124, 170), (sx, sy), cell * 0.44)
    pygame.draw.circle(surface, theme.SINK, (sx, sy + 1), cell * 0.34)
    radius = max(4, int(cell * 0.36))
    for stay_row, stay_col in PREVIEW_STAY:
        img = pawn_surface(radius)
        surface.blit(img, img.get_rect(center=center(stay_row, stay_col)))
    phase = t % 4.0
    if phase < 3.0:                           # three steps, a second each; the last one into the sink
        k = int(phase)
        row, col = lerp2(PREVIEW_PATH[k], PREVIEW_PATH[k + 1], ease_in_out((phase - k) * 1.5))
        scale = 1.0 - clamp01((phase - 2.67) / 0.33)
    else:                                     # then it is back at its start
        row, col = PREVIEW_PATH[0]
        scale = clamp01((phase - 3.0) / 0.5)
    if scale > 0.1:
        img = pawn_surface(max(3, int(radius * scale)))
        surface.blit(img, img.get_rect(center=center(row, col)))
