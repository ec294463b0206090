"""Sticks: the menu card's preview."""
from __future__ import annotations


import pygame

from nimarcade.ui import theme


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
