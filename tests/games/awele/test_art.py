"""The Awélé board's drawing on a bare Surface, with no scene and no app: the geometry either way
up, the houses' letters, the rings of a choice (amber, red for a refusal or a capture, green for
the hint), the still board's seeds, and the engine's info line and analysis overlay from plain
values (its colours safe for colour-blind players, with a symbol as a second cue)."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.i18n import tr
from nimarcade.games.awele.rules import AweleState
from nimarcade.games.awele.scene.art import (HOUSE_R, WOOD, BoardGeometry, Choice, draw_highlights, render_board,
                                        render_still)
from nimarcade.games.awele.scene.engine_art import (BAD, GOOD, INK, NEUTRAL, InfoLine, draw_engine, draw_info,
                                               draw_symbol, value_color)
from nimarcade.games.awele.advice import leaning, standing
from nimarcade.window.ui import theme

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
    landing = geo.centers[sow.path[-1]]                      # the last seed lands there: a ring, its
    assert theme.ACCENT in ring(surf, landing, HOUSE_R - 28, HOUSE_R - 24)    # middle free (no dot)
    assert tuple(surf.get_at(landing))[:3] != theme.ACCENT
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


@pytest.mark.parametrize("bottom", [0, 1])
def test_the_board_names_the_houses_by_their_letters_as_auale_does(monkeypatch, bottom: int) -> None:
    """A-F under South's row and a-f over North's, each from its owner's left."""
    written: list[tuple[str, tuple[int, int]]] = []
    font = theme.font

    class Recording:
        def __init__(self, size: int) -> None:
            self.real = font(size)

        def render(self, text, antialias, color):
            img = self.real.render(text, antialias, color)
            written.append(text)
            return img

    monkeypatch.setattr(theme, "font", Recording)
    geo = BoardGeometry(bottom)
    render_board(geo, COLORS)
    assert written == list("ABCDEFabcdef")
    south = sorted(range(6), key=lambda h: geo.centers[h][0])
    assert south == list(range(6)) if bottom == 0 else list(range(5, -1, -1))   # A on South's left


def test_analysis_overlay_tints_each_house_against_the_best_and_rings_the_best_thicker() -> None:
    geo = BoardGeometry(0)
    surf = blank()
    scores = {0: 400, 1: 330, 3: 100, 4: -400}
    draw_engine(surf, geo, [], None, None, scores, [4] * 12, COLORS)
    colors = {0: GOOD, 1: NEUTRAL, 3: value_color(-2), 4: value_color(-3)}
    assert [standing(s, 400) for s in scores.values()] == [1, 0, -2, -3]     # 0.7 seed less: nearly as good
    for h in scores:
        assert colors[h] in ring(surf, geo.centers[h], HOUSE_R - 3, HOUSE_R - 1)
    assert colors[0] in ring(surf, geo.centers[0], HOUSE_R - 6, HOUSE_R - 5)       # the best: 6 px
    assert colors[3] not in ring(surf, geo.centers[3], HOUSE_R - 6, HOUSE_R - 5)   # the others: 3 px
    assert ring(surf, geo.centers[2], 0, HOUSE_R) == {BLACK}                        # not analysed


def test_an_opening_where_every_move_is_a_little_behind_is_not_painted_bad() -> None:
    """Every opening house was red. Values of -0.7 to -1.6 seeds: the best is the best,
    the others within a seed of it nearly as good, none "bad"."""
    scores = [-70, -100, -120, -160, -150, -180]
    best = max(scores)
    assert [standing(s, best) for s in scores] == [1, 0, 0, 0, 0, -1]
    assert [leaning(s) for s in scores] == [0, -1, -1, -1, -1, -1]                   # the verdict's own scale


def test_small_differences_are_about_equal_and_the_palette_is_safe() -> None:
    assert [leaning(s) for s in (-90, 0, 90, 100, -150, 250, -390, 400)] == [0, 0, 0, 1, -1, 2, -2, 3]
    assert value_color(0) == NEUTRAL and value_color(4) == GOOD and value_color(-4) == BAD
    # Okabe and Ito's sky blue and orange: told apart by every common colour vision (blue-yellow)
    assert GOOD[2] > GOOD[0] and BAD[0] > BAD[2]


def test_each_value_has_a_symbol_as_well_as_a_colour() -> None:
    """Good: a triangle pointing up; bad: pointing down; about equal: a dash."""
    def rows(step: int) -> list[int]:
        surf = pygame.Surface((40, 40))
        surf.fill((255, 255, 255))
        draw_symbol(surf, (20, 20), step, 10)
        return [sum(tuple(surf.get_at((x, y)))[:3] == INK for x in range(40)) for y in range(40)]

    up, down, dash = rows(1), rows(-1), rows(0)
    inked = [y for y in range(40) if up[y]]
    assert up[inked[0]] < up[inked[-1]]                 # narrow at the top, wide at the bottom
    inked = [y for y in range(40) if down[y]]
    assert down[inked[0]] > down[inked[-1]]
    assert sum(1 for n in dash if n) <= 5                # a flat bar


def test_info_line_writes_the_values_it_is_given(monkeypatch) -> None:
    written: list[tuple[str, tuple[int, int, int]]] = []
    original = theme.text
    monkeypatch.setattr(theme, "text", lambda s, size=28, color=theme.TEXT: written.append((s, color))
                        or original(s, size, color))
    line = InfoLine("Analyse", "prof. 7", ("environ 2,5 graines de retard pour vous", -2), (4, 8), 2e6, False)
    draw_info(blank(), line, COLORS)
    texts = [s for s, _ in written]
    assert texts[:3] == ["Analyse", "prof. 7", "environ 2,5 graines de retard pour vous"]
    assert written[2][1] == BAD                                            # behind: the palette's orange
    assert written[4:6] == [("E", COLORS[0]), ("c", COLORS[1])]          # each house in its owner's colour
    assert texts[-1] == tr("awele.info_nps", v="2,0 M")
    written.clear()
    draw_info(blank(), InfoLine("Analyse", "prof. 7", None, (4, 8), None, True), COLORS)
    assert [s for s, _ in written][-1] == tr("awele.info_ponder")
    written.clear()
    draw_info(blank(), line, COLORS, room=300)                             # little room: the essentials
    assert [s for s, _ in written][-len(["prof. 7", "x"]):] == ["prof. 7", "environ 2,5 graines de retard pour vous"]
    written.clear()
    draw_info(blank(), InfoLine(tr("awele.info_thinking"), None, None, (), None, False), COLORS)
    assert [s for s, _ in written] == [tr("awele.info_thinking")]
