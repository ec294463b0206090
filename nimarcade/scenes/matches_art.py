"""The look of the matches: the sizes of the table, a match sprite, and a match burning."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from nimarcade.ui import theme
from nimarcade.ui.tween import clamp01, ease_in_out, ease_out_cubic, lerp

HEAD_H = 30            # the row of cell numbers
CELL_H = 172           # the row of slots
MATCH_H = 134
TABLE_BG = (24, 30, 56)
SLOT_FLOOR = (12, 14, 28)
CHAR = (46, 36, 34)
ASH = (128, 124, 120)
FLAME_OUT = (255, 140, 40)
FLAME_IN = (255, 232, 130)


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
