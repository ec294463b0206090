"""The shared memory between the window's process and the worker process: one array of signed
64-bit integers (:data:`SLOT_TYPE`) of :data:`SHARED_SIZE` slots, each slot named here.

The search running in the worker fills its ``info`` dict (a :class:`SharedInfo`), which mirrors
what it reports into the array; the window's process reads it back with :func:`read_progress`
while the search runs. After the search's progress come the slots of the warm-up tasks (one per
task, :data:`WARM_STATES`), which live for the whole life of the worker.

The slots, in order::

    DEPTH SCORE NODES | MOVE BOOK PV_LEN | PV0 ... (PV_MAX) | SCORES_MASK | SCORES0 ... (SCORES_MAX) | WARM0 ... (WARM_MAX)

Moves travel there only when they are ints (scored moves: below :data:`SCORES_MAX`), as an
engine's moves are; others stay in the final result. A shorter array (a test's) holds only the
first three.
"""
from __future__ import annotations

from typing import Any

from nimarcade.core.computer import SearchInfo

#: The array's type code (multiprocessing.Array): a signed 64-bit integer a slot.
SLOT_TYPE = "q"
#: The keys of the progress's first slots, in their order (DEPTH, SCORE, NODES).
PROGRESS_KEYS = ("depth", "score", "nodes")
DEPTH, SCORE, NODES = range(len(PROGRESS_KEYS))
#: A depth, score or node count is clamped to ± this, well inside a slot.
PROGRESS_BOUND = 2**62
#: The best move so far (+1: 0 means none), whether it came from the opening book, the length of
#: the principal variation, then its moves.
MOVE, BOOK, PV_LEN, PV0 = 3, 4, 5, 6
PV_MAX = 32
#: A mask of the root moves scored (analysis: bit m for move m), then their scores.
SCORES_MAX = 32
SCORES_MASK = PV0 + PV_MAX
SCORES0 = SCORES_MASK + 1
#: The state of each warm-up task (an index in WARM_STATES).
WARM0 = SCORES0 + SCORES_MAX
WARM_MAX = 8
SHARED_SIZE = WARM0 + WARM_MAX
#: What a warm-up task publishes (a compiled core: loading, ready, or why not).
WARM_STATES = ("not loaded", "warming", "ready", "disabled", "missing", "failed")


class SharedInfo(dict[str, Any]):
    """The ``info`` dict a search fills in, mirrored into shared memory for the parent."""

    def __init__(self, shared: Any) -> None:
        super().__init__()
        self._shared = shared

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key, value)
        sh = self._shared
        if key in PROGRESS_KEYS and isinstance(value, int):
            sh[PROGRESS_KEYS.index(key)] = max(-PROGRESS_BOUND, min(PROGRESS_BOUND, value))
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


def clear_progress(shared: Any) -> None:
    """Zero a search's slots (everything before the warm-up tasks'), before the next search."""
    for i in range(min(len(shared), WARM0)):
        shared[i] = 0


def read_progress(shared: Any, elapsed: float | None = None) -> SearchInfo:
    """The progress dict of a shared array: "depth", "score", "nodes", and when the search has
    reported them "move", "pv", "scores" (every root move, analysis), "book"; with ``elapsed``
    (seconds since the search started) also "elapsed" and "nps" (nodes per second)."""
    out = SearchInfo()
    if shared[DEPTH]:
        out["depth"] = shared[DEPTH]
    if shared[SCORE]:
        out["score"] = shared[SCORE]
    if shared[NODES]:
        out["nodes"] = shared[NODES]
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


def publish_warm_state(shared: Any, slot: int, state: str) -> None:
    """In the worker: warm-up task number ``slot`` reports ``state`` (one of WARM_STATES; any other
    word counts as "failed")."""
    shared[WARM0 + slot] = WARM_STATES.index(state if state in WARM_STATES else "failed")


def read_warm_state(shared: Any, slot: int) -> str | None:
    """What warm-up task number ``slot`` last reported, None before it reported anything."""
    state = shared[WARM0 + slot]
    return WARM_STATES[state] if state else None
