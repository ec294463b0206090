"""The game's side of the protocol: a player's program, started in its sandbox and asked for its
moves. A :class:`ProgramPlayer` is a chooser (``(state, level, rng, time_limit, *, cancel, info,
moves) -> move``), so it plays wherever the computer plays: in the window (on the AI controller's
thread, never the render loop's), in the text mode, the arena, the judge and the tournament.

It is a :class:`~nimarcade.players.session.Session` (the dialog: ``uci``, ``isready``, ``position``,
``go``, ``bestmove``, the timing, the forfeits) over a
:class:`~nimarcade.players.transport.ProcessTransport` (the process in its box, its reader threads,
its bounded queue of lines). Every failure is the program's, never the game's: it loses that game
by :class:`~nimarcade.core.computer.Forfeit` with a message that names it, says what it sent and why
that was refused, and carries the last lines it wrote on its error output (a student's traceback,
marked as theirs). It is then killed.
"""
from __future__ import annotations

import os
import sys
import threading
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from nimarcade.core.computer import Forfeit
from nimarcade.core.match import declared_player_name
from nimarcade.i18n import tr
from nimarcade.players import sandbox
from nimarcade.players.host import ALLOW_SOLVER_VARIABLE
from nimarcade.players.sandbox import Limits
from nimarcade.players.session import (BANNER_LINES, DEFAULT_MOVE_TIME, GRACE, NOT_RUN, PYTHON_EXITS, RAISED,
                                       START_TIMEOUT, STOP_GRACE, Session, exception_line)
from nimarcade.players.transport import (ERROR_LINE, HIDING, LINE_COST, MAX_LINE, PENDING, TAIL, TOO_LONG, Pending,
                                         ProcessTransport, shown)

__all__ = ["BANNER_LINES", "DEFAULT_MOVE_TIME", "ERROR_LINE", "GRACE", "HIDING", "LINE_COST", "MAX_LINE", "NOT_RUN",
           "PENDING", "PYTHON_EXITS", "RAISED", "START_TIMEOUT", "STOP_GRACE", "TAIL", "TOO_LONG", "Pending",
           "ProgramPlayer", "ProgramSource", "exception_line", "forfeit_reason", "forfeit_text", "python_source",
           "shown"]


@dataclass(frozen=True)
class ProgramSource:
    """How to start a player's program: its name (as shown), its command, where it may play.

    ``games``: the games it plays (empty: every game); ``params``: for each parameter, the values
    it can play (``{"grand_slam": ("capture_nothing",)}``); ``python_file``: the file of a Python
    player (run by :mod:`.host`)."""

    name: str
    command: tuple[str, ...]
    games: tuple[str, ...] = ()
    params: Mapping[str, tuple[Any, ...]] = field(default_factory=dict, hash=False, compare=False)
    limits: Limits = Limits()
    python_file: str | None = None
    #: files or folders the program may read in its box (a student's folder); its own file and
    #: executable are always shown
    share: tuple[str, ...] = ()
    #: our own engine (``arena --base``): runs outside the box, with its compile cache
    trusted: bool = False
    #: a Python player may import the arcade's own solvers (:mod:`.host`'s guard is off)
    allow_solver: bool = False

    def fits(self, game: str, params: Mapping[str, Any]) -> bool:
        """Whether it can play ``game`` with these parameters."""
        if self.games and game not in self.games:
            return False
        return all(params.get(name) in allowed for name, allowed in self.params.items() if name in params)


def python_source(path: str | Path, name: str | None = None, limits: Limits = Limits(),
                  share: Sequence[str | Path] = (), allow_solver: bool = False) -> ProgramSource:
    """A Python player's file, run by the host in a process of its own; named by ``name``, else
    the name its Player class declares, else the file's name. Its box shows it the file alone
    (not the other files of its folder, a classmate's maybe), and ``share`` (a student's own
    folder, for a player written in several modules). ``allow_solver``: it may import the
    arcade's own solvers (the host refuses them otherwise)."""
    file = Path(path).resolve()
    return ProgramSource(name or declared_player_name(file), (sys.executable, "-m", "nimarcade.players.host", str(file)),
                         limits=limits, python_file=str(file), share=(str(file), *(str(s) for s in share)),
                         allow_solver=allow_solver)


class ProgramPlayer(Session):
    """One program, for one game (it is started at its first move and killed by :meth:`close`):
    the dialog of :class:`~nimarcade.players.session.Session` over the program run for real."""

    transport: ProcessTransport

    def __init__(self, source: ProgramSource, spec: Any, params: Mapping[str, Any],
                 move_time: float = DEFAULT_MOVE_TIME, options: Mapping[str, str] | None = None) -> None:
        """``options``: more ``setoption`` values (``{"Level": "4"}``), sent when it announces them."""
        env = None
        if source.python_file is not None:       # the host says where a player loops at its load
            from nimarcade.players.host import GAME_VARIABLE, START_VARIABLE

            env = {START_VARIABLE: str(START_TIMEOUT), GAME_VARIABLE: spec.id}
            if source.allow_solver or os.environ.get(ALLOW_SOLVER_VARIABLE) == "1":
                env[ALLOW_SOLVER_VARIABLE] = "1"
        transport = ProcessTransport(source.command, source.limits, env=env, share=source.share,
                                     boxed=not source.trusted, python_host=source.python_file is not None)
        super().__init__(transport, source, spec, params, move_time, options, start_timeout=START_TIMEOUT)

    @property
    def box(self) -> sandbox.Sandboxed | None:
        """The program's box, once started."""
        return self.transport.box

    @property
    def lines(self) -> Pending:
        """Its lines not read yet (bounded: :class:`~nimarcade.players.transport.Pending`)."""
        return self.transport.lines

    @property
    def errors(self) -> deque[str]:
        """The last lines of its error output."""
        return self.transport.errors

    @property
    def refused(self) -> list[str]:
        """The modules the host refused it (the arcade's own solver: :mod:`.host`)."""
        return self.transport.refused

    @property
    def _readers(self) -> list[threading.Thread]:
        return self.transport.readers


def forfeit_reason(lost: Forfeit) -> str:
    """The forfeit's message (translated), with the player's exception line when it raised one
    (``exception``: ``AttributeError: 'OctalState' object has no attribute 'sticks'``)."""
    reason = tr(lost.key, **lost.params)
    raised = lost.params.get("exception")
    return tr("forfeit.with_exception", reason=reason, exception=raised) if raised else reason


def forfeit_text(lost: Forfeit) -> list[str]:
    """The forfeit's message (:func:`forfeit_reason`), then what the program wrote, marked as its
    own (translated)."""
    lines = [forfeit_reason(lost)]
    if lost.details:
        lines.append(tr("forfeit.its_output", name=lost.params.get("name", "?")))
        lines += ["  | " + line for line in lost.details]
    return lines
