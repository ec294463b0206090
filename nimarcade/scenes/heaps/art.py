"""Nim heaps: the look of the scene (tokens, the cached heap layer, the flight to the trays, the side
panel with its buttons and binary table) and the menu card's preview."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from nimarcade.ai.hints import Hint
from nimarcade.i18n import tr
from nimarcade.ui import theme
from nimarcade.ui.tween import arc, clamp01, ease_in_out

from ..game import BOARD
from .lesson import draw_table, objs

if TYPE_CHECKING:
    from .scene import HeapsScene

# -- geometry: heaps on the left, the binary-table panel on the right, trays below the heaps -------
PANEL_W = 392
PANEL_RECT = pygame.Rect(BOARD.right - PANEL_W, BOARD.top, PANEL_W, BOARD.height)
TRAY_H = 62
TRAY_W = 220
HEAP_AREA = pygame.Rect(BOARD.left, BOARD.top, BOARD.width - PANEL_W - 16, BOARD.height - TRAY_H - 12)
LABEL_W = 118
MAX_PITCH = 64
MAX_ROW_H = 96
BUTTON_H = 34

TOKEN = (205, 200, 235)        # pale lilac: distinct from amber (selection) and green (hint)
TOKEN_RIM = (110, 102, 160)


@lru_cache(maxsize=32)
def token_surface(d: int, color: tuple[int, int, int] = TOKEN) -> pygame.Surface:
    """A round token with a rim and a light spot, cached per size and colour."""
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    rim = theme.lerp_color(color, TOKEN_RIM, 0.6)
    pygame.draw.circle(surf, rim, (r, r), r)
    pygame.draw.circle(surf, color, (r, r), max(1, r - max(2, d // 10)))
    light = theme.lerp_color(color, (255, 255, 255), 0.55)
    pygame.draw.circle(surf, light, (r - r // 3, r - r // 3), max(1, r // 4))
    return surf


def render_static(scene: "HeapsScene") -> pygame.Surface:
    """Row plates, labels, the tokens still in their heaps and the empty slots (cached by the scene
    until the heaps change)."""
    layer = pygame.Surface(HEAP_AREA.size)
    layer.blit(theme.background(), (0, 0), HEAP_AREA)
    ghost = (70, 80, 130)
    plain = token_surface(scene.token_d)
    for i, start in enumerate(scene.initial):
        plate = scene.row_rect(i).move(-HEAP_AREA.left, -HEAP_AREA.top)
        pygame.draw.rect(layer, (26, 32, 62, 230), plate, border_radius=10)
        pygame.draw.rect(layer, (52, 62, 108), plate, 1, border_radius=10)
        size = scene.state.heaps[i]
        name = theme.text(tr("heaps.heap", n=i + 1), 26 if scene.row_h >= 48 else 22,
                          theme.TEXT if size else theme.TEXT_DIM)
        count = theme.text(objs(size), 18, theme.TEXT_DIM)
        block = name.get_height() + count.get_height() - 2
        y = plate.centery - block // 2
        layer.blit(name, (plate.left + 12, y))
        layer.blit(count, (plate.left + 12, y + name.get_height() - 2))
        for j in range(start):
            r = scene.token_rect(i, j).move(-HEAP_AREA.left, -HEAP_AREA.top)
            if j < size:
                layer.blit(plain, r)
            else:
                pygame.draw.circle(layer, ghost, r.center, scene.token_d // 2, 2)
    return layer.convert() if pygame.display.get_surface() else layer


def draw_highlights(surface: pygame.Surface, scene: "HeapsScene", sel: tuple[int, int] | None,
                    hint_move: tuple[int, int] | None) -> None:
    """The keyboard's row frame, the hinted tokens (pulsing green) and the chosen ones (amber)."""
    heaps = scene.state.heaps
    if sel is not None and scene.kb_active and scene.hover is None:
        pygame.draw.rect(surface, theme.ACCENT, scene.row_rect(sel[0]).inflate(6, 4), 2, border_radius=12)
    if hint_move is not None:
        glow = 0.5 + 0.5 * theme.pulse(scene.time, 5)
        hinted = token_surface(scene.token_d, theme.lerp_color(TOKEN, theme.GOOD, 0.45 + 0.55 * glow))
        i, c = hint_move
        for j in range(heaps[i] - c, heaps[i]):
            surface.blit(hinted, scene.token_rect(i, j))
    if sel is not None:
        chosen = token_surface(scene.token_d, theme.ACCENT)
        i, c = sel
        for j in range(heaps[i] - c, heaps[i]):
            surface.blit(chosen, scene.token_rect(i, j))


def draw_flight(surface: pygame.Surface, scene: "HeapsScene") -> None:
    """The taken tokens fly to the taker's tray, rightmost first, shrinking and fading."""
    i, c = scene.anim_move
    top = scene.before.heaps[i]
    taker = scene.before.to_move
    target = scene.tray_rect(taker).center
    tint = theme.PLAYER_COLORS[scene.match.seat_of(taker)]
    img = token_surface(scene.token_d, theme.lerp_color(TOKEN, tint, 0.5))
    t = scene.anim.t
    spread = 0.35 if c > 1 else 0.0
    for k in range(c):
        j = top - 1 - k
        delay = spread * k / max(1, c - 1)
        local = clamp01((t - delay) / (1 - spread))
        if local >= 1:
            continue
        x, y = arc(scene.token_rect(i, j).center, target, ease_in_out(local), 70)
        size = max(2, round(scene.token_d * (1 - 0.65 * local)))
        small = pygame.transform.smoothscale(img, (size, size))
        small.set_alpha(round(255 * (1 - 0.85 * local)))
        surface.blit(small, small.get_rect(center=(round(x), round(y))))


def draw_trays(surface: pygame.Surface, scene: "HeapsScene") -> None:
    for p in (0, 1):
        rect = scene.tray_rect(p)
        color = theme.PLAYER_COLORS[scene.match.seat_of(p)]
        theme.panel(surface, rect, theme.PANEL, color, radius=12)
        theme.blit_text(surface, scene.player_name(p), (rect.centerx, rect.top + 8), 20, color, "midtop")
        theme.blit_text(surface, tr("heaps.tray", n=scene.trays[p]), (rect.centerx, rect.top + 34), 22,
                        theme.TEXT, "midtop")


def draw_readout(surface: pygame.Surface, scene: "HeapsScene", sel: tuple[int, int] | None) -> None:
    """Under the heaps: what the selection takes and what it leaves."""
    if sel is None:
        return
    i, c = sel
    cx = HEAP_AREA.centerx
    y = BOARD.bottom - TRAY_H + 6
    theme.blit_text(surface, tr("heaps.select", heap=i + 1, what=objs(c)), (cx, y), 26, theme.ACCENT,
                    "midtop")
    theme.blit_text(surface, tr("heaps.select_left", left=scene.state.heaps[i] - c), (cx, y + 30), 20,
                    theme.TEXT_DIM, "midtop")


# -- the side panel: buttons, then the binary table (or how to play) ------------------------------
def draw_buttons(surface: pygame.Surface, scene: "HeapsScene") -> None:
    for rect, label, on in ((scene.table_button, tr("heaps.table_button"), scene.show_table),
                            (scene.hint_button, tr("heaps.hint_button"), scene.hint_shown())):
        hot = rect.collidepoint(scene.mouse) and not scene.demo
        fill = theme.PANEL_LIGHT if hot else theme.PANEL
        edge = theme.GOOD if on else (theme.ACCENT if hot else theme.PANEL_EDGE)
        theme.panel(surface, rect, fill, edge, radius=10, width=2)
        theme.blit_text(surface, label, rect.center, 20, theme.GOOD if on else theme.TEXT, "center")


def render_panel(scene: "HeapsScene", hint: Hint | None) -> pygame.Surface:
    """The panel under its buttons: the binary table and its reasoning, or how to play (cached by
    the scene until its content changes)."""
    surf = pygame.Surface(PANEL_RECT.size)
    surf.blit(theme.background(), (0, 0), PANEL_RECT)
    theme.panel(surf, surf.get_rect(), (24, 30, 58), theme.PANEL_EDGE, radius=14)
    inner = surf.get_rect().inflate(-28, 0)
    y = BUTTON_H + 20
    if scene.table_visible():
        # The rule stays in the top bar; here every pixel goes to the table and the reasoning.
        y = draw_table(surf, inner, y, scene.state, scene.width_bits, hint)
        lines = scene.explain(hint)[1:] if hint is not None else [scene.status_line()]
        lines = [line for line in lines if line]
        bottom = surf.get_height() - 10
        for size in (18, 17, 16):   # the largest text that fits (8 heaps, long French lines)
            paras = [theme.wrap(line, size, inner.width) for line in lines]
            if y + sum(len(p) * (size + 1) + 4 for p in paras) <= bottom:
                break
        for para in paras:
            for part in para:
                if y + size + 1 > bottom:
                    break
                theme.blit_text(surf, part, (inner.left, y), size, theme.GOOD if hint else theme.TEXT)
                y += size + 1
            y += 4
    else:
        badge = tr("heaps.badge_misere" if scene.state.misere else "heaps.badge_normal")
        color = theme.BAD if scene.state.misere else theme.GOOD
        theme.blit_text(surf, badge, (inner.centerx, y + 2), 20, color, "midtop")
        y += 30
        box = pygame.Rect(inner.left, y + 6, inner.width, 400)
        theme.blit_paragraph(surf, tr("heaps.help_panel"), box, 20, theme.TEXT_DIM)
    return surf.convert() if pygame.display.get_surface() else surf


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: four heaps, the last one shrinking."""
    phase = t % 4.0
    sizes = (1, 3, 5, 7)
    for row, size in enumerate(sizes):
        shown = size if row != 3 else max(2, size - int(phase))
        for j in range(shown):
            c = theme.P1 if row % 2 else theme.ACCENT
            pygame.draw.circle(surface, c, (r.left + 30 + j * 22, r.top + 16 + row * 22), 8)
