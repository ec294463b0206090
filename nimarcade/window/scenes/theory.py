"""Hints at two depths: a game's hint first tells the player, in a sentence or two, what to play
and why it wins; the theory behind it (a misère quotient, Grundy values...) is shown on demand, with
T or a button beside the hint, and stays shown for the next hints until it is hidden again.

A small component, as the HUD and the move list are: the game scene says where its button goes
(``None`` while no hint is shown) and draws it; this object keeps the choice and reads T and clicks.
"""
from __future__ import annotations

import pygame

from nimarcade.i18n import N_, tr
from nimarcade.window.ui import theme


class TheoryToggle:
    """Whether the hint's theory is shown, and the button that shows or hides it."""

    def __init__(self, services) -> None:
        self.services = services
        self.shown = False
        self.hover = False

    def handle(self, event: pygame.event.Event, button: pygame.Rect | None) -> bool:
        """T, or a click on ``button``: show or hide the theory. True when ``event`` was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = button is not None and button.collidepoint(event.pos)
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t and not event.mod & pygame.KMOD_CTRL:
            self.toggle(said=button is None)
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button is not None
                and button.collidepoint(event.pos)):
            self.toggle()
            return True
        return False

    def toggle(self, said: bool = False) -> None:
        """``said``: no hint is on screen to show the change, so a message tells it."""
        self.shown = not self.shown
        self.services.sounds.play("click", 0.6)
        if said:
            self.services.notify(tr(N_("hint.theory_on") if self.shown else N_("hint.theory_off")))

    def draw(self, surface: pygame.Surface, button: pygame.Rect, size: int = 22) -> None:
        """« Plus de détails (T) », or « Moins de détails (T) » while the theory is shown."""
        lit = self.hover or self.shown
        theme.panel(surface, button, theme.PANEL_LIGHT if self.hover else theme.PANEL,
                    theme.GOOD if lit else theme.PANEL_EDGE, radius=10, width=2)
        label = tr(N_("hint.less") if self.shown else N_("hint.more"))
        theme.blit_text(surface, label, button.center, theme.fit_size(label, size, button.width - 16),
                        theme.GOOD, "center")
