"""The AI controller (:class:`AiController`): what the window, the text mode and the commands
call to have the computer's move computed off their thread. Each request runs on its own thread,
which hands the search to the worker process (:mod:`nimarcade.core.worker.process`) or runs it
itself (:mod:`nimarcade.core.worker.search`). Each request carries a token; only a result whose
token is still current is delivered, so an answer that arrives after a restart, an undo or a quit
is dropped.
"""
from __future__ import annotations

import pickle
import random
import sys
import threading
from typing import Any, Callable, Sequence

from nimarcade.core.computer import SearchInfo
from nimarcade.core.worker.layout import WARM_MAX, read_warm_state
from nimarcade.core.worker.process import WorkerProcess
from nimarcade.core.worker.search import AiResult, picklable, run_here, run_in_worker


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
        #: the token of the running ponder search, if any (its result is never delivered)
        self.pondering: int | None = None
        self._thread: threading.Thread | None = None
        self._process: WorkerProcess | None = None
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
        tasks named by then; the window's thread must not stop there (it froze the window once)."""
        self.warm_ups = tuple(tasks)[:WARM_MAX]
        if not start or self.synchronous or not self.use_process or self._closed:
            return
        if not self._run_lock.acquire(blocking=False):
            return
        try:
            if self._process is None or not self._process.alive():
                try:
                    with self._starting:
                        self._process = WorkerProcess(self.warm_ups)
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
        return read_warm_state(proc.shared, self.warm_ups.index(task))

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
        info = SearchInfo()
        self.progress = info
        self._finish(token, cancel, run_here(chooser, token, state, level, rng, time_limit, cancel, hurry, info), deliver)

    def _run(self, chooser: Callable[..., Any], token: int, state: Any, level: int, rng: random.Random | None,
             time_limit: float | None, cancel: threading.Event, hurry: threading.Event, deliver: bool) -> None:
        job = (chooser, token, state, level, rng, time_limit, cancel, hurry, deliver)
        with self._run_lock:
            if cancel.is_set() or self._closed:
                return
            if self.use_process and picklable(chooser):
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
                self._process = WorkerProcess(self.warm_ups)
        proc = self._process
        result = run_in_worker(proc, chooser, token, state, level, rng, time_limit,
                               lambda: cancel.is_set() or self._closed, hurry, self._show)
        if result is None:
            # this search ignores the cancel: stop the process, the next request starts a fresh one
            self._process = None
            proc.kill()
            return
        self._finish(token, cancel, result, deliver)

    def _show(self, progress: SearchInfo) -> None:
        self.progress = progress
