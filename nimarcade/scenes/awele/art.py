"""The look of the Awélé board: its geometry, the seed sprites and where each seed lies in a
house or a store (stable from frame to frame), the glow around a playable house, and the scene's
drawing (the board, its seeds, the rings, the hand, the names and the lines under the board)."""
from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from nimarcade.i18n import tr
from nimarcade.rules.awele import house_label
from nimarcade.ui import theme

from ..game import BOARD

if TYPE_CHECKING:
    from .scene import AweleScene

# -- geometry -------------------------------------------------------------------------------------
HOUSE_R = 56
PITCH = 142
CX = theme.WIDTH // 2
WOOD = pygame.Rect(65, BOARD.top + 46, 1150, 340)
ROW_Y = (WOOD.top + 30 + HOUSE_R, WOOD.bottom - 30 - HOUSE_R)   # top row, bottom row (centres)
STORE_W = 116
STORE_TOP, STORE_BOTTOM = ROW_Y[0] - HOUSE_R, ROW_Y[1] + HOUSE_R
MAX_DRAWN = 20        # seeds drawn one by one in a house; past that the house shows a number
STORE_DRAWN = 48
SCATTER_R = 38
GOLDEN = math.pi * (3 - math.sqrt(5))

SEED_COLORS = ((198, 192, 172), (172, 170, 150), (150, 160, 140), (210, 184, 140))
SEED_ANGLES = (0, 40, 80, 120, 160)
HOLE = (58, 36, 18)
HOLE_DEEP = (34, 20, 10)
INK = (96, 60, 26)


@lru_cache(maxsize=64)
def seed_sprite(kind: int) -> pygame.Surface:
    """One seed: a small rounded oval with a highlight, in a few colours and angles (cached)."""
    color = SEED_COLORS[kind % len(SEED_COLORS)]
    angle = SEED_ANGLES[(kind // len(SEED_COLORS)) % len(SEED_ANGLES)]
    base = pygame.Surface((22, 16), pygame.SRCALPHA)
    pygame.draw.ellipse(base, (20, 14, 8, 200), base.get_rect())
    pygame.draw.ellipse(base, color, base.get_rect().inflate(-3, -3))
    shine = theme.lerp_color(color, (255, 255, 255), 0.6)
    pygame.draw.ellipse(base, shine, pygame.Rect(5, 3, 7, 4))
    return pygame.transform.rotate(base, angle)


N_SPRITES = len(SEED_COLORS) * len(SEED_ANGLES)


@lru_cache(maxsize=16)
def house_offsets(house: int) -> tuple[tuple[int, int, int], ...]:
    """Where seed i of a house lies (dx, dy, sprite): seeded by the house and the seed index,
    so a seed never moves while others come and go, and never jitters from frame to frame."""
    out = []
    for i in range(MAX_DRAWN):
        rng = random.Random(house * 1009 + i * 31 + 7)
        r = SCATTER_R * math.sqrt((i + 0.5) / MAX_DRAWN) + rng.uniform(-2.5, 2.5)
        a = i * GOLDEN + house * 0.9 + rng.uniform(-0.3, 0.3)
        out.append((round(r * math.cos(a)), round(r * math.sin(a)), rng.randrange(N_SPRITES)))
    return tuple(out)


@lru_cache(maxsize=4)
def store_offsets(player: int) -> tuple[tuple[int, int, int], ...]:
    """Seed places in a store: a tall ellipse, filled from its middle outwards."""
    out = []
    for i in range(STORE_DRAWN):
        rng = random.Random(5000 + player * 997 + i * 13)
        r = math.sqrt((i + 0.5) / STORE_DRAWN)
        a = i * GOLDEN + rng.uniform(-0.25, 0.25)
        out.append((round(40 * r * math.cos(a) + rng.uniform(-2, 2)),
                    round(98 * r * math.sin(a) + rng.uniform(-2, 2)), rng.randrange(N_SPRITES)))
    return tuple(out)


@lru_cache(maxsize=4)
def ring_glow(color: tuple[int, int, int]) -> pygame.Surface:
    """A soft halo around a house (transparent inside, so the seeds stay visible)."""
    size = 2 * (HOUSE_R + 24)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    for r in range(HOUSE_R + 24, HOUSE_R, -2):
        a = round(190 * (1 - (r - HOUSE_R) / 24) ** 1.2)
        pygame.draw.circle(surf, (*color, a), (size // 2, size // 2), r, 2)
    return surf


# -- the scene's drawing ----------------------------------------------------------------------
def render_board(scene: "AweleScene") -> pygame.Surface:
    """The wooden board with its holes and house numbers, drawn once over the backdrop."""
    img = theme.background().subsurface(WOOD).copy()
    local = img.get_rect()
    pygame.draw.rect(img, theme.WOOD_DARK, local, border_radius=44)
    pygame.draw.rect(img, theme.WOOD, local.inflate(-10, -10), border_radius=40)
    grain = theme.lerp_color(theme.WOOD, theme.WOOD_DARK, 0.35)
    for k in range(9):
        y0 = 22 + k * 37
        pts = [(x, y0 + 5 * math.sin(x / 90 + k * 1.7)) for x in range(24, local.width - 24, 12)]
        pygame.draw.lines(img, grain, False, pts, 2)
    ox, oy = WOOD.topleft

    def hole(rect: pygame.Rect, radius: int) -> None:
        pygame.draw.rect(img, theme.lerp_color(theme.WOOD, (255, 255, 255), 0.25), rect.move(0, 3),
                         border_radius=radius)
        pygame.draw.rect(img, HOLE, rect, border_radius=radius)
        inner = rect.inflate(-14, -14).move(0, 4)
        pygame.draw.rect(img, HOLE_DEEP, inner, border_radius=max(4, radius - 7))

    for h in range(12):
        hole(scene.house_rect(h).move(-ox, -oy), HOUSE_R)
        x, y = scene.house_center(h)
        row, _ = scene.slot(h)
        ly = WOOD.top + 15 if row == 0 else WOOD.bottom - 15
        num = theme.font(22).render(str(house_label(h)), True, INK)
        img.blit(num, num.get_rect(center=(x - ox, ly - oy)))
    for p in (0, 1):
        rect = scene.store_rect(p).move(-ox, -oy)
        hole(rect, 48)
        edge = theme.PLAYER_COLORS[scene.match.seat_of(p)]
        pygame.draw.rect(img, edge, rect.inflate(6, 6), 3, border_radius=52)
    return img

def render_still(scene: "AweleScene", houses: list[int], stores: list[int]) -> pygame.Surface:
    """The board with these counts: redrawn only when a count changes, one blit a frame."""
    img = scene.board_img.copy()
    ox, oy = WOOD.topleft
    for h in range(12):
        cx, cy = scene.centers[h][0] - ox, scene.centers[h][1] - oy
        for dx, dy, kind in house_offsets(h)[:houses[h]]:
            sprite = seed_sprite(kind)
            img.blit(sprite, sprite.get_rect(center=(cx + dx, cy + dy)))
        if houses[h] > MAX_DRAWN:
            theme.blit_text(img, str(houses[h]), (cx, cy), 44, theme.ACCENT, "center", shadow=True)
        draw_count(img, scene, h, (cx, cy), houses[h])
    for p in (0, 1):
        cx, cy = scene.store_seed_center(p)
        for dx, dy, kind in store_offsets(p)[:stores[p]]:
            sprite = seed_sprite(kind)
            img.blit(sprite, sprite.get_rect(center=(cx + dx - ox, cy + dy - oy)))
        rect = pygame.Rect(0, 0, 64, 38)
        rect.center = scene.badge_center(p)
        rect.move_ip(-ox, -oy)
        theme.panel(img, rect, (30, 20, 12), theme.PLAYER_COLORS[scene.match.seat_of(p)], radius=12, width=2)
        theme.blit_text(img, str(stores[p]), rect.center, 30, theme.TEXT, "center")
    return img

def draw_count(surface: pygame.Surface, scene: "AweleScene", house: int, center: tuple[int, int], n: int) -> None:
    """A house's seed count, on its rim towards the middle of the board."""
    cx, cy = center
    by = cy + HOUSE_R - 8 if scene.slot(house)[0] == 0 else cy - HOUSE_R + 8
    pygame.draw.circle(surface, (30, 20, 12), (cx, by), 14)
    pygame.draw.circle(surface, theme.WOOD_DARK, (cx, by), 14, 2)
    theme.blit_text(surface, str(n), (cx, by + 1), 22, theme.TEXT, "center")


def draw_highlights(surface: pygame.Surface, scene: "AweleScene") -> None:
    """Rings: the hint (pulsing green), the legal houses, the chosen one and what it captures."""
    sel = scene.selected()
    if sel is None:
        return
    color = theme.lerp_color(theme.WOOD, theme.PLAYER_COLORS[scene.match.seat_of(scene.state.to_move)], 0.6)
    for h in scene.state.legal_moves():
        pygame.draw.circle(surface, color, scene.centers[h], HOUSE_R + 3, 2)
    sow, _ = scene.preview(sel)
    ring = theme.ACCENT if sow is not None else theme.BAD
    pygame.draw.circle(surface, ring, scene.centers[sel], HOUSE_R + 5, 5)
    if sow is not None:
        for h, _ in sow.captured:
            pygame.draw.circle(surface, theme.BAD, scene.centers[h], HOUSE_R + 3, 3)
        if sow.path:
            pygame.draw.circle(surface, ring, scene.centers[sow.path[-1]], 7)
    if scene.hint is not None and scene.hint.moves:
        center = scene.centers[scene.hint.moves[0]]
        surface.blit(ring_glow(theme.GOOD), ring_glow(theme.GOOD).get_rect(center=center))
        pygame.draw.circle(surface, theme.GOOD, center, HOUSE_R + 10 + round(3 * theme.pulse(scene.time, 5)), 4)

def draw_hand(surface: pygame.Surface, scene: "AweleScene", pos: tuple[float, float], n: int) -> None:
    x, y = round(pos[0]), round(pos[1])
    offsets = house_offsets(scene.anim_move)
    for dx, dy, kind in offsets[:min(n, 9)]:
        img = seed_sprite(kind)
        surface.blit(img, img.get_rect(center=(x + dx // 2, y + dy // 2)))
    theme.blit_text(surface, tr("awele.in_hand", n=n), (CX, WOOD.bottom + 20), 24, theme.ACCENT, "center")

def draw_names(surface: pygame.Surface, scene: "AweleScene", stores: list[int]) -> None:
    """Each player's name by their store; a marker shows whose turn it is."""
    top = 1 - scene.bottom
    for p, pos, anchor in ((top, (WOOD.left + 34, WOOD.top - 22), "midleft"),
                           (scene.bottom, (WOOD.right - 12, WOOD.bottom + 20), "midright")):
        color = theme.PLAYER_COLORS[scene.match.seat_of(p)]
        label = f"{scene.player_name(p)} · {tr('awele.store')} {stores[p]}"
        rect = theme.blit_text(surface, label, pos, 22, color, anchor)
        if p == scene.state.to_move and not scene.state.is_over and not scene.animating:
            x, y = rect.left - 16, rect.centery
            pygame.draw.polygon(surface, color, [(x - 6, y - 7), (x + 6, y), (x - 6, y + 7)])

def draw_below(surface: pygame.Surface, scene: "AweleScene") -> None:
    """Under the board: what the chosen house would do, and the hint's reasoning."""
    y = WOOD.bottom + 20
    sel = scene.selected()
    if sel is not None:
        sow, why = scene.preview(sel)
        if sow is None:
            text, color = why, theme.BAD
        elif sow.gain:
            text = tr("awele.preview_capture", house=house_label(sel), n=scene.state.houses[sel], gain=sow.gain)
            color = theme.ACCENT
        else:
            text, color = tr("awele.preview", house=house_label(sel), n=scene.state.houses[sel]), theme.TEXT
        theme.blit_text(surface, text, (CX, y), 24, color, "center")
        if scene.hint is None:
            theme.blit_text(surface, legend(scene), (CX, y + 30), 20, theme.TEXT_DIM, "center")
    if scene.hint is not None and scene.human_turn():
        for i, line in enumerate(scene.explain(scene.hint)[1:]):
            theme.blit_text(surface, line, (CX, y + 32 + 26 * i), 22, theme.GOOD, "center")

def legend(scene: "AweleScene") -> str:
    """The line under the preview: the keys, or what the analysis overlay shows."""
    if not scene.watch.analysis_on:
        return tr("awele.keys")
    analysis = scene.watch.analysis()
    if analysis is None or not analysis[0]:
        return tr("awele.analysis_wait")
    humans = [p for p in (0, 1) if scene.match.player(p).is_human]
    who = tr("awele.analysis_you") if len(humans) == 1 else scene.player_name(scene.state.to_move)
    return tr("awele.analysis_legend", depth=analysis[1], who=who)


def draw_end(surface: pygame.Surface, scene: "AweleScene") -> None:
    """Under the board once the game is over: why it ended and each total."""
    lines = scene.final_lines()
    rect = pygame.Rect(0, 0, 1100, 66)
    rect.midtop = (CX, WOOD.bottom + 36)
    theme.panel(surface, rect, theme.PANEL, theme.ACCENT, radius=12)
    theme.blit_text(surface, lines[0], (CX, rect.top + 8), 24, theme.ACCENT, "midtop")
    theme.blit_text(surface, lines[1], (CX, rect.top + 38), 20, theme.TEXT, "midtop")


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: two rows of houses, one being sown."""
    phase = t % 4.0
    for row in range(2):
        for j in range(6):
            cx = r.left + 40 + j * ((r.width - 80) // 5)
            cy = r.top + 28 + row * 46
            pygame.draw.circle(surface, (90, 60, 36), (cx, cy), 19)
            seeds = 4 if (row, j) != (0, int(phase * 1.5) % 6) else 1
            for s in range(seeds):
                a = s * 2.1 + t * 0.3
                pygame.draw.circle(surface, (236, 220, 190), (cx + int(7 * math.cos(a)), cy + int(7 * math.sin(a))), 4)


def draw_rotate_button(surface: pygame.Surface, scene: "AweleScene") -> None:
    """« Tourner le plateau (V) », under the board on the left."""
    draw_button(surface, scene, scene.rotate_rect(), tr("awele.rotate_button"))


def draw_button(surface: pygame.Surface, scene: "AweleScene", r: pygame.Rect, label: str, on: bool = False) -> None:
    """A small button under the board; ``on``: its view is shown (an amber edge)."""
    hover = scene.mouse is not None and r.collidepoint(scene.mouse)
    edge = theme.ACCENT if hover or on else theme.PANEL_EDGE
    theme.panel(surface, r, theme.PANEL_LIGHT if hover or on else theme.PANEL, edge, radius=10)
    theme.blit_text(surface, label, r.center, 20, theme.TEXT, "center")


def draw_engine(surface: pygame.Surface, scene: "AweleScene") -> None:
    """The engine's part: its buttons, the info line (I), the analysis overlay (A), play now."""
    from .explain import house_value

    view = scene.watch
    draw_button(surface, scene, view.info_rect(), tr("awele.info_button"), view.info_on)
    draw_button(surface, scene, view.analysis_rect(), tr("awele.analysis_button"), view.analysis_on)
    if view.can_play_now():
        draw_button(surface, scene, view.play_now_rect(), tr("awele.play_now_button"))
    if view.info_on:
        draw_info(surface, scene)
    analysis = view.analysis()
    if analysis is not None:
        for house, score in analysis[0].items():
            text, strength = house_value(score)
            draw_value(surface, scene, house, text, strength, score == max(analysis[0].values()))


NEUTRAL = (236, 226, 200)


@lru_cache(maxsize=64)
def value_disc(color: tuple[int, int, int]) -> pygame.Surface:
    """A translucent tint over a house, in its value's colour."""
    surf = pygame.Surface((2 * HOUSE_R, 2 * HOUSE_R), pygame.SRCALPHA)
    pygame.draw.circle(surf, (*color, 55), (HOUSE_R, HOUSE_R), HOUSE_R - 2)
    return surf


def value_color(strength: float) -> tuple[int, int, int]:
    """A diverging scale: red (bad for the player to move), light, green (good); 9 steps."""
    step = round(strength * 4) / 4
    return theme.lerp_color(NEUTRAL, theme.GOOD if step > 0 else theme.BAD, abs(step))


def draw_value(surface: pygame.Surface, scene: "AweleScene", house: int, text: str, strength: float,
               best: bool) -> None:
    """One analysed house: tinted and ringed in its value's colour, the value in seeds on its rim
    (on the side away from its seed count)."""
    color = value_color(strength)
    cx, cy = scene.centers[house]
    surface.blit(value_disc(color), (cx - HOUSE_R, cy - HOUSE_R))
    pygame.draw.circle(surface, color, (cx, cy), HOUSE_R - 1, 6 if best else 3)
    draw_count(surface, scene, house, (cx, cy), scene.state.houses[house])
    img = theme.text(text, 24, (20, 14, 8))
    pill = img.get_rect().inflate(14, 4)
    pill.center = (cx, cy + HOUSE_R - 4 if scene.slot(house)[0] == 1 else cy - HOUSE_R + 4)
    pygame.draw.rect(surface, color, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, (20, 14, 8), pill, 2, border_radius=pill.height // 2)
    surface.blit(img, img.get_rect(center=pill.center))


def draw_info(surface: pygame.Surface, scene: "AweleScene") -> None:
    """Above the board on the right: depth, margin for the person, the expected line (house
    numbers in their owner's colour), nodes/s. Each piece is a cached text."""
    from .explain import rate, seeds

    info = scene.watch.info()
    size = 20
    parts: list[tuple[str, tuple[int, int, int]]] = []
    if info is None:
        parts.append((tr("awele.info_idle"), theme.TEXT_DIM))
    else:
        if scene.watch.pondering:
            parts.append((tr("awele.info_ponder"), theme.TEXT_DIM))
        parts.append((tr("awele.info_book") if info.book else tr("awele.info_depth", depth=info.depth), theme.TEXT))
        if info.mate is not None:
            key = "awele.info_win" if info.mate > 0 else "awele.info_loss"
            parts.append((tr(key, n=abs(info.mate)), theme.GOOD if info.mate > 0 else theme.BAD))
        elif info.seeds is not None:
            v = seeds(round(info.seeds, 1))
            humans = [p for p in (0, 1) if scene.match.player(p).is_human]
            words = (tr("awele.info_score", v=v) if len(humans) == 1
                     else tr("awele.info_score_name", v=v, name=scene.player_name(scene.watch.viewer())))
            parts.append((words, theme.GOOD if info.seeds > 0.05 else theme.BAD if info.seeds < -0.05 else theme.TEXT))
        if info.pv:
            parts.append((tr("awele.info_line"), theme.TEXT_DIM))
            pv = scene.app.ai.progress.get("pv", [])[:10]
            for m in pv:
                parts.append((str(house_label(m)), theme.PLAYER_COLORS[scene.match.seat_of(0 if m < 6 else 1)]))
            if len(info.pv) > 10:
                parts.append(("…", theme.TEXT_DIM))
        if info.nps:
            parts.append((tr("awele.info_nps", v=rate(info.nps)), theme.TEXT_DIM))
    imgs = [theme.text(t, size, c) for t, c in parts]
    gaps = [6 if t.isdigit() and i and parts[i - 1][0].isdigit() else 14 for i, (t, _) in enumerate(parts)]
    width = sum(i.get_width() for i in imgs) + sum(gaps[1:])
    rect = pygame.Rect(0, 0, width + 24, 30)
    rect.midright = (WOOD.right - 8, WOOD.top - 22)
    theme.panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=10)
    x = rect.left + 12
    for i, img in enumerate(imgs):
        x += gaps[i] if i else 0
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        x += img.get_width()
