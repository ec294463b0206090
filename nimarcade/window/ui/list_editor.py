"""A menu row that edits a list of numbers in place (the heaps of Nim): each number is a chip.

Keyboard (row focused): left/right change the chosen chip, Shift+left/right or 1-9 choose a chip,
+ / Insert adds one, - / Delete removes the chosen one. Mouse: click a chip to choose it, drag it
up or down (or use the wheel) to change it, click « + » to add one, right-click a chip to remove it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from nimarcade.window.ui import theme
from nimarcade.window.ui.widgets import Item

CHIP_W, CHIP_GAP, DRAG_STEP = 44, 8, 14


@dataclass
class ListItem(Item):
    numbers: list[int] = field(default_factory=list)
    lo: int = 1
    hi: int = 25
    max_len: int = 8
    selected: int = 0
    on_list: Callable[[tuple[int, ...]], None] | None = None
    drag_from: tuple[int, int] | None = None   # (mouse y, value) when a drag began

    # -- geometry --------------------------------------------------------------------------------
    def chip_rects(self) -> list[pygame.Rect]:
        n = len(self.numbers) + (1 if len(self.numbers) < self.max_len else 0)
        x = self.left_rect.left
        return [pygame.Rect(x + i * (CHIP_W + CHIP_GAP), self.rect.top + 5, CHIP_W, self.rect.height - 10)
                for i in range(n)]

    # -- changes ---------------------------------------------------------------------------------
    def _set(self, numbers: list[int]) -> bool:
        numbers = [max(self.lo, min(self.hi, v)) for v in numbers][: self.max_len]
        if not numbers or numbers == self.numbers:
            return False
        self.numbers = numbers
        self.selected = max(0, min(self.selected, len(numbers) - 1))
        if self.on_list:
            self.on_list(tuple(numbers))
        return True

    def bump(self, delta: int) -> bool:
        values = list(self.numbers)
        values[self.selected] += delta
        return self._set(values)

    def add(self) -> bool:
        if len(self.numbers) >= self.max_len:
            return False
        self.selected = len(self.numbers)
        return self._set(self.numbers + [min(self.hi, 2 * len(self.numbers) + 1)])

    def remove(self, index: int | None = None) -> bool:
        if len(self.numbers) <= 1:
            return False
        i = self.selected if index is None else index
        self.selected = max(0, i - 1) if i >= len(self.numbers) - 1 else i
        return self._set(self.numbers[:i] + self.numbers[i + 1:])

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, focused: bool) -> bool | None:
        """True/False: handled (with or without a change); None: not this row's business."""
        if event.type == pygame.KEYDOWN and focused:
            shift = event.mod & pygame.KMOD_SHIFT
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                if shift:
                    new = max(0, min(len(self.numbers) - 1, self.selected + step))
                    changed = new != self.selected
                    self.selected = new
                    return changed
                return self.bump(step)
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.numbers):
                self.selected = event.key - pygame.K_1
                return True
            if event.key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_INSERT, pygame.K_EQUALS):
                return self.add()
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DELETE):
                return self.remove()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for i, rect in enumerate(self.chip_rects()):
                if rect.collidepoint(event.pos):
                    if i == len(self.numbers):
                        return self.add()
                    if event.button == 3:
                        return self.remove(i)
                    self.selected = i
                    self.drag_from = (event.pos[1], self.numbers[i])
                    return True
            return None
        if event.type == pygame.MOUSEBUTTONUP:
            self.drag_from = None
            return None
        if event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            if not event.buttons[0]:
                self.drag_from = None
                return None
            y0, v0 = self.drag_from
            target = v0 + (y0 - event.pos[1]) // DRAG_STEP
            return self.bump(target - self.numbers[self.selected]) or True
        if event.type == pygame.MOUSEWHEEL and focused:
            return self.bump(1 if event.y > 0 else -1)
        return None

    # -- drawing ---------------------------------------------------------------------------------
    def draw_value(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        rects = self.chip_rects()
        for i, rect in enumerate(rects):
            if i == len(self.numbers):
                theme.panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=8, width=2)
                theme.blit_text(surface, "+", rect.center, size, theme.TEXT_DIM, "center")
                continue
            chosen = i == self.selected
            edge = theme.ACCENT if chosen and focused else theme.TEXT_DIM if chosen else theme.PANEL_EDGE
            theme.panel(surface, rect, theme.PANEL_LIGHT if chosen else theme.PANEL, edge, radius=8,
                        width=3 if chosen else 2)
            theme.blit_text(surface, str(self.numbers[i]), rect.center, size,
                            theme.ACCENT if chosen and focused else theme.TEXT, "center")
