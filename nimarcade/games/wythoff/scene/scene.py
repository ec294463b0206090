"""« La reine au puits » (Wythoff's game): pick a queen, then slide it right, down or diagonally.

Mouse: click a queen, then one of the lit cells it can reach (the cell under the pointer shows a
ghost queen); a click elsewhere or a right-click cancels, a click on another queen picks that one.
Keyboard: left/right or Tab go from queen to queen in reading order, up/down to the nearest queen
above/below, Enter or Space picks it; then right, down or Page Down (also keypad 6, 2, 3 and End)
slide the destination one cell further along that line, left/up/Page Up come back, Enter plays;
Backspace cancels. A lone queen is picked for you. G shows every cell's Grundy value; the hint
(H) shows the cold cells and explains them.

The board, its numbers, the well and the overlays are drawn once per board size into Surfaces; a
frame draws only the queens, highlights and the side panel, so a 30×30 board stays cheap. What the
pawns do alike (the cursor, the mouse, the geometry, the slide and fall) is in
``nimarcade/games/sinkboard/scene.py``; this scene keeps the destination slid along a line, and its drawing.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, language, tr
from nimarcade.games.sinkboard.rules import Cell, Move
from nimarcade.games.wythoff.rules import WythoffState, slide_of
from nimarcade.window.ui import theme

from nimarcade.games.sinkboard.scene import CONFIRM, SinkBoardScene
from nimarcade.games.sinkboard.art import Line, draw_cursor, draw_hint, draw_swirl, draw_toggle, draw_trail, render_swirl
from nimarcade.games.wythoff.scene.art import dest_mark, draw_focus, draw_moving, draw_queen, render_overlay, render_panel, render_static
from nimarcade.window.scenes.theory import TheoryToggle
from nimarcade.games.wythoff.scene.explain import explain_lines, panel_lines, preferred, theory_lines

#: Keys that slide the destination one cell further along a line: right, down, diagonal.
FORWARD = {pygame.K_RIGHT: (0, 1), pygame.K_KP6: (0, 1), pygame.K_DOWN: (1, 0), pygame.K_KP2: (1, 0),
           pygame.K_PAGEDOWN: (1, 1), pygame.K_KP3: (1, 1), pygame.K_END: (1, 1)}
BACK = (pygame.K_LEFT, pygame.K_UP, pygame.K_PAGEUP, pygame.K_KP4, pygame.K_KP8, pygame.K_KP9, pygame.K_HOME)
KEY_OF_DIRECTION = {(0, 1): pygame.K_RIGHT, (1, 0): pygame.K_DOWN, (1, 1): pygame.K_PAGEDOWN}
THEORY_ROOM = 44    # the side panel's room for the « More details (T) » button, above its legend


class WythoffScene(SinkBoardScene):
    PIECE = (0.34, 0.4)

    def __init__(self, services, config, director=None) -> None:
        self.target: Cell | None = None     # keyboard destination
        self.show_grundy = False            # G: every cell's Grundy value
        self.grundy_hover = False           # the mouse over « Grundy (G) »
        self.last: tuple[Cell, Cell, WythoffState] | None = None   # the last move, and the state it made
        self._explained: tuple[Any, list[str]] | None = None
        self._panel: tuple[Any, pygame.Surface] | None = None
        self.theory = TheoryToggle(services)     # T: the hint's theory under its sentence for the player
        super().__init__(services, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def render_board(self) -> None:
        self.static = render_static(self.geo)
        self.cold_overlay = render_overlay(self.geo, numbers=False)
        self.grundy_overlay = render_overlay(self.geo, numbers=True)
        self.swirl = render_swirl(self.geo.sink_r * 0.7)

    # -- paths for the generic tests -------------------------------------------------------------
    def key_path(self, move: Move) -> list[int]:
        """The keys to press, in order, to play ``move`` at the start of a human turn."""
        src, dst = move
        keys = self.tab_keys(src) if self.selected != src else []
        step, k = slide_of(src, dst)
        return keys + [KEY_OF_DIRECTION[step]] * k + [pygame.K_RETURN]

    # -- the player's choice ---------------------------------------------------------------------
    def clear_destination(self) -> None:
        self.target = None

    def keyboard_destination(self) -> Cell | None:
        return self.target

    def focused(self) -> Cell | None:
        """The destination the player is looking at: the keyboard's, or the one under the mouse."""
        return self.focused_destination()

    def handle(self, event: pygame.event.Event) -> bool:
        board = self.move_list.board_event(event) if self.move_list.enabled else event
        if board.type == pygame.MOUSEMOTION:
            self.grundy_hover = self.grundy_rect().collidepoint(board.pos)
        if self.grundy_offered() and ((event.type == pygame.KEYDOWN and event.key == pygame.K_g) or (
                board.type == pygame.MOUSEBUTTONDOWN and board.button == 1
                and self.grundy_rect().collidepoint(board.pos))):
            self.show_grundy = not self.show_grundy
            self.services.notify(tr(N_("wythoff.overlay_on") if self.show_grundy else N_("wythoff.overlay_off")))
            return True
        if not self.demo and self.theory.handle(board, self.theory_rect()):
            return True
        return super().handle(event)

    def destination_key(self, key: int) -> bool:
        """Right, down or Page Down slide the destination along a line, left/up/Page Up come back,
        Enter plays; Backspace clears the destination, then the queen."""
        if key in FORWARD:
            self._slide_target(FORWARD[key])
        elif key in BACK:
            if self.target is not None:
                step, k = slide_of(self.picked, self.target)
                self.target = None if k <= 1 else (self.target[0] - step[0], self.target[1] - step[1])
                self.services.sounds.play("hover", 0.6)
        elif key in CONFIRM:
            if self.target is None:
                self.refuse(tr("wythoff.pick_target"))
            else:
                self.submit((self.selected, self.target))
        elif key == pygame.K_BACKSPACE:
            if self.target is not None:
                self.target = None
            else:
                self.select(None)
        else:
            return False
        return True

    def _slide_target(self, step: tuple[int, int]) -> None:
        """One cell further along ``step``'s line (back to the queen's neighbour on a new line)."""
        base = self.picked
        if self.target is not None and slide_of(base, self.target)[0] == step:
            base = self.target
        nxt = (base[0] + step[0], base[1] + step[1])
        if nxt[0] <= self.state.rows and nxt[1] <= self.state.cols:
            self.target = nxt
            self.services.sounds.play("hover", 0.6)

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: WythoffState, move: Move, after: WythoffState) -> float:
        src, dst = move
        self.last = (src, dst, after)
        return self.begin_slide(min(1.0, 0.28 + 0.06 * slide_of(src, dst)[1]),
                                0.7 if dst == before.sink else 0.0)

    def describe(self, move: Move, before: WythoffState) -> str:
        (r, c), (r2, c2) = move
        return tr(N_("wythoff.fell") if (r2, c2) == before.sink else N_("wythoff.moved"), r=r, c=c, r2=r2, c2=c2)

    def explain(self, hint: Hint) -> list[str]:
        """The hint for the player, then its theory when it is asked for (T). Cached: it is read
        every frame while the hint is shown."""
        key = (hint, self.state, language(), self.theory.shown)
        if self._explained is None or self._explained[0] != key:
            theory = theory_lines(self.state, hint) if self.theory.shown else []
            self._explained = (key, explain_lines(self.state, hint) + theory)
        return self._explained[1]

    # -- drawing ---------------------------------------------------------------------------------
    def hint_shown(self) -> bool:
        return self.hint is not None and self.human_turn()

    def hint_move(self) -> Move | None:
        return preferred(self.state, self.hint) if self.hint is not None and self.hint_shown() else None

    def draw_board(self, surface: pygame.Surface) -> None:
        """A frame over the cached board: an overlay, the well's swirl, the last move, the reachable
        cells, the queens, the hint, the destination looked at, the cursor, the sliding queen, and
        the side panel."""
        geo, cell = self.geo, self.geo.cell
        surface.blit(self.static, geo.static)
        if self.show_grundy:
            surface.blit(self.grundy_overlay, geo.grid)
        elif self.hint_shown():
            surface.blit(self.cold_overlay, geo.grid)
        draw_swirl(surface, self.swirl, geo.cell_center(geo.sink), self.time)
        moving = self.anim is not None and self.anim_move is not None
        if self.last is not None and self.last[2] == self.state and not moving:   # (not once undone)
            draw_trail(surface, geo, self.last[:2], theme.lerp_color(theme.PANEL, theme.ACCENT, 0.55))
        mark = dest_mark(cell)
        for d in self.destinations() if self.human_turn() else []:
            surface.blit(mark, geo.cell_rect(d))
        hint = self.hint_move()
        counts = self.drawn_pieces()
        chosen = self.selected if self.human_turn() else None
        for q, k in counts.items():
            ring = theme.ACCENT if q == chosen else theme.GOOD if hint is not None and q == hint[0] else \
                theme.BAD if k > 1 else None
            draw_queen(surface, geo.cell_center(q), geo.piece_r, cell, k, ring, q == chosen)
        if hint is not None:    # over the queens, which may stand on its path
            draw_hint(surface, geo, hint, self.time, 0.3)
        focus = self.focused()
        if focus is not None:
            draw_focus(surface, geo.cell_center(self.picked), geo.cell_rect(focus), geo.piece_r)
        draw_cursor(surface, geo, *self.pointed(counts), self.time)
        if moving:
            draw_moving(surface, geo, self.anim_move, self.anim_t, self.slide_frac)
        self._draw_panel(surface)

    # -- the side panel --------------------------------------------------------------------------
    def panel_lines(self) -> list[Line]:
        waiting = None if self.human_turn() else self.player_name(self.state.to_move)
        look = self.selected or (self.cursor if self.keyboard else self.hover)
        reasons = self.explain(self.hint)[1:] if self.hint is not None else None
        return panel_lines(self.state, waiting, self.selected, self.auto_selected, self.focused(), look, reasons)

    def theory_rect(self) -> pygame.Rect | None:
        """« More details (T) », at the foot of the side panel while a hint is shown."""
        if not self.hint_shown() or self.hint_pending:
            return None
        panel = self.geo.panel
        return pygame.Rect(panel.left + 16, panel.bottom - THEORY_ROOM - 58, 250, 34)

    def grundy_offered(self) -> bool:
        """« Grundy (G) » is there: not in a demo, nor where the game gives no help (a puzzle: the
        values would give its answer away)."""
        return not self.demo and self.turns.assists

    def grundy_rect(self) -> pygame.Rect:
        """« Grundy (G) », in the row of « Plus de détails (T) », on its right: G by the mouse."""
        panel = self.geo.panel
        left = panel.left + 16 + 250 + 10
        return pygame.Rect(left, panel.bottom - THEORY_ROOM - 58, panel.right - 16 - left, 34)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """Re-rendered only when its content changes (a few times per turn)."""
        button = self.theory_rect()
        key = (tuple(self.panel_lines()), self.hint_shown() or self.show_grundy, language(), button is not None)
        if self._panel is None or self._panel[0] != key:
            self._panel = (key, render_panel(self.geo.panel, key[0], key[1], 0 if self.demo else THEORY_ROOM))
        surface.blit(self._panel[1], self.geo.panel)
        if self.grundy_offered():
            draw_toggle(surface, self.grundy_rect(), tr("wythoff.grundy_button"), self.show_grundy, self.grundy_hover)
        if button is not None:
            self.theory.draw(surface, button, 20)
