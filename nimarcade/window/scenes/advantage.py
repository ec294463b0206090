"""The advantage graph of a reviewed game, a :class:`~nimarcade.window.ui.section.Section` under the move
list: x the ply (the start, then after each move), y who stands better, the first player's
advantage up (in their colour), the other's down (in theirs), a line at 0. A proved value is a
dot, an engine's estimate only the line through it (hollow ring); a move marked ``??`` or ``?``
puts a mark-coloured tick on the axis. The position shown is a vertical amber line; a click (or a
drag) on the graph asks for that ply.

It is drawn on its own surface, again only when the analysis or the language changes, so that a
frame only blits it and the current ply's line.
"""
from __future__ import annotations

from typing import Callable, Mapping

import pygame

from nimarcade.i18n import language, tr
from nimarcade.window.ui import theme
from nimarcade.window.ui.section import Section

from nimarcade.window.scenes.movelist import MARK_COLORS

#: The plot inside the section: the title's row above it, the legend's row under it.
TITLE_H, LEGEND_H, SIDE = 26, 20, 10
#: The bands at the plot's top and bottom where the sides' names are written: the curve and its
#: dots stay between them, never under a name.
NAME_H = 16
#: Seconds between two drawings of the graph while the analysis is still coming.
REDRAW_EVERY = 0.25


class AdvantageGraph(Section):
    """``heights``: the advantage of each position valued so far (index -> value in [-1, 1] for the
    rules' player 0); ``proved``: which of them are proofs; ``marks``: the marks of the moves (by
    move index); ``total``: the number of positions; ``colors``: the colours of the rules' players
    0 and 1; ``at``: the ply shown; ``jump``: asked with a ply when the graph is clicked; ``title``:
    the graph's title."""

    def __init__(self, rect: pygame.Rect, heights: Callable[[], Mapping[int, float]],
                 proved: Callable[[], Mapping[int, bool]], marks: Callable[[], Mapping[int, str]],
                 total: Callable[[], int], colors: Callable[[], tuple[tuple, tuple]],
                 at: Callable[[], int], jump: Callable[[int], None], title: Callable[[], str] = str,
                 names: Callable[[], tuple[str, str]] = lambda: ("", "")) -> None:
        super().__init__(rect)
        self.title = title
        #: the names of the rules' players 0 (up) and 1 (down), written in their colours on the plot
        self.names = names
        self.heights, self.proved, self.marks, self.total = heights, proved, marks, total
        self.colors, self.at, self.jump = colors, at, jump
        self.cache: pygame.Surface | None = None
        self.cache_key: tuple | None = None
        self.redraws = 0              # how often the cached picture was drawn again (tests)
        self.dragging = False
        self.age = 0.0                # seconds since the picture was drawn
        #: where the sides' names were last written (on the screen), for tests
        self.name_rects: list[pygame.Rect] = []

    @property
    def plot(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.left + SIDE, r.top + TITLE_H, r.width - 2 * SIDE, r.height - TITLE_H - LEGEND_H - 4)

    def x_of(self, ply: int) -> int:
        plot, last = self.plot, max(1, self.total() - 1)
        return plot.left + round(ply * (plot.width - 1) / last)

    def y_of(self, value: float) -> int:
        plot = self.plot
        return plot.centery - round(max(-1.0, min(1.0, value)) * (plot.height / 2 - NAME_H - 4))

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The ply under ``pos`` (the nearest one), None off the graph."""
        if not self.rect.collidepoint(pos):
            return None
        plot, last = self.plot, max(1, self.total() - 1)
        t = (pos[0] - plot.left) / max(1, plot.width - 1)
        return max(0, min(last if self.total() > 1 else 0, round(t * last)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ply = self.ply_at(event.pos)
            if ply is None:
                return False
            self.dragging = True
            self.jump(ply)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.dragging = self.dragging, False
            return was
        if event.type == pygame.MOUSEMOTION and self.dragging:
            ply = self.ply_at(event.pos)
            if ply is not None and ply != self.at():
                self.jump(ply)
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def _key(self) -> tuple:
        return (len(self.heights()), self.total(), tuple(sorted(self.marks().items())), language(), self.title(),
                self.colors(), tuple(self.rect), self.names())

    def update(self, dt: float) -> None:
        self.age += dt

    def picture(self) -> pygame.Surface:
        """The graph without the current ply: drawn again only when what it shows changed, and
        while the values pour in at most every :data:`REDRAW_EVERY` seconds."""
        key = self._key()
        settled = len(self.heights()) == self.total()
        if self.cache is None or (key != self.cache_key and (settled or self.age >= REDRAW_EVERY)):
            self.cache_key, self.age = key, 0.0
            self.cache = self._draw_picture()
            self.redraws += 1
        return self.cache

    def _draw_picture(self) -> pygame.Surface:
        r = self.rect
        pic = pygame.Surface(r.size, pygame.SRCALPHA)
        local = pic.get_rect()
        theme.panel(pic, local, theme.PANEL, theme.PANEL_EDGE, radius=12, width=2)
        title = self.title()
        theme.blit_text(pic, title, (local.centerx, 5), theme.fit_size(title, 18, local.width - 16, 12), theme.ACCENT,
                        "midtop")
        plot = self.plot.move(-r.left, -r.top)
        pygame.draw.rect(pic, (20, 26, 50), plot, border_radius=4)
        up, down = self.colors()
        heights, proved = self.heights(), self.proved()
        dx, dy = -r.left, -r.top
        zero = self.y_of(0.0) + dy
        points = [(self.x_of(i) + dx, self.y_of(heights[i]) + dy) for i in sorted(heights)]
        if len(points) > 1:                                     # the area between the line and 0
            ends = [(points[0][0], zero), *_crossings(points, zero), (points[-1][0], zero)]
            pygame.draw.polygon(pic, _dim(up), [(x, min(y, zero)) for x, y in ends])
            pygame.draw.polygon(pic, _dim(down), [(x, max(y, zero)) for x, y in ends])
        pygame.draw.line(pic, theme.TEXT_DIM, (plot.left, zero), (plot.right - 1, zero), 1)
        if len(points) > 1:
            pygame.draw.aalines(pic, theme.TEXT, False, points)
        for i, (x, y) in zip(sorted(heights), points):
            if proved.get(i):
                pygame.draw.circle(pic, theme.TEXT, (x, y), 3)
            elif len(points) < plot.width // 6:
                pygame.draw.circle(pic, theme.TEXT, (x, y), 3, 1)
        self._draw_sides(pic, plot, up, down)
        for index, mark in self.marks().items():                # the move made from position index
            if mark in ("?", "??"):
                x = self.x_of(index + 1) + dx
                pygame.draw.line(pic, MARK_COLORS[mark], (x, zero - 4), (x, zero + 4), 3)
        legend = tr("review.graph_legend")
        theme.blit_text(pic, legend, (local.centerx, local.bottom - 5), theme.fit_size(legend, 15, local.width - 16, 11),
                        theme.TEXT_DIM, "midbottom")
        return pic

    def _draw_sides(self, pic: pygame.Surface, plot: pygame.Rect, up: tuple, down: tuple) -> None:
        """Whose advantage is up and whose is down: each name in its colour, at its side's corner."""
        top, bottom = self.names()
        room = plot.width - 12
        shift = pygame.Vector2(self.rect.topleft)
        self.name_rects = [rect.move(shift) for rect in (
            _side_label(pic, tr("review.graph_up", name=top) if top else "", up, (plot.left + 6, plot.top + 1),
                        "topleft", room),
            _side_label(pic, tr("review.graph_down", name=bottom) if bottom else "", down,
                        (plot.left + 6, plot.bottom - 1), "bottomleft", room)) if rect is not None]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.picture(), self.rect.topleft)
        if self.total() > 1 or self.heights():
            plot, x = self.plot, self.x_of(self.at())
            pygame.draw.line(surface, theme.ACCENT, (x, plot.top), (x, plot.bottom - 1), 2)
            value = self.heights().get(self.at())
            if value is not None:
                pygame.draw.circle(surface, theme.ACCENT, (x, self.y_of(value)), 5)


def _side_label(pic: pygame.Surface, text: str, color: tuple, at: tuple[int, int], anchor: str,
                width: int) -> pygame.Rect | None:
    """A side's name on a dark plate of its own, in its band of the plot (the plate, or None)."""
    if not text:
        return None
    size = theme.fit_size(text, 14, width, 10)
    img = theme.text(text, size, color)
    plate = img.get_rect(**{anchor: at})
    pygame.draw.rect(pic, (20, 26, 50), plate.inflate(6, 0), border_radius=3)
    pic.blit(img, plate)
    theme.record(pic, text, img, plate)
    return plate


def _dim(color: tuple) -> tuple[int, int, int]:
    return theme.lerp_color((20, 26, 50), color[:3], 0.45)


def _crossings(points: list[tuple[int, int]], zero: int) -> list[tuple[float, float]]:
    """The line's points with those where it crosses the 0 line added (so that each side's area
    stops there)."""
    out: list[tuple[float, float]] = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if (y0 - zero) * (y1 - zero) < 0:
            out.append((x0 + (x1 - x0) * (zero - y0) / (y1 - y0), zero))
        out.append((x1, y1))
    return out
