"""The part every game screen shares: turns, the computer's moves, hints, refusals, undo and
redo, and the components it frames the board with (the HUD and its buttons, the move list).

A game scene subclass only knows its board: it implements the hooks of
:class:`~nimarcade.window.scenes.board_hooks.BoardHooks`. Decisions without pygame are beside it
(:class:`~nimarcade.core.turns.TurnController`, :class:`~nimarcade.records.keeper.Keeper`).
Flow: input -> ``submit(move)`` -> ``state.play(move)`` -> animation -> next turn; the computer's
move takes the same path, from the AI worker thread via an event.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from nimarcade.core import registry
from nimarcade.core.hints import Hint
from nimarcade.i18n import error_text, tr
from nimarcade.records.keeper import Keeper
from nimarcade.storage.failures import said
from nimarcade.people.roster import Counting
from nimarcade.core.rules import RulesError
from nimarcade.core.match import Match, MatchConfig
from nimarcade.core.turns import FORFEIT, TurnController
from nimarcade.players.catalog import start_program
from nimarcade.window.ui import theme
from nimarcade.window.ui.tween import Timer

from nimarcade.window.scenes import game_input
from nimarcade.window.scenes.board_hooks import BoardHooks
from nimarcade.window.scenes.controls import game_controls
from nimarcade.window.scenes.hud import BOARD, BOTTOM_BAR, TOP_BAR, Hud  # noqa: F401 - the board area, shared by every game scene
from nimarcade.window.scenes.hud import HELP_RECT, TURN_RECT, program_status
from nimarcade.window.scenes.movelist import SHRUNK, MoveList

if TYPE_CHECKING:
    from nimarcade.window.services import Services

AI_MIN_DELAY = 0.7   # seconds a computer move waits at least, so a player can follow it (÷ speed)
END_DELAY = 1.4      # seconds between the last move and the result screen


class GameScene(BoardHooks):
    name = "game"

    def __init__(self, services: "Services", config: MatchConfig, director: Any = None) -> None:
        super().__init__(services)
        self.config = config
        self.director = director
        self.spec = registry.get(config.game)
        self.turns = TurnController(self.spec, config, services.rng, services.ai, services.hint_ai, services.analysis_ai,
                                    start_program=start_program)
        self.keeper = Keeper(self.turns, services.autosave, Counting(services.stats, services.profiles), watched=director is not None,
                             report=lambda problem: services.notify(said(problem), "error"))
        self.controls = game_controls(self)              # the buttons of the bottom bar
        self.hud = Hud(self, self.controls)
        self.move_list = MoveList(lambda: self.match, self.spec.notation.format_move, self.draw_screen, enabled=False)
        self.anim: Timer | None = None
        self.before: Any = None          # the state before the animated move
        self.anim_move: Any = None
        self.last_move_text = ""
        self.ai_wait = 0.0               # the computer's move waits at least this long
        self.end_timer: Timer | None = None
        self.finished = False
        #: This window holds the card's lock while the game is open
        #: (:meth:`~nimarcade.records.autosave.Autosave.claim`).
        self.claimed = False
        #: False while the board only shows a position (a puzzle's solution): no choice of the
        #: player's (the keyboard's cursor, a piece picked for them) is drawn over the hint.
        self.shows_choice = True
        self.layout()

    # -- shortcuts -------------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.turns.match

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def hint(self) -> Hint | None:
        return self.turns.hint

    @property
    def hint_pending(self) -> bool:
        return self.turns.hint_pending

    @property
    def ai_error(self) -> str:
        return self.turns.ai_error

    @property
    def speed(self) -> float:
        return max(0.25, self.services.anim_speed)

    @property
    def demo(self) -> bool:
        return self.config.demo

    @property
    def animating(self) -> bool:
        return self.anim is not None

    @property
    def anim_t(self) -> float:
        """How far the move's animation has gone (0 to 1; 1 when none runs)."""
        return self.anim.t if self.anim is not None else 1.0

    @property
    def thinking(self) -> bool:
        return self.turns.thinking

    def moving(self) -> bool:
        """Animated, the computer busy, a message about to go, the game ending, or a demo."""
        return (self.animating or self.demo or self.end_timer is not None or self.ai_wait > 0
                or self.turns.busy or self.hud.message_time > 0 or self.hud.note_time > 0)

    def human_turn(self) -> bool:
        """True when a person may play now (never in a review: there the board is only shown)."""
        return not self.animating and not self.reviewing and self.turns.human_may_play()

    @property
    def reviewing(self) -> bool:
        """The game is shown move by move in a review (its turn controller frozen)."""
        return self.turns.frozen

    def toast_shown(self) -> bool:
        """A message has the message line (:data:`nimarcade.window.ui.widgets.TOAST_STRIP`) now: the
        screen is at full size (not shrunk beside a move list) and a message is on show."""
        full_size = not self.reviewing and not self.show_moves
        return full_size and any(t.kind != "error" for t in self.services.toasts)

    def player_name(self, rules_player: int) -> str:
        return self.match.player_name(rules_player)

    @property
    def message(self) -> str:
        """The refusal the HUD shows in red ("" when none)."""
        return self.hud.message

    @property
    def show_help(self) -> bool:
        return self.hud.help_open

    @property
    def show_moves(self) -> bool:
        """The move list is shown beside the shrunk board (L)."""
        return self.move_list.enabled

    # -- what the buttons of the bottom bar do, beside their keys ---------------------------------
    def toggle_moves(self) -> None:
        """L: the move list beside the shrunk board, or back to the board alone."""
        self.move_list.enabled = not self.move_list.enabled

    def toggle_help(self) -> None:
        """F1: the help panel."""
        self.hud.help_open = not self.hud.help_open

    def pause(self) -> None:
        """Esc: the pause menu over the game."""
        self.services.manager.open("pause", game_scene=self)

    # -- scene lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        if self.keeper.keeping and self.services.autosave.claim(self.config.card.key):
            self.claimed = True      # this card's kept game is open here: not resumed in another window
        self._say_if_not_boxed()
        self.on_new_turn()
        self._maybe_request_ai()

    def _say_if_not_boxed(self) -> None:
        """A program from outside at a seat where no box can be had: said once, as every command
        says it (docs/PROTOCOL.md, « The box »)."""
        if any(player.program for player in self.match.players):
            from nimarcade.players.isolation import isolation

            found = isolation()
            if not found.boxed:
                self.services.notify(tr("box.not_isolated", why=tr(found.why)), "info", 8.0)

    def resume(self) -> None:
        self._maybe_request_ai()

    def exit(self) -> None:
        self.turns.cancel()
        self.turns.close()          # programs from outside end with their game
        self.keeper.keep()
        if self.claimed:
            self.claimed = False
            self.services.autosave.release(self.config.card.key)

    def adopt(self, match: Match) -> None:
        """Show ``match`` (a resumed game, a loaded record, a picture of a finished game) at its
        last position instead of a new game. A finished game opened to be played goes to its
        result instead (:func:`nimarcade.window.scenes.open_game`)."""
        self.turns.adopt(match)
        self.layout()
        self.finished = self.match.is_over

    # -- moves -----------------------------------------------------------------------------------
    def submit(self, move: Any) -> bool:
        """A person's move: refused with a message and a sound when illegal, else played."""
        if not self.human_turn():
            self.refuse(tr("msg.not_your_turn"))
            return False
        try:
            self.state.check(move)
        except RulesError as err:
            self.refuse(error_text(err))
            return False
        self._apply(move)
        return True

    def refuse(self, text: str) -> None:
        self.services.hush()                 # the refusal is newer than any message on the line
        self.hud.say(text)
        self.services.sounds.play("invalid")

    def _apply(self, move: Any) -> None:
        before, after = self.turns.play(move)
        self.keeper.keep()
        name = self.player_name(before.to_move)
        self.last_move_text = f"{name} {self.describe(move, before)}"
        self.hud.message = ""
        self.before, self.anim_move = before, move
        duration = self.animate(before, move, after) / self.speed
        self.anim = Timer(duration)
        self.layout()

    def _finish_animation(self) -> None:
        self.anim = None
        self.before = self.anim_move = None
        self._next_turn()

    def _next_turn(self) -> None:
        """The board is still: the game's end, or the next turn (the computer is asked for its move)."""
        if self.match.is_over:
            self._game_over()
            return
        self.on_new_turn()
        self._maybe_request_ai()

    def _maybe_request_ai(self) -> None:
        if self.animating or self.finished:
            return
        if self.turns.request_move():
            self.ai_wait = AI_MIN_DELAY / self.speed
        elif self.match.forfeited is not None:
            self._game_over()           # a program that can't be found loses at its turn

    def on_ai(self, kind: str, result: Any) -> None:
        accepted = self.turns.accept(kind, result)
        if accepted is not None and accepted.kind == FORFEIT:
            self._game_over()           # its program failed: the game ends on this board

    def request_hint(self) -> None:
        """H: a hint on a person's turn, or hide the one shown; in a review, the hint of the
        position shown (what would have been best there); none where the board gives no
        assistance (a puzzle)."""
        if not self.turns.assists:
            self.refuse(tr("msg.no_hint_here"))
        elif self.human_turn() or (self.reviewing and not self.match.is_over):
            self.turns.toggle_hint()
        elif self.reviewing:
            self.refuse(tr("review.no_hint"))
        else:
            self.refuse(tr("msg.hint_wait"))

    def describe_last(self) -> str:
        """The last move of the game as it stands, in words, with who made it ("" before any)."""
        if not self.match.moves:
            return ""
        before = self.match.states[-2]
        return f"{self.player_name(before.to_move)} {self.describe(self.match.moves[-1], before)}"

    def moves_text(self, moves: list[Any]) -> str:
        """Moves in the game's notation, as the move list writes them."""
        return ", ".join(self.spec.notation.format_move(m) for m in moves)

    def undo(self) -> None:
        if self.animating or not self.turns.can_undo():
            self.refuse(tr("msg.cannot_undo"))
            return
        count = self.match.move_count
        if not self.turns.undo():
            self.refuse(tr("msg.nothing_to_undo"))
            return
        taken = count - self.match.move_count
        moves = list(reversed(self.match.future[-taken:]))
        self.hud.tell(tr("msg.undone_moves", n=taken, round=self.match.move_count // 2 + 1,
                         moves=self.moves_text(moves)))
        self.last_move_text = self.describe_last()
        self.finished, self.end_timer = False, None      # an undo after the last move
        self.keeper.keep()
        self.layout()
        self._next_turn()

    def redo(self) -> None:
        """Replay what undo took back (R, Ctrl+Y), up to the next human turn."""
        count = self.match.move_count
        if self.animating or not self.turns.can_undo() or not self.turns.redo():
            self.refuse(tr("msg.nothing_to_redo_now"))
            return
        self.hud.tell(tr("msg.redone_moves", n=self.match.move_count - count, round=self.match.move_count // 2 + 1,
                         moves=self.moves_text(self.match.moves[count:])))
        self.last_move_text = self.describe_last()
        self.keeper.keep()
        self.layout()
        self._next_turn()                # a redo up to the last move ends the game again

    def restart(self) -> None:
        self.services.manager.go("game", config=self.config, director=self.director)

    def _game_over(self) -> None:
        self.finished = True
        self.keeper.count()
        self.end_timer = Timer(END_DELAY / self.speed)
        self.services.sounds.play("lose" if self.turns.lost_to_computer() else "win")

    # -- input -----------------------------------------------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool:
        """While the help is open, a click closes it (or runs a button of the bottom bar) and
        reaches nothing under it."""
        if self.hud.help_open and event.type == pygame.MOUSEBUTTONDOWN:
            return self.hud.handle(self._on_screen(event))
        return False

    def open_panel(self) -> pygame.Rect | None:
        return HELP_RECT if self.hud.help_open else None

    def error_area(self) -> pygame.Rect | None:
        """Where an error is said: over the title and the rule, left of the turn's panel, never
        over the board (« could not save » while the game goes on)."""
        return pygame.Rect(12, 2, TURN_RECT.left - 24, TOP_BAR.height - 2)

    def _on_screen(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` on the full-size screen (the board is drawn shrunk beside the move list)."""
        return self.move_list.board_event(event) if self.move_list.enabled else event

    def handle(self, event: pygame.event.Event) -> bool:
        """A key or a click, as :func:`nimarcade.window.scenes.game_input.handle` takes it."""
        return game_input.handle(self, self._on_screen(event))

    # -- update ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.hud.update(dt)
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self._finish_animation()
        if self.ai_wait > 0:
            self.ai_wait -= dt
        if self.turns.ai_move is not None and self.ai_wait <= 0 and not self.animating:
            self._apply(self.turns.take_ai_move())
        if self.human_turn():
            self.turns.ponder()     # the computer thinks on the person's time, if its engine can
        if self.end_timer is not None:
            self.end_timer.update(dt)
            if self.end_timer.done:
                self.end_timer = None
                self._show_result()

    def _show_result(self) -> None:
        if self.director is not None:
            self.director.game_finished(self)
            return
        self.services.manager.go("result", match=self.match)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.move_list.enabled:
            self.move_list.draw(surface)
            theme.blit_text(surface, tr("hist.hide"), (SHRUNK.left, 10), 22, theme.TEXT_DIM)
            return
        self.draw_screen(surface)

    def draw_screen(self, surface: pygame.Surface) -> None:
        """The whole game screen at full size."""
        surface.blit(theme.background(), (0, 0))
        self.draw_board(surface)
        self.hud.draw(surface)

    def turn_status(self) -> str:
        """The line under "whose turn" while the computer thinks (a searching engine adds its
        depth; a program from outside its own info line: depth, score, expected line)."""
        progress = self.services.ai.progress
        if self.match.current.program:
            return program_status(progress)
        depth = progress.get("depth") if self.spec.engine.ai_time else None
        return tr("hud.thinking_depth", depth=depth) if depth else tr("hud.thinking")

