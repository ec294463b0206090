"""The turn controller: whose turn it is, the history, undo, and the computer's requests.

No pygame: a game scene owns one controller and only animates and draws. Every request to the
computer is tagged with its kind (``"move"``, ``"hint"`` or ``"analysis"``) and its token; :meth:`accept` is the
one place where a stale result (an older request, or one cancelled by an undo or a new game) is
dropped.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from nimarcade.games import GameSpec
from nimarcade.rules import RulesError
from nimarcade.session import Match, MatchConfig

MOVE, HINT, ANALYSIS = "move", "hint", "analysis"


class AiPort(Protocol):
    """What the controller needs of an AI controller (:class:`nimarcade.ai.worker.AiController`)."""

    def request(self, state: Any, level: int, rng: random.Random, time_limit: float | None = None) -> int: ...

    def cancel(self) -> None: ...


class AnalysisPort(AiPort, Protocol):
    """An AI controller that can also score every move (:meth:`AiController.analyse`)."""

    def analyse(self, state: Any, level: int, time_limit: float = 1.0) -> int: ...


@dataclass(frozen=True)
class Accepted:
    kind: str
    value: Any


class TurnController:
    def __init__(self, spec: GameSpec, config: MatchConfig, rng: random.Random, ai: AiPort, hint_ai: AiPort,
                 analysis_ai: AnalysisPort | None = None) -> None:
        self.spec = spec
        self.config = config
        self.rng = rng
        self.ports: dict[str, Any] = {MOVE: ai, HINT: hint_ai}
        if analysis_ai is not None:
            self.ports[ANALYSIS] = analysis_ai
        self.match = Match.start(config, rng)
        self.pending: dict[str, int | None] = {kind: None for kind in self.ports}
        self.ai_move: Any = None        # the computer's answer, not yet played
        self.hint: Any = None
        #: the last analysis (the worker's result, ``info["scores"]``) and the state it is of
        self.analysis: Any = None
        self.analysis_of: Any = None
        self.ai_error = ""
        self.frozen = False             # a game under review: the computer is never asked

    # -- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def computer_to_move(self) -> bool:
        return not self.state.is_over and not self.match.current.is_human

    @property
    def thinking(self) -> bool:
        return self.pending[MOVE] is not None or self.ai_move is not None

    @property
    def hint_pending(self) -> bool:
        return self.pending[HINT] is not None

    def human_may_play(self) -> bool:
        return not self.state.is_over and self.match.current.is_human and not self.config.demo

    def lost_to_computer(self) -> bool:
        """The one person playing the computer lost (a draw, or two people, is no defeat)."""
        winner = self.state.winner
        humans = [i for i in (0, 1) if self.match.player(i).is_human]
        return len(humans) == 1 and winner is not None and winner != humans[0]

    # -- the computer --------------------------------------------------------------------------
    def request_move(self) -> bool:
        """Ask the computer for its move if it is its turn and nothing is asked yet."""
        if not self.computer_to_move or self.thinking or self.frozen:
            return False
        level = self.match.current.level
        limit = self.spec.time_for(level, self.config.demo)
        self.pending[MOVE] = self.ports[MOVE].request(self.state, level, self.rng, limit)
        return True

    def request_hint(self) -> bool:
        if self.hint_pending:
            return False
        self.hint = None
        self.pending[HINT] = self.ports[HINT].request(self.state, self.spec.hint_level, self.rng,
                                                       self.spec.hint_time)
        return True

    def toggle_hint(self) -> None:
        """H: ask for a hint, or hide the one shown (nothing while one is looked for)."""
        if self.hint is not None:
            self.hint = None
        else:
            self.request_hint()

    def request_analysis(self, level: int, time_limit: float) -> bool:
        """Score every move of the player to move (a teaching view); False without an analysis
        worker. An older analysis is dropped."""
        if ANALYSIS not in self.ports:
            return False
        self.cancel(ANALYSIS)
        self.analysis, self.analysis_of = None, self.state
        self.pending[ANALYSIS] = self.ports[ANALYSIS].analyse(self.state, level, time_limit)
        return True

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
        self.match = match

    def play(self, move: Any) -> tuple[Any, Any]:
        """Apply a legal move (the rules' errors otherwise); returns (before, after)."""
        before = self.state
        self.match.play(move)
        self.hint = None
        self.cancel(HINT)
        if ANALYSIS in self.pending:
            self.cancel(ANALYSIS)
        self.analysis = self.analysis_of = None
        return before, self.state

    def can_undo(self) -> bool:
        return not self.config.demo and any(p.is_human for p in self.match.players)

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
