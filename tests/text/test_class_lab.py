"""The text mode in a class lab: a broken engines.toml is said with its line, a program
is refused where its engines.toml entry says it can't play, and a program seat is named in the
question of who starts. The real command, in-process."""
from __future__ import annotations

import io
import sys
import textwrap
from pathlib import Path


from nimarcade.i18n import tr
from nimarcade.judge import judge
from nimarcade.players import catalog
from nimarcade.text import cli

BROKEN = """\
[[engine]]
name = "typo"
comand = ["/bin/true"]

[[engine]]
name = "greedy"
command = ["/bin/true"]
memory_mb = "lots"
"""


def config(tmp_path: Path, monkeypatch, text: str) -> Path:
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "engines.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(folder))
    return folder


def run_text(*args: str, answers: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(list(args), io.StringIO(answers), out, err)
    return code, out.getvalue(), err.getvalue()


# -- 5: a broken engines.toml says what and where, in every command -----------------------------------
def test_a_misspelt_key_and_a_wrong_type_are_named_with_their_line(tmp_path, monkeypatch) -> None:
    folder = config(tmp_path, monkeypatch, BROKEN)
    lines = catalog.problem_lines(catalog.load(folder))
    file = str(folder / "engines.toml")             # by its path, not its name alone
    assert lines[0] == (f"{file}, ligne 3, programme « typo » : clé inconnue « comand » "
                        "(les clés : name, command, protocol, games, params, cpu_seconds, memory_mb).")
    assert lines[1] == (f"{file}, ligne 1, programme « typo », clé « command » : elle manque. "
                        "Ce programme est laissé de côté.")
    assert lines[2] == (f"{file}, ligne 8, programme « greedy », clé « memory_mb » : un nombre entier positif "
                        "ou nul est attendu. Ce programme est laissé de côté.")
    assert not any("attendu list" in line for line in lines)
    # the text mode and the judge say it, as the tournament does
    _, _, err = run_text("--game", "sticks", "--level", "mgl7160", "--players", "human,1", "--first", "1")
    assert err.splitlines()[:3] == lines
    out, err_judge = io.StringIO(), io.StringIO()
    judge.run(["--game", "sticks", "--player", "4", "--positions", "2", "--games", "0"], out, err_judge)
    assert err_judge.getvalue().splitlines()[:3] == lines


def test_a_toml_syntax_error_gives_its_line(tmp_path, monkeypatch) -> None:
    folder = config(tmp_path, monkeypatch, '[[engine]]\nname = "a"\ncommand = [\n')
    (problem,) = catalog.load(folder).problems
    assert problem.key == "engines.syntax" and problem.params["line"] == "3"
    _, _, err = run_text("--game", "sticks", "--level", "mgl7160", "--players", "human,1", "--first", "1",
                         "--lang", "en")
    assert err.startswith(f"{folder / 'engines.toml'}, line 3: not valid TOML")


# -- 6: the text mode enforces an engine's [engine.params] ----------------------------------------------
OURS_ABAPA = f"""\
[[engine]]
name = "abapa"
command = ["{sys.executable}", "-m", "nimarcade.engine"]
games = ["awele"]
[engine.params]
grand_slam = ["capture_nothing"]
"""


def test_a_program_is_refused_on_a_board_its_entry_leaves_out(tmp_path, monkeypatch) -> None:
    config(tmp_path, monkeypatch, OURS_ABAPA)
    code, _, err = run_text("--game", "awele", "--level", "classique", "--players", "human,abapa", "--first", "1")
    assert code == 2 and err.strip() == "nimarcade --text: " + tr("tourney.cannot_play", player="abapa")
    # asked on the terminal: refused, and asked again
    code, out, _ = run_text("--game", "awele", "--level", "classique", "--first", "1", answers="h\nabapa\nq\n")
    assert tr("tourney.cannot_play", player="abapa") in out


# -- 8: the program's name in « qui commence ? » -------------------------------------------------------
def test_who_starts_names_a_program_seat(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    player = tmp_path / "student.py"
    player.write_text(textwrap.dedent("""\
        from nimarcade.players import Player

        class Mine(Player):
            name = "Alice"
            def choose_move(self, state):
                return state.legal_moves()[0]
    """), encoding="utf-8")
    _, out, _ = run_text("--game", "sticks", "--level", "mgl7160", "--players", f"human,{player}", answers="q\n")
    question = next(line for line in out.splitlines() if tr("text.who_starts") in line)
    assert "Alice (2)" in question and ",  (2)" not in question
