"""A line of text typed in a panel over a screen (a player's name).

Letters come from SDL's text input (``TEXTINPUT`` events), so an accent typed with a dead key or a
compose key (« é », « ï ») arrives whole, in any keyboard layout; Backspace deletes, Enter or
« OK » confirms, Esc or « Annuler » cancels. While it is open it takes every event: nothing under
it reacts. The owner's ``confirm(text)`` returns a message when the text can't be used (shown
under the field, the entry stays open) or None when it was taken.
"""
from __future__ import annotations

from typing import Callable

import pygame

from nimarcade.i18n import N_, tr
from nimarcade.window.ui import theme

PANEL = pygame.Rect(0, 0, 700, 280)
PANEL.center = (theme.WIDTH // 2, theme.HEIGHT // 2)


class TextEntry:
    def __init__(self, prompt: str, confirm: Callable[[str], str | None], cancel: Callable[[], None],
                 text: str = "", max_len: int = 24, sounds=None) -> None:
        self.prompt, self.text, self.max_len = prompt, text, max_len
        self.confirm_cb, self.cancel_cb = confirm, cancel
        self.error = ""
        self.sounds = sounds
        self.pointer = (-1, -1)                 # where the mouse is (the button under it lights up)
        #: The text of the key that opened the entry, which SDL sends just after: not typed.
        self.skip = ""
        self.field = pygame.Rect(PANEL.left + 40, PANEL.top + 76, PANEL.width - 80, 54)
        self.ok_rect = pygame.Rect(0, 0, 220, 48)
        self.cancel_rect = pygame.Rect(0, 0, 220, 48)
        self.ok_rect.bottomright = (PANEL.centerx - 12, PANEL.bottom - 20)
        self.cancel_rect.bottomleft = (PANEL.centerx + 12, PANEL.bottom - 20)
        if pygame.get_init():
            pygame.key.start_text_input()

    def _sound(self, name: str) -> None:
        if self.sounds:
            self.sounds.play(name, 0.6)

    def confirm(self) -> None:
        problem = self.confirm_cb(self.text)
        if problem:
            self.error = problem
            self._sound("invalid")

    def type(self, text: str) -> None:
        added = "".join(ch for ch in text if ch.isprintable())
        room = self.max_len - len(self.text)
        if room <= 0 or not added:
            self._sound("invalid")
            return
        self.text += added[:room]
        self.error = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """Every event is the entry's while it is open."""
        if event.type == pygame.TEXTINPUT:
            if self.skip and event.text == self.skip:
                self.skip = ""
            else:
                self.type(event.text)
        elif event.type == pygame.KEYDOWN:
            self.skip = ""
            if event.key == pygame.K_ESCAPE:
                self.cancel_cb()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.error = ""
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.ok_rect.collidepoint(event.pos):
                self.confirm()
            elif self.cancel_rect.collidepoint(event.pos):
                self.cancel_cb()
        return True

    def draw(self, surface: pygame.Surface, time: float) -> None:
        surface.blit(theme.shade(theme.SIZE, 170), (0, 0))
        theme.panel(surface, PANEL, theme.PANEL, theme.ACCENT, radius=14, width=3)
        theme.blit_text(surface, self.prompt, (PANEL.centerx, PANEL.top + 22),
                        theme.fit_size(self.prompt, 30, PANEL.width - 40), theme.ACCENT, "midtop")
        theme.panel(surface, self.field, theme.PANEL_LIGHT, theme.PANEL_EDGE, radius=8, width=2)
        size = theme.fit_size(self.text or " ", 30, self.field.width - 36)
        shown = theme.blit_text(surface, self.text, (self.field.left + 14, self.field.centery), size, theme.TEXT,
                                "midleft") if self.text else None
        if int(time * 2) % 2 == 0:           # the caret blinks
            x = self.field.left + 16 + (shown.width if shown else 0)
            pygame.draw.line(surface, theme.ACCENT, (x, self.field.top + 10), (x, self.field.bottom - 10), 2)
        line, color = (self.error, theme.BAD) if self.error else (tr("entry.keys"), theme.TEXT_DIM)
        theme.blit_text(surface, line, (PANEL.centerx, self.field.bottom + 14),
                        theme.fit_size(line, 22, PANEL.width - 40), color, "midtop")
        for rect, key in ((self.ok_rect, N_("entry.ok")), (self.cancel_rect, N_("entry.cancel"))):
            hover = rect.collidepoint(self.pointer)
            theme.panel(surface, rect, theme.PANEL_LIGHT, theme.ACCENT if hover else theme.PANEL_EDGE, radius=10,
                        width=2)
            theme.blit_text(surface, tr(key), rect.center, 26, theme.TEXT, "center")
