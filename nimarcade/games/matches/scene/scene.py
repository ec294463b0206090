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

from nimarcade.core.hints import Hint
from nimarcade.i18n import language, tr
from nimarcade.games.matches.rules import RowState, segments
from nimarcade.window.ui import theme

from nimarcade.window.scenes.game import BOARD, GameScene
from nimarcade.games.matches.scene.art import (HINT_SIZE, fit_hint, Table, View, draw_highlights, draw_hint_lines, draw_move, draw_prompt,
                  render_board)
from nimarcade.window.scenes.theory import TheoryToggle
from nimarcade.games.matches.scene.runs import present, preview, reach
from nimarcade.games.matches.scene.explain import Run, cells_text, hint_lines, run_cells, segments_text


class MatchesScene(GameScene):
    def __init__(self, services, config, director=None) -> None:
        self.sel: Run | None = None      # the run a person has selected
        self.cursor = 0                  # keyboard focus when nothing is selected
        self.hover: int | None = None    # cell under the mouse
        self.press: int | None = None    # cell where the mouse button went down
        self.press_sel: Run | None = None
        self.dragging = False
        self.drag_ok = True
        self.refused_at: int | None = None
        self.button_hover = False
        self.take = 1                    # how many matches the mouse preview takes (wheel, 1-3 buttons)
        self.sel_hover = False           # the selection is the mouse's preview, not a choice made
        self._hint_followed: Hint | None = None  # the hint whose length « Take » was set to
        self._board_key: Any = None
        self._explained: tuple[Any, list[str]] | None = None
        self._wrapped: tuple[list[str], tuple[int, list[str]]] | None = None
        self.lengths: list[int] = []
        self.theory = TheoryToggle(services)  # T: the hint's theory under its sentence for the player
        super().__init__(services, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        table = self.table = Table.fit(self.state.length, self.state.max_take)
        self.table_rect, self.label_every = table.rect, table.label_every
        self.button_rect, self.take_rects = table.button_rect, table.take_rects
        key = (self.state.cells, language())
        if key != self._board_key:
            # The table, its numbers, the standing matches and the segment brackets, drawn once per
            # position: a frame only blits this and draws what moves or glows on top.
            self._board_key = key
            self.empty_board, self.board = render_board(table, self.state.cells)
            self.lengths = [n for _, n in segments(self.state.cells)]

    def cell_rect(self, i: int) -> pygame.Rect:
        """The slot of cell ``i`` (0-based), below its number."""
        return self.table.cell_rect(i)

    def match_rect(self, i: int) -> pygame.Rect:
        return self.table.match_rect(i)

    def cell_at(self, pos: tuple[int, int], margin: int = 16) -> int | None:
        """The cell under ``pos`` (its number or its slot), or None."""
        if not self.table_rect.inflate(0, margin * 2).collidepoint(pos):
            return None
        return (pos[0] - self.table.left) // self.table.pitch

    def column_at(self, x: int) -> int:
        return max(0, min(self.state.length - 1, (x - self.table.left) // self.table.pitch))

    # -- selection -------------------------------------------------------------------------------
    def present(self, i: int) -> bool:
        return present(self.state, i)

    def set_take(self, n: int) -> None:
        self.take = max(1, min(self.state.max_take, n))
        if self.hover is not None and self.present(self.hover) and (self.sel is None or self.sel_hover):
            self._select(preview(self.state, self.hover, self.take))
            self.sel_hover = True

    def _select(self, run: Run | None, sound: bool = True) -> None:
        if run != self.sel and sound:
            self.services.sounds.play("hover", 0.6)
        self.sel = run
        if run is not None:
            self.cursor = run[0]

    def click_effect(self, i: int, shift: bool = False) -> tuple[str, Run | None, str | None]:
        """What a click on cell ``i`` would do: ("play" | "select" | "extend" | "refuse", run, reason)."""
        if not self.present(i):
            return "refuse", None, tr("matches.empty_cell", cell=i + 1)
        sel = self.sel
        if sel is not None and i in run_cells(sel) and not shift:
            return "play", sel, None
        if sel is not None and (shift or i == sel[0] - 1 or i == sel[0] + sel[1]):
            anchor = sel[0] if i > sel[0] else sel[0] + sel[1] - 1
            run, why = reach(self.state, anchor, i)
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
            self.services.sounds.play("invalid", 0.5)
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
        run, why = reach(self.state, start, start + n - 1)
        self._select(run)
        self.refuse(why or tr("matches.too_many", max=self.state.max_take))

    def _take_from_selection(self) -> None:
        """A length chosen on the keyboard is the one the "Take: 1 2 3" buttons light (and the one
        the mouse's preview then takes)."""
        if self.sel is not None:
            self.take = self.sel[1]

    def move_cursor(self, step: int) -> None:
        sel = self.sel or (self.cursor, 1)
        j = sel[0] + step
        while 0 <= j < self.state.length and not self.present(j):
            j += step
        if not self.present(j):
            self._select(sel, sound=False)
            self.services.sounds.play("invalid", 0.5)
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

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def mouse_path(self, move: Run) -> list[tuple[int, int]]:
        """Choose how many to take (the 1-3 buttons), then click the run's first match: the
        preview under the mouse is what a click takes."""
        start, k = move
        return [self.take_rects[k - 1].center, self.match_rect(start).center]

    def key_path(self, move: Run) -> list[int]:
        """The shortest way to select the run's first match (Home and right, End and left, or from
        the cursor), its length as a digit, then Enter."""
        start, k = move
        present = [i for i, c in enumerate(self.state.cells) if c]
        at = present.index(start)
        ways = [[pygame.K_HOME] + [pygame.K_RIGHT] * at, [pygame.K_END] + [pygame.K_LEFT] * (len(present) - 1 - at)]
        if self.sel is None and self.present(self.cursor):
            here = present.index(self.cursor)
            step = pygame.K_RIGHT if at >= here else pygame.K_LEFT
            ways.append([pygame.K_RIGHT] + [step] * abs(at - here))   # the first press shows the cursor
        return min(ways, key=len) + ([pygame.K_1 + k - 1] if k > 1 else []) + [pygame.K_RETURN]

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
            if self.hover is not None and self.present(self.hover) and (self.sel is None or self.sel_hover):
                run = preview(self.state, self.hover, self.take)
                if run != self.sel:
                    self._select(run)
                self.sel_hover = True
            elif self.hover is None and self.sel_hover and not self.button_hover:
                self.sel, self.sel_hover = None, False
            return self.hover is not None
        if event.type == pygame.MOUSEWHEEL and self.hover is not None:
            self.set_take(self.take + (1 if event.y > 0 else -1))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self._select(None)
                return True
            if event.button != 1:
                return False
            if self.sel is not None and self.button_rect.collidepoint(event.pos):
                self.submit(self.sel)
                return True
            for k, rect in enumerate(self.take_rects, 1):
                if rect.collidepoint(event.pos):
                    self.set_take(k)
                    self.services.sounds.play("click", 0.6)
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
        run, why = reach(self.state, self.press, j)
        self._select(run)
        self.drag_ok = why is None
        if why and self.refused_at != j:
            self.refused_at = j
            self.refuse(why)
        elif not why:
            self.refused_at = None

    def _release(self, event: pygame.event.Event) -> None:
        i, self.press = self.press, None
        if i is None:                    # a release with no press on the row (it began elsewhere)
            return
        if self.dragging:
            self.dragging = False
            if self.drag_ok and self.sel is not None and self.sel[1] > 1:
                self.submit(self.sel)
            return
        self.sel = self.press_sel
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT) or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if shift and self.sel_hover:
            self.sel = None              # Shift+click starts a selection of its own, not from the preview
        kind, run, why = self.click_effect(i, shift)
        if kind == "play":
            self.submit(run)
        elif kind == "refuse":
            self.refuse(why or "")
        else:
            self._select(run)
            self.sel_hover = False       # a choice made by clicking: the mouse no longer replaces it

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        self.sel_hover = False
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
            self._take_from_selection()
        elif k in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.shrink()
            self._take_from_selection()
        elif pygame.K_1 <= k <= pygame.K_9 or pygame.K_KP1 <= k <= pygame.K_KP9:
            self.set_length((k - pygame.K_1 if k <= pygame.K_9 else k - pygame.K_KP1) + 1)
            self._take_from_selection()
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
        self.services.sounds.play("take")
        self.sel = self.hover = self.press = None
        self.dragging = False
        return 1.1 + 0.12 * move[1]

    def describe(self, move: Run, before: RowState) -> str:
        return tr("matches.took", what=cells_text(move))

    @staticmethod
    def segments_text(lengths: list[int]) -> str:
        return segments_text(lengths)

    def explain(self, hint: Hint) -> list[str]:
        """The hint's lines for the player, then its theory when it is asked for (T)."""
        key = (hint, self.state, language(), self.theory.shown)
        if self._explained is None or self._explained[0] != key:
            self._explained = (key, hint_lines(self.state, hint, self.theory.shown))
        return self._explained[1]

    def theory_rect(self) -> pygame.Rect | None:
        """The « More details (T) » button, right of « Play », while a hint is shown."""
        if self.hint is None or self.hint_pending or not self.human_turn():
            return None
        play = self.table.button_rect
        return pygame.Rect(play.right + 24, play.top, 230, play.height)

    def handle(self, event: pygame.event.Event) -> bool:
        board = self.move_list.board_event(event) if self.move_list.enabled else event
        if not self.demo and self.theory.handle(board, self.theory_rect()):
            return True
        return super().handle(event)

    def hint_parts(self) -> tuple[int, list[str]]:
        """The hint's reasoning (after its first line), wrapped at the size that fits it whole under
        the Play button (:func:`fit_hint`), cached with the lines."""
        assert self.hint is not None     # asked while a hint is shown
        lines = self.explain(self.hint)
        if self._wrapped is None or self._wrapped[0] is not lines:
            self._wrapped = (lines, fit_hint(lines[1:], self.table))
        return self._wrapped[1]

    # -- drawing ---------------------------------------------------------------------------------
    def lit_take(self) -> int:
        """The « Prendre : 1 2 3 » button lit: the length of the selection when there is one (a
        drag of 3 lit « 1 » beside « Jouer (3) »), else the mouse preview's."""
        if self.sel is not None and 1 <= self.sel[1] <= self.state.max_take:
            return self.sel[1]
        return self.take

    def view(self) -> View:
        """What a person's turn shows this frame over the cached table."""
        hover = self.hover if self.hover is not None and 0 <= self.hover < self.state.length else None
        hint, pending = self.hint, self.hint_pending
        shown = None
        if hint is not None and not hint.lost and hint.moves:
            run = hint.moves[0]
            shown = run, next((s, n) for s, n in segments(self.state.cells) if s <= run[0] < s + n)
            if self._hint_followed is not hint:
                self._hint_followed = hint   # « Take » counts what the hint advises, once per hint
                self.set_take(run[1])
        size, parts = self.hint_parts() if hint is not None and not pending else (HINT_SIZE, [])
        return View(time=self.time, sel=self.sel, dragging=self.dragging, drag_ok=self.drag_ok, message=self.message,
                    hover=hover, effect=None if hover is None else self.click_effect(hover),
                    pressing=self.press is not None, take=self.lit_take(), button_hover=self.button_hover, hint=shown,
                    hint_pending=pending, hint_parts=parts, hint_size=size)

    def draw_board(self, surface: pygame.Surface) -> None:
        table = self.table
        surface.blit(self.board, table.origin)
        info = (tr("matches.info", n=self.state.remaining, segs=self.segments_text(self.lengths))
                if self.state.remaining else tr("matches.none_left"))
        theme.blit_text(surface, info, (theme.WIDTH // 2, BOARD.top + 6), 26, theme.TEXT, "midtop")
        if self.anim is not None and self.anim_move is not None and self.before is not None:
            color = theme.PLAYER_COLORS[self.match.seat_of(self.before.to_move)]
            draw_move(surface, table, self.anim_move, self.anim.t, color, self.time)
        if self.human_turn():
            view = self.view()
            draw_highlights(surface, table, self.empty_board, view)
            draw_prompt(surface, table, view)
            draw_hint_lines(surface, table, view)
            button = self.theory_rect()
            if button is not None:
                self.theory.draw(surface, button)

