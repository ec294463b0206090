"""Where the students are judged: here one after the other, in ``jobs`` worker processes (the
``spawn`` method, as the tournament's), or on a Dask cluster (``--cluster``, through the
tournament's :func:`nimarcade.compete.tournament.runners.connect`). The judge of one student
depends on their task alone, so results come back in any order, each as soon as it is done.

Leaving the loop (Ctrl+C) ends the workers, and their players with them (each player's box dies
with its parent); the cluster's tasks not yet done are cancelled.
"""
from __future__ import annotations

import multiprocessing
import signal
from typing import Any, Callable, Iterator, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def _ignore_ctrl_c() -> None:
    """Ctrl+C reaches every process of the terminal's group: the class's process stops the
    workers itself, so they must not die halfway through a student."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def spread(work: Callable[[T], R], tasks: Sequence[T], jobs: int = 1, client: Any = None) -> Iterator[R]:
    """``work(task)`` for every task, yielded as each finishes."""
    if not tasks:
        return
    if client is not None:
        from distributed import as_completed

        futures = [client.submit(work, task, pure=False) for task in tasks]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)
        return
    if jobs <= 1 or len(tasks) == 1:
        for task in tasks:
            yield work(task)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(jobs, len(tasks)), initializer=_ignore_ctrl_c) as pool:     # leaving it: terminated
        yield from pool.imap_unordered(work, tasks, chunksize=1)
