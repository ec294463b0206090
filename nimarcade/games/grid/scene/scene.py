"""Pawns into the sink (seed 003): pick a pawn, then one of its (at most 4) destinations.

Mouse: click a pawn, then one of its numbered destinations; a click elsewhere (or a right-click)
cancels, a click on another pawn picks that one instead. Keyboard: left/right or Tab go from pawn
to pawn in reading order, up/down to the nearest pawn above/below, Enter or Space picks it (or 1-9
as in the seed's menu); then 1-4, or left/right and Enter, choose the destination; Backspace
cancels. When only one pawn is left it is picked for you, as in the seed's sample session.
N shows the nimbers of the cells (they also show with the hint, H).

The grid, its numbers and the sink are drawn once per board size into a Surface; a frame draws
only the pawns, highlights and the side panel, so a 30×30 grid stays cheap. What the queens do
alike (the cursor, the mouse, the geometry, the slide and fall) is in ``nimarcade/games/sinkboard/scene.py``;
this scene keeps the pawns' numbered destinations, the digits, the rotation and its drawing.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, language, tr
from nimarcade.games.grid.rules import GridState
from nimarcade.games.sinkboard.rules import Cell, Move
from nimarcade.window.ui import theme

from nimarcade.games.sinkboard.scene import CONFIRM, SinkBoardScene
from nimarcade.games.sinkboard.art import Line, draw_cursor, draw_hint, draw_swirl, draw_toggle, draw_trail, render_swirl
from nimarcade.games.grid.scene.art import (ROTATE_ROOM, draw_dest_cells, draw_dest_numbers, draw_moving, draw_pawn, draw_rotate_button,
                  render_overlay, render_panel, render_static)
from nimarcade.games.grid.scene.explain import explain_lines, panel_lines

DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})


class GridScene(SinkBoardScene):
    PIECE = (0.33, 0.38)

    def __init__(self, services, config, director=None) -> None:
        self.dest_index = 0                 # keyboard choice among the destinations
        self.hover_pos: tuple[int, int] | None = None
        self.rotated = False                # V: the board turned round (the sink at the top left)
        self.show_nimbers = False           # N: the teacher's permanent nimber overlay
        self.last: tuple[Cell, Cell, int] | None = None
        self._explained: tuple[Any, list[str]] | None = None
        self._panel: tuple[Any, pygame.Surface] | None = None
        super().__init__(services, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def render_board(self) -> None:
        self.static = render_static(self.geo)
        self.nimber_overlay = render_overlay(self.geo)   # (``overlay`` is the Scene's own flag)
        self.swirl = render_swirl(self.geo.sink_r)

    def rotate(self) -> None:
        self.rotated = not self.rotated
        self.layout()
        self.services.notify(tr("grid.rotated"))

    def rotate_rect(self) -> pygame.Rect:
        panel = self.geo.panel
        return pygame.Rect(panel.left + 16, panel.bottom - 72 - ROTATE_ROOM + 8, 250, 34)

    def nimbers_rect(self) -> pygame.Rect:
        """« Nimbers (N) », beside « Tourner le plateau (V) »: N by the mouse."""
        rotate, panel = self.rotate_rect(), self.geo.panel
        return pygame.Rect(rotate.right + 10, rotate.top, panel.right - 16 - rotate.right - 10, rotate.height)

    def nimbers_offered(self) -> bool:
        """« Nimbers (N) » is there: not in a demo, nor where the game gives no help (a puzzle: the
        nimbers would give its answer away)."""
        return not self.demo and self.turns.assists

    def toggle_nimbers(self) -> None:
        self.show_nimbers = not self.show_nimbers
        self.services.notify(tr(N_("grid.overlay_on") if self.show_nimbers else N_("grid.overlay_off")))

    def rule_text(self) -> str:
        """The rule as the board is drawn: turned round, the pawns go left or up."""
        return tr("grid.rule_turned") if self.rotated else super().rule_text()

    def refuse(self, text: str) -> None:
        """The rules' « right or down » said as the board is drawn when it is turned round."""
        if self.rotated and text == tr("err.grid.bad_step"):
            text = tr("grid.bad_step_turned")
        super().refuse(text)

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def key_path(self, move: Move) -> list[int]:
        """The pawn by its number (or Tab to it and Enter, past 9 pawns), then the destination's number."""
        src, dst = move
        keys: list[int] = []
        if self.selected != src:
            cells = self.piece_cells()
            keys = [pygame.K_1 + cells.index(src)] if len(cells) <= 9 else self.tab_keys(src)
        return keys + [pygame.K_1 + self.state.destinations(src).index(dst)]

    # -- the player's choice ---------------------------------------------------------------------
    def clear_destination(self) -> None:
        self.dest_index = 0

    def keyboard_destination(self) -> Cell:
        dests = self.destinations()
        return dests[self.dest_index % len(dests)]

    def handle(self, event: pygame.event.Event) -> bool:
        board = self.move_list.board_event(event) if self.move_list.enabled else event
        if self.nimbers_offered() and ((event.type == pygame.KEYDOWN and event.key == pygame.K_n) or (
                board.type == pygame.MOUSEBUTTONDOWN and board.button == 1
                and self.nimbers_rect().collidepoint(board.pos))):
            self.toggle_nimbers()
            return True
        if not self.demo and ((event.type == pygame.KEYDOWN and event.key == pygame.K_v) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rotate_rect().collidepoint(event.pos))):
            self.rotate()
            return True
        return super().handle(event)

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos      # for the rotate button
        return super().board_input(event)

    def piece_key(self, key: int) -> bool:
        """1-9: the pawn of that number, as in the seed's menu."""
        if key not in DIGIT_KEYS:
            return False
        cells = self.piece_cells()
        n = DIGIT_KEYS[key]
        if n <= len(cells):
            self.select(cells[n - 1])
        else:
            self.refuse(tr("grid.no_pawn_n", n=n))
        return True

    def destination_key(self, key: int) -> bool:
        """Left/right (or up/down) and Enter, or 1-4: the destination; Backspace cancels."""
        dests = self.destinations()
        if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            self.dest_index = (self.dest_index + step) % len(dests)
            self.services.sounds.play("hover", 0.6)
        elif key in CONFIRM:
            self.submit((self.selected, dests[self.dest_index % len(dests)]))
        elif key in DIGIT_KEYS:
            n = DIGIT_KEYS[key]
            if n <= len(dests):
                self.submit((self.selected, dests[n - 1]))
            elif self.selected is not None:
                self.refuse(tr("grid.only_n", row=self.selected[0], col=self.selected[1], n=len(dests)))
        elif key == pygame.K_BACKSPACE:
            self.select(None)
        else:
            return False
        return True

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: GridState, move: Move, after: GridState) -> float:
        src, dst = move
        self.last = (src, dst, before.to_move)
        return self.begin_slide(0.3 + 0.12 * (abs(dst[0] - src[0]) + abs(dst[1] - src[1])),
                                0.65 if dst == before.sink else 0.0)

    def undo(self) -> None:
        super().undo()
        if self.match.moves:
            src, dst = self.match.moves[-1]
            self.last = (src, dst, self.match.states[-2].to_move)
        else:
            self.last = None

    def describe(self, move: Move, before: GridState) -> str:
        (r, c), (r2, c2) = move
        key = N_("grid.fell") if (r2, c2) == before.sink else N_("grid.moved")
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
        """A frame over the cached board: the sink's swirl, the last move, the hint, the destinations,
        the pawns, the cursor, the sliding pawn, then the side panel and the rotate button."""
        geo, time = self.geo, self.time
        surface.blit(self.static, geo.static)
        if self.nimbers_shown():
            surface.blit(self.nimber_overlay, geo.grid)
        draw_swirl(surface, self.swirl, geo.cell_center(geo.sink), time)
        moving = self.anim is not None and self.before is not None and self.anim_move is not None
        if self.last is not None and not moving:      # in the mover's colour
            src, dst, who = self.last
            seat = self.match.seat_of(who)
            color = theme.lerp_color(theme.PANEL, theme.PLAYER_COLORS[seat], 0.7)
            draw_trail(surface, geo, (src, dst), color)
        hint = self.hint_move()
        if hint is not None:
            draw_hint(surface, geo, hint, time, 0.28, halo=geo.cell < 40)
        dests = self.destinations() if self.human_turn() else []
        focused = self.focused_destination()
        draw_dest_cells(surface, geo, dests, focused)
        counts = self.drawn_pieces()
        chosen = self.selected if self.human_turn() else None
        for cell, k in counts.items():
            draw_pawn(surface, geo, cell, k, cell == chosen, hint is not None and cell == hint[0])
        draw_dest_numbers(surface, geo, dests, focused, counts)
        draw_cursor(surface, geo, *self.pointed(counts), time)
        if moving:
            color = theme.PLAYER_COLORS[self.match.seat_of(self.before.to_move)]
            draw_moving(surface, geo, self.anim_move, self.anim_t, self.slide_frac, color)
        self._draw_panel(surface)
        if not self.demo:
            button = self.rotate_rect()
            lit = self.hover_pos is not None and button.collidepoint(self.hover_pos)
            draw_rotate_button(surface, button, lit)
        if self.nimbers_offered():
            button = self.nimbers_rect()
            draw_toggle(surface, button, tr("grid.nimbers_button"), self.show_nimbers,
                        self.hover_pos is not None and button.collidepoint(self.hover_pos))

    def nimbers_shown(self) -> bool:
        return self.show_nimbers or (self.hint is not None and self.human_turn())

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
            self._panel = (key, render_panel(self.geo.panel, key[0], key[1]))
        surface.blit(self._panel[1], self.geo.panel)
