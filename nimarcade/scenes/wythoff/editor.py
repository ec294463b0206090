"""The queen to the sink in the position editor: queens put on the cells of the level's board,
drawn as in the game (a stack gets its red ring and badge). What the pawns' editor does alike is in
``scenes/sinkboard_edit.py``."""
from __future__ import annotations

import pygame

from nimarcade.rules.sinkboard import Cell
from nimarcade.ui import theme

from ..sinkboard_edit import PiecesEditor
from .art import draw_queen, render_static
from .explain import explain_lines
from .scene import WythoffScene


class WythoffEditor(PiecesEditor):
    PIECE = WythoffScene.PIECE
    COUNT = "queens"
    COUNT_TEXT = "editor.wythoff.count"
    STATIC = staticmethod(render_static)
    EXPLAIN = staticmethod(explain_lines)

    def draw_piece(self, surface: pygame.Surface, cell: Cell, count: int) -> None:
        geo = self.geo
        draw_queen(surface, geo.cell_center(cell), geo.piece_r, geo.cell, count, theme.BAD if count > 1 else None, False)
