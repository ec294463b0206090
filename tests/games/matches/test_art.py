"""The matches' art alone, on a bare Surface and with no scene: it draws what it is given."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.games.matches.scene.art import Table, View, draw_highlights, render_board
from nimarcade.window.ui import theme

CELLS = (True,) * 4 + (False,) + (True,) * 3     # a gap at cell 5 (index 4)


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()   # the numbers of the cells and the brackets' lengths are text


def view(**changes) -> View:
    """Nothing selected, hovered nor hinted, but for ``changes``."""
    quiet = dict(time=0.0, sel=None, dragging=False, drag_ok=True, message="", hover=None, effect=None,
                 pressing=False, take=1, button_hover=False, hint=None, hint_pending=False, hint_parts=())
    return View(**{**quiet, **changes})


def frame(table: Table, shown: View) -> pygame.Surface:
    surf = pygame.Surface(theme.SIZE)
    empty, board = render_board(table, CELLS)
    surf.blit(board, table.origin)
    draw_highlights(surf, table, empty, shown)
    return surf


def pixels(surf: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surf.subsurface(rect), "RGB")


def changed_cells(table: Table, a: pygame.Surface, b: pygame.Surface) -> list[int]:
    """The cells whose slot differs between two frames."""
    return [i for i in range(table.length) if pixels(a, table.cell_rect(i)) != pixels(b, table.cell_rect(i))]


def test_a_selection_and_a_hint_change_their_cells_only() -> None:
    table = Table.fit(len(CELLS), 3)
    plain = frame(table, view())
    chosen = frame(table, view(sel=(1, 2)))
    assert changed_cells(table, plain, chosen) == [1, 2]
    lifted = table.match_rect(2).move(0, -14)                  # the selected matches rise, tinted amber
    assert chosen.get_at(lifted.center)[:3] == theme.lerp_color(theme.WOOD, theme.ACCENT, 0.55)
    # The hint's frame is drawn a little wider than its run: its neighbours' edges change too.
    hinted = frame(table, view(hint=((5, 2), (5, 3))))
    assert changed_cells(table, plain, hinted) == [4, 5, 6, 7]
    assert pixels(plain, table.match_rect(6)) != pixels(hinted, table.match_rect(6))      # the match glows
    assert pixels(plain, table.match_rect(7)) == pixels(hinted, table.match_rect(7))      # its neighbour does not


def test_a_refused_click_frames_its_cell_in_red() -> None:
    table = Table.fit(len(CELLS), 3)
    refused = frame(table, view(hover=4, effect=("refuse", None, "case vide")))
    slot = table.cell_rect(4)
    colors = {refused.get_at((x, y))[:3] for x in range(slot.left, slot.right) for y in (slot.top, slot.top + 1)}
    assert theme.BAD in colors
    pressing = frame(table, view(hover=4, effect=("refuse", None, "case vide"), pressing=True))
    assert changed_cells(table, frame(table, view()), pressing) == []   # no frame while a button is down
