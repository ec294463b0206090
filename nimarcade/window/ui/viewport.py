"""The 1280×720 canvas every screen draws on, shown in a window of any size.

Scenes think in one coordinate system (the canvas); the window may be smaller or larger, or full
screen. The canvas is scaled to fit the window (the largest size that keeps its shape, centred,
black bars on the two other sides), and mouse positions are mapped back to the canvas, so a click
lands where it was aimed whatever the window's size. A window the canvas's own size shows it as it
is, at no cost.

Ours rather than pygame's ``SCALED``, which scales only by whole factors (a larger window showed the
canvas 1:1 between black bars) and would not let the window be smaller than the canvas.
"""
from __future__ import annotations

from typing import Any

import pygame

#: The smallest window (a quarter of the canvas's area still reads).
MINIMUM = (640, 360)
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Viewport:
    def __init__(self, canvas_size: tuple[int, int], window_size: tuple[int, int] | None = None) -> None:
        self.canvas_size = canvas_size
        self.rect = pygame.Rect((0, 0), canvas_size)
        self.scale = 1.0
        self._scaled: pygame.Surface | None = None
        self.fit(window_size or canvas_size)

    def fit(self, window_size: tuple[int, int]) -> None:
        """Where the canvas goes in a window of this size."""
        cw, ch = self.canvas_size
        ww, wh = max(1, window_size[0]), max(1, window_size[1])
        self.window_size = (ww, wh)
        self.scale = min(ww / cw, wh / ch)
        size = (max(1, round(cw * self.scale)), max(1, round(ch * self.scale)))
        self.rect = pygame.Rect(((ww - size[0]) // 2, (wh - size[1]) // 2), size)
        if self._scaled is None or self._scaled.get_size() != size:
            self._scaled = None if size == self.canvas_size else pygame.Surface(size)

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position as a canvas position (outside the canvas on the bars)."""
        return (int((pos[0] - self.rect.left) / self.scale), int((pos[1] - self.rect.top) / self.scale))

    def event(self, event: Any) -> Any:
        """A mouse event with its position on the canvas; any other event as it is."""
        if event.type not in MOUSE_EVENTS or self.rect.size == self.canvas_size and self.rect.topleft == (0, 0):
            return event
        attrs = {**event.dict, "pos": self.to_canvas(event.pos)}
        if "rel" in attrs:
            attrs["rel"] = (round(event.rel[0] / self.scale), round(event.rel[1] / self.scale))
        return pygame.event.Event(event.type, attrs)

    def present(self, canvas: pygame.Surface, window: pygame.Surface) -> None:
        """The canvas on the window, scaled to fit, the bars black."""
        if window.get_size() != self.window_size:
            self.fit(window.get_size())
        if self.rect.size != window.get_size():
            window.fill((0, 0, 0))
        if self._scaled is None:
            window.blit(canvas, self.rect)
            return
        pygame.transform.smoothscale(canvas, self.rect.size, self._scaled)
        window.blit(self._scaled, self.rect)


def first_size(canvas_size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's first size: the canvas's, or smaller to fit nine tenths of the desktop."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return canvas_size
    scale = min(1.0, 0.9 * desktop[0] / canvas_size[0], 0.9 * desktop[1] / canvas_size[1])
    return round(canvas_size[0] * scale), round(canvas_size[1] * scale)
