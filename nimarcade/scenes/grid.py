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

import math
from collections import Counter
from typing import Any

import pygame

from nimarcade.ai.hints import Hint
from nimarcade.i18n import language, tr
from nimarcade.rules.grid import Cell, GridState, Move
from nimarcade.ui import theme
from nimarcade.ui.richtext import arrow
from nimarcade.ui.tween import clamp01, ease_in_out, ease_in_quad, lerp2

from .game import BOARD, GameScene
from .grid_art import (SWIRL_FPS, cell_fill, pawn_surface, render_overlay, render_panel, render_static,
                       render_swirl)
from .grid_explain import explain_lines

PANEL_W = 420
GAP = 26
LABEL = 28          # room for the row and column numbers
MAX_CELL = 84
DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class GridScene(GameScene):
    game = "grid"

    def __init__(self, app, config, director=None) -> None:
        self.selected: Cell | None = None   # the pawn chosen, waiting for its destination
        self.auto_selected = False          # chosen for the player (only one pawn left)
        self.cursor: Cell | None = None     # keyboard cursor over the pawn cells
        self.dest_index = 0                 # keyboard choice among the destinations
        self.hover: Cell | None = None
        self.keyboard = False               # the last input came from the keyboard: show the cursor
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
        if self._geometry == (rows, cols, language()):
            return
        self._geometry = (rows, cols, language())
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
                                    self.sink_r)
        self.overlay = render_overlay(rows, cols, self.cell)
        self.swirl = render_swirl(self.sink_r)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        r, c = cell
        g, k = self.grid_rect, self.cell
        return pygame.Rect(g.left + (c - 1) * k, g.top + (r - 1) * k, k, k)

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.grid_rect.collidepoint(pos):
            return None
        g, k = self.grid_rect, self.cell
        return ((pos[1] - g.top) // k + 1, (pos[0] - g.left) // k + 1)

    # -- the player's choice ---------------------------------------------------------------------
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

    def _click(self, pos: tuple[int, int], button: int) -> bool:
        cell = self.cell_at(pos)
        if button == 3:
            if self.selected is not None:
                self.select(None)
                return True
            return False
        if button != 1:
            return False
        self.keyboard = False
        if cell is None:
            if self.selected is not None and BOARD.collidepoint(pos):
                self.select(None)       # a click elsewhere cancels the choice
                return True
            return False
        if self.selected is not None and cell in self.destinations():
            self.submit((self.selected, cell))
        elif cell in self.state.pawns:
            self.select(None if cell == self.selected else cell)
        elif self.selected is not None:
            self.submit((self.selected, cell))   # refused with the rules' reason
        else:
            self.refuse(tr("err.grid.no_pawn", row=cell[0], col=cell[1]))
        return True

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
            if key in (pygame.K_RIGHT, pygame.K_LEFT):
                self._cycle(1 if key == pygame.K_RIGHT else -1)
            elif key in (pygame.K_UP, pygame.K_DOWN):
                self._vertical(-1 if key == pygame.K_UP else 1)
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
        st, cell = self.state, self.cell
        surface.blit(self.static, self.static_rect)
        if self.nimbers_shown():
            surface.blit(self.overlay, self.grid_rect)
        self._draw_sink_swirl(surface)
        moving = self.anim is not None and self.before is not None and self.anim_move is not None
        if self.last is not None and not moving:
            src, dst, who = self.last
            color = theme.lerp_color(theme.PANEL, theme.PLAYER_COLORS[self.match.seat_of(who)], 0.7)
            pygame.draw.line(surface, color, self.cell_center(src), self.cell_center(dst), max(2, cell // 12))
            pygame.draw.circle(surface, color, self.cell_center(src), max(2, cell // 10))
        hint = self.hint_move()
        if hint is not None:
            glow = theme.lerp_color(theme.PANEL, theme.GOOD, 0.55 + 0.45 * theme.pulse(self.time, 5))
            for c in hint:
                if cell < 40:   # small cells: a halo and a pulsing ring, so the hint can't be missed
                    g = theme.glow(round(cell * 1.4), theme.GOOD, 170)
                    surface.blit(g, g.get_rect(center=self.cell_center(c)))
                    pygame.draw.circle(surface, glow, self.cell_center(c),
                                       max(cell * 0.8, 14) + 6 * theme.pulse(self.time, 5), 2)
                pygame.draw.rect(surface, glow, self.cell_rect(c).inflate(-2, -2), max(2, cell // 14),
                                 border_radius=max(2, cell // 6))
            arrow(surface, theme.GOOD, self.cell_center(hint[0]), self.cell_center(hint[1]),
                  max(2, cell // 12), max(6, cell * 0.28))
        dests = self.destinations() if self.selected is not None and self.human_turn() else []
        focused = self._focused_destination(dests)
        for d in dests:
            surface.blit(cell_fill(cell, theme.ACCENT, 170 if d == focused else (110 if cell < 40 else 70)),
                         self.cell_rect(d))
        # Pawns: the state after the move, without the one still sliding.
        pawns = list(st.pawns)
        if moving and self.anim_move[1] in pawns:
            pawns.remove(self.anim_move[1])
        counts = Counter(pawns)
        for cellpos, k in counts.items():
            self._draw_pawn(surface, cellpos, k, hint)
        # Destination numbers above the pawns they may cover, in the seed's order.
        size = max(15, min(34, round(cell * 0.55)))
        for i, d in enumerate(dests):
            rect = self.cell_rect(d)
            if d == focused:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(2, 2), max(2, cell // 14),
                                 border_radius=max(2, cell // 6))
            corner = (rect.right - size // 3, rect.top + size // 3)
            where = rect.center if d not in counts or cell < 40 else corner
            img = theme.text(str(i + 1), size, theme.TEXT if d == focused else (255, 236, 200))
            box = img.get_rect(center=where)
            if d in counts:     # over a pawn: on a dark tab so the number stays readable
                pygame.draw.rect(surface, (60, 40, 10), box.inflate(6, 0), border_radius=4)
            surface.blit(theme.text(str(i + 1), size, (0, 0, 0)), box.move(1, 1))
            surface.blit(img, box)
        if self.keyboard and self.human_turn() and self.selected is None and self.cursor in counts:
            rect = self.cell_rect(self.cursor).inflate(4, 4)
            color = theme.lerp_color(theme.ACCENT_DARK, theme.ACCENT, theme.pulse(self.time, 6))
            pygame.draw.rect(surface, color, rect, max(2, cell // 14), border_radius=max(3, cell // 5))
        elif self.hover in counts and self.selected is None and self.human_turn():
            pygame.draw.rect(surface, theme.ACCENT, self.cell_rect(self.hover).inflate(2, 2), 2,
                             border_radius=max(3, cell // 5))
        if moving:
            self._draw_moving(surface)
        self._draw_panel(surface)

    def nimbers_shown(self) -> bool:
        return self.show_nimbers or (self.hint is not None and self.human_turn())

    def _focused_destination(self, dests: list[Cell]) -> Cell | None:
        if not dests:
            return None
        if self.keyboard:
            return dests[self.dest_index % len(dests)]
        return self.hover if self.hover in dests else None

    def _draw_sink_swirl(self, surface: pygame.Surface) -> None:
        frame = self.swirl[int(self.time * SWIRL_FPS) % len(self.swirl)]
        surface.blit(frame, frame.get_rect(center=self.cell_center(self.state.sink)))

    def _draw_pawn(self, surface: pygame.Surface, cell: Cell, count: int, hint: Move | None) -> None:
        x, y = self.cell_center(cell)
        ring = None
        lift = 0
        if cell == self.selected and self.human_turn():
            ring = theme.ACCENT
            lift = max(1, self.cell // 14)
            g = theme.glow(self.pawn_r * 2 + 4, theme.ACCENT, 130)
            surface.blit(g, g.get_rect(center=(x, y)))
        elif hint is not None and cell == hint[0]:
            ring = theme.GOOD
        elif count > 1 and self.cell < 40:
            ring = theme.BAD
        img = pawn_surface(self.pawn_r, ring)
        if count > 1 and self.cell >= 40:   # a stack: a second pawn peeking out behind, and a badge
            back = pawn_surface(self.pawn_r)
            surface.blit(back, back.get_rect(center=(x + self.pawn_r * 0.25, y - lift + self.pawn_r * 0.22)))
        surface.blit(img, img.get_rect(center=(x, y - lift)))
        if count < 2:
            return
        if self.cell >= 40:
            br = max(9, round(self.cell * 0.15))
            bx, by = x + self.pawn_r * 0.8, y - lift - self.pawn_r * 0.8
            pygame.draw.circle(surface, (20, 20, 30), (bx, by), br + 1)
            pygame.draw.circle(surface, theme.BAD, (bx, by), br)
            theme.blit_text(surface, str(count), (bx, by + 1), max(14, round(br * 1.7)), theme.TEXT, "center")
        else:           # small cells: the count written on the pawn itself, which gets a red ring
            theme.blit_text(surface, str(count), (x, y - lift + 1), max(12, round(self.pawn_r * 2)),
                            (90, 20, 20), "center")

    def _draw_moving(self, surface: pygame.Surface) -> None:
        src, dst = self.anim_move
        t = self.anim.t
        seat = self.match.seat_of(self.before.to_move)
        img = pawn_surface(self.pawn_r, theme.PLAYER_COLORS[seat])
        a, b = self.cell_center(src), self.cell_center(dst)
        if t < self.slide_frac or dst != self.state.sink:
            u = ease_in_out(clamp01(t / self.slide_frac))
            x, y = lerp2(a, b, u)
            y -= math.sin(math.pi * u) * self.cell * 0.12
            surface.blit(img, img.get_rect(center=(x, y)))
            return
        # Into the hole: spiral in, spin and shrink; the rim flashes.
        u = clamp01((t - self.slide_frac) / (1 - self.slide_frac))
        k = ease_in_quad(u)
        ang = u * 4 * math.pi
        rr = self.sink_r * 0.3 * (1 - k)
        pos = (b[0] + rr * math.cos(ang), b[1] + rr * math.sin(ang))
        rim = theme.lerp_color(theme.PANEL_EDGE, theme.ACCENT, 1 - u)
        pygame.draw.circle(surface, rim, b, self.sink_r, max(2, round(self.sink_r * 0.12)))
        if u < 0.97:
            spun = pygame.transform.rotozoom(img, -u * 540, 1 - k * 0.97)
            surface.blit(spun, spun.get_rect(center=pos))

    # -- the side panel --------------------------------------------------------------------------
    def panel_lines(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        st = self.state
        out: list[tuple[str, int, tuple[int, int, int]]] = [
            (tr("grid.pawns_left", n=len(st.pawns)), 26, theme.TEXT),
            (tr("grid.sink", row=st.rows, col=st.cols), 20, theme.TEXT_DIM),
            ("", 8, theme.TEXT),
        ]
        if st.is_over:
            return out
        if not self.human_turn():
            out.append((tr("grid.waiting", name=self.player_name(st.to_move)), 22, theme.TEXT_DIM))
            return out
        if self.selected is not None:
            r, c = self.selected
            if self.auto_selected:
                out.append((tr("grid.only_one", row=r, col=c), 22, theme.TEXT))
            out.append((tr("grid.selected", row=r, col=c), 24, theme.ACCENT))
            dests = self.destinations()
            out.append(("   ".join(f"{i + 1}:({a},{b})" for i, (a, b) in enumerate(dests)), 24, theme.TEXT))
            out.append((tr("grid.keys_dest", n=len(dests)), 19, theme.TEXT_DIM))
        else:
            cells = self.pawn_cells()
            out.append((tr("grid.choose_pawn"), 24, theme.ACCENT))
            if len(cells) <= 9:
                menu = "   ".join(f"{i + 1}:({a},{b})" for i, (a, b) in enumerate(cells))
                out.append((menu, 22, theme.TEXT))
                out.append((tr("grid.keys_pawn_digits", n=len(cells)), 19, theme.TEXT_DIM))
            else:
                out.append((tr("grid.keys_pawn"), 19, theme.TEXT_DIM))
        look = self.selected or (self.hover if not self.keyboard else self.cursor)
        if look is not None and st.count_at(look) > 1:
            stacked = tr("grid.stacked", n=st.count_at(look), row=look[0], col=look[1])
            out.append((stacked, 19, theme.TEXT_DIM))
        if self.hint is not None:
            out.append(("", 6, theme.TEXT))
            for line in self.explain(self.hint)[1:]:
                out.append((line, 19, theme.GOOD))
        return out

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel is re-rendered only when its content changes (a few times per turn)."""
        key = (tuple(self.panel_lines()), self.nimbers_shown(), language())
        if self._panel is None or self._panel[0] != key:
            self._panel = (key, render_panel(self.panel_rect, key[0], key[1]))
        surface.blit(self._panel[1], self.panel_rect)
