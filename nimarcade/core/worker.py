"""The AI controller: computes the computer's move off the UI thread.

Pure Python (no pygame): the app hands it a ``deliver`` callback that posts the result as a pygame
event. Each request carries a token; the controller only delivers a result whose token is still
current, so an answer that arrives after a restart, an undo or a quit is dropped.

Each request runs on its own controller thread. A pure-Python search in that thread would compete
with the render loop for the GIL (measured: frame p99 went from 2 ms to 18 ms during an engine's
search), so by default the thread hands the search to a worker *process* and waits for it; the
render loop then keeps its core. The process is started on the first request and reused, so the
solvers' caches and the engine's transposition table survive from move to move. Cancelling sets a
shared event the search polls; progress (depth, score, nodes, move, PV, every root move's score,
nodes per second: :func:`read_progress`) comes back through shared memory.
Choosers that can't be sent to a process (closures in tests) run in the controller thread.

What a game's engine can do beyond its move comes from its registry entry, handed in here:
:meth:`AiController.play_now` stops the search and delivers its best move so far;
:meth:`AiController.ponder` runs a game's ponder chooser on the player's time (never delivered,
stopped by the next request); :meth:`AiController.analyse` runs its analysis chooser (every move
scored); :meth:`AiController.warm_up` starts the worker at app start-up with the games' warm-up
functions (a compiled core loads there in the background), whose progress
:meth:`AiController.warm_state` reports. Nothing here knows a game.
"""
from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import pickle
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from nimarcade.core.computer import Forfeit, SearchInfo

PROGRESS_KEYS = ("depth", "score", "nodes")
#: The shared progress array after PROGRESS_KEYS: the best move (+1), the book flag, the length
#: of the principal variation and its moves, a mask of the root moves scored (analysis) and their
#: scores, then the state of each warm-up task (WARM_STATES). Moves travel there only when they
#: are ints (scored moves: below SCORES_MAX), as an engine's moves are; others stay in the final
#: result.
MOVE, BOOK, PV_LEN, PV0 = 3, 4, 5, 6
PV_MAX = 32
SCORES_MAX = 32
SCORES_MASK = PV0 + PV_MAX
SCORES0 = SCORES_MASK + 1
WARM0 = SCORES0 + SCORES_MAX
WARM_MAX = 8
SHARED_SIZE = WARM0 + WARM_MAX
#: What a warm-up task publishes (a compiled core: loading, ready, or why not).
WARM_STATES = ("not loaded", "warming", "ready", "disabled", "missing", "failed")
#: A cancelled search still running after this many seconds is stopped by ending its process.
KILL_AFTER = 0.3


@dataclass(frozen=True)
class AiResult:
    token: int
    move: Any
    elapsed: float
    error: str | None = None
    info: SearchInfo = field(default_factory=lambda: SearchInfo())
    #: the player gave up this game (an outside program that failed): no move is played for it
    forfeit: Forfeit | None = None


class _SharedInfo(dict[str, Any]):
    """The ``info`` dict a search fills in, mirrored into shared memory for the parent."""

    def __init__(self, shared: Any) -> None:
        super().__init__()
        self._shared = shared

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key, value)
        sh = self._shared
        if key in PROGRESS_KEYS and isinstance(value, int):
            sh[PROGRESS_KEYS.index(key)] = max(-(2**62), min(2**62, value))
        elif len(sh) < SHARED_SIZE:
            return
        elif key == "move" and _int(value) and value >= 0:
            sh[MOVE] = value + 1
        elif key == "book":
            sh[BOOK] = 1 if value else 0
        elif key == "pv" and isinstance(value, (list, tuple)) and all(_int(m) for m in value):
            line = list(value)[:PV_MAX]
            for i, m in enumerate(line):  # the moves first, then the length: a reader never
                sh[PV0 + i] = m            # sees a length longer than what is written
            sh[PV_LEN] = len(line)
        elif key == "scores" and isinstance(value, dict):
            mask = 0
            for move, score in value.items():
                if _small(move):
                    sh[SCORES0 + move] = score
                    mask |= 1 << move
            sh[SCORES_MASK] = mask

    def update(self, *args: Any, **kwargs: Any) -> None:  # dict.update bypasses __setitem__
        for key, value in dict(*args, **kwargs).items():
            self[key] = value


def _int(move: Any) -> bool:
    return isinstance(move, int) and not isinstance(move, bool)


def _small(move: Any) -> bool:
    return _int(move) and 0 <= move < SCORES_MAX


def read_progress(shared: Any, elapsed: float | None = None) -> SearchInfo:
    """The progress dict of a shared array: "depth", "score", "nodes", and when the search has
    reported them "move", "pv", "scores" (every root move, analysis), "book"; with ``elapsed``
    (seconds since the search started) also "elapsed" and "nps" (nodes per second)."""
    out = SearchInfo()
    if shared[0]:
        out["depth"] = shared[0]
    if shared[1]:
        out["score"] = shared[1]
    if shared[2]:
        out["nodes"] = shared[2]
    if len(shared) >= SHARED_SIZE:
        if shared[MOVE]:
            out["move"] = shared[MOVE] - 1
        if shared[BOOK]:
            out["book"] = True
        n = shared[PV_LEN]
        if n:
            out["pv"] = [shared[PV0 + i] for i in range(min(n, PV_MAX))]
        mask = shared[SCORES_MASK]
        if mask:
            out["scores"] = {m: shared[SCORES0 + m] for m in range(SCORES_MAX) if mask >> m & 1}
    if elapsed is not None:
        out["elapsed"] = elapsed
        if elapsed > 0 and out.get("nodes"):
            out["nps"] = out["nodes"] / elapsed
    return out


def _start_warm_ups(shared: Any, tasks: Sequence[Callable[[Callable[[str], None]], None]]) -> None:
    """In the worker: run each game's warm-up task (it loads a compiled core in the background)
    and publish what it reports in its slot."""
    for slot, task in enumerate(tasks[:WARM_MAX]):
        def publish(state: str, slot: int = slot) -> None:
            shared[WARM0 + slot] = WARM_STATES.index(state if state in WARM_STATES else "failed")

        try:
            task(publish)
        except Exception:  # noqa: BLE001 - a failed warm-up only means: the slow path plays
            publish("failed")


#: How much lower than the window the worker's searches are scheduled (Unix "nice"): when the
#: window and a search want the same core, the window's frame comes first; a search alone on its
#: core runs at full speed. Measured in docs/BENCHMARKS.md (the review's frames), where
#: ``NIMARCADE_WORKER_NICE=0`` gives the figures without it.
WORKER_NICENESS = 5


def _niceness() -> int:
    try:
        return int(os.environ.get("NIMARCADE_WORKER_NICE", WORKER_NICENESS))
    except ValueError:
        return WORKER_NICENESS


def _lower_worker(pid: int) -> None:
    """In the window's process, the moment the worker has started: its priority lowered at once,
    so its start (a Python and the games' modules to load, a few hundred ms of CPU) does not take
    the window's frames while the computer's first move is asked."""
    niceness = _niceness()
    if niceness <= 0 or not hasattr(os, "setpriority"):
        return
    try:
        os.setpriority(os.PRIO_PROCESS, pid, os.getpriority(os.PRIO_PROCESS, 0) + niceness)
    except OSError:
        pass                            # not allowed here: the worker lowers itself once it runs


def _yield_to_the_window() -> None:
    """In the worker: run :data:`WORKER_NICENESS` below the window, unless the window lowered it
    already (:func:`_lower_worker`)."""
    niceness = _niceness()
    if niceness <= 0:
        return
    if hasattr(os, "setpriority"):
        try:
            target = os.getpriority(os.PRIO_PROCESS, os.getppid()) + niceness
            if os.getpriority(os.PRIO_PROCESS, 0) < target:
                os.setpriority(os.PRIO_PROCESS, 0, target)
        except OSError:
            pass                        # not allowed here: the search runs at the window's priority
    elif hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:
            pass


def _die_with_parent() -> None:
    """End this worker the moment the game's process ends, however it ends (a crash, a kill, the
    window destroyed, Ctrl+C): a thread waits on the parent's sentinel, which works on every
    platform, even while a search holds this process busy."""
    parent = mp.parent_process()
    if parent is None:
        return

    def watch() -> None:
        from multiprocessing.connection import wait

        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="nimarcade-parent-watch", daemon=True).start()


def _serve(conn: Any, cancel: Any, shared: Any, warm_ups: Sequence[Callable[..., None]] = ()) -> None:
    """The worker process: start the warm-up tasks, then answer requests until the pipe closes.

    Ctrl+C in the terminal reaches the whole process group: the worker leaves it to the game,
    which ends it (no traceback of its own on the terminal)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})    # blocked by the parent at start
    _yield_to_the_window()
    _die_with_parent()
    if len(shared) >= SHARED_SIZE:
        _start_warm_ups(shared, warm_ups)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        chooser, state, level, rng, time_limit = msg
        for i in range(min(len(shared), WARM0)):
            shared[i] = 0
        info = _SharedInfo(shared)
        try:
            move = chooser(state, level, rng, time_limit, cancel=cancel, info=info)
            reply = ("ok", move, rng.getstate() if rng is not None else None, dict(info))
        except Exception as exc:  # reported to the parent, which falls back to a legal move
            reply = ("error", repr(exc), None, {})
        try:
            conn.send(reply)
        except (OSError, pickle.PicklingError):
            return


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread while a worker starts: the child inherits the blocked signal
    (and ignores it for good once it runs ``_serve``), so a terminal's Ctrl+C never shows its
    traceback; here it is only delayed until the start is done, never lost."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextlib.contextmanager
def _sigint_deferred() -> Iterator[None]:
    """In the main thread, a Ctrl+C that comes while a worker starts is held until the start is
    done, then raised as it came: blocking SIGINT in this thread is not enough, another thread of
    the process may take it, and Python then raises KeyboardInterrupt here mid-start, leaving the
    child half-fed (« EOFError: Ran out of input » on the terminal)."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    try:
        old = signal.signal(signal.SIGINT, lambda signum, _frame: held.append(signum))
    except (ValueError, OSError):
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
        if held:
            signal.raise_signal(signal.SIGINT)


class _Process:
    """One persistent worker process and the pipe to it."""

    def __init__(self, warm_ups: Sequence[Callable[..., None]] = ()) -> None:
        ctx = mp.get_context("spawn")  # no fork: the parent has threads and a window
        self.cancel = ctx.Event()
        self.shared = ctx.Array("q", SHARED_SIZE, lock=False)
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, self.cancel, self.shared, tuple(warm_ups)), daemon=True,
                                name="nimarcade-ai-worker")
        with _sigint_deferred(), _sigint_blocked():   # the child ignores a terminal's Ctrl+C from its first instant
            self.proc.start()
        if self.proc.pid is not None:
            _lower_worker(self.proc.pid)
        child.close()
        self._ending = threading.Lock()     # the window's thread and a search's may both end it

    def alive(self) -> bool:
        return self.proc.is_alive()

    def kill(self) -> None:
        """Stop at once (a search that does not poll the cancel event, e.g. the matches solver)."""
        with self._ending:
            self.proc.terminate()
            self.proc.join(1.0)
            self._close_pipe()

    def close(self) -> None:
        with self._ending:
            if self.conn.closed:
                return
            try:
                self.conn.send(None)
            except (OSError, ValueError):
                pass
            self.proc.join(0.5)
            if self.proc.is_alive():
                self.proc.terminate()
                self.proc.join(0.5)
            self._close_pipe()

    def _close_pipe(self) -> None:
        try:
            self.conn.close()
        except OSError:          # already closed under a reader that was waiting on it
            pass


class AiController:
    """Runs the computer's searches one at a time, off the UI thread."""

    def __init__(
        self,
        deliver: Callable[[AiResult], None],
        chooser: Callable[..., Any] | None = None,  # (state, level, rng, time_limit, *, cancel, info)
        switch_interval: float = 0.0005,
        synchronous: bool = False,
        use_process: bool = True,
    ) -> None:
        self._deliver = deliver
        #: The function a request runs when it names none: (state, level, rng, time_limit, *,
        #: cancel, info) -> move.
        self.chooser = chooser
        #: The games' warm-up tasks, run in every worker process this controller starts.
        self.warm_ups: tuple[Callable[..., None], ...] = ()
        self._lock = threading.Lock()
        self._run_lock = threading.Lock()   # one search at a time
        self._starting = threading.Lock()   # held while a worker process starts (close waits for it)
        self._token = 0
        self._cancel = threading.Event()
        #: set by play_now(): the search stops and its best move so far is delivered
        self._hurry = threading.Event()
        self._started = 0.0
        #: the token of the running ponder search, if any (its result is never delivered)
        self.pondering: int | None = None
        self._thread: threading.Thread | None = None
        self._process: _Process | None = None
        self._closed = False
        self.progress = SearchInfo()
        #: Tests run the chooser inline (deterministic, no waiting); the game uses a thread.
        self.synchronous = synchronous
        self.use_process = use_process
        # When a search does run in a thread, a short switch interval lets the render loop in.
        if switch_interval and sys.getswitchinterval() > switch_interval:
            sys.setswitchinterval(switch_interval)

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def thread(self) -> threading.Thread | None:
        """The thread of the latest request (tests join it)."""
        return self._thread

    @property
    def token(self) -> int:
        return self._token

    def request(self, state: Any, level: int, rng: random.Random | None, time_limit: float | None = None, *,
                chooser: Callable[..., Any] | None = None, deliver: bool = True) -> int:
        """Start thinking about ``state``; returns the request's token. Stops any older search
        (a ponder search included) at once. ``rng``: the chance the computer's move draws from
        (None only for the choosers that draw none: pondering and analysis). ``chooser``: another picklable function of the same
        signature (analysis, pondering); ``deliver=False``: never deliver the result."""
        with self._lock:
            self._cancel.set()  # stop any older search
            self._token += 1
            token = self._token
            cancel = threading.Event()
            hurry = threading.Event()
            self._cancel = cancel
            self._hurry = hurry
            self.progress = {}
            self.pondering = None if deliver else token
            self._started = time.perf_counter()
        chooser = chooser or self.chooser
        if chooser is None:
            raise ValueError("a request needs a chooser (the game's registry entry gives it)")
        job = (chooser, token, state, level, rng, time_limit, cancel, hurry, deliver)
        if self.synchronous:
            self._run_inline(*job)
            return token
        thread = threading.Thread(target=self._run, args=job, daemon=True, name=f"nimarcade-ai-{token}")
        self._thread = thread
        thread.start()
        return token

    def cancel(self) -> None:
        """Forget the current request: its result, if any, will be dropped."""
        with self._lock:
            self._token += 1
            self._cancel.set()
            self.pondering = None

    def play_now(self) -> bool:
        """Stop the current search and deliver the best move found so far (Space in the game).
        False when there is nothing to hurry (no search, or a ponder search)."""
        with self._lock:
            if self.pondering is not None or self._cancel.is_set() or not self.busy:
                return False
            self._hurry.set()
            return True

    def ponder(self, state: Any, level: int, chooser: Callable[..., Any]) -> int | None:
        """Think on the player's time: run ``chooser`` (a game's ponder chooser) on ``state`` (the
        player to move) in the worker until the next :meth:`request`, :meth:`cancel` or
        :meth:`ponder`, so that the engine's tables are full when the computer's turn comes.
        Progress shows in :attr:`progress`; nothing is ever delivered. Only with a worker process
        (a search in this process would take the render loop's time): None when it does not run."""
        if state.is_over or self.synchronous or not self.use_process or self._closed:
            return None
        return self.request(state, level, None, None, chooser=chooser, deliver=False)

    def analyse(self, state: Any, level: int, time_limit: float, chooser: Callable[..., Any]) -> int:
        """Score every move of the player to move in ``state`` with ``chooser`` (a game's
        analysis chooser): the result is delivered like a move, with ``info["scores"]`` =
        {move: score for the player to move}; :attr:`progress` has the scores of each finished
        depth meanwhile."""
        return self.request(state, level, None, time_limit, chooser=chooser)

    def warm_up(self, tasks: Sequence[Callable[..., None]] = (), start: bool = True) -> None:
        """Start the worker process now (app start-up) with the games' warm-up ``tasks`` (each
        loads a compiled core in the background there), so the first computer move neither waits
        for them nor for a process start. ``start=False``: only name the tasks, which any worker
        process started later runs (the window names them at once and starts the process after
        its first frame).

        Never waits: while a request runs (it holds the run lock for as long as its search lasts,
        a ponder search until the next request), that request has started the process, with the
        tasks named by then; the window's thread must not stop there (it did: issue 39)."""
        self.warm_ups = tuple(tasks)[:WARM_MAX]
        if not start or self.synchronous or not self.use_process or self._closed:
            return
        if not self._run_lock.acquire(blocking=False):
            return
        try:
            if self._process is None or not self._process.alive():
                try:
                    with self._starting:
                        self._process = _Process(self.warm_ups)
                except Exception:  # noqa: BLE001 - no process here: requests run in a thread
                    self.use_process = False
        finally:
            self._run_lock.release()

    def warm_state(self, task: Callable[..., None]) -> str | None:
        """What ``task`` (one of :meth:`warm_up`'s) last reported in the worker process, or None
        when no worker runs it (then the task's own module knows its state in this process)."""
        proc = self._process
        if task not in self.warm_ups or proc is None:
            return None
        state = proc.shared[WARM0 + self.warm_ups.index(task)]
        return WARM_STATES[state] if state else None

    @property
    def worker_pid(self) -> int | None:
        """The worker process's id while it runs (None before the first search, or in-thread)."""
        proc = self._process
        return proc.proc.pid if proc is not None and proc.alive() else None

    def is_current(self, token: int) -> bool:
        return token == self._token

    def join(self, timeout: float | None = None) -> None:
        t = self._thread
        if t is not None:
            t.join(timeout)

    def close(self) -> None:
        """Cancel everything and stop the worker process (the app is quitting)."""
        self.cancel()
        self._closed = True
        if self._starting.acquire(timeout=5.0):   # a start under way in another thread: let it finish
            self._starting.release()
        proc = self._process
        if proc is not None:
            proc.cancel.set()
            self._process = None
            proc.close()

    # -- running a request -------------------------------------------------------------------
    def _finish(self, token: int, cancel: threading.Event, result: AiResult, deliver: bool = True) -> None:
        with self._lock:
            current = token == self._token and not cancel.is_set()
            if token == self.pondering:
                self.pondering = None
        if current and deliver:
            self._deliver(result)

    def _run_inline(self, chooser: Callable[..., Any], token: int, state: Any, level: int, rng: random.Random | None,
                    time_limit: float | None, cancel: threading.Event, hurry: threading.Event, deliver: bool) -> None:
        start = time.perf_counter()
        info = SearchInfo()
        self.progress = info
        stop = _Either(cancel, hurry)
        try:
            move = chooser(state, level, rng, time_limit, cancel=stop, info=info)
            elapsed = time.perf_counter() - start
            if info.get("nodes") and elapsed > 0:
                info.setdefault("nps", info["nodes"] / elapsed)   # as read_progress says in a process
            result = AiResult(token, move, elapsed, info=info.copy())
        except Forfeit as lost:
            result = AiResult(token, None, time.perf_counter() - start, error=repr(lost), forfeit=lost)
        except Exception as exc:  # a bug in a search must not kill the game
            result = AiResult(token, None, time.perf_counter() - start, error=repr(exc))
        self._finish(token, cancel, result, deliver)

    def _run(self, chooser: Callable[..., Any], token: int, state: Any, level: int, rng: random.Random | None,
             time_limit: float | None, cancel: threading.Event, hurry: threading.Event, deliver: bool) -> None:
        job = (chooser, token, state, level, rng, time_limit, cancel, hurry, deliver)
        with self._run_lock:
            if cancel.is_set() or self._closed:
                return
            if self.use_process and _picklable(chooser):
                try:
                    self._run_in_process(*job)
                    return
                except (OSError, EOFError, pickle.PicklingError):
                    self._drop_process()  # the process died: fall back to this thread
                except Exception:  # noqa: BLE001 - e.g. spawn refused (no __main__ guard)
                    self._drop_process()
                    self.use_process = False  # no process can start here: stay in the thread
            self._run_inline(*job)

    def _drop_process(self) -> None:
        proc, self._process = self._process, None
        if proc is not None:
            try:
                proc.close()
            except OSError:
                pass

    def _run_in_process(self, chooser: Callable[..., Any], token: int, state: Any, level: int,
                        rng: random.Random | None, time_limit: float | None, cancel: threading.Event,
                        hurry: threading.Event, deliver: bool) -> None:
        if self._process is None or not self._process.alive():
            with self._starting:
                self._process = _Process(self.warm_ups)
        proc = self._process
        proc.cancel.clear()
        for i in range(WARM0):
            proc.shared[i] = 0
        start = time.perf_counter()
        proc.conn.send((chooser, state, level, rng, time_limit))
        self.progress = {}
        cancelled_at = None
        while not proc.conn.poll(0.005 if hurry.is_set() else 0.02):
            if hurry.is_set():
                proc.cancel.set()  # play now: the search stops and answers (never killed)
            if cancel.is_set() or self._closed:
                proc.cancel.set()  # the search stops within its polling interval
                if cancelled_at is None:
                    cancelled_at = time.perf_counter()
                elif time.perf_counter() - cancelled_at > KILL_AFTER:
                    # this search ignores the cancel: stop the process, the next request
                    # starts a fresh one
                    self._process = None
                    proc.kill()
                    return
            self.progress = read_progress(proc.shared, time.perf_counter() - start)
            if not proc.alive():
                raise EOFError("the AI worker process stopped")
        kind, payload, rng_state, info = proc.conn.recv()
        if kind == "ok":
            if rng_state is not None and rng is not None:
                rng.setstate(rng_state)  # the game's random stream goes on as if run here
            result = AiResult(token, payload, time.perf_counter() - start, info=info)
        else:
            result = AiResult(token, None, time.perf_counter() - start, error=payload)
        self._finish(token, cancel, result, deliver)


class _Either:
    """An event-like pair: set when either is (a search stops on a cancel or on play-now)."""

    def __init__(self, a: threading.Event, b: threading.Event) -> None:
        self.a, self.b = a, b

    def is_set(self) -> bool:
        return self.a.is_set() or self.b.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        end = None if timeout is None else time.perf_counter() + timeout
        while not self.is_set():
            left = 0.002 if end is None else min(0.002, end - time.perf_counter())
            if left <= 0:
                break
            self.a.wait(left)
        return self.is_set()


def _picklable(fn: Callable[..., Any]) -> bool:
    try:
        pickle.dumps(fn)
        return True
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
