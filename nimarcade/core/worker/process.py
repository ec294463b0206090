"""The worker process: its start, its priority, its signals, its loop, its end.

One persistent process (:class:`WorkerProcess`) answers the searches sent through its pipe
(:func:`nimarcade.core.worker.search.run_in_worker` sends one and waits), one at a time, and
reports their progress in the shared memory (:mod:`nimarcade.core.worker.layout`). It runs below the window's priority
(:data:`WORKER_NICENESS`), leaves a terminal's Ctrl+C to the game, and ends with the game's process
however that ends. Started with "spawn" (no fork: the window's process has threads).
"""
from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import pickle
import signal
import threading
from typing import Any, Callable, Iterator, Sequence

from nimarcade.core.worker.layout import (
    SHARED_SIZE,
    SLOT_TYPE,
    WARM_MAX,
    SharedInfo,
    clear_progress,
    publish_warm_state,
)

#: How much lower than the window the worker's searches are scheduled (Unix "nice"): when the
#: window and a search want the same core, the window's frame comes first; a search alone on its
#: core runs at full speed. Measured in docs/BENCHMARKS.md (the review's frames), where
#: ``NIMARCADE_WORKER_NICE=0`` gives the figures without it.
WORKER_NICENESS = 5

#: What the worker answers a search: ("ok", move, the rng's state, info) or ("error", repr, None, {}).
Reply = tuple[str, Any, Any, Any]


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


def start_warm_ups(shared: Any, tasks: Sequence[Callable[[Callable[[str], None]], None]]) -> None:
    """In the worker: run each game's warm-up task (it loads a compiled core in the background)
    and publish what it reports in its slot."""
    for slot, task in enumerate(tasks[:WARM_MAX]):
        def publish(state: str, slot: int = slot) -> None:
            publish_warm_state(shared, slot, state)

        try:
            task(publish)
        except Exception:  # noqa: BLE001 - a failed warm-up only means: the slow path plays
            publish("failed")


def _serve(conn: Any, cancel: Any, shared: Any, warm_ups: Sequence[Callable[..., None]] = ()) -> None:
    """The worker process: start the warm-up tasks, then answer requests until the pipe closes.

    Ctrl+C in the terminal reaches the whole process group: the worker leaves it to the game,
    which ends it (no traceback of its own on the terminal)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})    # blocked by the parent at start
    _yield_to_the_window()
    _die_with_parent()
    if len(shared) >= SHARED_SIZE:
        start_warm_ups(shared, warm_ups)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        chooser, state, level, rng, time_limit = msg
        clear_progress(shared)
        info = SharedInfo(shared)
        reply: Reply
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


class WorkerProcess:
    """One persistent worker process and the pipe to it."""

    def __init__(self, warm_ups: Sequence[Callable[..., None]] = ()) -> None:
        ctx = mp.get_context("spawn")  # no fork: the parent has threads and a window
        self.cancel = ctx.Event()
        self.shared = ctx.Array(SLOT_TYPE, SHARED_SIZE, lock=False)
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

