"""The window first, always: its first frame never waits for a compiler.

The window is opened as a player opens it (not ``headless``: that path starts no worker), on SDL's
dummy driver. The computer's worker process is replaced by one that runs the games' warm-ups in
this very process, on their own threads, and the compiled Awélé core's compile is replaced by one
that never ends (until the test lets it go): the app still draws its first frame and the next
ones, the compile runs on a thread of its own (never on the window's), and the Awélé board says
that its engine is being prepared while the computer plays on.
"""
from __future__ import annotations

import threading

import pytest

from nimarcade.core import worker as worker_mod
from nimarcade.core import levels
from nimarcade.core.match import MatchConfig
from nimarcade.games.awele.engine import core as awele_core
from nimarcade.i18n import tr
from nimarcade.window.app import FIRST_FRAME_ENV, App


class Compiler:
    """A compile that never finishes until :meth:`release`; it records the thread it ran on."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.released = threading.Event()
        self.threads: list[threading.Thread] = []

    def __call__(self):
        self.threads.append(threading.current_thread())
        self.entered.set()
        self.released.wait()
        raise awele_core._Unavailable("disabled", "the test's compile was let go")

    def release(self) -> None:
        self.released.set()


class InProcessWorker:
    """:class:`nimarcade.core.worker.WorkerProcess` without a process: the warm-ups run here, the way
    ``_serve`` starts them, and publish into a plain list."""

    started: list["InProcessWorker"] = []

    def __init__(self, warm_ups=()) -> None:
        self.shared = [0] * worker_mod.SHARED_SIZE
        self.cancel = threading.Event()
        self.proc = type("Proc", (), {"pid": 4242})()
        InProcessWorker.started.append(self)
        worker_mod.start_warm_ups(self.shared, tuple(warm_ups))

    def alive(self) -> bool:
        return True

    def close(self) -> None:
        pass

    kill = close


@pytest.fixture
def compiler(monkeypatch):
    """The Awélé core compiles with :class:`Compiler`, from a state nothing has loaded yet; the
    compile is let go and its thread joined before the module's state is put back."""
    fake = Compiler()
    monkeypatch.delenv(awele_core.DISABLE_ENV, raising=False)
    monkeypatch.setattr(awele_core, "_compile", fake)
    monkeypatch.setattr(awele_core, "_state", "not loaded")
    monkeypatch.setattr(awele_core, "_reason", "")
    monkeypatch.setattr(awele_core, "_kernel", None)
    monkeypatch.setattr(awele_core, "_warm_thread", None)
    monkeypatch.setattr(worker_mod.controller, "WorkerProcess", InProcessWorker)
    InProcessWorker.started = []
    yield fake
    fake.release()
    settle()


def settle() -> None:
    """The compile's thread, and the warm-up's thread that publishes its end, joined."""
    for thread in threading.enumerate():
        if thread.name in ("nimarcade-awele-jit", "nimarcade-core-state"):
            thread.join()


@pytest.fixture
def window(monkeypatch, tmp_path):
    """A windowed app (dummy video driver), its first-frame marker in ``tmp_path``."""
    monkeypatch.setenv(FIRST_FRAME_ENV, str(tmp_path / "first-frame"))
    app = App(headless=False, seed=3, lang="fr")
    app.sounds.enabled = False
    yield app
    app.shutdown()


def test_the_first_frame_comes_before_any_compile(compiler, window, tmp_path):
    app = window
    app.start()
    assert InProcessWorker.started == []            # nothing starts before the first frame
    assert awele_core.current_state() == "not loaded"
    app.step()
    assert app.first_frame_shown and app.frame == 1
    assert (tmp_path / "first-frame").read_text(encoding="utf-8").startswith("first-frame ")
    # the computer's worker starts right after it, with the games' warm-ups
    assert len(InProcessWorker.started) == 1
    assert compiler.entered.wait(30)                # the compile is under way (and never ends)
    assert threading.main_thread() not in compiler.threads
    for _ in range(5):                              # the window goes on drawing meanwhile
        app.step()
    assert app.frame == 6
    assert app.ai.warm_state(awele_core.warm_up) == "warming"


def test_awele_says_its_engine_is_being_prepared_and_the_computer_plays(compiler, window):
    app = window
    app.start()
    app.step()
    assert compiler.entered.wait(30)
    app.ai.synchronous = True                       # the computer's move, here and now
    from dataclasses import replace

    config = replace(MatchConfig.from_level(levels.find_level("awele", None), opponent=3), first="computer")
    scene = app.start_game(config)
    for _ in range(3):
        app.step()
    assert app.manager.top is scene
    note = tr("awele.engine_preparing")
    assert scene.engine_preparing()
    lines = [text for text, _, _ in scene.below_lines()]
    assert note in lines
    # the hint's and the analysis's workers wait for the cache the computer's worker fills
    assert not scene.workers_started and app.hint_ai.worker_pid is None
    # level 3 played its move in pure Python while the core was still compiling
    for _ in range(600):                            # the computer's pause, its move, the sowing
        if scene.match.move_count:
            break
        app.step()
    assert scene.match.move_count == 1
    assert awele_core.current_state() == "warming"
    compiler.release()
    settle()
    app.step()
    assert not scene.engine_preparing()
    assert note not in [text for text, _, _ in scene.below_lines()]
    assert scene.workers_started and app.hint_ai.worker_pid == 4242


def test_starting_the_worker_never_waits_for_a_search_under_way(monkeypatch):
    """A game opened before the first frame (``--game awele``) may have asked its worker already
    (pondering on the person's turn): the worker's start after the first frame must not wait for
    that search, which holds the worker until the next request (it froze the window)."""
    monkeypatch.setattr(worker_mod.controller, "WorkerProcess", InProcessWorker)
    InProcessWorker.started = []
    release = threading.Event()
    searching = threading.Event()

    def pondering(state, level, rng, time_limit=None, *, cancel=None, info=None):   # a closure: in a thread
        searching.set()
        release.wait()
        return None

    ai = worker_mod.AiController(lambda result: None)
    try:
        ai.request("position", 3, None, chooser=pondering, deliver=False)
        assert searching.wait(30)
        done = threading.Event()
        starter = threading.Thread(target=lambda: (ai.warm_up([lambda publish: None]), done.set()), daemon=True)
        starter.start()
        starter.join(30)
        assert done.is_set()                        # returned while the search still runs
        assert ai.busy and InProcessWorker.started == []
        assert len(ai.warm_ups) == 1                # named for the process the next request starts
    finally:
        release.set()
        ai.join()
        ai.close()


def test_pondering_waits_for_the_core_being_prepared(compiler, monkeypatch):
    """Pondering in pure Python would hold the interpreter the compiler needs: while the core is
    being prepared, the ponder search first waits for it (until its cancel), then searches."""
    from nimarcade.games.awele.engine import player as awele_player
    from nimarcade.games.awele.rules import AweleState

    order = []
    real_wait = awele_core.wait_ready

    def wait_ready(timeout, cancel=None):
        order.append(("wait", awele_core.current_state()))
        compiler.release()                          # the core's preparation ends meanwhile
        return real_wait(timeout, cancel)

    monkeypatch.setattr(awele_core, "wait_ready", wait_ready)
    monkeypatch.setattr(awele_player, "_PLAYERS", {})
    awele_core.start_warming()
    assert compiler.entered.wait(30)
    player = awele_player.player(3)
    real_search = player.engine.search
    monkeypatch.setattr(player.engine, "search", lambda *a, **k: (order.append(("search", awele_core.current_state())),
                                                                  real_search(*a, **k))[1])
    move = awele_player.ponder_move(AweleState.new(), 3, None, 0.05)
    assert move in AweleState.new().legal_moves()
    assert order[0] == ("wait", "warming")
    assert order[-1] == ("search", "disabled")      # searched once the preparation had ended
