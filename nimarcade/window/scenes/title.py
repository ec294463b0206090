"""The title screen: play, demo, settings, statistics, saved games, quit; and, when games were
left unfinished, one row per game in progress (one per menu card, newest first) beside the menu,
with the board of the chosen one on the other side. The menu never moves: "Jouer" is where it is
with or without games to resume. After 30 s without input the demo starts."""
from __future__ import annotations

import math

import pygame

from nimarcade.storage import dates
from nimarcade.core import registry
from nimarcade.records.autosave import Kept
from nimarcade.i18n import language, number_word, tr
from nimarcade.window.ui import theme
from nimarcade.window.ui.widgets import Item, Menu

from nimarcade.window.scenes.base import QuietDirector, Scene

ATTRACT_AFTER = 30.0
MENU_TOP = 330
#: The games in progress: a column of rows right of the menu, and the chosen one's board left of it.
KEPT_COLUMN = pygame.Rect(880, MENU_TOP, 370, 340)
PREVIEW = pygame.Rect(30, MENU_TOP, 370, 208)


class KeptRow(Item):
    """A game in progress, as a row of the menu drawn beside it: its game and level, then how
    many moves were played and when it was left."""

    def __init__(self, kept: Kept, action) -> None:
        super().__init__(lambda: "", action, name="resume")
        self.kept = kept

    def draw_value(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        match = self.kept.match
        title = match.config.title()
        left = self.rect.left + 16
        width = self.rect.width - 32
        top = self.rect.top + max(3, (self.rect.height - 40) // 2)
        theme.blit_text(surface, title, (left, top), theme.fit_size(title, 22, width),
                        theme.ACCENT if focused else theme.TEXT)
        line = tr("kept.moves", n=len(match.moves))
        if self.kept.saved:
            line = f"{line} · {dates.moment(self.kept.saved)}"
        theme.blit_text(surface, line, (left, top + 22), theme.fit_size(line, 17, width), theme.TEXT_DIM)


class TitleScene(Scene):
    name = "title"

    def __init__(self, services) -> None:
        super().__init__(services)
        self.menu = Menu(
            [
                Item(lambda: tr("menu.play"), self.play, name="play"),
                Item(lambda: tr("menu.puzzles"), lambda: self.services.manager.go("puzzles"), name="puzzles"),
                Item(lambda: tr("menu.demo"), self.demo, name="demo"),
                Item(lambda: tr("menu.players"), lambda: self.services.manager.go("players"), name="players"),
                Item(lambda: tr("menu.stats"), lambda: self.services.manager.go("stats"), name="stats"),
                Item(lambda: tr("menu.records"), lambda: self.services.manager.go("records"), name="records"),
                Item(lambda: tr("menu.settings"), self.settings, name="settings"),
                Item(lambda: tr("menu.quit"), self.services.quit, name="quit"),
            ],
            theme.WIDTH // 2, MENU_TOP, width=420, sounds=services.sounds, item_height=44, gap=6,
        )
        self.menu.fit(theme.HEIGHT - 48)          # above the keys' line, however many items
        #: the games in progress, newest first: rows of the menu (first, so Enter resumes the newest)
        self.rows = [KeptRow(k, lambda k=k: self.services.resume_game(k.match)) for k in services.autosave.kept]
        self.menu.items[:0] = self.rows
        self._place_rows()
        self.shown = 0                       # the row whose board is drawn
        self._thumbs: dict[tuple[int, str], tuple[object, pygame.Surface | None]] = {}

    def _place_rows(self) -> None:
        n = len(self.rows)
        height, gap = (50, 8) if n <= 6 else (42, 6)
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(KEPT_COLUMN.left, KEPT_COLUMN.top + i * (height + gap), KEPT_COLUMN.width,
                                   height)

    def enter(self) -> None:
        self.services.idle = 0.0

    def resume(self) -> None:
        self.services.idle = 0.0

    def play(self) -> None:
        self.services.manager.go("select")

    def demo(self) -> None:
        self.services.start_demo()

    def settings(self) -> None:
        self.services.manager.open("settings")

    @property
    def shown_kept(self) -> Kept | None:
        return self.rows[self.shown].kept if self.rows else None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.services.manager.open("confirm", question=tr("confirm.quit"), on_yes=self.services.quit)
            return True
        if self.rows and event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            on_rows = self.menu.focus < len(self.rows)          # across: the menu <-> the games in progress
            self.menu.focus = len(self.rows) if on_rows else self.shown
            self.services.sounds.play("hover", 0.6)
            return True
        if (self.rows and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and PREVIEW.collidepoint(event.pos)):
            self.services.resume_game(self.rows[self.shown].kept.match)
            return True
        done = self.menu.handle(event)
        if self.menu.focus < len(self.rows):
            self.shown = self.menu.focus
        return done

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.services.idle >= ATTRACT_AFTER and self.services.manager.top is self:
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
        theme.blit_text(surface, tr("title.tagline", games=number_word(len(registry.variants()), capital=True)),
                        (theme.WIDTH // 2, 292), 26, theme.TEXT_DIM, "midtop")
        if self.rows:
            theme.blit_text(surface, tr("kept.heading"), (KEPT_COLUMN.right, MENU_TOP - 8), 22, theme.ACCENT,
                            "bottomright")
            self.draw_preview(surface)
        self.menu.draw(surface, self.time)
        keys = tr("title.keys_kept") if self.rows else tr("title.keys")
        self.draw_keys(surface, keys, theme.HEIGHT - 30)

    # -- the game in progress shown --------------------------------------------------------------
    def draw_preview(self, surface: pygame.Surface) -> None:
        kept = self.shown_kept
        if kept is None:
            return
        match = kept.match
        thumb = self.thumbnail(match)
        if thumb is not None:
            surface.blit(thumb, PREVIEW.topleft)
        focused = self.menu.focus == self.shown
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.PANEL_EDGE, PREVIEW.inflate(4, 4), 2,
                         border_radius=6)
        lines = [tr("resume.players", a=match.player_name(0), b=match.player_name(1)),
                 tr("kept.turn", name=match.player_name(match.state.to_move))]
        if kept.saved:
            lines.append(tr("kept.saved", when=dates.moment(kept.saved)))
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (PREVIEW.centerx, PREVIEW.bottom + 10 + 26 * i),
                            theme.fit_size(line, 21, PREVIEW.width), theme.TEXT if i == 0 else theme.TEXT_DIM,
                            "midtop")

    def thumbnail(self, match) -> pygame.Surface | None:
        """The board as the game screen draws it, in the language of the moment (drawn again when
        the language changes in the settings)."""
        key = (id(match), language())
        if key not in self._thumbs:
            self._thumbs[key] = (match, self._draw_thumbnail(match))
        return self._thumbs[key][1]

    def _draw_thumbnail(self, match) -> pygame.Surface | None:
        """The game's own scene, asked by name, draws a copy of the game."""
        from nimarcade.core.match import Match

        copy = Match(match.config, match.players, list(match.states), list(match.moves))
        try:
            board = self.services.manager.make_game(config=match.config, director=QuietDirector(), match=copy)
            board.turns.frozen = True
            canvas = pygame.Surface(theme.SIZE)
            board.draw_screen(canvas)
        except Exception:       # a preview must never keep the title screen from showing
            return None
        return pygame.transform.smoothscale(canvas, PREVIEW.size)
