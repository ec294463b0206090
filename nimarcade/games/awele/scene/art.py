"""The look of the Awélé board: its geometry (:class:`BoardGeometry`, for either row at the
bottom), the seed sprites and where each seed lies in a house or a store (stable from frame to
frame), the glow around a playable house, and every piece the scene draws (the board, its seeds,
the rings, the hand, the names, the lines and buttons under the board); the engine's part is in
:mod:`.engine_art`.

Each function takes what it draws as parameters, never the scene: the scene gathers the values of
its frame (a :class:`Choice`, counts, names, colours) and this module only draws them."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

import pygame

from nimarcade.i18n import tr
from nimarcade.games.awele.rules import Sowing, format_move
from nimarcade.window.ui import theme

from nimarcade.window.scenes.game import BOARD

Color = tuple[int, int, int]

# -- geometry -------------------------------------------------------------------------------------
HOUSE_R = 56
PITCH = 142
CX = theme.WIDTH // 2
WOOD = pygame.Rect(65, BOARD.top + 46, 1150, 340)
ROW_Y = (WOOD.top + 30 + HOUSE_R, WOOD.bottom - 30 - HOUSE_R)   # top row, bottom row (centres)
STORE_W = 116
STORE_TOP, STORE_BOTTOM = ROW_Y[0] - HOUSE_R, ROW_Y[1] + HOUSE_R
#: The row of buttons under the board (turn it, info, analysis, play now), above the HUD's bar.
BUTTON_H = 32
BUTTON_Y = BOARD.bottom - BUTTON_H - 2
#: The lines under the board: what the chosen house would do, then the others (hint, legend...).
BELOW_Y = WOOD.bottom + 20
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


# -- where things are ---------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardGeometry:
    """Where the houses and the stores are on screen when ``bottom``'s row is at the bottom (the
    person's own row, or the other one once the board is turned round)."""

    bottom: int
    centers: tuple[tuple[int, int], ...] = field(init=False, repr=False)   # each house's centre

    def __post_init__(self) -> None:
        slots = map(self.slot, range(12))
        centers = tuple((round(CX + (col - 2.5) * PITCH), ROW_Y[row]) for row, col in slots)
        object.__setattr__(self, "centers", centers)

    def slot(self, house: int) -> tuple[int, int]:
        """(row, column) on screen: row 0 is the top row, columns count from the screen's left (the
        arrow keys move along these columns)."""
        rel = (house - 6 * self.bottom) % 12
        return (1, rel) if rel < 6 else (0, 11 - rel)

    def on_top(self, house: int) -> bool:
        return self.slot(house)[0] == 0

    def house_rect(self, house: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 2 * HOUSE_R, 2 * HOUSE_R)
        rect.center = self.centers[house]
        return rect

    def store_rect(self, player: int) -> pygame.Rect:
        """The bottom player's store is on the right, the top player's on the left."""
        x = WOOD.right - 20 - STORE_W if player == self.bottom else WOOD.left + 20
        return pygame.Rect(x, STORE_TOP, STORE_W, STORE_BOTTOM - STORE_TOP)

    def store_seed_center(self, player: int) -> tuple[int, int]:
        rect = self.store_rect(player)
        return (rect.centerx, rect.centery + (-16 if player == self.bottom else 16))

    def badge_center(self, player: int) -> tuple[int, int]:
        rect = self.store_rect(player)
        return (rect.centerx, rect.bottom - 26 if player == self.bottom else rect.top + 26)

    def house_at(self, pos: tuple[int, int] | None) -> int | None:
        """The house under ``pos`` (a little beyond its rim counts), or None."""
        if pos is None:
            return None
        for h, (x, y) in enumerate(self.centers):
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (HOUSE_R + 10) ** 2:
                return h
        return None


# -- what a frame shows -------------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """The house the person points at on their turn, what it would do, and the houses they may play."""

    house: int
    seeds: int                      # the seeds in it
    sow: Sowing | None              # None: the rules refuse it...
    why: str                        # ... in these words
    legal: tuple[int, ...]
    color: Color                    # the player's colour, for the rings of the playable houses


# -- the board ------------------------------------------------------------------------------------
def render_board(geo: BoardGeometry, colors: Sequence[Color]) -> pygame.Surface:
    """The wooden board with its holes and the houses' letters (as Aualé writes them: A-F under
    South's row, a-f over North's, each from its owner's left), drawn once over the backdrop; each
    store is edged in its player's colour."""
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
        hole(geo.house_rect(h).move(-ox, -oy), HOUSE_R)
        x, y = geo.centers[h]
        ly = WOOD.top + 15 if geo.on_top(h) else WOOD.bottom - 15
        num = theme.font(22).render(format_move(h), True, INK)
        img.blit(num, num.get_rect(center=(x - ox, ly - oy)))
    for p in (0, 1):
        rect = geo.store_rect(p).move(-ox, -oy)
        hole(rect, 48)
        pygame.draw.rect(img, colors[p], rect.inflate(6, 6), 3, border_radius=52)
    return img


def render_still(board: pygame.Surface, geo: BoardGeometry, houses: Sequence[int], stores: Sequence[int],
                 colors: Sequence[Color]) -> pygame.Surface:
    """``board`` (:func:`render_board`) with these counts: redrawn only when a count changes, one
    blit a frame."""
    img = board.copy()
    ox, oy = WOOD.topleft
    for h in range(12):
        cx, cy = geo.centers[h][0] - ox, geo.centers[h][1] - oy
        for dx, dy, kind in house_offsets(h)[:houses[h]]:
            sprite = seed_sprite(kind)
            img.blit(sprite, sprite.get_rect(center=(cx + dx, cy + dy)))
        if houses[h] > MAX_DRAWN:
            theme.blit_text(img, str(houses[h]), (cx, cy), 44, theme.ACCENT, "center", shadow=True)
        draw_count(img, (cx, cy), houses[h], geo.on_top(h))
    for p in (0, 1):
        cx, cy = geo.store_seed_center(p)
        for dx, dy, kind in store_offsets(p)[:stores[p]]:
            sprite = seed_sprite(kind)
            img.blit(sprite, sprite.get_rect(center=(cx + dx - ox, cy + dy - oy)))
        rect = pygame.Rect(0, 0, 64, 38)
        rect.center = geo.badge_center(p)
        rect.move_ip(-ox, -oy)
        theme.panel(img, rect, (30, 20, 12), colors[p], radius=12, width=2)
        theme.blit_text(img, str(stores[p]), rect.center, 30, theme.TEXT, "center")
    return img


def draw_count(surface: pygame.Surface, center: tuple[int, int], n: int, on_top: bool) -> None:
    """A house's seed count, on its rim towards the middle of the board."""
    cx, cy = center
    by = cy + HOUSE_R - 8 if on_top else cy - HOUSE_R + 8
    pygame.draw.circle(surface, (30, 20, 12), (cx, by), 14)
    pygame.draw.circle(surface, theme.WOOD_DARK, (cx, by), 14, 2)
    theme.blit_text(surface, str(n), (cx, by + 1), 22, theme.TEXT, "center")


def draw_highlights(surface: pygame.Surface, geo: BoardGeometry, choice: Choice | None, hint: int | None,
                    time: float) -> None:
    """Rings: the playable houses, the chosen one and what it captures, and the hinted house
    (pulsing green with ``time``)."""
    if choice is None:
        return
    color = theme.lerp_color(theme.WOOD, choice.color, 0.6)
    for h in choice.legal:
        pygame.draw.circle(surface, color, geo.centers[h], HOUSE_R + 3, 2)
    sow = choice.sow
    ring = theme.ACCENT if sow is not None else theme.BAD
    pygame.draw.circle(surface, ring, geo.centers[choice.house], HOUSE_R + 5, 5)
    if sow is not None:
        for h, _ in sow.captured:
            pygame.draw.circle(surface, theme.BAD, geo.centers[h], HOUSE_R + 3, 3)
        if sow.path:             # where the last seed lands: a ring (the preview line says so), not a
            landing = geo.centers[sow.path[-1]]        # dot that would look like a seed in the house
            pygame.draw.circle(surface, ring, landing, HOUSE_R - 26, 3)   # inside, clear of its count
    if hint is not None:
        center = geo.centers[hint]
        surface.blit(ring_glow(theme.GOOD), ring_glow(theme.GOOD).get_rect(center=center))
        pygame.draw.circle(surface, theme.GOOD, center, HOUSE_R + 10 + round(3 * theme.pulse(time, 5)), 4)


def draw_flying(surface: pygame.Surface, flying: Sequence[tuple[tuple[float, float], int]]) -> None:
    """Captured seeds on their way to the store: (position, sprite) each."""
    for pos, kind in flying:
        img = seed_sprite(kind)
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))


def draw_hand(surface: pygame.Surface, pos: tuple[float, float], n: int, house: int) -> None:
    """The ``n`` seeds taken from ``house`` (a few drawn, as they lay there), and their number."""
    x, y = round(pos[0]), round(pos[1])
    for dx, dy, kind in house_offsets(house)[:min(n, 9)]:
        img = seed_sprite(kind)
        surface.blit(img, img.get_rect(center=(x + dx // 2, y + dy // 2)))
    theme.blit_text(surface, tr("awele.in_hand", n=n), (CX, BELOW_Y), 24, theme.ACCENT, "center")


def draw_names(surface: pygame.Surface, bottom: int, names: Sequence[str], colors: Sequence[Color],
               stores: Sequence[int], turn: int | None) -> int:
    """Each player's name by their store; a marker before ``turn``'s (None: nobody's, the game is
    over or seeds are being sown). Returns where the top name ends (the info line starts after)."""
    top = 1 - bottom
    right = WOOD.left
    for p, pos, anchor in ((top, (WOOD.left + 34, WOOD.top - 22), "midleft"),
                           (bottom, (WOOD.right - 12, WOOD.bottom + 20), "midright")):
        label = f"{names[p]} · " + tr("awele.store") + f" {stores[p]}"
        rect = theme.blit_text(surface, label, pos, 22, colors[p], anchor)
        if p == top:
            right = rect.right
        if p == turn:
            x, y = rect.left - 16, rect.centery
            pygame.draw.polygon(surface, colors[p], [(x - 6, y - 7), (x + 6, y), (x - 6, y + 7)])
    return right


def preview_line(choice: Choice) -> tuple[str, Color]:
    """What the chosen house would do, or why the rules refuse it, and the line's colour."""
    sow, label = choice.sow, format_move(choice.house)
    if sow is None:
        return choice.why, theme.BAD
    last = format_move(sow.path[-1]) if sow.path else label
    if sow.gain:
        return tr("awele.preview_capture", house=label, n=choice.seeds, gain=sow.gain, last=last), theme.ACCENT
    return tr("awele.preview", house=label, n=choice.seeds, last=last), theme.TEXT


def below_y(slot: int) -> int:
    """The middle of the ``slot``-th line under the board, after the preview's."""
    return BELOW_Y + 31 + 26 * slot


def draw_below(surface: pygame.Surface, preview: tuple[str, Color] | None,
               lines: Sequence[tuple[str, int, Color]]) -> list[pygame.Rect]:
    """Under the board: the chosen house's ``preview`` line, then ``lines`` (text, size, colour)
    in their own places, whether or not a house is chosen. Returns where each line was drawn."""
    if preview is not None:
        theme.blit_text(surface, preview[0], (CX, BELOW_Y), 24, preview[1], "center")
    return [theme.blit_text(surface, text, (CX, below_y(i)), size, color, "center")
            for i, (text, size, color) in enumerate(lines)]


def end_rect() -> pygame.Rect:
    """The end-of-game panel: under the board, between the names and the row of buttons."""
    rect = pygame.Rect(0, 0, 1100, 54)
    rect.midtop = (CX, WOOD.bottom + 34)
    return rect


def draw_end(surface: pygame.Surface, lines: Sequence[str]) -> None:
    """Under the board once the game is over: why it ended, then each total."""
    rect = end_rect()
    theme.panel(surface, rect, theme.PANEL, theme.ACCENT, radius=12)
    theme.blit_text(surface, lines[0], (CX, rect.top + 5), 22, theme.ACCENT, "midtop")
    theme.blit_text(surface, lines[1], (CX, rect.top + 31), 18, theme.TEXT, "midtop")


def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str, mouse: tuple[int, int] | None,
                on: bool = False, pressed: bool = False) -> None:
    """A small button under the board, lit when ``mouse`` is over it or ``on`` (its view is shown);
    ``pressed``: pushed in and amber, its action under way."""
    if pressed:
        rect = rect.move(0, 2)
        theme.panel(surface, rect, theme.lerp_color(theme.PANEL, theme.ACCENT, 0.35), theme.ACCENT, radius=10, width=3)
        theme.blit_text(surface, label, rect.center, 20, theme.ACCENT, "center")
        return
    hover = mouse is not None and rect.collidepoint(mouse)
    edge = theme.ACCENT if hover or on else theme.PANEL_EDGE
    theme.panel(surface, rect, theme.PANEL_LIGHT if hover or on else theme.PANEL, edge, radius=10)
    theme.blit_text(surface, label, rect.center, 20, theme.TEXT, "center")


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
