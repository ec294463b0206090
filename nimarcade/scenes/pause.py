"""Pause overlay (Esc during a game): resume, restart, setup, menu. The game stays intact below."""
from __future__ import annotations

import pygame

from nimarcade.i18n import tr
from nimarcade.ui import theme
from nimarcade.ui.widgets import Item, Menu

from .base import Scene


class PauseScene(Scene):
    name = "pause"
    overlay = True

    def __init__(self, app, game_scene) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        self.menu = Menu(
            [
                Item(lambda: tr("pause.resume"), self.resume_game, name="resume"),
                Item(lambda: tr("pause.restart"), self.restart, name="restart"),
                Item(lambda: tr("pause.setup"), self.setup, name="setup"),
                Item(lambda: tr("pause.menu"), self.to_menu, name="menu"),
            ],
            theme.WIDTH // 2, 260, width=440, sounds=app.sounds,
        )

    def resume_game(self) -> None:
        self.app.manager.pop()

    def restart(self) -> None:
        self.game_scene.restart()

    def setup(self) -> None:
        from nimarcade import levels

        from .select import CARDS
        from .setup import SetupScene

        config = self.game_scene.config
        index = next((i for i, c in enumerate(CARDS) if c.game == config.game), 0)
        self.app.manager.switch(SetupScene(self.app, config.game, levels.load(config.game), config=config,
                                           card_index=index))

    def to_menu(self) -> None:
        from .title import TitleScene

        self.app.manager.switch(TitleScene(self.app))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
            return True
        return self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(theme.SIZE, 170), (0, 0))
        rect = pygame.Rect(0, 0, 560, 420)
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2 + 20)
        theme.panel(surface, rect)
        theme.blit_text(surface, tr("pause.title"), (theme.WIDTH // 2, rect.top + 24), 48, theme.ACCENT, "midtop")
        self.menu.draw(surface, self.time)
