"""The compiled Awélé search core: :mod:`.kernel` compiled by numba, behind the engine's API.

:class:`CoreEngine` is an :class:`~.engine.Engine` whose nodes run in compiled code: the
iterative deepening, the root, the aspiration windows and the principal variation are the
pure-Python engine's own code; only ``node`` (the whole tree under each root move) is replaced by
the kernel. Same search, same node counts at a fixed depth (tested), about 25 times faster.

Where numba can't load (not installed, ``NIMARCADE_NO_JIT=1``, a failed compilation), nothing
breaks: :func:`status` says why, and :func:`make_engine` returns the pure-Python engine.

Compilation: ``cache=True`` keeps the machine code on disk (``NUMBA_CACHE_DIR``, pointed at a
user cache directory when the package directory can't be written or the game runs with its own
config directory). The first load still costs about a second from the cache (tens of seconds
for a cold compile), so the AI worker process warms the core in a background thread as soon as
it starts (:func:`start_warming`; the window starts that process once its first frame is on
screen, and the board says « le moteur d'Awélé se prépare… » meanwhile); until it is ready the
pure-Python engine plays, so nothing ever waits for the compiler.

Never imports pygame.
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from nimarcade.games.awele.engine import engine as awele_engine
from nimarcade.games.awele.engine import eval as awele_eval
from nimarcade.games.awele.engine.board import ROW0
from nimarcade.games.awele.engine.engine import MAX_PLY, POLL, Engine, _Abort, _Context
from nimarcade.storage import locks

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
    from nimarcade.games.awele.engine import kernel as k

    jit = numba.njit(cache=True, nogil=True)
    names = ("final_score", "row_sum", "row_value", "fragile", "sow", "has_move", "capture", "best_gain", "eg_probe",
             "table_score", "leaf", "tt_home", "tt_slot", "tt_clear", "tt_put", "tt_shrink", "tt_store", "tt_get",
             "rep_has", "poll", "net_value",
             "node", "leaf_abs", "_eg_index", "eg_layer")
    # the kernel's functions call each other through module globals: compile them in place
    saved = {n: getattr(k, n) for n in names}
    try:
        # (one process compiles at a time: another started with it loads what it wrote)
        with locks.if_possible(cdir / ".awele.compile.lock"):
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
        self.eg_layer = k.eg_layer

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


def wait_ready(timeout: float, cancel: threading.Event | None = None) -> CoreStatus:
    """Start loading the core if it is not loaded and wait for it, ``timeout`` seconds at most
    (or until ``cancel``): a search that must be as deep as the computer's (the player's hint, in
    a worker process that has not warmed the core yet) waits for it instead of running in pure
    Python. Returns at once when the core can't load (disabled, numba missing)."""
    load(block=False)
    thread = _warm_thread
    end = time.perf_counter() + timeout
    while thread is not None and thread.is_alive() and time.perf_counter() < end:
        if cancel is not None and cancel.is_set():
            break
        thread.join(min(0.05, max(0.0, end - time.perf_counter())))
    return status()


def warm_up(publish: Callable[[str], None]) -> None:
    """The game's warm-up task, run in the AI worker process at start-up (``GameSpec.engine.warm_up``):
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


def current_state() -> str:
    """The core's state in this process as it stands ("not loaded" until a load starts), without
    looking for numba: cheap enough for every frame."""
    return _state


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
        #: the search number, stored in each entry of a table shared by threads (older entries
        #: are replaced first)
        self.gen = 0

    def __len__(self) -> int:
        return int(self.st[self.kernel.k.TT_COUNT])

    def clear(self) -> None:
        k = self.kernel.k
        if self.st[k.TT_COUNT] or self.st[k.SHARED]:  # a fresh table is zeros already: touch no page
            self.kernel.tt_clear(self.slots, self.st)

    def shrink(self, keep: int) -> None:
        """Keep the deepest ``keep`` entries at most."""
        self.kernel.tt_shrink(self.slots, self.st, keep)

    def keys(self) -> list[int]:
        """The position key of every entry a probe finds (its key words read back through the
        entry; a slot two threads wrote at once reads back as a key whose probe misses it)."""
        s = self.slots
        used = s[:, 1] != 0
        k0 = s[used, 0] ^ s[used, 2]
        k1 = (s[used, 1] ^ s[used, 2]) & ((1 << 62) - 1)
        keys = [int(a) | int(b) << 48 for a, b in zip(k0, k1)]
        return [key for key in keys if self.get(key) is not None]

    def get(self, key: int):
        """(depth, flag, score, move) of the position key ``board | (ms << 1 | side) << 96``."""
        k = self.kernel.k
        b0 = key & ROW0
        k1 = (key >> 48) | k.OCC
        e = int(self.kernel.tt_get(self.slots, self.st, b0, k1))
        if e < 0:
            return None
        return e & 255, e >> 8 & 3, (e >> 16) - k.VOFF, (e >> 10 & 63) - 1


class CoreEngine(Engine):
    """:class:`Engine` with its nodes in the compiled kernel."""

    tt: _TT  # type: ignore[assignment]  # the kernel's table in the place of the Python engine's dict

    def __init__(self, evaluation=awele_eval.DEFAULT, endgame=None, tt_max: int | None = None, *,
                 exact: bool = False, kernel=None, tt_slots: int = 1 << 10, threads: int = 1) -> None:
        """``threads``: search threads (lazy SMP, see :class:`_CoreContext`); 1 is exactly the
        pure-Python engine's search."""
        super().__init__(evaluation, endgame, tt_max if tt_max is not None else TT_MAX, exact=exact)
        self.threads = max(1, int(threads))
        #: nodes of the last search by thread (the main thread first)
        self.thread_nodes: list[int] = []
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
        if self.threads > 1:  # a shared table replaces its old entries as it goes
            return
        if self.keep_deep:
            self.tt.shrink(self.tt_max // 4)
        else:
            self.tt.clear()

    def _context(self, state, start, time_limit, cancel, node_limit, info) -> "_CoreContext":
        return _CoreContext(self, state, start, time_limit, cancel, node_limit, info)


class _CoreContext(_Context):
    """One search of the compiled core: ``node`` calls the kernel, a watcher thread stops it.

    **Lazy SMP** (``engine.threads`` > 1): helper threads search the same position at the same
    time, each its own iterative deepening (odd helpers one ply ahead of the main search, every
    helper its root moves in another order), on the same transposition table; they are never
    asked for a move: what they store lets the main search cut sooner. The kernel runs without
    the GIL (``nogil=True``), so the threads really run at once. The table is then shared: its
    probes are bounded and its stores replace (``st[SHARED]``, :mod:`.kernel`), and two
    threads writing one slot at once leave a slot no key matches (a lost entry, never a wrong
    one). The main thread's result is the search's result, as with one thread; the helpers stop
    when it stops (its deadline, a cancel, its last depth)."""

    engine: CoreEngine

    def __init__(self, engine: CoreEngine, state, start, time_limit, cancel, node_limit, info,
                 helper: bool = False):
        self._done = threading.Event()
        self.helper = helper
        self.helpers: list[_CoreContext] = []
        self._threads: list[threading.Thread] = []
        self.state = state
        super().__init__(engine, state, start, time_limit, cancel, node_limit, info)
        self._watcher = None
        if self.deadline is not None or cancel is not None:
            self._watcher = threading.Thread(target=self._watch, daemon=True, name="nimarcade-awele-watch")
            self._watcher.start()

    @property
    def nodes(self) -> int:
        """Nodes of every thread of the search."""
        return self.count() + self.root_nodes + sum(h.count() + h.root_nodes for h in self.helpers)

    def _watch(self) -> None:
        """Set the kernel's stop flag at the deadline or on cancel; publish the node count."""
        k = self.engine.kernel.k
        st = self.st
        while not self._done.wait(0.002):
            if (self.cancel is not None and self.cancel.is_set()) or self.time_up(time.perf_counter()):
                st[k.STOP] = 1
                return
            self.info["nodes"] = self.nodes

    def start(self, board, side, ms, os_, roots, max_depth) -> None:
        """Start the helper threads (none with one thread, or when there is nothing to search)."""
        engine: CoreEngine = self.engine
        if engine.threads < 2 or max_depth < 2 or len(roots) < 2:
            return
        for index in range(1, engine.threads):
            helper = _CoreContext(engine, self.state, 0.0, None, None, None, {}, helper=True)
            order = list(roots)
            shift = index % len(order)
            order = order[shift:] + order[:shift]    # each helper starts with another move
            thread = threading.Thread(target=helper.iterate, args=(board, side, ms, os_, order, max_depth, index),
                                      daemon=True, name=f"nimarcade-awele-helper-{index}")
            self.helpers.append(helper)
            self._threads.append(thread)
        for thread in self._threads:
            thread.start()

    def iterate(self, board, side, ms, os_, roots, max_depth, index) -> None:
        """A helper's iterative deepening (its moves and scores are never used)."""
        depth = 1 + (index & 1)
        try:
            while depth <= max_depth:
                score, move, scores = self.root(board, side, ms, os_, roots, depth, False)
                roots.sort(key=lambda r: (r[0] != move, -scores.get(r[0], -awele_engine.INF)))
                if abs(score) > awele_engine.MATE_BOUND and awele_engine.WIN - abs(score) <= depth:
                    return
                depth += 1
        except _Abort:
            return

    def close(self) -> None:
        self._done.set()
        k = self.engine.kernel.k
        for helper in self.helpers:
            helper.st[k.STOP] = 1
        for thread in self._threads:
            thread.join()
        if not self.helper:  # the bench reads how the work was shared
            self.engine.thread_nodes = [self.count() + self.root_nodes] + [h.count() + h.root_nodes
                                                                          for h in self.helpers]

    def _build(self, state):
        engine: CoreEngine = self.engine
        kern = engine.kernel
        k, np = kern.k, kern.np
        tt = engine.tt
        shared = 1 if engine.threads > 1 else 0
        if tt.st[k.SHARED] and not shared and not self.helper:
            tt.clear()  # a table shared by threads may have no empty slot left: one thread needs some
        if not self.helper:
            tt.gen = (tt.gen + 1) & k.GEN_MASK if shared else 0
        # the table's count and limit carry over from search to search; a helper has its own
        self.st = st = tt.st.copy() if self.helper else tt.st
        for i in (k.NODES, k.STOP, k.ABORT):
            st[i] = 0
        st[k.SHARED] = shared
        st[k.GEN] = tt.gen
        st[k.TT_MAX] = engine.tt_max
        st[k.TT_KEEP] = engine.tt_max // 2 if engine.keep_deep else -1
        st[k.NEXT_POLL] = awele_engine.POLL
        st[k.POLL] = awele_engine.POLL
        st[k.TOTAL] = self.total
        st[k.SLAM] = 1 if self.slam_nothing else 0
        st[k.LMR] = int(engine.lmr)
        st[k.EXACT] = 1 if engine.exact else 0
        st[k.NODE_LIMIT] = -1 if self.node_limit is None else self.node_limit
        st[k.FRAGILE] = 1 if state.grand_slam == "forbidden" else 2
        rm, rw = awele_eval.tables(engine.evaluation, state.grand_slam)
        st[k.CAPM], st[k.CAPW] = awele_eval.capture_weights(rm, rw)
        T = _tables_for(kern, rm, rw)
        NET = _net_for(kern, rm.net)
        st[k.NETH] = rm.net.hidden if rm.net is not None else 0
        st[k.NETSHIFT] = rm.net.shift if rm.net is not None else 0
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
                      T, st, slots, aux, rep, kids, egs, NET)
            if st[ABORT]:
                raise _Abort
            return int(v)

        def leaf(c, side, ms2, os_, ply):
            return int(kleaf(c & ROW0, c >> 48, side, ms2, os_, ply, T, st, NET))

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


_NET_CACHE: dict = {}


def _net_for(kern, net):
    """The network's weights as the kernel reads them (:meth:`.eval.Net.array`), made once
    per network; a one-cell array when there is none (``st[NETH]`` is then 0)."""
    hit = _NET_CACHE.get(id(net))
    if hit is None or hit[0] is not net:
        arr = net.array(kern.np) if net is not None else kern.np.zeros((1, 1), dtype=kern.np.int64)
        if len(_NET_CACHE) > 16:
            _NET_CACHE.clear()
        hit = (net, arr)
        _NET_CACHE[id(net)] = hit
    return hit[1]


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


__all__ = ["CoreEngine", "CoreStatus", "status", "describe", "ready", "current_state", "load", "start_warming",
           "make_engine", "kernel", "cache_dir", "POLL"]
