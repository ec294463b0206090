"""Sticks in the position editor: how many sticks are on the table.

Mouse: « − » and « + » (or the wheel); a click on a stick takes it away with those to its right,
as in the game. Keyboard: left/down or « − » one fewer, right/up or « + »
one more, digits type the number (« 1 » then « 7 »: 17), Backspace drops its last digit. From 0
(refused by the rules, with their reason) to the most a level may set.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.analysis.verdicts import MoveValues
from nimarcade.i18n import tr
from nimarcade.window.ui import theme

from nimarcade.window.scenes.board_edit import DIGITS, MINUS_KEYS, PLUS_KEYS, BoardEditor, small_button, winning_hint
from nimarcade.window.scenes.hud import BOARD
from nimarcade.games.sticks.scene.art import STICK_H, stick_surface
from nimarcade.games.sticks.scene.explain import explain_lines

TOP = BOARD.top + 64
ROW_Y = TOP + STICK_H + 40                  # the count and its buttons
MINUS = pygame.Rect(theme.WIDTH // 2 - 250, ROW_Y - 24, 64, 48)
PLUS = pygame.Rect(theme.WIDTH // 2 + 186, ROW_Y - 24, 64, 48)
FEWER = (pygame.K_LEFT, pygame.K_DOWN, *MINUS_KEYS)
MORE = (pygame.K_RIGHT, pygame.K_UP, *PLUS_KEYS)


class SticksEditor(BoardEditor):
    info_rect = pygame.Rect(BOARD.left + 100, ROW_Y + 52, BOARD.width - 200, BOARD.bottom - ROW_Y - 52)

    @property
    def most(self) -> int:
        return self.spec.param("sticks").bounds(self.params)[1]

    def load(self, state: Any) -> None:
        self.count = state.sticks

    def text(self) -> str:
        return str(self.count)

    def clear(self) -> None:
        self.count = 0

    def set_count(self, n: int) -> None:
        if not 0 <= n <= self.most:
            self.refuse(tr("editor.sticks.range", hi=self.most))
            return
        self.count = n
        self.changed()

    # -- geometry --------------------------------------------------------------------------------
    def stick_rects(self) -> list[pygame.Rect]:
        n = max(1, self.count)
        pitch = min(44, (BOARD.width - 120) // n)
        width = max(8, min(22, int(pitch * 0.55)))
        left = theme.WIDTH // 2 - (pitch * (n - 1) + width) // 2
        return [pygame.Rect(left + i * pitch, TOP, width, STICK_H) for i in range(self.count)]

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.pointer(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, step in ((MINUS, -1), (PLUS, 1)):
                if rect.collidepoint(event.pos):
                    self.set_count(self.count + step)
                    return True
            hit = next((i for i, rect in enumerate(self.stick_rects()) if rect.inflate(12, 0).collidepoint(event.pos)),
                       None)
            if hit is None:
                return False
            self.set_count(hit)                 # that stick and those to its right go, as in the game
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.set_count(self.count + (1 if event.y > 0 else -1))
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in FEWER or event.key in MORE:
            self.set_count(self.count + (1 if event.key in MORE else -1))
        elif event.key in DIGITS:
            self.set_count(self.typed_number(DIGITS[event.key], self.count, self.most))
        elif event.key == pygame.K_BACKSPACE:
            self.set_count(self.count // 10)
        else:
            return False
        return True

    def keys(self) -> str:
        return tr("editor.sticks.keys")

    def explain(self, state: Any, values: MoveValues) -> list[str]:
        return explain_lines(state, winning_hint(values))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        rects = self.stick_rects()
        table = pygame.Rect(0, TOP + STICK_H - 10, 240, 24)         # an empty table stays on screen
        if rects:
            table.width = rects[-1].right - rects[0].left + 80
        table.centerx = theme.WIDTH // 2
        pygame.draw.rect(surface, (60, 44, 30), table, border_radius=10)
        hover = None
        if self.mouse is not None and not self.keyboard:
            hover = next((i for i, rect in enumerate(rects) if rect.inflate(12, 0).collidepoint(self.mouse)), None)
        if rects:
            img = stick_surface(rects[0].width, STICK_H)
            gone = stick_surface(rects[0].width, STICK_H, theme.BAD)     # what a click would take away
            for i, rect in enumerate(rects):
                surface.blit(gone if hover is not None and i >= hover else img, rect)
        label = tr("sticks.left", n=self.count)
        box = theme.blit_text(surface, label, (theme.WIDTH // 2, ROW_Y), 32, theme.TEXT, "center")
        if self.focused and self.keyboard:
            pygame.draw.rect(surface, theme.ACCENT, box.inflate(24, 12), 2, border_radius=8)
        small_button(surface, MINUS, "−", self.mouse, 32)
        small_button(surface, PLUS, "+", self.mouse, 32)
