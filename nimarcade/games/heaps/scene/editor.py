"""Nim heaps in the position editor: how many heaps, and each one's size (an empty heap too).

Each heap is drawn as in the game, with a slot for every token it may hold. Mouse: click a slot
to make the heap that size (click its last token again to take it away), right-click a heap for
one token fewer, the wheel over a heap; « Ajouter un tas » and « Retirer ce tas » under the heaps.
Keyboard: up/down choose a heap, left/right or « + »/« − » change its size, digits type it,
Insert adds a heap, Delete removes the chosen one.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.analysis.verdicts import MoveValues
from nimarcade.i18n import language, tr
from nimarcade.window.ui import theme

from nimarcade.window.scenes.board_edit import DIGITS, MINUS_KEYS, PLUS_KEYS, BoardEditor, small_button, winning_hint
from nimarcade.games.heaps.scene.art import HEAP_AREA, PANEL_RECT, TRAY_H, Rows, draw_highlights, render_static
from nimarcade.games.heaps.scene.lesson import explain_lines

BUTTONS_TOP = HEAP_AREA.bottom + 16
ADD = pygame.Rect(HEAP_AREA.left, BUTTONS_TOP, 330, TRAY_H - 10)
REMOVE = pygame.Rect(ADD.right + 16, BUTTONS_TOP, 330, TRAY_H - 10)


class HeapsEditor(BoardEditor):
    info_rect = PANEL_RECT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.selected = 0
        self._static: tuple[Any, pygame.Surface] | None = None
        super().__init__(*args, **kwargs)

    @property
    def most(self) -> int:
        """The largest heap a level may set."""
        return self.spec.param("heaps").hi

    @property
    def most_heaps(self) -> int:
        return self.spec.param("heaps").max_len

    def load(self, state: Any) -> None:
        self.heaps = [min(h, self.most) for h in state.heaps[:self.most_heaps]]
        self.selected = min(self.selected, len(self.heaps) - 1)

    def text(self) -> str:
        return " ".join(map(str, self.heaps))

    def clear(self) -> None:
        self.heaps = [0] * len(self.heaps)

    @property
    def rows(self) -> Rows:
        return Rows.fit((self.most,) * len(self.heaps))

    # -- changes ---------------------------------------------------------------------------------
    def resize(self, i: int, n: int) -> None:
        self.selected = i
        if not 0 <= n <= self.most:
            self.refuse(tr("editor.heaps.range", hi=self.most))
            return
        self.heaps[i] = n
        self.changed()

    def add_heap(self) -> None:
        if len(self.heaps) >= self.most_heaps:
            self.refuse(tr("editor.heaps.most", n=self.most_heaps))
            return
        self.heaps.append(1)
        self.selected = len(self.heaps) - 1
        self.changed()

    def remove_heap(self) -> None:
        if len(self.heaps) <= 1:
            self.refuse(tr("editor.heaps.last"))
            return
        del self.heaps[self.selected]
        self.selected = min(self.selected, len(self.heaps) - 1)
        self.changed()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        rows = self.rows
        return next((i for i in range(len(self.heaps)) if rows.row_rect(i).collidepoint(pos)), None)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.pointer(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self.click(event.pos, event.button)
        if event.type == pygame.MOUSEWHEEL:
            row = self.row_at(self.mouse) if self.mouse is not None else None
            i = self.selected if row is None else row
            self.resize(i, self.heaps[i] + (1 if event.y > 0 else -1))
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return False

    def click(self, pos: tuple[int, int], button: int) -> bool:
        if button == 1 and ADD.collidepoint(pos):
            self.add_heap()
            return True
        if button == 1 and REMOVE.collidepoint(pos):
            self.remove_heap()
            return True
        row = self.row_at(pos)
        if row is None:
            return False
        slot = self.rows.slot_at(pos)
        if button == 3:
            self.resize(row, self.heaps[row] - 1)
        elif slot is not None:
            i, j = slot
            self.resize(i, j if self.heaps[i] == j + 1 else j + 1)
        else:
            self.selected = row             # the heap's name: it is chosen
            self.play("hover")
        return True

    def key(self, key: int) -> bool:
        i = self.selected
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.selected = (i + (1 if key == pygame.K_DOWN else -1)) % len(self.heaps)
            self.play("hover")
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, *PLUS_KEYS, *MINUS_KEYS):
            self.resize(i, self.heaps[i] + (1 if key in (pygame.K_RIGHT, *PLUS_KEYS) else -1))
        elif key in DIGITS:
            self.resize(i, self.typed_number(DIGITS[key], self.heaps[i], self.most))
        elif key in (pygame.K_INSERT, pygame.K_n):
            self.add_heap()
        elif key == pygame.K_DELETE:
            self.remove_heap()
        else:
            return False
        return True

    def keys(self) -> str:
        return tr("editor.heaps.keys")

    def explain(self, state: Any, values: MoveValues) -> list[str]:
        return explain_lines(state, winning_hint(values), max(1, max(state.heaps).bit_length()))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        rows, heaps = self.rows, tuple(self.heaps)
        key = (heaps, language())
        if self._static is None or self._static[0] != key:
            self._static = (key, render_static(rows, heaps))
        surface.blit(self._static[1], HEAP_AREA)
        if self.focused and self.keyboard:
            draw_highlights(surface, rows, heaps, (self.selected, 0), True, None, time)
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, rows.row_rect(self.selected).inflate(6, 4), 2,
                             border_radius=12)
        slot = rows.slot_at(self.mouse) if self.mouse is not None and not self.keyboard else None
        if slot is not None:
            pygame.draw.circle(surface, theme.ACCENT, rows.token_rect(*slot).center, rows.token_d // 2 + 3, 2)
        small_button(surface, ADD, tr("editor.heaps.add"), self.mouse)
        small_button(surface, REMOVE, tr("editor.heaps.remove", n=self.selected + 1), self.mouse)
