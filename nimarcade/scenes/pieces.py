"""What the games with pieces on a grid share (the pawns, the queens): pick a piece, then where it
goes. A scene mixes this in and says which cells hold its pieces (``piece_cells``) and what to
say of a click on an empty cell (``no_piece_text``); it keeps its own keyboard and drawing."""
from __future__ import annotations

from typing import Any

from .hud import BOARD

Cell = tuple[int, int]


class PickPieceThenCell:
    """Mouse play for a GameScene with ``selected``, ``select()``, ``destinations()``, ``cell_at()``
    and ``cell_center()``."""

    selected: Any
    keyboard: bool

    def piece_cells(self) -> list[Cell]:
        raise NotImplementedError

    def no_piece_text(self, cell: Cell) -> str:
        raise NotImplementedError

    def _click(self, pos: tuple[int, int], button: int) -> bool:
        if button == 3:
            if self.selected is not None:
                self.select(None)
                return True
            return False
        if button != 1:
            return False
        self.keyboard = False
        cell = self.cell_at(pos)
        if cell is None:
            if self.selected is not None and BOARD.collidepoint(pos):
                self.select(None)       # a click elsewhere cancels the choice
                return True
            return False
        if self.selected is not None and cell in self.destinations():
            self.submit((self.selected, cell))
        elif cell in self.piece_cells():
            self.select(None if cell == self.selected else cell)
        elif self.selected is not None:
            self.submit((self.selected, cell))   # refused with the rules' reason
        else:
            self.refuse(self.no_piece_text(cell))
        return True

    def mouse_path(self, move: tuple[Cell, Cell]) -> list[tuple[int, int]]:
        """Click the piece (unless it is already chosen), then its destination."""
        src, dst = move
        return ([] if self.selected == src else [self.cell_center(src)]) + [self.cell_center(dst)]
