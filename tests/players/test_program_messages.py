"""What a player's program is told when it goes wrong (« wrong or unclear messages »):
a ``choose_move`` that returns a text, a loop at import, a program that closes its output and
keeps running, a Python player that closes the host's streams (a second ``bestmove`` for one
``go``: tests/players/test_session.py, on a scripted transport); our engine's answers to every
``go`` and its errors; engines.toml's problems, named with the file's path and the entry's name.
Each in both languages, with real programs run in their box."""
from __future__ import annotations

import io
import os
import random
import sys
import textwrap
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core.computer import Forfeit
from nimarcade.i18n import tr
from nimarcade.players import catalog, program as program_mod
from nimarcade.players.program import ProgramPlayer, ProgramSource, forfeit_text, python_source
from nimarcade.players.server import Engine

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

STICKS = {"sticks": 13, "max_take": 3, "last_loses": True}


@pytest.fixture(params=i18n.LANGUAGES)
def lang(request):
    before = i18n.language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


def write(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def forfeit_of(player: ProgramPlayer, moves=()) -> Forfeit:
    spec = registry.get("sticks")
    state = spec.new_state(STICKS)
    for move in moves:
        state = state.play(move)
    with pytest.raises(Forfeit) as caught:
        player(state, 0, random.Random(1), moves=moves)
    return caught.value


def raw_program(path: Path) -> ProgramPlayer:
    """A program that is not a Python player (run by Python, but speaking the protocol itself)."""
    source = ProgramSource(path.stem, (sys.executable, str(path)), share=(str(path),))
    player = ProgramPlayer(source, registry.get("sticks"), STICKS, 0.3)
    player.grace, player.stop_grace = 0.1, 0.3      # the real waits: test_programs.py's hang test
    return player


def test_a_choose_move_that_returns_a_text_is_told_its_type_and_what_is_expected(tmp_path, lang) -> None:
    path = write(tmp_path, "texty.py", "def choose_move(state):\n    return '1:1'\n")
    lost = forfeit_of(ProgramPlayer(python_source(path), registry.get("sticks"), STICKS, 5.0))
    assert lost.key == "forfeit.python_not_a_move"
    said = "\n".join(forfeit_text(lost))
    assert tr("players.not_a_move", type="str", value="'1:1'", example="1") in said
    assert "str" in said and "state.legal_moves()" in said and "bestmove" not in said


def test_a_loop_at_import_shows_where_it_loops(tmp_path, monkeypatch) -> None:
    """In the default language only: the judge's test (tests/judge/test_judge_messages.py) reads
    the same lines in each language."""
    monkeypatch.setattr(program_mod, "START_TIMEOUT", 3.0)     # the host dumps at half of it
    path = write(tmp_path, "spinner.py", """
        import time

        def spin():
            while True:
                time.sleep(0.02)

        spin()

        def choose_move(state):
            return 1
    """)
    lost = forfeit_of(ProgramPlayer(python_source(path), registry.get("sticks"), STICKS, 5.0))
    assert lost.key == "forfeit.silent" and lost.params["reply"] == "uciok"
    details = "\n".join(lost.details)
    assert tr("players.still_loading") in details
    assert 'File "spinner.py", line 8, in <module>' in details and "in spin" in details


def test_a_program_that_closes_its_output_and_keeps_running_is_said_to_have_closed_it(tmp_path) -> None:
    path = write(tmp_path, "closer.py", """
        import os, sys, time
        for line in sys.stdin:
            word = line.split()[:1]
            if word == ["uci"]:
                print("id name closer\\nuciok", flush=True)
            elif word == ["isready"]:
                print("readyok", flush=True)
            elif word == ["go"]:
                os.close(1)
                time.sleep(60)
    """)
    lost = forfeit_of(raw_program(path))
    assert lost.key == "forfeit.closed"
    for lang in i18n.LANGUAGES:                      # said when read, in the reader's language
        assert tr(lost.key, lang, **lost.params) == tr("forfeit.closed", lang, name="closer")


def test_a_slow_program_is_still_said_too_slow(tmp_path) -> None:
    """The other side of the test above: a program that holds its output is not « closed »."""
    path = write(tmp_path, "sleeper.py", """
        import sys, time
        for line in sys.stdin:
            word = line.split()[:1]
            if word == ["uci"]:
                print("id name sleeper\\nuciok", flush=True)
            elif word == ["isready"]:
                print("readyok", flush=True)
            elif word == ["go"]:
                time.sleep(60)
    """)
    assert forfeit_of(raw_program(path)).key == "forfeit.too_slow"


def test_a_python_player_that_closes_the_hosts_streams_is_told_so_without_the_hosts_traceback(tmp_path, lang) -> None:
    path = write(tmp_path, "shut.py", """
        import os

        def choose_move(state):
            os.close(0)
            os.close(1)
            return 1
    """)
    lost = forfeit_of(ProgramPlayer(python_source(path), registry.get("sticks"), STICKS, 5.0))
    assert lost.key == "forfeit.python_closed" and lost.params["code"] == 6
    assert tr("players.closed_streams") in lost.details
    assert not any("Traceback" in line or "host.py" in line for line in lost.details)


# -- our engine ----------------------------------------------------------------------------------------
def engine_lines(commands: list[str]) -> list[str]:
    out = io.StringIO()
    engine = Engine(out, random.Random(1))
    for line in commands:
        engine.handle(line)
    engine.stop()
    return [line for line in out.getvalue().splitlines() if not line.startswith(("info depth", "option", "id"))]


def test_a_game_change_during_a_search_still_answers_that_go_in_its_own_game() -> None:
    lines = engine_lines(["setoption name Game value awele", "position startpos", "go infinite",
                          "setoption name Game value sticks", "isready"])
    answers = [line for line in lines if line.startswith("bestmove")]
    assert len(answers) == 1 and answers[0].split()[1] in "ABCDEF"       # an Awélé move, not a crash
    assert lines[-1] == "readyok" and not any("search failed" in line for line in lines)


def test_the_engines_errors_name_the_rule_not_a_catalogue_key_nor_the_input_twice() -> None:
    lines = engine_lines(["setoption name Game value heaps", "setoption name Heaps value 1 99",
                          "setoption name Heaps value 1,3", "setoption name Game value sticks",
                          "setoption name Sticks value 999", "go movetime -100", "setoption name Level value x"])
    errors = [line for line in lines if line.startswith("info string error")]
    assert len(errors) == 5 and not any("lvl." in line or "invalid literal" in line for line in errors)
    assert errors[0].endswith("Heaps: expected a list of 1 to 8 whole numbers from 1 to 25")
    assert errors[1].endswith("Heaps takes whole numbers separated by spaces")
    assert errors[3] == "info string error: go movetime -100: movetime takes a whole number, 0 or more (not a negative one)"
    assert errors[4].endswith("Level is a whole number from 1 to 4")
    assert "bestmove 0000" in lines                  # the refused go is answered


# -- engines.toml ----------------------------------------------------------------------------------------
BROKEN = """\
[[engine]]
name = "typo"
comand = ["/bin/true"]

[[engine]]
name = "mine.py"
command = ["/bin/true"]

[[engine]]
name = "local"
command = ["./engine", "--uci"]

[[engine]]
name = "good"
command = ["/bin/true"]
"""


def test_engines_toml_problems_name_the_file_by_its_path_and_the_entry_by_its_name(tmp_path, lang) -> None:
    (tmp_path / "engines.toml").write_text(BROKEN, encoding="utf-8")
    found = catalog.load(tmp_path)
    assert [p.name for p in found.programs] == ["good"]
    lines = catalog.problem_lines(found)
    file = str(tmp_path / "engines.toml")
    assert len(lines) == 4 and all(line.startswith(file + ",") for line in lines)
    entries = [p.params["entry"] for p in found.problems]
    assert entries == ["typo", "typo", "mine.py", "local"]         # never « 2 », its position
    assert [p.params["key"] for p in found.problems] == ["comand", "command", "name", "command"]
    hint = tr("engines.want_absolute", command="./engine")
    assert lines[3] == tr("engines.bad", file=file, line=11, entry="local", key="command", why=hint)
    assert ("PATH" in hint) and ("chemin absolu" in hint if lang == "fr" else "absolute path" in hint)


def test_a_command_on_the_path_or_absolute_still_loads(tmp_path) -> None:
    (tmp_path / "engines.toml").write_text('[[engine]]\nname = "a"\ncommand = ["java", "-jar", "x.jar"]\n\n'
                                           '[[engine]]\nname = "b"\ncommand = "~/bin/engine --uci"\n', encoding="utf-8")
    found = catalog.load(tmp_path)
    assert not found.problems and found.find("a").command[0] == "java"
    assert found.find("b").command == (str(Path("~/bin/engine").expanduser()), "--uci")
