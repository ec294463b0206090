"""One result per code, made off the window's thread: the lab's screens ask, a worker thread builds
it once, and the screens draw it when it is there (never frozen by a search). Used for the period
(:mod:`.proofs`) and the misère quotient (:mod:`.quotients`)."""
from __future__ import annotations

import logging
import threading
from typing import Callable, Generic, TypeVar

from nimarcade.games.takeaway.code import OctalCode

T = TypeVar("T")


class PerCode(Generic[T]):
    """``build(code)`` run once per code on a daemon thread named ``name`` and the code; a build
    that raises is logged and gives ``failed(code)`` (it must not stay « running »). ``before(code)``,
    when given, runs on the asking thread just before the worker starts."""

    def __init__(self, build: Callable[[OctalCode], T], failed: Callable[[OctalCode], T], name: str,
                 before: Callable[[OctalCode], object] | None = None) -> None:
        self._build, self._failed, self._name, self._before = build, failed, name, before
        self._lock = threading.Lock()
        self._done: dict[OctalCode, T] = {}
        self._running: dict[OctalCode, threading.Thread] = {}

    def _work(self, code: OctalCode) -> None:
        try:
            found = self._build(code)
        except Exception:       # noqa: BLE001 - a failed build found nothing
            logging.getLogger(__name__).exception("%s of %s failed", self._name, code)
            found = self._failed(code)
        with self._lock:
            self._done[code] = found
            if self._running.get(code) is threading.current_thread():    # (not a newer worker's)
                del self._running[code]

    def get(self, code: OctalCode, start: bool = True) -> T | None:
        """The result once built; None while the worker runs (``start``: begin it if not yet)."""
        with self._lock:
            if code in self._done or not start:
                return self._done.get(code)
            if code not in self._running:
                if self._before is not None:
                    self._before(code)
                worker = self._running[code] = threading.Thread(target=self._work, args=(code,), daemon=True,
                                                                name=f"{self._name} {code}")
                worker.start()
        return None

    def pending(self, code: OctalCode) -> bool:
        """A worker for ``code`` is running."""
        with self._lock:
            return code in self._running

    def wait(self, code: OctalCode) -> T:
        """The result, waited for (tests, screenshots: the same picture every run)."""
        self.get(code)
        with self._lock:
            worker = self._running.get(code)
        if worker is not None:
            worker.join()
        return self._done[code]
