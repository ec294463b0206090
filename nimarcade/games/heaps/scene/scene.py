"""Classic Nim on several heaps (seed 001, part 2), normal play or misère (Marienbad).

Each heap is a row of tokens. Mouse: hover a token to see which ones would go (it and every
token to its right), click to take them. Keyboard: up/down (or 1-8) chooses the heap, left takes
one more (the highlight grows leftwards, as the tokens go from the right), right one fewer, Enter
or Space plays. Taken tokens fly to the taker's tray, shrinking
and fading.

The side panel is the lesson: the binary table of seed 001 (one row of bits per heap, then the
"somme de nim" row). It opens with a hint (H), or stays open with T / its button.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

import pygame

from nimarcade.core.hints import Hint
from nimarcade.i18n import error_text, language, tr
from nimarcade.core.rules import RulesError
from nimarcade.window.ui import theme

from nimarcade.window.scenes.game import BOARD, GameScene
from nimarcade.window.scenes.tally import taken
from nimarcade.games.heaps.scene.art import (HEAP_AREA, HINT_BUTTON, PANEL_RECT, TABLE_BUTTON, TRAY_H, TRAY_W, Rows, draw_buttons,
                  draw_flight, draw_highlights, draw_readout, draw_tray, render_panel, render_static)
from nimarcade.games.heaps.scene.lesson import explain_lines, objs, status_line

#: Layers kept (a position's rows and its panel): stepping through a review draws each once.
LAYERS_KEPT = 12


class HeapsScene(GameScene):
    table_button, hint_button = TABLE_BUTTON, HINT_BUTTON

    def __init__(self, services, config, director=None) -> None:
        self.sel_heap = 0           # keyboard cursor: which heap...
        self.count = 1              # ...and how many objects
        self.kb_active = True       # the last input came from the keyboard: show its selection
        self.hover: tuple[int, int] | None = None   # (heap, token) under the mouse
        self.mouse = (0, 0)
        self.show_table = False     # T: keep the binary table on screen
        #: the layers drawn for the last few positions (a review steps back and forth over them)
        self._layers: OrderedDict[Any, pygame.Surface] = OrderedDict()
        self._explained: tuple[Any, list[str]] | None = None
        super().__init__(services, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        initial = self.match.states[0].heaps
        self.width_bits = max(1, max(max(initial), 1).bit_length())
        self.rows = Rows.fit(initial)

    def row_rect(self, i: int) -> pygame.Rect:
        return self.rows.row_rect(i)

    def token_rect(self, i: int, j: int) -> pygame.Rect:
        return self.rows.token_rect(i, j)

    def tray_rect(self, rules_player: int) -> pygame.Rect:
        seat = self.match.seat_of(rules_player)
        left = HEAP_AREA.left if seat == 0 else HEAP_AREA.right - TRAY_W
        return pygame.Rect(left, BOARD.bottom - TRAY_H, TRAY_W, TRAY_H)

    def slot_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.rows.slot_at(pos)

    def token_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (heap, token) under ``pos`` if that token is still in its heap."""
        hit = self.slot_at(pos)
        if hit is None or hit[1] >= self.state.heaps[hit[0]]:
            return None
        return hit

    def table_visible(self) -> bool:
        return self.show_table or self.hint_shown()

    def hint_shown(self) -> bool:
        return self.hint is not None and self.human_turn()

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def mouse_path(self, move: tuple[int, int]) -> list[tuple[int, int]]:
        """One click on the leftmost token that goes: it and every token to its right are taken."""
        i, c = move
        return [self.token_rect(i, self.state.heaps[i] - c).center]

    def key_path(self, move: tuple[int, int]) -> list[int]:
        """The heap's number, left (more) or right (fewer) to the count (the wish is kept, within the
        heap), Enter."""
        i, c = move
        start = max(1, min(self.count, self.state.heaps[i]))
        arrows = [pygame.K_LEFT] * (c - start) if c >= start else [pygame.K_RIGHT] * (start - c)
        return [pygame.K_1 + i] + arrows + [pygame.K_RETURN]

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if not self.demo and not self.finished:
            if event.type == pygame.MOUSEMOTION:
                self.mouse = event.pos
            if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
                self.toggle_table()
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if self.table_button.collidepoint(event.pos):
                    self.toggle_table()
                    return True
                if self.hint_button.collidepoint(event.pos):
                    self.request_hint()
                    return True
        return super().handle(event)

    def toggle_table(self) -> None:
        self.show_table = not self.show_table
        self.services.sounds.play("click", 0.6)

    def on_new_turn(self) -> None:
        self.count = 1
        self.hover = None
        heaps = self.state.heaps
        if not 0 <= self.sel_heap < len(heaps) or heaps[self.sel_heap] == 0:
            self.sel_heap = next((i for i, h in enumerate(heaps) if h), 0)

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.kb_active = False
            self.hover = self.token_at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        hit = self.slot_at(pos)
        if hit is None:
            return False
        i, j = hit
        size = self.state.heaps[i]
        if size == 0:
            self.refuse(tr("err.heaps.empty", heap=i + 1))
        elif j >= size:
            self.refuse(tr("heaps.already_taken"))
        else:
            self.submit((i, size - j))
        return True

    def _key(self, key: int) -> bool:
        if key in (pygame.K_UP, pygame.K_DOWN):
            self._move_heap(-1 if key == pygame.K_UP else 1)
            return True
        # The tokens taken are the rightmost ones: left grows the highlight leftwards, right shrinks it.
        if key in (pygame.K_RIGHT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self._set_count(self.kb_count - 1)
            return True
        if key in (pygame.K_LEFT, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self._set_count(self.kb_count + 1)
            return True
        if pygame.K_1 <= key <= pygame.K_9 or pygame.K_KP1 <= key <= pygame.K_KP9:
            n = (key - pygame.K_1 if key <= pygame.K_9 else key - pygame.K_KP1) + 1
            self._jump(n - 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.kb_active = True
            self.hover = None
            self.submit((self.sel_heap, self.kb_count))
            return True
        return False

    def _move_heap(self, delta: int) -> None:
        heaps = self.state.heaps
        self.kb_active, self.hover = True, None
        for step in range(1, len(heaps) + 1):
            i = (self.sel_heap + delta * step) % len(heaps)
            if heaps[i]:
                self.sel_heap = i
                break
        self.services.sounds.play("hover", 0.6)

    def _jump(self, i: int) -> None:
        try:
            self.state.check((i, 1))   # no such heap, or an empty one: the rules say why
        except RulesError as err:
            self.refuse(error_text(err))
            return
        self.kb_active, self.hover = True, None
        self.sel_heap = i
        self.services.sounds.play("hover", 0.6)

    @property
    def kb_count(self) -> int:
        """The keyboard's count, within the chosen heap (the wish survives a visit to a smaller heap)."""
        return max(1, min(self.count, self.state.heaps[self.sel_heap]))

    def _set_count(self, n: int) -> None:
        self.kb_active, self.hover = True, None
        size = self.state.heaps[self.sel_heap]
        clamped = max(1, min(n, size))
        self.services.sounds.play("invalid" if clamped != n else "hover", 0.5 if clamped != n else 0.6)
        self.count = clamped

    def selection(self) -> tuple[int, int] | None:
        """(heap, count) the player points at: the hovered token, else the keyboard cursor."""
        if not self.human_turn() or not self.shows_choice:
            return None
        if self.hover is not None:
            i, j = self.hover
            if j < self.state.heaps[i]:
                return i, self.state.heaps[i] - j
        if self.kb_active and self.state.heaps[self.sel_heap]:
            return self.sel_heap, self.kb_count
        return None

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: Any, move: tuple[int, int], after: Any) -> float:
        self.services.sounds.play("take")
        self.hover = None
        return min(1.2, 0.7 + 0.02 * move[1])

    @property
    def trays(self) -> list[int]:
        """Objects taken by each rules player, from the game's history."""
        return taken(self.match, lambda move: move[1], self.animating)

    def describe(self, move: tuple[int, int], before: Any) -> str:
        i, c = move
        return tr("heaps.took", what=objs(c), heap=i + 1, left=before.heaps[i] - c)

    # -- the lesson --------------------------------------------------------------------------------
    def explain(self, hint: Hint) -> list[str]:
        key = (self.state, hint, language())
        if self._explained is None or self._explained[0] != key:
            self._explained = (key, explain_lines(self.state, hint, self.width_bits))
        return list(self._explained[1])

    def status_line(self) -> str:
        """Under the table: what the nim-sum says about the player to move (nothing once it is over)."""
        return status_line(self.state)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        # The still tokens are part of the cached layer; only highlighted ones are drawn again.
        heaps = self.state.heaps
        surface.blit(self._static_layer(), HEAP_AREA.topleft)
        sel = self.selection()
        hint_move = self.hint.moves[0] if self.hint is not None and self.hint_shown() and not self.hint.lost else None
        draw_highlights(surface, self.rows, heaps, sel, framed=self.kb_active and self.hover is None,
                        hint_move=hint_move, time=self.time)
        if self.anim is not None and self.before is not None:
            taker = self.before.to_move
            draw_flight(surface, self.rows, self.anim_move, self.before.heaps[self.anim_move[0]],
                        self.tray_rect(taker).center, theme.PLAYER_COLORS[self.match.seat_of(taker)], self.anim.t)
        for p in (0, 1):
            draw_tray(surface, self.tray_rect(p), theme.PLAYER_COLORS[self.match.seat_of(p)], self.player_name(p),
                      self.trays[p])
        draw_readout(surface, sel, heaps)
        surface.blit(self._panel_layer(), PANEL_RECT.topleft)
        draw_buttons(surface, table_on=self.show_table, hint_on=self.hint_shown(),
                     mouse=None if self.demo else self.mouse, hint_off=not self.turns.assists and not self.hint_shown())

    def _layer(self, key: Any, render: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The layer drawn for ``key``, kept among the last :data:`LAYERS_KEPT` ones."""
        layer = self._layers.get(key)
        if layer is None:
            layer = self._layers[key] = render()
            while len(self._layers) > LAYERS_KEPT:
                self._layers.popitem(last=False)
        else:
            self._layers.move_to_end(key)
        return layer

    def _static_layer(self) -> pygame.Surface:
        """Row plates, labels and the empty slots: redrawn only when the heaps change."""
        return self._layer(("static", self.state.heaps, language(), self.rows),
                           lambda: render_static(self.rows, self.state.heaps))

    def _panel_layer(self) -> pygame.Surface:
        """The binary table and its reasoning (or how to play): redrawn only when they change."""
        hint = self.hint if self.hint_shown() else None
        key = ("panel", self.state.heaps, self.state.misere, self.table_visible(), hint, language())

        def render() -> pygame.Surface:
            reasoning = None
            if self.table_visible():
                reasoning = self.explain(hint)[1:] if hint is not None else [self.status_line()]
            return render_panel(self.state, self.width_bits, hint, reasoning)
        return self._layer(key, render)
