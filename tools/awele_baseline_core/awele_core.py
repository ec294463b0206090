"""The compiled Awélé search core: :mod:`.awele_kernel` compiled by numba, behind the engine's API.

:class:`CoreEngine` is an :class:`~.awele_engine.Engine` whose nodes run in compiled code: the
iterative deepening, the root, the aspiration windows and the principal variation are the
pure-Python engine's own code; only ``node`` (the whole tree under each root move) is replaced by
the kernel. Same search, same node counts at a fixed depth (tested), about 25 times faster.

Where numba can't load (not installed, ``NIMARCADE_NO_JIT=1``, a failed compilation), nothing
breaks: :func:`status` says why, and :func:`make_engine` returns the pure-Python engine.

Compilation: ``cache=True`` keeps the machine code on disk (``NUMBA_CACHE_DIR``, pointed at a
user cache directory when the package directory can't be written or the game runs with its own
config directory). The first load still costs about a second from the cache (tens of seconds
for a cold compile), so the AI worker process warms the core in a background thread as soon as
it starts (:func:`start_warming`); until it is ready the pure-Python engine plays, so nothing
ever waits for the compiler.

Never imports pygame.
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import awele_engine, awele_eval
from .awele_board import ROW0
from .awele_engine import MAX_PLY, POLL, Engine, _Abort, _Context

#: Set to 1 to never use the compiled core (the fallback path; tests and old machines).
DISABLE_ENV = "NIMARCADE_NO_JIT"
#: The entry count that fills the compiled core's transposition table (as the pure-Python
#: engine's TT_MAX); it has the next power of two above twice that many slots, 24 bytes each
#: (1 M entries: 2 M slots, 48 MB).
TT_MAX = 1_000_000


@dataclass(frozen=True)
class CoreStatus:
    active: bool     # the compiled core is loaded and the levels use it
    state: str       # "ready", "warming", "not loaded", "disabled", "missing", "failed"
    reason: str      # a sentence for the settings/help screen (English; the scene translates keys)


_lock = threading.Lock()
_state = "not loaded"
_reason = "the compiled core has not been loaded yet"
_kernel = None          # the namespace of compiled functions once ready
_warm_thread: threading.Thread | None = None


def cache_dir() -> Path:
    """Where numba keeps its compiled code: ``$NUMBA_CACHE_DIR``, else next to the package when
    it is writable and no private config directory is set, else the user's cache directory."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    here = Path(__file__).resolve().parent
    if not os.environ.get("NIMARCADE_CONFIG_DIR") and os.access(here, os.W_OK):
        return here / "__pycache__"
    if os.environ.get("NIMARCADE_CONFIG_DIR"):
        return Path(os.environ["NIMARCADE_CONFIG_DIR"]) / "numba-cache"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "nimarcade" / "numba"


def _compile():
    """Import numba and compile (or load from the disk cache) every kernel function."""
    if os.environ.get(DISABLE_ENV, "").strip() not in ("", "0"):
        raise _Unavailable("disabled", f"the compiled core is disabled ({DISABLE_ENV} is set)")
    cdir = cache_dir()
    try:
        cdir.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    os.environ.setdefault("NUMBA_CACHE_DIR", str(cdir))
    try:
        import numba
        import numpy as np
    except ImportError as exc:
        raise _Unavailable("missing", f"numba is not installed ({exc.name}): the engine runs in pure "
                                      "Python, 3-4 plies shallower") from exc
    from . import awele_kernel as k

    jit = numba.njit(cache=True, nogil=True)
    names = ("final_score", "row_sum", "row_value", "fragile", "sow", "has_move", "eg_probe",
             "table_score", "leaf", "tt_slot", "tt_clear", "tt_shrink", "tt_store", "tt_get", "rep_has", "poll",
             "node", "leaf_abs", "_eg_index")
    # the kernel's functions call each other through module globals: compile them in place
    saved = {n: getattr(k, n) for n in names}
    try:
        for n in names:
            setattr(k, n, jit(saved[n]))
        ns = _Kernel(k, np)
        ns.warm()
    except Exception:
        for n, f in saved.items():
            setattr(k, n, f)
        raise
    return ns


class _Unavailable(Exception):
    def __init__(self, state: str, reason: str) -> None:
        super().__init__(reason)
        self.state = state
        self.reason = reason


class _Kernel:
    """The compiled functions and the array types they take."""

    def __init__(self, k, np) -> None:
        self.k = k
        self.np = np
        self.node = k.node
        self.leaf_abs = k.leaf_abs
        self.tt_get = k.tt_get
        self.tt_clear = k.tt_clear
        self.tt_shrink = k.tt_shrink

    def warm(self) -> None:
        """Run each entry point once on a small position (compiles, or loads the disk cache)."""
        engine = CoreEngine(kernel=self, tt_slots=1 << 10, tt_max=500)
        from nimarcade.games.awele.rules import AweleState

        engine.search(AweleState.new(), max_depth=3)


def load(block: bool = True) -> CoreStatus:
    """Load the compiled core (compiling it the first time). ``block=False``: in a background
    thread; :func:`status` says "warming" until it is done."""
    global _warm_thread
    with _lock:
        if _state in ("ready", "disabled", "missing", "failed"):
            return status()
        if _warm_thread is None:
            _warm_thread = threading.Thread(target=_load_now, daemon=True, name="nimarcade-awele-jit")
            _set("warming", "the compiled core is being prepared")
            _warm_thread.start()
        thread = _warm_thread
    if block:
        thread.join()
    return status()


def start_warming() -> CoreStatus:
    """Start loading the compiled core in the background (the AI worker calls it at start-up)."""
    return load(block=False)


def warm_up(publish: Callable[[str], None]) -> None:
    """The game's warm-up task, run in the AI worker process at start-up (``GameSpec.warm_up``):
    load the core in the background and ``publish`` its state ("warming", then "ready" or why
    not: a :class:`CoreStatus` state)."""
    publish(start_warming().state)

    def wait() -> None:
        publish(load(block=True).state)

    threading.Thread(target=wait, daemon=True, name="nimarcade-core-state").start()


def _set(state: str, reason: str) -> None:
    global _state, _reason
    _state, _reason = state, reason


def _load_now() -> None:
    global _kernel
    t0 = time.perf_counter()
    try:
        ns = _compile()
    except _Unavailable as exc:
        with _lock:
            _set(exc.state, exc.reason)
        return
    except Exception as exc:  # noqa: BLE001 - any compiler failure means: play in pure Python
        with _lock:
            _set("failed", f"the compiled core could not be built ({type(exc).__name__}: {exc}); "
                           "the engine runs in pure Python")
        return
    with _lock:
        _kernel = ns
        _set("ready", f"compiled search core active (loaded in {time.perf_counter() - t0:.1f} s)")


def status() -> CoreStatus:
    """Whether the compiled core is in use, and why not. Never compiles anything."""
    if _state == "not loaded":
        return describe(_availability())
    return CoreStatus(_state == "ready", _state, _reason)


def _availability() -> str:
    """What loading would do, without loading: "disabled", "missing" or "not loaded"."""
    import importlib.util

    if os.environ.get(DISABLE_ENV, "").strip() not in ("", "0"):
        return "disabled"
    if importlib.util.find_spec("numba") is None:
        return "missing"
    return "not loaded"


_REASONS = {
    "not loaded": "the compiled core will load with the computer's first search",
    "warming": "the compiled core is being prepared; the computer plays in pure Python meanwhile",
    "ready": "compiled search core active",
    "disabled": f"the compiled core is disabled ({DISABLE_ENV} is set): the engine runs in pure Python, "
                "3-4 plies shallower",
    "missing": "numba is not installed: the engine runs in pure Python, 3-4 plies shallower",
    "failed": "the compiled core could not be built: the engine runs in pure Python, 3-4 plies shallower",
}


def describe(state: str) -> CoreStatus:
    """The status for a state name (as the AI worker process reports it)."""
    if state == _state and state != "not loaded":
        return CoreStatus(state == "ready", state, _reason)
    return CoreStatus(state == "ready", state, _REASONS.get(state, _REASONS["failed"]))


def ready() -> bool:
    return _state == "ready"


def kernel():
    """The compiled kernel (loading it if needed), or RuntimeError saying why it is unavailable."""
    load(block=True)
    if not ready():
        raise RuntimeError(f"the compiled Awélé core is not available: {_reason}")
    return _kernel


def make_engine(evaluation=awele_eval.DEFAULT, endgame=None, *, exact: bool = False,
                wait: bool = True) -> Engine:
    """The fastest engine available now: the compiled core when it is (or, with ``wait``, can be
    made) ready, else the pure-Python engine. Never waits while a background warm-up runs."""
    if not ready() and wait and _state == "not loaded":
        load(block=True)
    if ready():
        return CoreEngine(evaluation, endgame, exact=exact)
    return Engine(evaluation, endgame, exact=exact)


# -- the engine ----------------------------------------------------------------------------------
class _TT:
    """The compiled core's transposition table (three int64 arrays), with the dict-like
    ``get``/``len`` the engine's shared code uses."""

    def __init__(self, kernel, slots: int, tt_max: int) -> None:
        np = kernel.np
        self.kernel = kernel
        #: one slot a row: key (houses 0-5), key (houses 6-11, store, side, used bit), entry
        self.slots = np.zeros((slots, 3), dtype=np.int64)
        #: shared with each search (st[TT_COUNT], st[TT_MAX] live here between searches)
        self.st = np.zeros(kernel.k.ST_SIZE, dtype=np.int64)
        self.st[kernel.k.TT_MAX] = tt_max

    def __len__(self) -> int:
        return int(self.st[self.kernel.k.TT_COUNT])

    def clear(self) -> None:
        if self.st[self.kernel.k.TT_COUNT]:  # a fresh table is zeros already: touch no page
            self.kernel.tt_clear(self.slots, self.st)

    def shrink(self, keep: int) -> None:
        """Keep the deepest ``keep`` entries at most."""
        self.kernel.tt_shrink(self.slots, self.st, keep)

    def get(self, key: int):
        """(depth, flag, score, move) of the position key ``board | (ms << 1 | side) << 96``."""
        k = self.kernel.k
        b0 = key & ROW0
        k1 = (key >> 48) | k.OCC
        e = int(self.kernel.tt_get(self.slots, b0, k1))
        if e < 0:
            return None
        return e & 255, e >> 8 & 3, (e >> 16) - k.VOFF, (e >> 10 & 63) - 1


class CoreEngine(Engine):
    """:class:`Engine` with its nodes in the compiled kernel."""

    def __init__(self, evaluation=awele_eval.DEFAULT, endgame=None, tt_max: int | None = None, *,
                 exact: bool = False, kernel=None, tt_slots: int = 1 << 10) -> None:
        super().__init__(evaluation, endgame, tt_max if tt_max is not None else TT_MAX, exact=exact)
        if kernel is None:
            if not ready():
                load(block=True)
            if not ready():
                raise RuntimeError(f"the compiled Awélé core is not available: {_reason}")
            kernel = _kernel
        self.kernel = kernel
        #: a full table keeps its deepest half (False: emptied, exactly as the pure-Python engine)
        self.keep_deep = True
        slots = tt_slots
        while slots < 2 * self.tt_max:
            slots *= 2
        self.tt = _TT(kernel, slots, self.tt_max)

    def _clear_tt(self) -> None:
        self.tt.clear()

    def _shrink_tt(self) -> None:
        if self.keep_deep:
            self.tt.shrink(self.tt_max // 4)
        else:
            self.tt.clear()

    def _context(self, state, start, time_limit, cancel, node_limit, info) -> "_CoreContext":
        return _CoreContext(self, state, start, time_limit, cancel, node_limit, info)


class _CoreContext(_Context):
    """One search of the compiled core: ``node`` calls the kernel, a watcher thread stops it."""

    def __init__(self, engine: CoreEngine, state, start, time_limit, cancel, node_limit, info):
        self._done = threading.Event()
        super().__init__(engine, state, start, time_limit, cancel, node_limit, info)
        self._watcher = None
        if self.deadline is not None or cancel is not None:
            self._watcher = threading.Thread(target=self._watch, daemon=True, name="nimarcade-awele-watch")
            self._watcher.start()

    def _watch(self) -> None:
        """Set the kernel's stop flag at the deadline or on cancel; publish the node count."""
        k = self.engine.kernel.k
        st = self.st
        while not self._done.wait(0.002):
            if (self.cancel is not None and self.cancel.is_set()) or (
                    self.deadline is not None and time.perf_counter() >= self.deadline):
                st[k.STOP] = 1
                return
            self.info["nodes"] = int(st[k.NODES]) + self.root_nodes

    def close(self) -> None:
        self._done.set()

    def _build(self, state):
        engine: CoreEngine = self.engine
        kern = engine.kernel
        k, np = kern.k, kern.np
        tt = engine.tt
        self.st = st = tt.st  # the table's count and limit carry over from search to search
        for i in (k.NODES, k.STOP, k.ABORT):
            st[i] = 0
        st[k.TT_MAX] = engine.tt_max
        st[k.TT_KEEP] = engine.tt_max // 2 if engine.keep_deep else -1
        st[k.NEXT_POLL] = awele_engine.POLL
        st[k.POLL] = awele_engine.POLL
        st[k.TOTAL] = self.total
        st[k.SLAM] = 1 if self.slam_nothing else 0
        st[k.LMR] = 1 if engine.lmr else 0
        st[k.EXACT] = 1 if engine.exact else 0
        st[k.NODE_LIMIT] = -1 if self.node_limit is None else self.node_limit
        st[k.FRAGILE] = 1 if state.grand_slam == "forbidden" else 2
        rm, rw = awele_eval.tables(engine.evaluation, state.grand_slam)
        T = _tables_for(kern, rm, rw)
        eg = engine.endgame.get(state.grand_slam) if engine.endgame is not None else None
        if eg is not None:
            st[k.EG_SEEDS] = eg.max_seeds
            egs = _eg_array(np, eg)
        else:
            st[k.EG_SEEDS] = -1
            egs = np.zeros((2, 1), dtype=np.uint8)
        aux = np.zeros(k.AUX_SIZE, dtype=np.int64)
        aux[:k.HOFF] = -1   # no killers yet
        rep = np.zeros((len(self.root_rep) + MAX_PLY + 4, 2), dtype=np.int64)
        kids = np.zeros((MAX_PLY + 2, 6, 5), dtype=np.int64)
        knode, kleaf = kern.node, kern.leaf_abs
        slots = tt.slots
        ABORT, NODES = k.ABORT, k.NODES

        def node(board, side, ms, os_, depth, alpha, beta, ply, rep_set):
            n = 0
            for key in rep_set:
                rep[n, 0] = key & ROW0
                rep[n, 1] = key >> 48
                n += 1
            v = knode(board & ROW0, board >> 48, side, ms, os_, depth, alpha, beta, ply, 0, n,
                      T, st, slots, aux, rep, kids, egs)
            if st[ABORT]:
                raise _Abort
            return int(v)

        def leaf(c, side, ms2, os_, ply):
            return int(kleaf(c & ROW0, c >> 48, side, ms2, os_, ply, T, st))

        def count():
            return int(st[NODES])

        self.leaf = leaf
        self.count = count
        return node

    def poll(self, nodes: int) -> None:  # the kernel polls by itself
        raise AssertionError("not used by the compiled core")


_T_CACHE: dict = {}
_EG_CACHE: dict = {}


def _tables_for(kern, rm, rw):
    key = (id(rm), id(rw))
    hit = _T_CACHE.get(key)
    if hit is None or hit[0] is not rm or hit[1] is not rw:
        if len(_T_CACHE) > 64:  # explicit weights make new row tables for every engine
            _T_CACHE.clear()
        hit = (rm, rw, kern.k.tables(rm.hv, rw.hv))
        _T_CACHE[key] = hit
    return hit[2]


def _eg_array(np, eg):
    """The table's (lo, hi) bytes as one (2, boards) array, made once per table."""
    hit = _EG_CACHE.get(id(eg))
    if hit is None or hit[0] is not eg:
        arr = np.empty((2, len(eg.low)), dtype=np.uint8)
        arr[0] = np.frombuffer(eg.low, dtype=np.uint8)
        arr[1] = np.frombuffer(eg.high, dtype=np.uint8)
        hit = (eg, arr)
        _EG_CACHE[id(eg)] = hit
    return hit[1]


__all__ = ["CoreEngine", "CoreStatus", "status", "describe", "ready", "load", "start_warming",
           "make_engine", "kernel", "cache_dir", "POLL"]
