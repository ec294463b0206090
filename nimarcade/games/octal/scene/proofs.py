"""The lab screens' period searches, off the window's thread: the panel and the game ask for a code's
proof, a worker thread looks for it (within :data:`SECONDS` and :data:`MAX_VALUES`, the same bounds
for both screens, so they never disagree on « values up to N »), and the screens draw it when it is
there. Typing a code no longer waits for its period, and a screen is never frozen by one.

The first :data:`FIRST_VALUES` values are computed at once, on the asking thread (a few
milliseconds): the strip and the heaps' marks need them, the proof only frames the period."""
from __future__ import annotations

import logging
import threading
from typing import Any

from nimarcade.games.takeaway import grundy
from nimarcade.games.takeaway.code import OctalCode

#: The search's bounds in the window (the command line goes further).
SECONDS = 0.8
MAX_VALUES = 1 << 15
FIRST_VALUES = 256

_lock = threading.Lock()
_done: dict[OctalCode, Any] = {}
_running: dict[OctalCode, threading.Thread] = {}
_values: dict[OctalCode, list[int]] = {}


def values(code: OctalCode, count: int) -> list[int]:
    """G(0)… G(count-1), kept per code (up to :data:`FIRST_VALUES`, read without waiting for a
    search that grows the same sequence)."""
    kept = _values.get(code)
    if kept is None or len(kept) < count:
        kept = _values[code] = grundy.sequence(code).values(max(count, min(FIRST_VALUES, 2 * count)))
    return kept[:count]


def _search(code: OctalCode) -> None:
    try:
        proof = grundy.prove(code, seconds=SECONDS, max_n=MAX_VALUES)
    except Exception:       # noqa: BLE001 - a failed search found nothing; it must not stay « running »
        logging.getLogger(__name__).exception("the period search of %s failed", code)
        proof = grundy.Proof(code, stopped="time")
    with _lock:
        _done[code] = proof
        _running.pop(code, None)


def proof(code: OctalCode, start: bool = True) -> Any:
    """The code's proof when the search has ended (None while it runs; ``start``: begin it)."""
    with _lock:
        found = _done.get(code)
        if found is not None or not start:
            return found
        if code not in _running:
            values(code, FIRST_VALUES)      # before the search holds the sequence (50 ms at most)
            worker = _running[code] = threading.Thread(target=_search, args=(code,), daemon=True,
                                                       name=f"lab-proof {code}")
            worker.start()
    return None


def pending(code: OctalCode) -> bool:
    """A search for ``code`` is running."""
    with _lock:
        return code in _running


def wait(code: OctalCode) -> Any:
    """The proof, waited for (tests, screenshots: the same picture every run)."""
    proof(code)
    with _lock:
        worker = _running.get(code)
    if worker is not None:
        worker.join()
    return _done[code]
