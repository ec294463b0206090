"""Matches in a row in the position editor: which cells still hold a match, and the row's length.

The row is drawn as in the game (its numbered cells, the segments' brackets). Mouse: click a cell
to take its match away or put it back; « − » and « + » shorten or lengthen the row. Keyboard:
left/right move the cursor, Space or Enter takes or puts back its match, « − »/« + » the length.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.analysis.verdicts import MoveValues
from nimarcade.i18n import language, tr
from nimarcade.window.ui import theme

from nimarcade.window.scenes.board_edit import MINUS_KEYS, PLUS_KEYS, BoardEditor, small_button, winning_hint
from nimarcade.window.scenes.hud import BOARD
from nimarcade.games.matches.scene.art import CELL_BOTTOM, Table, draw_frame, render_board
from nimarcade.games.matches.scene.explain import explain_lines

ROW_Y = CELL_BOTTOM + 70                     # the length and its buttons
SHORTER = pygame.Rect(theme.WIDTH // 2 - 290, ROW_Y - 22, 56, 44)
LONGER = pygame.Rect(theme.WIDTH // 2 + 234, ROW_Y - 22, 56, 44)
TOGGLE = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class MatchesEditor(BoardEditor):
    info_rect = pygame.Rect(BOARD.left + 100, ROW_Y + 40, BOARD.width - 200, BOARD.bottom - ROW_Y - 40)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.cursor = 0
        self._board: tuple[Any, pygame.Surface] | None = None
        super().__init__(*args, **kwargs)

    @property
    def bounds(self) -> tuple[int, int]:
        return self.spec.param("length").bounds(self.params)

    def load(self, state: Any) -> None:
        self.cells = list(state.cells)
        self.cursor = min(self.cursor, len(self.cells) - 1)

    def text(self) -> str:
        return "".join("|" if c else "." for c in self.cells)

    def clear(self) -> None:
        self.cells = [False] * len(self.cells)

    @property
    def table(self) -> Table:
        return Table.fit(len(self.cells), self.params.get("max_take", 3))

    # -- changes ---------------------------------------------------------------------------------
    def toggle(self, i: int) -> None:
        self.cursor = i
        self.cells[i] = not self.cells[i]
        self.changed()

    def lengthen(self, step: int) -> None:
        lo, hi = self.bounds
        n = len(self.cells) + step
        if not lo <= n <= hi:
            self.refuse(tr("editor.matches.length_range", lo=lo, hi=hi))
            return
        self.cells = self.cells + [True] if step > 0 else self.cells[:-1]
        self.cursor = min(self.cursor, n - 1)
        self.changed()

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        table = self.table
        return next((i for i in range(len(self.cells)) if table.cell_rect(i).collidepoint(pos)), None)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.pointer(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, step in ((SHORTER, -1), (LONGER, 1)):
                if rect.collidepoint(event.pos):
                    self.lengthen(step)
                    return True
            i = self.cell_at(event.pos)
            if i is None:
                return False
            self.toggle(i)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = (self.cursor + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.cells)
            self.play("hover")
        elif event.key in TOGGLE:
            self.toggle(self.cursor)
        elif event.key in PLUS_KEYS or event.key in MINUS_KEYS:
            self.lengthen(1 if event.key in PLUS_KEYS else -1)
        else:
            return False
        return True

    def keys(self) -> str:
        return tr("editor.matches.keys")

    def explain(self, state: Any, values: MoveValues) -> list[str]:
        return explain_lines(state, winning_hint(values))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        table, cells = self.table, tuple(self.cells)
        key = (cells, language())
        if self._board is None or self._board[0] != key:
            self._board = (key, render_board(table, cells)[1])
        surface.blit(self._board[1], table.origin)
        theme.blit_text(surface, tr("editor.matches.count", n=sum(cells)), (theme.WIDTH // 2, BOARD.top + 6), 26,
                        theme.TEXT, "midtop")
        hover = self.cell_at(self.mouse) if self.mouse is not None and not self.keyboard else None
        if self.focused and self.keyboard:
            draw_frame(surface, table, (self.cursor, 1), theme.ACCENT, 3)
        elif hover is not None:
            draw_frame(surface, table, (hover, 1), theme.TEXT_DIM, 2)
        theme.blit_text(surface, tr("editor.matches.length", n=len(cells)), (theme.WIDTH // 2, ROW_Y), 26,
                        theme.TEXT, "center")
        small_button(surface, SHORTER, "−", self.mouse, 30)
        small_button(surface, LONGER, "+", self.mouse, 30)
