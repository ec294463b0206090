"""The turn controller: whose turn it is, the history, undo, and the computer's requests.

No pygame: a game scene owns one controller and only animates and draws; the text mode drives the
same controller, so both front ends share one path for turns, undo and the computer. What plays
for a seat, the hint, pondering and the analysis all come from the game's registry entry; a
program from outside at a seat is started by the ``start_program`` the front end hands it
(:func:`nimarcade.players.catalog.start_program`: the programs' floor stands above this one). Every
request to the computer is tagged with its kind (``"move"``, ``"hint"`` or ``"analysis"``) and
its token; :meth:`TurnController.accept` is the one place where a stale result (an older request, or one
cancelled by an undo or a new game) is dropped.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

import functools

from nimarcade.core.computer import Forfeit, SearchInfo
from nimarcade.core.registry import GameSpec
from nimarcade.core.rules import RulesError
from nimarcade.core.match import Match, MatchConfig, PlayerSpec
from nimarcade.i18n import N_

MOVE, HINT, ANALYSIS = "move", "hint", "analysis"
#: What :meth:`TurnController.accept` says when the player to move gave the game up.
FORFEIT = "forfeit"


class AiPort(Protocol):
    """What the controller needs of an AI controller (:class:`nimarcade.core.worker.AiController`):
    run a chooser off the caller's thread and deliver its result with the request's token."""

    def request(self, state: Any, level: int, rng: random.Random, time_limit: float | None = None, *,
                chooser: Any = None) -> int: ...

    def cancel(self) -> None: ...


class ProgramSeat(Protocol):
    """A program from outside at a seat, started for one game
    (:class:`nimarcade.players.program.ProgramPlayer`): a chooser handed the moves so far, closed
    with the game."""

    def __call__(self, state: Any, level: int, rng: Any, time_limit: float | None = None, *,
                 cancel: Any = None, info: SearchInfo | None = None, moves: Sequence[Any] = ()) -> Any: ...

    def close(self, wait: bool = True) -> None: ...


#: Starts a seat's program from outside for one game: ``(seat, spec, params, time_limit)`` -> its
#: :class:`ProgramSeat`; LookupError when it can't be found any more.
ProgramStarter = Callable[[str, GameSpec[Any, Any], Any, float], ProgramSeat]


class AnalysisPort(AiPort, Protocol):
    """An AI controller that can also score every move (:meth:`~nimarcade.core.worker.AiController.analyse`)."""

    def analyse(self, state: Any, level: int, time_limit: float, chooser: Any) -> int: ...


@dataclass(frozen=True)
class Accepted:
    kind: str
    value: Any


class TurnController:
    def __init__(self, spec: GameSpec[Any, Any], config: MatchConfig, rng: random.Random, ai: AiPort, hint_ai: AiPort,
                 analysis_ai: AnalysisPort | None = None, match: Match | None = None,
                 start_program: ProgramStarter | None = None) -> None:
        """``match``: a game already set up (the text mode seats its players itself), else a new
        one is started from ``config``. ``start_program``: how a seat's program from outside is
        started (None: no program can play here, and one at a seat forfeits)."""
        self.spec = spec
        self.config = config
        self.rng = rng
        self.ports: dict[str, Any] = {MOVE: ai, HINT: hint_ai}
        if analysis_ai is not None:
            self.ports[ANALYSIS] = analysis_ai
        self.match = match if match is not None else Match.start(config, rng)
        self.pending: dict[str, int | None] = {kind: None for kind in self.ports}
        self.ai_move: Any = None        # the computer's answer, not yet played
        self.hint: Any = None
        #: the last analysis (the worker's result, ``info["scores"]``) and the state it is of
        self.analysis: Any = None
        self.analysis_of: Any = None
        self.ai_error = ""
        self.frozen = False             # a game under review: the computer is never asked
        #: hints and the analysis may be asked (False in a puzzle: the player finds the move alone)
        self.assists = True
        #: the computer may be asked for its move or ponder (False on a puzzle's board: only the
        #: player's move counts there, and nothing answers it)
        self.computer_plays = True
        #: the token of the search on the person's time, and the state it was started for
        self.ponder_token: int | None = None
        self.pondered: Any = None
        #: the programs from outside at the seats, started at their first move (by seat)
        self.programs: dict[int, ProgramSeat] = {}
        self.start_program = start_program

    # -- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def computer_to_move(self) -> bool:
        return not self.match.is_over and not self.match.current.is_human

    @property
    def thinking(self) -> bool:
        return self.pending[MOVE] is not None or self.ai_move is not None

    @property
    def busy(self) -> bool:
        """The computer is at work: a move, a hint, an analysis, or a search on the person's time."""
        return self.ai_move is not None or self.pondering or any(t is not None for t in self.pending.values())

    @property
    def hint_pending(self) -> bool:
        return self.pending[HINT] is not None

    def human_may_play(self) -> bool:
        return not self.match.is_over and self.match.current.is_human and not self.config.demo

    def lost_to_computer(self) -> bool:
        """The one person playing the computer lost (a draw, or two people, is no defeat)."""
        winner = self.match.winner
        humans = [i for i in (0, 1) if self.match.player(i).is_human]
        return len(humans) == 1 and winner is not None and winner != humans[0]

    # -- the computer --------------------------------------------------------------------------
    def request_move(self) -> bool:
        """Ask the computer for its move if it is its turn and nothing is asked yet."""
        if not self.computer_to_move or self.thinking or self.frozen or not self.computer_plays:
            return False
        player = self.match.current
        try:
            chooser = self.chooser(player)
        except Forfeit as lost:
            self.give_up(lost)
            return False
        limit = self.config.program_time if player.program else self.spec.time_for(player.level, self.config.demo)
        self.stop_pondering()
        self.pending[MOVE] = self.ports[MOVE].request(self.state, player.level, self.rng, limit, chooser=chooser)
        return True

    def chooser(self, player: PlayerSpec) -> Any:
        """What plays for ``player``: the game's computer at its level (the registry's chooser), or
        its program from outside, started for this game and handed the moves so far; a Forfeit
        when that program can't be found any more."""
        if not player.program:
            return self.spec.chooser_for(player)
        program = self.programs.get(player.seat)
        if program is None:
            if self.start_program is None:
                raise Forfeit(N_("forfeit.missing"), name=player.name)
            try:
                program = self.programs[player.seat] = self.start_program(player.program, self.spec,
                                                                          self.config.params,
                                                                          self.config.program_time)
            except LookupError:
                raise Forfeit(N_("forfeit.missing"), name=player.name) from None
        return functools.partial(program, moves=tuple(self.match.moves))

    def give_up(self, lost: Forfeit) -> None:
        """The player to move loses the game by forfeit (its program failed); it is stopped."""
        self.match.forfeit(self.state.to_move, lost.key, lost.params, lost.details)
        self.ai_move = None
        self.close()

    def close(self) -> None:
        """The game is over or left: the programs from outside end with it (at once: nothing
        waits for them)."""
        for program in self.programs.values():
            program.close(wait=False)
        self.programs.clear()

    def request_hint(self, rng: random.Random | None = None) -> bool:
        """Ask for the hint of this position (``rng``: its own random stream, else the game's)."""
        if self.hint_pending or not self.assists:
            return False
        self.hint = None
        self.pending[HINT] = self.ports[HINT].request(self.state, self.spec.engine.hint_level, rng or self.rng,
                                                       self.spec.engine.hint_time, chooser=self.spec.engine.hint)
        return True

    def toggle_hint(self) -> None:
        """H: ask for a hint, or hide the one shown (nothing while one is looked for)."""
        if self.hint is not None:
            self.hint = None
        else:
            self.request_hint()

    @property
    def can_analyse(self) -> bool:
        return self.assists and self.spec.engine.analyse is not None and ANALYSIS in self.ports

    def request_analysis(self) -> bool:
        """Score every move of the player to move (a teaching view) with the game's analysis;
        False when the game or the front end has none. An older analysis is dropped."""
        if not self.can_analyse:
            return False
        self.cancel(ANALYSIS)
        self.analysis, self.analysis_of = None, self.state
        self.pending[ANALYSIS] = self.ports[ANALYSIS].analyse(self.state, self.spec.engine.hint_level,
                                                              self.spec.engine.analysis_time, self.spec.engine.analyse)
        return True

    # -- thinking on the person's time ---------------------------------------------------------
    def pondering_level(self) -> int | None:
        """The computer's level when one person plays one computer whose engine ponders at it."""
        players = self.match.players
        if sum(p.is_human for p in players) != 1:
            return None
        return self.spec.pondering_level([p.level for p in players if not p.is_human])

    def ponder(self) -> bool:
        """On a person's turn, start the computer's search of this position on their time (once
        per position); nothing is ever delivered. False when the game or the seats don't ponder."""
        if self.pondered is self.state or not self.human_may_play() or self.frozen or not self.computer_plays:
            return False
        self.pondered = self.state
        level = self.pondering_level()
        port = self.ports[MOVE]
        if level is None or not hasattr(port, "ponder"):
            self.ponder_token = None
            return False
        self.ponder_token = port.ponder(self.state, level, self.spec.engine.ponder)
        return self.ponder_token is not None

    @property
    def pondering(self) -> bool:
        port = self.ports[MOVE]
        return self.ponder_token is not None and getattr(port, "pondering", None) == self.ponder_token

    def stop_pondering(self) -> None:
        """A move is played or the game is left: the search on the person's time stops at once."""
        if self.pondering:
            self.ports[MOVE].cancel()
        self.ponder_token = None

    def accept(self, kind: str, result: Any) -> Accepted | None:
        """A result from a worker: kept if it answers this controller's current request of that
        kind, else dropped (None)."""
        if kind not in self.pending or self.pending[kind] is None or result.token != self.pending[kind]:
            return None
        self.pending[kind] = None
        if kind == ANALYSIS:
            self.analysis = result if result.error is None else None
            return Accepted(ANALYSIS, self.analysis)
        if kind == HINT:
            self.hint = result.move if result.error is None else None
            return Accepted(HINT, self.hint)
        if result.forfeit is not None:
            self.give_up(result.forfeit)
            return Accepted(FORFEIT, result.forfeit)
        if result.error is not None or result.move is None:
            # Never freeze on a bug in a search: fall back to a legal move and say so.
            self.ai_error = result.error or "no move"
            self.ai_move = self.state.legal_moves()[0]
        else:
            self.ai_move = result.move
        return Accepted(MOVE, self.ai_move)

    def take_ai_move(self) -> Any:
        """The computer's answer, checked against the rules (a legal move whatever happens)."""
        move, self.ai_move = self.ai_move, None
        try:
            self.state.check(move)
        except RulesError:
            move = self.state.legal_moves()[0]
        return move

    def cancel(self, kind: str | None = None) -> None:
        if kind in (None, MOVE):
            self.stop_pondering()
        for k in ([kind] if kind else list(self.pending)):
            if self.pending[k] is not None:
                self.ports[k].cancel()
            self.pending[k] = None
        if kind in (None, MOVE):
            self.ai_move = None

    # -- moves ---------------------------------------------------------------------------------
    def adopt(self, match: Match) -> None:
        """Go on with ``match`` (a resumed game, a loaded record) instead of the new one; what was
        asked of the computer for the old one is dropped."""
        self.cancel()
        self.close()
        self.match = match
        self.hint = None                # of the old game's position
        self.analysis = self.analysis_of = None

    def play(self, move: Any) -> tuple[Any, Any]:
        """Apply a legal move (the rules' errors otherwise); returns (before, after)."""
        before = self.state
        self.stop_pondering()
        self.match.play(move)
        self.hint = None
        self.cancel(HINT)
        if ANALYSIS in self.pending:
            self.cancel(ANALYSIS)
        self.analysis = self.analysis_of = None
        return before, self.state

    def can_undo(self) -> bool:
        return (not self.config.demo and any(p.is_human for p in self.match.players)
                and self.match.forfeited is None)

    def undo(self) -> bool:
        """Take back to the last human turn (the computer's reply too); cancels its search."""
        self.cancel()
        if not self.match.undo():
            return False
        self.hint = None
        return True

    def redo(self) -> bool:
        """Replay the moves an undo took back, up to the next human turn."""
        self.cancel()
        if not self.match.redo():
            return False
        self.hint = None
        return True
