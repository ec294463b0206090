"""The AI controller: computes the computer's move off the UI thread.

Pure Python (no pygame): the app hands it a ``deliver`` callback that posts the result as a pygame
event. Each request carries a token; the controller only delivers a result whose token is still
current, so an answer that arrives after a restart, an undo or a quit is dropped.

Each request runs on its own controller thread. A pure-Python search in that thread would compete
with the render loop for the GIL (measured: frame p99 went from 2 ms to 18 ms during an Awélé
search), so by default the thread hands the search to a worker *process* and waits for it; the
render loop then keeps its core. The process is started on the first request and reused, so the
solvers' caches and the engine's transposition table survive from move to move. Cancelling sets a
shared event the search polls; progress (depth, score, nodes, move, PV, every root move's score,
nodes per second: :func:`read_progress`) comes back through shared memory.
Choosers that can't be sent to a process (closures in tests) run in the controller thread.

For the Awélé scene: :meth:`AiController.play_now` stops the search and delivers its best move so
far; :meth:`AiController.ponder` thinks on the player's time (never delivered, stopped by the next
request); :meth:`AiController.analyse` scores every move of the player to move;
:meth:`AiController.warm_up` starts the worker at app start-up, which loads the compiled Awélé
core in the background (:meth:`AiController.core_status` says whether it is active and why not).
"""
from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import choose_move

PROGRESS_KEYS = ("depth", "score", "nodes")
#: The shared progress array after PROGRESS_KEYS: the best move (+1), the book flag, the length
#: of the principal variation and its moves, a mask of the root moves scored (analysis) and their
#: scores, and the state of the worker's compiled Awélé core (CORE_STATES).
MOVE, BOOK, PV_LEN, PV0 = 3, 4, 5, 6
PV_MAX = 32
SCORES_MASK = PV0 + PV_MAX
SCORES0 = SCORES_MASK + 1
CORE = SCORES0 + 12
SHARED_SIZE = CORE + 1
CORE_STATES = ("not loaded", "warming", "ready", "disabled", "missing", "failed")
#: A cancelled search still running after this many seconds is stopped by ending its process.
KILL_AFTER = 0.3


@dataclass(frozen=True)
class AiResult:
    token: int
    move: Any
    elapsed: float
    error: str | None = None
    info: dict = field(default_factory=dict)


class _SharedInfo(dict):
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
        elif key == "move" and isinstance(value, int):
            sh[MOVE] = value + 1
        elif key == "book":
            sh[BOOK] = 1 if value else 0
        elif key == "pv" and isinstance(value, (list, tuple)):
            line = list(value)[:PV_MAX]
            for i, m in enumerate(line):  # the moves first, then the length: a reader never
                sh[PV0 + i] = m            # sees a length longer than what is written
            sh[PV_LEN] = len(line)
        elif key == "scores" and isinstance(value, dict):
            mask = 0
            for house, score in value.items():
                if 0 <= house < 12:
                    sh[SCORES0 + house] = score
                    mask |= 1 << house
            sh[SCORES_MASK] = mask

    def update(self, *args: Any, **kwargs: Any) -> None:  # dict.update bypasses __setitem__
        for key, value in dict(*args, **kwargs).items():
            self[key] = value


def read_progress(shared: Any, elapsed: float | None = None) -> dict:
    """The progress dict of a shared array: "depth", "score", "nodes", and when the search has
    reported them "move", "pv", "scores" (every root move, analysis), "book"; with ``elapsed``
    (seconds since the search started) also "elapsed" and "nps" (nodes per second)."""
    out: dict = {}
    for i, key in enumerate(PROGRESS_KEYS):
        if shared[i]:
            out[key] = shared[i]
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
            out["scores"] = {h: shared[SCORES0 + h] for h in range(12) if mask >> h & 1}
    if elapsed is not None:
        out["elapsed"] = elapsed
        if elapsed > 0 and out.get("nodes"):
            out["nps"] = out["nodes"] / elapsed
    return out


def _watch_core(shared: Any) -> None:
    """In the worker: warm the compiled Awélé core in the background and publish its state."""
    try:
        from . import awele_core
    except Exception:  # noqa: BLE001 - without the core the pure-Python engine plays
        shared[CORE] = CORE_STATES.index("failed")
        return
    awele_core.start_warming()

    def wait() -> None:
        st = awele_core.load(block=True)
        shared[CORE] = CORE_STATES.index(st.state) if st.state in CORE_STATES else CORE_STATES.index("failed")

    shared[CORE] = CORE_STATES.index("warming")
    threading.Thread(target=wait, daemon=True, name="nimarcade-core-state").start()


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


def _serve(conn: Any, cancel: Any, shared: Any) -> None:
    """The worker process: warm the compiled core, then answer requests until the pipe closes."""
    _die_with_parent()
    if len(shared) >= SHARED_SIZE:
        _watch_core(shared)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        chooser, state, level, rng, time_limit = msg
        for i in range(min(len(shared), CORE)):
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


class _Process:
    """One persistent worker process and the pipe to it."""

    def __init__(self) -> None:
        ctx = mp.get_context("spawn")  # no fork: the parent has threads and a window
        self.cancel = ctx.Event()
        self.shared = ctx.Array("q", SHARED_SIZE, lock=False)
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, self.cancel, self.shared), daemon=True,
                                name="nimarcade-ai-worker")
        self.proc.start()
        child.close()

    def alive(self) -> bool:
        return self.proc.is_alive()

    def kill(self) -> None:
        """Stop at once (a search that does not poll the cancel event, e.g. the matches solver)."""
        self.proc.terminate()
        self.proc.join(1.0)
        self.conn.close()

    def close(self) -> None:
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        self.proc.join(0.5)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(0.5)
        self.conn.close()


class AiController:
    """Runs the computer's searches one at a time, off the UI thread."""

    def __init__(
        self,
        deliver: Callable[[AiResult], None],
        chooser: Callable[..., Any] = choose_move,  # (state, level, rng, time_limit, *, cancel, info)
        switch_interval: float = 0.0005,
        synchronous: bool = False,
        use_process: bool = True,
    ) -> None:
        self._deliver = deliver
        #: The function a request runs: (state, level, rng, time_limit, *, cancel, info) -> move.
        self.chooser = chooser
        self._lock = threading.Lock()
        self._run_lock = threading.Lock()   # one search at a time
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
        self.progress: dict = {}
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

    def request(self, state: Any, level: int, rng: random.Random, time_limit: float | None = None, *,
                chooser: Callable[..., Any] | None = None, deliver: bool = True) -> int:
        """Start thinking about ``state``; returns the request's token. Stops any older search
        (a ponder search included) at once. ``chooser``: another picklable function of the same
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
        job = (chooser or self.chooser, token, state, level, rng, time_limit, cancel, hurry, deliver)
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

    def ponder(self, state: Any, level: int) -> int | None:
        """Think on the player's time: search ``state`` (the player to move) in the worker until
        the next :meth:`request`, :meth:`cancel` or :meth:`ponder`, so that the transposition
        table is full when the computer's turn comes. Progress shows in :attr:`progress`; nothing
        is ever delivered. Only for Awélé levels 3-4 and only with a worker process (a search in
        this process would take the render loop's time): None when it does not apply."""
        from nimarcade.rules.awele import AweleState

        if (not isinstance(state, AweleState) or state.is_over or level < 3 or self.synchronous
                or not self.use_process or self._closed):
            return None
        from .awele_player import ponder_move

        return self.request(state, level, None, None, chooser=ponder_move, deliver=False)

    def analyse(self, state: Any, level: int, time_limit: float = 1.0) -> int:
        """Score every move of the player to move in ``state`` (the analysis overlay): the
        result is delivered like a move, with ``info["scores"]`` = {house: score in hundredths
        of a seed for the player to move}; :attr:`progress` has the scores of each finished
        depth meanwhile."""
        from .awele_player import analyse_move

        return self.request(state, level, None, time_limit, chooser=analyse_move)

    def warm_up(self) -> None:
        """Start the worker process now (app start-up): it loads the compiled Awélé core in the
        background, so the first computer move neither waits for it nor for a process start."""
        if self.synchronous or not self.use_process or self._closed:
            return
        with self._run_lock:
            if self._process is None or not self._process.alive():
                try:
                    self._process = _Process()
                except Exception:  # noqa: BLE001 - no process here: requests run in a thread
                    self.use_process = False

    @property
    def worker_pid(self) -> int | None:
        """The worker process's id while it runs (None before the first search, or in-thread)."""
        proc = self._process
        return proc.proc.pid if proc is not None and proc.alive() else None

    def core_status(self):
        """The compiled Awélé core's status (:class:`awele_core.CoreStatus`) as the worker process
        reports it (the game's searches run there); this process's own without a worker."""
        from . import awele_core

        proc = self._process
        if proc is not None and proc.shared[CORE]:
            state = CORE_STATES[proc.shared[CORE]]
            return awele_core.describe(state)
        return awele_core.status()

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

    def _run_inline(self, chooser, token, state, level, rng, time_limit, cancel, hurry, deliver) -> None:
        start = time.perf_counter()
        info: dict = {}
        self.progress = info
        stop = _Either(cancel, hurry)
        try:
            move = chooser(state, level, rng, time_limit, cancel=stop, info=info)
            elapsed = time.perf_counter() - start
            if info.get("nodes") and elapsed > 0:
                info.setdefault("nps", info["nodes"] / elapsed)   # as read_progress says in a process
            result = AiResult(token, move, elapsed, info=dict(info))
        except Exception as exc:  # a bug in a search must not kill the game
            result = AiResult(token, None, time.perf_counter() - start, error=repr(exc))
        self._finish(token, cancel, result, deliver)

    def _run(self, chooser, token, state, level, rng, time_limit, cancel, hurry, deliver) -> None:
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

    def _run_in_process(self, chooser, token, state, level, rng, time_limit, cancel, hurry, deliver) -> None:
        if self._process is None or not self._process.alive():
            self._process = _Process()
        proc = self._process
        proc.cancel.clear()
        for i in range(CORE):
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
