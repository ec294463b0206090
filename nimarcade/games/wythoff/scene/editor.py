"""The queen to the sink in the position editor: queens put on the cells of the level's board,
drawn as in the game (a stack gets its red ring and badge). What the pawns' editor does alike is in
``nimarcade/games/sinkboard/editor.py``."""
from __future__ import annotations

import pygame

from nimarcade.games.sinkboard.rules import Cell
from nimarcade.window.ui import theme

from nimarcade.games.sinkboard.editor import PiecesEditor
from nimarcade.games.wythoff.scene.art import draw_queen, render_static
from nimarcade.games.wythoff.scene.explain import explain_lines
from nimarcade.games.wythoff.scene.scene import WythoffScene
from nimarcade.i18n import N_


class WythoffEditor(PiecesEditor):
    PIECE = WythoffScene.PIECE
    COUNT = "queens"
    COUNT_TEXT = N_("editor.wythoff.count")
    STATIC = staticmethod(render_static)
    EXPLAIN = staticmethod(explain_lines)

    def draw_piece(self, surface: pygame.Surface, cell: Cell, count: int) -> None:
        geo = self.geo
        draw_queen(surface, geo.cell_center(cell), geo.piece_r, geo.cell, count, theme.BAD if count > 1 else None, False)
