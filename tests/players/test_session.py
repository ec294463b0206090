"""The dialog with a player's program, on a scripted transport (no process: each test takes
milliseconds): the handshake and the options, the move and its history, ``info``, a stale second
``bestmove``, and every way a program fails it (garbage, no move, not a move, an illegal move, a
crash with an exit code, silence, a hang, a closed output, a line too long, a program that is not
there). The box, the limits and the real timing are tests/players/test_programs.py's."""
from __future__ import annotations

import errno
import queue
import random
from collections import deque

import pytest

from nimarcade.core import levels
from nimarcade.core import registry
from nimarcade.core.computer import Forfeit
from nimarcade.i18n import tr
from nimarcade.players import sandbox
from nimarcade.players.host import USES_SOLVER
from nimarcade.players.program import ProgramSource, forfeit_reason, forfeit_text
from nimarcade.players.sandbox import Limits
from nimarcade.players.server import Engine
from nimarcade.players.session import Session
from nimarcade.players.transport import HANG, TOO_LONG, Exit, MockTransport

STICKS = {"sticks": 13, "max_take": 3, "last_loses": True}
SPEC = registry.get("sticks")
TRACEBACK = ("Traceback (most recent call last):", '  File "mine.py", line 2, in choose_move',
             "    return 1 / 0", "ZeroDivisionError: division by zero")


def handshake(mock: MockTransport, *announced: str, set_: tuple[str, ...] = ()) -> MockTransport:
    """``uci`` answered with ``announced`` lines, the options set, then ready for a new game."""
    mock.expect("uci", "id name Mock 1.0", *announced, "uciok")
    for line in set_:
        mock.expect(line)
    return mock.expect("isready", "readyok").expect("ucinewgame").expect("isready", "readyok")


def session(mock: MockTransport, python: bool = False, move_time: float = 2.0, start_timeout: float | None = None,
            grace: float | None = None, stop_grace: float | None = None) -> Session:
    source = ProgramSource("mock", ("mock-engine",), python_file="mock.py" if python else None,
                           limits=Limits(cpu=7, memory=64, tasks=5))
    return Session(mock, source, SPEC, STICKS, move_time, start_timeout=start_timeout, grace=grace, stop_grace=stop_grace)


def forfeit_of(player: Session, moves: tuple[int, ...] = ()) -> Forfeit:
    state = SPEC.new_state(STICKS)
    for move in moves:
        state = state.play(move)
    with pytest.raises(Forfeit) as caught:
        player(state, 0, random.Random(1), moves=moves)
    assert player.closed
    return caught.value


def test_the_handshake_sets_the_options_announced_and_a_move_carries_its_history() -> None:
    mock = handshake(MockTransport(), "option name Game type combo default sticks var sticks",
                     "option name Sticks type spin default 20 min 1 max 60", "option name Level type spin default 1 min 1 max 4",
                     "option name Hash type spin default 16 min 1 max 64",
                     set_=("setoption name Game value sticks", "setoption name Sticks value 13",
                           "setoption name Level value 3"))
    mock.expect("position startpos").expect("go movetime 2000", "info depth 3 score cp 20 pv 2", "bestmove 2")
    mock.expect("isready", "readyok")          # the next move starts by dropping a stale answer
    mock.expect("position startpos moves 2 1").expect("go movetime 500", "bestmove 3")
    mock.expect("ucinewgame").expect("isready", "bestmove 1", "readyok")     # a new game: a late answer dropped
    player = Session(mock, ProgramSource("mock", ("mock-engine",)), SPEC, STICKS, 2.0, {"Level": "3"})
    state = SPEC.new_state(STICKS)
    info: dict = {}
    assert player(state, 0, random.Random(1), info=info) == 2
    assert info["depth"] == 3 and info["program"] == "mock" and player.engine_name == "Mock 1.0"
    assert set(player.options) == {"Game", "Sticks", "Level", "Hash"}
    state = state.play(2).play(1)
    assert player(state, 0, random.Random(1), 0.5, moves=(2, 1)) == 3
    assert len(player.times) == 2
    player.new_game()                           # the judge's next position
    mock.assert_done()
    player.close()
    assert mock.sent[-1] == "quit" and player.closed


def test_a_second_bestmove_for_one_go_is_never_taken_as_the_next_turns_answer() -> None:
    mock = handshake(MockTransport())
    mock.expect("position startpos").expect("go movetime 2000", "bestmove 1", "bestmove 3")
    mock.expect("isready", "info string late", "readyok")      # « bestmove 3 » is read and dropped here
    mock.expect("position startpos moves 1 1").expect("go movetime 2000", "bestmove 2")
    player = session(mock)
    state = SPEC.new_state(STICKS)
    assert player(state, 0, random.Random(1)) == 1
    assert player(state.play(1).play(1), 0, random.Random(1), moves=(1, 1)) == 2
    mock.assert_done()


def test_a_banner_is_allowed_before_uciok_but_not_a_long_one_nor_a_broken_option() -> None:
    banner = [f"Welcome {i}" for i in range(40)]
    mock = handshake(MockTransport().write(*banner[:20]), *banner[20:])
    mock.expect("position startpos").expect("go movetime 2000", "bestmove 1")
    assert session(mock)(SPEC.new_state(STICKS), 0, random.Random(1)) == 1
    lost = forfeit_of(session(MockTransport().expect("uci", *banner, "one too many", "uciok")))
    assert lost.key == "forfeit.garbage" and lost.params["line"] == "one too many"
    lost = forfeit_of(session(MockTransport().expect("uci", "option type spin name", "uciok")))
    assert lost.key == "forfeit.garbage" and lost.params["line"] == "option type spin name"


@pytest.mark.parametrize(("answers", "key", "params"), [
    (("hello teacher",), "forfeit.garbage", {"line": "hello teacher"}),
    (("bestmove \x1b[31mtwo",), "forfeit.not_a_move", {"move": "\\x1b[31mtwo"}),
    (("bestmove 7",), "forfeit.illegal", {"move": "7"}),
    (("bestmove",), "forfeit.no_move", {}),
    (("info depth 1", TOO_LONG), "forfeit.line_too_long", {"kb": 64}),
])
def test_what_a_program_answers_to_go_may_forfeit(answers, key, params) -> None:
    mock = handshake(MockTransport()).expect("position startpos").expect("go movetime 2000", *answers)
    lost = forfeit_of(session(mock))
    assert lost.key == key and lost.params["name"] == "mock" and params.items() <= lost.params.items()
    assert tr(lost.key, **lost.params)


def test_a_program_that_dies_in_the_middle_of_a_game_forfeits_with_its_exit_code() -> None:
    mock = handshake(MockTransport()).expect("position startpos").expect("go movetime 2000", "bestmove 1")
    mock.expect("isready", "readyok").expect("position startpos moves 1 1").expect("go movetime 2000", Exit(9))
    player = session(mock)
    state = SPEC.new_state(STICKS)
    assert player(state, 0, random.Random(1)) == 1
    lost = forfeit_of(player, moves=(1, 1))
    assert lost.key == "forfeit.exited" and lost.params["code"] == 9
    # dead before its handshake's end: the next line sent finds its input closed
    mock = MockTransport().expect("uci", "uciok").expect("isready", Exit(sandbox.CPU_EXIT))
    assert forfeit_of(session(mock)).key == "forfeit.cpu"


@pytest.mark.parametrize(("code", "python", "key", "params"), [
    (sandbox.CPU_EXIT, False, "forfeit.cpu", {"s": 7}),
    (sandbox.MEMORY_EXIT, False, "forfeit.memory", {"mb": 64}),
    (sandbox.TASKS_EXIT, False, "forfeit.tasks", {"n": 5}),
    (137, False, "forfeit.signal", {"code": 9}),
    (127, False, "forfeit.not_run", {"code": 127}),
    (4, False, "forfeit.exited", {"code": 4}),             # not a Python player: its code, no meaning
    (3, True, "forfeit.python_no_player", {"code": 3, "exception": "ZeroDivisionError: division by zero"}),
    (4, True, "forfeit.python_error", {"code": 4, "exception": "ZeroDivisionError: division by zero"}),
    (5, True, "forfeit.python_not_a_move", {"code": 5}),
    (6, True, "forfeit.python_closed", {"code": 6}),
    (USES_SOLVER, True, "forfeit.uses_solver", {"code": USES_SOLVER, "module": "nimarcade.games.sticks.solver"}),
])
def test_how_a_program_ended_says_why_it_forfeits(code, python, key, params) -> None:
    mock = handshake(MockTransport()).expect("position startpos")
    mock.expect("go movetime 2000", "info string thinking", Exit(code, TRACEBACK))
    mock.refused.append("nimarcade.games.sticks.solver")
    lost = forfeit_of(session(mock, python=python))
    assert lost.key == key and lost.params == {"name": "mock", **params}
    assert lost.details == TRACEBACK                    # its error output, for the forfeit message
    text = forfeit_text(lost)
    assert text[0] == forfeit_reason(lost) and text[1] == tr("forfeit.its_output", name="mock")
    assert ("exception" in params) == text[0].endswith(": ZeroDivisionError: division by zero")


def test_silence_at_the_handshake_forfeits_after_the_start_timeout() -> None:
    lost = forfeit_of(session(MockTransport().expect("uci", "id name slow", HANG), start_timeout=0.05))
    assert lost.key == "forfeit.silent" and lost.params["reply"] == "uciok"
    mock = MockTransport().expect("uci", "uciok").expect("isready", "info string loading", HANG)
    lost = forfeit_of(session(mock, start_timeout=0.05))
    assert lost.key == "forfeit.silent" and lost.params["reply"] == "readyok"


@pytest.mark.parametrize(("holds", "key"), [(True, "forfeit.too_slow"), (None, "forfeit.too_slow"),
                                            (False, "forfeit.closed")])
def test_a_hang_is_stopped_then_forfeits_too_slow_unless_its_output_is_closed(holds, key) -> None:
    mock = handshake(MockTransport(holds_output=holds)).expect("position startpos")
    mock.expect("go movetime 50", "info depth 1", HANG).expect("stop", HANG)
    lost = forfeit_of(session(mock, move_time=0.05, grace=0.01, stop_grace=0.02))
    assert lost.key == key and (key != "forfeit.too_slow" or lost.params["s"] == 0.05)
    mock.assert_done()                                  # « stop » was sent before it forfeited


def test_a_cancelled_move_is_stopped_and_its_answer_still_taken() -> None:
    import threading

    cancel = threading.Event()
    cancel.set()
    mock = handshake(MockTransport()).expect("position startpos")
    mock.expect("go movetime 5000", HANG).expect("stop", "bestmove 2")
    assert session(mock, move_time=5.0)(SPEC.new_state(STICKS), 0, random.Random(1), cancel=cancel) == 2
    mock.assert_done()


def test_a_program_that_is_not_there_or_closed_forfeits_at_once() -> None:
    player = session(MockTransport(start_error=FileNotFoundError(errno.ENOENT, "No such file or directory")))
    lost = forfeit_of(player)
    assert lost.key == "forfeit.no_start" and lost.params["command"] == "mock-engine"
    assert "mock" in tr(lost.key, **lost.params)
    assert forfeit_of(player).key == "forfeit.closed"           # closed: never started again


# -- our engine, in this process -------------------------------------------------------------------
class EngineTransport:
    """Our engine (:class:`~nimarcade.players.server.Engine`) behind the transport, in this
    process: the dialog with a real engine, without starting one."""

    def __init__(self) -> None:
        self.errors: deque[str] = deque()
        self.refused: list[str] = []
        self.replies: queue.Queue[str | None] = queue.Queue()
        self.engine: Engine | None = None
        self.code: int | None = None

    @property
    def started(self) -> bool:
        return self.engine is not None

    def start(self) -> None:
        self.engine = Engine(self, random.Random(1))      # type: ignore[arg-type]  # write and flush: its output

    def write(self, text: str) -> None:
        for line in text.splitlines():
            self.replies.put(line)

    def flush(self) -> None:
        pass

    def send(self, line: str) -> None:
        assert self.engine is not None
        if self.code is not None:
            raise BrokenPipeError
        if not self.engine.handle(line):
            self.code = 0
            self.replies.put(None)

    def read_line(self, timeout: float) -> str | None:
        return self.replies.get(timeout=timeout)

    def exit_code(self, timeout: float = 0.0) -> int | None:
        return self.code

    def drain(self) -> None:
        pass

    def output_held(self) -> bool | None:
        return None

    def close(self, wait: bool = True) -> None:
        if self.engine is not None:
            self.engine.stop()


def test_our_own_engine_plays_through_the_session_in_every_game() -> None:
    """Our engine speaks the dialog like any program: the session sets the game and its
    parameters, and gets legal moves back with info lines (the same engine in its own process:
    tests/players/test_programs.py)."""
    source = ProgramSource("ours", ("nimarcade-engine",))
    for spec in registry.specs():
        level = levels.load(spec.id)[0]
        player = Session(EngineTransport(), source, spec, dict(level.params), 0.1)
        try:
            state = spec.new_state(level.params)
            info: dict = {}
            move = player(state, 0, random.Random(1), info=info)
            assert move in state.legal_moves(), spec.id
            assert player.options.keys() >= {"Game", "Level"} and info.get("depth") is not None, spec.id
        finally:
            player.close()
