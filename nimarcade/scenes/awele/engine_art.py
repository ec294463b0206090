"""The look of the engine's part of the Awélé board: the info line (I) above the board, the
analysis overlay (A) over the houses, and the buttons of both under the board.

The scene gathers what its :class:`~.thinking.EngineView` knows (an :class:`InfoLine`, the analysed
scores, the :class:`Button` states) and these functions only draw those values."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import pygame

from nimarcade.ai.awele_player import Thinking
from nimarcade.i18n import tr
from nimarcade.rules.awele import house_label
from nimarcade.ui import theme

from .art import HOUSE_R, WOOD, BoardGeometry, Color, draw_button, draw_count
from .explain import house_value, rate, seeds


@dataclass(frozen=True)
class Button:
    """A small button under the board; ``on``: its view is shown (an amber edge)."""

    rect: pygame.Rect
    label: str
    on: bool = False


@dataclass(frozen=True)
class InfoLine:
    """The engine's info line (I): its search of this position (None while it is idle), whether
    that search is a ponder on the person's time, the expected line as house indices, and whose
    margin it tells (None: the one person's, "for you")."""

    thinking: Thinking | None
    pondering: bool
    pv: tuple[int, ...]
    name: str | None


def draw_engine(surface: pygame.Surface, geo: BoardGeometry, buttons: Sequence[Button],
                mouse: tuple[int, int] | None, info: InfoLine | None, scores: dict[int, int] | None,
                houses: Sequence[int], colors: Sequence[Color]) -> None:
    """The engine's part: its buttons, the info line (None: it is off), and the analysis overlay
    (``scores``: each analysed house's score, None: no overlay) over the board's ``houses``."""
    for button in buttons:
        draw_button(surface, button.rect, button.label, mouse, button.on)
    if info is not None:
        draw_info(surface, info, colors)
    if scores:
        best = max(scores.values())
        for house, score in scores.items():
            text, strength = house_value(score)
            draw_value(surface, geo, house, text, strength, score == best, houses[house])


NEUTRAL = (236, 226, 200)


@lru_cache(maxsize=64)
def value_disc(color: tuple[int, int, int]) -> pygame.Surface:
    """A translucent tint over a house, in its value's colour."""
    surf = pygame.Surface((2 * HOUSE_R, 2 * HOUSE_R), pygame.SRCALPHA)
    pygame.draw.circle(surf, (*color, 55), (HOUSE_R, HOUSE_R), HOUSE_R - 2)
    return surf


def value_color(strength: float) -> tuple[int, int, int]:
    """A diverging scale: red (bad for the player to move), light, green (good); 9 steps."""
    step = round(strength * 4) / 4
    return theme.lerp_color(NEUTRAL, theme.GOOD if step > 0 else theme.BAD, abs(step))


def draw_value(surface: pygame.Surface, geo: BoardGeometry, house: int, text: str, strength: float,
               best: bool, seeds: int) -> None:
    """One analysed house (holding ``seeds``): tinted and ringed in its value's colour, the value
    in seeds on its rim (on the side away from its seed count)."""
    color = value_color(strength)
    cx, cy = geo.centers[house]
    on_top = geo.on_top(house)
    surface.blit(value_disc(color), (cx - HOUSE_R, cy - HOUSE_R))
    pygame.draw.circle(surface, color, (cx, cy), HOUSE_R - 1, 6 if best else 3)
    draw_count(surface, (cx, cy), seeds, on_top)
    img = theme.text(text, 24, (20, 14, 8))
    pill = img.get_rect().inflate(14, 4)
    pill.center = (cx, cy - HOUSE_R + 4 if on_top else cy + HOUSE_R - 4)
    pygame.draw.rect(surface, color, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, (20, 14, 8), pill, 2, border_radius=pill.height // 2)
    surface.blit(img, img.get_rect(center=pill.center))


def draw_info(surface: pygame.Surface, line: InfoLine, colors: Sequence[Color]) -> None:
    """Above the board on the right: depth, margin for the person, the expected line (house
    numbers in their owner's colour), nodes/s. Each piece is a cached text."""
    info = line.thinking
    size = 20
    parts: list[tuple[str, Color]] = []
    if info is None:
        parts.append((tr("awele.info_idle"), theme.TEXT_DIM))
    else:
        if line.pondering:
            parts.append((tr("awele.info_ponder"), theme.TEXT_DIM))
        parts.append((tr("awele.info_book") if info.book else tr("awele.info_depth", depth=info.depth), theme.TEXT))
        if info.mate is not None:
            key = "awele.info_win" if info.mate > 0 else "awele.info_loss"
            parts.append((tr(key, n=abs(info.mate)), theme.GOOD if info.mate > 0 else theme.BAD))
        elif info.seeds is not None:
            v = seeds(round(info.seeds, 1))
            words = (tr("awele.info_score", v=v) if line.name is None
                     else tr("awele.info_score_name", v=v, name=line.name))
            parts.append((words, theme.GOOD if info.seeds > 0.05 else theme.BAD if info.seeds < -0.05 else theme.TEXT))
        if info.pv:
            parts.append((tr("awele.info_line"), theme.TEXT_DIM))
            for m in line.pv[:10]:
                parts.append((str(house_label(m)), colors[0 if m < 6 else 1]))
            if len(info.pv) > 10:
                parts.append(("…", theme.TEXT_DIM))
        if info.nps:
            parts.append((tr("awele.info_nps", v=rate(info.nps)), theme.TEXT_DIM))
    imgs = [theme.text(t, size, c) for t, c in parts]
    gaps = [6 if t.isdigit() and i and parts[i - 1][0].isdigit() else 14 for i, (t, _) in enumerate(parts)]
    width = sum(i.get_width() for i in imgs) + sum(gaps[1:])
    rect = pygame.Rect(0, 0, width + 24, 30)
    rect.midright = (WOOD.right - 8, WOOD.top - 22)
    theme.panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=10)
    x = rect.left + 12
    for i, img in enumerate(imgs):
        x += gaps[i] if i else 0
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        x += img.get_width()
