"""The heaps' art alone, on a bare Surface and with no scene: it draws what it is given."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.games.heaps.scene.art import HEAP_AREA, TOKEN, Rows, draw_highlights, render_static
from nimarcade.window.ui import theme

START, NOW = (1, 3, 5), (1, 3, 2)     # heap 3 has lost three of its five tokens


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()   # the heaps' labels are text


def board(rows: Rows) -> pygame.Surface:
    surf = pygame.Surface(theme.SIZE)
    surf.blit(render_static(rows, NOW), HEAP_AREA.topleft)
    return surf


def center(surf: pygame.Surface, rows: Rows, i: int, j: int) -> tuple[int, int, int]:
    return tuple(surf.get_at(rows.token_rect(i, j).center))[:3]


def test_the_layer_shows_the_tokens_left_and_the_selection_lights_the_ones_taken() -> None:
    rows = Rows.fit(START)
    surf = board(rows)
    assert center(surf, rows, 2, 1) == TOKEN        # still in its heap
    assert center(surf, rows, 2, 2) != TOKEN        # taken: an empty slot
    draw_highlights(surf, rows, NOW, (1, 2), False, None, 0.0)
    assert [center(surf, rows, 1, j) for j in range(3)] == [TOKEN, theme.ACCENT, theme.ACCENT]   # from the right
    assert center(surf, rows, 2, 1) == TOKEN


def test_a_hint_glows_and_the_keyboard_frames_its_heap() -> None:
    rows = Rows.fit(START)
    plain = board(rows)
    surf = board(rows)
    draw_highlights(surf, rows, NOW, (2, 1), True, (1, 3), 0.0)
    hinted = {center(surf, rows, 1, j) for j in range(3)}
    assert len(hinted) == 1 and hinted != {TOKEN} and hinted != {theme.ACCENT}   # all three, in green
    frame = rows.row_rect(2).inflate(6, 4)
    assert surf.get_at(frame.midleft)[:3] == theme.ACCENT != plain.get_at(frame.midleft)[:3]
    assert surf.get_at(rows.row_rect(0).inflate(6, 4).midleft) == plain.get_at(rows.row_rect(0).inflate(6, 4).midleft)
