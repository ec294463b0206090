"""Matches in a row (seed 004): the seed's table of cells, a match standing in some of them.

A move takes 1 to ``max_take`` matches standing in consecutive cells; whoever takes the last match
loses. Cells are numbered from 1, as in the rules' messages ("case 5").

Mouse: click a match to select it, click a neighbour (or shift-click) to extend the run, click the
selection again (or the « Jouer » button) to play it; or press on a match, drag across up to
``max_take`` matches and release to play them. Right click clears the selection.
Keyboard: left/right move the selection, up/down (or +/-, or 1-9) change its length, Enter plays.
The selection only ever covers present, adjacent matches: extending past a gap or beyond the
largest take is refused, with the reason.
Taken matches burn: the head flares, the flame runs down the stick, the ash crumbles and fades.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.ai.hints import Hint
from nimarcade.i18n import language, tr
from nimarcade.rules.matches import RowState, segments
from nimarcade.ui import theme

from .game import BOARD, GameScene
from .matches_art import CELL_H, HEAD_H, MATCH_H, SLOT_FLOOR, TABLE_BG, draw_burning, match_surface
from .matches_explain import Run, cells_text, explain_lines, segments_text

#: Fractions of the move's animation: the run is shown, then each match burns in turn.
SHOW, STAGGER = 0.12, 0.06


def run_cells(run: Run) -> range:
    return range(run[0], run[0] + run[1])


class MatchesScene(GameScene):
    game = "matches"

    def __init__(self, app, config, director=None) -> None:
        self.sel: Run | None = None      # the run a person has selected
        self.cursor = 0                  # keyboard focus when nothing is selected
        self.hover: int | None = None    # cell under the mouse
        self.press: int | None = None    # cell where the mouse button went down
        self.press_sel: Run | None = None
        self.dragging = False
        self.drag_ok = True
        self.refused_at: int | None = None
        self.button_hover = False
        self._board_key: Any = None
        self._explained: tuple[Any, list[str]] | None = None
        self._wrapped: tuple[list[str], list[str]] | None = None
        self.lengths: list[int] = []
        super().__init__(app, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        n = self.state.length
        self.pitch = max(8, min(58, (BOARD.width - 20) // n))
        self.left = theme.WIDTH // 2 - self.pitch * n // 2
        self.head_top = BOARD.top + 44
        self.cell_top = self.head_top + HEAD_H
        self.cell_bottom = self.cell_top + CELL_H
        self.match_w = max(4, min(12, round(self.pitch * 0.24)))
        self.label_every = 1 if self.pitch >= 24 else 5
        self.table_rect = pygame.Rect(self.left, self.head_top, self.pitch * n, HEAD_H + CELL_H)
        self.button_rect = pygame.Rect(0, 0, 190, 44)
        self.button_rect.center = (theme.WIDTH // 2, self.cell_bottom + 104)
        key = (self.state.cells, language())
        if key != self._board_key:
            self._board_key = key
            self._render_board()

    def cell_rect(self, i: int) -> pygame.Rect:
        """The slot of cell ``i`` (0-based), below its number."""
        return pygame.Rect(self.left + i * self.pitch, self.cell_top, self.pitch, CELL_H)

    def match_rect(self, i: int) -> pygame.Rect:
        img = match_surface(self.match_w, MATCH_H)
        cell = self.cell_rect(i)
        return img.get_rect(midbottom=(cell.centerx, cell.bottom - 12))

    def cell_at(self, pos: tuple[int, int], margin: int = 16) -> int | None:
        """The cell under ``pos`` (its number or its slot), or None."""
        if not self.table_rect.inflate(0, margin * 2).collidepoint(pos):
            return None
        return (pos[0] - self.left) // self.pitch

    def column_at(self, x: int) -> int:
        return max(0, min(self.state.length - 1, (x - self.left) // self.pitch))

    # -- the cached board ----------------------------------------------------------------------------
    def _render_board(self) -> None:
        """The table, its numbers, the standing matches and the segment brackets, drawn once per
        position: a frame only blits this and draws what moves or glows on top."""
        size = (self.table_rect.width + 16, HEAD_H + CELL_H + 60)
        self.origin = (self.table_rect.left - 8, self.head_top - 4)
        self.empty_board = pygame.Surface(size, pygame.SRCALPHA)
        self._draw_table(self.empty_board)
        self.board = self.empty_board.copy()
        ox, oy = self.origin
        img = match_surface(self.match_w, MATCH_H)
        for i, present in enumerate(self.state.cells):
            if present:
                self.board.blit(img, self.match_rect(i).move(-ox, -oy))
        runs = segments(self.state.cells)
        self.lengths = [n for _, n in runs]
        for start, n in runs:
            self._bracket(self.board, start, n, theme.TEXT_DIM, (-ox, -oy))

    def _draw_table(self, surf: pygame.Surface) -> None:
        ox, oy = self.origin
        table = self.table_rect.move(-ox, -oy)
        theme.panel(surf, table.inflate(8, 8), TABLE_BG, theme.PANEL_EDGE, radius=8)
        head = pygame.Rect(table.left, table.top, table.width, HEAD_H)
        pygame.draw.rect(surf, theme.PANEL, head)
        for i in range(self.state.length):
            x = table.left + i * self.pitch
            slot = self.cell_rect(i).move(-ox, -oy)
            floor = pygame.Rect(slot.left + 3, slot.bottom - 14, slot.width - 6, 8)
            pygame.draw.rect(surf, SLOT_FLOOR, floor, border_radius=3)
            if i:
                pygame.draw.line(surf, theme.PANEL_EDGE, (x, table.top), (x, table.bottom - 1))
            label = i + 1
            if self.label_every == 1 or label % 5 == 0 or label == 1:
                size = 20 if self.pitch >= 30 else 16
                theme.blit_text(surf, str(label), (x + self.pitch / 2, table.top + HEAD_H / 2 + 1), size,
                                theme.TEXT, "center")
            else:
                pygame.draw.line(surf, theme.TEXT_DIM, (x + self.pitch // 2, table.top + HEAD_H - 8),
                                 (x + self.pitch // 2, table.top + HEAD_H - 3))
        pygame.draw.line(surf, theme.PANEL_EDGE, (table.left, table.top + HEAD_H), (table.right - 1, table.top + HEAD_H))

    def _bracket(self, surf: pygame.Surface, start: int, n: int, color, offset=(0, 0), width: int = 2) -> None:
        """A bracket under the cells of a segment, with its length."""
        x0 = self.left + start * self.pitch + 3 + offset[0]
        x1 = self.left + (start + n) * self.pitch - 4 + offset[0]
        y = self.cell_bottom + 10 + offset[1]
        pygame.draw.line(surf, color, (x0, y + 6), (x1, y + 6), width)
        pygame.draw.line(surf, color, (x0, y), (x0, y + 6), width)
        pygame.draw.line(surf, color, (x1, y), (x1, y + 6), width)
        theme.blit_text(surf, str(n), ((x0 + x1) / 2, y + 10), 20 if self.pitch >= 16 or n > 1 else 16, color, "midtop")

    # -- selection -------------------------------------------------------------------------------
    def present(self, i: int) -> bool:
        return 0 <= i < self.state.length and self.state.cells[i]

    def _select(self, run: Run | None, sound: bool = True) -> None:
        if run != self.sel and sound:
            self.app.sounds.play("hover", 0.6)
        self.sel = run
        if run is not None:
            self.cursor = run[0]

    def reach(self, anchor: int, target: int) -> tuple[Run, str | None]:
        """The longest legal run from ``anchor`` toward ``target``, and why it stops short (or None)."""
        step = 1 if target >= anchor else -1
        last = anchor
        for j in range(anchor + step, target + step, step):
            if abs(j - anchor) + 1 > self.state.max_take:
                return self._run(anchor, last), tr("matches.too_many", max=self.state.max_take)
            if not self.present(j):
                return self._run(anchor, last), tr("matches.gap", cell=j + 1)
            last = j
        return self._run(anchor, last), None

    @staticmethod
    def _run(a: int, b: int) -> Run:
        return (min(a, b), abs(a - b) + 1)

    def click_effect(self, i: int, shift: bool = False) -> tuple[str, Run | None, str | None]:
        """What a click on cell ``i`` would do: ("play" | "select" | "extend" | "refuse", run, reason)."""
        if not self.present(i):
            return "refuse", None, tr("matches.empty_cell", cell=i + 1)
        sel = self.sel
        if sel is not None and i in run_cells(sel) and not shift:
            return "play", sel, None
        if sel is not None and (shift or i == sel[0] - 1 or i == sel[0] + sel[1]):
            anchor = sel[0] if i > sel[0] else sel[0] + sel[1] - 1
            run, why = self.reach(anchor, i)
            return ("refuse", run, why) if why else ("extend", run, None)
        return "select", (i, 1), None

    def grow(self) -> None:
        sel = self.sel or (self.cursor, 1)
        start, n = sel
        if n >= self.state.max_take:
            self.refuse(tr("matches.too_many", max=self.state.max_take))
        elif self.present(start + n):
            self._select((start, n + 1))
        elif self.present(start - 1):
            self._select((start - 1, n + 1))
        else:
            blocked = start + n if start + n < self.state.length else start - 1
            self.refuse(tr("matches.gap", cell=blocked + 1) if blocked >= 0 else tr("err.matches.off_row"))

    def shrink(self) -> None:
        sel = self.sel or (self.cursor, 1)
        if sel[1] <= 1:
            self._select(sel, sound=False)
            self.app.sounds.play("invalid", 0.5)
            return
        self._select((sel[0], sel[1] - 1))

    def set_length(self, n: int) -> None:
        start = (self.sel or (self.cursor, 1))[0]
        if n > self.state.max_take:
            self.refuse(tr("matches.too_many", max=self.state.max_take))
            return
        for s in range(start, start - n, -1):
            if all(self.present(j) for j in range(s, s + n)):
                self._select((s, n))
                return
        run, why = self.reach(start, start + n - 1)
        self._select(run)
        self.refuse(why or tr("matches.too_many", max=self.state.max_take))

    def move_cursor(self, step: int) -> None:
        sel = self.sel or (self.cursor, 1)
        j = sel[0] + step
        while 0 <= j < self.state.length and not self.present(j):
            j += step
        if not self.present(j):
            self._select(sel, sound=False)
            self.app.sounds.play("invalid", 0.5)
            return
        n = 1
        while n < sel[1] and self.present(j + n):
            n += 1
        self._select((j, n))

    def on_new_turn(self) -> None:
        self.sel = None
        self.press = None
        self.dragging = False
        present = [i for i, c in enumerate(self.state.cells) if c]
        if present:
            self.cursor = min(present, key=lambda i: (abs(i - self.cursor), i))

    # -- input -----------------------------------------------------------------------------------
    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.button_hover = self.sel is not None and self.button_rect.collidepoint(event.pos)
            if self.press is not None and not getattr(event, "buttons", (1,))[0]:
                self.press, self.dragging = None, False  # released outside the window: no play
            if self.press is not None:
                self._drag_to(self.column_at(event.pos[0]))
                return True
            self.hover = self.cell_at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self._select(None)
                return True
            if event.button != 1:
                return False
            if self.sel is not None and self.button_rect.collidepoint(event.pos):
                self.submit(self.sel)
                return True
            i = self.cell_at(event.pos)
            if i is None:
                return False
            if not self.present(i):
                self.refuse(tr("matches.empty_cell", cell=i + 1))
                return True
            self.press, self.press_sel = i, self.sel
            self.dragging, self.drag_ok, self.refused_at = False, True, None
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            self._release(event)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _drag_to(self, j: int) -> None:
        assert self.press is not None
        if j == self.press and not self.dragging:
            return
        self.dragging = True
        run, why = self.reach(self.press, j)
        self._select(run)
        self.drag_ok = why is None
        if why and self.refused_at != j:
            self.refused_at = j
            self.refuse(why)
        elif not why:
            self.refused_at = None

    def _release(self, event: pygame.event.Event) -> None:
        i, self.press = self.press, None
        if self.dragging:
            self.dragging = False
            if self.drag_ok and self.sel is not None and self.sel[1] > 1:
                self.submit(self.sel)
            return
        self.sel = self.press_sel
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT) or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        kind, run, why = self.click_effect(i, shift)
        if kind == "play":
            self.submit(run)
        elif kind == "refuse":
            self.refuse(why or "")
        else:
            self._select(run)

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.sel is None and self.present(self.cursor):
            self._select((self.cursor, 1))  # the first press shows where the cursor is
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_cursor(-1 if k == pygame.K_LEFT else 1)
        elif k in (pygame.K_HOME, pygame.K_END):
            self.sel = None
            self.cursor = -1 if k == pygame.K_HOME else self.state.length
            self.move_cursor(1 if k == pygame.K_HOME else -1)
        elif k in (pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.grow()
        elif k in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.shrink()
        elif pygame.K_1 <= k <= pygame.K_9 or pygame.K_KP1 <= k <= pygame.K_KP9:
            self.set_length((k - pygame.K_1 if k <= pygame.K_9 else k - pygame.K_KP1) + 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.sel is None and self.present(self.cursor):
                self._select((self.cursor, 1))
            elif self.sel is None:
                self.move_cursor(1)
            else:
                self.submit(self.sel)
        elif k == pygame.K_DELETE:
            self._select(None)
        else:
            return False
        self.hover = None
        return True

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: RowState, move: Run, after: RowState) -> float:
        self.app.sounds.play("take")
        self.sel = self.hover = self.press = None
        self.dragging = False
        return 1.1 + 0.12 * move[1]

    def describe(self, move: Run, before: RowState) -> str:
        return tr("matches.took", what=cells_text(move))

    @staticmethod
    def segments_text(lengths: list[int]) -> str:
        return segments_text(lengths)

    def explain(self, hint: Hint) -> list[str]:
        key = (hint, self.state, language())
        if self._explained is None or self._explained[0] != key:
            self._explained = (key, explain_lines(self.state, hint))
        return self._explained[1]

    # -- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(self.board, self.origin)
        theme.blit_text(surface, tr("matches.info", n=self.state.remaining, segs=self.segments_text(self.lengths) or "–"),
                        (theme.WIDTH // 2, BOARD.top + 6), 26, theme.TEXT, "midtop")
        human = self.human_turn()
        if self.anim is not None and self.anim_move is not None and self.before is not None:
            self._draw_move(surface)
        hint_run = None
        if human and self.hint is not None and not self.hint.lost and self.hint.moves:
            hint_run = self.hint.moves[0]
            glow = theme.lerp_color(theme.WOOD, theme.GOOD, 0.5 + 0.5 * theme.pulse(self.time, 5))
            for i in run_cells(hint_run):
                if self.sel is None or i not in run_cells(self.sel):
                    self._draw_match(surface, i, glow)
            seg = next((s, n) for s, n in segments(self.state.cells) if s <= hint_run[0] < s + n)
            self._bracket(surface, seg[0], seg[1], theme.GOOD, width=3)
        if human and self.sel is not None:
            ok = self.drag_ok or not self.dragging
            color = theme.ACCENT if ok else theme.BAD
            for i in run_cells(self.sel):
                self._draw_match(surface, i, color, lift=14)
            self._frame(surface, self.sel, color, 3)
        if hint_run is not None:
            # Drawn last and a little wider, so the hint shows even around a selection.
            self._frame(surface, hint_run, theme.GOOD, 3, grow=5)
        if human and self.hover is not None and self.press is None and 0 <= self.hover < self.state.length:
            if self.sel is None or self.hover not in run_cells(self.sel):
                kind = self.click_effect(self.hover)[0]
                self._frame(surface, (self.hover, 1), theme.BAD if kind == "refuse" else theme.TEXT_DIM, 2)
        if human:
            self._draw_prompt(surface)
        self._draw_hint_lines(surface, human)

    def _draw_match(self, surface: pygame.Surface, i: int, tint, lift: int = 0) -> None:
        """Draw match ``i`` over its cached image: restore the slot, then the tinted match."""
        slot = self.cell_rect(i)
        ox, oy = self.origin
        surface.blit(self.empty_board, slot.topleft, slot.move(-ox, -oy))
        surface.blit(match_surface(self.match_w, MATCH_H, tint), self.match_rect(i).move(0, -lift))

    def _frame(self, surface: pygame.Surface, run: Run, color, width: int = 3, grow: int = 0) -> None:
        rect = pygame.Rect(self.left + run[0] * self.pitch, self.cell_top, run[1] * self.pitch, CELL_H)
        pygame.draw.rect(surface, color, rect.inflate(2 * grow - 2, 2 * grow - 2), width, border_radius=6 + grow)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        """One line under the table saying what a click or a key will do, and the « Jouer » button."""
        y = self.cell_bottom + 52
        ok = True
        if self.dragging and self.sel is not None:
            text = tr("matches.release", what=cells_text(self.sel)) if self.drag_ok else self.message
            ok = self.drag_ok
        elif self.hover is not None and 0 <= self.hover < self.state.length:
            kind, run, why = self.click_effect(self.hover)
            ok = kind != "refuse"
            text = why if not ok else tr(f"matches.click_{kind}", what=cells_text(run))
        elif self.sel is not None:
            text = tr("matches.selected", what=cells_text(self.sel))
        else:
            text = tr("matches.how", max=self.state.max_take)
        theme.blit_text(surface, text or "", (theme.WIDTH // 2, y), 24, theme.ACCENT if ok else theme.BAD, "midtop")
        if self.sel is not None:
            r = self.button_rect
            edge = theme.ACCENT if self.button_hover else theme.PANEL_EDGE
            theme.panel(surface, r, theme.PANEL_LIGHT if self.button_hover else theme.PANEL, edge, radius=12, width=3)
            theme.blit_text(surface, tr("matches.play_button", n=self.sel[1]), r.center, 28, theme.ACCENT, "center")

    def _draw_hint_lines(self, surface: pygame.Surface, human: bool) -> None:
        y = self.button_rect.bottom + 14
        if self.hint_pending and human:
            dots = "." * (1 + int(self.time * 3) % 3)
            theme.blit_text(surface, tr("matches.hint_searching") + dots, (theme.WIDTH // 2, y), 22, theme.GOOD, "midtop")
            return
        if self.hint is None or not human:
            return
        lines = self.explain(self.hint)
        if self._wrapped is None or self._wrapped[0] is not lines:
            self._wrapped = (lines, [part for line in lines[1:] for part in theme.wrap(line, 22, BOARD.width - 80)])
        for part in self._wrapped[1]:
            if y > BOARD.bottom - 20:
                return
            theme.blit_text(surface, part, (theme.WIDTH // 2, y), 22, theme.GOOD, "midtop")
            y += 25

    def _draw_move(self, surface: pygame.Surface) -> None:
        """The taken run is framed in the mover's colour, then each match burns in turn."""
        assert self.anim is not None and self.before is not None
        t = self.anim.t
        start, count = self.anim_move
        color = theme.PLAYER_COLORS[self.match.seat_of(self.before.to_move)]
        if t < SHOW + STAGGER * count:
            self._frame(surface, self.anim_move, color, 3)
        span = 1 - SHOW - STAGGER * (count - 1)
        for k, i in enumerate(range(start, start + count)):
            u = (t - SHOW - STAGGER * k) / span
            if u <= 0:
                surface.blit(match_surface(self.match_w, MATCH_H), self.match_rect(i))
            else:
                draw_burning(surface, self.match_rect(i), self.match_w, i, min(1.0, u), self.time,
                             max(14, self.pitch))
