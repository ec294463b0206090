"""The misère quotient's presentation as a table, over the lab panel: what ``nimarcade lab CODE
--quotient`` prints (:mod:`nimarcade.games.octal.quotientlab`), laid out for the screen.

The generators (letter = heap), the relations several to a row (at most :data:`RELATION_ROWS`
rows, then « … et N autres »: the command prints them all), the P-portion, the heap → element map
as a grid of (heap, word) cells, and the period. The rows are laid out once (:func:`layout`, from a
:class:`nimarcade.games.takeaway.presentation.Presentation`); a box shows as many as fit and
scrolls by whole rows (the wheel, ↑ ↓, PgUp PgDn, Home End, or a click on ▲ ▼); Esc, Enter or
« Fermer » closes it, and the lab panel under it is as it was.

A component with its own rectangle and input, as the panel is: the panel hands it events while it
is open (:meth:`QuotientTable.handle` says when it is to close) and asks it to draw.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from nimarcade.i18n import tr
from nimarcade.window.ui import theme

#: The table's box: most of the window (the picture is 1280×720 at every window size).
RECT = pygame.Rect(40, 32, 1200, 656)
#: Text sizes: a section's title, a cell.
TITLE_SIZE, CELL_SIZE = 23, 22
#: A row's height, a section title's.
ROW, SECTION = 30, 36
#: The most rows of relations shown (the rest counted: « … et N autres »).
RELATION_ROWS = 8
#: The room between two cells of a row.
GAP = 26
#: The box's height that is not rows: the heading above them, the keys and buttons below.
CHROME = 58 + 70


@dataclass(frozen=True)
class Cell:
    """A text of a row, at ``x`` from the rows' left edge; ``dim``: drawn dimmer (a heap number)."""

    text: str
    x: int
    dim: bool = False


@dataclass(frozen=True)
class Row:
    """One row of the table: ``kind`` "title" (a section's), "cells" (generators, relations,
    P-portion, heap map), "more" (« … et N autres ») or "text" (the period, wrapped); ``section``
    the part it belongs to ("generators", "relations", "p", "heaps", "period")."""

    kind: str
    section: str
    cells: tuple[Cell, ...]

    @property
    def height(self) -> int:
        return SECTION if self.kind == "title" else ROW

    @property
    def texts(self) -> list[str]:
        return [c.text for c in self.cells]


def _grid(section: str, items: list[tuple[str, str]], width: int, most_rows: int | None = None) -> tuple[list[Row], int]:
    """``items`` (a dim prefix, a text) in columns as wide as the widest item, as many to a row as
    ``width`` holds; at most ``most_rows`` rows: (the rows, how many items were left out)."""
    if not items:
        return [], 0
    f = theme.font(CELL_SIZE)
    pre = max(f.size(a)[0] for a, _ in items)
    pre = pre + 8 if pre else 0
    cell = pre + max(f.size(b)[0] for _, b in items)
    per_row = max(1, (width + GAP) // (cell + GAP))
    rows: list[Row] = []
    shown = items if most_rows is None else items[:per_row * most_rows]
    for start in range(0, len(shown), per_row):
        cells: list[Cell] = []
        for i, (a, b) in enumerate(shown[start:start + per_row]):
            x = i * (cell + GAP)
            if a:
                cells.append(Cell(a, x + pre - 8 - f.size(a)[0], dim=True))
            cells.append(Cell(b, x + pre))
        rows.append(Row("cells", section, tuple(cells)))
    return rows, len(items) - len(shown)


def layout(code: str, p: Any, width: int) -> list[Row]:
    """The rows of presentation ``p`` (a :class:`~nimarcade.games.takeaway.presentation.Presentation`)
    of the code ``code``, for a table ``width`` pixels wide."""
    from nimarcade.games.takeaway.presentation import letter, spell

    rows: list[Row] = []

    def title(section: str, text: str) -> None:
        rows.append(Row("title", section, (Cell(text, 0),)))

    title("generators", tr("lab.table_generators"))
    rows += _grid("generators", [("", f"{letter(i)} = {h}") for i, h in enumerate(p.generators)], width)[0]
    title("relations", tr("lab.pres_relations", count=len(p.relations)))
    found, left = _grid("relations", [("", t) for t in p.relation_texts()], width, RELATION_ROWS)
    rows += found
    if left:
        rows.append(Row("more", "relations", (Cell(tr("lab.table_more", n=left, code=code), 0),)))
    title("p", tr("lab.table_p", count=len(p.p_portion)))
    rows += _grid("p", [("", spell(p.words[x])) for x in p.p_portion], width)[0]
    title("heaps", tr("lab.pres_heaps"))
    rows += _grid("heaps", [(str(n), spell(w)) for n, w in enumerate(p.heap_words) if n], width)[0]
    if p.proved and p.period is not None:
        said = tr("lab.pres_period", p=p.period[1], n0=p.period[0], bound=p.computed_to)
    elif p.period is not None:
        said = tr("lab.pres_period_seen", p=p.period[1], n0=p.period[0], bound=p.computed_to)
    else:
        said = tr("lab.pres_period_none", bound=p.computed_to)
    rows += [Row("text", "period", (Cell(line, 0),)) for line in theme.wrap(said, CELL_SIZE, width)]
    return rows


class QuotientTable:
    """The table over the panel: ``rows`` laid out once, ``first`` the first row shown."""

    def __init__(self, code: str, presentation: Any, rect: pygame.Rect | None = None) -> None:
        rect = RECT if rect is None else rect       # (read at each opening: a test may set it)
        self.rect = pygame.Rect(rect)
        self.code = code
        self.heading = tr("lab.pres_head", code=code, size=presentation.size, count=len(presentation.generators))
        self.rows = layout(code, presentation, self.view.width - 40)
        need = sum(row.height for row in self.rows) + CHROME + 8
        if need < self.rect.height:          # a small quotient: a box its size, where the large one is
            self.rect.height = need
            self.rect.centery = rect.centery
        self.first = 0
        self.hover: str | None = None

    # -- the geometry ------------------------------------------------------------------------------
    @property
    def view(self) -> pygame.Rect:
        """Where the rows are drawn: under the heading, above the keys' line and the buttons."""
        r = self.rect
        return pygame.Rect(r.left + 24, r.top + 58, r.width - 48, r.height - CHROME)

    def buttons(self) -> dict[str, pygame.Rect]:
        """The box's buttons: close, page up, page down (the arrows only when the rows overflow)."""
        r = self.rect
        out = {"close": pygame.Rect(r.right - 204, r.bottom - 58, 180, 44)}
        if self.overflows():
            out["up"] = pygame.Rect(r.right - 324, r.bottom - 58, 52, 44)
            out["down"] = pygame.Rect(r.right - 264, r.bottom - 58, 52, 44)
        return out

    def shown(self, first: int | None = None) -> list[Row]:
        """The rows drawn from ``first`` on (the current one by default): as many whole rows as fit."""
        out: list[Row] = []
        y = 0
        for row in self.rows[self.first if first is None else first:]:
            if y + row.height > self.view.height:
                break
            out.append(row)
            y += row.height
        return out

    def overflows(self) -> bool:
        return sum(row.height for row in self.rows) > self.view.height

    def footer(self) -> str:
        """The keys line: scrolling is offered only when the rows do not all fit."""
        return tr("lab.table_keys") if self.overflows() else tr("lab.table_keys_close")

    def last_first(self) -> int:
        """The largest ``first``: the one that shows the last row at the bottom."""
        height, first = 0, len(self.rows)
        while first > 0 and height + self.rows[first - 1].height <= self.view.height:
            first -= 1
            height += self.rows[first].height
        return first

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(self.last_first(), self.first + rows))

    def page(self) -> int:
        return max(1, len(self.shown()) - 1)

    # -- input -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event``; True when the table is to close."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * int(event.y))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((name for name, rect in self.buttons().items() if rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            found = next((name for name, rect in self.buttons().items() if rect.collidepoint(event.pos)), None)
            if found == "close" or (found is None and not self.rect.collidepoint(event.pos)):
                return True
            if found is not None:
                self.scroll(self.page() if found == "down" else -self.page())
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE):
                return True
            steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.page(), pygame.K_PAGEUP: -self.page(),
                     pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
            if event.key in steps:
                self.scroll(steps[event.key])
        return False

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size(), 120), (0, 0))
        theme.panel(surface, self.rect, theme.PANEL, theme.ACCENT, radius=16, width=3)
        r, view = self.rect, self.view
        theme.blit_text(surface, self.heading, (r.left + 24, r.top + 16),
                        theme.fit_size(self.heading, 28, r.width - 48), theme.ACCENT)
        y = view.top
        for row in self.shown():
            if row.kind == "title":
                text = row.cells[0].text
                theme.blit_text(surface, text, (view.left, y + 6), theme.fit_size(text, TITLE_SIZE, view.width - 40),
                                theme.ACCENT)
            else:
                for cell in row.cells:
                    colour = theme.TEXT_DIM if cell.dim or row.kind != "cells" else theme.TEXT
                    theme.blit_text(surface, cell.text, (view.left + 20 + cell.x, y + 3), CELL_SIZE, colour)
            y += row.height
        if self.overflows():          # where the rows shown stand among all of them
            track = pygame.Rect(view.right - 8, view.top, 8, view.height)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=4)
            total = sum(row.height for row in self.rows)
            above = sum(row.height for row in self.rows[:self.first])
            seen = sum(row.height for row in self.shown())
            thumb = pygame.Rect(track.left, track.top + track.height * above // total, 8,
                                max(12, track.height * seen // total))
            pygame.draw.rect(surface, theme.ACCENT, thumb.clip(track), border_radius=4)
        keys = self.footer()
        buttons = self.buttons()
        room = min(b.left for b in buttons.values()) - 24 - (r.left + 24)
        theme.blit_text(surface, keys, (r.left + 24, buttons["close"].centery), theme.fit_size(keys, 20, room, 13),
                        theme.TEXT_DIM, "midleft")
        for name, rect in buttons.items():
            theme.panel(surface, rect, theme.PANEL_LIGHT if name == self.hover else theme.PANEL, theme.PANEL_EDGE,
                        radius=8, width=2)
            label = {"close": tr("lab.close"), "up": "▲", "down": "▼"}[name]
            theme.blit_text(surface, label, rect.center, theme.fit_size(label, 24, rect.width - 12), theme.TEXT, "center")
