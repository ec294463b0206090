"""The arena's sides: a program from its command line (our engine over the protocol), and the
frozen Awélé engines it measures changes against."""
from __future__ import annotations

import random
import sys

import pytest

from nimarcade import arena
from nimarcade.rules.awele import AweleState


def test_a_command_line_program_plays_a_side_with_its_options(capsys) -> None:
    engine = f"{sys.executable} -m nimarcade.engine"
    assert arena.main(["sticks", "--a", "1", "--engine-b", engine, "--opt-b", "Level=4", "--games", "2",
                       "--time-b", "0.5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "B = nimarcade.engine/0.5s/Level=4" in out and out.count("game ") == 2
    assert "+0 =0 -2" in out   # level 4 over the protocol never misses a win, level 1 mostly does


def test_a_command_is_named_after_its_program() -> None:
    assert arena.command_source("python -m nimarcade.engine").name == "nimarcade.engine"
    assert arena.command_source("/opt/engines/aalina --service").name == "aalina"
    source = arena.command_source("python3 my_player.py --fast")
    assert source.name == "my_player" and source.command == ("python3", "my_player.py", "--fast")
    assert source.limits.cpu is None and source.limits.memory is None


def test_the_frozen_compiled_engine_plays_a_legal_move(monkeypatch) -> None:
    monkeypatch.setenv("NIMARCADE_NO_JIT", "1")   # its pure-Python path: no second compilation here
    module = arena.load_player_file(str(arena.BASELINE_CORE))
    chooser = module.arena_player(3, {"depth": "3"})
    state = AweleState.new(4, "capture_nothing")
    assert chooser(state, 3, random.Random(0)) in state.legal_moves()


@pytest.mark.parametrize("options, said", [
    (["--opt-a", "lmr=9"], "lmr=0..4"),
    (["--eval-a", "nonsense"], "unknown evaluation 'nonsense'"),
    (["--eval-a", "learned:no-such-file.json"], "No such file or directory"),
    (["--opt-b", "colour=blue"], "engine options are"),
])
def test_a_bad_engine_option_is_said_before_the_first_game(capsys, options, said) -> None:
    """Not a traceback in the middle of the first game: the usage error, with what was wrong."""
    with pytest.raises(SystemExit) as stop:
        arena.main(["awele", "--a", "3", "--b", "3", "--games", "2", *options])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert said in captured.err and "Traceback" not in captured.err
    assert "game " not in captured.out   # no game was started
