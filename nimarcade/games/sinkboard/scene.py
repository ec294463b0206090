"""What the scenes of pieces moving toward a sink share (the pawns, the queens), in their base class
:class:`SinkBoardScene`: how a player picks a piece, then where it goes, by mouse or by keyboard;
the board's geometry (``sinkboard_art.BoardGeometry``); the slide, then the fall, of a move. Each
game scene keeps what differs: how the keyboard chooses a destination, a move's timing, its drawing."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from nimarcade.i18n import language, tr
from nimarcade.games.sinkboard.rules import Cell, Move

from nimarcade.window.scenes.game import BOARD, GameScene
from nimarcade.games.sinkboard.art import BoardGeometry

CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class SinkBoardScene(GameScene):
    """The base of a game scene whose state is a :class:`~nimarcade.games.sinkboard.rules.SinkBoard`:
    choosing a piece, then where it goes.

    Mouse: click a piece, then a destination; a click elsewhere on the board or a right-click
    cancels, a click on another piece picks that one. Keyboard: left/right or Tab go from piece to
    piece in reading order, up/down to the nearest piece above/below (the arrows follow the board
    as drawn), Enter or Space picks it; Backspace cancels. A lone piece is picked for the player.

    A game provides ``PIECE`` (a piece's radius, see :meth:`BoardGeometry.fit`), the hooks below
    and its drawing; its ``animate`` times a move with :meth:`begin_slide`.
    """

    PIECE: tuple[float, float]
    rotated = False         # the board turned round (the sink at the top left)
    geo: BoardGeometry      # where the board is drawn (set by ``layout``)

    def __init__(self, services: Any, config: Any, director: Any = None) -> None:
        self.selected: Cell | None = None   # the piece chosen, waiting for its destination
        self.auto_selected = False          # chosen for the player (only one piece left)
        self.cursor: Cell | None = None     # keyboard cursor over the pieces
        self.hover: Cell | None = None      # the cell under the mouse
        self.keyboard = False               # the last input came from the keyboard: show the cursor
        self.slide_frac = 1.0               # the share of a move's animation spent sliding
        self.fall_pending = False           # the sound of the fall into the sink is still to come
        self._laid_out: tuple[Any, ...] | None = None
        super().__init__(services, config, director)

    # -- what each game provides -----------------------------------------------------------------
    def render_board(self) -> None:
        """Render the cached surfaces (board, overlays...) for ``self.geo``."""
        raise NotImplementedError

    def clear_destination(self) -> None:
        """Forget the destination chosen by keyboard (a piece was just chosen or dropped)."""
        raise NotImplementedError

    def keyboard_destination(self) -> Cell | None:
        """The destination chosen by keyboard so far."""
        raise NotImplementedError

    def destination_key(self, key: int) -> bool:
        """A key while a piece is chosen (Backspace included); True when it was used."""
        raise NotImplementedError

    def piece_key(self, key: int) -> bool:
        """Another key while no piece is chosen (none by default); True when it was used."""
        return False

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        """The geometry and the cached surfaces, again only when the board, the language or the
        way it is turned changes."""
        key = (self.state.rows, self.state.cols, language(), self.rotated)
        if self._laid_out == key:
            return
        self._laid_out = key
        self.geo = BoardGeometry.fit(self.state.rows, self.state.cols, self.PIECE, self.rotated)
        self.render_board()

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        return self.geo.cell_center(cell)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        return self.geo.cell_at(pos)

    # -- the choice ------------------------------------------------------------------------------
    def piece_cells(self) -> list[Cell]:
        return self.state.piece_cells()

    def destinations(self) -> list[Cell]:
        return self.state.destinations(self.selected) if self.selected is not None else []

    def select(self, cell: Cell | None, auto: bool = False) -> None:
        self.selected = cell
        self.auto_selected = auto and cell is not None
        self.clear_destination()
        if cell is not None:
            self.cursor = cell
            if not auto:
                self.services.sounds.play("click", 0.7)

    def on_new_turn(self) -> None:
        self.select(None)
        cells = self.piece_cells()
        if self.cursor not in cells:
            self.cursor = cells[0] if cells else None
        if self.human_turn() and len(self.state.pieces) == 1 and self.shows_choice:
            self.select(self.state.pieces[0], auto=True)

    @property
    def picked(self) -> Cell:
        """The piece chosen (asked only while there is one: its destination is being chosen)."""
        if self.selected is None:
            raise RuntimeError("no piece chosen")
        return self.selected

    def focused_destination(self) -> Cell | None:
        """The destination the player is looking at: the keyboard's choice, or the one under the mouse."""
        dests = self.destinations() if self.human_turn() else []
        if not dests:
            return None
        if self.keyboard:
            return self.keyboard_destination()
        return self.hover if self.hover in dests else None

    # -- input -----------------------------------------------------------------------------------
    def _board_uses_backspace(self) -> bool:
        return self.selected is not None and self.human_turn()

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = self.cell_at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event.pos, event.button)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, event.mod)
        return False

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
        pieces = self.piece_cells()
        if self.selected is None and len(pieces) == 1 and cell in self.state.destinations(pieces[0]):
            self.select(pieces[0], auto=True)    # the lone piece: a click on where it can go moves it
        if self.selected is not None and cell in self.destinations():
            self.submit((self.selected, cell))
        elif cell in pieces:
            if cell != self.selected:
                self.select(cell)
            elif not self.auto_selected:         # the piece chosen for the player stays chosen
                self.select(None)
            else:
                self.auto_selected = False       # from now on, as if the player had clicked it
        elif self.selected is not None:
            self.submit((self.selected, cell))   # refused with the rules' reason
        else:
            self.refuse(tr(self.state.no_piece, row=cell[0], col=cell[1]))
        return True

    def _key(self, key: int, mod: int) -> bool:
        cells = self.piece_cells()
        if not cells:
            return False
        self.keyboard = True
        if key == pygame.K_TAB:
            self.select(None)
            self._cycle(-1 if mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.selected is not None:
            return self.destination_key(key)
        turn = -1 if self.rotated else 1       # the arrows follow the board as it is drawn
        if key in (pygame.K_RIGHT, pygame.K_LEFT):
            self._cycle((1 if key == pygame.K_RIGHT else -1) * turn)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self._vertical((-1 if key == pygame.K_UP else 1) * turn)
        elif key in CONFIRM:
            self.select(self.cursor if self.cursor in cells else cells[0])
        else:
            return self.piece_key(key)
        return True

    def _cycle(self, step: int) -> None:
        cells = self.piece_cells()
        i = cells.index(self.cursor) if self.cursor in cells else -1 if step > 0 else 0
        self.cursor = cells[(i + step) % len(cells)]
        self.services.sounds.play("hover", 0.6)

    def _vertical(self, way: int) -> None:
        """The nearest piece in a row above (-1) or below (+1) the cursor."""
        r0, c0 = self.cursor or (1, 1)
        found = [c for c in self.piece_cells() if (c[0] - r0) * way > 0]
        if found:
            self.cursor = min(found, key=lambda c: (abs(c[0] - r0), abs(c[1] - c0), c[1]))
            self.services.sounds.play("hover", 0.6)

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def tab_keys(self, src: Cell) -> list[int]:
        """Tab from the cursor to the piece on ``src``, then Enter."""
        cells = self.piece_cells()
        start = cells.index(self.cursor) if self.cursor in cells else 0
        return [pygame.K_TAB] * ((cells.index(src) - start) % len(cells)) + [pygame.K_RETURN]

    def mouse_path(self, move: Move) -> list[tuple[int, int]]:
        """Click the piece (unless it is already chosen), then its destination."""
        src, dst = move
        return ([] if self.selected == src else [self.cell_center(src)]) + [self.cell_center(dst)]

    # -- a move: it slides, then maybe falls into the sink ---------------------------------------
    def begin_slide(self, slide: float, fall: float) -> float:
        """The animation of a move: ``slide`` seconds, then ``fall`` into the sink (0: it stays on
        the board); returns its duration."""
        self.slide_frac = slide / (slide + fall)
        self.fall_pending = fall > 0
        self.services.sounds.play("slide")
        self.select(None)
        self.hover = None
        return slide + fall

    def update(self, dt: float) -> None:
        """The fall sounds when the slide ends (even when a click skips the animation)."""
        anim = self.anim
        if self.fall_pending and (anim is None or anim.elapsed + dt >= anim.duration * self.slide_frac):
            self.fall_pending = False
            self.services.sounds.play("fall")
        super().update(dt)

    # -- what a frame shows ----------------------------------------------------------------------
    def drawn_pieces(self) -> Counter[Cell]:
        """The pieces standing on their cells: the state after the move, without the one still sliding."""
        pieces = list(self.state.pieces)
        if self.anim is not None and self.anim_move is not None and self.anim_move[1] in pieces:
            pieces.remove(self.anim_move[1])
        return Counter(pieces)

    def pointed(self, drawn: Counter[Cell]) -> tuple[Cell | None, Cell | None]:
        """The piece under the keyboard's cursor, else the one under the mouse (while none is chosen)."""
        if self.selected is not None or not self.human_turn():
            return None, None
        if self.keyboard and self.cursor in drawn:
            return self.cursor, None
        return None, (self.hover if self.hover in drawn else None)
