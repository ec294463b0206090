"""Awélé in the position editor: the seeds of every house and of both stores, and who moves.

The board is drawn as in the game, the bottom player's row at the bottom; a marker in the player's
colour points at the row of the player to move. Mouse: click a house or a store for one seed more,
right-click for one fewer (or the wheel); « Au trait » says who moves and changes it. Keyboard: left/right move the cursor around the board (the way seeds are sown),
up/down or « + »/« − » one seed more or fewer, digits type the count, T changes who moves.

The position's text always puts the player to move first (``specs/awele.py:write_position``): when
the top player moves, the board is turned round as it is written. The total is shown beside the
most a board may hold; the rules refuse more, an empty board, or a player to move who has no move.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.games.awele.engine.engine import SEED
from nimarcade.core.hints import Hint
from nimarcade.analysis.verdicts import MoveValues
from nimarcade.i18n import tr
from nimarcade.games.awele.rules import AweleState
from nimarcade.games.awele import advice as awele_advice
from nimarcade.games.awele.spec import MAX_SEEDS
from nimarcade.window.ui import theme

from nimarcade.window.scenes.board_edit import DIGITS, MINUS_KEYS, PLUS_KEYS, BoardEditor, small_button
from nimarcade.games.awele.scene.art import HOUSE_R, ROW_Y, WOOD, BoardGeometry, render_board, render_still

#: The 14 places: houses 0-11 as the rules number them, then each player's store.
STORES = (12, 13)
#: Around the board the way seeds are sown: the bottom row left to right, its store, the top row.
RING = (0, 1, 2, 3, 4, 5, 12, 6, 7, 8, 9, 10, 11, 13)
TURN = pygame.Rect(WOOD.right - 470, WOOD.top - 50, 470, 40)
MORE = (pygame.K_UP, *PLUS_KEYS)
FEWER = (pygame.K_DOWN, *MINUS_KEYS)


class AweleEditor(BoardEditor):
    info_rect = pygame.Rect(WOOD.left, WOOD.bottom + 10, WOOD.width, 132)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.geo = BoardGeometry(0)
        self.cursor = 0
        self.hover: int | None = None
        self._board: pygame.Surface | None = None
        self._still: tuple[Any, pygame.Surface] | None = None
        super().__init__(*args, **kwargs)

    def load(self, state: Any) -> None:
        self.counts = list(state.houses) + list(state.stores)
        self.to_move = state.to_move

    def state(self) -> AweleState:
        return AweleState.from_board(self.counts[:12], self.counts[12:], self.to_move, self.params["grand_slam"])

    def text(self) -> str:
        return self.spec.position_text(self.state())

    def clear(self) -> None:
        self.counts = [0] * 14

    @property
    def total(self) -> int:
        return sum(self.counts)

    # -- changes ---------------------------------------------------------------------------------
    def set_count(self, place: int, n: int) -> None:
        self.cursor = place
        if not 0 <= n <= MAX_SEEDS:
            self.refuse(tr("editor.awele.range", hi=MAX_SEEDS))
            return
        self.counts[place] = n
        self.changed()

    def turn(self) -> None:
        self.to_move = 1 - self.to_move
        self.changed()

    def place_at(self, pos: tuple[int, int] | None) -> int | None:
        house = self.geo.house_at(pos)
        if house is not None or pos is None:
            return house
        return next((12 + p for p in (0, 1) if self.geo.store_rect(p).collidepoint(pos)), None)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.pointer(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.place_at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if event.button == 1 and TURN.collidepoint(event.pos):
                self.turn()
                return True
            place = self.place_at(event.pos)
            if place is None:
                return False
            self.set_count(place, self.counts[place] + (1 if event.button == 1 else -1))
            return True
        if event.type == pygame.MOUSEWHEEL and self.hover is not None:
            self.set_count(self.hover, self.counts[self.hover] + (1 if event.y > 0 else -1))
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key, place = event.key, self.cursor
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = RING[(RING.index(place) + (1 if key == pygame.K_RIGHT else -1)) % len(RING)]
            self.play("hover")
        elif key in MORE or key in FEWER:
            self.set_count(place, self.counts[place] + (1 if key in MORE else -1))
        elif key in DIGITS:
            self.set_count(place, self.typed_number(DIGITS[key], self.counts[place], MAX_SEEDS))
        elif key == pygame.K_t:
            self.turn()
        else:
            return False
        return True

    def keys(self) -> str:
        return tr("editor.awele.keys")

    def explain(self, state: Any, values: MoveValues) -> list[str]:
        """The engine's advice in the game's words (as the game's hint says it): what the best move
        sows or takes, and who is ahead after it."""
        best = values.best()
        if not best or values.depth is None or values.exact:   # proved: the verdict says it all
            return []
        hint = Hint((best[0],), False, advice=True, score=round(values.best_score * SEED), depth=values.depth)
        return awele_advice.hint_lines(state, hint, tr("editor.awele.mover"))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        geo, colors = self.geo, theme.PLAYER_COLORS
        if self._board is None:
            self._board = render_board(geo, colors)
        key = tuple(self.counts)
        if self._still is None or self._still[0] != key:
            self._still = (key, render_still(self._board, geo, self.counts[:12], self.counts[12:], colors))
        surface.blit(self._still[1], WOOD)
        keyboard = self.focused and self.keyboard
        for place, color, width in ((self.cursor if keyboard else None, theme.ACCENT, 5),
                                    (None if keyboard else self.hover, theme.TEXT, 3)):
            if place is None:
                continue
            if place in STORES:
                pygame.draw.rect(surface, color, geo.store_rect(place - 12).inflate(12, 12), width, border_radius=52)
            else:
                pygame.draw.circle(surface, color, geo.centers[place], HOUSE_R + 5, width)
        names = (tr("editor.awele.bottom"), tr("editor.awele.top"))
        x, y = WOOD.left - 8, ROW_Y[1 - self.to_move]          # the mover's row (the bottom one is row 1)
        pygame.draw.polygon(surface, colors[self.to_move], [(x - 26, y - 16), (x, y), (x - 26, y + 16)])
        small_button(surface, TURN, tr("editor.awele.turn", who=names[self.to_move]), self.mouse)
        total = tr("editor.awele.total", n=self.total, max=MAX_SEEDS)
        theme.blit_text(surface, total, (TURN.left - 24, TURN.centery), 24,
                        theme.BAD if self.total > MAX_SEEDS else theme.TEXT, "midright")
