"""The Awélé board's drawing on a bare Surface, with no scene and no app: the geometry either way
up, the rings of a choice (amber, red for a refusal or a capture, green for the hint), the still
board's seeds, and the engine's info line and analysis overlay from plain values."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.ai.awele_player import Thinking
from nimarcade.i18n import tr
from nimarcade.rules.awele import AweleState
from nimarcade.scenes.awele.art import (HOUSE_R, WOOD, BoardGeometry, Choice, draw_highlights, render_board,
                                        render_still)
from nimarcade.scenes.awele.engine_art import InfoLine, draw_engine, draw_info, value_color
from nimarcade.scenes.awele.explain import house_value, seeds
from nimarcade.ui import theme

COLORS = ((90, 170, 255), (255, 110, 160))     # player 0's, player 1's
BLACK = (0, 0, 0)


@pytest.fixture(autouse=True)
def fonts() -> None:
    """The texts need pygame's fonts; no window is opened."""
    pygame.init()


def blank() -> pygame.Surface:
    surf = pygame.Surface(theme.SIZE)
    surf.fill(BLACK)
    return surf


def ring(surface: pygame.Surface, center: tuple[int, int], inner: int, outer: int) -> set[tuple[int, ...]]:
    """The colours on the horizontal line right of ``center``, from radius ``inner`` to ``outer``."""
    x, y = center
    return {tuple(surface.get_at((x + r, y)))[:3] for r in range(inner, outer + 1)}


@pytest.mark.parametrize("bottom", [0, 1])
def test_geometry_puts_the_bottom_players_row_and_store_near_them(bottom: int) -> None:
    geo = BoardGeometry(bottom)
    mine, theirs = range(6 * bottom, 6 * bottom + 6), range(6 - 6 * bottom, 12 - 6 * bottom)
    assert all(not geo.on_top(h) for h in mine) and all(geo.on_top(h) for h in theirs)
    xs = [geo.centers[h][0] for h in mine]
    assert xs == sorted(xs)                                  # 1 to 6 from my left...
    xs = [geo.centers[h][0] for h in theirs]
    assert xs == sorted(xs, reverse=True)                    # ... and from the opponent's left
    assert geo.store_rect(bottom).centerx > geo.store_rect(1 - bottom).centerx
    assert [geo.house_at(c) for c in geo.centers] == list(range(12))
    assert geo.house_at(WOOD.center) is None and geo.house_at(None) is None


def test_highlights_ring_the_choice_its_captures_and_the_hint() -> None:
    geo = BoardGeometry(0)
    state = AweleState.from_board([0, 0, 0, 0, 3, 2, 1, 1, 1, 4, 0, 0], (15, 20), 0, "forbidden")
    sow = state.sowing(4)                                    # sows 5, 6, 7: captures houses 6 and 7
    choice = Choice(4, 3, sow, "", tuple(state.legal_moves()), COLORS[0])
    surf = blank()
    draw_highlights(surf, geo, choice, None, 0.0)
    assert theme.ACCENT in ring(surf, geo.centers[4], HOUSE_R + 1, HOUSE_R + 5)      # the choice
    assert theme.lerp_color(theme.WOOD, COLORS[0], 0.6) in ring(surf, geo.centers[5], HOUSE_R, HOUSE_R + 3)
    for h, _ in sow.captured:
        assert theme.BAD in ring(surf, geo.centers[h], HOUSE_R, HOUSE_R + 3)
    assert tuple(surf.get_at(geo.centers[sow.path[-1]]))[:3] == theme.ACCENT   # the last seed lands there
    assert ring(surf, geo.centers[9], 0, HOUSE_R + 14) == {BLACK}                   # not playable: no ring
    assert theme.GOOD not in ring(surf, geo.centers[4], HOUSE_R + 7, HOUSE_R + 14)
    draw_highlights(surf, geo, choice, 4, 0.0)
    assert theme.GOOD in ring(surf, geo.centers[4], HOUSE_R + 7, HOUSE_R + 14)     # the hint, pulsing
    surf = blank()
    draw_highlights(surf, geo, Choice(0, 0, None, "empty", (4, 5), COLORS[0]), None, 0.0)
    assert theme.BAD in ring(surf, geo.centers[0], HOUSE_R + 1, HOUSE_R + 5)       # refused: red
    assert theme.GOOD not in ring(surf, geo.centers[4], HOUSE_R + 7, HOUSE_R + 14)


def test_still_board_has_seeds_only_in_the_houses_that_hold_some() -> None:
    geo = BoardGeometry(1)
    board = render_board(geo, COLORS)
    before = board.copy()
    houses = [0] * 12
    houses[3] = 5
    still = render_still(board, geo, houses, [0, 0], COLORS)
    assert pygame.image.tobytes(board, "RGB") == pygame.image.tobytes(before, "RGB")  # the cache stays clean

    def middle(surface: pygame.Surface, house: int) -> bytes:
        x, y = geo.centers[house]
        area = pygame.Rect(0, 0, 50, 50)
        area.center = (x - WOOD.left, y - WOOD.top)
        return pygame.image.tobytes(surface.subsurface(area), "RGB")

    assert middle(still, 3) != middle(board, 3)
    assert all(middle(still, h) == middle(board, h) for h in range(12) if h != 3)


def test_analysis_overlay_tints_each_house_and_rings_the_best_thicker() -> None:
    geo = BoardGeometry(0)
    surf = blank()
    scores = {0: 400, 1: -400}
    draw_engine(surf, geo, [], None, None, scores, [4] * 12, COLORS)
    colors = {h: value_color(house_value(s)[1]) for h, s in scores.items()}
    assert colors[0] != colors[1]
    for h in scores:
        assert colors[h] in ring(surf, geo.centers[h], HOUSE_R - 3, HOUSE_R - 1)
    assert colors[0] in ring(surf, geo.centers[0], HOUSE_R - 6, HOUSE_R - 5)       # the best: 6 px
    assert colors[1] not in ring(surf, geo.centers[1], HOUSE_R - 6, HOUSE_R - 5)   # the others: 3 px
    assert ring(surf, geo.centers[2], 0, HOUSE_R) == {BLACK}                        # not analysed


def test_info_line_writes_the_values_it_is_given(monkeypatch) -> None:
    written: list[tuple[str, tuple[int, int, int]]] = []
    original = theme.text
    monkeypatch.setattr(theme, "text", lambda s, size=28, color=theme.TEXT: written.append((s, color))
                        or original(s, size, color))
    thought = Thinking(depth=7, seeds=-2.5, mate=None, pv=("S5", "N3"), nps=None, book=False)
    draw_info(blank(), InfoLine(thought, False, (4, 8), None), COLORS)
    texts = [s for s, _ in written]
    assert texts[0] == tr("awele.info_depth", depth=7)
    assert tr("awele.info_score", v=seeds(-2.5)) in texts                 # "for you": one person plays
    assert written[-2:] == [("5", COLORS[0]), ("3", COLORS[1])]          # each house in its owner's colour
    written.clear()
    draw_info(blank(), InfoLine(thought, True, (4, 8), "Alice"), COLORS)
    texts = [s for s, _ in written]
    assert texts[0] == tr("awele.info_ponder")
    assert tr("awele.info_score_name", v=seeds(-2.5), name="Alice") in texts
    written.clear()
    draw_info(blank(), InfoLine(None, False, (), None), COLORS)
    assert [s for s, _ in written] == [tr("awele.info_idle")]
