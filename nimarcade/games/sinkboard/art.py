"""The drawing that the boards with a sink share (the pawns, the queens): where the board is drawn
(:class:`BoardGeometry`), the slow swirl in the sink, the last move's trail, the hinted move, the
keyboard's cursor, the name beside a small sink and the side panel's lines. Every function takes
what it draws; ``geo`` says where the board is."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from nimarcade.games.sinkboard.rules import Cell, Move
from nimarcade.window.ui import theme
from nimarcade.window.ui.richtext import arrow, rich_text, wrap_rich

from nimarcade.window.scenes.hud import BOARD

SWIRL_FRAMES, SWIRL_FPS = 48, 16   # one turn of the sink's swirl every 3 seconds
Color = tuple[int, int, int]
#: A line of the side panel: text (empty: a gap of ``size`` pixels), font size, colour.
Line = tuple[str, int, Color]

PANEL_W = 420       # the side panel, right of the board
GAP = 26
LABEL = 28          # room for the row and column numbers
MAX_CELL = 84


@dataclass(frozen=True)
class BoardGeometry:
    """Where a ``rows`` × ``cols`` board is drawn: cells of ``cell`` px in ``grid``, the side panel
    in ``panel``, the cached board surface (grid, numbers, the sink and its name) in ``static``;
    the radius of a piece and of the sink, which row and column numbers are written (every
    ``label_step``-th); ``rotated``: turned round (180°), the sink at the top left."""

    rows: int
    cols: int
    cell: int
    grid: pygame.Rect
    panel: pygame.Rect
    static: pygame.Rect
    piece_r: int
    sink_r: float
    label_step: int
    rotated: bool = False

    @classmethod
    def fit(cls, rows: int, cols: int, piece: tuple[float, float], rotated: bool = False) -> "BoardGeometry":
        """The largest cells that fit left of the panel; a piece's radius is ``piece[0]`` of a cell
        (``piece[1]`` on small cells, under 40 px)."""
        region_w = BOARD.width - PANEL_W - GAP
        cell = max(8, min(MAX_CELL, (region_w - LABEL - 8) // cols, (BOARD.height - LABEL - 8) // rows))
        gw, gh = cell * cols, cell * rows
        left = BOARD.left + LABEL + (region_w - LABEL - gw) // 2
        top = BOARD.top + LABEL + (BOARD.height - LABEL - gh) // 2
        # A small sink overflows its cell a little (still inside the frame) so it stays visible.
        sink_r = cell * 0.46 if cell >= 40 else min(cell * 0.62, cell / 2 + 2)
        extra = 90 if cell < 40 else 0     # room for the word « puits » beside a small sink
        return cls(rows, cols, cell, pygame.Rect(left, top, gw, gh),
                   pygame.Rect(BOARD.right - PANEL_W, BOARD.top, PANEL_W, BOARD.height),
                   pygame.Rect(left - LABEL - 6, top - LABEL - 6, gw + LABEL + 14 + extra, gh + LABEL + 14),
                   max(6, round(cell * (piece[0] if cell >= 40 else piece[1]))), sink_r,
                   1 if cell >= 24 else 5, rotated)

    @property
    def sink(self) -> Cell:
        return (self.rows, self.cols)

    def view(self, r: int, c: int) -> Cell:
        """A cell as drawn: turned round when the board is rotated; its own inverse."""
        return (self.rows + 1 - r, self.cols + 1 - c) if self.rotated else (r, c)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        r, c = self.view(*cell)
        g, k = self.grid, self.cell
        return pygame.Rect(g.left + (c - 1) * k, g.top + (r - 1) * k, k, k)

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.grid.collidepoint(pos):
            return None
        g, k = self.grid, self.cell
        return self.view((pos[1] - g.top) // k + 1, (pos[0] - g.left) // k + 1)


def render_swirl(sink_r: float) -> list[pygame.Surface]:
    """A loop of frames of the slow swirl in the sink (arcs are too slow to draw every frame)."""
    rad = sink_r * 0.62
    size = math.ceil(rad * 2) + 4
    frames = []
    width = max(1, round(sink_r * 0.07))
    for f in range(SWIRL_FRAMES):
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        for i in range(3):
            r = rad * (1 - i * 0.28)
            box = pygame.Rect(0, 0, r * 2, r * 2)
            box.center = (size // 2, size // 2)
            a = 2 * math.pi * f / SWIRL_FRAMES * (1 + i) + i * 2.1
            color = theme.lerp_color(theme.SINK, theme.PANEL_EDGE, 0.6 - i * 0.15)
            pygame.draw.arc(surf, color, box, a, a + 2.0, width)
        frames.append(surf)
    return frames


def draw_swirl(surface: pygame.Surface, frames: list[pygame.Surface], center: tuple[int, int],
               time: float) -> None:
    """The swirl's frame for ``time`` (seconds), centred on the sink."""
    frame = frames[int(time * SWIRL_FPS) % len(frames)]
    surface.blit(frame, frame.get_rect(center=center))


def draw_trail(surface: pygame.Surface, geo: BoardGeometry, move: Move, color: Color) -> None:
    """The last move: a line from where the piece was, marked by a dot, to where it went."""
    src, dst = move
    pygame.draw.line(surface, color, geo.cell_center(src), geo.cell_center(dst), max(2, geo.cell // 12))
    pygame.draw.circle(surface, color, geo.cell_center(src), max(2, geo.cell // 10))


def draw_hint(surface: pygame.Surface, geo: BoardGeometry, hint: Move, time: float, head: float,
              halo: bool = False) -> None:
    """The hinted move: both cells framed (pulsing; with a halo when ``halo``, for small cells) and
    an arrow between them, its head ``head`` of a cell long."""
    cell = geo.cell
    glow = theme.lerp_color(theme.PANEL, theme.GOOD, 0.55 + 0.45 * theme.pulse(time, 5))
    for c in hint:
        if halo:
            g = theme.glow(round(cell * 1.4), theme.GOOD, 170)
            surface.blit(g, g.get_rect(center=geo.cell_center(c)))
            ring = max(cell * 0.8, 14) + 6 * theme.pulse(time, 5)
            pygame.draw.circle(surface, glow, geo.cell_center(c), ring, 2)
        pygame.draw.rect(surface, glow, geo.cell_rect(c).inflate(-2, -2), max(2, cell // 14),
                         border_radius=max(2, cell // 6))
    arrow(surface, theme.GOOD, geo.cell_center(hint[0]), geo.cell_center(hint[1]), max(2, cell // 12),
          max(6, cell * head))


def draw_cursor(surface: pygame.Surface, geo: BoardGeometry, cursor: Cell | None, hover: Cell | None,
                time: float) -> None:
    """The keyboard's cursor on a piece (pulsing), or else a frame on the piece under the mouse."""
    if cursor is not None:
        color = theme.lerp_color(theme.ACCENT_DARK, theme.ACCENT, theme.pulse(time, 6))
        pygame.draw.rect(surface, color, geo.cell_rect(cursor).inflate(4, 4), max(2, geo.cell // 14),
                         border_radius=max(3, geo.cell // 5))
    elif hover is not None:
        pygame.draw.rect(surface, theme.ACCENT, geo.cell_rect(hover).inflate(2, 2), 2,
                         border_radius=max(3, geo.cell // 5))


def draw_sink_name(surface: pygame.Surface, x: int, y: int, name: str) -> None:
    """The sink's name, right of the board at height ``y``, after a small arrow pointing at it."""
    pygame.draw.polygon(surface, theme.TEXT_DIM, [(x, y), (x + 8, y - 6), (x + 8, y + 6)])
    theme.blit_text(surface, name, (x + 13, y), 20, theme.TEXT_DIM, "midleft")


def draw_lines(surface: pygame.Surface, lines: tuple[Line, ...], box: pygame.Rect, gap: int) -> None:
    """The panel's lines, wrapped to ``box``'s width, ``gap`` px apart; what does not fit is left out."""
    y = box.top
    for text, size, color in lines:
        if not text:
            y += size
            continue
        for line in wrap_rich(text, size, box.width):
            img = rich_text(line, size, color)
            if y + img.get_height() > box.bottom:
                break
            surface.blit(img, (box.left, y))
            theme.record(surface, line, img, img.get_rect(topleft=(box.left, y)), box)
            y += img.get_height() + gap
        y += gap


def draw_toggle(surface: pygame.Surface, r: pygame.Rect, label: str, on: bool, hover: bool) -> None:
    """A toggle's button (the nimbers' N, the Grundy values' G): lit while what it shows is shown,
    lighter under the mouse."""
    theme.panel(surface, r, theme.PANEL_LIGHT if hover else theme.PANEL,
                theme.GOOD if on else theme.ACCENT if hover else theme.PANEL_EDGE, radius=10, width=2)
    theme.blit_text(surface, label, r.center, theme.fit_size(label, 20, r.width - 12), theme.GOOD if on else theme.TEXT,
                    "center")
