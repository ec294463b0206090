"""Pause overlay (Esc during a game): resume, restart, setup, menu. The game stays intact below."""
from __future__ import annotations

import pygame

from nimarcade.i18n import tr
from nimarcade.ui import theme

from .choice import ChoiceScene


class PauseScene(ChoiceScene):
    name = "pause"
    overlay = True
    menu_top = 260

    def __init__(self, app, game_scene) -> None:
        self.game_scene = game_scene
        super().__init__(app, game_scene.config, [
            ("resume", "pause.resume", self.resume_game),
            ("restart", "pause.restart", self.restart),
            ("setup", "pause.setup", self.ask(self.to_setup)),
            ("menu", "pause.menu", self.to_menu),          # the game is kept: the title offers to resume it
            ("save", "result.save", lambda: self.save_record(self.game_scene.match)),
        ])

    def resume_game(self) -> None:
        self.app.manager.pop()

    def restart(self) -> None:
        self.ask(self.game_scene.restart)()

    def ask(self, action):
        """Leaving a game that has begun and is not over loses it: ask first."""
        def confirmed() -> None:
            match = self.game_scene.match
            if match.move_count == 0 or match.is_over:
                action()
                return
            self.app.manager.open("confirm", question=tr("confirm.leave_game"), detail=tr("confirm.leave_detail"),
                                  on_yes=action)
        return confirmed

    def on_escape(self) -> None:
        self.resume_game()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(theme.SIZE, 170), (0, 0))
        rect = pygame.Rect(0, 0, 560, 480)
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2 + 30)
        theme.panel(surface, rect)
        theme.blit_text(surface, tr("pause.title"), (theme.WIDTH // 2, rect.top + 24), 48, theme.ACCENT, "midtop")
        self.menu.draw(surface, self.time)
