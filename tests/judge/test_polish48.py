"""The teacher's and the game theorist's command line, for the judge: its title names the
board judged in the reader's words (another code is another game), a student's folder is a player
as ``class`` takes it, and an engines.toml entry left out is named when it is the one asked for."""
from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.i18n import tr
from nimarcade.judge import judge

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")


@pytest.fixture(autouse=True)
def _own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    before = i18n.language()
    yield
    i18n.set_language(before)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = judge.run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_title_of_another_code_names_no_level_and_says_its_changes_in_words() -> None:
    for lang, changes in (("fr", "(Code : 0.137, Tas : 6)"), ("en", "(Code: 0.137, Heaps: 6)")):
        code, out, err = run("--game", "octal", "--code", "0.137", "--param", "heaps=6", "--player", "4",
                             "--positions", "2", "--games", "0", "--lang", lang)
        assert code == 0, err
        title = out.splitlines()[0]
        assert title.endswith(tr("game.octal", lang) + " " + changes), title
        assert "Kayles" not in title and "code=" not in title and "heaps" not in title
    code, out, _ = run("--game", "octal", "--player", "4", "--positions", "2", "--games", "0", "--lang", "fr")
    assert out.splitlines()[0].endswith("Le labo des jeux octaux, Quilles (Kayles, 0.77)")   # the level's own board
    code, out, _ = run("--game", "octal", "--param", "heaps=6", "--player", "4", "--positions", "2", "--games", "0",
                       "--lang", "fr")
    assert out.splitlines()[0].endswith("Le labo des jeux octaux, Quilles (Kayles, 0.77) (Tas : 6)")   # still Kayles


def test_a_class_is_called_by_one_word_on_the_terminal_and_in_the_report() -> None:
    word = tr("class_report.students", "fr")
    assert tr("class.summary", "fr", n=1, errors=0, mean="1", scale="20", report="r").startswith(word)
    for key in ("class_report.not_isolated", "class.opt_max_size"):
        assert "tudiant" not in tr(key, "fr", mb=32)


#: A student's program that speaks the protocol itself (as a compiled C or Java player does): it
#: knocks the first pin down, whatever the position.
PROTOCOL_PROGRAM = '''import sys


def main():
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name Proto")
            print("uciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "go":
            print("bestmove 1:1", flush=True)
        elif words[0] == "quit":
            return


main()
'''


def test_a_students_folder_or_its_player_toml_is_judged_as_the_class_would_judge_it(tmp_path: Path) -> None:
    folder = tmp_path / "Chloé Martin"
    folder.mkdir()
    (folder / "proto.py").write_text(PROTOCOL_PROGRAM, encoding="utf-8")
    (folder / "player.toml").write_text('command = ["python3", "proto.py"]\n', encoding="utf-8")
    for given in (folder, folder / "player.toml"):
        code, out, err = run("--game", "octal", "--player", str(given), "--positions", "3", "--games", "0",
                             "--time", "0.5", "--json")
        assert code == 0, err
        assert '"player": "Chloé Martin"' in out and '"cannot_start": false' in out
        assert '"forfeits": []' in out                  # it answered every position, by the protocol


def test_a_folder_without_a_player_says_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "nb").mkdir()
    (tmp_path / "nb" / "kayles.ipynb").write_text("{}", encoding="utf-8")
    (tmp_path / "proto").mkdir()
    (tmp_path / "proto" / "proto.py").write_text(PROTOCOL_PROGRAM, encoding="utf-8")
    for given, said in ((tmp_path / "nb", tr("players.notebook", "en", file="kayles.ipynb")),
                        (tmp_path / "nb" / "kayles.ipynb", tr("players.notebook", "en", file="kayles.ipynb")),
                        (tmp_path / "proto", tr("players.protocol_file", "en", file="proto.py"))):
        code, out, err = run("--game", "octal", "--player", str(given), "--lang", "en")
        assert (code, out) == (judge.CANNOT_START, ""), err
        assert said in err and err.count("\n") == 1
    assert 'command = ["python3", "proto.py"]' in tr("players.protocol_file", "en", file="proto.py")
    assert "export it as a .py file" in tr("players.notebook", "en", file="x.ipynb")


def test_a_broken_entry_asked_for_is_named_with_its_problems(tmp_path: Path) -> None:
    from nimarcade.text import cli as text_cli

    config = tmp_path / "config"
    config.mkdir()
    (config / "engines.toml").write_text('[[engine]]\nname = "bot"\ncomand = ["/bin/true"]\n', encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert text_cli.run(["--game", "sticks", "--players", "bot,1", "--lang", "en"], io.StringIO(), out, err) == 2
    said = err.getvalue()
    assert "“bot” can't play" in said and "comand" in said and "line 3" in said, said
    code, _, said = run("--game", "sticks", "--player", "bot", "--lang", "en")
    assert code == judge.BAD_COMMAND and "“bot” can't play" in said and "comand" in said
    code, _, said = run("--game", "sticks", "--player", "robot", "--lang", "en")       # a name nobody gave
    assert code == judge.BAD_COMMAND and "can't play" not in said.splitlines()[-1]
