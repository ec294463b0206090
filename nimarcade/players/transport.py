"""The pipes under a program's dialog: a :class:`Transport` starts the program, sends it a line,
hands back the lines it wrote (one at a time, within a timeout), tells how it ended, and keeps the
last lines of its error output. :class:`ProcessTransport` is the real one (the program in its box,
:mod:`.sandbox`; two reader threads; the bounded queue :class:`Pending`); :class:`MockTransport`
plays a script instead (the dialog's tests, :mod:`.session`, run on it in no time).

What the lines mean (``uci``, ``bestmove``...) is :mod:`.session`'s, never this module's.
"""
from __future__ import annotations

import io
import os
import queue
import subprocess
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import IO, Any, Mapping, Protocol, Sequence

from nimarcade.players import sandbox
from nimarcade.players.host import REFUSED_MARK
from nimarcade.players.sandbox import Limits

#: Bytes of one line a program may write; a longer one forfeits (the referee never holds more).
MAX_LINE = 64 * 1024
#: Characters kept of one line of its error output (the rest is cut, with « … »).
ERROR_LINE = 400
#: The last lines of a program's error output kept for its forfeit message.
TAIL = 30
#: What a transport hands back when the program wrote a line longer than :data:`MAX_LINE`.
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


class Transport(Protocol):
    """What a :class:`~nimarcade.players.session.Session` needs of the program's pipes."""

    #: the last lines of its error output (:data:`TAIL`), control characters made visible
    errors: deque[str]
    #: the modules a Python player's host refused it (the host's marked lines, not shown)
    refused: list[str]

    @property
    def started(self) -> bool:
        """Whether :meth:`start` made the program (it may have ended since)."""

    def start(self) -> None:
        """Start the program; an ``OSError`` when it can't be run (:func:`.sandbox.reason_of`)."""

    def send(self, line: str) -> None:
        """Write ``line`` and a newline; an ``OSError`` (or ValueError) when its input is closed."""

    def read_line(self, timeout: float) -> str | None:
        """Its next line (without its end), :data:`TOO_LONG`, or None once its output has ended;
        :class:`queue.Empty` after ``timeout`` seconds without one."""

    def exit_code(self, timeout: float = 0.0) -> int | None:
        """Its exit code (the sandbox's, :mod:`.sandbox`), waiting up to ``timeout``; None while it runs."""

    def drain(self) -> None:
        """When it has ended, wait a moment for what it wrote to be read (its last error lines)."""

    def output_held(self) -> bool | None:
        """Whether one of its processes still holds its output open (None: can't tell)."""

    def close(self, wait: bool = True) -> None:
        """End it and everything it started, for good (``wait``: until it has gone and its
        output is read)."""


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


class ProcessTransport:
    """A program run for real: in its box (:func:`.sandbox.start`, unless ``boxed`` is False:
    our own engine), read by two threads, its replies held in a :class:`Pending` queue.
    ``python_host``: it is a Python player's host, whose marked error lines name a refused module."""

    def __init__(self, command: Sequence[str], limits: Limits = Limits(), *, env: Mapping[str, str] | None = None,
                 share: Sequence[str] = (), boxed: bool = True, python_host: bool = False) -> None:
        self.command = tuple(command)
        self.limits, self.env, self.share, self.boxed = limits, dict(env) if env else None, tuple(share), boxed
        self.python_host = python_host
        self.box: sandbox.Sandboxed | None = None
        self.lines = Pending()
        self.errors: deque[str] = deque(maxlen=TAIL)
        self.refused: list[str] = []
        self.readers: list[threading.Thread] = []
        self._closed = False

    @property
    def started(self) -> bool:
        return self.box is not None

    def start(self) -> None:
        self.box = sandbox.start(self.command, self.limits, env=self.env, share=self.share, boxed=self.boxed)
        process = self.box.process
        for target, stream in ((self._read_output, process.stdout), (self._read_errors, process.stderr)):
            reader = threading.Thread(target=target, args=(stream,), daemon=True)
            reader.start()
            self.readers.append(reader)     # only started threads: close() may come mid-start

    def send(self, line: str) -> None:
        if self.box is None or self._closed:
            raise OSError("the program is not running")
        _pipe(self.box.process.stdin).write((line + "\n").encode("utf-8"))

    def read_line(self, timeout: float) -> str | None:
        return self.lines.get(timeout=timeout)

    def exit_code(self, timeout: float = 0.0) -> int | None:
        if self.box is None:
            return None
        if timeout <= 0:
            return self.box.process.poll()
        try:
            return self.box.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def drain(self) -> None:
        if self.box is not None and self.box.process.poll() is not None:
            for reader in list(self.readers):
                reader.join(0.5)

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
                    if self.python_host and text.startswith(REFUSED_MARK):
                        self.refused.append(shown(text[len(REFUSED_MARK):], 80))    # the host's, not shown
                    else:
                        self.errors.append(shown(text, ERROR_LINE))
                cut = not whole
        except (OSError, ValueError):
            pass
        finally:
            stream.detach()

    def output_held(self) -> bool | None:
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
        if self._closed:
            return
        self._closed = True
        self.lines.close()                  # a reader waiting for room goes on (nobody reads now)
        box = self.box
        if box is None:
            return
        box.kill(wait)
        if wait:
            for reader in list(self.readers):     # everything it wrote is read (its error output too)
                if reader is not threading.current_thread():
                    reader.join(1.0)


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


# -- a scripted program ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Exit:
    """What a :class:`MockTransport`'s script may answer beside lines: the program ends with
    ``code`` after writing ``errors`` on its error output (a traceback)."""

    code: int
    errors: tuple[str, ...] = ()


#: A :class:`MockTransport`'s script answers nothing more (a hang: it reads on, says nothing).
HANG = "\0hang"


@dataclass
class _Step:
    expect: str
    answers: tuple[str | Exit, ...]


@dataclass
class MockTransport:
    """A program that plays a script, as python-chess's ``MockTransport``: :meth:`expect` a line,
    answer lines, an :class:`Exit` (a crash, an exit code) or :data:`HANG`. A line sent that the
    script did not expect is an AssertionError (the dialog said something else); :meth:`assert_done`
    checks that every expected line came. ``start_error``: the OSError its start raises (a
    program that is not there). Time passes for real, so a hang costs its timeout: give the
    session small graces."""

    start_error: OSError | None = None
    errors: deque[str] = field(default_factory=lambda: deque(maxlen=TAIL))
    refused: list[str] = field(default_factory=list)
    #: what the session sent, in order
    sent: list[str] = field(default_factory=list)
    #: whether its output is still held when it hangs (False: it closed its output and sleeps)
    holds_output: bool | None = True
    _steps: deque[_Step] = field(default_factory=deque, init=False, repr=False)
    _out: deque[str | None] = field(default_factory=deque, init=False, repr=False)
    _code: int | None = field(default=None, init=False)
    _started: bool = field(default=False, init=False)
    _closed: bool = field(default=False, init=False, repr=False)
    _wake: threading.Event = field(default_factory=threading.Event, init=False, repr=False)

    def expect(self, line: str, *answers: str | Exit) -> MockTransport:
        """When ``line`` is sent, answer ``answers`` (each a line, an :class:`Exit` or :data:`HANG`)."""
        self._steps.append(_Step(line, answers))
        return self

    def write(self, *lines: str) -> MockTransport:
        """Lines it writes before anything is asked (a banner)."""
        self._out.extend(lines)
        return self

    def assert_done(self) -> None:
        assert not self._steps, f"never sent: {[step.expect for step in self._steps]}"

    @property
    def started(self) -> bool:
        return self._started

    def start(self) -> None:
        if self.start_error is not None:
            raise self.start_error
        self._started = True

    def send(self, line: str) -> None:
        if not self._started or self._closed or self._code is not None:
            raise BrokenPipeError("the program's input is closed")
        self.sent.append(line)
        if line == "quit" and not (self._steps and self._steps[0].expect == "quit"):
            return                          # the end of any dialog, scripted or not
        if not self._steps:
            raise AssertionError(f"unexpected {line!r}: the script has ended")
        step = self._steps[0]
        if step.expect != line:
            raise AssertionError(f"expected {step.expect!r}, sent {line!r}")
        self._steps.popleft()
        for answer in step.answers:
            if isinstance(answer, Exit):
                self.errors.extend(answer.errors)
                self._code = answer.code
                self._out.append(None)
                break
            if answer == HANG:
                break
            self._out.append(answer)

    def read_line(self, timeout: float) -> str | None:
        if self._out:
            return self._out.popleft()
        self._wake.wait(timeout)            # nothing more will come: its silence costs the time
        raise queue.Empty

    def exit_code(self, timeout: float = 0.0) -> int | None:
        return self._code

    def drain(self) -> None:
        pass

    def output_held(self) -> bool | None:
        return self.holds_output

    def close(self, wait: bool = True) -> None:
        self._closed = True
        if self._code is None:
            self._code = -9
