"""Open a saved game (from the title): the records of the data folder's ``records/``, ours and
Aualé's OGN alike, one row each, newest first: the game, the players, the result and the date.
A record that cannot be opened is listed as such (its name and why); choosing it says why in full
(file, line, move) and nothing else changes. Up/down, Page up/down or the wheel scroll."""
from __future__ import annotations

import datetime

import pygame

from nimarcade.storage import dates
from nimarcade.i18n import N_, error_text, tr
from nimarcade.records.index import Entry, entries
from nimarcade.window.ui import theme
from nimarcade.window.ui.widgets import Item, Menu

from nimarcade.window.scenes.base import Scene

ROWS_TOP, ROW_H, ROW_GAP = 176, 48, 6
ROOM = 8
LIST = pygame.Rect(50, ROWS_TOP, theme.WIDTH - 100, ROOM * (ROW_H + ROW_GAP) - ROW_GAP)
#: Columns: (heading key, x from the row's left, width).
COLUMNS = ((N_("records.col_game"), 18, 330), (N_("records.col_players"), 366, 390),
           (N_("records.col_result"), 774, 210), (N_("records.col_date"), 1000, 160))


def fitted(text: str, size: int, width: int) -> tuple[str, int]:
    """``text`` at the largest size up to ``size`` that fits ``width``, cut with "…" if even the
    smallest does not."""
    size = theme.fit_size(text, size, width)
    while len(text) > 1 and theme.text(text, size).get_width() > width:
        text = text[:-2].rstrip() + "…"
    return text, size


def result_text(entry: Entry) -> str:
    match = entry.match
    if match is None:
        return ""
    if entry.cut:
        return tr("records.cut")
    if not match.is_over and not match.moves and match.config.start:
        return tr("records.position")                # an edited position, not a game left off
    if not match.is_over:
        return tr("records.unfinished", n=len(match.moves))
    winner = match.winner
    return tr("rec.means_draw") if winner is None else tr("rec.means_win", name=match.player_name(winner))


def cells(entry: Entry, today: datetime.date | None = None) -> list[str]:
    """What a row says, column by column (a file that cannot be opened: its name and why)."""
    match = entry.match
    day = dates.day(entry.date, today)
    if match is None:
        return [entry.path.name, tr("records.broken", why=error_text(entry.problem)), "", day]
    players = tr("resume.players", a=match.player_name(match.rules_player_of_seat(0)),
                 b=match.player_name(match.rules_player_of_seat(1)))
    return [match.config.title(), players, result_text(entry), day]


class RecordRow(Item):
    """One saved game, drawn in columns."""

    def __init__(self, entry: Entry, action) -> None:
        super().__init__(lambda: "", action, name=entry.path.name)
        self.entry = entry

    def draw_value(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        broken = self.entry.match is None
        for i, ((_, x, width), text) in enumerate(zip(COLUMNS, cells(self.entry))):
            if broken and i == 1:
                width = COLUMNS[3][1] - x - 20          # the reason takes the players' and result's room
            color = theme.TEXT_DIM if i else (theme.ACCENT if focused else theme.TEXT)
            if (broken and i == 1) or (i == 2 and self.entry.cut):
                color = theme.BAD
            if text:
                text, size = fitted(text, 22 if i == 0 else 20, width)
                theme.blit_text(surface, text, (self.rect.left + x, self.rect.centery), size, color,
                                "midleft")


class RecordsScene(Scene):
    menu: Menu          # made by build()
    name = "records"

    def __init__(self, services) -> None:
        super().__init__(services)
        self.folder = services.data_dir / "records" if services.data_dir is not None else None
        self.entries = entries(self.folder)
        self.first = 0
        self.build(0)

    def build(self, focus: int) -> None:
        shown = self.entries[self.first:self.first + ROOM]
        items: list[Item] = [RecordRow(e, lambda e=e: self.open(e)) for e in shown]
        items.append(Item(lambda: tr("menu.back"), self.back, name="back"))
        self.menu = Menu(items, theme.WIDTH // 2, ROWS_TOP, width=LIST.width, item_height=ROW_H, gap=ROW_GAP,
                         sounds=self.services.sounds, size=26)
        back = items[-1]
        back.rect = pygame.Rect(0, 0, 320, 48)
        back.rect.midtop = (theme.WIDTH // 2, LIST.bottom + 16)
        self.menu.focus = min(focus, len(items) - 1)

    def open(self, entry: Entry) -> None:
        problem = self.services.open_record(str(entry.path))
        if problem:
            self.services.notify(problem, "error", 8.0)

    def back(self) -> None:
        self.services.manager.go("title")

    def scroll(self, delta: int) -> bool:
        first = max(0, min(self.first + delta, len(self.entries) - ROOM))
        if first == self.first:
            return False
        self.first = first
        self.build(self.menu.focus)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        rows = len(self.menu.items) - 1
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return True
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll(ROOM if event.key == pygame.K_PAGEDOWN else -ROOM)
                return True
            at_edge = {pygame.K_DOWN: (rows - 1, 1), pygame.K_UP: (0, -1)}.get(event.key)
            if at_edge and rows and self.menu.focus == at_edge[0] and self.scroll(at_edge[1]):
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        return self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        theme.blit_text(surface, tr("records.title"), (theme.WIDTH // 2, 30), 52, theme.ACCENT, "midtop",
                        shadow=True)
        folder = str(self.folder) if self.folder is not None else tr("rec.no_folder")
        where = tr("records.where", folder=folder)
        theme.blit_text(surface, where, (theme.WIDTH // 2, 96), theme.fit_size(where, 20, theme.WIDTH - 200),
                        theme.TEXT_DIM, "midtop")
        if not self.entries:
            theme.blit_paragraph(surface, tr("records.none"), LIST.inflate(-200, 0), 24, theme.TEXT,
                                 center=True)
        else:
            for key, x, _ in COLUMNS:
                theme.blit_text(surface, tr(key), (LIST.left + x, ROWS_TOP - 8), 18, theme.TEXT_DIM,
                                "bottomleft")
        self.menu.draw(surface, self.time)
        if len(self.entries) > ROOM:
            last = min(len(self.entries), self.first + ROOM)
            more = tr("records.more", first=self.first + 1, last=last, n=len(self.entries))
            theme.blit_text(surface, more, (LIST.right, LIST.bottom + 40), 18, theme.ACCENT, "midright")
        self.draw_keys(surface, tr("records.keys"), theme.HEIGHT - 24)
