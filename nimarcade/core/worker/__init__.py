"""The computer's moves, computed off the UI thread.

Pure Python (no pygame): the app hands the controller a ``deliver`` callback that posts the result
as a pygame event. A pure-Python search in a thread of the window's process would compete with the
render loop for the GIL (measured: frame p99 went from 2 ms to 18 ms during an engine's search),
so by default the search runs in a worker *process*, started on the first request and reused, so
the solvers' caches and the engine's transposition table survive from move to move. Cancelling sets
a shared event the search polls; progress (depth, score, nodes, move, PV, every root move's score,
nodes per second: :func:`read_progress`) comes back through shared memory.

What a game's engine can do beyond its move comes from its registry entry, handed in here:
:meth:`AiController.play_now` stops the search and delivers its best move so far;
:meth:`AiController.ponder` runs a game's ponder chooser on the player's time (never delivered,
stopped by the next request); :meth:`AiController.analyse` runs its analysis chooser (every move
scored); :meth:`AiController.warm_up` starts the worker at app start-up with the games' warm-up
functions (a compiled core loads there in the background), whose progress
:meth:`AiController.warm_state` reports. Nothing here knows a game.

The rooms: :mod:`.controller` (:class:`AiController`, what the window and the commands call),
:mod:`.search` (one search, here or in the worker, and its :class:`AiResult`), :mod:`.process`
(the worker process: its start, priority, signals, loop and end) and :mod:`.layout` (the shared
memory's slots, by name). Their public names are importable from here.
"""
from __future__ import annotations

from nimarcade.core.worker.controller import AiController
from nimarcade.core.worker.layout import (
    BOOK,
    MOVE,
    PROGRESS_KEYS,
    PV0,
    PV_LEN,
    PV_MAX,
    SCORES0,
    SCORES_MASK,
    SCORES_MAX,
    SHARED_SIZE,
    WARM0,
    WARM_MAX,
    WARM_STATES,
    SharedInfo,
    read_progress,
)
from nimarcade.core.worker.process import WORKER_NICENESS, WorkerProcess, start_warm_ups
from nimarcade.core.worker.search import KILL_AFTER, AiResult

__all__ = [
    "BOOK", "KILL_AFTER", "MOVE", "PROGRESS_KEYS", "PV0", "PV_LEN", "PV_MAX", "SCORES0", "SCORES_MASK",
    "SCORES_MAX", "SHARED_SIZE", "WARM0", "WARM_MAX", "WARM_STATES", "WORKER_NICENESS",
    "AiController", "AiResult", "SharedInfo", "WorkerProcess", "read_progress", "start_warm_ups",
]
