"""The base of the pause and result screens: a menu of what to do next with this game (play it
again, change its setup, go to the title), reached by name through the scene manager."""
from __future__ import annotations

import functools
from dataclasses import replace
from typing import Callable

import pygame

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.i18n import error_text, tr
from nimarcade.core.match import MatchConfig
from nimarcade.window.ui import theme
from nimarcade.window.ui.widgets import Item, Menu

from nimarcade.window.scenes.base import Scene


class ChoiceScene(Scene):
    """``config`` is the game's configuration; subclasses pass their items (name, text key, action); :meth:`label` says a key."""

    menu_top = 420
    menu_width = 440

    def __init__(self, services, config: MatchConfig, items: list[tuple[str, str, Callable[[], None]]]) -> None:
        super().__init__(services)
        self.config = config
        self.menu = Menu([Item(functools.partial(self.label, key), action, name=name) for name, key, action in items],
                         theme.WIDTH // 2, self.menu_top, width=self.menu_width, sounds=services.sounds)

    @staticmethod
    def label(key: str) -> str:
        return tr(key)

    # -- the shared choices ----------------------------------------------------------------------
    def play_again(self) -> None:
        self.services.manager.go("game", config=self.config)

    def to_setup(self) -> None:
        """The setup of this game's level: a game from an edited position (the review's « Jouer
        d'ici », the editor's « Jouer ») comes back to its level's start, so the level row is
        there and « Retour » goes to the cards, not to an editor."""
        config = replace(self.config, start="")
        try:
            found = levels.load(config.game)
        except levels.LevelError as exc:
            self.services.notify(error_text(exc), "error")
            return
        index = next((i for i, v in enumerate(registry.VARIANTS) if v.key == config.card.key), 0)
        self.services.manager.go("setup", game=config.game, levels=found, config=config, card_index=index)

    def save_record(self, match) -> None:
        """Write the game's record (and its OGN for Aualé) where saved games live."""
        self.services.save_record(match)

    def to_menu(self) -> None:
        self.services.manager.go("title")

    def on_escape(self) -> None:
        self.to_menu()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return True
        return self.menu.handle(event)

