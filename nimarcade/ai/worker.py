"""The AI controller: computes the computer's move on a worker thread.

Pure Python (no pygame): the app hands it a ``deliver`` callback that posts the result as a pygame
event. Each request carries a token; the controller only delivers a result whose token is still
current, so an answer that arrives after a restart, an undo or a quit is dropped.
"""
from __future__ import annotations

import random
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import choose_move


@dataclass(frozen=True)
class AiResult:
    token: int
    move: Any
    elapsed: float
    error: str | None = None
    info: dict = field(default_factory=dict)


class AiController:
    """Runs at most one search at a time, each on its own daemon thread."""

    def __init__(
        self,
        deliver: Callable[[AiResult], None],
        chooser: Callable[..., Any] = choose_move,  # (state, level, rng, time_limit, *, cancel, info)
        switch_interval: float = 0.0005,
        synchronous: bool = False,
    ) -> None:
        self._deliver = deliver
        self._chooser = chooser
        self._lock = threading.Lock()
        self._token = 0
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self.progress: dict = {}
        #: Tests run the chooser inline (deterministic, no waiting); the game uses a thread.
        self.synchronous = synchronous
        # A pure-Python search holds the GIL; a short switch interval lets the render loop in.
        if switch_interval and sys.getswitchinterval() > switch_interval:
            sys.setswitchinterval(switch_interval)

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def token(self) -> int:
        return self._token

    def request(self, state: Any, level: int, rng: random.Random, time_limit: float | None = None) -> int:
        """Start thinking about ``state``; returns the request's token."""
        with self._lock:
            self._cancel.set()  # stop any older search
            self._token += 1
            token = self._token
            cancel = threading.Event()
            self._cancel = cancel
            self.progress = {}
        if self.synchronous:
            self._run(token, state, level, rng, time_limit, cancel)
            return token
        thread = threading.Thread(
            target=self._run, args=(token, state, level, rng, time_limit, cancel), daemon=True,
            name=f"nimarcade-ai-{token}",
        )
        self._thread = thread
        thread.start()
        return token

    def cancel(self) -> None:
        """Forget the current request: its result, if any, will be dropped."""
        with self._lock:
            self._token += 1
            self._cancel.set()

    def is_current(self, token: int) -> bool:
        return token == self._token

    def join(self, timeout: float | None = None) -> None:
        t = self._thread
        if t is not None:
            t.join(timeout)

    def _run(self, token, state, level, rng, time_limit, cancel: threading.Event) -> None:
        start = time.perf_counter()
        info: dict = {}
        try:
            self.progress = info
            move = self._chooser(state, level, rng, time_limit, cancel=cancel, info=info)
            result = AiResult(token, move, time.perf_counter() - start, info=dict(info))
        except Exception as exc:  # a bug in a search must not kill the game
            result = AiResult(token, None, time.perf_counter() - start, error=repr(exc))
        with self._lock:
            current = token == self._token and not cancel.is_set()
        if current:
            self._deliver(result)
