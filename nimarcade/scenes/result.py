"""The result: who won, in how many moves; play again, change the setup, or go to the menu."""
from __future__ import annotations

import math

import pygame

from nimarcade.i18n import tr
from nimarcade.session import Match
from nimarcade.ui import theme
from nimarcade.ui.widgets import Item, Menu

from .base import Scene


class ResultScene(Scene):
    name = "result"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.menu = Menu(
            [
                Item(lambda: tr("result.again"), self.again, name="again"),
                Item(lambda: tr("result.setup"), self.setup, name="setup"),
                Item(lambda: tr("result.menu"), self.to_menu, name="menu"),
            ],
            theme.WIDTH // 2, 420, width=440, sounds=app.sounds,
        )

    def again(self) -> None:
        from .games import start_game

        start_game(self.app, self.match.config)

    def setup(self) -> None:
        from nimarcade import levels

        from .select import CARDS
        from .setup import SetupScene

        config = self.match.config
        index = next((i for i, c in enumerate(CARDS) if c.game == config.game), 0)
        self.app.manager.switch(SetupScene(self.app, config.game, levels.load(config.game), config=config,
                                           card_index=index))

    def to_menu(self) -> None:
        from .title import TitleScene

        self.app.manager.switch(TitleScene(self.app))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return True
        return self.menu.handle(event)

    def headline(self) -> tuple[str, tuple[int, int, int]]:
        state = self.match.state
        w = state.winner
        if w is None:
            return tr("result.draw"), theme.ACCENT
        spec = self.match.player(w)
        name = tr(spec.name_key)
        if not spec.is_human:
            name += f" ({tr(f'ai.level{spec.level}')})"
        humans = [p for p in self.match.players if p.is_human]
        if len(humans) == 1:
            return (tr("result.you_win"), theme.GOOD) if spec.is_human else (tr("result.you_lose"), theme.BAD)
        return tr("result.wins", name=name), theme.PLAYER_COLORS[spec.seat]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        text, color = self.headline()
        # Confetti of little sticks for a win.
        if color != theme.BAD:
            for i in range(40):
                x = (i * 97 + self.time * 60 * (1 + i % 3)) % theme.WIDTH
                y = (i * 53 + self.time * 120 * (1 + i % 2)) % theme.HEIGHT
                a = self.time * 3 + i
                dx, dy = 8 * math.cos(a), 8 * math.sin(a)
                pygame.draw.line(surface, theme.PLAYER_COLORS[i % 2] if i % 3 else theme.ACCENT, (x - dx, y - dy), (x + dx, y + dy), 3)
        scale = 1 + 0.04 * math.sin(self.time * 3)
        theme.blit_text(surface, text, (theme.WIDTH // 2, 150), int(80 * scale), color, "midtop", shadow=True)
        cfg = self.match.config
        key = "fort_boyard" if cfg.level.id == "fort-boyard" else cfg.game
        game_name, level_name = tr("game." + key), cfg.level.name()
        title = game_name if game_name == level_name else f"{game_name} — {level_name}"
        theme.blit_text(surface, title, (theme.WIDTH // 2, 260), 30, theme.TEXT, "midtop")
        theme.blit_text(surface, tr("result.moves", n=self.match.move_count), (theme.WIDTH // 2, 304), 28, theme.TEXT_DIM, "midtop")
        for i, line in enumerate(self.details().splitlines()):
            theme.blit_text(surface, line, (theme.WIDTH // 2, 346 + 32 * i), 26, theme.TEXT, "midtop")
        self.menu.draw(surface, self.time)

    def details(self) -> str:
        """Game-specific lines, one per line of text (Awélé: why the game ended, and each final
        score as seeds captured + seeds left in the player's row)."""
        state = self.match.state
        if self.match.config.game == "awele":
            from .awele_explain import final_summary

            return "\n".join(final_summary(state, [tr(self.match.player(i).name_key) for i in (0, 1)]))
        return ""
