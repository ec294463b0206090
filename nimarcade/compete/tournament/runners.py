"""Where the games are played: here one after the other, in ``jobs`` worker processes, or on the
machines of a Dask cluster. Each runner yields the games' results as they finish (in any
order: a game's result depends on its task alone, never on where or when it was played).

Interrupting the caller's loop (Ctrl+C) ends the runner: the worker processes are stopped (and
their games' programs with them, through their sandboxes' lifelines), the cluster's games not
yet finished are cancelled.
"""
from __future__ import annotations

import multiprocessing
import signal
from typing import Any, Generator, Sequence

from nimarcade.compete.tournament.schedule import GameResult, Task, play


class ClusterMissing(RuntimeError):
    """``--cluster`` was asked, but the optional package ``distributed`` is not installed."""


class ClusterUnreachable(RuntimeError):
    """No Dask scheduler answered at the address (``why``: what the connection said)."""

    def __init__(self, why: str) -> None:
        self.why = why
        super().__init__(why)


def here(tasks: Sequence[Task]) -> Generator[GameResult, None, None]:
    """Each game in this process, in order (Ctrl+C stops the one being played)."""
    for task in tasks:
        yield play(task)


def _worker_ignores_ctrl_c() -> None:
    """Ctrl+C at a terminal reaches every process of its group: the tournament's process stops
    the workers itself, so they must not die halfway through a game on their own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def processes(tasks: Sequence[Task], jobs: int) -> Generator[GameResult, None, None]:
    """``jobs`` games at a time, each in a fresh interpreter's worker (the ``spawn`` start method:
    nothing of this process's state, threads or open files is inherited)."""
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs, initializer=_worker_ignores_ctrl_c) as pool:     # leaving it: terminated
        yield from pool.imap_unordered(play, tasks, chunksize=1)


def connect(address: str) -> Any:
    """A client of the Dask cluster whose scheduler is at ``address`` (``distributed.Client``)."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterMissing() from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise ClusterUnreachable(str(exc) or type(exc).__name__) from None


def cluster(tasks: Sequence[Task], client: Any) -> Generator[GameResult, None, None]:
    """Each game as a task of the cluster of ``client`` (closed at the end). Its workers must have
    this package, and every outside program at the same path as here."""
    from distributed import as_completed

    with client:
        futures = [client.submit(play, task, pure=False) for task in tasks]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)
