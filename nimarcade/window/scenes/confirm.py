"""A yes/no question over the current screen, before anything is lost (quitting, leaving a game).

Reached by name: ``app.manager.open("confirm", question=..., on_yes=...)``. Esc or "No" closes it
and nothing happens; "Yes" closes it and then runs ``on_yes``.
"""
from __future__ import annotations

from typing import Callable

import pygame

from nimarcade.i18n import tr
from nimarcade.window.ui import theme
from nimarcade.window.ui.widgets import button_bar

from nimarcade.window.scenes.base import Scene


class ConfirmScene(Scene):
    name = "confirm"
    overlay = True

    def __init__(self, services, question: str, on_yes: Callable[[], None], detail: str = "") -> None:
        super().__init__(services)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.buttons = button_bar([(tr("confirm.no"), self.no), (tr("confirm.yes"), self.yes)],
                                  theme.WIDTH // 2, theme.HEIGHT // 2 + 50, sounds=services.sounds, width=220)
        self.buttons.focus = 0          # "No" first: Enter by mistake loses nothing

    def no(self) -> None:
        self.services.manager.pop()

    def yes(self) -> None:
        self.services.manager.pop()
        self.on_yes()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_n):
            self.no()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_o):
            self.yes()
            return True
        self.buttons.handle(event)
        return True                     # nothing reaches the screen below

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(theme.SIZE, 170), (0, 0))
        rect = pygame.Rect(0, 0, 720, 240)
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        theme.panel(surface, rect)
        size = theme.fit_size(self.question, 34, rect.width - 60)
        theme.blit_text(surface, self.question, (rect.centerx, rect.top + 30), size, theme.ACCENT, "midtop")
        if self.detail:
            theme.blit_paragraph(surface, self.detail, pygame.Rect(rect.left + 30, rect.top + 76, rect.width - 60, 50),
                                 22, theme.TEXT_DIM, center=True)
        self.buttons.draw(surface, self.time)
