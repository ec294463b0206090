"""Open a saved game (from the title): the records in the data folder's ``records/``, newest
first, ours and Aualé's OGN alike. A record that cannot be read or replayed says why (file, line,
move) and nothing else changes."""
from __future__ import annotations

from pathlib import Path

import pygame

from nimarcade.i18n import tr
from nimarcade.ui import theme
from nimarcade.ui.widgets import Item, Menu

from .base import Scene

SHOWN = 7


def record_files(folder: Path | None) -> list[Path]:
    if folder is None or not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.suffix.lower() in (".txt", ".ogn") and p.is_file()]
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)[:SHOWN]


class RecordsScene(Scene):
    name = "records"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.folder = app.data_dir / "records" if app.data_dir is not None else None
        self.files = record_files(self.folder)
        items = [Item(lambda p=p: p.name, lambda p=p: self.open(p), name=p.name) for p in self.files]
        items.append(Item(lambda: tr("menu.back"), self.back, name="back"))
        self.menu = Menu(items, theme.WIDTH // 2, 170, width=640, item_height=48, gap=8, sounds=app.sounds,
                         size=26)

    def open(self, path: Path) -> None:
        problem = self.app.open_record(str(path))
        if problem:
            self.app.notify(problem, "error", 8.0)

    def back(self) -> None:
        self.app.manager.go("title")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return True
        return self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        theme.blit_text(surface, tr("records.title"), (theme.WIDTH // 2, 40), 52, theme.ACCENT, "midtop",
                        shadow=True)
        where = str(self.folder) if self.folder is not None else tr("rec.no_folder")
        theme.blit_text(surface, tr("records.where", folder=where), (theme.WIDTH // 2, 112),
                        theme.fit_size(where, 20, theme.WIDTH - 200), theme.TEXT_DIM, "midtop")
        if not self.files:
            theme.blit_text(surface, tr("records.none"), (theme.WIDTH // 2, 150), 24, theme.TEXT, "midtop")
        self.menu.draw(surface, self.time)
        theme.blit_text(surface, tr("records.keys"), (theme.WIDTH // 2, theme.HEIGHT - 24), 20,
                        theme.TEXT_DIM, "center")
