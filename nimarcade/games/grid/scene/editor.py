"""Pawns into the sink in the position editor: pawns put on the cells of the level's board, drawn
as in the game (a stack gets its badge). What the queens' editor does alike is in
``nimarcade/games/sinkboard/editor.py``."""
from __future__ import annotations

import pygame

from nimarcade.games.sinkboard.rules import Cell

from nimarcade.games.sinkboard.editor import PiecesEditor
from nimarcade.games.grid.scene.art import draw_pawn, render_static
from nimarcade.games.grid.scene.explain import explain_lines
from nimarcade.games.grid.scene.scene import GridScene
from nimarcade.i18n import N_


class GridEditor(PiecesEditor):
    PIECE = GridScene.PIECE
    COUNT = "pawns"
    COUNT_TEXT = N_("editor.grid.count")
    STATIC = staticmethod(render_static)
    EXPLAIN = staticmethod(explain_lines)

    def draw_piece(self, surface: pygame.Surface, cell: Cell, count: int) -> None:
        draw_pawn(surface, self.geo, cell, count, False, False)
