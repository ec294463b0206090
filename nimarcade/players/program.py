"""The game's side of the protocol: a player's program, started in its sandbox and asked for its
moves. A :class:`ProgramPlayer` is a chooser (``(state, level, rng, time_limit, *, cancel, info,
moves) -> move``), so it plays wherever the computer plays: in the window (on the AI controller's
thread, never the render loop's), in the text mode, the arena, the judge and the tournament.

Every failure is the program's, never the game's: it loses that game by :class:`~nimarcade.core.computer.Forfeit`
with a message that names it, says what it sent and why that was refused, and carries the last
lines it wrote on its error output (a student's traceback, marked as theirs). It is then killed.
"""
from __future__ import annotations

import io
import os
import queue
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Mapping, Sequence

from nimarcade.core.computer import Forfeit, SearchInfo
from nimarcade.core.match import declared_player_name
from nimarcade.i18n import N_, error_text, tr
from nimarcade.core.rules import RulesError

from nimarcade.players import protocol, sandbox
from nimarcade.players.host import ALLOW_SOLVER_VARIABLE, REFUSED_MARK, USES_SOLVER
from nimarcade.players.sandbox import Limits

#: Seconds a program may take to start and answer ``uci`` / ``isready`` (a Java VM is slow to start).
START_TIMEOUT = 15.0
#: Beyond its time a move may come this late (a pipe, a busy machine) before ``stop`` is sent...
GRACE = 0.5
#: ...and after ``stop``, this long before the program forfeits.
STOP_GRACE = 1.0
#: Lines a program may write before ``uciok`` that are not the protocol (a banner); after it, none.
BANNER_LINES = 40
#: The last lines of a program's error output kept for its forfeit message.
TAIL = 30
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
#: Bytes of one line a program may write; a longer one forfeits (the referee never holds more).
MAX_LINE = 64 * 1024
#: Characters kept of one line of its error output (the rest is cut, with « … »).
ERROR_LINE = 400
#: What a reader puts in the queue when the program wrote a line longer than :data:`MAX_LINE`.
TOO_LONG = "\0too-long"
#: Characters of a program's lines the referee holds at most while nobody reads them (an engine
#: that thinks aloud during a person's turn): past it, the oldest ``info`` line goes; never another.
PENDING = 1 << 20
#: What each held line counts on top of its characters (the object that holds it).
LINE_COST = 64
#: Characters written as visible escapes though printable: they reorder or hide the text around them.
HIDING = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def shown(text: str, limit: int | None = None) -> str:
    """A program's text as a person may see it: control characters (a terminal's escapes, a
    carriage return) written as visible escapes, never sent raw to a screen or a report; cut to
    ``limit`` characters."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch == "\t":
            out.append("    ")
        elif code < 32 or code == 127 or 0x80 <= code < 0xA0 or ch in HIDING:
            out.append(f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}")
        else:
            out.append(ch)
    result = "".join(out)
    if limit is not None and len(result) > limit:
        result = result[:limit] + "…"
    return result


def _cost(line: str | None) -> int:
    return LINE_COST + (len(line) if line else 0)


def _droppable(line: str | None) -> bool:
    """An ``info`` line (or a blank one): what an engine thought, never a reply the referee needs."""
    if line is None or line == TOO_LONG:
        return False
    words = line.split(None, 1)
    return not words or words[0] == "info"


class Pending:
    """The lines a program wrote that the referee has not read yet, within ``budget`` characters
    (:data:`PENDING`; each line counts :data:`LINE_COST` more): a line that would pass it drops
    the oldest ``info`` lines first (``dropped`` counts them); when only other lines are held (a
    move, ``readyok``, garbage the referee will forfeit), the reader waits until the referee reads
    them, and the program waits on its full pipe. The end of the output (None) and
    :data:`TOO_LONG` always get in. :meth:`get` is :meth:`queue.Queue.get`'s (``queue.Empty``
    after ``timeout``); after :meth:`close` nothing more is held (nobody will read it)."""

    def __init__(self, budget: int = PENDING) -> None:
        self.budget = budget
        self.dropped = 0
        self._lines: deque[str | None] = deque()
        self._size = 0
        self._ready = threading.Condition()
        self._closed = False

    @property
    def size(self) -> int:
        """The characters held (with :data:`LINE_COST` a line)."""
        return self._size

    def __len__(self) -> int:
        return len(self._lines)

    def put(self, line: str | None) -> None:
        cost = _cost(line)
        with self._ready:
            while not self._closed and line is not None and line != TOO_LONG and self._lines \
                    and self._size + cost > self.budget:
                if not self._drop_oldest_info():
                    self._ready.wait(0.25)
            if self._closed:
                return
            self._lines.append(line)
            self._size += cost
            self._ready.notify_all()

    def _drop_oldest_info(self) -> bool:
        for i, held in enumerate(self._lines):
            if _droppable(held):
                del self._lines[i]
                self._size -= _cost(held)
                self.dropped += 1
                return True
        return False

    def get(self, timeout: float | None = None) -> str | None:
        with self._ready:
            if not self._lines:
                self._ready.wait(timeout)
                if not self._lines:
                    raise queue.Empty
            line = self._lines.popleft()
            self._size -= _cost(line)
            self._ready.notify_all()            # a reader waiting for room
            return line

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._lines.clear()
            self._size = 0
            self._ready.notify_all()


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


class ProgramPlayer:
    """One program, for one game (it is started at its first move and killed by :meth:`close`)."""

    #: the turn controller hands it the moves so far (the protocol sends them)
    wants_history = True

    def __init__(self, source: ProgramSource, spec: Any, params: Mapping[str, Any],
                 move_time: float = DEFAULT_MOVE_TIME, options: Mapping[str, str] | None = None) -> None:
        """``options``: more ``setoption`` values (``{"Level": "4"}``), sent when it announces them."""
        self.source, self.spec, self.params = source, spec, dict(params)
        self.extra_options = dict(options or {})
        self.move_time = move_time
        self.box: sandbox.Sandboxed | None = None
        self.lines = Pending()
        self.errors: deque[str] = deque(maxlen=TAIL)
        #: the modules the host refused it (the arcade's own solver: :mod:`.host`)
        self.refused: list[str] = []
        self.options: dict[str, protocol.Option] = {}
        self.engine_name = ""
        self.closed = False
        self._lock = threading.Lock()
        #: seconds each move took (the judge and the tournament report them)
        self.times: list[float] = []
        self._readers: list[threading.Thread] = []
        #: a ``bestmove`` was taken since the last ``isready``: a second one for the same ``go``
        #: may still come, so the next move starts with ``isready`` and drops what comes before
        #: ``readyok`` (a stale answer is never taken as the next turn's)
        self._answered = False

    @property
    def name(self) -> str:
        return self.source.name

    # -- the process -----------------------------------------------------------------------------
    def _fail(self, key: str, **params: Any) -> Forfeit:
        """The forfeit for this failure, with what the program wrote on its error output; the
        program is killed."""
        self._reap()
        details = tuple(self.errors)
        self.close()
        return Forfeit(key, details=details, name=self.name, **params)

    def _reap(self) -> None:
        """Let the readers drain what the program wrote before it went."""
        box = self.box
        if box is not None and box.process.poll() is not None:
            for reader in list(self._readers):
                reader.join(0.5)

    def _exit_reason(self) -> tuple[str, dict[str, Any]]:
        """Why the program's output ended: its exit code or signal (it may take a moment to go)."""
        code = None
        if self.box is not None:
            try:
                code = self.box.process.wait(1.0)
            except subprocess.TimeoutExpired:
                code = None
        if code is None:
            return N_("forfeit.closed"), {}
        if code == sandbox.CPU_EXIT:
            return N_("forfeit.cpu"), {"s": self.source.limits.cpu}
        if code == sandbox.MEMORY_EXIT:
            return N_("forfeit.memory"), {"mb": self.source.limits.memory}
        if code == sandbox.TASKS_EXIT:
            return N_("forfeit.tasks"), {"n": self.source.limits.tasks}
        if code > 128:
            return N_("forfeit.signal"), {"code": code - 128}
        if self.source.python_file is not None and code in PYTHON_EXITS:
            self._reap()                    # its last lines read: the refusal, the exception
            if code == USES_SOLVER:
                return PYTHON_EXITS[code], {"code": code, "module": self.refused[0] if self.refused else "nimarcade"}
            raised = exception_line(tuple(self.errors)) if code in RAISED else None
            return PYTHON_EXITS[code], {"code": code, **({"exception": raised} if raised else {})}
        if code == NOT_RUN:
            return N_("forfeit.not_run"), {"code": code}
        return N_("forfeit.exited"), {"code": code}

    def start(self) -> None:
        """Start the program and speak the handshake: ``uci`` -> ``uciok``, the options it
        announced for this game, ``isready`` -> ``readyok``, ``ucinewgame``."""
        env = None
        if self.source.python_file is not None:      # the host says where a player loops at its load
            from nimarcade.players.host import GAME_VARIABLE, START_VARIABLE

            env = {START_VARIABLE: str(START_TIMEOUT), GAME_VARIABLE: self.spec.id}
            if self.source.allow_solver or os.environ.get(ALLOW_SOLVER_VARIABLE) == "1":
                env[ALLOW_SOLVER_VARIABLE] = "1"
        try:
            self.box = sandbox.start(self.source.command, self.source.limits, env=env, share=self.source.share,
                                     boxed=not self.source.trusted)
        except OSError as exc:
            self.close()
            reason = sandbox.reason_of(exc)
            why = tr(f"forfeit.why_{reason}") if reason != "other" else (exc.strerror or str(exc))
            raise Forfeit(N_("forfeit.no_start"), name=self.name, command=self.source.command[0], why=why) from None
        process = self.box.process
        for target, stream in ((self._read_output, process.stdout), (self._read_errors, process.stderr)):
            reader = threading.Thread(target=target, args=(stream,), daemon=True)
            reader.start()
            self._readers.append(reader)    # only started threads: close() may come mid-start
        self.send("uci")
        deadline = time.monotonic() + START_TIMEOUT
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
                    raise self._fail(N_("forfeit.garbage"), line=shown(line, 80)) from None
                self.options[option.name] = option
            elif word not in protocol.REPLIES:
                banner += 1
                if banner > BANNER_LINES:
                    raise self._fail(N_("forfeit.garbage"), line=shown(line, 80))
        values = {"Game": self.spec.id, **self.extra_options, **protocol.params_as_options(self.params, self.spec)}
        for name in self.options:
            if name in values:
                self.send(f"setoption name {name} value {values[name]}")
        self.sync()
        self.send("ucinewgame")
        self.sync()

    def _read_output(self, stream: Any) -> None:
        """Its replies, a line at a time (never more than :data:`MAX_LINE` bytes held), then None
        when its output closes; :data:`TOO_LONG` for a longer line, after which it is not read."""
        stream = _Buffered(stream)
        try:
            while True:
                raw = stream.readline(MAX_LINE + 1)
                if not raw:
                    break
                if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                    self.lines.put(TOO_LONG)
                    return
                self.lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        finally:
            stream.detach()
            self.lines.put(None)

    def _read_errors(self, stream: Any) -> None:
        """The last lines of its error output (its traceback, its debugging prints), each cut
        and with its control characters made visible; a giant line is read in pieces, never
        held whole."""
        stream = _Buffered(stream)
        try:
            cut = False
            while True:
                raw = stream.readline(MAX_LINE)
                if not raw:
                    break
                whole = raw.endswith(b"\n")
                if not cut:
                    text = raw.decode("utf-8", "replace").rstrip("\r\n")
                    if self.source.python_file is not None and text.startswith(REFUSED_MARK):
                        self.refused.append(shown(text[len(REFUSED_MARK):], 80))    # the host's, not shown
                    else:
                        self.errors.append(shown(text, ERROR_LINE))
                cut = not whole
        except (OSError, ValueError):
            pass
        finally:
            stream.detach()

    def send(self, line: str) -> None:
        box = self.box
        if box is None or self.closed:
            raise self._fail(N_("forfeit.closed"))
        try:
            _pipe(box.process.stdin).write((line + "\n").encode("utf-8"))
        except (OSError, ValueError):
            key, params = self._exit_reason()
            raise self._fail(key, **params) from None

    def _next(self, deadline: float, waiting_for: str) -> tuple[str, list[str], str]:
        """The next non-empty line before ``deadline``; a Forfeit when the program ends or stays
        silent."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise self._fail(N_("forfeit.silent"), reply=waiting_for, s=round(START_TIMEOUT))
            try:
                line = self.lines.get(timeout=min(left, 0.25))
            except queue.Empty:
                continue
            if line is None:
                key, params = self._exit_reason()
                raise self._fail(key, **params)
            if line == TOO_LONG:
                raise self._fail(N_("forfeit.line_too_long"), kb=MAX_LINE // 1024)
            word, words = protocol.split(line)
            if word:
                return word, words, line

    def sync(self) -> None:
        """``isready``, and what comes before ``readyok`` read and dropped (a late ``bestmove``
        of the last ``go`` among it)."""
        self.send("isready")
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            word, words, line = self._next(deadline, "readyok")
            if word == "readyok":
                self._answered = False
                return
            if word not in ("info", "id", "option", "bestmove"):
                raise self._fail(N_("forfeit.garbage"), line=shown(line, 80))

    def _output_held(self) -> bool | None:
        """Whether one of the program's processes still holds its output open; None where the
        system can't tell (no ``/proc``). Its supervisor and its box (bwrap) hold a copy of that
        output too, so a program that closed its own never shows an end of its output: without
        this, it would be said too slow when it closed its output and kept running."""
        box = self.box
        if box is None or not os.path.isdir("/proc/self/fd"):
            return None
        try:
            pipe = os.readlink(f"/proc/self/fd/{_pipe(box.process.stdout).fileno()}")
        except (OSError, ValueError, AttributeError):
            return None
        parents: dict[int, int] = {}
        names: dict[int, bytes] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as file:
                    stat = file.read()
                parents[int(entry)] = int(stat.rsplit(b")", 1)[1].split()[1])
                names[int(entry)] = stat[stat.index(b"(") + 1:stat.rindex(b")")]
            except (OSError, ValueError, IndexError):
                continue
        mine, grew = {box.process.pid}, True
        while grew:                          # the supervisor's descendants: the box and the program
            more = {pid for pid, parent in parents.items() if parent in mine} - mine
            mine |= more
            grew = bool(more)
        mine.discard(box.process.pid)
        seen = False                         # one of its processes was seen whole: else, can't tell
        for pid in mine:
            if names.get(pid) == b"bwrap":
                continue
            try:
                if any(os.readlink(f"/proc/{pid}/fd/{fd}") == pipe for fd in os.listdir(f"/proc/{pid}/fd")):
                    return True
                seen = True
            except OSError:
                continue
        return False if seen else None

    def close(self, wait: bool = True) -> None:
        """Say ``quit``, then end the program and its group for good (``wait=False``: without
        waiting for it to go: the window closes a game at once)."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
        self.lines.close()                  # a reader waiting for room goes on (nobody reads now)
        box = self.box
        if box is None:
            return
        try:
            if box.process.poll() is None:
                _pipe(box.process.stdin).write(b"quit\n")
        except (OSError, ValueError):
            pass
        box.kill(wait)
        if wait:
            for reader in list(self._readers):    # everything it wrote is read (its error output too)
                if reader is not threading.current_thread():
                    reader.join(1.0)

    def new_game(self) -> None:
        """What comes next belongs to another game (the judge's next position): ``ucinewgame``,
        after which a Python player is a fresh object (docs/PROTOCOL.md). Nothing before the
        program's first move: it starts with a new game anyway."""
        if self.box is not None and not self.closed:
            self.send("ucinewgame")
            self.sync()

    # -- a move ----------------------------------------------------------------------------------
    def __call__(self, state: Any, level: int, rng: Any, time_limit: float | None = None, *,
                 cancel: Any = None, info: SearchInfo | None = None, moves: Sequence[Any] = ()) -> Any:
        """The program's move in ``state``, reached from the start by ``moves``."""
        if self.closed:
            raise Forfeit(N_("forfeit.closed"), name=self.name)
        if self.box is None:
            self.start()
        elif self._answered:
            self.sync()                     # a second answer to the last go is dropped, not taken now
        limit = self.move_time if time_limit is None else time_limit
        fmt = self.spec.notation.format_move
        joined = self.spec.protocol.joined
        self.send(protocol.position_command([fmt(m) for m in moves], joined))
        self.send(protocol.go_command(limit))
        started = time.monotonic()
        deadline = started + limit + GRACE
        stopped = False
        while True:
            now = time.monotonic()
            if not stopped and (now >= deadline or (cancel is not None and cancel.is_set())):
                self.send("stop")
                stopped, deadline = True, now + STOP_GRACE
            elif stopped and now >= deadline:
                if self._output_held() is False:
                    raise self._fail(N_("forfeit.closed"))
                raise self._fail(N_("forfeit.too_slow"), s=float(limit))
            try:
                line = self.lines.get(timeout=0.02)
            except queue.Empty:
                continue
            if line is None:
                key, params = self._exit_reason()
                raise self._fail(key, **params)
            if line == TOO_LONG:
                raise self._fail(N_("forfeit.line_too_long"), kb=MAX_LINE // 1024)
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
            raise self._fail(N_("forfeit.garbage"), line=shown(line, 80))

    def _move(self, state: Any, words: list[str]) -> Any:
        text = protocol.bestmove(words)
        if text is None:
            raise self._fail(N_("forfeit.no_move"))
        try:
            move = self.spec.notation.parse_move(state, text)
        except RulesError as err:
            key = N_("forfeit.not_a_move") if err.key == N_("err.bad_notation") else N_("forfeit.illegal")
            raise self._fail(key, move=shown(text, 40), why=error_text(err)) from None
        return move


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


class _Buffered:
    """A reader's own buffer over a program's unbuffered pipe (a raw pipe reads a line a byte at
    a time: 4 MB of ``info`` took 5 s of the referee's CPU); :meth:`detach` leaves the pipe open
    (the sandbox closes it)."""

    def __init__(self, stream: Any) -> None:
        self.raw = stream
        self.buffer: Any = io.BufferedReader(stream, 1 << 16) if isinstance(stream, io.RawIOBase) else None

    def readline(self, limit: int) -> bytes:
        line: bytes = (self.buffer or self.raw).readline(limit)
        return line

    def detach(self) -> None:
        if self.buffer is not None:
            try:
                self.buffer.detach()
            except (OSError, ValueError):
                pass


def _pipe(stream: IO[bytes] | None) -> IO[bytes]:
    """One of a started program's pipes (always made by :func:`~nimarcade.players.sandbox.start`;
    a missing one is a closed one)."""
    if stream is None:
        raise OSError("the program's pipe is closed")
    return stream
