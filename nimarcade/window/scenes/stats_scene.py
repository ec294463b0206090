"""The statistics screen (from the title): one row per game, level and opponent; up/down scroll;
"Réinitialiser" asks for confirmation before it clears them."""
from __future__ import annotations

import pygame

from nimarcade.core import levels
from nimarcade.core.match import program_name
from nimarcade.i18n import N_, tr
from nimarcade.people.stats import CUSTOM, Line
from nimarcade.window.ui import theme
from nimarcade.window.ui.widgets import Item, Menu

from nimarcade.window.scenes.base import Scene

TABLE = pygame.Rect(40, 120, theme.WIDTH - 80, 420)
ROW = 34
#: Columns: (translation key of the heading, x from the table's left, anchor).
COLUMNS = ((N_("stats.col_game"), 16, "topleft"), (N_("stats.col_opponent"), 560, "topleft"),
           (N_("stats.col_played"), 770, "topright"), (N_("stats.col_won"), 850, "topright"),
           (N_("stats.col_lost"), 930, "topright"), (N_("stats.col_streak"), 1050, "topright"),
           (N_("stats.col_fastest"), 1180, "topright"))


class StatsScene(Scene):
    name = "stats"

    def __init__(self, services) -> None:
        super().__init__(services)
        self.confirming = False
        self.first = 0
        self.menu = Menu([Item(lambda: tr("stats.reset"), self.ask_reset, name="reset",
                               enabled=lambda: bool(self.services.stats.table)),
                          Item(lambda: tr("menu.back"), self.back, name="back")],
                         theme.WIDTH // 2, TABLE.bottom + 24, width=420, item_height=48, sounds=services.sounds)
        self.menu.focus = 1
        self._names: dict[tuple[str, str], str] = {}

    @property
    def room(self) -> int:
        return (TABLE.height - 50) // ROW

    def back(self) -> None:
        self.services.manager.go("title")

    def ask_reset(self) -> None:
        self.confirming = True

    def reset(self) -> None:
        self.confirming = False
        problem = self.services.stats.reset()
        self.services.notify(tr(problem) if problem else tr("stats.cleared"), "error" if problem else "info")
        self.first = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if self.confirming:
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y, pygame.K_o):
                    self.reset()
                elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_n):
                    self.confirming = False
                return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.confirming = False
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYUP)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return True
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                step = self.room if event.key == pygame.K_PAGEDOWN else -self.room
                self.first = max(0, min(self.first + step, len(self.services.stats.table) - self.room))
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.first = max(0, min(self.first - event.y, len(self.services.stats.table) - self.room))
            return True
        return self.menu.handle(event)

    # -- drawing ---------------------------------------------------------------------------------
    def level_name(self, line: Line) -> str:
        if line.level == CUSTOM:
            return tr("setup.custom")
        key = (line.game, line.level)
        if key not in self._names:
            try:
                found = {lv.id: lv for lv in levels.load(line.game)}
            except levels.LevelError:
                found = {}
            self._names[key] = found[line.level].name() if line.level in found else line.level
        return self._names[key]

    def cells(self, line: Line) -> list[str]:
        game = tr("game." + line.card)
        level = self.level_name(line)
        if isinstance(line.opponent, str):
            opponent = program_name(line.opponent)
        else:
            opponent = tr("stats.human") if line.opponent == 0 else tr(f"ai.level{line.opponent}")
        fastest = "—" if line.fastest_win is None else tr("stats.moves", n=line.fastest_win)
        return [game if game == level else f"{game} — {level}", opponent, str(line.played), str(line.won),
                str(line.lost), f"{line.streak} / {line.best_streak}", fastest]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        theme.blit_text(surface, tr("stats.title"), (theme.WIDTH // 2, 36), 52, theme.ACCENT, "midtop",
                        shadow=True)
        theme.panel(surface, TABLE)
        for key, x, anchor in COLUMNS:
            theme.blit_text(surface, tr(key), (TABLE.left + x, TABLE.top + 14), 20, theme.TEXT_DIM, anchor)
        lines = self.services.stats.lines()
        if not lines:
            theme.blit_text(surface, tr("stats.none"), TABLE.center, 26, theme.TEXT_DIM, "center")
        y = TABLE.top + 48
        for line in lines[self.first:self.first + self.room]:
            for (key, x, anchor), text in zip(COLUMNS, self.cells(line)):
                size = theme.fit_size(text, 22, 530) if key == N_("stats.col_game") else 22
                theme.blit_text(surface, text, (TABLE.left + x, y), size, theme.TEXT, anchor)
            y += ROW
        hidden = len(lines) - self.room
        if hidden > 0:
            last = min(len(lines), self.first + self.room)
            more = tr("stats.more", first=self.first + 1, last=last, n=len(lines))
            theme.blit_text(surface, more, (TABLE.right - 16, TABLE.bottom - 30), 18, theme.ACCENT, "topright")
        self.menu.draw(surface, self.time)
        self.draw_keys(surface, tr("stats.keys"), theme.HEIGHT - 24)
        if self.confirming:
            surface.blit(theme.shade(theme.SIZE, 190), (0, 0))
            box = pygame.Rect(0, 0, 760, 200)
            box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
            theme.panel(surface, box, theme.PANEL, theme.BAD, width=3)
            theme.blit_text(surface, tr("stats.confirm"), (box.centerx, box.top + 40), 32, theme.TEXT,
                            "midtop")
            theme.blit_text(surface, tr("stats.confirm_keys"), (box.centerx, box.top + 110), 24,
                            theme.TEXT_DIM, "midtop")
