"""The Pawns card of the game menu (it showed an empty grid): at any moment of its loop,
a still card shows pawns on the board as the game draws them, and the sink."""
from __future__ import annotations

import pygame

from nimarcade.games.grid.scene.art import PAWN, PREVIEW_STAY, draw_preview


def pawn_pixels(surface: pygame.Surface) -> int:
    return sum(1 for x in range(surface.get_width()) for y in range(surface.get_height())
               if tuple(surface.get_at((x, y)))[:3] == PAWN)


def test_the_card_is_never_an_empty_grid() -> None:
    rect = pygame.Rect(0, 0, 250, 100)
    one_pawn = None
    for tenth in range(80):
        surface = pygame.Surface(rect.size)
        draw_preview(surface, rect, tenth / 10)
        count = pawn_pixels(surface)
        if one_pawn is None:
            one_pawn = count / (len(PREVIEW_STAY) + 1)     # at t = 0 all three pawns stand
        assert count >= len(PREVIEW_STAY) * one_pawn * 0.9, tenth / 10


def test_an_empty_board_says_nothing_is_left() -> None:
    """« Plus aucun pion / aucune reine », not « 0 pion sur la grille »."""
    from nimarcade.games.grid.rules import GridState
    from nimarcade.games.wythoff.rules import WythoffState
    from nimarcade.games.grid.scene.explain import panel_lines as grid_lines
    from nimarcade.games.wythoff.scene.explain import panel_lines as queen_lines

    pawns = GridState.from_pawns(5, 5, [(5, 5)])          # a pawn on the sink is gone
    queens = WythoffState.from_queens(7, 10, [(7, 10)])
    assert not pawns.pawns and not queens.queens
    from nimarcade.i18n import language, set_language

    before = language()
    try:
        set_language("fr")
        assert grid_lines(pawns, None, None, False, None, None)[0][0] == "Plus aucun pion sur la grille"
        assert queen_lines(queens, None, None, False, None, None, None)[0][0] == "Plus aucune reine sur le plateau"
    finally:
        set_language(before)
