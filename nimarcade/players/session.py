"""The dialog with a player's program, over any :class:`~nimarcade.players.transport.Transport`:
``uci`` -> ``id`` / ``option`` / ``uciok``, the options it announced for this game, ``isready`` ->
``readyok``, ``ucinewgame``; then for each move ``position startpos moves ...``, ``go movetime``,
its ``info`` lines and its ``bestmove``, within its time (``stop`` after it, then a forfeit).

Every failure is the program's: :meth:`Session.fail` kills it and gives the
:class:`~nimarcade.core.computer.Forfeit` that names it, says what it sent and why that was
refused, with the last lines of its error output. The pipes are the transport's: a real process
(:class:`~nimarcade.players.transport.ProcessTransport`, :mod:`.program`) or a script
(:class:`~nimarcade.players.transport.MockTransport`, the dialog's tests).
"""
from __future__ import annotations

import queue
import threading
import time
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from nimarcade.core.computer import Forfeit, SearchInfo
from nimarcade.core.rules import RulesError
from nimarcade.i18n import N_, error_text, tr
from nimarcade.players import protocol, sandbox
from nimarcade.players.host import USES_SOLVER
from nimarcade.players.transport import MAX_LINE, TOO_LONG, Transport, shown

if TYPE_CHECKING:
    from nimarcade.players.program import ProgramSource

#: Seconds a program may take to start and answer ``uci`` / ``isready`` (a Java VM is slow to start).
START_TIMEOUT = 15.0
#: Beyond its time a move may come this late (a pipe, a busy machine) before ``stop`` is sent...
GRACE = 0.5
#: ...and after ``stop``, this long before the program forfeits.
STOP_GRACE = 1.0
#: Lines a program may write before ``uciok`` that are not the protocol (a banner); after it, none.
BANNER_LINES = 40
DEFAULT_MOVE_TIME = 5.0
#: What a Python player's host means by its exit codes (:mod:`.host`: 3 no player, 4 its error,
#: 5 its ``choose_move`` returned no move of the game, 6 it closed the host's input or output,
#: 7 it failed after the box refused it the arcade's own solver).
PYTHON_EXITS = {3: N_("forfeit.python_no_player"), 4: N_("forfeit.python_error"),
                5: N_("forfeit.python_not_a_move"), 6: N_("forfeit.python_closed"),
                USES_SOLVER: N_("forfeit.uses_solver")}
#: The exits whose forfeit carries the player's exception line (``exception``, :func:`exception_line`).
RAISED = (3, 4)
#: The sandbox's exit code when the command could not be run at all (as a shell says it).
NOT_RUN = 127


def exception_line(lines: Sequence[str]) -> str | None:
    """The exception's line of the last Python traceback among ``lines`` (``AttributeError:
    'OctalState' object has no attribute 'sticks'``): the first line after its ``Traceback``
    heading that its frames don't indent; None without one."""
    starts = [i for i, line in enumerate(lines) if line.startswith("Traceback (most recent call last)")]
    if not starts:
        return None
    for line in lines[starts[-1] + 1:]:
        if line and not line.startswith(" "):
            return line
    return None


class Session:
    """One program's dialog for one game, over ``transport`` (started at the first move, ended
    by :meth:`close`). ``source`` names it and says its limits and whether it is a Python
    player's host; ``options``: more ``setoption`` values (``{"Level": "4"}``), sent when it
    announces them. ``start_timeout``, ``grace``, ``stop_grace``: the waits (:data:`START_TIMEOUT`,
    :data:`GRACE`, :data:`STOP_GRACE` unless given)."""

    #: the turn controller hands it the moves so far (the protocol sends them)
    wants_history = True

    def __init__(self, transport: Transport, source: ProgramSource, spec: Any, params: Mapping[str, Any],
                 move_time: float = DEFAULT_MOVE_TIME, options: Mapping[str, str] | None = None, *,
                 start_timeout: float | None = None, grace: float | None = None,
                 stop_grace: float | None = None) -> None:
        self.transport = transport
        self.source, self.spec, self.params = source, spec, dict(params)
        self.extra_options = dict(options or {})
        self.move_time = move_time
        self.start_timeout = START_TIMEOUT if start_timeout is None else start_timeout
        self.grace = GRACE if grace is None else grace
        self.stop_grace = STOP_GRACE if stop_grace is None else stop_grace
        self.options: dict[str, protocol.Option] = {}
        self.engine_name = ""
        self.closed = False
        self._lock = threading.Lock()
        #: seconds each move took (the judge and the tournament report them)
        self.times: list[float] = []
        #: a ``bestmove`` was taken since the last ``isready``: a second one for the same ``go``
        #: may still come, so the next move starts with ``isready`` and drops what comes before
        #: ``readyok`` (a stale answer is never taken as the next turn's)
        self._answered = False

    @property
    def name(self) -> str:
        return self.source.name

    # -- failures --------------------------------------------------------------------------------
    def fail(self, key: str, **params: Any) -> Forfeit:
        """The forfeit for this failure, with what the program wrote on its error output; the
        program is killed."""
        self.transport.drain()
        details = tuple(self.transport.errors)
        self.close()
        return Forfeit(key, details=details, name=self.name, **params)

    def _exit_reason(self) -> tuple[str, dict[str, Any]]:
        """Why the program's output ended: its exit code or signal (it may take a moment to go)."""
        code = self.transport.exit_code(1.0) if self.transport.started else None
        if code is None:
            return N_("forfeit.closed"), {}
        limits = self.source.limits
        if code == sandbox.CPU_EXIT:
            return N_("forfeit.cpu"), {"s": limits.cpu}
        if code == sandbox.MEMORY_EXIT:
            return N_("forfeit.memory"), {"mb": limits.memory}
        if code == sandbox.TASKS_EXIT:
            return N_("forfeit.tasks"), {"n": limits.tasks}
        if code > 128:
            return N_("forfeit.signal"), {"code": code - 128}
        if self.source.python_file is not None and code in PYTHON_EXITS:
            self.transport.drain()          # its last lines read: the refusal, the exception
            if code == USES_SOLVER:
                refused = self.transport.refused
                return PYTHON_EXITS[code], {"code": code, "module": refused[0] if refused else "nimarcade"}
            raised = exception_line(tuple(self.transport.errors)) if code in RAISED else None
            return PYTHON_EXITS[code], {"code": code, **({"exception": raised} if raised else {})}
        if code == NOT_RUN:
            return N_("forfeit.not_run"), {"code": code}
        return N_("forfeit.exited"), {"code": code}

    # -- the dialog ------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the program and speak the handshake: ``uci`` -> ``uciok``, the options it
        announced for this game, ``isready`` -> ``readyok``, ``ucinewgame``."""
        try:
            self.transport.start()
        except OSError as exc:
            self.close()
            reason = sandbox.reason_of(exc)
            why = tr(f"forfeit.why_{reason}") if reason != "other" else (exc.strerror or str(exc))
            raise Forfeit(N_("forfeit.no_start"), name=self.name, command=self.source.command[0], why=why) from None
        self.send("uci")
        deadline = time.monotonic() + self.start_timeout
        banner = 0
        while True:
            word, words, line = self._next(deadline, "uciok")
            if word == "uciok":
                break
            if word == "id" and words[:1] == ["name"]:
                self.engine_name = shown(" ".join(words[1:]), 80)
            elif word == "option":
                try:
                    option = protocol.parse_option(words)
                except ValueError:
                    raise self.fail(N_("forfeit.garbage"), line=shown(line, 80)) from None
                self.options[option.name] = option
            elif word not in protocol.REPLIES:
                banner += 1
                if banner > BANNER_LINES:
                    raise self.fail(N_("forfeit.garbage"), line=shown(line, 80))
        values = {"Game": self.spec.id, **self.extra_options, **protocol.params_as_options(self.params, self.spec)}
        for name in self.options:
            if name in values:
                self.send(f"setoption name {name} value {values[name]}")
        self.sync()
        self.send("ucinewgame")
        self.sync()

    def send(self, line: str) -> None:
        if not self.transport.started or self.closed:
            raise self.fail(N_("forfeit.closed"))
        try:
            self.transport.send(line)
        except (OSError, ValueError):
            key, params = self._exit_reason()
            raise self.fail(key, **params) from None

    def _read(self, timeout: float) -> str | None:
        """Its next line within ``timeout`` (None: none yet); a Forfeit when its output ended or
        a line was too long."""
        try:
            line = self.transport.read_line(timeout)
        except queue.Empty:
            return None
        if line is None:
            key, params = self._exit_reason()
            raise self.fail(key, **params)
        if line == TOO_LONG:
            raise self.fail(N_("forfeit.line_too_long"), kb=MAX_LINE // 1024)
        return line

    def _next(self, deadline: float, waiting_for: str) -> tuple[str, list[str], str]:
        """The next non-empty line before ``deadline``; a Forfeit when the program ends or stays
        silent."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise self.fail(N_("forfeit.silent"), reply=waiting_for, s=round(self.start_timeout))
            line = self._read(min(left, 0.25))
            if line is None:
                continue
            word, words = protocol.split(line)
            if word:
                return word, words, line

    def sync(self) -> None:
        """``isready``, and what comes before ``readyok`` read and dropped (a late ``bestmove``
        of the last ``go`` among it)."""
        self.send("isready")
        deadline = time.monotonic() + self.start_timeout
        while True:
            word, words, line = self._next(deadline, "readyok")
            if word == "readyok":
                self._answered = False
                return
            if word not in ("info", "id", "option", "bestmove"):
                raise self.fail(N_("forfeit.garbage"), line=shown(line, 80))

    def close(self, wait: bool = True) -> None:
        """Say ``quit``, then end the program and its group for good (``wait=False``: without
        waiting for it to go: the window closes a game at once)."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
        transport = self.transport
        if transport.started:
            try:
                if transport.exit_code() is None:
                    transport.send("quit")
            except (OSError, ValueError):
                pass
        transport.close(wait)

    def new_game(self) -> None:
        """What comes next belongs to another game (the judge's next position): ``ucinewgame``,
        after which a Python player is a fresh object (docs/PROTOCOL.md). Nothing before the
        program's first move: it starts with a new game anyway."""
        if self.transport.started and not self.closed:
            self.send("ucinewgame")
            self.sync()

    # -- a move ----------------------------------------------------------------------------------
    def __call__(self, state: Any, level: int, rng: Any, time_limit: float | None = None, *,
                 cancel: Any = None, info: SearchInfo | None = None, moves: Sequence[Any] = ()) -> Any:
        """The program's move in ``state``, reached from the start by ``moves``."""
        if self.closed:
            raise Forfeit(N_("forfeit.closed"), name=self.name)
        if not self.transport.started:
            self.start()
        elif self._answered:
            self.sync()                     # a second answer to the last go is dropped, not taken now
        limit = self.move_time if time_limit is None else time_limit
        fmt = self.spec.notation.format_move
        joined = self.spec.protocol.joined
        self.send(protocol.position_command([fmt(m) for m in moves], joined))
        self.send(protocol.go_command(limit))
        started = time.monotonic()
        deadline = started + limit + self.grace
        stopped = False
        while True:
            now = time.monotonic()
            if not stopped and (now >= deadline or (cancel is not None and cancel.is_set())):
                self.send("stop")
                stopped, deadline = True, now + self.stop_grace
            elif stopped and now >= deadline:
                if self.transport.output_held() is False:
                    raise self.fail(N_("forfeit.closed"))
                raise self.fail(N_("forfeit.too_slow"), s=float(limit))
            line = self._read(0.02)
            if line is None:
                continue
            word, words = protocol.split(line)
            if not word:
                continue
            if word == "info":
                if info is not None:
                    info.update(protocol.parse_info(words, joined))
                    info["program"] = self.name
                continue
            if word == "bestmove":
                self.times.append(time.monotonic() - started)
                self._answered = True
                return self._move(state, words)
            if word in ("readyok", "id", "option"):
                continue
            raise self.fail(N_("forfeit.garbage"), line=shown(line, 80))

    def _move(self, state: Any, words: list[str]) -> Any:
        text = protocol.bestmove(words)
        if text is None:
            raise self.fail(N_("forfeit.no_move"))
        try:
            move = self.spec.notation.parse_move(state, text)
        except RulesError as err:
            key = N_("forfeit.not_a_move") if err.key == N_("err.bad_notation") else N_("forfeit.illegal")
            raise self.fail(key, move=shown(text, 40), why=error_text(err)) from None
        return move
