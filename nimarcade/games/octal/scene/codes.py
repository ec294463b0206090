"""One screen that says what an octal code is (a code such as 0.137 tells a newcomer nothing):
each digit says what a take of that size may leave (1: nothing, 2: one heap, 4: two heaps, added
up), with the seeds' games as examples (Sticks 0.333, Matches 0.777, Kayles 0.77), each drawn as a
row of pins with a move it allows, and the code being played read digit by digit.

A component over the game (as the lab panel is): the game screen opens it with « Code octal ? »,
the key O (also while the help is open) or the panel's button, and hands it events; any key, a
click or its button closes it."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from nimarcade.core.rules import RulesError
from nimarcade.core.rules.textual import Row
from nimarcade.i18n import N_, tr
from nimarcade.window.scenes.generic import row_text
from nimarcade.window.ui import theme

from nimarcade.games.octal.explain import rule_rows
from nimarcade.games.octal.rules import parse_code
from nimarcade.games.octal.scene.board import PIN, pin_surface

RECT = pygame.Rect(40, 40, 1200, 640)
CLOSE = pygame.Rect(RECT.right - 220, RECT.bottom - 60, 196, 44)
#: The seeds' games: (code, the sentence, the pins of the picture, the run taken: start, length).
EXAMPLES = (("0.333", N_("octal.codes_sticks"), 8, (6, 2)),
            ("0.777", N_("octal.codes_matches"), 9, (3, 3)),
            ("0.77", N_("octal.codes_kayles"), 9, (4, 2)))
BITS = ((1, N_("octal.codes_bit1")), (2, N_("octal.codes_bit2")), (4, N_("octal.codes_bit4")))


class CodeScreen:
    """« What is an octal code? », over the game; ``code``: the code being played."""

    def __init__(self, code: str, on_close: Callable[[], None]) -> None:
        self.code = code
        self.on_close = on_close
        self.hover = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = CLOSE.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.on_close()
        elif event.type == pygame.KEYDOWN and event.key != pygame.K_F1:
            self.on_close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size(), 170), (0, 0))
        theme.panel(surface, RECT, theme.PANEL, theme.ACCENT, radius=16, width=3)
        left = RECT.left + 32
        width = RECT.width - 64
        theme.blit_text(surface, tr("octal.codes_title"), (RECT.centerx, RECT.top + 16), 32, theme.ACCENT, "midtop")
        intro = tr("octal.codes_intro")
        box = pygame.Rect(left, RECT.top + 62, width, 84)
        y = theme.blit_paragraph(surface, intro, box, theme.fit_paragraph(intro, 22, box), theme.TEXT)
        y = self._bits(surface, left, y + 8, width)
        y = self._examples(surface, left, y + 10, width)
        self._this_code(surface, left, y + 8, width)
        theme.panel(surface, CLOSE, theme.PANEL_LIGHT if self.hover else theme.PANEL, theme.ACCENT, radius=10)
        label = tr("octal.codes_close")
        theme.blit_text(surface, label, CLOSE.center, theme.fit_size(label, 22, CLOSE.width - 16), theme.TEXT, "center")

    def _bits(self, surface: pygame.Surface, left: int, y: int, width: int) -> int:
        """The three bits, as chips: 1 nothing left, 2 one heap, 4 two heaps; then how they add."""
        chip_w = (width - 2 * 16) // 3
        for n, (bit, key) in enumerate(BITS):
            chip = pygame.Rect(left + n * (chip_w + 16), y, chip_w, 64)
            theme.panel(surface, chip, theme.BG_BOTTOM, theme.PANEL_EDGE, radius=10)
            theme.blit_text(surface, str(bit), (chip.left + 28, chip.centery), 34, theme.ACCENT, "center")
            text = tr(key)
            box = pygame.Rect(chip.left + 56, chip.top + 6, chip.width - 64, chip.height - 12)
            size = theme.fit_paragraph(text, 20, box)
            height = theme.paragraph_height(text, size, box.width)
            box.top = chip.centery - height // 2
            theme.blit_paragraph(surface, text, box, size, theme.TEXT)
        y += 72
        text = tr("octal.codes_sum")
        box = pygame.Rect(left, y, width, 56)
        return theme.blit_paragraph(surface, text, box, theme.fit_paragraph(text, 20, box), theme.TEXT_DIM)

    def _examples(self, surface: pygame.Surface, left: int, y: int, width: int) -> int:
        """The seeds' three games: the sentence, its digits read, a row of pins with a move."""
        card_w = (width - 2 * 16) // 3
        height = 250
        for n, (code, key, pins, (start, take)) in enumerate(EXAMPLES):
            card = pygame.Rect(left + n * (card_w + 16), y, card_w, height)
            theme.panel(surface, card, (24, 30, 58), theme.PANEL_EDGE, radius=12)
            inner = card.inflate(-20, -12)
            text = tr(key)
            box = pygame.Rect(inner.left, inner.top, inner.width, 48)
            below = theme.blit_paragraph(surface, text, box, theme.fit_paragraph(text, 19, box), theme.ACCENT)
            lines = [row_text(r) for r in rule_rows(parse_code(code))]
            box = pygame.Rect(inner.left, below + 4, inner.width, inner.bottom - 66 - below - 4)
            text = "\n".join(lines)
            theme.blit_paragraph(surface, text, box, theme.fit_paragraph(text, 16, box, 2, 12), theme.TEXT, spacing=2)
            self._pins(surface, pygame.Rect(inner.left, inner.bottom - 62, inner.width, 60), pins, start, take)
        return y + height

    @staticmethod
    def _pins(surface: pygame.Surface, rect: pygame.Rect, pins: int, start: int, take: int) -> None:
        """``pins`` pins, those of the run lit and lifted, each part left underlined."""
        pitch = min(30, rect.width // (pins + 1))
        img = pin_surface(pitch, rect.height - 12)
        lit = pin_surface(pitch, rect.height - 12, theme.lerp_color(PIN, theme.ACCENT, 0.75))
        x0 = rect.centerx - pitch * pins // 2
        for j in range(pins):
            taken = start <= j < start + take
            pic = lit if taken else img
            surface.blit(pic, pic.get_rect(midbottom=(x0 + j * pitch + pitch // 2, rect.bottom - 8 - (8 if taken else 0))))
        for lo, hi in ((0, start), (start + take, pins)):
            if hi > lo:
                pygame.draw.line(surface, theme.GOOD, (x0 + lo * pitch + 3, rect.bottom - 3),
                                 (x0 + hi * pitch - 3, rect.bottom - 3), 3)

    def _this_code(self, surface: pygame.Surface, left: int, y: int, width: int) -> None:
        """The code being played, digit by digit."""
        rows: list[Any] = [Row(N_("octal.codes_this"), {"code": self.code})]
        try:
            rows += rule_rows(parse_code(self.code))
        except RulesError:          # a code that does not read: its title alone
            pass
        text = "\n".join(row_text(r) for r in rows)
        box = pygame.Rect(left, y, width - CLOSE.width - 24, RECT.bottom - 12 - y)
        theme.blit_paragraph(surface, text, box, theme.fit_paragraph(text, 19, box, 2, 12), theme.TEXT, spacing=2)
