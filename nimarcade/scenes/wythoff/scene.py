"""« La reine au puits » (Wythoff's game): pick a queen, then slide it right, down or diagonally.

Mouse: click a queen, then one of the lit cells it can reach (the cell under the pointer shows a
ghost queen); a click elsewhere or a right-click cancels, a click on another queen picks that one.
Keyboard: left/right or Tab go from queen to queen in reading order, up/down to the nearest queen
above/below, Enter or Space picks it; then right, down or Page Down (also keypad 6, 2, 3 and End)
slide the destination one cell further along that line, left/up/Page Up come back, Enter plays;
Backspace cancels. A lone queen is picked for you. G shows every cell's Grundy value; the hint
(H) shows the cold cells and explains them.

The board, its numbers, the well and the overlays are drawn once per board size into Surfaces; a
frame draws only the queens, highlights and the side panel, so a 30×30 board stays cheap.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from nimarcade.ai.hints import Hint
from nimarcade.i18n import language, tr
from nimarcade.rules.wythoff import Cell, Move, WythoffState, slide_of
from nimarcade.ui import theme
from nimarcade.ui.richtext import arrow
from nimarcade.ui.tween import clamp01, ease_in_out, lerp2

from ..game import BOARD, GameScene
from .art import (SWIRL_FPS, dest_mark, draw_fall, draw_focus, draw_queen, queen_surface, render_overlay,
                          render_panel, render_static, render_swirl)
from ..pieces import PickPieceThenCell
from .explain import Line, explain_lines, panel_lines, preferred

PANEL_W = 420
GAP = 26
LABEL = 28
MAX_CELL = 84
CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: Keys that slide the destination one cell further along a line: right, down, diagonal.
FORWARD = {pygame.K_RIGHT: (0, 1), pygame.K_KP6: (0, 1), pygame.K_DOWN: (1, 0), pygame.K_KP2: (1, 0),
           pygame.K_PAGEDOWN: (1, 1), pygame.K_KP3: (1, 1), pygame.K_END: (1, 1)}
BACK = (pygame.K_LEFT, pygame.K_UP, pygame.K_PAGEUP, pygame.K_KP4, pygame.K_KP8, pygame.K_KP9, pygame.K_HOME)
KEY_OF_DIRECTION = {(0, 1): pygame.K_RIGHT, (1, 0): pygame.K_DOWN, (1, 1): pygame.K_PAGEDOWN}


class WythoffScene(PickPieceThenCell, GameScene):
    game = "wythoff"

    def __init__(self, app, config, director=None) -> None:
        self.selected: Cell | None = None   # the queen chosen, waiting for its destination
        self.auto_selected = False          # chosen for the player (only one queen)
        self.cursor: Cell | None = None     # keyboard cursor over the queens
        self.target: Cell | None = None     # keyboard destination
        self.hover: Cell | None = None
        self.keyboard = False               # the last input came from the keyboard
        self.show_grundy = False            # G: every cell's Grundy value
        self.fall_pending = False
        self.slide_frac = 1.0
        self.last: tuple[Cell, Cell, WythoffState] | None = None   # the last move, and the state it made
        self._geometry: tuple[int, int, str] | None = None
        self._explained: tuple[Any, list[str]] | None = None
        self._panel: tuple[Any, pygame.Surface] | None = None
        super().__init__(app, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        rows, cols = self.state.rows, self.state.cols
        if self._geometry == (rows, cols, language()):
            return
        self._geometry = (rows, cols, language())
        region_w = BOARD.width - PANEL_W - GAP
        self.cell = max(8, min(MAX_CELL, (region_w - LABEL - 8) // cols, (BOARD.height - LABEL - 8) // rows))
        gw, gh = self.cell * cols, self.cell * rows
        left = BOARD.left + LABEL + (region_w - LABEL - gw) // 2
        top = BOARD.top + LABEL + (BOARD.height - LABEL - gh) // 2
        self.grid_rect = pygame.Rect(left, top, gw, gh)
        self.panel_rect = pygame.Rect(BOARD.right - PANEL_W, BOARD.top, PANEL_W, BOARD.height)
        self.queen_r = max(6, round(self.cell * (0.34 if self.cell >= 40 else 0.4)))
        self.sink_r = self.cell * 0.46 if self.cell >= 40 else min(self.cell * 0.62, self.cell / 2 + 2)
        extra = 90 if self.cell < 40 else 0     # room for the word « puits » beside a small well
        self.static_rect = pygame.Rect(left - LABEL - 6, top - LABEL - 6, gw + LABEL + 14 + extra, gh + LABEL + 14)
        self.static = render_static(rows, cols, self.cell, self.grid_rect, self.static_rect,
                                    1 if self.cell >= 24 else 5, self.sink_r)
        self.cold_overlay = render_overlay(rows, cols, self.cell, numbers=False)
        self.grundy_overlay = render_overlay(rows, cols, self.cell, numbers=True)
        self.swirl = render_swirl(self.sink_r * 0.7)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        g, k = self.grid_rect, self.cell
        return pygame.Rect(g.left + (cell[1] - 1) * k, g.top + (cell[0] - 1) * k, k, k)

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.grid_rect.collidepoint(pos):
            return None
        g, k = self.grid_rect, self.cell
        return ((pos[1] - g.top) // k + 1, (pos[0] - g.left) // k + 1)

    # -- paths for the generic tests -------------------------------------------------------------
    def key_path(self, move: Move) -> list[int]:
        """The keys to press, in order, to play ``move`` at the start of a human turn."""
        src, dst = move
        keys: list[int] = []
        if self.selected != src:
            cells = self.state.queen_cells()
            start = cells.index(self.cursor) if self.cursor in cells else 0
            keys += [pygame.K_TAB] * ((cells.index(src) - start) % len(cells)) + [pygame.K_RETURN]
        step, k = slide_of(src, dst)
        return keys + [KEY_OF_DIRECTION[step]] * k + [pygame.K_RETURN]

    # -- the player's choice ---------------------------------------------------------------------
    def destinations(self) -> list[Cell]:
        return self.state.destinations(self.selected) if self.selected is not None else []

    def piece_cells(self) -> list[Cell]:
        return self.state.queen_cells()

    def no_piece_text(self, cell: Cell) -> str:
        return tr("err.wythoff.no_queen", row=cell[0], col=cell[1])

    def select(self, cell: Cell | None, auto: bool = False) -> None:
        self.selected, self.target = cell, None
        self.auto_selected = auto and cell is not None
        if cell is not None:
            self.cursor = cell
            if not auto:
                self.app.sounds.play("click", 0.7)

    def on_new_turn(self) -> None:
        self.select(None)
        cells = self.state.queen_cells()
        if self.cursor not in cells:
            self.cursor = cells[0] if cells else None
        if self.human_turn() and len(self.state.queens) == 1:
            self.select(self.state.queens[0], auto=True)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and not self.demo:
            if event.key == pygame.K_g:
                self.show_grundy = not self.show_grundy
                self.app.notify(tr("wythoff.overlay_on" if self.show_grundy else "wythoff.overlay_off"))
                return True
            if event.key == pygame.K_BACKSPACE and self.selected is not None and self.human_turn():
                if self.target is not None:
                    self.target = None
                else:
                    self.select(None)
                return True
        return super().handle(event)

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

    def _key(self, key: int, mod: int) -> bool:
        cells = self.state.queen_cells()
        if not cells:
            return False
        self.keyboard = True
        if key == pygame.K_TAB:
            self.select(None)
            self._cycle(-1 if mod & pygame.KMOD_SHIFT else 1)
        elif self.selected is None:
            if key in (pygame.K_RIGHT, pygame.K_LEFT):
                self._cycle(1 if key == pygame.K_RIGHT else -1)
            elif key in (pygame.K_UP, pygame.K_DOWN):
                self._vertical(-1 if key == pygame.K_UP else 1)
            elif key in CONFIRM:
                self.select(self.cursor if self.cursor in cells else cells[0])
            else:
                return False
        elif key in FORWARD:
            self._slide_target(FORWARD[key])
        elif key in BACK:
            if self.target is not None:
                step, k = slide_of(self.selected, self.target)
                self.target = None if k <= 1 else (self.target[0] - step[0], self.target[1] - step[1])
                self.app.sounds.play("hover", 0.6)
        elif key in CONFIRM:
            if self.target is None:
                self.refuse(tr("wythoff.pick_target"))
            else:
                self.submit((self.selected, self.target))
        else:
            return False
        return True

    def _slide_target(self, step: tuple[int, int]) -> None:
        """One cell further along ``step``'s line (back to the queen's neighbour on a new line)."""
        base = self.selected
        if self.target is not None and slide_of(self.selected, self.target)[0] == step:
            base = self.target
        nxt = (base[0] + step[0], base[1] + step[1])
        if nxt[0] <= self.state.rows and nxt[1] <= self.state.cols:
            self.target = nxt
            self.app.sounds.play("hover", 0.6)

    def _cycle(self, step: int) -> None:
        cells = self.state.queen_cells()
        i = cells.index(self.cursor) if self.cursor in cells else -1 if step > 0 else 0
        self.cursor = cells[(i + step) % len(cells)]
        self.app.sounds.play("hover", 0.6)

    def _vertical(self, way: int) -> None:
        """The nearest queen in a row above (-1) or below (+1) the cursor."""
        r0, c0 = self.cursor or (1, 1)
        found = [c for c in self.state.queen_cells() if (c[0] - r0) * way > 0]
        if found:
            self.cursor = min(found, key=lambda c: (abs(c[0] - r0), abs(c[1] - c0), c[1]))
            self.app.sounds.play("hover", 0.6)

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: WythoffState, move: Move, after: WythoffState) -> float:
        src, dst = move
        slide = min(1.0, 0.28 + 0.06 * slide_of(src, dst)[1])
        fall = 0.7 if dst == before.sink else 0.0
        self.slide_frac = slide / (slide + fall)
        self.fall_pending = fall > 0
        self.app.sounds.play("slide")
        self.select(None)
        self.hover = None
        self.last = (src, dst, after)
        return slide + fall

    def update(self, dt: float) -> None:
        if self.fall_pending and (self.anim is None or self.anim.elapsed + dt >= self.anim.duration * self.slide_frac):
            self.fall_pending = False
            self.app.sounds.play("fall")
        super().update(dt)

    def describe(self, move: Move, before: WythoffState) -> str:
        (r, c), (r2, c2) = move
        return tr("wythoff.fell" if (r2, c2) == before.sink else "wythoff.moved", r=r, c=c, r2=r2, c2=c2)

    def explain(self, hint: Hint) -> list[str]:
        """Cached: it is read every frame while the hint is shown."""
        key = (hint, self.state, language())
        if self._explained is None or self._explained[0] != key:
            self._explained = (key, explain_lines(self.state, hint))
        return self._explained[1]

    # -- drawing ---------------------------------------------------------------------------------
    def hint_shown(self) -> bool:
        return self.hint is not None and self.human_turn()

    def hint_move(self) -> Move | None:
        return preferred(self.state, self.hint) if self.hint_shown() else None

    def focused(self) -> Cell | None:
        """The destination the player is looking at: the keyboard's, or the one under the mouse."""
        if self.selected is None or not self.human_turn():
            return None
        if self.keyboard:
            return self.target
        return self.hover if self.hover in self.destinations() else None

    def draw_board(self, surface: pygame.Surface) -> None:
        cell = self.cell
        surface.blit(self.static, self.static_rect)
        if self.show_grundy:
            surface.blit(self.grundy_overlay, self.grid_rect)
        elif self.hint_shown():
            surface.blit(self.cold_overlay, self.grid_rect)
        frame = self.swirl[int(self.time * SWIRL_FPS) % len(self.swirl)]
        surface.blit(frame, frame.get_rect(center=self.cell_center(self.state.sink)))
        moving = self.anim is not None and self.anim_move is not None
        if self.last is not None and self.last[2] == self.state and not moving:   # (not once undone)
            color = theme.lerp_color(theme.PANEL, theme.ACCENT, 0.55)
            pygame.draw.line(surface, color, self.cell_center(self.last[0]), self.cell_center(self.last[1]),
                             max(2, cell // 12))
            pygame.draw.circle(surface, color, self.cell_center(self.last[0]), max(2, cell // 10))
        dests = self.destinations() if self.human_turn() else []
        focus = self.focused()
        mark = dest_mark(cell)
        for d in dests:
            surface.blit(mark, self.cell_rect(d))
        hint = self.hint_move()
        queens = list(self.state.queens)
        if moving and self.anim_move[1] in queens:
            queens.remove(self.anim_move[1])
        counts = Counter(queens)
        for q, k in counts.items():
            self._draw_queen(surface, q, k, hint)
        if hint is not None:    # over the queens, which may stand on its path
            glow = theme.lerp_color(theme.PANEL, theme.GOOD, 0.55 + 0.45 * theme.pulse(self.time, 5))
            for c in hint:
                pygame.draw.rect(surface, glow, self.cell_rect(c).inflate(-2, -2), max(2, cell // 14),
                                 border_radius=max(2, cell // 6))
            arrow(surface, theme.GOOD, self.cell_center(hint[0]), self.cell_center(hint[1]),
                  max(2, cell // 12), max(6, cell * 0.3))
        if focus is not None:
            draw_focus(surface, self.cell_center(self.selected), self.cell_rect(focus), self.queen_r)
        if self.keyboard and self.human_turn() and self.selected is None and self.cursor in counts:
            color = theme.lerp_color(theme.ACCENT_DARK, theme.ACCENT, theme.pulse(self.time, 6))
            pygame.draw.rect(surface, color, self.cell_rect(self.cursor).inflate(4, 4), max(2, cell // 14),
                             border_radius=max(3, cell // 5))
        elif self.hover in counts and self.selected is None and self.human_turn():
            pygame.draw.rect(surface, theme.ACCENT, self.cell_rect(self.hover).inflate(2, 2), 2,
                             border_radius=max(3, cell // 5))
        if moving:
            self._draw_moving(surface)
        self._draw_panel(surface)

    def _draw_queen(self, surface: pygame.Surface, cell: Cell, count: int, hint: Move | None) -> None:
        chosen = cell == self.selected and self.human_turn()
        ring = theme.ACCENT if chosen else theme.GOOD if hint is not None and cell == hint[0] else \
            theme.BAD if count > 1 else None
        draw_queen(surface, self.cell_center(cell), self.queen_r, self.cell, count, ring, chosen)

    def _draw_moving(self, surface: pygame.Surface) -> None:
        src, dst = self.anim_move
        t = self.anim.t
        img = queen_surface(self.queen_r, theme.ACCENT)
        a, b = self.cell_center(src), self.cell_center(dst)
        if t < self.slide_frac or dst != self.state.sink:
            x, y = lerp2(a, b, ease_in_out(clamp01(t / self.slide_frac)))
            surface.blit(img, img.get_rect(center=(x, y)))
            return
        draw_fall(surface, img, b, self.sink_r, clamp01((t - self.slide_frac) / (1 - self.slide_frac)))

    # -- the side panel --------------------------------------------------------------------------
    def panel_lines(self) -> list[Line]:
        waiting = None if self.human_turn() else self.player_name(self.state.to_move)
        look = self.selected or (self.cursor if self.keyboard else self.hover)
        reasons = self.explain(self.hint)[1:] if self.hint is not None else None
        return panel_lines(self.state, waiting, self.selected, self.auto_selected, self.focused(), look, reasons)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """Re-rendered only when its content changes (a few times per turn)."""
        key = (tuple(self.panel_lines()), self.hint_shown() or self.show_grundy, language())
        if self._panel is None or self._panel[0] != key:
            self._panel = (key, render_panel(self.panel_rect, key[0], key[1]))
        surface.blit(self._panel[1], self.panel_rect)
