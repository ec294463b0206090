"""The look of the matches: the table's geometry, a match sprite, a match burning, and the drawing of
a frame (the cached table, the selection and hint frames, the prompt, the burning of a move).

Every function takes what it draws: the ``Table`` (where the cells are) and a ``View`` (what a
person's turn shows this frame), both built by the scene, which this module never sees."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import pygame

from nimarcade.i18n import tr
from nimarcade.games.matches.rules import segments
from nimarcade.window.ui import theme
from nimarcade.window.ui.tween import clamp01, ease_in_out, ease_out_cubic, lerp

from nimarcade.window.scenes.hud import BOARD
from nimarcade.games.matches.scene.explain import Run, cells_text, run_cells

Color = tuple[int, int, int]
#: What a click on a cell does: ("play" | "select" | "extend" | "refuse", the run, why it is refused).
Effect = tuple[str, Run | None, str | None]

HEAD_H = 30            # the row of cell numbers
CELL_H = 172           # the row of slots
MATCH_H = 134
HEAD_TOP = BOARD.top + 44
CELL_TOP = HEAD_TOP + HEAD_H
CELL_BOTTOM = CELL_TOP + CELL_H
HINT_SIZE, HINT_WIDTH = 22, BOARD.width - 80    # the hint's reasoning under the Play button
HINT_SIZES = (22, 20, 18, 16, 15, 14)            # smaller when the theory would not fit otherwise
TABLE_BG = (24, 30, 56)
SLOT_FLOOR = (12, 14, 28)
CHAR = (46, 36, 34)
ASH = (128, 124, 120)
FLAME_OUT = (255, 140, 40)
FLAME_IN = (255, 232, 130)
#: Fractions of the move's animation: the run is shown, then each match burns in turn.
SHOW, STAGGER = 0.12, 0.06


@dataclass(frozen=True)
class Table:
    """Where the row is drawn: the numbered cells, each one's slot and match, and the controls under
    them. It depends only on the row's length and largest take, so the scene builds it in ``layout``."""
    length: int        # cells in the row
    max_take: int      # the most matches a move takes: one « Prendre » button each
    pitch: int         # px from a cell to the next
    left: int          # x of the first cell
    match_w: int       # a match's stick width

    @classmethod
    def fit(cls, length: int, max_take: int) -> Table:
        """The widest cells (up to 58 px) that fit the board, the row centred."""
        pitch = max(8, min(58, (BOARD.width - 20) // length))
        return cls(length, max_take, pitch, theme.WIDTH // 2 - pitch * length // 2,
                   max(4, min(12, round(pitch * 0.24))))

    @property
    def label_every(self) -> int:
        """Narrow cells number only every fifth cell (and the first)."""
        return 1 if self.pitch >= 24 else 5

    @property
    def rect(self) -> pygame.Rect:
        """The numbers and the slots."""
        return pygame.Rect(self.left, HEAD_TOP, self.pitch * self.length, HEAD_H + CELL_H)

    @property
    def origin(self) -> tuple[int, int]:
        """Where the cached table (``render_board``) is blitted."""
        return (self.left - 8, HEAD_TOP - 4)

    def cell_rect(self, i: int) -> pygame.Rect:
        """The slot of cell ``i`` (0-based), below its number."""
        return pygame.Rect(self.left + i * self.pitch, CELL_TOP, self.pitch, CELL_H)

    def match_rect(self, i: int) -> pygame.Rect:
        """The match standing in cell ``i``."""
        img = match_surface(self.match_w, MATCH_H)
        cell = self.cell_rect(i)
        return img.get_rect(midbottom=(cell.centerx, cell.bottom - 12))

    @cached_property
    def button_rect(self) -> pygame.Rect:
        """The « Jouer » button (computed once: a frame draws it)."""
        rect = pygame.Rect(0, 0, 190, 44)
        rect.center = (theme.WIDTH // 2, CELL_BOTTOM + 104)
        return rect

    @cached_property
    def take_rects(self) -> tuple[pygame.Rect, ...]:
        """The buttons 1..max_take, left of « Jouer »: how many matches a click takes."""
        button = self.button_rect
        return tuple(pygame.Rect(button.left - 24 - (self.max_take - k) * 50 - 44, button.top, 44, 44)
                     for k in range(1, self.max_take + 1))


@dataclass(frozen=True)
class View:
    """What a person's turn shows over the cached table this frame (the scene builds it)."""
    time: float                    # seconds: the hint's pulse, the dots while it is searched
    sel: Run | None                # the selected run, lifted
    dragging: bool                 # the selection is being dragged...
    drag_ok: bool                  # ...to a legal run (else it is red and ``message`` says why)
    message: str
    hover: int | None              # the cell under the mouse, within the row
    effect: Effect | None          # what a click on ``hover`` would do
    pressing: bool                 # a button is down on the row: no frame under the mouse
    take: int                      # how many matches a click takes
    button_hover: bool             # the mouse is over « Jouer »
    hint: tuple[Run, Run] | None   # the hinted run and the segment it is in
    hint_pending: bool             # the hint is being searched
    hint_parts: Sequence[str]      # its reasoning, wrapped to HINT_WIDTH at ``hint_size``
    hint_size: int = HINT_SIZE     # the size its lines fit the board at (:func:`fit_hint`)


@lru_cache(maxsize=32)
def match_surface(w: int, h: int, tint: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A match: a wooden stick with a red head, cached per size and tint."""
    head_w = max(7, round(w * 1.7))
    head_h = max(9, round(w * 2.3))
    surf = pygame.Surface((head_w, h), pygame.SRCALPHA)
    body = theme.WOOD if tint is None else theme.lerp_color(theme.WOOD, tint, 0.55)
    dark = theme.WOOD_DARK if tint is None else theme.lerp_color(theme.WOOD_DARK, tint, 0.4)
    stick = pygame.Rect(0, head_h // 2, w, h - head_h // 2)
    stick.centerx = head_w // 2
    pygame.draw.rect(surf, dark, stick, border_radius=max(1, w // 3))
    pygame.draw.rect(surf, body, stick.inflate(-2, -2), border_radius=max(1, w // 3))
    if w >= 6:
        light = theme.lerp_color(body, (255, 255, 255), 0.35)
        pygame.draw.line(surf, light, (stick.left + w // 3, stick.top + 4), (stick.left + w // 3, stick.bottom - 4))
    head = theme.MATCH_HEAD if tint is None else theme.lerp_color(theme.MATCH_HEAD, tint, 0.35)
    pygame.draw.ellipse(surf, theme.lerp_color(head, (0, 0, 0), 0.35), (0, 0, head_w, head_h))
    pygame.draw.ellipse(surf, head, (1, 1, head_w - 2, head_h - 2))
    pygame.draw.ellipse(surf, theme.lerp_color(head, (255, 255, 255), 0.45),
                        (head_w // 4, head_h // 5, max(2, head_w // 3), max(2, head_h // 3)))
    return surf


def draw_burning(surface: pygame.Surface, r: pygame.Rect, w: int, i: int, u: float, clock: float,
                 glow_radius: int) -> None:
    """Match ``i`` (in ``r``, stick width ``w``) at burn progress ``u``: the head flares, the flame
    runs down, the ash fades. ``clock`` (seconds) makes the flame flicker."""
    head_w, head_h = max(7, round(w * 1.7)), max(9, round(w * 2.3))
    cx, bottom = r.centerx, r.bottom
    body_top = r.top + head_h // 2
    if u >= 0.72:
        v = clamp01((u - 0.72) / 0.28)
        color = theme.lerp_color(ASH, TABLE_BG, v)
        height = (bottom - body_top) * (1 - 0.8 * ease_out_cubic(v))
        pygame.draw.rect(surface, color, (cx - w // 2 + 1, bottom - height, max(2, w - 2), height))
        for k in range(5):  # crumbs falling to the slot floor
            px = cx + ((i * 7 + k * 5) % 9 - 4) * max(1, w // 2) * v
            py = lerp(body_top + (bottom - body_top) * (0.15 + 0.17 * k), bottom - 2, ease_in_out(min(1, v * 1.6)))
            pygame.draw.circle(surface, color, (px, py), max(1, w // 3))
        return
    fl = ease_in_out(clamp01((u - 0.12) / 0.6))
    flame_y = body_top + (bottom - body_top) * 0.85 * fl
    pygame.draw.rect(surface, theme.WOOD, (cx - w // 2, flame_y, w, bottom - flame_y), border_radius=max(1, w // 3))
    pygame.draw.rect(surface, CHAR, (cx - w // 2 + 1, body_top, max(2, w - 2), flame_y - body_top + 1))
    head = pygame.Rect(0, 0, head_w, head_h)
    head.midtop = (cx, r.top)
    if u < 0.12:
        pygame.draw.ellipse(surface, theme.lerp_color(theme.MATCH_HEAD, FLAME_IN, u / 0.12), head)
    else:
        pygame.draw.ellipse(surface, CHAR, head.inflate(-2, -2))
    flare = 1 + 0.7 * max(0.0, 1 - abs(u - 0.08) / 0.08)
    fade = 1 - clamp01((u - 0.6) / 0.12)
    flick = 1 + 0.16 * math.sin(clock * 31 + i * 1.7) + 0.08 * math.sin(clock * 17 + i)
    size = max(5.0, w * 1.3) * flare * fade * flick
    if size < 1:
        return
    glow = theme.glow(glow_radius, FLAME_OUT, 120)
    surface.blit(glow, glow.get_rect(center=(cx, flame_y - size * 0.6)))
    pygame.draw.ellipse(surface, FLAME_OUT, (cx - size * 0.55, flame_y - size * 1.9, size * 1.1, size * 2.2))
    pygame.draw.ellipse(surface, FLAME_IN, (cx - size * 0.3, flame_y - size * 1.1, size * 0.6, size * 1.25))


# -- a frame's drawing ------------------------------------------------------------------------
def render_board(table: Table, cells: tuple[bool, ...]) -> tuple[pygame.Surface, pygame.Surface]:
    """The empty table with its numbers, and the same with the standing matches (``cells``) and the
    segment brackets: drawn once per position, a frame only blits it and draws what moves or glows on
    top."""
    size = (table.rect.width + 16, HEAD_H + CELL_H + 60)
    empty = pygame.Surface(size, pygame.SRCALPHA)
    draw_table(empty, table)
    board = empty.copy()
    ox, oy = table.origin
    img = match_surface(table.match_w, MATCH_H)
    for i, present in enumerate(cells):
        if present:
            board.blit(img, table.match_rect(i).move(-ox, -oy))
    for start, n in segments(cells):
        draw_bracket(board, table, start, n, theme.TEXT_DIM, (-ox, -oy))
    return empty, board


def draw_table(surf: pygame.Surface, table: Table) -> None:
    """The cells' numbers and empty slots, on a surface placed at ``table.origin``."""
    ox, oy = table.origin
    rect = table.rect.move(-ox, -oy)
    theme.panel(surf, rect.inflate(8, 8), TABLE_BG, theme.PANEL_EDGE, radius=8)
    head = pygame.Rect(rect.left, rect.top, rect.width, HEAD_H)
    pygame.draw.rect(surf, theme.PANEL, head)
    pitch = table.pitch
    for i in range(table.length):
        x = rect.left + i * pitch
        slot = table.cell_rect(i).move(-ox, -oy)
        floor = pygame.Rect(slot.left + 3, slot.bottom - 14, slot.width - 6, 8)
        pygame.draw.rect(surf, SLOT_FLOOR, floor, border_radius=3)
        if i:
            pygame.draw.line(surf, theme.PANEL_EDGE, (x, rect.top), (x, rect.bottom - 1))
        label = i + 1
        if table.label_every == 1 or label % 5 == 0 or label == 1:
            size = 20 if pitch >= 30 else 16
            theme.blit_text(surf, str(label), (x + pitch / 2, rect.top + HEAD_H / 2 + 1), size,
                            theme.TEXT, "center")
        else:
            pygame.draw.line(surf, theme.TEXT_DIM, (x + pitch // 2, rect.top + HEAD_H - 8),
                             (x + pitch // 2, rect.top + HEAD_H - 3))
    pygame.draw.line(surf, theme.PANEL_EDGE, (rect.left, rect.top + HEAD_H), (rect.right - 1, rect.top + HEAD_H))


def draw_bracket(surf: pygame.Surface, table: Table, start: int, n: int, color: Color,
                 offset: tuple[int, int] = (0, 0), width: int = 2) -> None:
    """A bracket under the cells of a segment, with its length."""
    x0 = table.left + start * table.pitch + 3 + offset[0]
    x1 = table.left + (start + n) * table.pitch - 4 + offset[0]
    y = CELL_BOTTOM + 10 + offset[1]
    pygame.draw.line(surf, color, (x0, y + 6), (x1, y + 6), width)
    pygame.draw.line(surf, color, (x0, y), (x0, y + 6), width)
    pygame.draw.line(surf, color, (x1, y), (x1, y + 6), width)
    theme.blit_text(surf, str(n), ((x0 + x1) / 2, y + 10), 20 if table.pitch >= 16 or n > 1 else 16, color, "midtop")


def draw_match(surface: pygame.Surface, table: Table, empty: pygame.Surface, i: int, tint: Color,
               lift: int = 0) -> None:
    """Match ``i`` tinted, over its cached image: the slot is restored from ``empty`` (the table
    without matches, from ``render_board``), then the match is drawn ``lift`` px higher."""
    slot = table.cell_rect(i)
    ox, oy = table.origin
    surface.blit(empty, slot.topleft, slot.move(-ox, -oy))
    surface.blit(match_surface(table.match_w, MATCH_H, tint), table.match_rect(i).move(0, -lift))


def draw_frame(surface: pygame.Surface, table: Table, run: Run, color: Color, width: int = 3,
               grow: int = 0) -> None:
    """A frame around the slots of a run."""
    rect = pygame.Rect(table.left + run[0] * table.pitch, CELL_TOP, run[1] * table.pitch, CELL_H)
    pygame.draw.rect(surface, color, rect.inflate(2 * grow - 2, 2 * grow - 2), width, border_radius=6 + grow)


def draw_highlights(surface: pygame.Surface, table: Table, empty: pygame.Surface, view: View) -> None:
    """The hinted run (glowing, with its segment's bracket), the selection (lifted, amber or red while
    a drag is refused) and the cell under the mouse. ``empty`` is the table without matches."""
    sel = view.sel
    if view.hint is not None:
        glow = theme.lerp_color(theme.WOOD, theme.GOOD, 0.5 + 0.5 * theme.pulse(view.time, 5))
        for i in run_cells(view.hint[0]):
            if sel is None or i not in run_cells(sel):
                draw_match(surface, table, empty, i, glow)
        seg_start, seg_n = view.hint[1]
        draw_bracket(surface, table, seg_start, seg_n, theme.GOOD, width=3)
    if sel is not None:
        color = theme.ACCENT if view.drag_ok or not view.dragging else theme.BAD
        for i in run_cells(sel):
            draw_match(surface, table, empty, i, color, lift=14)
        draw_frame(surface, table, sel, color, 3)
    if view.hint is not None:
        # Drawn last and a little wider, so the hint shows even around a selection.
        draw_frame(surface, table, view.hint[0], theme.GOOD, 3, grow=5)
    if view.hover is not None and view.effect is not None and not view.pressing:
        if sel is None or view.hover not in run_cells(sel):
            refused = view.effect[0] == "refuse"
            draw_frame(surface, table, (view.hover, 1), theme.BAD if refused else theme.TEXT_DIM, 2)


def draw_prompt(surface: pygame.Surface, table: Table, view: View) -> None:
    """One line under the table saying what a click or a key will do, the « Prendre » buttons and,
    with a selection, the « Jouer » button."""
    ok = True
    if view.dragging and view.sel is not None:
        text = tr("matches.release", what=cells_text(view.sel)) if view.drag_ok else view.message
        ok = view.drag_ok
    elif view.hover is not None and view.effect is not None:
        kind, run, why = view.effect
        ok = kind != "refuse"
        if not ok or run is None:                # a refusal says why
            text = why or ""
        else:
            text = tr(f"matches.click_{kind}", what=cells_text(run))
    elif view.sel is not None:
        text = tr("matches.selected", what=cells_text(view.sel), n=view.sel[1])
    else:
        text = tr("matches.how", max=table.max_take)
    theme.blit_text(surface, text or "", (theme.WIDTH // 2, CELL_BOTTOM + 52), 24,
                    theme.ACCENT if ok else theme.BAD, "midtop")
    draw_take_buttons(surface, table.take_rects, view.take)
    if view.sel is not None:
        r = table.button_rect
        edge = theme.ACCENT if view.button_hover else theme.PANEL_EDGE
        theme.panel(surface, r, theme.PANEL_LIGHT if view.button_hover else theme.PANEL, edge, radius=12, width=3)
        theme.blit_text(surface, tr("matches.play_button", n=view.sel[1]), r.center, 28, theme.ACCENT, "center")


def draw_take_buttons(surface: pygame.Surface, rects: Sequence[pygame.Rect], take: int) -> None:
    """« Prendre : 1 2 3 »: button ``k`` at ``rects[k - 1]``, the one of ``take`` lit."""
    first = rects[0]
    theme.blit_text(surface, tr("matches.take_label"), (first.left - 12, first.centery), 22, theme.TEXT_DIM, "midright")
    for k, rect in enumerate(rects, 1):
        chosen = k == take
        theme.panel(surface, rect, theme.PANEL_LIGHT if chosen else theme.PANEL,
                    theme.ACCENT if chosen else theme.PANEL_EDGE, radius=10, width=3 if chosen else 2)
        theme.blit_text(surface, str(k), rect.center, 26, theme.ACCENT if chosen else theme.TEXT, "center")


def hint_top(table: Table) -> int:
    """Where the hint's reasoning starts: under the Play button."""
    return table.button_rect.bottom + 12


def line_step(size: int) -> int:
    return size + 3


def fit_hint(lines: Sequence[str], table: Table) -> tuple[int, list[str]]:
    """The largest size of :data:`HINT_SIZES` at which ``lines``, wrapped to HINT_WIDTH, fit between
    the Play button and the bottom of the board, and the wrapped lines: never cut mid-sentence."""
    room = BOARD.bottom - hint_top(table)
    for size in HINT_SIZES:
        parts = [part for line in lines for part in theme.wrap(line, size, HINT_WIDTH)]
        if len(parts) * line_step(size) <= room:
            break
    return size, parts


def draw_hint_lines(surface: pygame.Surface, table: Table, view: View) -> None:
    """Under the Play button: "searching..." while the hint is computed, then its reasoning."""
    y = hint_top(table)
    if view.hint_pending:
        text = tr("matches.hint_searching") + "." * (1 + int(view.time * 3) % 3)
        theme.blit_text(surface, text, (theme.WIDTH // 2, y), HINT_SIZE, theme.GOOD, "midtop")
        return
    for part in view.hint_parts:
        theme.blit_text(surface, part, (theme.WIDTH // 2, y), view.hint_size, theme.GOOD, "midtop")
        y += line_step(view.hint_size)


def draw_move(surface: pygame.Surface, table: Table, run: Run, t: float, color: Color, clock: float) -> None:
    """The taken ``run`` at animation time ``t`` (0 to 1): framed in the mover's ``color``, then each
    match burns in turn (``clock``, in seconds, makes the flames flicker)."""
    start, count = run
    if t < SHOW + STAGGER * count:
        draw_frame(surface, table, run, color, 3)
    span = 1 - SHOW - STAGGER * (count - 1)
    for k, i in enumerate(range(start, start + count)):
        u = (t - SHOW - STAGGER * k) / span
        if u <= 0:
            surface.blit(match_surface(table.match_w, MATCH_H), table.match_rect(i))
        else:
            draw_burning(surface, table.match_rect(i), table.match_w, i, min(1.0, u), clock,
                         max(14, table.pitch))


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: a row of matches with gaps; one more match burns."""
    phase = t % 4.0
    cells = 16
    pitch = (r.width - 20) // cells
    gone = {5, 6, 11} if phase > 2 else {5, 6}
    for i in range(cells):
        x = r.left + 14 + i * pitch
        if i in gone:
            continue
        pygame.draw.line(surface, theme.WOOD, (x, r.top + 30), (x, r.bottom - 14), 4)
        head = theme.MATCH_HEAD
        if i == 11 and 1.5 < phase <= 2:
            head = theme.ACCENT
        pygame.draw.circle(surface, head, (x, r.top + 28), 5)
