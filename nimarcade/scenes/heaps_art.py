"""Nim heaps: the menu card's preview."""
from __future__ import annotations

import math

import pygame

from nimarcade.ui import theme


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: four heaps, the last one shrinking."""
    phase = t % 4.0
    sizes = (1, 3, 5, 7)
    for row, size in enumerate(sizes):
        shown = size if row != 3 else max(2, size - int(phase))
        for j in range(shown):
            c = theme.P1 if row % 2 else theme.ACCENT
            pygame.draw.circle(surface, c, (r.left + 30 + j * 22, r.top + 16 + row * 22), 8)
