"""The compiled loops of the octal codes' Grundy sequences (:mod:`.kernel`, :mod:`.sparse`),
compiled by numba behind the first call that needs them, never at import: the game's first frame
waits for none of them. numba's disk cache (``cache=True``; ``NUMBA_CACHE_DIR``, next to the
package when that is writable) keeps them between runs. ``NIMARCADE_NO_JIT=1`` turns them off:
:mod:`.grundy` then runs the same loops in Python (the same values, slower)."""
from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path
from typing import Any, ContextManager

from nimarcade.games.takeaway import kernel as _py
from nimarcade.games.takeaway import sparse as _sp
from nimarcade.storage import locks

DISABLE_ENV = "NIMARCADE_NO_JIT"
#: The chains' far list starts this long (pairs; it doubles when full).
FAR_START = 1024
#: The entries of the sparse loops' ``info`` (:func:`.sparse.extend`).
INFO = 8

_lock = threading.Lock()
_jit: Any = None            # the compiled loops' namespace, False when they can't load


def load() -> Any:
    """Compile (or load from numba's disk cache) every loop once, behind the first call: a dict
    (``extend``, ``first``, ``sparse``, ``look``, ``rare``, ``chain`` and ``np``), or False without
    numba (or with ``NIMARCADE_NO_JIT``)."""
    global _jit
    with _lock:
        if _jit is None:
            _jit = False
            if os.environ.get(DISABLE_ENV, "").strip() in ("", "0"):
                try:
                    _jit = _compile()
                except Exception:  # noqa: BLE001 - no numba, or it failed: the Python loops
                    _jit = False
    return _jit


def inline() -> None:
    """Let numba compile :func:`.sparse.parity` and :func:`.sparse.link` into the loops that call
    them (:mod:`.grundygame`'s too), once a process; they stay plain functions for Python's loops.
    (numba renews a loop's disk cache when the loop's own file changes: a change to
    :func:`.sparse.parity` alone wants :mod:`.grundygame`'s cache cleared.)"""
    global _inlined
    with _inline_lock:
        if not _inlined:
            from numba.extending import register_jitable

            for helper in (_sp.parity, _sp.link):
                register_jitable(inline="always")(helper)
            _inlined = True


_inline_lock = threading.Lock()
_inlined = False


def compile_lock(name: str) -> ContextManager[bool]:
    """The lock a process holds while it compiles ``name``'s loops into numba's disk cache
    (``NUMBA_CACHE_DIR``, set next to this package when unset and writable): two processes started
    together (two windows, the suite's workers) compile them once, the second loads what the first
    wrote instead of compiling them again beside it."""
    here = os.path.dirname(os.path.abspath(__file__))
    if not os.environ.get("NUMBA_CACHE_DIR") and os.access(here, os.W_OK):
        os.environ["NUMBA_CACHE_DIR"] = os.path.join(here, "__pycache__")
    cache = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(tempfile.gettempdir(), "nimarcade-numba")
    return locks.if_possible(Path(cache) / f".{name}.compile.lock")


def _compile() -> dict[str, Any]:
    with compile_lock("takeaway"):
        return _compiled_loops()


def _compiled_loops() -> dict[str, Any]:
    import numba
    import numpy as np

    inline()
    jit = numba.njit(cache=True, nogil=True)
    ns = {"extend": jit(_py.extend), "first": jit(_py.first_of_period), "np": np,
          "sparse": jit(_sp.extend), "look": jit(_sp.look), "rare": jit(_sp.rare_positions),
          "chain": jit(_sp.chain)}
    g = np.zeros(8, np.uint8)           # (the usual type: most codes' values stay small)
    ns["extend"](g, 1, 8, np.array([0, 3], np.int32), np.zeros(64, np.int32))
    ns["first"](g, 8, 2)
    info = np.zeros(INFO, np.int64)
    head, gap, count = np.zeros(64, np.int32), np.zeros(8, np.uint16), np.zeros(64, np.int64)
    far = np.zeros(2 * FAR_START, np.int32)
    ns["chain"](g, 1, head, gap, count, 1, far, info)
    ns["sparse"](g, 1, 8, np.array([0, 3, 4], np.int32), np.array([2], np.int32),
                 np.zeros(64, np.int32), 1, np.zeros(16, np.int32), info, head, gap, count,
                 np.arange(2, dtype=np.int32), 1, np.zeros(64, np.int32), far)
    ns["look"](g, 8, 2, np.zeros(768, np.int64), np.zeros(4, np.int64))
    ns["rare"](g, 8, 1, np.zeros(16, np.int32))
    return ns


def compiled() -> bool:
    """Whether the compiled loops load (compiling them if need be)."""
    return bool(load())
