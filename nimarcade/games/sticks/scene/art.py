"""Sticks: a stick (the game screen and the position editor draw it) and the menu card's preview."""
from __future__ import annotations

from functools import lru_cache

import pygame

from nimarcade.window.ui import theme

STICK_H = 230


@lru_cache(maxsize=16)
def stick_surface(width: int, height: int, tint: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A wooden stick with a rounded end and a grain line, cached per size and tint."""
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    body = theme.WOOD if tint is None else theme.lerp_color(theme.WOOD, tint, 0.55)
    dark = theme.WOOD_DARK if tint is None else theme.lerp_color(theme.WOOD_DARK, tint, 0.4)
    pygame.draw.rect(surf, dark, surf.get_rect(), border_radius=width // 2)
    pygame.draw.rect(surf, body, surf.get_rect().inflate(-4, -4), border_radius=width // 2)
    light = theme.lerp_color(body, (255, 255, 255), 0.35)
    pygame.draw.line(surf, light, (width // 3, 8), (width // 3, height - 8), max(1, width // 6))
    return surf


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: sticks taken one by one (13 for the course game, 20 for Fort Boyard)."""
    phase = t % 4.0
    n = 20 if variant == "fort_boyard" else 13
    taken = int(phase) % 4
    pitch = min(16, (r.width - 30) // n)
    x0 = r.centerx - pitch * n // 2
    for i in range(n - taken):
        rect = pygame.Rect(x0 + i * pitch, r.top + 16, 8, r.height - 32)
        pygame.draw.rect(surface, theme.WOOD, rect, border_radius=4)
    f = phase % 1.0
    rect = pygame.Rect(x0 + (n - taken - 1) * pitch, r.top + 16 - int(60 * f), 8, r.height - 32)
    if taken < 3:
        pygame.draw.rect(surface, theme.lerp_color(theme.WOOD, theme.BG_BOTTOM, f), rect, border_radius=4)
