"""Pawns into the sink (seed 003): pick a pawn, then one of its (at most 4) destinations.

Mouse: click a pawn, then one of its numbered destinations; a click elsewhere (or a right-click)
cancels, a click on another pawn picks that one instead. Keyboard: left/right or Tab go from pawn
to pawn in reading order, up/down to the nearest pawn above/below, Enter or Space picks it (or 1-9
as in the seed's menu); then 1-4, or left/right and Enter, choose the destination; Backspace
cancels. When only one pawn is left it is picked for you, as in the seed's sample session.
N shows the nimbers of the cells (they also show with the hint, H).

The grid, its numbers and the sink are drawn once per board size into a Surface; a frame draws
only the pawns, highlights and the side panel, so a 30×30 grid stays cheap.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.ai.hints import Hint
from nimarcade.i18n import language, tr
from nimarcade.rules.grid import Cell, GridState, Move

from ..game import BOARD, GameScene
from .art import (ROTATE_ROOM, draw_board, draw_rotate_button, render_overlay, render_panel, render_static,
                       render_swirl)
from ..pieces import PickPieceThenCell
from .explain import Line, explain_lines, panel_lines

PANEL_W = 420
GAP = 26
LABEL = 28          # room for the row and column numbers
MAX_CELL = 84
DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class GridScene(PickPieceThenCell, GameScene):
    game = "grid"

    def __init__(self, app, config, director=None) -> None:
        self.selected: Cell | None = None   # the pawn chosen, waiting for its destination
        self.auto_selected = False          # chosen for the player (only one pawn left)
        self.cursor: Cell | None = None     # keyboard cursor over the pawn cells
        self.dest_index = 0                 # keyboard choice among the destinations
        self.hover: Cell | None = None
        self.keyboard = False               # the last input came from the keyboard: show the cursor
        self.hover_pos: tuple[int, int] | None = None
        self.rotated = False                # V: the board turned round (the sink at the top left)
        self.show_nimbers = False           # N: the teacher's permanent nimber overlay
        self.fall_pending = False
        self.slide_frac = 1.0
        self.last: tuple[Cell, Cell, int] | None = None
        self._geometry: tuple[int, int, str] | None = None   # what the cached surfaces were drawn for
        self._explained: tuple[Any, list[str]] | None = None
        self._panel: tuple[Any, pygame.Surface] | None = None
        super().__init__(app, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        rows, cols = self.state.rows, self.state.cols
        if self._geometry == (rows, cols, language(), self.rotated):
            return
        self._geometry = (rows, cols, language(), self.rotated)
        region_w = BOARD.width - PANEL_W - GAP
        avail_w = region_w - LABEL - 8
        avail_h = BOARD.height - LABEL - 8
        self.cell = max(8, min(MAX_CELL, avail_w // cols, avail_h // rows))
        gw, gh = self.cell * cols, self.cell * rows
        left = BOARD.left + LABEL + (region_w - LABEL - gw) // 2
        top = BOARD.top + LABEL + (BOARD.height - LABEL - gh) // 2
        self.grid_rect = pygame.Rect(left, top, gw, gh)
        self.panel_rect = pygame.Rect(BOARD.right - PANEL_W, BOARD.top, PANEL_W, BOARD.height)
        self.pawn_r = max(6, round(self.cell * (0.33 if self.cell >= 40 else 0.38)))
        # A small sink overflows its cell a little (still inside the frame) so it stays visible.
        self.sink_r = self.cell * 0.46 if self.cell >= 40 else min(self.cell * 0.62, self.cell / 2 + 2)
        self.label_step = 1 if self.cell >= 24 else 5
        extra = 90 if self.cell < 40 else 0     # room for the word « puits » beside a small sink
        self.static_rect = pygame.Rect(left - LABEL - 6, top - LABEL - 6, gw + LABEL + 14 + extra,
                                       gh + LABEL + 14)
        self.static = render_static(rows, cols, self.cell, self.grid_rect, self.static_rect, self.label_step,
                                    self.sink_r, self.rotated)
        self.overlay = render_overlay(rows, cols, self.cell, self.rotated)
        self.swirl = render_swirl(self.sink_r)

    def _view(self, r: int, c: int) -> tuple[int, int]:
        """A cell as drawn: turned round (180°) when the board is rotated; its own inverse."""
        return (self.state.rows + 1 - r, self.state.cols + 1 - c) if self.rotated else (r, c)

    def rotate(self) -> None:
        self.rotated = not self.rotated
        self.layout()
        self.app.notify(tr("grid.rotated"))

    def rotate_rect(self) -> pygame.Rect:
        return pygame.Rect(self.panel_rect.left + 16, self.panel_rect.bottom - 72 - ROTATE_ROOM + 8, 250, 34)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        r, c = self._view(*cell)
        g, k = self.grid_rect, self.cell
        return pygame.Rect(g.left + (c - 1) * k, g.top + (r - 1) * k, k, k)

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.grid_rect.collidepoint(pos):
            return None
        g, k = self.grid_rect, self.cell
        return self._view((pos[1] - g.top) // k + 1, (pos[0] - g.left) // k + 1)

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def key_path(self, move: Move) -> list[int]:
        """The pawn by its number (or Tab to it and Enter, past 9 pawns), then the destination's number."""
        src, dst = move
        keys: list[int] = []
        if self.selected != src:
            cells = self.pawn_cells()
            if len(cells) <= 9:
                keys.append(pygame.K_1 + cells.index(src))
            else:
                start = cells.index(self.cursor) if self.cursor in cells else 0
                keys += [pygame.K_TAB] * ((cells.index(src) - start) % len(cells)) + [pygame.K_RETURN]
        return keys + [pygame.K_1 + self.state.destinations(src).index(dst)]

    # -- the player's choice ---------------------------------------------------------------------
    def no_piece_text(self, cell: Cell) -> str:
        return tr("err.grid.no_pawn", row=cell[0], col=cell[1])

    def piece_cells(self) -> list[Cell]:
        return self.pawn_cells()

    def pawn_cells(self) -> list[Cell]:
        return self.state.pawn_cells()

    def destinations(self) -> list[Cell]:
        return self.state.destinations(self.selected) if self.selected is not None else []

    def select(self, cell: Cell | None, auto: bool = False) -> None:
        self.selected = cell
        self.auto_selected = auto and cell is not None
        self.dest_index = 0
        if cell is not None:
            self.cursor = cell
            if not auto:
                self.app.sounds.play("click", 0.7)

    def on_new_turn(self) -> None:
        self.select(None)
        cells = self.pawn_cells()
        if self.cursor not in cells:
            self.cursor = cells[0] if cells else None
        if self.human_turn() and len(self.state.pawns) == 1:
            self.select(self.state.pawns[0], auto=True)   # « plus qu'un seul pion en (3,3) »

    def _board_uses_backspace(self) -> bool:
        return self.selected is not None and self.human_turn()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n and not self.demo:
            self.show_nimbers = not self.show_nimbers
            self.app.notify(tr("grid.overlay_on" if self.show_nimbers else "grid.overlay_off"))
            return True
        if not self.demo and ((event.type == pygame.KEYDOWN and event.key == pygame.K_v) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rotate_rect().collidepoint(event.pos))):
            self.rotate()
            return True
        return super().handle(event)

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            self.keyboard = False
            self.hover = self.cell_at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event.pos, event.button)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, event.mod)
        return False

    def _key(self, key: int, mod: int) -> bool:
        cells = self.pawn_cells()
        if not cells:
            return False
        self.keyboard = True
        back = bool(mod & pygame.KMOD_SHIFT)
        if key == pygame.K_u:
            self.undo()      # the base class hands U to the board while a pawn is chosen
            return True
        if key == pygame.K_TAB:
            self.select(None)
            self._cycle(-1 if back else 1)
            return True
        if self.selected is None:
            turn = -1 if self.rotated else 1       # the arrows follow the board as it is drawn
            if key in (pygame.K_RIGHT, pygame.K_LEFT):
                self._cycle((1 if key == pygame.K_RIGHT else -1) * turn)
            elif key in (pygame.K_UP, pygame.K_DOWN):
                self._vertical((-1 if key == pygame.K_UP else 1) * turn)
            elif key in CONFIRM:
                self.select(self.cursor if self.cursor in cells else cells[0])
            elif key in DIGIT_KEYS:
                n = DIGIT_KEYS[key]
                if n <= len(cells):
                    self.select(cells[n - 1])
                else:
                    self.refuse(tr("grid.no_pawn_n", n=n))
            else:
                return False
            return True
        dests = self.destinations()
        if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            self.dest_index = (self.dest_index + step) % len(dests)
            self.app.sounds.play("hover", 0.6)
        elif key in CONFIRM:
            self.submit((self.selected, dests[self.dest_index % len(dests)]))
        elif key in DIGIT_KEYS:
            n = DIGIT_KEYS[key]
            if n <= len(dests):
                self.submit((self.selected, dests[n - 1]))
            else:
                self.refuse(tr("grid.only_n", row=self.selected[0], col=self.selected[1], n=len(dests)))
        elif key == pygame.K_BACKSPACE:
            self.select(None)
        else:
            return False
        return True

    def _cycle(self, step: int) -> None:
        cells = self.pawn_cells()
        if self.cursor in cells:
            i = (cells.index(self.cursor) + step) % len(cells)
        else:   # the next cell in reading order after the cursor
            after = [c for c in cells if self.cursor is None or c > self.cursor]
            i = cells.index(after[0]) if after and step > 0 else len(cells) - 1 if step < 0 else 0
        self.cursor = cells[i]
        self.app.sounds.play("hover", 0.6)

    def _vertical(self, direction: int) -> None:
        """The nearest pawn cell in a row above (-1) or below (+1) the cursor."""
        r0, c0 = self.cursor or (1, 1)
        found = [c for c in self.pawn_cells() if (c[0] - r0) * direction > 0]
        if found:
            self.cursor = min(found, key=lambda c: (abs(c[0] - r0), abs(c[1] - c0), c[1]))
            self.app.sounds.play("hover", 0.6)

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: GridState, move: Move, after: GridState) -> float:
        src, dst = move
        slide = 0.3 + 0.12 * (abs(dst[0] - src[0]) + abs(dst[1] - src[1]))
        fall = 0.65 if dst == before.sink else 0.0
        self.slide_frac = slide / (slide + fall)
        self.fall_pending = fall > 0
        self.app.sounds.play("slide")
        self.select(None)
        self.hover = None
        self.last = (src, dst, before.to_move)
        return slide + fall

    def update(self, dt: float) -> None:
        if self.anim is not None and self.fall_pending and \
                self.anim.elapsed + dt >= self.anim.duration * self.slide_frac:
            self._fall_sound()
        super().update(dt)

    def _fall_sound(self) -> None:
        self.fall_pending = False
        self.app.sounds.play("fall")

    def _finish_animation(self) -> None:
        if self.fall_pending:
            self._fall_sound()
        super()._finish_animation()

    def undo(self) -> None:
        super().undo()
        if self.match.moves:
            src, dst = self.match.moves[-1]
            self.last = (src, dst, self.match.states[-2].to_move)
        else:
            self.last = None

    def describe(self, move: Move, before: GridState) -> str:
        (r, c), (r2, c2) = move
        key = "grid.fell" if (r2, c2) == before.sink else "grid.moved"
        return tr(key, r=r, c=c, r2=r2, c2=c2)

    def explain(self, hint: Hint) -> list[str]:
        """The seed's reasoning (section 4.2), cached: it is read every frame while shown."""
        key = (hint, self.state, language())
        if self._explained is None or self._explained[0] != key:
            self._explained = (key, explain_lines(self.state, hint))
        return self._explained[1]

    # -- drawing ---------------------------------------------------------------------------------
    def hint_move(self) -> Move | None:
        if self.hint is None or self.hint.lost or not self.hint.moves or not self.human_turn():
            return None
        return self.hint.moves[0]

    def draw_board(self, surface: pygame.Surface) -> None:
        draw_board(surface, self)
        self._draw_panel(surface)
        if not self.demo:
            draw_rotate_button(surface, self)

    def nimbers_shown(self) -> bool:
        return self.show_nimbers or (self.hint is not None and self.human_turn())

    def focused_destination(self) -> Cell | None:
        """The destination the player is looking at: the keyboard's choice, or the one under the mouse."""
        dests = self.destinations() if self.human_turn() else []
        if not dests:
            return None
        if self.keyboard:
            return dests[self.dest_index % len(dests)]
        return self.hover if self.hover in dests else None

    # -- the side panel --------------------------------------------------------------------------
    def panel_lines(self) -> list[Line]:
        waiting = None if self.human_turn() else self.player_name(self.state.to_move)
        look = self.selected or (self.hover if not self.keyboard else self.cursor)
        reasons = self.explain(self.hint)[1:] if self.hint is not None and waiting is None else None
        return panel_lines(self.state, waiting, self.selected, self.auto_selected, look, reasons)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel is re-rendered only when its content changes (a few times per turn)."""
        key = (tuple(self.panel_lines()), self.nimbers_shown(), language())
        if self._panel is None or self._panel[0] != key:
            self._panel = (key, render_panel(self.panel_rect, key[0], key[1]))
        surface.blit(self._panel[1], self.panel_rect)
