"""Pause overlay (Esc, or the game's « Pause » button): resume, help, settings, save, restart,
change the setup, the menu, or quit. The game stays intact below; the menu and quitting keep it
to be resumed, and so does changing the setup (the setup asks before a new game replaces it);
restarting loses it, so it asks first."""
from __future__ import annotations

import pygame

from nimarcade.i18n import N_, tr
from nimarcade.window.ui import theme

from nimarcade.window.scenes.choice import ChoiceScene

PANEL = pygame.Rect(0, 0, 560, 556)
PANEL.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 10)


class PauseScene(ChoiceScene):
    name = "pause"
    overlay = True
    menu_top = PANEL.top + 88

    def __init__(self, services, game_scene) -> None:
        self.game_scene = game_scene
        super().__init__(services, game_scene.config, [
            ("resume", N_("pause.resume"), self.resume_game),
            ("help", N_("controls.help"), self.help),
            ("settings", N_("menu.settings"), self.settings),
            ("save", N_("result.save"), lambda: self.save_record(self.game_scene.match)),
            ("restart", N_("pause.restart"), self.restart),
            ("setup", N_("menu.change_setup"), self.change_setup),
            ("menu", N_("pause.menu"), self.to_menu),          # the game is kept: the title offers to resume it
            ("quit", N_("pause.quit"), self.quit),
        ])
        self.menu.item_height, self.menu.gap = 46, 8
        self.menu.layout()

    def resume_game(self) -> None:
        self.services.manager.pop()

    def help(self) -> None:
        """Back to the game, with its help open."""
        self.services.manager.pop()
        self.game_scene.hud.help_open = True

    def settings(self) -> None:
        self.services.manager.open("settings")

    def restart(self) -> None:
        self.ask(self.game_scene.restart)()

    def change_setup(self) -> None:
        """The setup screen. A game that is kept to be resumed stays kept (the setup asks before a new
        game replaces it), so nothing is lost and nothing is asked here; one that is not kept is lost."""
        if self.game_scene.keeper.keeping:
            self.to_setup()
        else:
            self.ask(self.to_setup)()

    def in_progress(self) -> bool:
        match = self.game_scene.match
        return match.move_count > 0 and not match.is_over

    def ask(self, action):
        """Leaving a game that has begun and is not over loses it: ask first."""
        def confirmed() -> None:
            if not self.in_progress():
                action()
                return
            self.services.manager.open("confirm", question=tr("confirm.leave_game"), detail=tr("confirm.leave_detail"),
                                  on_yes=action)
        return confirmed

    def quit(self) -> None:
        """Quit Nim Arcade, after asking; a game under way is kept (the title offers it next time)."""
        detail = tr("confirm.quit_kept") if self.in_progress() and self.game_scene.keeper.keeping else ""
        self.services.manager.open("confirm", question=tr("confirm.quit"), detail=detail, on_yes=self.services.quit)

    def on_escape(self) -> None:
        self.resume_game()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(theme.SIZE, 170), (0, 0))
        theme.panel(surface, PANEL)
        theme.blit_text(surface, tr("pause.title"), (theme.WIDTH // 2, PANEL.top + 22), 48, theme.ACCENT, "midtop")
        self.menu.draw(surface, self.time)
