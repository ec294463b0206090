"""Settings: language, sound, animation speed, fullscreen. Saved at once; Esc goes back."""
from __future__ import annotations

import pygame

from nimarcade.i18n import decimal, language_name, languages, tr
from nimarcade.storage.settings import ANIMATION_SPEEDS, INSTANT, VOLUMES
from nimarcade.window.ui import theme
from nimarcade.window.ui.widgets import Item, Menu

from nimarcade.window.scenes.base import Scene


class SettingsScene(Scene):
    name = "settings"
    overlay = True

    def __init__(self, services) -> None:
        super().__init__(services)
        s = services.settings
        on_off = lambda v: tr("opt.on") if v else tr("opt.off")  # noqa: E731
        langs = languages()                     # the catalogues found on disk
        self.menu = Menu(
            [
                Item(lambda: tr("set.language"), values=langs,
                     index=langs.index(s.language) if s.language in langs else 0, fmt=language_name,
                     on_change=lambda v: services.update_settings(language=v), name="language"),
                Item(lambda: tr("set.sound"), values=(True, False), index=0 if s.sound else 1, fmt=on_off,
                     on_change=lambda v: services.update_settings(sound=v), name="sound"),
                Item(lambda: tr("set.volume"), values=VOLUMES, index=VOLUMES.index(s.volume), slider=True,
                     fmt=lambda v: f"{round(v * 100)} %", on_change=lambda v: services.update_settings(volume=v),
                     name="volume"),
                Item(lambda: tr("set.speed"), values=ANIMATION_SPEEDS, index=ANIMATION_SPEEDS.index(s.animation_speed),
                     fmt=lambda v: tr("set.instant") if v == INSTANT else "×" + decimal(v, 2),
                     on_change=lambda v: services.update_settings(animation_speed=v), name="speed"),
                Item(lambda: tr("set.fullscreen"), values=(False, True), index=1 if s.fullscreen else 0, fmt=on_off,
                     on_change=lambda v: services.toggle_fullscreen() if v != services.settings.fullscreen else None,
                     name="fullscreen"),
                Item(lambda: tr("menu.back"), self.back, name="back"),
            ],
            theme.WIDTH // 2, 190, width=640, sounds=services.sounds,
        )

    def back(self) -> None:
        self.services.manager.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return True
        return self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(theme.SIZE, 200), (0, 0))
        rect = pygame.Rect(0, 0, 760, 590)
        rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2 + 10)
        theme.panel(surface, rect)
        theme.blit_text(surface, tr("menu.settings"), (theme.WIDTH // 2, rect.top + 24), 44, theme.ACCENT, "midtop")
        self.menu.draw(surface, self.time)
        theme.blit_text(surface, tr("set.keys"), (theme.WIDTH // 2, rect.bottom - 30), 20, theme.TEXT_DIM, "center")
