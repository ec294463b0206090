"""The move list, a :class:`~nimarcade.window.ui.section.Section` (L in a game, always shown in review):
numbered moves in each game's own notation (``GameSpec.notation.format_move``), two a row (a round: a
move of each player), under the players' names, each in its player's colour; the current one
framed; in review each move carries its verdict's mark (``!``, ``?!``, ``?``, ``??``) in its own
colour (the symbol itself says it: colour is only a help), and a click on a move is found by
:meth:`MoveList.move_at`. While it is shown the game screen is drawn at 75 %
beside it (never under it), and :meth:`MoveList.board_event` maps mouse positions back to the
full-size screen, so the board stays playable.

It reads the game through the functions it is given and never changes it.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

import pygame

from nimarcade.i18n import has, tr
from nimarcade.core.match import Match
from nimarcade.window.ui import theme
from nimarcade.window.ui.section import Section
from nimarcade.window.ui.widgets import shorten

from nimarcade.window.scenes.hud import BOTTOM_BAR, TOP_BAR

PANEL = pygame.Rect(theme.WIDTH - 300, TOP_BAR.bottom + 8, 280, BOTTOM_BAR.top - TOP_BAR.bottom - 16)
ROW = 30
#: Where the rows start, under the title and the players' names.
ROWS_TOP = 72
SCALE = 0.75
BOARD_AT = (12, 44)
SHRUNK = pygame.Rect(BOARD_AT, (int(theme.WIDTH * SCALE), int(theme.HEIGHT * SCALE)))
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
#: A verdict's colour: the best in green, then yellow, orange and red as the mistake grows.
MARK_COLORS = {"!": theme.GOOD, "?!": (240, 220, 90), "?": (255, 150, 60), "??": theme.BAD}
COLUMN = 110


def rows(match: Match, notation: Callable[[Any], str]) -> list[tuple[int, list[tuple[int, str]]]]:
    """(move number, [(index in the match's moves, text)...]) two moves a row, as in PGN."""
    out: list[tuple[int, list[tuple[int, str]]]] = []
    for i, move in enumerate(match.moves):
        if i % 2 == 0:
            out.append((i // 2 + 1, []))
        out[-1][1].append((i, notation(move)))
    return out


def notation_legend(game: str) -> str:
    """The game's notation explained in a line (its text's ``<game>.notation``), "" when its moves
    need none."""
    key = f"{game}.notation"
    return tr(key) if has(key) else ""


class MoveList(Section):
    """``game``: the game listed; ``notation``: a move in words; ``screen``: draws the full-size
    game screen (shown shrunk beside the list); ``shown``: how many moves the board shows (None:
    all of them, and the moves an undo took back are counted under the list)."""

    def __init__(self, game: Callable[[], Match], notation: Callable[[Any], str],
                 screen: Callable[[pygame.Surface], None], shown: Callable[[], int | None] = lambda: None,
                 *, enabled: bool = True, marks: Callable[[], Mapping[int, str]] = dict,
                 rect: pygame.Rect = PANEL) -> None:
        super().__init__(rect, enabled=enabled)
        self.game, self.notation, self.screen, self.shown = game, notation, screen, shown
        #: the mark of each move by its index in the match's moves (the review's verdicts)
        self.marks = marks
        self.board = SHRUNK
        self.canvas: pygame.Surface | None = None       # the full-size screen, before it is shrunk
        self.shrunk: pygame.Surface | None = None       # and shrunk
        self.rough = False                              # shrunk fast (while the board moved), not smoothly
        #: the list drawn once for what it shows (its key), blitted until that changes
        self.layer: pygame.Surface | None = None
        self._list_key: Any = None

    def board_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event on the shrunk screen, as the same event on the full-size screen."""
        if event.type not in MOUSE_EVENTS:
            return event
        x, y = event.pos
        pos = (int((x - self.board.left) / SCALE), int((y - self.board.top) / SCALE))
        return pygame.event.Event(event.type, {**event.dict, "pos": pos})

    def draw(self, surface: pygame.Surface, fresh: bool = True, moving: bool = False) -> None:
        """The game screen shrunk on the left, the list on the right. ``fresh=False``: the game
        screen has not changed since the last frame (the review knows): its shrunk picture is
        reused, and the frame spares drawing and shrinking it. ``moving``: the board is animated,
        its frames are shrunk fast (a smooth shrink costs a frame's budget); the still board is
        shrunk smoothly again."""
        if self.canvas is None:
            self.canvas = pygame.Surface(theme.SIZE)
            self.shrunk = pygame.Surface(self.board.size, 0, self.canvas)
        assert self.shrunk is not None
        if fresh or (self.rough and not moving):
            self.screen(self.canvas)
            shrink = pygame.transform.scale if moving else pygame.transform.smoothscale
            shrink(self.canvas, self.board.size, self.shrunk)
            self.rough = moving
        surface.blit(theme.background(), (0, 0))
        surface.blit(self.shrunk, self.board.topleft)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.board.inflate(4, 4), 2, border_radius=6)
        self.draw_cached_list(surface)

    def list_key(self) -> Any:
        """What the list shows: drawn again only when this changes."""
        match, current = self.game(), self.shown()
        marks = self.marks()
        return (id(match), len(match.moves), len(match.future), current, tuple(sorted(marks.items())),
                tr("hist.title"), tuple(p.name for p in match.players))

    def draw_cached_list(self, surface: pygame.Surface) -> None:
        """:meth:`draw_list` drawn into a layer once for what it shows, then blitted."""
        if self.layer is None:
            self.layer = pygame.Surface(theme.SIZE)
        key = self.list_key()
        if key != self._list_key:
            self._list_key = key
            self.layer.blit(theme.background(), self.rect.topleft, self.rect)
            self.draw_list(self.layer)
        surface.blit(self.layer, self.rect.topleft, self.rect)

    def draw_list(self, surface: pygame.Surface) -> None:
        match, current = self.game(), self.shown()
        shown = len(match.moves) if current is None else current
        rect = self.rect
        theme.panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=12, width=2)
        theme.blit_text(surface, tr("hist.title"), (rect.centerx, rect.top + 10), 24, theme.ACCENT, "midtop")
        self.draw_headers(surface, match, rect.top + 42)
        cells = self.cells()
        if not cells:
            theme.blit_text(surface, tr("hist.empty"), (rect.centerx, rect.top + ROWS_TOP + 10), 20,
                            theme.TEXT_DIM, "midtop")
        marks = self.marks()
        for index, text, cell in cells:
            if index % 2 == 0:
                theme.blit_text(surface, f"{index // 2 + 1}.", (rect.left + 46, cell.top + 3), 22, theme.TEXT_DIM,
                                "topright")
            player = match.states[index].to_move
            color = theme.PLAYER_COLORS[match.seat_of(player)] if index < shown else theme.TEXT_DIM
            mark = marks.get(index, "")
            size = theme.fit_size(text + mark, 22, COLUMN - 10)
            if index == shown - 1:
                pygame.draw.rect(surface, theme.ACCENT, cell, 2, border_radius=6)
            drawn = theme.blit_text(surface, text, (cell.left + 6, cell.top + 3), size, color)
            if mark:
                theme.blit_text(surface, mark, (drawn.right + 1, cell.top + 3), size, MARK_COLORS[mark])
        if match.future and current is None:
            theme.blit_text(surface, tr("hist.redo_count", n=len(match.future)),
                            (rect.centerx, rect.bottom - 10), 18, theme.TEXT_DIM, "midbottom")
        elif cells:
            legend = notation_legend(match.config.game)
            if legend:                          # what « 3:7 » means, under the moves written so
                size = theme.fit_size(legend, 17, rect.width - 20, 12)
                theme.blit_text(surface, legend, (rect.centerx, rect.bottom - 10), size, theme.TEXT_DIM, "midbottom")

    def cells(self) -> list[tuple[int, str, pygame.Rect]]:
        """The moves on show: (index in the match's moves, text, the cell it is drawn in), the
        rows scrolled so that the current move is in view."""
        match, current = self.game(), self.shown()
        shown = len(match.moves) if current is None else current
        all_rows = rows(match, self.notation)
        room = max(1, (self.rect.height - ROWS_TOP - 14) // ROW)
        focus_row = max(0, (shown - 1) // 2)
        first = max(0, min(focus_row - room + 2, len(all_rows) - room))
        out = []
        y = self.rect.top + ROWS_TOP
        for _, items in all_rows[first:first + room]:
            for col, (index, text) in enumerate(items):
                out.append((index, text, pygame.Rect(self.rect.left + 52 + col * COLUMN, y - 3, COLUMN - 4, ROW - 2)))
            y += ROW
        return out

    def move_at(self, pos: tuple[int, int]) -> int | None:
        """The index (in the match's moves) of the move shown at ``pos``, if any."""
        return next((index for index, _, cell in self.cells() if cell.collidepoint(pos)), None)

    def draw_headers(self, surface: pygame.Surface, match: Match, y: int) -> None:
        """Above the columns: « Tour », then the name of the player of each column, in their colour
        (the first column is the player who moved first)."""
        rect = self.rect
        label = tr("hist.round")                 # over the rounds' numbers, inside the panel's edge
        theme.blit_text(surface, label, (rect.left + 46, y + 2), theme.fit_size(label, 16, 46 - 6, 11), theme.TEXT_DIM,
                        "topright")
        first = match.states[0].to_move
        for col, player in enumerate((first, 1 - first)):
            name = match.player(player).name
            size = theme.fit_size(name, 18, 100)
            theme.blit_text(surface, shorten(name, size, 100), (rect.left + 58 + col * 110, y), size,
                            theme.PLAYER_COLORS[match.seat_of(player)])
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.left + 12, y + 24), (rect.right - 12, y + 24), 1)
