"""The position editor's board of pieces that move toward a sink (the pawns, the queens): what both
share, as :mod:`.sinkboard` does for their game screens. Each game keeps its look: its board's
picture (``render_static``) and how a stack of pieces is drawn (``draw_piece``), from its art.

Mouse: click a cell to put a piece there (several on a cell make a stack, drawn as in the game),
right-click to take one away, or the wheel. Keyboard: the arrows move a cursor over the cells,
« + », Space or Enter put a piece there, « − », Backspace or Delete take one away. The board's size
is the level's; the sink holds no piece; a level bounds how many pieces there may be.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Mapping

import pygame

from nimarcade.core.hints import Hint
from nimarcade.analysis.verdicts import MoveValues
from nimarcade.i18n import language, tr
from nimarcade.games.sinkboard.rules import Cell
from nimarcade.core.positions import write_cells
from nimarcade.window.ui import theme

from nimarcade.window.scenes.board_edit import MINUS_KEYS, PLUS_KEYS, BoardEditor, winning_hint
from nimarcade.games.sinkboard.art import BoardGeometry, draw_cursor

ADD_KEYS = (*PLUS_KEYS, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
TAKE_KEYS = (*MINUS_KEYS, pygame.K_BACKSPACE, pygame.K_DELETE)
ARROWS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
#: The panel's top, where the board says how many pieces there are, above the info box.
SUMMARY_H = 96


class PiecesEditor(BoardEditor):
    """A game provides ``PIECE`` (a piece's radius, :meth:`BoardGeometry.fit`), ``COUNT`` (the
    level's parameter that bounds the pieces), ``COUNT_TEXT`` (« 3 pions »), ``STATIC`` (its
    board's picture, from its art), ``EXPLAIN`` (its hint's explanation) and :meth:`draw_piece`."""

    PIECE: tuple[float, float]
    COUNT: str
    COUNT_TEXT: str
    STATIC: Callable[[BoardGeometry], pygame.Surface]
    EXPLAIN: Callable[[Any, Hint], list[str]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.cursor: Cell = (1, 1)
        self.hover: Cell | None = None
        self._laid_out: Any = None
        super().__init__(*args, **kwargs)

    # -- what each game provides -----------------------------------------------------------------
    def render_static(self, geo: BoardGeometry) -> pygame.Surface:
        return self.STATIC(geo)

    def explain(self, state: Any, values: MoveValues) -> list[str]:
        return self.EXPLAIN(state, winning_hint(values))

    def draw_piece(self, surface: pygame.Surface, cell: Cell, count: int) -> None:
        raise NotImplementedError

    # -- the draft -------------------------------------------------------------------------------
    def load(self, state: Any) -> None:
        self.rows, self.cols = state.rows, state.cols
        self.pieces = Counter(state.pieces)
        self.layout()

    def set_params(self, params: Mapping[str, Any]) -> None:
        """Another board's size keeps the pieces that are on it (and says how many were not)."""
        self.params = dict(params)
        self.rows, self.cols = params["rows"], params["cols"]
        kept = Counter({c: k for c, k in self.pieces.items() if c[0] <= self.rows and c[1] <= self.cols
                        and c != self.sink})
        dropped = sum(self.pieces.values()) - sum(kept.values())
        self.pieces = kept
        self.cursor = (min(self.cursor[0], self.rows), min(self.cursor[1], self.cols))
        self.layout()
        if dropped:
            self.refuse(tr("editor.pieces.dropped", n=dropped))

    def text(self) -> str:
        return write_cells(tuple(sorted(self.pieces.elements())))

    def clear(self) -> None:
        self.pieces = Counter()

    @property
    def sink(self) -> Cell:
        return (self.rows, self.cols)

    @property
    def most(self) -> int:
        return self.spec.param(self.COUNT).hi

    def layout(self) -> None:
        key = (self.rows, self.cols, language())
        if self._laid_out != key:
            self._laid_out = key
            self.geo = BoardGeometry.fit(self.rows, self.cols, self.PIECE)
            self.static = self.render_static(self.geo)

    @property
    def info_rect(self) -> pygame.Rect:        # type: ignore[override]  # computed from the fitted board
        panel = self.geo.panel
        return pygame.Rect(panel.left, panel.top + SUMMARY_H, panel.width, panel.height - SUMMARY_H)

    # -- changes ---------------------------------------------------------------------------------
    def add(self, cell: Cell) -> None:
        self.cursor = cell
        if cell == self.sink:
            self.refuse(tr("editor.pieces.sink"))
        elif sum(self.pieces.values()) >= self.most:
            self.refuse(tr("editor.pieces.most", n=self.most))
        else:
            self.pieces[cell] += 1
            self.changed()

    def take(self, cell: Cell) -> None:
        self.cursor = cell
        if not self.pieces[cell]:
            self.pieces.pop(cell, None)
            self.refuse(tr("editor.pieces.none_here", row=cell[0], col=cell[1]))
            return
        self.pieces[cell] -= 1
        if not self.pieces[cell]:
            del self.pieces[cell]
        self.changed()

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.pointer(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.geo.cell_at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            cell = self.geo.cell_at(event.pos)
            if cell is None:
                return False
            (self.add if event.button == 1 else self.take)(cell)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hover is not None:
            (self.add if event.y > 0 else self.take)(self.hover)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in ARROWS:
            dr, dc = ARROWS[event.key]
            r, c = self.cursor
            self.cursor = (max(1, min(self.rows, r + dr)), max(1, min(self.cols, c + dc)))
            self.play("hover")
        elif event.key in ADD_KEYS:
            self.add(self.cursor)
        elif event.key in TAKE_KEYS:
            self.take(self.cursor)
        else:
            return False
        return True

    def keys(self) -> str:
        return tr("editor.pieces.keys")

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        geo = self.geo
        surface.blit(self.static, geo.static)
        for cell, count in self.pieces.items():
            self.draw_piece(surface, cell, count)
        keyboard = self.focused and self.keyboard
        draw_cursor(surface, geo, self.cursor if keyboard else None, None if keyboard else self.hover, time)
        panel = geo.panel
        summary = pygame.Rect(panel.left, panel.top, panel.width, SUMMARY_H - 10)
        theme.panel(surface, summary, theme.PANEL, theme.PANEL_EDGE, radius=12)
        theme.blit_text(surface, tr(self.COUNT_TEXT, n=sum(self.pieces.values())), (summary.left + 16, summary.top + 12),
                        26, theme.TEXT)
        where = tr("editor.pieces.where", row=self.cursor[0], col=self.cursor[1]) if keyboard else \
            tr("editor.pieces.limits", n=self.most, row=self.rows, col=self.cols)
        theme.blit_text(surface, where, (summary.left + 16, summary.top + 50),
                        theme.fit_size(where, 20, summary.width - 32), theme.TEXT_DIM)
