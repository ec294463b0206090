"""The AI controller: computes the computer's move off the UI thread.

Pure Python (no pygame): the app hands it a ``deliver`` callback that posts the result as a pygame
event. Each request carries a token; the controller only delivers a result whose token is still
current, so an answer that arrives after a restart, an undo or a quit is dropped.

Each request runs on its own controller thread. A pure-Python search in that thread would compete
with the render loop for the GIL (measured: frame p99 went from 2 ms to 18 ms during an Awélé
search), so by default the thread hands the search to a worker *process* and waits for it; the
render loop then keeps its core. The process is started on the first request and reused, so the
solvers' caches and the engine's transposition table survive from move to move. Cancelling sets a
shared event the search polls; progress (depth, score, nodes) comes back through shared memory.
Choosers that can't be sent to a process (closures in tests) run in the controller thread.
"""
from __future__ import annotations

import multiprocessing as mp
import pickle
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import choose_move

PROGRESS_KEYS = ("depth", "score", "nodes")
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
        if key in PROGRESS_KEYS and isinstance(value, int):
            self._shared[PROGRESS_KEYS.index(key)] = max(-(2**62), min(2**62, value))

    def update(self, *args: Any, **kwargs: Any) -> None:  # dict.update bypasses __setitem__
        for key, value in dict(*args, **kwargs).items():
            self[key] = value


def _serve(conn: Any, cancel: Any, shared: Any) -> None:
    """The worker process: answer requests until the pipe closes."""
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        chooser, state, level, rng, time_limit = msg
        for i in range(len(PROGRESS_KEYS)):
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
        self.shared = ctx.Array("q", len(PROGRESS_KEYS), lock=False)
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
        self._chooser = chooser
        self._lock = threading.Lock()
        self._run_lock = threading.Lock()   # one search at a time
        self._token = 0
        self._cancel = threading.Event()
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
    def token(self) -> int:
        return self._token

    def request(self, state: Any, level: int, rng: random.Random, time_limit: float | None = None) -> int:
        """Start thinking about ``state``; returns the request's token."""
        with self._lock:
            self._cancel.set()  # stop any older search
            self._token += 1
            token = self._token
            cancel = threading.Event()
            self._cancel = cancel
            self.progress = {}
        if self.synchronous:
            self._run_inline(token, state, level, rng, time_limit, cancel)
            return token
        thread = threading.Thread(
            target=self._run, args=(token, state, level, rng, time_limit, cancel), daemon=True,
            name=f"nimarcade-ai-{token}",
        )
        self._thread = thread
        thread.start()
        return token

    def cancel(self) -> None:
        """Forget the current request: its result, if any, will be dropped."""
        with self._lock:
            self._token += 1
            self._cancel.set()

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
    def _finish(self, token: int, cancel: threading.Event, result: AiResult) -> None:
        with self._lock:
            current = token == self._token and not cancel.is_set()
        if current:
            self._deliver(result)

    def _run_inline(self, token, state, level, rng, time_limit, cancel) -> None:
        start = time.perf_counter()
        info: dict = {}
        self.progress = info
        try:
            move = self._chooser(state, level, rng, time_limit, cancel=cancel, info=info)
            result = AiResult(token, move, time.perf_counter() - start, info=dict(info))
        except Exception as exc:  # a bug in a search must not kill the game
            result = AiResult(token, None, time.perf_counter() - start, error=repr(exc))
        self._finish(token, cancel, result)

    def _run(self, token, state, level, rng, time_limit, cancel) -> None:
        with self._run_lock:
            if cancel.is_set() or self._closed:
                return
            if self.use_process and _picklable(self._chooser):
                try:
                    self._run_in_process(token, state, level, rng, time_limit, cancel)
                    return
                except (OSError, EOFError, pickle.PicklingError):
                    self._drop_process()  # the process died: fall back to this thread
                except Exception:  # noqa: BLE001 - e.g. spawn refused (no __main__ guard)
                    self._drop_process()
                    self.use_process = False  # no process can start here: stay in the thread
            self._run_inline(token, state, level, rng, time_limit, cancel)

    def _drop_process(self) -> None:
        proc, self._process = self._process, None
        if proc is not None:
            try:
                proc.close()
            except OSError:
                pass

    def _run_in_process(self, token, state, level, rng, time_limit, cancel) -> None:
        if self._process is None or not self._process.alive():
            self._process = _Process()
        proc = self._process
        proc.cancel.clear()
        start = time.perf_counter()
        proc.conn.send((self._chooser, state, level, rng, time_limit))
        progress: dict = {}
        self.progress = progress
        cancelled_at = None
        while not proc.conn.poll(0.02):
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
            for i, key in enumerate(PROGRESS_KEYS):
                if proc.shared[i]:
                    progress[key] = proc.shared[i]
            if not proc.alive():
                raise EOFError("the AI worker process stopped")
        kind, payload, rng_state, info = proc.conn.recv()
        if kind == "ok":
            if rng_state is not None and rng is not None:
                rng.setstate(rng_state)  # the game's random stream goes on as if run here
            result = AiResult(token, payload, time.perf_counter() - start, info=info)
        else:
            result = AiResult(token, None, time.perf_counter() - start, error=payload)
        self._finish(token, cancel, result)


def _picklable(fn: Callable[..., Any]) -> bool:
    try:
        pickle.dumps(fn)
        return True
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
