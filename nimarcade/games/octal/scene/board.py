"""The lab's board: a row of pins (Kayles, ``board = "row"``: the heaps stand in one row, a gap
between them) or heaps of tokens (one plate a heap, its tokens in a line), where they go on the
screen, and their drawing: the still board (cached by the scene), the run a person points at (the
tokens that would go lit, the two parts left named under them), the hint's run, and a move's
animation (the taken pins topple and fade, the rest slide to where the new position puts them).

Functions of what they draw (a :class:`Layout`, the heaps, a run): the scene is never seen here."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from nimarcade.i18n import tr
from nimarcade.window.ui import theme
from nimarcade.window.ui.tween import clamp01, ease_in_out, lerp

Color = tuple[int, int, int]
Point = tuple[int, int]

TOKEN = (205, 200, 235)        # Heaps' pale lilac: apart from amber (choice) and green (hint)
TOKEN_RIM = (110, 102, 160)
PIN = (236, 228, 210)          # a skittle: ivory with a red band
PIN_BAND = (200, 64, 52)
#: When, in a move's animation (0 to 1), the pieces left start sliding to their new places.
SLIDE = 0.45
LABEL_W = 104                  # the heaps' plates: room for « tas 12 (200) »
MIN_PITCH = 9


@dataclass(frozen=True)
class Layout:
    """Where every token of every heap stands (``centers[i][j]``: token j of heap i, 0 = leftmost),
    its size, and each heap's plate (the rectangle around its tokens, with the label's room on the
    heaps' board)."""

    board: str
    heaps: tuple[int, ...]
    area: pygame.Rect
    pitch: int
    size: int                   # a token's diameter, a pin's height
    centers: tuple[tuple[Point, ...], ...]
    plates: tuple[pygame.Rect, ...]

    @classmethod
    def fit(cls, board: str, heaps: tuple[int, ...], area: pygame.Rect,
            initial: tuple[int, ...] | None = None) -> "Layout":
        """The largest pieces that fit ``area`` for the game's ``initial`` heaps (so that pieces keep
        their size as the game goes on), laid out for ``heaps``."""
        if board == "row":
            return cls._row(heaps, area, _row_pitch(initial or heaps, area))
        return cls._heaps(heaps, area, max(initial or heaps, default=1))

    @classmethod
    def _row(cls, heaps: tuple[int, ...], area: pygame.Rect, pitch: int) -> "Layout":
        per_line = max(1, (area.width - 8) // pitch)
        lines = _row_lines(heaps, per_line)
        line_h = _line_height(pitch)
        size = line_h - 30
        top = area.top + (area.height - len(lines) * line_h) // 2
        centers: list[list[Point]] = [[] for _ in heaps]
        for row, line in enumerate(lines):
            used = line[-1][1] + 1 if line else 0
            left = area.left + (area.width - used * pitch) // 2
            y = top + row * line_h + size // 2 + 4
            for heap, slot in line:
                centers[heap].append((left + slot * pitch + pitch // 2, y))
        plates = []
        for points in centers:
            xs = [p[0] for p in points] or [area.left]
            ys = [p[1] for p in points] or [area.top]
            plates.append(pygame.Rect(min(xs) - pitch // 2, min(ys) - size // 2 - 4, max(xs) - min(xs) + pitch,
                                      max(ys) - min(ys) + size + 8))
        return cls("row", heaps, area, pitch, size, tuple(map(tuple, centers)), tuple(plates))

    @classmethod
    def _heaps(cls, heaps: tuple[int, ...], area: pygame.Rect, widest: int) -> "Layout":
        n = max(1, len(heaps))
        columns = 1 if n <= 8 else 2 if n <= 20 else 3
        per_column = math.ceil(n / columns)
        col_w = (area.width - 12 * (columns - 1)) // columns
        longest = max(max(heaps, default=1), widest, 1)
        pitch = max(MIN_PITCH // 2 + 2, min(48, (col_w - LABEL_W - 16) // longest))
        row_h = max(16, min(64, area.height // per_column))
        size = max(6, int(min(pitch * 0.86, row_h * 0.7)))
        top = area.top + (area.height - per_column * row_h) // 2
        centers, plates = [], []
        for i, h in enumerate(heaps):
            col, row = divmod(i, per_column)
            left = area.left + col * (col_w + 12)
            y = top + row * row_h + row_h // 2
            x0 = left + LABEL_W + 8
            centers.append(tuple((x0 + j * pitch + pitch // 2, y) for j in range(h)))
            plates.append(pygame.Rect(left, y - row_h // 2 + 2, LABEL_W + 16 + pitch * h, row_h - 4))
        return cls("heaps", heaps, area, pitch, size, tuple(centers), tuple(plates))

    def slot(self, i: int, j: int) -> pygame.Rect:
        """The rectangle a click on token ``j`` of heap ``i`` lands in."""
        x, y = self.centers[i][j]
        high = self.size + 12 if self.board == "row" else max(self.size + 6, self.plates[i].height)
        return pygame.Rect(x - self.pitch // 2, y - high // 2, self.pitch, high)

    def token_at(self, pos: Point) -> tuple[int, int] | None:
        """The (heap, token) under ``pos``, or None."""
        for i, plate in enumerate(self.plates):
            if not plate.inflate(0, 16).collidepoint(pos):
                continue
            for j in range(len(self.centers[i])):
                if self.slot(i, j).collidepoint(pos):
                    return i, j
        return None

    def label_at(self, i: int) -> Point:
        """Where heap ``i``'s name goes: left of its plate (heaps), under its pins (row)."""
        plate = self.plates[i]
        if self.board == "row":
            return plate.centerx, plate.bottom + 2
        return plate.left + 10, plate.centery


def _line_height(pitch: int) -> int:
    """A line of the row: its pins (about three pitches high) and the heaps' names under them."""
    return min(150, max(40, int(pitch * 3.2))) + 30


def _row_pitch(heaps: tuple[int, ...], area: pygame.Rect) -> int:
    """The widest pitch at which the row's lines fit ``area``."""
    pitch = 44
    while pitch > MIN_PITCH:
        if _row_line_count(heaps, max(1, (area.width - 8) // pitch)) * _line_height(pitch) <= area.height:
            break
        pitch -= 1
    return pitch


def _row_lines(heaps: tuple[int, ...], per_line: int) -> list[list[tuple[int, int]]]:
    """The row cut into lines of ``per_line`` slots: (heap, slot in its line) of every token; a
    heap that doesn't fit the rest of a line starts the next one (and goes on over as many as it
    needs)."""
    lines: list[list[tuple[int, int]]] = [[]]
    used = 0
    for i, h in enumerate(heaps):
        gap = 1 if used else 0
        if used and used + gap + h > per_line:
            lines.append([])
            used, gap = 0, 0
        used += gap
        for _ in range(h):
            if used >= per_line:
                lines.append([])
                used = 0
            lines[-1].append((i, used))
            used += 1
    return [line for line in lines if line] or [[]]


def _row_line_count(heaps: tuple[int, ...], per_line: int) -> int:
    """``len(_row_lines(heaps, per_line))`` a heap at a time, not a token at a time (the pitch is
    looked for over some thirty widths each new position: a row of hundreds of pins)."""
    lines, used, last_has = 1, 0, False
    for h in heaps:
        gap = 1 if used else 0
        if used and used + gap + h > per_line:
            lines, used, gap, last_has = lines + 1, 0, 0, False
        used += gap
        if h:
            room = per_line - used
            if h <= room:
                used += h
            else:
                rest = h - max(room, 0)
                more = -(-rest // per_line)
                lines, used = lines + more, rest - (more - 1) * per_line
            last_has = True
    return lines - (0 if last_has or lines == 1 else 1)      # a last line left empty is not drawn


# -- the pieces ------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def token_surface(d: int, color: Color = TOKEN) -> pygame.Surface:
    """A round token with a rim and a light spot (Heaps' look), cached per size and colour."""
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    pygame.draw.circle(surf, theme.lerp_color(color, TOKEN_RIM, 0.6), (r, r), r)
    pygame.draw.circle(surf, color, (r, r), max(1, r - max(2, d // 10)))
    pygame.draw.circle(surf, theme.lerp_color(color, (255, 255, 255), 0.55), (r - r // 3, r - r // 3), max(1, r // 4))
    return surf


@lru_cache(maxsize=64)
def pin_surface(pitch: int, height: int, color: Color = PIN) -> pygame.Surface:
    """A skittle seen from the side: a head, a neck, a round belly, a red band; cached."""
    w = max(5, int(pitch * 0.78))
    surf = pygame.Surface((w, height), pygame.SRCALPHA)
    rim = theme.lerp_color(color, (60, 50, 60), 0.45)
    head_r = max(2, int(w * 0.3))
    belly = pygame.Rect(0, int(height * 0.38), w, int(height * 0.62))
    neck = pygame.Rect(w // 2 - max(1, w // 6), head_r, max(2, w // 3), int(height * 0.45))
    pygame.draw.ellipse(surf, rim, belly)
    pygame.draw.ellipse(surf, color, belly.inflate(-2, -2))
    pygame.draw.rect(surf, color, neck)
    pygame.draw.circle(surf, rim, (w // 2, head_r + 1), head_r + 1)
    pygame.draw.circle(surf, color, (w // 2, head_r + 1), head_r)
    band = PIN_BAND if color == PIN else theme.lerp_color(PIN_BAND, color, 0.5)
    pygame.draw.rect(surf, band, (neck.left - 1, int(height * 0.3), neck.width + 2, max(2, height // 14)))
    light = theme.lerp_color(color, (255, 255, 255), 0.6)
    pygame.draw.line(surf, light, (w // 3, belly.top + belly.height // 4), (w // 3, belly.bottom - belly.height // 4),
                     max(1, w // 8))
    return surf


def piece(layout: Layout, color: Color | None = None) -> pygame.Surface:
    """The piece of this board: a pin or a token, in ``color`` (None: its own)."""
    if layout.board == "row":
        return pin_surface(layout.pitch, layout.size, color or PIN)
    return token_surface(layout.size, color or TOKEN)


def blit_piece(surface: pygame.Surface, layout: Layout, img: pygame.Surface, center: Point) -> None:
    surface.blit(img, img.get_rect(center=center))


# -- the still board -------------------------------------------------------------------------------
def render_board(layout: Layout, pieces: bool = True) -> pygame.Surface:
    """Every heap's plate, name and (with ``pieces``) pieces, on a transparent picture of the board's
    area (drawn once a position: a frame blits it)."""
    area = layout.area
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    shift = (-area.left, -area.top)
    img = piece(layout)
    for i, h in enumerate(layout.heaps):
        plate = layout.plates[i].move(shift)
        if layout.board == "heaps":
            pygame.draw.rect(layer, (26, 32, 62), plate, border_radius=10)
            pygame.draw.rect(layer, (52, 62, 108), plate, 1, border_radius=10)
            name = tr("octal.heap_label", n=i + 1, size=h)
            x, y = layout.label_at(i)
            theme.blit_text(layer, name, (x + shift[0], y + shift[1]), theme.fit_size(name, 20, LABEL_W - 6, 12),
                            theme.TEXT, "midleft")
        else:
            lines: dict[int, list[int]] = {}
            for x, y in layout.centers[i]:
                lines.setdefault(y, []).append(x)
            for y, xs in lines.items():          # a floor under each line the heap stands on
                floor = pygame.Rect(min(xs) - layout.pitch // 2 + 2, y + layout.size // 2 - 2,
                                    max(xs) - min(xs) + layout.pitch - 4, 5)
                pygame.draw.rect(layer, theme.WOOD_DARK, floor.move(shift), border_radius=2)
            label = tr("octal.heap_label", n=i + 1, size=h)
            y = max(lines)
            xs = lines[y]
            room = max(xs) - min(xs) + 2 * layout.pitch - 4
            if theme.text(label, 13).get_width() > room:
                label = str(h)              # a short heap among others: its size alone
            size = theme.fit_size(label, 18, room, 11)
            theme.blit_text(layer, label, ((min(xs) + max(xs)) // 2 + shift[0], y + layout.size // 2 + 5 + shift[1]),
                            size, theme.TEXT_DIM, "midtop")
        for c in layout.centers[i] if pieces else ():
            blit_piece(layer, layout, img, (c[0] + shift[0], c[1] + shift[1]))
    return layer


# -- a person's turn ---------------------------------------------------------------------------------
def draw_run(surface: pygame.Surface, layout: Layout, heap: int, start: int, take: int, color: Color,
             lift: int = 0, parts: bool = True) -> None:
    """The run of ``take`` pieces from ``start`` in ``heap``, drawn in ``color`` (lifted by ``lift``
    px), and, with ``parts``, what stays: a bracket and a number under each side (the split shown)."""
    centers = layout.centers[heap]
    img = piece(layout, color)
    for j in range(start, start + take):
        x, y = centers[j]
        blit_piece(surface, layout, img, (x, y - lift))
    if take == 0 and 0 < start < len(centers):
        x = (centers[start - 1][0] + centers[start][0]) // 2
        y = centers[start][1]
        pygame.draw.line(surface, color, (x, y - layout.size // 2 - 6), (x, y + layout.size // 2 + 6), 3)
    if not parts:
        return
    h = len(centers)
    for lo, hi in ((0, start), (start + take, h)):
        if hi <= lo:
            continue
        x0, y0 = centers[lo]
        x1, y1 = centers[hi - 1]
        if y0 != y1:                       # a part over two lines: its number under its first line
            x1 = max(c[0] for c in centers[lo:hi] if c[1] == y0)
        label = str(hi - lo)
        if layout.board == "row":          # above the pins: the heaps' names are under them
            y = y0 - layout.size // 2 - 8
            pygame.draw.line(surface, color, (x0 - layout.pitch // 3, y), (x1 + layout.pitch // 3, y), 2)
            theme.blit_text(surface, label, ((x0 + x1) // 2, y - 1), 18, color, "midbottom")
        else:
            y = y0 + layout.size // 2 + 2
            pygame.draw.line(surface, color, (x0 - layout.pitch // 3, y), (x1 + layout.pitch // 3, y), 2)
            theme.blit_text(surface, label, ((x0 + x1) // 2, y), 15, color, "midtop")


def draw_hint(surface: pygame.Surface, layout: Layout, heap: int, start: int, take: int, time: float) -> None:
    """The hint's run, pulsing green."""
    glow = 0.5 + 0.5 * theme.pulse(time, 5)
    color = theme.lerp_color(PIN if layout.board == "row" else TOKEN, theme.GOOD, 0.45 + 0.55 * glow)
    draw_run(surface, layout, heap, start, take, color, parts=False)


# -- a move ------------------------------------------------------------------------------------------
def draw_move(surface: pygame.Surface, before: Layout, after: Layout, heap: int, start: int, take: int,
              where: dict[tuple[int, int], tuple[int, int]], tint: Color, t: float) -> None:
    """The move at ``t`` (0 to 1): the ``take`` pieces from ``start`` in ``heap`` topple (pins) or
    rise (tokens) and fade in the taker's ``tint``; then the others slide from their place in
    ``before`` to their place in ``after`` (``where``: a piece's heap and index, before -> after)."""
    img = piece(before)
    gone = piece(before, theme.lerp_color(PIN if before.board == "row" else TOKEN, tint, 0.55))
    slide = ease_in_out(clamp01((t - SLIDE) / (1 - SLIDE)))
    for (i, j), (a, b) in where.items():
        x0, y0 = before.centers[i][j]
        x1, y1 = after.centers[a][b]
        blit_piece(surface, before, img if slide < 1 else piece(after),
                   (round(lerp(x0, x1, slide)), round(lerp(y0, y1, slide))))
    fall = clamp01(t / SLIDE)
    for k, j in enumerate(range(start, start + take)):
        x, y = before.centers[heap][j]
        local = clamp01(fall * 1.2 - 0.2 * k / max(1, take))
        if local >= 1:
            continue
        if before.board == "row":
            turned = pygame.transform.rotate(gone, -80 * ease_in_out(local) * (1 if j % 2 else -1))
            turned.set_alpha(round(255 * (1 - local)))
            surface.blit(turned, turned.get_rect(center=(x, y + round(before.size * 0.3 * local))))
        else:
            small = gone.copy()
            small.set_alpha(round(255 * (1 - local)))
            surface.blit(small, small.get_rect(center=(x, y - round(40 * ease_in_out(local)))))


def moved_pieces(heaps: tuple[int, ...], heap: int, start: int, take: int) -> dict[tuple[int, int], tuple[int, int]]:
    """Where each piece that stays goes, (heap, index) before -> after: the heaps before ``heap``
    keep their place, its two parts become one or two heaps (the smaller first, as the rules
    order them), the heaps after it move along."""
    h = heaps[heap]
    left, right = start, h - take - start
    parts = [p for p in (("left", left), ("right", right)) if p[1]]
    if len(parts) == 2 and left > right:
        parts.reverse()
    where: dict[tuple[int, int], tuple[int, int]] = {}
    for i, size in enumerate(heaps):
        if i == heap:
            continue
        shift = i if i < heap else i + len(parts) - 1
        for j in range(size):
            where[(i, j)] = (shift, j)
    for slot, (side, _size) in enumerate(parts):
        for j in range(h):
            if side == "left" and j < start:
                where[(heap, j)] = (heap + slot, j)
            elif side == "right" and j >= start + take:
                where[(heap, j)] = (heap + slot, j - start - take)
    return where


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float) -> None:
    """A row of ten pins for the menu card, one pair toppling in turn."""
    pitch = max(8, (r.width - 24) // 11)
    height = min(r.height - 8, int(pitch * 2.6))
    img = pin_surface(pitch, height)
    phase = int(t) % 9
    u = t % 1.0
    for i in range(10):
        x = r.left + 12 + pitch // 2 + i * pitch + (pitch // 2 if i > phase + 1 else 0)
        if i in (phase, phase + 1) and u > 0.5:
            turned = pygame.transform.rotate(img, -70 * (u - 0.5) * 2 * (1 if i % 2 else -1))
            turned.set_alpha(round(255 * (1 - (u - 0.5) * 2)))
            surface.blit(turned, turned.get_rect(center=(x, r.centery)))
            continue
        surface.blit(img, img.get_rect(center=(x, r.centery)))
