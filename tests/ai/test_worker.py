"""The AI controller: results come back tagged, stale ones are dropped, a worker process is used."""
from __future__ import annotations

import random
import threading

from nimarcade.ai import choose_move
from nimarcade.ai.worker import AiController, AiResult
from nimarcade.rules.awele import AweleState
from nimarcade.rules.grid import GridState


def collector():
    got: list[AiResult] = []
    done = threading.Event()

    def deliver(result: AiResult) -> None:
        got.append(result)
        done.set()

    return got, done, deliver


def test_worker_process_gives_the_same_move_and_random_stream_as_inline() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, use_process=True)
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
        assert ctl._process is not None and ctl._process.alive()
    finally:
        ctl.close()
    assert ctl._process is None


def test_cancel_stops_a_long_awele_search_and_drops_its_result() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, use_process=True)
    try:
        ctl.request(AweleState.new(), 3, random.Random(1), 60.0)
        thread = ctl._thread
        ctl.cancel()
        thread.join(20)
        assert not thread.is_alive(), "the search did not stop after cancel"
        assert got == []
    finally:
        ctl.close()


def test_a_newer_request_supersedes_the_older_one() -> None:
    got, done, deliver = collector()
    ctl = AiController(deliver, use_process=True)
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
    from nimarcade.ai import worker

    def refuse() -> None:
        raise RuntimeError("An attempt has been made to start a new process before bootstrapping")

    monkeypatch.setattr(worker, "_Process", refuse)
    got, done, deliver = collector()
    ctl = AiController(deliver, use_process=True)
    try:
        state = GridState.new(7, 7, 4)
        ctl.request(state, 4, random.Random(3))
        assert done.wait(30), "no answer after the process failed to start"
        assert got[0].error is None and got[0].move in state.legal_moves()
        assert ctl.use_process is False  # later requests do not try again
    finally:
        ctl.close()


def test_progress_set_by_update_reaches_shared_memory() -> None:
    from nimarcade.ai.worker import PROGRESS_KEYS, _SharedInfo

    shared = [0] * len(PROGRESS_KEYS)
    info = _SharedInfo(shared)
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
        first = ctl._thread
        ctl.cancel()
        first.join(30)
        assert not first.is_alive(), "the controller still waits for the stubborn search"
        assert got == []
        ctl._chooser = choose_move  # the next request gets a fresh process and an answer
        state = GridState.new(6, 6, 2)
        ctl.request(state, 4, random.Random(1))
        assert done.wait(30)
        assert got[0].move in state.legal_moves()
    finally:
        ctl.close()
