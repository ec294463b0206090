"""Classic Nim on several heaps (seed 001, part 2), normal play or misère (Marienbad).

Each heap is a row of tokens. Mouse: hover a token to see which ones would go (it and every
token to its right), click to take them. Keyboard: up/down (or 1-8) chooses the heap,
left/right how many, Enter or Space plays. Taken tokens fly to the taker's tray, shrinking
and fading.

The side panel is the lesson: the binary table of seed 001 (one row of bits per heap, then the
"somme de nim" row). It opens with a hint (H), or stays open with T / its button.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from nimarcade.ai.hints import Hint
from nimarcade.i18n import error_text, language, tr
from nimarcade.rules import RulesError
from nimarcade.ui import theme
from nimarcade.ui.tween import arc, clamp01, ease_in_out

from .game import BOARD, GameScene
from .heaps_lesson import draw_table, explain_lines, objs, status_line

# -- geometry: heaps on the left, the binary-table panel on the right, trays below the heaps -------
PANEL_W = 392
PANEL_RECT = pygame.Rect(BOARD.right - PANEL_W, BOARD.top, PANEL_W, BOARD.height)
TRAY_H = 62
TRAY_W = 220
HEAP_AREA = pygame.Rect(BOARD.left, BOARD.top, BOARD.width - PANEL_W - 16, BOARD.height - TRAY_H - 12)
LABEL_W = 118
MAX_PITCH = 64
MAX_ROW_H = 96
BUTTON_H = 34

TOKEN = (205, 200, 235)        # pale lilac: distinct from amber (selection) and green (hint)
TOKEN_RIM = (110, 102, 160)


@lru_cache(maxsize=32)
def token_surface(d: int, color: tuple[int, int, int] = TOKEN) -> pygame.Surface:
    """A round token with a rim and a light spot, cached per size and colour."""
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    rim = theme.lerp_color(color, TOKEN_RIM, 0.6)
    pygame.draw.circle(surf, rim, (r, r), r)
    pygame.draw.circle(surf, color, (r, r), max(1, r - max(2, d // 10)))
    light = theme.lerp_color(color, (255, 255, 255), 0.55)
    pygame.draw.circle(surf, light, (r - r // 3, r - r // 3), max(1, r // 4))
    return surf


class HeapsScene(GameScene):
    game = "heaps"

    def __init__(self, app, config, director=None) -> None:
        self.sel_heap = 0           # keyboard cursor: which heap...
        self.count = 1              # ...and how many objects
        self.kb_active = True       # the last input came from the keyboard: show its selection
        self.hover: tuple[int, int] | None = None   # (heap, token) under the mouse
        self.mouse = (0, 0)
        self.trays = [0, 0]         # objects taken by each rules player
        self.show_table = False     # T: keep the binary table on screen
        self._static_key: Any = None
        self._static: pygame.Surface | None = None
        self._panel_key: Any = None
        self._panel: pygame.Surface | None = None
        self._explained: tuple[Any, list[str]] | None = None
        super().__init__(app, config, director)

    # -- geometry --------------------------------------------------------------------------------
    @property
    def initial(self) -> tuple[int, ...]:
        return self.match.states[0].heaps

    def layout(self) -> None:
        sizes = self.initial
        n = len(sizes)
        self.width_bits = max(1, max(max(sizes), 1).bit_length())
        longest = max(1, max(sizes))
        room = HEAP_AREA.width - LABEL_W - 16
        self.pitch = min(MAX_PITCH, room // longest)
        self.row_h = min(MAX_ROW_H, HEAP_AREA.height // n)
        self.token_d = max(8, int(min(self.pitch * 0.84, self.row_h * 0.62)))
        self.rows_top = HEAP_AREA.top + (HEAP_AREA.height - n * self.row_h) // 2
        self.tokens_left = HEAP_AREA.left + LABEL_W + 8
        self.table_button = pygame.Rect(PANEL_RECT.left + 12, PANEL_RECT.top + 10, 228, BUTTON_H)
        self.hint_button = pygame.Rect(self.table_button.right + 10, PANEL_RECT.top + 10,
                                       PANEL_RECT.right - 12 - self.table_button.right - 10, BUTTON_H)

    def row_rect(self, i: int) -> pygame.Rect:
        """The plate of heap ``i``: its label and every slot it started with."""
        width = LABEL_W + 8 + self.pitch * max(1, self.initial[i]) + 8
        top = self.rows_top + i * self.row_h
        return pygame.Rect(HEAP_AREA.left, top + 3, width, self.row_h - 6)

    def token_rect(self, i: int, j: int) -> pygame.Rect:
        """Token ``j`` (0 = leftmost) of heap ``i``."""
        r = pygame.Rect(0, 0, self.token_d, self.token_d)
        r.center = (self.tokens_left + j * self.pitch + self.pitch // 2,
                    self.rows_top + i * self.row_h + self.row_h // 2)
        return r

    def tray_rect(self, rules_player: int) -> pygame.Rect:
        seat = self.match.seat_of(rules_player)
        left = HEAP_AREA.left if seat == 0 else HEAP_AREA.right - TRAY_W
        return pygame.Rect(left, BOARD.bottom - TRAY_H, TRAY_W, TRAY_H)

    def slot_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (heap, slot) under ``pos``, taken or not; slots are the heap's starting tokens."""
        x, y = pos
        if x < self.tokens_left or y < self.rows_top:
            return None
        i = (y - self.rows_top) // self.row_h
        j = (x - self.tokens_left) // self.pitch
        if i >= len(self.initial) or j >= self.initial[i]:
            return None
        return int(i), int(j)

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
        self.app.sounds.play("click", 0.6)

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
        if key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self._set_count(self.kb_count - 1)
            return True
        if key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
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
        self.app.sounds.play("hover", 0.6)

    def _jump(self, i: int) -> None:
        try:
            self.state.check((i, 1))   # no such heap, or an empty one: the rules say why
        except RulesError as err:
            self.refuse(error_text(err))
            return
        self.kb_active, self.hover = True, None
        self.sel_heap = i
        self.app.sounds.play("hover", 0.6)

    @property
    def kb_count(self) -> int:
        """The keyboard's count, within the chosen heap (the wish survives a visit to a smaller heap)."""
        return max(1, min(self.count, self.state.heaps[self.sel_heap]))

    def _set_count(self, n: int) -> None:
        self.kb_active, self.hover = True, None
        size = self.state.heaps[self.sel_heap]
        clamped = max(1, min(n, size))
        self.app.sounds.play("invalid" if clamped != n else "hover", 0.5 if clamped != n else 0.6)
        self.count = clamped

    def selection(self) -> tuple[int, int] | None:
        """(heap, count) the player points at: the hovered token, else the keyboard cursor."""
        if not self.human_turn():
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
        self.app.sounds.play("take")
        self.hover = None
        return min(1.2, 0.7 + 0.02 * move[1])

    def _finish_animation(self) -> None:
        if self.before is not None:
            self.trays[self.before.to_move] += self.anim_move[1]
        super()._finish_animation()

    def undo(self) -> None:
        super().undo()
        self.trays = [0, 0]
        for before, (_, c) in zip(self.match.states, self.match.moves):
            self.trays[before.to_move] += c

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
        surface.blit(self._static_layer(), HEAP_AREA.topleft)
        heaps = self.state.heaps
        sel = self.selection()
        hint_move = self.hint.moves[0] if self.hint_shown() and not self.hint.lost else None
        if sel is not None and self.kb_active and self.hover is None:
            pygame.draw.rect(surface, theme.ACCENT, self.row_rect(sel[0]).inflate(6, 4), 2, border_radius=12)
        if hint_move is not None:
            glow = 0.5 + 0.5 * theme.pulse(self.time, 5)
            hinted = token_surface(self.token_d, theme.lerp_color(TOKEN, theme.GOOD, 0.45 + 0.55 * glow))
            i, c = hint_move
            for j in range(heaps[i] - c, heaps[i]):
                surface.blit(hinted, self.token_rect(i, j))
        if sel is not None:
            chosen = token_surface(self.token_d, theme.ACCENT)
            i, c = sel
            for j in range(heaps[i] - c, heaps[i]):
                surface.blit(chosen, self.token_rect(i, j))
        if self.anim is not None and self.before is not None:
            self._draw_flight(surface)
        self._draw_trays(surface)
        self._draw_readout(surface, sel)
        self._draw_panel(surface)

    def _static_layer(self) -> pygame.Surface:
        """Row plates, labels and the empty slots: redrawn only when the heaps change."""
        key = (self.state.heaps, language(), self.token_d)
        if self._static is not None and key == self._static_key:
            return self._static
        layer = pygame.Surface(HEAP_AREA.size)
        layer.blit(theme.background(), (0, 0), HEAP_AREA)
        ghost = (70, 80, 130)
        plain = token_surface(self.token_d)
        for i, start in enumerate(self.initial):
            plate = self.row_rect(i).move(-HEAP_AREA.left, -HEAP_AREA.top)
            pygame.draw.rect(layer, (26, 32, 62, 230), plate, border_radius=10)
            pygame.draw.rect(layer, (52, 62, 108), plate, 1, border_radius=10)
            size = self.state.heaps[i]
            name = theme.text(tr("heaps.heap", n=i + 1), 26 if self.row_h >= 48 else 22,
                              theme.TEXT if size else theme.TEXT_DIM)
            count = theme.text(objs(size), 18, theme.TEXT_DIM)
            block = name.get_height() + count.get_height() - 2
            y = plate.centery - block // 2
            layer.blit(name, (plate.left + 12, y))
            layer.blit(count, (plate.left + 12, y + name.get_height() - 2))
            for j in range(start):
                r = self.token_rect(i, j).move(-HEAP_AREA.left, -HEAP_AREA.top)
                if j < size:
                    layer.blit(plain, r)
                else:
                    pygame.draw.circle(layer, ghost, r.center, self.token_d // 2, 2)
        self._static = layer.convert() if pygame.display.get_surface() else layer
        self._static_key = key
        return self._static

    def _draw_flight(self, surface: pygame.Surface) -> None:
        """The taken tokens fly to the taker's tray, rightmost first, shrinking and fading."""
        i, c = self.anim_move
        top = self.before.heaps[i]
        taker = self.before.to_move
        target = self.tray_rect(taker).center
        tint = theme.PLAYER_COLORS[self.match.seat_of(taker)]
        img = token_surface(self.token_d, theme.lerp_color(TOKEN, tint, 0.5))
        t = self.anim.t
        spread = 0.35 if c > 1 else 0.0
        for k in range(c):
            j = top - 1 - k
            delay = spread * k / max(1, c - 1)
            local = clamp01((t - delay) / (1 - spread))
            if local >= 1:
                continue
            x, y = arc(self.token_rect(i, j).center, target, ease_in_out(local), 70)
            size = max(2, round(self.token_d * (1 - 0.65 * local)))
            small = pygame.transform.smoothscale(img, (size, size))
            small.set_alpha(round(255 * (1 - 0.85 * local)))
            surface.blit(small, small.get_rect(center=(round(x), round(y))))

    def _draw_trays(self, surface: pygame.Surface) -> None:
        for p in (0, 1):
            rect = self.tray_rect(p)
            color = theme.PLAYER_COLORS[self.match.seat_of(p)]
            theme.panel(surface, rect, theme.PANEL, color, radius=12)
            theme.blit_text(surface, self.player_name(p), (rect.centerx, rect.top + 8), 20, color, "midtop")
            theme.blit_text(surface, tr("heaps.tray", n=self.trays[p]), (rect.centerx, rect.top + 34), 22,
                            theme.TEXT, "midtop")

    def _draw_readout(self, surface: pygame.Surface, sel: tuple[int, int] | None) -> None:
        if sel is None:
            return
        i, c = sel
        cx = HEAP_AREA.centerx
        y = BOARD.bottom - TRAY_H + 6
        theme.blit_text(surface, tr("heaps.select", heap=i + 1, what=objs(c)), (cx, y), 26, theme.ACCENT,
                        "midtop")
        theme.blit_text(surface, tr("heaps.select_left", left=self.state.heaps[i] - c), (cx, y + 30), 20,
                        theme.TEXT_DIM, "midtop")

    # -- the side panel: buttons, then the binary table (or how to play) --------------------------
    def _draw_panel(self, surface: pygame.Surface) -> None:
        surface.blit(self._panel_layer(), PANEL_RECT.topleft)
        for rect, label, on in ((self.table_button, tr("heaps.table_button"), self.show_table),
                                (self.hint_button, tr("heaps.hint_button"), self.hint_shown())):
            hot = rect.collidepoint(self.mouse) and not self.demo
            fill = theme.PANEL_LIGHT if hot else theme.PANEL
            edge = theme.GOOD if on else (theme.ACCENT if hot else theme.PANEL_EDGE)
            theme.panel(surface, rect, fill, edge, radius=10, width=2)
            theme.blit_text(surface, label, rect.center, 20, theme.GOOD if on else theme.TEXT, "center")

    def _panel_layer(self) -> pygame.Surface:
        hint = self.hint if self.hint_shown() else None
        key = (self.state.heaps, self.state.misere, self.table_visible(), hint, language())
        if self._panel is not None and key == self._panel_key:
            return self._panel
        surf = pygame.Surface(PANEL_RECT.size)
        surf.blit(theme.background(), (0, 0), PANEL_RECT)
        theme.panel(surf, surf.get_rect(), (24, 30, 58), theme.PANEL_EDGE, radius=14)
        inner = surf.get_rect().inflate(-28, 0)
        y = BUTTON_H + 20
        if self.table_visible():
            # The rule stays in the top bar; here every pixel goes to the table and the reasoning.
            y = draw_table(surf, inner, y, self.state, self.width_bits, hint)
            lines = self.explain(hint)[1:] if hint is not None else [self.status_line()]
            lines = [line for line in lines if line]
            bottom = surf.get_height() - 10
            for size in (18, 17, 16):   # the largest text that fits (8 heaps, long French lines)
                paras = [theme.wrap(line, size, inner.width) for line in lines]
                if y + sum(len(p) * (size + 1) + 4 for p in paras) <= bottom:
                    break
            for para in paras:
                for part in para:
                    if y + size + 1 > bottom:
                        break
                    theme.blit_text(surf, part, (inner.left, y), size, theme.GOOD if hint else theme.TEXT)
                    y += size + 1
                y += 4
        else:
            badge = tr("heaps.badge_misere" if self.state.misere else "heaps.badge_normal")
            color = theme.BAD if self.state.misere else theme.GOOD
            theme.blit_text(surf, badge, (inner.centerx, y + 2), 20, color, "midtop")
            y += 30
            box = pygame.Rect(inner.left, y + 6, inner.width, 400)
            theme.blit_paragraph(surf, tr("heaps.help_panel"), box, 20, theme.TEXT_DIM)
        self._panel = surf.convert() if pygame.display.get_surface() else surf
        self._panel_key = key
        return self._panel
