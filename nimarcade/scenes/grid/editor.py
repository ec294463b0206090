"""Pawns into the sink in the position editor: pawns put on the cells of the level's board, drawn
as in the game (a stack gets its badge). What the queens' editor does alike is in
``scenes/sinkboard_edit.py``."""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.analysis import MoveValues
from nimarcade.rules.sinkboard import Cell

from ..board_edit import winning_hint
from ..sinkboard_edit import PiecesEditor
from ..sinkboard_art import BoardGeometry
from .art import draw_pawn, render_static
from .explain import explain_lines
from .scene import GridScene


class GridEditor(PiecesEditor):
    PIECE = GridScene.PIECE
    COUNT = "pawns"
    COUNT_TEXT = "editor.grid.count"

    def render_static(self, geo: BoardGeometry) -> pygame.Surface:
        return render_static(geo)

    def draw_piece(self, surface: pygame.Surface, cell: Cell, count: int) -> None:
        draw_pawn(surface, self.geo, cell, count, False, False)

    def explain(self, state: Any, values: MoveValues) -> list[str]:
        return explain_lines(state, winning_hint(values))
