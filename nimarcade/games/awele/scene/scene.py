"""Awélé / Oware (seed 002): two rows of six houses on a wooden board, a store at each end.

The person's own row is at the bottom (the view turns round when the computer moved first).
The houses are named by their letters everywhere (A-F South's, a-f North's, as Aualé and the
records write them). Mouse: hover one of your houses to see what it would sow and capture, click
to play it. Keyboard: left/right and Enter, or 1-6 (from the owner's left). A click while seeds are
being sown skips ahead. H, I, A and Space show the engine's thinking (:mod:`.thinking`): one
analysis of the person's position, whatever shows it. Sowing is animated
seed by seed along the rules' path; captured seeds fly to the store, whose count rolls up. The
drawing is in :mod:`.art` and :mod:`.engine_art`: this scene gathers what a frame shows.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.games.awele.engine import core as awele_core
from nimarcade.core.hints import Hint
from nimarcade.i18n import error_text, tr
from nimarcade.core.rules import RulesError
from nimarcade.games.awele.rules import AweleState, Sowing, format_move, own_range, owner
from nimarcade.games.awele import advice as awele_advice
from nimarcade.core.turns import HINT
from nimarcade.window.ui import theme

from nimarcade.window.scenes.game import BOARD, GameScene
from nimarcade.games.awele.scene.art import (
    BUTTON_H,
    BUTTON_Y,
    CX,
    WOOD,
    BoardGeometry,
    Choice,
    Color,
    below_y,
    draw_below,
    draw_button,
    draw_end,
    draw_flying,
    draw_hand,
    draw_highlights,
    draw_names,
    preview_line,
    render_board,
    render_still,
)
from nimarcade.games.awele.scene.engine_art import draw_legend
from nimarcade.games.awele.scene.explain import TablesNote, core_text, final_summary
from nimarcade.games.awele.scene.sowing import SowingPlan
from nimarcade.games.awele.scene.thinking import EngineView
from nimarcade.games.awele.scene.under import Line, UnderBoard
from nimarcade.games.awele.scene.warmup import engine_preparing, engine_settled, start_workers


class AweleScene(GameScene):
    def __init__(self, services, config, director=None) -> None:
        self.cursor = 0                       # keyboard choice (a house index)
        self.tables = TablesNote()            # which endgame tables play (the help screen)
        self.mouse: tuple[int, int] | None = None
        self.use_keys = False                 # the last choice came from the keyboard
        self.sowing: SowingPlan | None = None  # the move being animated
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
        self.under = UnderBoard(self)         # the lines under the board
        #: where the lines under the board were last drawn, the overlay's legend among them
        self.below_rects: list[pygame.Rect] = []
        #: the hint's and the analysis's workers: started after this scene's first frame
        self.workers_started = False
        self.drawn = False                    # a frame of this scene is on screen
        #: the engine's preparation as last drawn (its note shows while it is "warming")
        self.engine_state: str | None = None
        super().__init__(services, config, director)

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
        self.services.notify(tr("awele.rotated"))

    def rotate_rect(self) -> pygame.Rect:
        return pygame.Rect(BOARD.left, BUTTON_Y, 250, BUTTON_H)

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
                self.services.sounds.play("hover", 0.3)
        return super().handle(event)

    def enter(self) -> None:
        super().enter()
        if not self.services.headless:   # the bigger endgame tables, built once in the background
            self.tables.start()

    def start_workers(self) -> None:
        """The hint's and the analysis's workers, once (:func:`nimarcade.games.awele.scene.warmup.start_workers`)."""
        self.workers_started = True
        start_workers(self.services, self.spec, self.demo)

    def engine_preparing(self) -> bool:
        return engine_preparing(self.services, self.spec, self.demo)

    def moving(self) -> bool:
        """Also for one frame when the engine's preparation changes, so that its note comes and
        goes on a still screen."""
        return super().moving() or (self.drawn and self.engine_preparing() != (self.engine_state == "warming"))

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
            if self.submit(house):       # a refused house keeps no cursor: its refusal is the HUD's
                self.cursor = house
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
            self.services.sounds.play("invalid", 0.4)
            return
        self.cursor = next(h for h in own_range(self.state.to_move) if self.slot(h) == (row, target))
        self.services.sounds.play("hover", 0.6)

    def selected(self) -> int | None:
        """The house the person points at: the hovered one of their row, else the keyboard cursor
        (None over the other row: what it says is the refusal's, in the HUD, never a stale one)."""
        if not self.human_turn():
            return None
        hover = None if self.use_keys else self.house_at(self.mouse)
        if hover is not None:
            return hover if owner(hover) == self.state.to_move else None
        if not self.use_keys and self.cursor not in self.state.legal_moves():
            return None                      # a keyboard cursor left on a refused house: not the mouse's
        return self.cursor

    def on_ai(self, kind: str, result: Any) -> None:
        token = self.turns.pending.get(kind)
        super().on_ai(kind, result)
        if token is None or token != result.token:
            return                          # dropped: an older request's
        self.watch.on_result(kind, result)
        if kind == HINT and self.hint is not None:
            self.show_hint(self.hint)

    @property
    def hint_pending(self) -> bool:
        """A hint is on its way: asked of the hint worker, or waiting for the analysis running."""
        return self.turns.hint_pending or (self.watch.hint_wanted is self.state and self.human_turn())

    def request_hint(self) -> None:
        """H: the hint of the one analysis of this position (:meth:`EngineView.want_hint`), or
        hide the one shown; nothing while one is on its way; a refusal while it is not the
        person's turn."""
        if not self.human_turn():
            super().request_hint()
        elif self.hint is not None:
            self.turns.hint = None
        elif not self.hint_pending:
            self.watch.want_hint()

    def show_hint(self, hint: Hint) -> None:
        """Show ``hint``: its house is highlighted, and Enter then plays it."""
        self.turns.hint = hint
        if hint.moves:
            self.cursor = hint.moves[0]

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
        state = self.services.ai.warm_state(self.spec.engine.warm_up) if self.spec.engine.warm_up else None
        return core_text(awele_core.describe(state) if state else awele_core.status()) + "\n" + self.tables.text()

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: AweleState, move: int, after: AweleState) -> float:
        self.sowing = SowingPlan.of(before, move)
        self.drops_heard, self.capture_heard = 0, False
        self.services.sounds.play("take", 0.4)
        return self.sowing.total

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.drawn and not self.workers_started and engine_settled(self.services, self.spec):
            self.start_workers()
        self.watch.update(dt)
        if self.capture_text and (self.anim is None or self.capture_heard):
            self.last_move_text, self.capture_text = self.capture_text, None
        plan = self.sowing
        if self.anim is None or plan is None:
            return
        tau = self.anim.t * plan.total
        dropped = plan.dropped(tau)
        if dropped > self.drops_heard:
            self.drops_heard = dropped
            self.services.sounds.play("seed", 0.3)
        if plan.sow.captured and tau >= plan.sow_end and not self.capture_heard:
            self.capture_heard = True
            self.services.sounds.play("capture", 0.7)

    def shown(self) -> dict[str, Any]:
        """What the board shows now: house and store counts, the hand, the seeds in flight.

        At the end of the animation (t = 1) this is exactly ``self.state``."""
        if self.anim is None or self.sowing is None:
            s = self.state
            return {"houses": list(s.houses), "stores": list(s.stores), "hand": None, "flying": []}
        return self.sowing.frame(self.anim.t, self.geo)

    def describe(self, move: int, before: AweleState) -> str:
        sow = before.sowing(move)
        n = before.houses[move]
        self.capture_text = None
        if sow.gain:   # the capture is told when the seeds fly to the store, not while sowing
            self.capture_text = f"{self.player_name(before.to_move)} " + tr(
                "awele.played_capture", house=format_move(move), n=n, gain=sow.gain)
        return tr("awele.played", house=format_move(move), n=n)

    def rule_text(self) -> str:
        if self.state.is_over:
            return tr("awele.over", why=tr(f"end.awele.{self.state.end}"))
        return tr(f"awele.rule_{self.state.grand_slam}")

    def explain(self, hint: Hint) -> list[str]:
        """The hint's advice, then the verdict after it, for the player to move."""
        who = tr("awele.analysis_you") if len(self.humans()) == 1 else self.player_name(self.state.to_move)
        return awele_advice.hint_lines(self.state, hint, who)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        self.drawn = True
        self.engine_state = "warming" if self.engine_preparing() else None
        view = self.shown()
        houses, stores = view["houses"], view["stores"]
        colors = self.player_colors()
        key = (tuple(houses), tuple(stores))
        still, board = self.still, self.board_img
        if key != self.still_key or still is None:
            assert board is not None             # layout() made it before the first frame
            still = render_still(board, self.geo, houses, stores, colors)
            self.still, self.still_key = still, key
        surface.blit(still, WOOD.topleft)
        choice = self.choice(colors)
        hint = self.hint.moves[0] if self.hint is not None and self.hint.moves else None
        draw_highlights(surface, self.geo, choice, hint, self.time)
        draw_flying(surface, view["flying"])
        if view["hand"] is not None:
            place, held = view["hand"]
            draw_hand(surface, place, held, self.anim_move)
        state = self.state
        turn = None if state.is_over or self.animating else state.to_move
        name_end = draw_names(surface, self.bottom, [self.player_name(p) for p in (0, 1)], colors, stores, turn)
        if not self.demo:
            draw_button(surface, self.rotate_rect(), tr("awele.rotate_button"), self.mouse)
            self.watch.draw(surface, colors, WOOD.right - 8 - name_end - 16)
        if state.is_over and not self.animating:
            draw_end(surface, self.final_lines())
            return
        lines, legend = self.below_lines(), self.analysis_legend()
        if legend is not None:      # after the hint's lines, in the engine's note's place (no room for both)
            lines = lines[:self.under.legend_slot(lines)]
        self.below_rects = draw_below(surface, preview_line(choice) if choice is not None else None, lines)
        if legend is not None:
            self.below_rects.append(draw_legend(surface, (CX, below_y(len(lines))), legend))

    def choice(self, colors: tuple[Color, Color]) -> Choice | None:
        """The house the person points at and what it would do (None: not their turn, nor while
        the board only shows a position: a puzzle's solution, whose line said « case A : semer… »
        of the cursor after B was played)."""
        house = self.selected() if self.shows_choice else None
        if house is None:
            return None
        sow, why = self.preview(house)
        state = self.state
        return Choice(house, state.houses[house], sow, why, tuple(state.legal_moves()), colors[state.to_move])

    def analysis_legend(self) -> str | None:
        return self.under.analysis_legend()

    def below_lines(self) -> list[Line]:
        """The lines under the board (:class:`~nimarcade.games.awele.scene.under.UnderBoard`)."""
        return self.under.lines()

    def final_lines(self) -> list[str]:
        return final_summary(self.state, [self.player_name(p) for p in (0, 1)])
