"""The look of the matches: the sizes of the table, a match sprite, a match burning, and the scene's
drawing (the cached table, the selection and hint frames, the prompt, the burning of a move)."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from nimarcade.i18n import tr
from nimarcade.rules.matches import segments
from nimarcade.ui import theme
from nimarcade.ui.tween import clamp01, ease_in_out, ease_out_cubic, lerp

from ..game import BOARD
from .explain import Run, cells_text, run_cells

if TYPE_CHECKING:
    from .scene import MatchesScene

Color = tuple[int, int, int]

HEAD_H = 30            # the row of cell numbers
CELL_H = 172           # the row of slots
MATCH_H = 134
TABLE_BG = (24, 30, 56)
SLOT_FLOOR = (12, 14, 28)
CHAR = (46, 36, 34)
ASH = (128, 124, 120)
FLAME_OUT = (255, 140, 40)
FLAME_IN = (255, 232, 130)
#: Fractions of the move's animation: the run is shown, then each match burns in turn.
SHOW, STAGGER = 0.12, 0.06


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


# -- the scene's drawing ----------------------------------------------------------------------
def render_board(scene: "MatchesScene") -> tuple[pygame.Surface, pygame.Surface]:
    """The empty table with its numbers, and the same with the standing matches and the segment
    brackets: drawn once per position, a frame only blits it and draws what moves or glows on top."""
    size = (scene.table_rect.width + 16, HEAD_H + CELL_H + 60)
    empty = pygame.Surface(size, pygame.SRCALPHA)
    draw_table(empty, scene)
    board = empty.copy()
    ox, oy = scene.origin
    img = match_surface(scene.match_w, MATCH_H)
    for i, present in enumerate(scene.state.cells):
        if present:
            board.blit(img, scene.match_rect(i).move(-ox, -oy))
    for start, n in segments(scene.state.cells):
        draw_bracket(board, scene, start, n, theme.TEXT_DIM, (-ox, -oy))
    return empty, board


def draw_table(surf: pygame.Surface, scene: "MatchesScene") -> None:
    ox, oy = scene.origin
    table = scene.table_rect.move(-ox, -oy)
    theme.panel(surf, table.inflate(8, 8), TABLE_BG, theme.PANEL_EDGE, radius=8)
    head = pygame.Rect(table.left, table.top, table.width, HEAD_H)
    pygame.draw.rect(surf, theme.PANEL, head)
    for i in range(scene.state.length):
        x = table.left + i * scene.pitch
        slot = scene.cell_rect(i).move(-ox, -oy)
        floor = pygame.Rect(slot.left + 3, slot.bottom - 14, slot.width - 6, 8)
        pygame.draw.rect(surf, SLOT_FLOOR, floor, border_radius=3)
        if i:
            pygame.draw.line(surf, theme.PANEL_EDGE, (x, table.top), (x, table.bottom - 1))
        label = i + 1
        if scene.label_every == 1 or label % 5 == 0 or label == 1:
            size = 20 if scene.pitch >= 30 else 16
            theme.blit_text(surf, str(label), (x + scene.pitch / 2, table.top + HEAD_H / 2 + 1), size,
                            theme.TEXT, "center")
        else:
            pygame.draw.line(surf, theme.TEXT_DIM, (x + scene.pitch // 2, table.top + HEAD_H - 8),
                             (x + scene.pitch // 2, table.top + HEAD_H - 3))
    pygame.draw.line(surf, theme.PANEL_EDGE, (table.left, table.top + HEAD_H), (table.right - 1, table.top + HEAD_H))


def draw_bracket(surf: pygame.Surface, scene: "MatchesScene", start: int, n: int, color: Color,
                 offset: tuple[int, int] = (0, 0), width: int = 2) -> None:
    """A bracket under the cells of a segment, with its length."""
    x0 = scene.left + start * scene.pitch + 3 + offset[0]
    x1 = scene.left + (start + n) * scene.pitch - 4 + offset[0]
    y = scene.cell_bottom + 10 + offset[1]
    pygame.draw.line(surf, color, (x0, y + 6), (x1, y + 6), width)
    pygame.draw.line(surf, color, (x0, y), (x0, y + 6), width)
    pygame.draw.line(surf, color, (x1, y), (x1, y + 6), width)
    theme.blit_text(surf, str(n), ((x0 + x1) / 2, y + 10), 20 if scene.pitch >= 16 or n > 1 else 16, color, "midtop")


def draw_match(surface: pygame.Surface, scene: "MatchesScene", i: int, tint: Color, lift: int = 0) -> None:
    """Draw match ``i`` over its cached image: restore the slot, then the tinted match."""
    slot = scene.cell_rect(i)
    ox, oy = scene.origin
    surface.blit(scene.empty_board, slot.topleft, slot.move(-ox, -oy))
    surface.blit(match_surface(scene.match_w, MATCH_H, tint), scene.match_rect(i).move(0, -lift))


def draw_frame(surface: pygame.Surface, scene: "MatchesScene", run: Run, color: Color, width: int = 3,
               grow: int = 0) -> None:
    """A frame around the slots of a run."""
    rect = pygame.Rect(scene.left + run[0] * scene.pitch, scene.cell_top, run[1] * scene.pitch, CELL_H)
    pygame.draw.rect(surface, color, rect.inflate(2 * grow - 2, 2 * grow - 2), width, border_radius=6 + grow)


def draw_highlights(surface: pygame.Surface, scene: "MatchesScene", human: bool) -> None:
    """The hinted run (glowing, with its segment's bracket), the selection (lifted, amber or red while
    a drag is refused) and the cell under the mouse."""
    hint_run = None
    if human and scene.hint is not None and not scene.hint.lost and scene.hint.moves:
        hint_run = scene.hint.moves[0]
        glow = theme.lerp_color(theme.WOOD, theme.GOOD, 0.5 + 0.5 * theme.pulse(scene.time, 5))
        for i in run_cells(hint_run):
            if scene.sel is None or i not in run_cells(scene.sel):
                draw_match(surface, scene, i, glow)
        seg = next((s, n) for s, n in segments(scene.state.cells) if s <= hint_run[0] < s + n)
        draw_bracket(surface, scene, seg[0], seg[1], theme.GOOD, width=3)
    if human and scene.sel is not None:
        ok = scene.drag_ok or not scene.dragging
        color = theme.ACCENT if ok else theme.BAD
        for i in run_cells(scene.sel):
            draw_match(surface, scene, i, color, lift=14)
        draw_frame(surface, scene, scene.sel, color, 3)
    if hint_run is not None:
        # Drawn last and a little wider, so the hint shows even around a selection.
        draw_frame(surface, scene, hint_run, theme.GOOD, 3, grow=5)
    if human and scene.hover is not None and scene.press is None and 0 <= scene.hover < scene.state.length:
        if scene.sel is None or scene.hover not in run_cells(scene.sel):
            kind = scene.click_effect(scene.hover)[0]
            draw_frame(surface, scene, (scene.hover, 1), theme.BAD if kind == "refuse" else theme.TEXT_DIM, 2)


def draw_prompt(surface: pygame.Surface, scene: "MatchesScene") -> None:
    """One line under the table saying what a click or a key will do, and the « Jouer » button."""
    y = scene.cell_bottom + 52
    ok = True
    if scene.dragging and scene.sel is not None:
        text = tr("matches.release", what=cells_text(scene.sel)) if scene.drag_ok else scene.message
        ok = scene.drag_ok
    elif scene.hover is not None and 0 <= scene.hover < scene.state.length:
        kind, run, why = scene.click_effect(scene.hover)
        ok = kind != "refuse"
        text = why if not ok else tr(f"matches.click_{kind}", what=cells_text(run))
    elif scene.sel is not None:
        text = tr("matches.selected", what=cells_text(scene.sel), n=scene.sel[1])
    else:
        text = tr("matches.how", max=scene.state.max_take)
    theme.blit_text(surface, text or "", (theme.WIDTH // 2, y), 24, theme.ACCENT if ok else theme.BAD, "midtop")
    draw_take_buttons(surface, scene)
    if scene.sel is not None:
        r = scene.button_rect
        edge = theme.ACCENT if scene.button_hover else theme.PANEL_EDGE
        theme.panel(surface, r, theme.PANEL_LIGHT if scene.button_hover else theme.PANEL, edge, radius=12, width=3)
        theme.blit_text(surface, tr("matches.play_button", n=scene.sel[1]), r.center, 28, theme.ACCENT, "center")


def draw_take_buttons(surface: pygame.Surface, scene: "MatchesScene") -> None:
    """« Prendre : 1 2 3 » left of the Play button: how many matches a click takes."""
    first = scene.take_rects[0]
    theme.blit_text(surface, tr("matches.take_label"), (first.left - 12, first.centery), 22, theme.TEXT_DIM, "midright")
    for k, rect in enumerate(scene.take_rects, 1):
        chosen = k == scene.take
        theme.panel(surface, rect, theme.PANEL_LIGHT if chosen else theme.PANEL,
                    theme.ACCENT if chosen else theme.PANEL_EDGE, radius=10, width=3 if chosen else 2)
        theme.blit_text(surface, str(k), rect.center, 26, theme.ACCENT if chosen else theme.TEXT, "center")


def draw_hint_lines(surface: pygame.Surface, scene: "MatchesScene", human: bool) -> None:
    """Under the button: "searching..." while the hint is computed, then its reasoning."""
    y = scene.button_rect.bottom + 14
    if scene.hint_pending and human:
        dots = "." * (1 + int(scene.time * 3) % 3)
        theme.blit_text(surface, tr("matches.hint_searching") + dots, (theme.WIDTH // 2, y), 22, theme.GOOD, "midtop")
        return
    if scene.hint is None or not human:
        return
    for part in scene.hint_parts(22, BOARD.width - 80):
        if y > BOARD.bottom - 20:
            return
        theme.blit_text(surface, part, (theme.WIDTH // 2, y), 22, theme.GOOD, "midtop")
        y += 25


def draw_move(surface: pygame.Surface, scene: "MatchesScene") -> None:
    """The taken run is framed in the mover's colour, then each match burns in turn."""
    assert scene.anim is not None and scene.before is not None
    t = scene.anim.t
    start, count = scene.anim_move
    color = theme.PLAYER_COLORS[scene.match.seat_of(scene.before.to_move)]
    if t < SHOW + STAGGER * count:
        draw_frame(surface, scene, scene.anim_move, color, 3)
    span = 1 - SHOW - STAGGER * (count - 1)
    for k, i in enumerate(range(start, start + count)):
        u = (t - SHOW - STAGGER * k) / span
        if u <= 0:
            surface.blit(match_surface(scene.match_w, MATCH_H), scene.match_rect(i))
        else:
            draw_burning(surface, scene.match_rect(i), scene.match_w, i, min(1.0, u), scene.time,
                         max(14, scene.pitch))


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
