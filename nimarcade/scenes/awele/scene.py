"""Awélé / Oware (seed 002): two rows of six houses on a wooden board, a store at each end.

The person's own row is at the bottom (the view turns round when the computer moved first).
Mouse: hover one of your houses to see what it would sow and capture, click to play it.
Keyboard: left/right and Enter, or 1-6 (from the owner's left). A click while seeds are being
sown skips ahead. I, A and Space show the engine's thinking (:mod:`.thinking`). Sowing is animated
seed by seed along the rules' path; captured seeds fly to the store, whose count rolls up. The
drawing is in :mod:`.art` and :mod:`.engine_art`: this scene gathers what a frame shows.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.ai import awele_core
from nimarcade.ai.hints import Hint
from nimarcade.i18n import error_text, tr
from nimarcade.rules import RulesError
from nimarcade.rules.awele import AweleState, Sowing, house_label, own_range, owner
from nimarcade.ui import theme
from nimarcade.ui.tween import arc, clamp01, ease_in_out, ease_out_cubic

from .art import (MAX_DRAWN, STORE_DRAWN, WOOD, BoardGeometry, Choice, Color, draw_below, draw_button,
                  draw_end, draw_flying, draw_hand, draw_highlights, draw_names, house_offsets, render_board,
                  render_still, store_offsets)
from .explain import core_text, explain_lines, final_summary
from .thinking import EngineView
from ..game import BOARD, GameScene

# -- timing (seconds at animation speed 1) --------------------------------------------------------
PICKUP = 0.2          # the seeds leave the house
SEED_STEP = 0.18      # the hand goes one house further and drops a seed
SOW_MAX = 4.0         # a long sowing is compressed to at most this
CAPTURE = 0.6         # captured seeds fly to the store
SETTLE = 0.12         # a short rest when nothing is captured


class AweleScene(GameScene):
    game = "awele"

    def __init__(self, app, config, director=None) -> None:
        self.cursor = 0                       # keyboard choice (a house index)
        self.mouse: tuple[int, int] | None = None
        self.use_keys = False                 # the last choice came from the keyboard
        self.sow: Sowing | None = None        # the move being animated
        self.plan = (0.0, 0.0, 0.0)           # seconds per seed, end of sowing, total
        self.drops_heard = 0
        self.capture_heard = False
        self.rotated = False                  # V: the board turned round (the other row at the bottom)
        self.capture_text: str | None = None  # "... and captures 2", said when the capture happens
        self.geo = BoardGeometry(0)           # where the houses are: the bottom row's player, set by layout
        self.board_img: pygame.Surface | None = None   # the empty wooden board
        self.still: pygame.Surface | None = None       # the board with its seeds, for ``still_key``
        self.still_key: tuple = ()
        self.previews: dict[int, tuple[Sowing | None, str]] = {}
        self.previews_of: AweleState | None = None
        self.watch = EngineView(self)         # the engine's thinking: I, A, Space, pondering
        super().__init__(app, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        humans = self.humans()
        bottom = (humans[0] if len(humans) == 1 else 0) ^ int(self.rotated)
        if self.board_img is None or bottom != self.geo.bottom:
            self.geo = BoardGeometry(bottom)
            self.board_img = render_board(self.geo, self.player_colors())
            self.still_key = ()
        self.watch.layout()
        if self.cursor not in own_range(self.state.to_move):
            self.on_new_turn()

    @property
    def bottom(self) -> int:
        """The player whose row is at the bottom of the screen."""
        return self.geo.bottom

    def humans(self) -> list[int]:
        return [p for p in (0, 1) if self.match.player(p).is_human]

    def player_colors(self) -> tuple[Color, Color]:
        """Each rules player's colour (their seat's)."""
        return (theme.PLAYER_COLORS[self.match.seat_of(0)], theme.PLAYER_COLORS[self.match.seat_of(1)])

    def slot(self, house: int) -> tuple[int, int]:
        return self.geo.slot(house)

    def house_center(self, house: int) -> tuple[int, int]:
        """Where a house is on screen (the tests click there)."""
        return self.geo.centers[house]

    def store_rect(self, player: int) -> pygame.Rect:
        return self.geo.store_rect(player)

    def house_at(self, pos: tuple[int, int] | None) -> int | None:
        return self.geo.house_at(pos)

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def mouse_path(self, move: int) -> list[tuple[int, int]]:
        """One click on the house."""
        return [self.house_center(move)]

    def key_path(self, move: int) -> list[int]:
        """The house's number in its owner's row (1-6 from the owner's left): it is played at once."""
        return [pygame.K_1 + move - 6 * self.state.to_move]

    # -- input -----------------------------------------------------------------------------------
    def rotate(self) -> None:
        """Turn the board round, as Aualé does: the other row comes to the bottom."""
        self.rotated = not self.rotated
        self.layout()
        self.app.notify(tr("awele.rotated"))

    def rotate_rect(self) -> pygame.Rect:
        return pygame.Rect(BOARD.left, BOARD.bottom - 40, 250, 36)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.watch.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and not self.demo:
            self.rotate()
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.demo
                and self.rotate_rect().collidepoint(event.pos)):
            self.rotate()
            return True
        if event.type == pygame.MOUSEMOTION:
            before = self.selected()
            self.mouse, self.use_keys = event.pos, False
            after = self.selected()
            if after != before and after is not None and self.house_at(event.pos) == after:
                self.app.sounds.play("hover", 0.3)
        return super().handle(event)

    def on_new_turn(self) -> None:
        legal = self.state.legal_moves()
        row = own_range(self.state.to_move)
        self.cursor = legal[0] if legal else row[0]

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return self.house_at(event.pos) is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            h = self.house_at(event.pos)
            if h is None:
                return False
            self.use_keys = False
            self.submit(h)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_cursor(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.use_keys = True
            self.submit(self.cursor)
            return True
        n = self._digit(event.key)
        if n is not None:
            house = 6 * self.state.to_move + n - 1
            self.use_keys = True
            self.cursor = house
            self.submit(house)
            return True
        return False

    @staticmethod
    def _digit(key: int) -> int | None:
        if pygame.K_1 <= key <= pygame.K_6:
            return key - pygame.K_1 + 1
        if pygame.K_KP1 <= key <= pygame.K_KP6:
            return key - pygame.K_KP1 + 1
        return None

    def _move_cursor(self, step: int) -> None:
        """Left/right as seen on the screen, within the row of the player to move."""
        row, col = self.slot(self.cursor)
        target = max(0, min(5, col + step))
        self.use_keys = True
        if target == col:
            self.app.sounds.play("invalid", 0.4)
            return
        self.cursor = next(h for h in own_range(self.state.to_move) if self.slot(h) == (row, target))
        self.app.sounds.play("hover", 0.6)

    def selected(self) -> int | None:
        """The house the person points at: the hovered one, or else the keyboard cursor."""
        if not self.human_turn():
            return None
        hover = None if self.use_keys else self.house_at(self.mouse)
        if hover is not None and owner(hover) == self.state.to_move:
            return hover
        return self.cursor

    def on_ai(self, kind: str, result: Any) -> None:
        super().on_ai(kind, result)
        if self.hint is not None and self.hint.moves:
            self.cursor = self.hint.moves[0]  # Enter then plays the advised house

    def preview(self, house: int) -> tuple[Sowing | None, str]:
        """What playing ``house`` would do, or why it is refused (in the rules' words)."""
        if self.previews_of is not self.state:
            self.previews_of, self.previews = self.state, {}
        if house not in self.previews:
            try:
                self.previews[house] = (self.state.sowing(house), "")
            except RulesError as err:
                self.previews[house] = (None, error_text(err))
        return self.previews[house]

    def help_note(self) -> str:
        """Whether the compiled engine core runs: as the AI worker reports it, else as known here."""
        state = self.app.ai.warm_state(self.spec.warm_up) if self.spec.warm_up else None
        return core_text(awele_core.describe(state) if state else awele_core.status())

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: AweleState, move: int, after: AweleState) -> float:
        self.sow = before.sowing(move)
        n = len(self.sow.path)
        step = min(SEED_STEP, SOW_MAX / max(1, n))
        sow_end = PICKUP + n * step
        total = sow_end + (CAPTURE if self.sow.captured else SETTLE)
        self.plan = (step, sow_end, total)
        self.drops_heard, self.capture_heard = 0, False
        self.app.sounds.play("take", 0.4)
        return total

    def update(self, dt: float) -> None:
        super().update(dt)
        self.watch.update()
        if self.capture_text and (self.anim is None or self.capture_heard):
            self.last_move_text, self.capture_text = self.capture_text, None
        if self.anim is None or self.sow is None:
            return
        tau = self.anim.t * self.plan[2]
        dropped = self._dropped(tau)
        if dropped > self.drops_heard:
            self.drops_heard = dropped
            self.app.sounds.play("seed", 0.3)
        if self.sow.captured and tau >= self.plan[1] and not self.capture_heard:
            self.capture_heard = True
            self.app.sounds.play("capture", 0.7)

    def _dropped(self, tau: float) -> int:
        step, sow_end, _ = self.plan
        n = len(self.sow.path) if self.sow else 0
        if tau >= sow_end - 1e-9:
            return n
        return max(0, min(n, int((tau - PICKUP) / step))) if tau > PICKUP else 0

    def shown(self) -> dict[str, Any]:
        """What the board shows now: house and store counts, the hand, the seeds in flight.

        At the end of the animation (t = 1) this is exactly ``self.state``."""
        if self.anim is None or self.before is None or self.sow is None:
            s = self.state
            return {"houses": list(s.houses), "stores": list(s.stores), "hand": None, "flying": []}
        before, move, sow = self.before, self.anim_move, self.sow
        step, sow_end, total = self.plan
        tau = self.anim.t * total
        houses = list(before.houses)
        stores = list(before.stores)
        houses[move] = 0
        n = len(sow.path)
        dropped = self._dropped(tau)
        for h in sow.path[:dropped]:
            houses[h] += 1
        hand = None
        if dropped < n:
            start = self.house_center(move)
            if tau < PICKUP:
                u = ease_out_cubic(tau / PICKUP)
                hand = ((start[0], start[1] - 26 * u), n)
            else:
                a = self.house_center(sow.path[dropped - 1]) if dropped else start
                b = self.house_center(sow.path[dropped])
                u = ease_in_out((tau - PICKUP - dropped * step) / step)
                x, y = arc(a, b, u, 22)
                hand = ((x, y - 26), n - dropped)
        flying = []
        if sow.captured and tau >= sow_end:
            c = 1.0 if tau >= total - 1e-9 else clamp01((tau - sow_end) / CAPTURE)
            seeds = [(h, i) for h, k in sow.captured for i in range(k)]
            stagger = 0.5 / (len(seeds) - 1) if len(seeds) > 1 else 0.0
            arrived = 0
            for h, _ in sow.captured:
                houses[h] = 0
            for j, (h, i) in enumerate(seeds):
                local = 1.0 if c >= 1.0 else clamp01((c - j * stagger) / 0.5)
                if local >= 1.0:
                    arrived += 1
                    continue
                hx, hy = self.house_center(h)
                dx, dy, kind = house_offsets(h)[i % MAX_DRAWN]
                target = self._store_spot(before.to_move, before.stores[before.to_move] + j)
                pos = arc((hx + dx, hy + dy), target, ease_in_out(local), 70)
                flying.append((pos, kind))
            stores[before.to_move] += arrived
        return {"houses": houses, "stores": stores, "hand": hand, "flying": flying}

    def _store_spot(self, player: int, index: int) -> tuple[int, int]:
        cx, cy = self.geo.store_seed_center(player)
        dx, dy, _ = store_offsets(player)[index % STORE_DRAWN]
        return (cx + dx, cy + dy)

    def describe(self, move: int, before: AweleState) -> str:
        sow = before.sowing(move)
        n = before.houses[move]
        self.capture_text = None
        if sow.gain:   # the capture is told when the seeds fly to the store, not while sowing
            self.capture_text = f"{self.player_name(before.to_move)} " + tr(
                "awele.played_capture", house=house_label(move), n=n, gain=sow.gain)
        return tr("awele.played", house=house_label(move), n=n)

    def rule_text(self) -> str:
        if self.state.is_over:
            return tr("awele.over", why=tr(f"end.awele.{self.state.end}"))
        return tr(f"awele.rule_{self.state.grand_slam}")

    def explain(self, hint: Hint) -> list[str]:
        return explain_lines(self.state, hint)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        view = self.shown()
        houses, stores = view["houses"], view["stores"]
        colors = self.player_colors()
        key = (tuple(houses), tuple(stores))
        if key != self.still_key:
            self.still, self.still_key = render_still(self.board_img, self.geo, houses, stores, colors), key
        surface.blit(self.still, WOOD.topleft)
        choice = self.choice(colors)
        hint = self.hint.moves[0] if self.hint is not None and self.hint.moves else None
        draw_highlights(surface, self.geo, choice, hint, self.time)
        draw_flying(surface, view["flying"])
        if view["hand"] is not None:
            draw_hand(surface, *view["hand"], self.anim_move)
        state = self.state
        turn = None if state.is_over or self.animating else state.to_move
        draw_names(surface, self.bottom, [self.player_name(p) for p in (0, 1)], colors, stores, turn)
        if not self.demo:
            draw_button(surface, self.rotate_rect(), tr("awele.rotate_button"), self.mouse)
            self.watch.draw(surface, colors)
        if state.is_over and not self.animating:
            draw_end(surface, self.final_lines())
        else:
            legend = self.legend() if choice is not None and self.hint is None else None
            hint_lines = self.explain(self.hint)[1:] if self.hint is not None and self.human_turn() else []
            draw_below(surface, choice, legend, hint_lines)

    def choice(self, colors: tuple[Color, Color]) -> Choice | None:
        """The house the person points at and what it would do (None: not their turn)."""
        house = self.selected()
        if house is None:
            return None
        sow, why = self.preview(house)
        state = self.state
        return Choice(house, state.houses[house], sow, why, tuple(state.legal_moves()), colors[state.to_move])

    def legend(self) -> str:
        """The line under the preview: the keys, or what the analysis overlay shows."""
        if not self.watch.analysis_on:
            return tr("awele.keys")
        analysis = self.watch.analysis()
        if analysis is None or not analysis[0]:
            return tr("awele.analysis_wait")
        who = tr("awele.analysis_you") if len(self.humans()) == 1 else self.player_name(self.state.to_move)
        return tr("awele.analysis_legend", depth=analysis[1], who=who)

    def final_lines(self) -> list[str]:
        return final_summary(self.state, [self.player_name(p) for p in (0, 1)])
