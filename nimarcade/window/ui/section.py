"""A part of a screen with a rectangle, a state, drawing and input of its own: the HUD, the move
list, later the Awélé engine view.

Ours, after Python Arcade's ``Section``: a screen owns its sections and calls them (a section
never reaches into the screen that holds it: it reads what it shows through a narrow interface
given to it); ``handle`` returns whether the event was used, as a scene's does. A disabled section
is neither drawn nor updated nor asked about input: its host skips it (``enabled``). ``rect`` is
the area it takes; a section whose parts move with the board (buttons under it) sets it again when
its host lays the screen out, and hit-tests its own parts in ``handle``.
"""
from __future__ import annotations

import pygame


class Section:
    def __init__(self, rect: pygame.Rect, *, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled

    def update(self, dt: float) -> None:
        """``dt`` seconds passed (timers, animations)."""

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the section used ``event`` (its host then offers it to nothing else)."""
        return False
