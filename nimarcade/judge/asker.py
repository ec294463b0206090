"""Asking a player its moves, one position at a time (:class:`Asker`), and the judge's patience
(:func:`ask_all`: when it stops asking a program that can't start or keeps forfeiting); each answer a
:class:`Verdict`. :mod:`.judge` draws the positions, asks through these and scores the verdicts.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from nimarcade.core import registry
from nimarcade.core.computer import Forfeit
from nimarcade.core.match import Seat
from nimarcade.i18n import N_
from nimarcade.judge.positions import Position
from nimarcade.judge.rules import FORFEIT_BUDGET, FORFEITS_IN_A_ROW, STOPPED_BUDGET, STOPPED_FORFEITS, STOPPED_START, allowed
from nimarcade.players import catalog as catalog_mod
from nimarcade.players.program import ProgramPlayer


@dataclass(frozen=True)
class Verdict:
    """The player's answer in a position: its move, or the forfeit it lost the position by."""

    position: Position
    move: Any = None
    forfeit: Forfeit | None = None
    #: The forfeit came before the program could play at all (it could not start).
    at_start: bool = False

    @property
    def lost(self) -> Forfeit:
        """The forfeit of a position lost by forfeit (:attr:`~nimarcade.judge.judge.Report.forfeits`'s verdicts)."""
        if self.forfeit is None:
            raise ValueError("this position was played, not forfeited")
        return self.forfeit

    @property
    def kept(self) -> bool:
        return self.forfeit is None and self.move in self.position.winning


# -- the player ---------------------------------------------------------------------------------
class Asker:
    """Asks one player its moves: a program through one :class:`ProgramPlayer` (started again
    after a forfeit; each position begins with ``ucinewgame``, so that a Python player is a fresh
    object for each position, as docs/PROTOCOL.md promises), or a computer level called directly."""

    def __init__(self, spec: registry.GameSpec, params: Mapping[str, Any], seat: Seat, move_time: float,
                 seed: int, found: catalog_mod.Catalog | None = None) -> None:
        self.spec, self.params, self.seat, self.move_time = spec, dict(params), seat, move_time
        self.rng = random.Random(f"judge-{seed}")
        self.times: list[float] = []
        self.program: ProgramPlayer | None = None
        #: the program started once at least (a program that never could is not asked again)
        self.started = False
        #: the program answered a move once at least (late or not)
        self.answered = False
        self.source = catalog_mod.source_of(seat, found) if isinstance(seat, str) else None
        if self.source is None:
            assert isinstance(seat, int)            # a seat without a program is a computer level
            engine = spec.engine
            chooser = engine.arena_player(seat, {}) if engine.arena_player is not None else engine.chooser
            assert chooser is not None              # GameSpec.__post_init__ saw to it
            self.chooser = chooser

    def ask(self, position: Position) -> Verdict:
        if self.source is None:
            assert isinstance(self.seat, int)       # a seat without a program is a computer level
            t0 = time.perf_counter()
            move = self.chooser(position.state, self.seat, self.rng, self.move_time)
            self.times.append(time.perf_counter() - t0)
            return Verdict(position, move)
        if self.program is None or self.program.closed:
            self.close()
            self.program = ProgramPlayer(self.source, self.spec, self.params, self.move_time)
            try:
                self.program.start()    # a failure here is the program's, before any move
            except Forfeit as lost:
                self.close()
                return Verdict(position, forfeit=lost, at_start=True)
            self.started = True
        try:
            self.program.new_game()     # each position is a game of its own: a fresh player
            move = self.program(position.state, 0, self.rng, moves=position.moves)
        except Forfeit as lost:
            return Verdict(position, forfeit=lost)
        self.answered = True
        took = self.program.times[-1] if self.program.times else 0.0
        if took > allowed(self.move_time):      # --time is the rule: a late move loses its position
            return Verdict(position, forfeit=Forfeit(N_("forfeit.over_time"), name=self.program.name,
                                                     took=round(took, 2), s=float(self.move_time)))
        return Verdict(position, move)

    def close(self) -> None:
        """End the program (if any), keeping its times."""
        if self.program is not None:
            self.program.close()
            self.times += self.program.times
            self.program = None


def ask_all(asker: Asker, positions: Sequence[Position],
            budget: float = FORFEIT_BUDGET) -> tuple[list[Verdict], list[Position], str | None]:
    """The verdicts, the positions left unasked (counted lost) and why the judge stopped asking
    (None: it asked them all): all after the first when the program could not start at its first
    try (it would fail the same way, at a cost of up to
    :data:`~nimarcade.players.program.START_TIMEOUT` each), after :data:`FORFEITS_IN_A_ROW`
    forfeits in a row before its first move, or when its forfeits have cost more than ``budget`` seconds."""
    verdicts: list[Verdict] = []
    in_a_row, spent = 0, 0.0
    for n, position in enumerate(positions):
        if in_a_row >= FORFEITS_IN_A_ROW and not asker.answered:
            return verdicts, list(positions[n:]), STOPPED_FORFEITS
        if spent > budget:
            return verdicts, list(positions[n:]), STOPPED_BUDGET
        t0 = time.perf_counter()
        verdict = asker.ask(position)
        verdicts.append(verdict)
        if verdict.at_start and not asker.started:
            return verdicts, list(positions[n + 1:]), STOPPED_START
        if verdict.forfeit is not None:
            in_a_row += 1
            spent += time.perf_counter() - t0
        else:
            in_a_row = 0
    return verdicts, [], None
