"""The look of the engine's part of the Awélé board: the info line (I) above the board and what its
words mean (under the mouse), the analysis overlay (A) over the houses and its legend, and the
buttons of both under the board.

The overlay tells each move against the best one (:func:`standing`: small differences are "nearly
as good"), with three cues, not colour alone: a colour-blind-safe palette (Okabe and Ito's sky
blue for the best, cream for nearly as good, orange for worse), a symbol (a star, a dash, a
triangle down) and, on the house, the expected margin with its sign (the hint's and the info line's number).

The scene gathers what its :class:`~.thinking.EngineView` knows (an :class:`InfoLine`, the analysed
scores, the :class:`Button` states) and these functions only draw those values."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import pygame

from nimarcade.i18n import N_, tr
from nimarcade.games.awele.rules import format_move
from nimarcade.games.awele.advice import number, standing, value_text
from nimarcade.window.ui import theme

from nimarcade.games.awele.scene.art import HOUSE_R, WOOD, BoardGeometry, Color, draw_button, draw_count


@dataclass(frozen=True)
class Button:
    """A small button under the board; ``on``: its view is shown (an amber edge); ``pressed``: its
    action is under way (pushed in)."""

    rect: pygame.Rect
    label: str
    on: bool = False
    pressed: bool = False


@dataclass(frozen=True)
class InfoLine:
    """The engine's info line (I): what searches (or what is awaited, alone), its depth ("prof.
    18", "livre d'ouvertures"), the verdict in words with its leaning (:func:`~nimarcade.games.awele.advice.leaning`, for the
    colour), the expected line as house indices, the nodes per second, whether the computer also
    thinks on the person's time, and whether the line goes on beyond ``pv``."""

    label: str
    depth: str | None
    verdict: tuple[str, int] | None
    pv: tuple[int, ...]
    nps: float | None
    pondering: bool
    more: bool = False


# -- colours: the analysis's palette, safe for colour-blind players -------------------------------
NEUTRAL = (236, 226, 200)
GOOD = (86, 180, 233)        # Okabe-Ito sky blue
BAD = (230, 159, 0)          # Okabe-Ito orange
INK = (20, 14, 8)


def value_color(step: int) -> tuple[int, int, int]:
    """A diverging scale by step (:func:`standing`, or the verdict's ``leaning``): cream for about
    equal, then bluer (good for the player to move) or more orange (bad), four steps each way."""
    if step == 0:
        return NEUTRAL
    return theme.lerp_color(NEUTRAL, GOOD if step > 0 else BAD, min(4, abs(step)) / 4)


def verdict_color(step: int) -> tuple[int, int, int]:
    """The verdict's colour in the info line (on a dark panel): the palette's, or plain text."""
    return theme.TEXT if step == 0 else GOOD if step > 0 else BAD


def draw_symbol(surface: pygame.Surface, center: tuple[int, int], step: int, size: int = 7) -> None:
    """The value's second cue: a star (the best move, whatever its sign: an arrow up beside « -0,3 »
    read as a gain), a triangle down (worse than the best), or a dash (about as good)."""
    x, y = center
    if step > 0:
        outer, inner = size * 1.15, size * 0.5
        pygame.draw.polygon(surface, INK, [
            (x + (outer if k % 2 == 0 else inner) * math.sin(k * math.pi / 5),
             y + 1 - (outer if k % 2 == 0 else inner) * math.cos(k * math.pi / 5)) for k in range(10)])
    elif step < 0:
        pygame.draw.polygon(surface, INK, [(x - size, y - size * 0.7), (x + size, y - size * 0.7), (x, y + size * 0.8)])
    else:
        pygame.draw.rect(surface, INK, pygame.Rect(x - size, y - 2, 2 * size, 4), border_radius=2)


# -- the overlay ---------------------------------------------------------------------------------
def draw_engine(surface: pygame.Surface, geo: BoardGeometry, buttons: Sequence[Button],
                mouse: tuple[int, int] | None, info: InfoLine | None, scores: dict[int, int] | None,
                houses: Sequence[int], colors: Sequence[Color], room: int = WOOD.width) -> pygame.Rect | None:
    """The engine's part: its buttons, the info line (None: it is off; within ``room`` pixels), and
    the analysis overlay (``scores``: each analysed house's score, None: no overlay) over the
    board's ``houses``. Returns where the info line is (None: not shown)."""
    for button in buttons:
        draw_button(surface, button.rect, button.label, mouse, button.on, button.pressed)
    if scores:
        best = max(scores.values())
        for house, score in scores.items():
            step = standing(score, best)
            draw_value(surface, geo, house, value_text(score), 4 if step > 0 else step, step > 0, houses[house])
    return draw_info(surface, info, colors, room) if info is not None else None


@lru_cache(maxsize=64)
def value_disc(color: tuple[int, int, int]) -> pygame.Surface:
    """A translucent tint over a house, in its value's colour."""
    surf = pygame.Surface((2 * HOUSE_R, 2 * HOUSE_R), pygame.SRCALPHA)
    pygame.draw.circle(surf, (*color, 55), (HOUSE_R, HOUSE_R), HOUSE_R - 2)
    return surf


def draw_value(surface: pygame.Surface, geo: BoardGeometry, house: int, text: str, step: int,
               best: bool, seeds: int) -> None:
    """One analysed house (holding ``seeds``): tinted and ringed in its value's colour, the value
    on its rim (on the side away from its seed count) after its symbol; the best ringed thicker."""
    color = value_color(step)
    cx, cy = geo.centers[house]
    on_top = geo.on_top(house)
    if step:
        surface.blit(value_disc(color), (cx - HOUSE_R, cy - HOUSE_R))
    pygame.draw.circle(surface, color, (cx, cy), HOUSE_R - 1, 6 if best else 3)
    draw_count(surface, (cx, cy), seeds, on_top)
    img = theme.text(text, 24, INK)
    pill = pygame.Rect(0, 0, img.get_width() + 40, img.get_height() + 4)
    pill.center = (cx, cy - HOUSE_R + 4 if on_top else cy + HOUSE_R - 4)
    pygame.draw.rect(surface, color, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, INK, pill, 2, border_radius=pill.height // 2)
    draw_symbol(surface, (pill.left + 15, pill.centery), step)
    surface.blit(img, img.get_rect(midleft=(pill.left + 28, pill.centery)))
    theme.record(surface, text, img, img.get_rect(midleft=(pill.left + 28, pill.centery)), pill)


def draw_legend(surface: pygame.Surface, center: tuple[int, int], head: str) -> pygame.Rect:
    """The overlay's legend under the board: ``head``, then each cue with its word. Returns where
    it was drawn."""
    keys = ((2, N_("awele.legend_good")), (0, N_("awele.legend_even")), (-2, N_("awele.legend_bad")))
    imgs = [theme.text(head, 20, theme.TEXT_DIM)] + [theme.text(tr(k), 20, theme.TEXT_DIM) for _, k in keys]
    width = sum(i.get_width() for i in imgs) + len(keys) * (14 + 26 + 8)
    x, y = center[0] - width // 2, center[1]
    drawn = pygame.Rect(x, y - 10, width, 20).union(imgs[0].get_rect(midleft=(x, y)))
    surface.blit(imgs[0], imgs[0].get_rect(midleft=(x, y)))
    theme.record(surface, head, imgs[0], imgs[0].get_rect(midleft=(x, y)))
    x += imgs[0].get_width()
    for (step, _), img in zip(keys, imgs[1:]):
        chip = pygame.Rect(x + 14, y - 10, 26, 20)
        pygame.draw.rect(surface, value_color(2 * step), chip, border_radius=10)
        draw_symbol(surface, chip.center, step, 6)
        surface.blit(img, img.get_rect(midleft=(chip.right + 8, y)))
        if theme.RECORDER is not None:
            theme.record(surface, tr(_), img, img.get_rect(midleft=(chip.right + 8, y)))
        x = chip.right + 8 + img.get_width()
        drawn.union_ip(img.get_rect(midleft=(chip.right + 8, y)))
    return drawn


# -- the info line -------------------------------------------------------------------------------
def rate(nps: float) -> str:
    """Nodes per second, rounded so that the line only changes when the number really does."""
    if nps >= 1e6:
        return f"{number(nps / 1e6)} M"
    return f"{round(nps / 1e3)} k"


def info_parts(line: InfoLine, colors: Sequence[Color], pv: int = 10, extras: bool = True) -> list[tuple[str, Color]]:
    """The info line's pieces of text and their colours, in order: the first ``pv`` moves of the
    line; ``extras``: what searches, nodes/s and pondering too."""
    parts: list[tuple[str, Color]] = [(line.label, theme.TEXT_DIM)] if extras or line.depth is None else []
    if line.depth is not None:
        parts.append((line.depth, theme.TEXT))
    if line.verdict is not None:
        parts.append((line.verdict[0], verdict_color(line.verdict[1])))
    if line.pv and pv:
        parts.append((tr("awele.info_line"), theme.TEXT_DIM))
        parts += [(format_move(m), colors[0 if m < 6 else 1]) for m in line.pv[:pv]]
        if line.more or len(line.pv) > pv:
            parts.append(("…", theme.TEXT_DIM))
    if line.nps and extras:
        parts.append((tr("awele.info_nps", v=rate(line.nps)), theme.TEXT_DIM))
    if line.pondering and extras:
        parts.append((tr("awele.info_ponder"), theme.TEXT_DIM))
    return parts


def draw_info(surface: pygame.Surface, line: InfoLine, colors: Sequence[Color],
              room: int = WOOD.width) -> pygame.Rect:
    """Above the board on the right, within ``room`` pixels: the search, its depth, the verdict,
    the expected line (the houses' letters in their owner's colour), nodes/s; when that is too
    wide, the depth, the verdict and a shorter line only. Each piece is a cached text."""
    for pv, extras in ((10, True), (10, False), (6, False), (0, False)):
        parts = info_parts(line, colors, pv, extras)
        imgs = [theme.text(t, 20, c) for t, c in parts]
        letters = [len(t) == 1 and t.isalpha() for t, _ in parts]
        gaps = [6 if i and letters[i] and letters[i - 1] else 14 for i in range(len(parts))]
        width = sum(i.get_width() for i in imgs) + sum(gaps[1:]) + 24
        if width <= room:
            break
    rect = pygame.Rect(0, 0, width, 30)
    rect.midright = (WOOD.right - 8, WOOD.top - 22)
    theme.panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=10)
    x = rect.left + 12
    for i, img in enumerate(imgs):
        x += gaps[i] if i else 0
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        theme.record(surface, parts[i][0], img, img.get_rect(midleft=(x, rect.centery)), rect)
        x += img.get_width()
    return rect


def draw_tooltip(surface: pygame.Surface, anchor: pygame.Rect, lines: Sequence[str]) -> None:
    """What the info line's words mean, in a panel under it (the mouse is over it)."""
    imgs = [theme.text(t, 18, theme.TEXT) for t in lines]
    rect = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 28, 14 + 24 * len(imgs))
    rect.topright = (anchor.right, anchor.bottom + 6)
    theme.panel(surface, rect, theme.PANEL, theme.ACCENT, radius=10)
    for k, img in enumerate(imgs):
        surface.blit(img, (rect.left + 14, rect.top + 8 + 24 * k))
        theme.record(surface, lines[k], img, img.get_rect(topleft=(rect.left + 14, rect.top + 8 + 24 * k)), rect)
