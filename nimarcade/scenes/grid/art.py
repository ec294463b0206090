"""The drawing pieces of the Pawns scene: those that depend only on sizes (a pawn, a cell tint, the
swirl in the sink, the nimber overlay and the side panel, all rendered once and cached), and what a
frame draws over them (the last move, the hint, the destination numbers, the pawns, the sliding one)."""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from nimarcade.i18n import tr
from nimarcade.rules.grid import Cell, Move, nimber
from nimarcade.ui import theme
from nimarcade.ui.richtext import arrow, rich_text, wrap_rich
from nimarcade.ui.tween import clamp01, ease_in_out, ease_in_quad, lerp2

if TYPE_CHECKING:
    from .scene import GridScene

#: Nimbers 0-3: green for the zero positions the strategy aims at, then blue, amber, pink.
NIMBER_COLORS = (theme.GOOD, theme.P1, theme.ACCENT, theme.P2)
PAWN = (238, 226, 198)
PAWN_RIM = (120, 86, 52)
SWIRL_FRAMES, SWIRL_FPS = 48, 16   # one turn of the sink's swirl every 3 seconds


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


def render_swirl(sink_r: float) -> list[pygame.Surface]:
    """A loop of frames of the slow swirl in the sink (arcs are too slow to draw every frame)."""
    rad = sink_r * 0.62
    size = math.ceil(rad * 2) + 4
    frames = []
    width = max(1, round(sink_r * 0.07))
    for f in range(SWIRL_FRAMES):
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        for i in range(3):
            r = rad * (1 - i * 0.28)
            box = pygame.Rect(0, 0, r * 2, r * 2)
            box.center = (size // 2, size // 2)
            a = 2 * math.pi * f / SWIRL_FRAMES * (1 + i) + i * 2.1
            color = theme.lerp_color(theme.SINK, theme.PANEL_EDGE, 0.6 - i * 0.15)
            pygame.draw.arc(surf, color, box, a, a + 2.0, width)
        frames.append(surf)
    return frames


#: Room above the legend for the « Tourner le plateau (V) » button.
ROTATE_ROOM = 46


def draw_rotate_button(surface: pygame.Surface, scene: "GridScene") -> None:
    r = scene.rotate_rect()
    hover = scene.hover_pos is not None and r.collidepoint(scene.hover_pos)
    theme.panel(surface, r, theme.PANEL_LIGHT if hover else theme.PANEL, theme.ACCENT if hover else theme.PANEL_EDGE,
                radius=10)
    theme.blit_text(surface, tr("grid.rotate_button"), r.center, 20, theme.TEXT, "center")


def render_overlay(rows: int, cols: int, cell: int, rotated: bool = False) -> pygame.Surface:
    """Every cell's nimber: a tint and the digit (in a corner on big cells, centred on small)."""
    surf = pygame.Surface((cols * cell, rows * cell), pygame.SRCALPHA)
    small = cell < 40
    size = max(13, round(cell * (0.62 if small else 0.34)))
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            vr, vc = (rows + 1 - r, cols + 1 - c) if rotated else (r, c)
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


def render_panel(rect: pygame.Rect, lines: tuple[tuple[str, int, tuple[int, int, int]], ...], shown: bool) -> pygame.Surface:
    """The side panel at ``rect``: the lines (text, size, colour; empty text is a gap), then the
    legend of the nimber colours (lit when ``shown``)."""
    surf = theme.background().subsurface(rect).copy()
    rect = surf.get_rect()
    theme.panel(surf, rect, theme.PANEL, theme.PANEL_EDGE, radius=14, width=2)
    inner = rect.inflate(-32, -28)
    legend_h = 58 + ROTATE_ROOM
    y = inner.top
    bottom = inner.bottom - legend_h
    for text, size, color in lines:
        if not text:
            y += size
            continue
        for line in wrap_rich(text, size, inner.width):
            img = rich_text(line, size, color)
            if y + img.get_height() > bottom:
                break
            surf.blit(img, (inner.left, y))
            y += img.get_height() + 4
        y += 4
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


def render_static(rows: int, cols: int, cell: int, grid_rect: pygame.Rect, static_rect: pygame.Rect,
                  label_step: int, sink_r: float, rotated: bool = False) -> pygame.Surface:
    """The grid (``rows`` × ``cols`` cells of ``cell`` px at ``grid_rect``), its 1-based numbers
    (every ``label_step``-th) and the sink, on a copy of the backdrop under ``static_rect``."""
    surf = theme.background().subsurface(static_rect).copy()
    grid = grid_rect.move(-static_rect.left, -static_rect.top)

    def rect_of(r: int, c: int) -> pygame.Rect:
        if rotated:        # turned round: the sink at the top left, the numbers read backwards
            r, c = rows + 1 - r, cols + 1 - c
        return pygame.Rect(grid.left + (c - 1) * cell, grid.top + (r - 1) * cell, cell, cell)

    def labelled(i: int) -> bool:
        return label_step == 1 or i == 1 or i % label_step == 0

    theme.panel(surf, grid.inflate(10, 10), (24, 30, 58), theme.PANEL_EDGE, radius=8, width=2)
    light, dark = (40, 50, 88), (34, 43, 78)
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            rect = rect_of(r, c)
            pygame.draw.rect(surf, light if (r + c) % 2 else dark, rect)
    line = (58, 70, 116)
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
    outer = sink_r
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
        x = grid.right + 12
        pygame.draw.polygon(surf, theme.TEXT_DIM, [(x, cy), (x + 8, cy - 6), (x + 8, cy + 6)])
        theme.blit_text(surf, tr("grid.sink_label"), (x + 13, cy), 20, theme.TEXT_DIM, "midleft")
    return surf


# -- the scene's frame: what changes from frame to frame over the cached board -------------------
def draw_last_move(surface: pygame.Surface, scene: "GridScene") -> None:
    """The last move's trail, in the mover's colour."""
    src, dst, who = scene.last
    cell = scene.cell
    color = theme.lerp_color(theme.PANEL, theme.PLAYER_COLORS[scene.match.seat_of(who)], 0.7)
    pygame.draw.line(surface, color, scene.cell_center(src), scene.cell_center(dst), max(2, cell // 12))
    pygame.draw.circle(surface, color, scene.cell_center(src), max(2, cell // 10))


def draw_hint(surface: pygame.Surface, scene: "GridScene", hint: Move) -> None:
    """The hinted move: both cells framed (with a halo on small cells) and an arrow between them."""
    cell = scene.cell
    glow = theme.lerp_color(theme.PANEL, theme.GOOD, 0.55 + 0.45 * theme.pulse(scene.time, 5))
    for c in hint:
        if cell < 40:   # small cells: a halo and a pulsing ring, so the hint can't be missed
            g = theme.glow(round(cell * 1.4), theme.GOOD, 170)
            surface.blit(g, g.get_rect(center=scene.cell_center(c)))
            pygame.draw.circle(surface, glow, scene.cell_center(c),
                               max(cell * 0.8, 14) + 6 * theme.pulse(scene.time, 5), 2)
        pygame.draw.rect(surface, glow, scene.cell_rect(c).inflate(-2, -2), max(2, cell // 14),
                         border_radius=max(2, cell // 6))
    arrow(surface, theme.GOOD, scene.cell_center(hint[0]), scene.cell_center(hint[1]),
          max(2, cell // 12), max(6, cell * 0.28))


def draw_dest_numbers(surface: pygame.Surface, scene: "GridScene", dests: list[Cell], focused: Cell | None,
                      counts: Counter) -> None:
    """Destination numbers above the pawns they may cover, in the seed's order."""
    cell = scene.cell
    size = max(15, min(34, round(cell * 0.55)))
    for i, d in enumerate(dests):
        rect = scene.cell_rect(d)
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


def draw_pawn(surface: pygame.Surface, scene: "GridScene", cell: Cell, count: int, hint: Move | None) -> None:
    """The pawns on a cell: ringed when chosen or hinted, a stack shown by a badge (or a red ring)."""
    x, y = scene.cell_center(cell)
    ring = None
    lift = 0
    if cell == scene.selected and scene.human_turn():
        ring = theme.ACCENT
        lift = max(1, scene.cell // 14)
        g = theme.glow(scene.pawn_r * 2 + 4, theme.ACCENT, 130)
        surface.blit(g, g.get_rect(center=(x, y)))
    elif hint is not None and cell == hint[0]:
        ring = theme.GOOD
    elif count > 1 and scene.cell < 40:
        ring = theme.BAD
    img = pawn_surface(scene.pawn_r, ring)
    if count > 1 and scene.cell >= 40:   # a stack: a second pawn peeking out behind, and a badge
        back = pawn_surface(scene.pawn_r)
        surface.blit(back, back.get_rect(center=(x + scene.pawn_r * 0.25, y - lift + scene.pawn_r * 0.22)))
    surface.blit(img, img.get_rect(center=(x, y - lift)))
    if count < 2:
        return
    if scene.cell >= 40:
        br = max(9, round(scene.cell * 0.15))
        bx, by = x + scene.pawn_r * 0.8, y - lift - scene.pawn_r * 0.8
        pygame.draw.circle(surface, (20, 20, 30), (bx, by), br + 1)
        pygame.draw.circle(surface, theme.BAD, (bx, by), br)
        theme.blit_text(surface, str(count), (bx, by + 1), max(14, round(br * 1.7)), theme.TEXT, "center")
    else:           # small cells: the count written on the pawn itself, which gets a red ring
        theme.blit_text(surface, str(count), (x, y - lift + 1), max(12, round(scene.pawn_r * 2)),
                        (90, 20, 20), "center")


def draw_cursor(surface: pygame.Surface, scene: "GridScene", counts: Counter) -> None:
    """The keyboard's cursor on a pawn (pulsing), or the pawn under the mouse."""
    if scene.keyboard and scene.human_turn() and scene.selected is None and scene.cursor in counts:
        color = theme.lerp_color(theme.ACCENT_DARK, theme.ACCENT, theme.pulse(scene.time, 6))
        pygame.draw.rect(surface, color, scene.cell_rect(scene.cursor).inflate(4, 4), max(2, scene.cell // 14),
                         border_radius=max(3, scene.cell // 5))
    elif scene.hover in counts and scene.selected is None and scene.human_turn():
        pygame.draw.rect(surface, theme.ACCENT, scene.cell_rect(scene.hover).inflate(2, 2), 2,
                         border_radius=max(3, scene.cell // 5))


def draw_moving(surface: pygame.Surface, scene: "GridScene") -> None:
    """The pawn of the animated move: it slides, then (into the sink) spirals in, spins and shrinks
    while the rim flashes."""
    src, dst = scene.anim_move
    t = scene.anim.t
    seat = scene.match.seat_of(scene.before.to_move)
    img = pawn_surface(scene.pawn_r, theme.PLAYER_COLORS[seat])
    a, b = scene.cell_center(src), scene.cell_center(dst)
    if t < scene.slide_frac or dst != scene.state.sink:
        u = ease_in_out(clamp01(t / scene.slide_frac))
        x, y = lerp2(a, b, u)
        y -= math.sin(math.pi * u) * scene.cell * 0.12
        surface.blit(img, img.get_rect(center=(x, y)))
        return
    u = clamp01((t - scene.slide_frac) / (1 - scene.slide_frac))
    k = ease_in_quad(u)
    ang = u * 4 * math.pi
    rr = scene.sink_r * 0.3 * (1 - k)
    pos = (b[0] + rr * math.cos(ang), b[1] + rr * math.sin(ang))
    rim = theme.lerp_color(theme.PANEL_EDGE, theme.ACCENT, 1 - u)
    pygame.draw.circle(surface, rim, b, scene.sink_r, max(2, round(scene.sink_r * 0.12)))
    if u < 0.97:
        spun = pygame.transform.rotozoom(img, -u * 540, 1 - k * 0.97)
        surface.blit(spun, spun.get_rect(center=pos))


def draw_board(surface: pygame.Surface, scene: "GridScene") -> None:
    """A frame over the cached board: the sink's swirl, the last move, the hint, the destinations,
    the pawns, the cursor and the sliding pawn (the scene adds its side panel)."""
    surface.blit(scene.static, scene.static_rect)
    if scene.nimbers_shown():
        surface.blit(scene.overlay, scene.grid_rect)
    frame = scene.swirl[int(scene.time * SWIRL_FPS) % len(scene.swirl)]
    surface.blit(frame, frame.get_rect(center=scene.cell_center(scene.state.sink)))
    moving = scene.anim is not None and scene.before is not None and scene.anim_move is not None
    if scene.last is not None and not moving:
        draw_last_move(surface, scene)
    hint = scene.hint_move()
    if hint is not None:
        draw_hint(surface, scene, hint)
    dests = scene.destinations() if scene.human_turn() else []
    focused = scene.focused_destination()
    for d in dests:
        alpha = 170 if d == focused else (110 if scene.cell < 40 else 70)
        surface.blit(cell_fill(scene.cell, theme.ACCENT, alpha), scene.cell_rect(d))
    # Pawns: the state after the move, without the one still sliding.
    pawns = list(scene.state.pawns)
    if moving and scene.anim_move[1] in pawns:
        pawns.remove(scene.anim_move[1])
    counts = Counter(pawns)
    for cellpos, k in counts.items():
        draw_pawn(surface, scene, cellpos, k, hint)
    draw_dest_numbers(surface, scene, dests, focused, counts)
    draw_cursor(surface, scene, counts)
    if moving:
        draw_moving(surface, scene)


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: a pawn slides toward the sink and falls in."""
    phase = t % 4.0
    n = 5
    cell = (r.height - 10) // n
    x0 = r.centerx - cell * n // 2
    for i in range(n):
        for j in range(n):
            pygame.draw.rect(surface, theme.PANEL_EDGE, (x0 + j * cell, r.top + 5 + i * cell, cell, cell), 1)
    pygame.draw.rect(surface, theme.SINK, (x0 + 4 * cell + 2, r.top + 7 + 4 * cell, cell - 4, cell - 4))
    path = [(0, 0), (0, 2), (2, 2), (2, 4), (4, 4)]
    k = min(int(phase), 3)
    f = phase - k if phase < 4 else 1
    (a, b), (c, d) = path[k], path[k + 1]
    y = a + (c - a) * min(1, f)
    x = b + (d - b) * min(1, f)
    radius = int(cell * 0.35 * (1 - max(0, f - 0.5) if k == 3 else 1))
    pygame.draw.circle(surface, theme.P2, (x0 + int(x * cell) + cell // 2, r.top + 5 + int(y * cell) + cell // 2), max(2, radius))
