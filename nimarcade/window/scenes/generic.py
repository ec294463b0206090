"""Any registered game in the window, drawn from what its registry entry says: the board as its
text mode draws it (``GameSpec.text.board``, set in a grid of even cells), and every legal move as
a button in the game's notation. A game that brings no scene of its own (``SceneSpec.scene`` is
this one by default) is thus played, hinted, undone, saved and reviewed like the others.

Mouse: click a move. Keyboard: the arrows (or Tab) go from move to move, Enter or Space plays it;
Page Up / Page Down turn the page when the moves don't fit on one. The hint lights the winning
moves; a played move's button flashes before the board changes.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from nimarcade.core.hints import Hint
from nimarcade.i18n import tr
from nimarcade.core.rules.textual import Row
from nimarcade.window.ui import theme

from nimarcade.window.scenes.game import BOARD, GameScene

BUTTON_W, BUTTON_H, GAP = 150, 52, 12
#: The moves' area: the lower part of the board area, the text board above it (a game without a
#: text board has its moves higher up, the same size).
MOVES = pygame.Rect(BOARD.left + 40, BOARD.top + 250, BOARD.width - 80, BOARD.bottom - BOARD.top - 262)
MOVES_ALONE = MOVES.move(0, -200)
COLS = (MOVES.width + GAP) // (BUTTON_W + GAP)
ROWS = (MOVES.height - 40 + GAP) // (BUTTON_H + GAP)
PAGE = COLS * ROWS
BOARD_TEXT = pygame.Rect(BOARD.left + 40, BOARD.top + 16, BOARD.width - 80, 220)
NAV_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -COLS, pygame.K_DOWN: COLS}
CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def row_text(row: Row) -> str:
    """A text-mode row (a translation key, its parameters, its cells) as one line."""
    params = {k: row_text(v) if isinstance(v, Row) else v for k, v in row.params.items()}
    label = tr(row.key, **params) if row.key else ""
    return f"{label} {row.cells}".strip() if row.cells else label


def draw_text_board(surface: pygame.Surface, lines: list[str], rect: pygame.Rect) -> None:
    """The text mode's board, each character in a cell of one width (the boards are drawn for a
    fixed-width terminal), as large as fits ``rect``."""
    if not lines:
        return
    cols = max(len(line) for line in lines)
    size = max(12, min(34, int(rect.height / (len(lines) * 1.15)), int(rect.width / (cols * 0.62))))
    pitch, height = round(size * 0.62), round(size * 1.15)
    x0 = rect.centerx - pitch * cols // 2
    y = rect.top + max(0, (rect.height - height * len(lines)) // 2)
    for line in lines:
        drawn = []
        for i, ch in enumerate(line):
            if not ch.isspace():
                img = theme.text(ch, size, theme.TEXT)
                surface.blit(img, img.get_rect(center=(x0 + i * pitch + pitch // 2, y + height // 2)))
                if theme.RECORDER is not None:
                    drawn.append(img.get_bounding_rect().move(img.get_rect(center=(x0 + i * pitch + pitch // 2,
                                                                                   y + height // 2)).topleft))
        if drawn:                                   # the line, told whole to a test's recorder
            theme.record(surface, line, None, drawn[0].unionall(drawn[1:]), rect)
        y += height


def draw_move_button(surface: pygame.Surface, rect: pygame.Rect, label: str, *, focused: bool, winning: bool,
                     flash: float = 0.0) -> None:
    fill = theme.lerp_color(theme.PANEL_LIGHT if focused else theme.PANEL, theme.ACCENT, flash)
    edge = theme.GOOD if winning else theme.ACCENT if focused else theme.PANEL_EDGE
    theme.panel(surface, rect, fill, edge, radius=10, width=3 if (focused or winning) else 2)
    size = theme.fit_size(label, 26, rect.width - 16)
    theme.blit_text(surface, label, rect.center, size, theme.GOOD if winning else theme.TEXT, "center")


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card of a game without its own picture: a few move buttons, one lit in turn."""
    lit = int(t * 1.5) % 6
    w, h = (r.width - 40) // 3, (r.height - 36) // 2
    for i in range(6):
        rect = pygame.Rect(r.left + 14 + (i % 3) * (w + 6), r.top + 12 + (i // 3) * (h + 8), w, h)
        pulse = 0.5 + 0.5 * math.sin(t * 4) if i == lit else 0.0
        theme.panel(surface, rect, theme.lerp_color(theme.PANEL, theme.ACCENT, 0.4 * pulse), theme.PANEL_EDGE,
                    radius=8, width=2)


class MovesScene(GameScene):
    """The window's scene of a game that has none of its own."""

    def __init__(self, services, config, director=None) -> None:
        self.focus = 0                  # the focused move (keyboard), an index in legal_moves()
        self.page = 0
        self.hover: int | None = None
        self.keyboard = False
        self.flashed: tuple[str, pygame.Rect] | None = None    # the move being played, where it was
        super().__init__(services, config, director)

    # -- geometry --------------------------------------------------------------------------------
    @property
    def moves(self) -> list[Any]:
        return self.state.legal_moves()

    @property
    def area(self) -> pygame.Rect:
        return MOVES if self.spec.text.board is not None else MOVES_ALONE

    def pages(self) -> int:
        return max(1, math.ceil(len(self.moves) / PAGE))

    def button_rect(self, index: int) -> pygame.Rect:
        """Where the move of this index is drawn (on its page)."""
        k = index % PAGE
        row, col = divmod(k, COLS)
        used = min(COLS, len(self.moves) - (index // PAGE) * PAGE)
        area = self.area
        left = area.centerx - (used * (BUTTON_W + GAP) - GAP) // 2
        return pygame.Rect(left + col * (BUTTON_W + GAP), area.top + 40 + row * (BUTTON_H + GAP), BUTTON_W, BUTTON_H)

    def page_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The « and » buttons that turn the page (shown when the moves need several)."""
        prev = pygame.Rect(self.area.right - 110, self.area.top, 50, 32)
        return prev, prev.move(58, 0)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        first = self.page * PAGE
        for i in range(first, min(first + PAGE, len(self.moves))):
            if self.button_rect(i).collidepoint(pos):
                return i
        return None

    def label(self, move: Any) -> str:
        return (self.spec.text.move or self.spec.notation.format_move)(move)

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def mouse_path(self, move: Any) -> list[tuple[int, int]]:
        """The page buttons up to the move's page, then a click on the move."""
        index = self.moves.index(move)
        prev, nxt = self.page_rects()
        target = index // PAGE
        turns = [nxt.center] * (target - self.page) if target > self.page else [prev.center] * (self.page - target)
        return turns + [self.button_rect(index).center]

    def key_path(self, move: Any) -> list[int]:
        """Right or left from the focused move to it, then Enter."""
        index = self.moves.index(move)
        step = pygame.K_RIGHT if index >= self.focus else pygame.K_LEFT
        return [step] * abs(index - self.focus) + [pygame.K_RETURN]

    # -- input -----------------------------------------------------------------------------------
    def on_new_turn(self) -> None:
        self.focus = min(self.focus, len(self.moves) - 1) if self.moves else 0
        self.page = self.focus // PAGE
        self.hover = None

    def _focus(self, index: int) -> None:
        n = len(self.moves)
        if not n:
            return
        self.focus = max(0, min(n - 1, index))
        self.page = self.focus // PAGE
        self.keyboard = True
        self.services.sounds.play("hover", 0.6)

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = self.index_at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            prev, nxt = self.page_rects()
            if self.pages() > 1 and (prev.collidepoint(event.pos) or nxt.collidepoint(event.pos)):
                self.page = (self.page + (1 if nxt.collidepoint(event.pos) else -1)) % self.pages()
                self.hover = None
                return True
            index = self.index_at(event.pos)
            if index is None:
                return False
            self.focus = index
            self.submit(self.moves[index])
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in NAV_KEYS:
            self._focus(self.focus + NAV_KEYS[event.key])
        elif event.key == pygame.K_TAB:
            self._focus((self.focus + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % max(1, len(self.moves)))
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._focus(self.focus + (PAGE if event.key == pygame.K_PAGEDOWN else -PAGE))
        elif event.key in CONFIRM and self.moves:
            self.submit(self.moves[self.focus])
        else:
            return False
        return True

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: Any, move: Any, after: Any) -> float:
        self.services.sounds.play("take")
        self.flashed = (self.label(move), self.button_rect(before.legal_moves().index(move)))
        return 0.45

    def describe(self, move: Any, before: Any) -> str:
        return tr("generic.played", move=self.label(move))

    def explain(self, hint: Hint) -> list[str]:
        if self.spec.text.explain is not None:
            return [row_text(r) for r in self.spec.text.explain(self.state, hint)]
        if hint.lost or not hint.moves:
            return [tr("generic.lost")]
        return [tr("generic.hint", n=len(hint.moves), moves=", ".join(self.label(m) for m in hint.moves))]

    # -- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        state = self.before if self.animating and self.before is not None else self.state
        if self.spec.text.board is not None:
            # the ASCII form: the window's font has every ASCII glyph, not every terminal symbol
            draw_text_board(surface, self.spec.text.board(state, True), BOARD_TEXT)
        if self.animating and self.flashed is not None:
            label, rect = self.flashed
            draw_move_button(surface, rect, label, focused=True, winning=False, flash=1.0 - self.anim_t)
            return
        if state.is_over:
            return
        area = self.area
        theme.blit_text(surface, tr("generic.moves", n=len(self.moves)), (area.left, area.top + 4), 24, theme.TEXT_DIM)
        mine = self.human_turn()
        winning = set(self.hint.moves) if (self.hint is not None and not self.hint.lost and mine) else set()
        first = self.page * PAGE
        for i in range(first, min(first + PAGE, len(self.moves))):
            move = self.moves[i]
            focused = mine and (i == self.hover if not self.keyboard else i == self.focus)
            draw_move_button(surface, self.button_rect(i), self.label(move), focused=focused,
                             winning=move in winning)
        if self.pages() > 1:
            prev, nxt = self.page_rects()
            for rect, text in ((prev, "«"), (nxt, "»")):
                theme.panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=8)
                theme.blit_text(surface, text, rect.center, 26, theme.TEXT, "center")
            theme.blit_text(surface, tr("generic.page", page=self.page + 1, pages=self.pages()),
                            (prev.left - 12, prev.centery), 20, theme.TEXT_DIM, "midright")
