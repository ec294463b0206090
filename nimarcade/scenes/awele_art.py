"""The look of the Awélé board: its geometry, the seed sprites and where each seed lies in a
house or a store (stable from frame to frame), and the glow around a playable house."""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from nimarcade.ui import theme

from .game import BOARD

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
