"""The title screen: resume (when a game was left unfinished), play, demo, settings, quit. After
30 s without input the demo starts."""
from __future__ import annotations

import math

import pygame

from nimarcade import games
from nimarcade.i18n import number_word, tr
from nimarcade.ui import theme
from nimarcade.ui.widgets import Item, Menu

from .base import QuietDirector, Scene

ATTRACT_AFTER = 30.0
#: The resumable game's board, shown small beside the menu.
THUMB = pygame.Rect(680, 326, 480, 270)
#: With a game to resume, the menu moves left to make room for its board.
MENU_X_RESUME = 400


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        resume = [Item(lambda: tr("menu.resume"), self.app.resume_game, name="resume")] \
            if app.autosave.match is not None else []
        self.thumb: pygame.Surface | None = None
        self.menu = Menu(
            resume + [
                Item(lambda: tr("menu.play"), self.play, name="play"),
                Item(lambda: tr("menu.demo"), self.demo, name="demo"),
                Item(lambda: tr("menu.settings"), self.settings, name="settings"),
                Item(lambda: tr("menu.stats"), lambda: self.app.manager.go("stats"), name="stats"),
                Item(lambda: tr("menu.records"), lambda: self.app.manager.go("records"), name="records"),
                Item(lambda: tr("menu.quit"), self.app.quit, name="quit"),
            ],
            MENU_X_RESUME if resume else theme.WIDTH // 2, 330, width=420, sounds=app.sounds,
            item_height=44 if resume else 50, gap=6 if resume else 8,
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
        theme.blit_text(surface, tr("title.tagline", games=number_word(len(games.variants()), capital=True)), (theme.WIDTH // 2, 292), 26, theme.TEXT_DIM, "midtop")
        self.menu.draw(surface, self.time)
        if self.app.autosave.match is not None and self.menu.items[0].name == "resume":
            self.draw_resumable(surface)
        theme.blit_text(surface, tr("title.keys"), (theme.WIDTH // 2, theme.HEIGHT - 30), 20, theme.TEXT_DIM, "center")

    # -- the game to resume ------------------------------------------------------------------------
    def draw_resumable(self, surface: pygame.Surface) -> None:
        match = self.app.autosave.match
        if self.thumb is None:
            self.thumb = self._thumbnail(match)
        if self.thumb is not None:
            surface.blit(self.thumb, THUMB.topleft)
            pygame.draw.rect(surface, theme.PANEL_EDGE, THUMB.inflate(4, 4), 2, border_radius=6)
        lines = [match.config.title(), tr("resume.players", a=match.player_name(0), b=match.player_name(1)),
                 tr("resume.moves", n=len(match.moves), name=match.player_name(match.state.to_move))]
        for i, line in enumerate(lines):
            size = theme.fit_size(line, 22 if i else 24, THUMB.width)
            theme.blit_text(surface, line, (THUMB.centerx, THUMB.bottom + 8 + 26 * i), size,
                            theme.ACCENT if i == 0 else theme.TEXT_DIM, "midtop")

    def _thumbnail(self, match) -> pygame.Surface | None:
        """The board as the game screen draws it (the game's own scene, asked by name)."""
        from nimarcade.session import Match

        copy = Match(match.config, match.players, list(match.states), list(match.moves))
        try:
            board = self.app.manager.make("game", config=match.config, director=QuietDirector(), match=copy)
            board.turns.frozen = True
            canvas = pygame.Surface(theme.SIZE)
            board.draw_screen(canvas)
        except Exception:       # a preview must never keep the title screen from showing
            return None
        return pygame.transform.smoothscale(canvas, THUMB.size)
