"""``theme.paragraph_height`` says exactly how tall ``theme.blit_paragraph`` draws a text, so that
``theme.fit_paragraph`` fits a text to its box without a pixel of slack (it measured
each line a pixel short, and the help screen fitted with a looser spacing to make up for it)."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.i18n import tr
from nimarcade.window.ui import theme

TEXTS = [
    "abc",                                                   # a line the font measures a pixel short
    "Élan, « Ça va ? » gjpq",
    "Prenez une ou deux allumettes ; celui qui prend la dernière a gagné.\n\nÉté, été.\nabc x y",
    "\n",
]


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


class Lines:
    """A recorder (``theme.RECORDER``) that keeps each line's box as drawn."""

    def __init__(self) -> None:
        self.boxes: list[pygame.Rect] = []

    def text(self, surface, s, img, rect, box) -> None:
        self.boxes.append(pygame.Rect(rect))

    def wrapped(self, s, lines) -> None:
        pass


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("size, width, spacing", [(22, 300, 4), (24, 900, 4), (18, 160, 0), (40, 420, 2)])
def test_the_height_measured_is_the_height_drawn(monkeypatch, text: str, size: int, width: int, spacing: int) -> None:
    lines = Lines()
    monkeypatch.setattr(theme, "RECORDER", lines)
    rect = pygame.Rect(10, 20, width, 2000)
    surface = pygame.Surface((width + 20, 2100), pygame.SRCALPHA)
    below = theme.blit_paragraph(surface, text, rect, size, spacing=spacing)
    measured = theme.paragraph_height(text, size, width, spacing)
    assert len(lines.boxes) == len(theme.wrap(text, size, width))
    assert measured == max(box.bottom for box in lines.boxes) - rect.top == below - spacing - rect.top
    # and every line is placed where the heights before it say
    tops = [box.top - rect.top for box in lines.boxes]
    assert tops == [sum(theme.line_height(line, size) + spacing for line in theme.wrap(text, size, width)[:i])
                    for i in range(len(tops))]


def test_a_fitted_paragraph_stays_in_its_box_to_the_pixel() -> None:
    """The help's body, fitted then drawn: it ends inside its box, and one size up would not have."""
    text = "\n".join(tr(key) for key in ("help.awele", "help.common"))
    for height in (260, 330, 400):
        box = pygame.Rect(0, 0, 900, height)
        size = theme.fit_paragraph(text, 40, box)
        assert 14 < size < 40
        surface = pygame.Surface(box.size, pygame.SRCALPHA)
        assert theme.blit_paragraph(surface, text, box, size) - 4 <= box.bottom
        assert theme.paragraph_height(text, size + 1, box.width) > box.height
