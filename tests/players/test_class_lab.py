"""A teacher's class lab: students' players checked when they are named, named as
they name themselves, given a fresh object for each game, and failures that say why, in the
teacher's language. Real files, real commands, real programs in their sandboxes."""
from __future__ import annotations

import io
import os
import random
import stat
import textwrap
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.compete.tournament import cli as tournament_cli
from nimarcade.core import registry
from nimarcade.core.computer import Forfeit
from nimarcade.core.match import MatchConfig, program_name
from nimarcade.core import levels
from nimarcade.i18n import tr
from nimarcade.judge import judge
from nimarcade.players import catalog
from nimarcade.players.files import PlayerFileError, check_python_player
from nimarcade.players.program import ProgramPlayer, ProgramSource, forfeit_text, python_source
from nimarcade.text import cli as text_cli

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

STICKS = {"sticks": 13, "max_take": 3, "last_loses": True}


def player_file(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(body).lstrip("\n"), encoding="utf-8")
    return path


def broken(folder: Path) -> Path:
    return player_file(folder, "broken", """
        from nimarcade.players import Player

        class Broken(Player):
            def choose_move(self, state)
                return 1
    """)


def forfeit_of(player: ProgramPlayer, state, moves=()) -> Forfeit:
    with pytest.raises(Forfeit) as caught:
        player(state, 0, random.Random(1), moves=moves)
    return caught.value


def sticks_state():
    return registry.get("sticks").new_state(STICKS)


# -- 11: a file with a syntax error is refused when it is named -------------------------------------
def test_a_syntax_error_is_refused_with_its_line_by_the_check_the_window_calls(tmp_path) -> None:
    with pytest.raises(PlayerFileError) as caught:
        check_python_player(broken(tmp_path))
    assert caught.value.message == tr("players.file_syntax", file="broken.py", line=4, why=caught.value.params["why"])
    assert "ligne 4" in str(caught.value)
    with pytest.raises(PlayerFileError):
        catalog.parse_seat(str(tmp_path / "broken.py"), catalog.Catalog())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_command_refuses_a_syntax_error_in_one_line_with_exit_2(tmp_path, monkeypatch, lang) -> None:
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    path = str(broken(tmp_path))
    word = {"fr": "ligne 4", "en": "line 4"}[lang]
    runs = {
        "judge": lambda out, err: judge.run(["--game", "sticks", "--player", path, "--lang", lang], out, err),
        "tournament": lambda out, err: tournament_cli.run(["--game", "sticks", "--players", f"1,{path}",
                                                            "--out", str(tmp_path / "t"), "--lang", lang], out, err),
        "text": lambda out, err: text_cli.run(["--game", "sticks", "--players", f"human,{path}", "--lang", lang],
                                              io.StringIO(""), out, err),
    }
    for name, run in runs.items():
        out, err = io.StringIO(), io.StringIO()
        # the judge's exit code for a player that can't even start is 3 (autograding)
        assert run(out, err) == (3 if name == "judge" else 2), name
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and word in lines[0] and "broken.py" in lines[0], (name, lines)
        assert "Traceback" not in err.getvalue() + out.getvalue()
    assert not (tmp_path / "t").exists()


def test_the_text_mode_asks_again_for_a_file_with_a_syntax_error(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    answers = io.StringIO(f"{tmp_path / 'broken.py'}\nq\n")
    broken(tmp_path)
    out = io.StringIO()
    text_cli.run(["--game", "sticks", "--level", "mgl7160", "--first", "1"], answers, out, io.StringIO())
    assert "ligne 4" in out.getvalue()


# -- 10: a file with no player, said in the teacher's language --------------------------------------
def test_a_file_without_a_player_is_said_in_french(tmp_path) -> None:
    path = player_file(tmp_path, "noplayer", "x = 1\n")
    with pytest.raises(PlayerFileError) as caught:
        check_python_player(path)
    assert str(caught.value) == "noplayer.py ne définit ni une classe dérivée de Player, ni une fonction choose_move(state)"
    # the host, run as a program, says it in the game's language too
    lost = forfeit_of(ProgramPlayer(python_source(path), registry.get("sticks"), STICKS, 5.0), sticks_state())
    assert lost.key == "forfeit.python_no_player"
    assert any("ne définit ni une classe dérivée de Player" in line for line in lost.details)
    assert not any("defines no subclass" in line for line in lost.details)


# -- 7: the name a player declares is the name shown ------------------------------------------------
def test_the_declared_name_is_shown_everywhere(tmp_path) -> None:
    path = player_file(tmp_path, "student_7", """
        from nimarcade.players import Player

        class Mine(Player):
            name = "Alice"
            def choose_move(self, state):
                return state.legal_moves()[0]
    """)
    assert check_python_player(path) == "Alice"
    assert python_source(path).name == "Alice" and catalog.display_name(str(path)) == "Alice"
    assert program_name(str(path)) == "Alice"
    level = levels.find_level("sticks", None)
    config = MatchConfig("sticks", level, dict(level.params), (0, str(path)))
    assert config.seat_specs()[1].name == "Alice"
    player = ProgramPlayer(python_source(path), registry.get("sticks"), STICKS, 5.0)
    try:
        player(sticks_state(), 0, random.Random(1))
        assert player.name == "Alice" and player.engine_name == "Alice"
    finally:
        player.close()
    report = judge.judge(registry.get("sticks"), "mgl7160", STICKS, str(path), positions=3, games_per_level=0, move_time=10.0)
    assert report.player == "Alice"
    # a file without a declared name keeps its file's name
    plain = player_file(tmp_path, "plain", "def choose_move(state):\n    return state.legal_moves()[0]\n")
    assert check_python_player(plain) == "plain" and python_source(plain).name == "plain"


# -- 2: a fresh object for each position the judge asks ---------------------------------------------
def test_the_judge_gives_a_fresh_player_for_each_position(tmp_path) -> None:
    """A player that checks its game only moves forward (fewer sticks each time it is asked) is
    never told « the game went back »: each position is a game of its own."""
    path = player_file(tmp_path, "forward", """
        from nimarcade.players import Player

        class Forward(Player):
            def __init__(self):
                self.last = None
            def choose_move(self, state):
                if self.last is not None and state.sticks >= self.last:
                    raise RuntimeError("la partie a reculé")
                self.last = state.sticks
                return state.legal_moves()[0]
    """)
    report = judge.judge(registry.get("sticks"), "mgl7160", STICKS, str(path), positions=12, games_per_level=0,
                         move_time=10.0)
    assert len(report.verdicts) == 12 and report.forfeits == []


# -- 9: a program that can't start says why --------------------------------------------------------
def test_a_program_that_cannot_start_says_why(tmp_path) -> None:
    missing = ProgramSource("gloutonx", (str(tmp_path / "awele_greedyy"),))
    lost = forfeit_of(ProgramPlayer(missing, registry.get("sticks"), STICKS), sticks_state())
    assert lost.key == "forfeit.no_start" and lost.params["why"] == tr("forfeit.why_missing")
    assert tr(lost.key, **lost.params).endswith("fichier introuvable)")
    script = tmp_path / "not_exec"
    script.write_text("#!/bin/sh\necho hi\n")
    script.chmod(stat.S_IRUSR | stat.S_IWUSR)
    lost = forfeit_of(ProgramPlayer(ProgramSource("p", (str(script),)), registry.get("sticks"), STICKS), sticks_state())
    assert lost.params["why"] == tr("forfeit.why_not_executable")
    lost = forfeit_of(ProgramPlayer(ProgramSource("d", (str(tmp_path),)), registry.get("sticks"), STICKS), sticks_state())
    assert lost.params["why"] == tr("forfeit.why_directory")


# -- 14: forfeits that say what their exit codes mean, and where a loop loops ------------------------
def test_a_players_error_is_explained_not_just_numbered(tmp_path) -> None:
    path = player_file(tmp_path, "crash", "def choose_move(state):\n    return 1 / 0\n")
    lost = forfeit_of(ProgramPlayer(python_source(path), registry.get("sticks"), STICKS, 5.0), sticks_state())
    assert lost.key == "forfeit.python_error" and lost.params["code"] == 4
    i18n.set_language("en")
    assert "the player's error" in forfeit_text(lost)[0]


def test_a_player_that_loops_shows_where_it_loops(tmp_path) -> None:
    path = player_file(tmp_path, "loop", """
        def spin(n):
            while True:
                n = (n * 7 + 1) % 1000003

        def choose_move(state):
            return spin(state.sticks)
    """)
    lost = forfeit_of(ProgramPlayer(python_source(path), registry.get("sticks"), STICKS, 0.3), sticks_state())
    assert lost.key == "forfeit.too_slow"
    assert tr("players.still_thinking") in lost.details
    shown = "\n".join(lost.details)
    assert 'File "loop.py"' in shown and "in spin" in shown and "host.py" not in shown
