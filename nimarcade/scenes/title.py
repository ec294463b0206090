"""The title screen: play, demo, settings, quit. After 30 s without input the demo starts."""
from __future__ import annotations

import math

import pygame

from nimarcade.i18n import tr
from nimarcade.ui import theme
from nimarcade.ui.widgets import Item, Menu

from .base import Scene

ATTRACT_AFTER = 30.0


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.menu = Menu(
            [
                Item(lambda: tr("menu.play"), self.play, name="play"),
                Item(lambda: tr("menu.demo"), self.demo, name="demo"),
                Item(lambda: tr("menu.settings"), self.settings, name="settings"),
                Item(lambda: tr("menu.quit"), self.app.quit, name="quit"),
            ],
            theme.WIDTH // 2, 330, width=420, sounds=app.sounds,
        )

    def enter(self) -> None:
        self.app.idle = 0.0

    def resume(self) -> None:
        self.app.idle = 0.0

    def play(self) -> None:
        self.app.manager.go("select")

    def demo(self) -> None:
        self.app.start_demo()

    def settings(self) -> None:
        self.app.manager.open("settings")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.open("confirm", question=tr("confirm.quit"), on_yes=self.app.quit)
            return True
        return self.menu.handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.idle >= ATTRACT_AFTER and self.app.manager.top is self:
            self.demo()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        # A row of sticks that sways gently behind the title.
        for i in range(21):
            x = theme.WIDTH // 2 - 300 + i * 30
            h = 90 + 18 * math.sin(self.time * 2 + i * 0.5)
            rect = pygame.Rect(0, 0, 12, int(h))
            rect.midbottom = (x, 200)
            pygame.draw.rect(surface, theme.WOOD_DARK, rect, border_radius=6)
            pygame.draw.rect(surface, theme.WOOD, rect.inflate(-4, -4), border_radius=6)
        theme.blit_text(surface, "NIM ARCADE", (theme.WIDTH // 2, 210), 110, theme.ACCENT_DARK, "midtop")
        theme.blit_text(surface, "NIM ARCADE", (theme.WIDTH // 2 - 3, 206), 110, theme.ACCENT, "midtop")
        theme.blit_text(surface, tr("title.tagline"), (theme.WIDTH // 2, 292), 26, theme.TEXT_DIM, "midtop")
        self.menu.draw(surface, self.time)
        theme.blit_text(surface, tr("title.keys"), (theme.WIDTH // 2, theme.HEIGHT - 30), 20, theme.TEXT_DIM, "center")
