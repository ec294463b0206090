"""The AI controller: results come back tagged, stale ones are dropped, a worker process is used."""
from __future__ import annotations

import os
import random
import threading

import pytest

from nimarcade.core import registry
from nimarcade.core import worker
from nimarcade.core.worker import AiController, AiResult
from nimarcade.core.registry import choose_move
from nimarcade.games.awele.rules import AweleState
from nimarcade.games.grid.rules import GridState


def collector():
    got: list[AiResult] = []
    done = threading.Event()

    def deliver(result: AiResult) -> None:
        got.append(result)
        done.set()

    return got, done, deliver


def test_worker_process_gives_the_same_move_and_random_stream_as_inline() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=choose_move, use_process=True)
    try:
        state = GridState.new(9, 11, 6)
        rng = random.Random(42)
        token = ctl.request(state, 2, rng)
        assert done.wait(30), "no answer from the worker process"
        expected_rng = random.Random(42)
        expected = choose_move(state, 2, expected_rng)
        assert got[0].token == token and got[0].error is None
        assert got[0].move == expected
        assert rng.getstate() == expected_rng.getstate()
        assert ctl.worker_pid is not None
    finally:
        ctl.close()
    assert ctl.worker_pid is None


def test_cancel_stops_a_long_awele_search_and_drops_its_result() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=choose_move, use_process=True)
    try:
        ctl.request(AweleState.new(), 3, random.Random(1), 60.0)
        thread = ctl.thread
        ctl.cancel()
        thread.join(20)
        assert not thread.is_alive(), "the search did not stop after cancel"
        assert got == []
    finally:
        ctl.close()


def test_a_newer_request_supersedes_the_older_one() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=choose_move, use_process=True)
    try:
        first = ctl.request(AweleState.new(), 3, random.Random(1), 60.0)
        state = GridState.new(5, 5, 3)
        second = ctl.request(state, 4, random.Random(2))
        assert done.wait(30)
        ctl.join(20)
        assert [r.token for r in got] == [second] and first != second
        assert got[0].move in state.legal_moves()
    finally:
        ctl.close()


def test_a_crashing_chooser_is_reported_not_raised() -> None:
    got, done, deliver = collector()

    def broken(state, level, rng, time_limit=None, *, cancel=None, info=None):
        raise RuntimeError("boom")

    ctl = AiController(deliver, chooser=broken, synchronous=True)
    ctl.request(GridState.new(5, 5, 1), 1, random.Random(0))
    assert got and got[0].move is None and "boom" in got[0].error


def test_a_process_that_cannot_start_falls_back_to_the_thread(monkeypatch) -> None:
    from nimarcade.core import worker

    def refuse() -> None:
        raise RuntimeError("An attempt has been made to start a new process before bootstrapping")

    monkeypatch.setattr(worker.controller, "WorkerProcess", refuse)
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=choose_move, use_process=True)
    try:
        state = GridState.new(7, 7, 4)
        ctl.request(state, 4, random.Random(3))
        assert done.wait(30), "no answer after the process failed to start"
        assert got[0].error is None and got[0].move in state.legal_moves()
        assert ctl.use_process is False  # later requests do not try again
    finally:
        ctl.close()


def test_progress_set_by_update_reaches_shared_memory() -> None:
    from nimarcade.core.worker import PROGRESS_KEYS, SharedInfo

    shared = [0] * len(PROGRESS_KEYS)
    info = SharedInfo(shared)
    info.update(depth=11, score=-250, nodes=12345, pv=[3, 8])
    info["nodes"] = 20000
    assert shared == [11, -250, 20000]
    assert info["pv"] == [3, 8]


def stubborn(state, level, rng, time_limit=None, *, cancel=None, info=None):
    """A search that never looks at ``cancel`` (like the exact matches solver on a long row)."""
    import time

    end = time.perf_counter() + 120
    while time.perf_counter() < end:
        pass
    return state.legal_moves()[0]


def test_a_search_that_ignores_cancel_is_stopped_with_its_process() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=stubborn, use_process=True)
    try:
        ctl.request(GridState.new(5, 5, 1), 1, random.Random(0))
        first = ctl.thread
        ctl.cancel()
        first.join(30)
        assert not first.is_alive(), "the controller still waits for the stubborn search"
        assert got == []
        ctl.chooser = choose_move  # the next request gets a fresh process and an answer
        state = GridState.new(6, 6, 2)
        ctl.request(state, 4, random.Random(1))
        assert done.wait(30)
        assert got[0].move in state.legal_moves()
    finally:
        ctl.close()


# -- what an engine's scene needs: progress, play-now, pondering, analysis, the warm-up's state ---
def test_the_whole_progress_goes_through_shared_memory() -> None:
    from nimarcade.core.worker import SHARED_SIZE, SharedInfo, read_progress

    shared = [0] * SHARED_SIZE
    info = SharedInfo(shared)
    info.update(depth=17, score=-150, nodes=4_000_000, move=4, pv=[4, 9, 1], scores={4: -150, 2: -700})
    got = read_progress(shared, elapsed=2.0)
    assert got == {"depth": 17, "score": -150, "nodes": 4_000_000, "move": 4, "pv": [4, 9, 1],
                   "scores": {4: -150, 2: -700}, "elapsed": 2.0, "nps": 2_000_000.0}
    info["book"] = True
    info["pv"] = list(range(40))  # a long line is cut, never overflows
    got = read_progress(shared)
    assert got["book"] and got["pv"] == list(range(32))


def patient(state, level, rng, time_limit=None, *, cancel=None, info=None):
    """A search that thinks until it is stopped, then plays its best move so far."""
    info["depth"] = 3
    cancel.wait()
    return state.legal_moves()[-1]


def test_play_now_delivers_the_best_move_so_far_and_cancel_still_drops_it() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=patient, use_process=False)
    state = AweleState.new()
    token = ctl.request(state, 3, random.Random(0), 600.0)
    assert ctl.play_now()
    assert done.wait(30)
    assert got[0].token == token and got[0].move == state.legal_moves()[-1] and got[0].info["depth"] == 3
    ctl.request(state, 3, random.Random(0), 600.0)
    thread = ctl.thread
    ctl.cancel()
    thread.join(30)
    assert not thread.is_alive() and len(got) == 1
    assert not ctl.play_now()  # nothing left to hurry


def test_play_now_stops_a_long_search_in_the_worker_process() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=choose_move, use_process=True)
    try:
        state = AweleState.from_board((3, 0, 7, 1, 5, 2, 0, 4, 6, 2, 1, 9), (4, 4), 0)
        ctl.request(state, 4, random.Random(1), 600.0)
        assert ctl.play_now()
        assert done.wait(30), "play-now did not deliver"
        assert got[0].error is None and got[0].move in state.legal_moves()
    finally:
        ctl.close()


def test_pondering_is_never_delivered_and_stops_when_the_computer_must_move() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=choose_move, use_process=True)
    try:
        state = AweleState.new()
        ponder = registry.get("awele").engine.ponder
        assert ctl.ponder(state.play(3).play(7).play(2), 3, ponder) is not None
        assert ctl.ponder(AweleState.from_board((0,) * 12, (24, 24), 0), 3, ponder) is None  # a finished game
        token = ctl.ponder(state, 3, ponder)
        assert token is not None and ctl.pondering == token
        ponder_thread = ctl.thread
        assert not ctl.play_now()  # a ponder search has no move to play
        after = state.play(3)
        second = ctl.request(after, 3, random.Random(4), 0.2)
        ponder_thread.join(30)
        assert not ponder_thread.is_alive(), "the ponder search did not stop"
        assert done.wait(30)
        assert [r.token for r in got] == [second] and got[0].move in after.legal_moves()
        assert ctl.pondering is None
        inline = AiController(deliver, chooser=choose_move, synchronous=True)
        assert inline.ponder(state, 3, ponder) is None  # no worker process: no pondering
    finally:
        ctl.close()


def test_analysis_scores_every_move_in_the_worker() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=choose_move, use_process=True)
    try:
        state = AweleState.from_board((1, 1, 0, 3, 2, 4, 1, 2, 2, 2, 1, 5), (15, 9), 1)
        ctl.analyse(state, 3, 0.3, registry.get("awele").engine.analyse)
        assert done.wait(30)
        scores = got[0].info["scores"]
        assert sorted(scores) == state.legal_moves()
        assert scores[got[0].move] == max(scores.values())
    finally:
        ctl.close()


def test_analysis_values_are_the_exact_minimax_scores_of_each_move() -> None:
    from nimarcade.games.awele.engine import player as awele_player
    from nimarcade.games.awele.engine.engine import Engine

    state = AweleState.from_board((1, 1, 0, 3, 2, 4, 1, 2, 2, 2, 1, 5), (15, 9), 1)
    result = awele_player.analyse(state, 4, None, max_depth=4)
    reference = Engine(awele_player.LEVELS[4].evaluation, exact=True).search(state, max_depth=4, all_scores=True)
    assert result.scores == reference.scores and len(result.scores) == len(state.legal_moves())


def test_the_worker_reports_what_its_warm_up_tasks_say() -> None:
    """The Awélé spec's warm-up loads the compiled core in the worker process; its state comes
    back through shared memory."""
    from nimarcade.games.awele.engine import core as awele_core

    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=choose_move, use_process=True)
    warm_up = registry.get("awele").engine.warm_up
    try:
        assert ctl.warm_state(warm_up) is None  # no worker yet: this process knows its own
        ctl.warm_up([warm_up])
        assert ctl.worker_pid is not None
        state = AweleState.new()
        ctl.request(state, 3, random.Random(2), 0.05)
        assert done.wait(30)
        reported = ctl.warm_state(warm_up)
        assert reported in ("warming", "ready", "missing", "disabled", "failed")
        status = awele_core.describe(reported)
        assert status.reason and status.active == (reported == "ready")
    finally:
        ctl.close()


def test_a_warm_up_task_that_fails_is_reported_as_failed() -> None:
    from nimarcade.core.worker import SHARED_SIZE, WARM0, WARM_STATES, start_warm_ups

    shared = [0] * SHARED_SIZE
    start_warm_ups(shared, [broken_warm_up, lambda publish: publish("ready")])
    assert [WARM_STATES[shared[WARM0]], WARM_STATES[shared[WARM0 + 1]]] == ["failed", "ready"]


def broken_warm_up(publish) -> None:
    raise RuntimeError("no compiler here")


def test_the_worker_dies_with_the_game_however_the_game_ends(tmp_path) -> None:
    """A game process killed outright (SIGKILL: no cleanup at all) while its worker searches:
    the worker ends too, at once, instead of finishing its 30-second search."""
    import os
    import select
    import signal
    import subprocess
    import sys
    import textwrap

    script = tmp_path / "game.py"
    script.write_text(textwrap.dedent("""
        import random, sys, threading
        from nimarcade.core.worker import AiController
        from nimarcade.core.registry import choose_move
        from nimarcade.games.awele.rules import AweleState
        if __name__ == "__main__":
            started = threading.Event()
            ctl = AiController(lambda result: None, chooser=choose_move)
            state, rng = AweleState.new(4), random.Random(3)
            for _ in range(14):                                          # out of the opening book
                state = state.play(rng.choice(state.legal_moves()))
            ctl.request(state, 4, random.Random(1), 30.0)                # a long search
            while ctl.worker_pid is None:
                started.wait(0.01)
            print(ctl.worker_pid, flush=True)
            sys.stdin.read()                                             # until killed
    """), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    game = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stdin=subprocess.PIPE,
                            text=True, env=env)
    worker_pid = int(game.stdout.readline())
    watch = os.pidfd_open(worker_pid)           # becomes readable when the worker ends
    try:
        game.send_signal(signal.SIGKILL)
        game.wait()
        ended, _, _ = select.select([watch], [], [], 10.0)
        assert ended, "the worker outlived the game"
    finally:
        os.close(watch)


def niceness(state, level, rng, time_limit=None, *, cancel=None, info=None) -> int:
    """A chooser that answers how nice the process it runs in is."""
    return os.nice(0)


def test_the_worker_process_yields_the_cpu_to_the_window(monkeypatch) -> None:
    """A search runs below the window's priority, so that a frame comes first when both want the
    same core (Unix; on other systems the worker runs at the window's priority)."""
    if not hasattr(os, "nice"):
        pytest.skip("no process priorities here")
    monkeypatch.delenv("NIMARCADE_WORKER_NICE", raising=False)
    got, done, deliver = collector()
    ctl = AiController(deliver, chooser=niceness, use_process=True)
    try:
        ctl.request(GridState.new(5, 5, 1), 1, random.Random(0))
        assert done.wait(30), "no answer from the worker process"
        assert got[0].error is None
        assert got[0].move == min(19, os.nice(0) + worker.WORKER_NICENESS)
    finally:
        ctl.close()


def test_the_worker_is_lowered_from_its_start(monkeypatch) -> None:
    """The window lowers the worker's priority the moment it starts (the computer's
    first move no longer takes the window's frames while the worker loads its modules)."""
    if not hasattr(os, "setpriority"):
        pytest.skip("no process priorities here")
    monkeypatch.delenv("NIMARCADE_WORKER_NICE", raising=False)
    proc = worker.WorkerProcess()
    try:
        expected = min(19, os.getpriority(os.PRIO_PROCESS, 0) + worker.WORKER_NICENESS)
        assert os.getpriority(os.PRIO_PROCESS, proc.proc.pid) == expected
    finally:
        proc.close()
