"""One search and what it gives back (:class:`AiResult`), run in the controller's thread
(:func:`run_here`) or in the worker process (:func:`run_in_worker`, its progress read from the
shared memory as it goes): the same result either way, the move, the seconds, the search's info,
or the error that stopped it."""
from __future__ import annotations

import pickle
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from nimarcade.core.computer import Forfeit, SearchInfo
from nimarcade.core.worker.layout import clear_progress, read_progress
from nimarcade.core.worker.process import Reply, WorkerProcess

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


def run_here(chooser: Callable[..., Any], token: int, state: Any, level: int, rng: random.Random | None,
             time_limit: float | None, cancel: threading.Event, hurry: threading.Event, info: SearchInfo) -> AiResult:
    """Run the search in this thread, ``info`` filled in as it goes; it stops on ``cancel`` or
    ``hurry``. A failed search is a result with its error (a bug in a search must not kill the game)."""
    start = time.perf_counter()
    stop = _Either(cancel, hurry)
    try:
        move = chooser(state, level, rng, time_limit, cancel=stop, info=info)
        elapsed = time.perf_counter() - start
        if info.get("nodes") and elapsed > 0:
            info.setdefault("nps", info["nodes"] / elapsed)   # as read_progress says in a process
        return AiResult(token, move, elapsed, info=info.copy())
    except Forfeit as lost:
        return AiResult(token, None, time.perf_counter() - start, error=repr(lost), forfeit=lost)
    except Exception as exc:  # a bug in a search must not kill the game
        return AiResult(token, None, time.perf_counter() - start, error=repr(exc))


def run_in_worker(proc: WorkerProcess, chooser: Callable[..., Any], token: int, state: Any, level: int,
                  rng: random.Random | None, time_limit: float | None, stopped: Callable[[], bool],
                  hurry: threading.Event, progress: Callable[[SearchInfo], None]) -> AiResult | None:
    """Run the search in the worker process and wait for its reply, handing ``progress`` what the
    search reports meanwhile; ``rng`` then goes on as if the search had run here. ``hurry`` set:
    the search stops and answers its best move so far. ``stopped()`` true: the search is told to
    stop; None when it still runs :data:`KILL_AFTER` seconds later (the caller then ends the
    process, which never answers). EOFError when the process died."""
    proc.cancel.clear()
    clear_progress(proc.shared)
    start = time.perf_counter()
    proc.conn.send((chooser, state, level, rng, time_limit))
    progress(SearchInfo())
    cancelled_at = None
    while not proc.conn.poll(0.005 if hurry.is_set() else 0.02):
        if hurry.is_set():
            proc.cancel.set()  # play now: the search stops and answers (never killed)
        if stopped():
            proc.cancel.set()  # the search stops within its polling interval
            if cancelled_at is None:
                cancelled_at = time.perf_counter()
            elif time.perf_counter() - cancelled_at > KILL_AFTER:
                return None    # this search ignores the cancel
        progress(read_progress(proc.shared, time.perf_counter() - start))
        if not proc.alive():
            raise EOFError("the AI worker process stopped")
    reply: Reply = proc.conn.recv()
    kind, payload, rng_state, info = reply
    if kind == "ok":
        if rng_state is not None and rng is not None:
            rng.setstate(rng_state)  # the game's random stream goes on as if run here
        return AiResult(token, payload, time.perf_counter() - start, info=info)
    return AiResult(token, None, time.perf_counter() - start, error=payload)


def picklable(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` can be sent to the worker process (a closure cannot: it runs in a thread)."""
    try:
        pickle.dumps(fn)
        return True
    except (pickle.PicklingError, AttributeError, TypeError):
        return False


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
