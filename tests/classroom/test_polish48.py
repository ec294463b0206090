"""The teacher's items for ``nimarcade class``: a notebook, a zip or a protocol program
handed in says what to do (item 16); a teacher's position lost by forfeit shows its winning moves
and « forfait » (item 17); an ``--out`` that is a file or a link to nothing is said with what to
do, and a copy that fails (a full disk) leaves the folder as it was (item 20)."""
from __future__ import annotations

import errno
import io
import os
import textwrap
import zipfile
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.classroom import cli as class_cli
from nimarcade.classroom import html_student, judging, outputs, submissions
from nimarcade.core import levels
from nimarcade.i18n import tr

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

FIRST_MOVE = "def choose_move(state):\n    return state.legal_moves()[0]\n"
PROTOCOL = 'import sys\n\n\ndef main():\n    for line in sys.stdin:\n        if line.split()[:1] == ["uci"]:\n' \
           '            print("uciok", flush=True)\n        elif line.startswith("go"):\n' \
           '            print("bestmove 1:1", flush=True)\n\n\nmain()\n'


@pytest.fixture(autouse=True)
def _language():
    before = i18n.language()
    yield
    i18n.set_language(before)


def write(path: Path, text: str = FIRST_MOVE) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    return class_cli.run(argv, io.StringIO(), err), err.getvalue()


# -- 16 ------------------------------------------------------------------------------------------------
def test_a_notebook_a_zip_or_a_protocol_program_handed_in_says_what_to_do(tmp_path: Path) -> None:
    root = tmp_path / "in"
    write(root / "Nina" / "kayles.ipynb", "{}")
    write(root / "Zack" / "rendu.zip", "PK")
    write(root / "Paul" / "proto.py", PROTOCOL)
    found = {s.name: s for s in submissions.read(root, tmp_path / "out")}
    assert found["Nina"].error == ("players.notebook", {"file": "kayles.ipynb"})
    assert found["Zack"].error == ("players.nested_zip", {"file": "rendu.zip"})
    paul = found["Paul"]
    task = judging.Task(paul.key, paul.name, None, paul.file, str(paul.player), None, None, str(paul.folder),
                        "octal", "kayles", levels.find_level("octal", "kayles").params, lang="en")
    entry = judging.judge_student(task)
    assert entry["status"] == "error" and 'name it in a player.toml beside it: command = ["python3", "proto.py"]' \
        in entry["error"]
    for lang, unzip in (("fr", "décompressez-la"), ("en", "unzip it")):     # one sentence each: what to do
        assert "export" in tr("players.notebook", lang, file="k.ipynb")
        assert unzip in tr("players.nested_zip", lang, file="r.zip")


# -- 17 ------------------------------------------------------------------------------------------------
def test_a_teachers_position_lost_by_forfeit_shows_its_winning_moves_and_forfeit(tmp_path: Path) -> None:
    player = write(tmp_path / "Zoé" / "p.py", textwrap.dedent('''
        def choose_move(state):
            if len([h for h in state.heaps if h]) >= 2:
                raise RuntimeError("two heaps: I give up")
            return state.legal_moves()[0]
        '''))
    task = judging.Task("zoe", "Zoé", None, "p.py", str(player), None, None, str(player.parent), "octal", "kayles",
                        levels.find_level("octal", "kayles").params, positions=2, move_time=0.5,
                        cases=({"label": "3 et 4", "start": "3 4", "expect": []},), lang="fr")
    entry = judging.judge_student(task)
    (case,) = entry["teacher"]
    assert case["passed"] is False and case["forfeit"] and case["played"] is None
    assert set(case["expected"]) == {"1:2", "2:1", "2:1:1"}          # any winning move, named
    page = html_student.student_page({"lang": "fr", "title": "Quilles", "game": "octal"},
                                     outputs.finish(entry, 20, None, None))
    row = page[page.index("3 et 4"):].split("</tr>")[0]
    assert "1:2, 2:1, 2:1:1" in row and ">forfait</span>" in row and "\u2014" not in row


# -- 20 ------------------------------------------------------------------------------------------------
def test_an_out_that_is_a_file_or_a_link_to_nothing_says_what_to_do(tmp_path: Path) -> None:
    source = write(tmp_path / "in" / "Ana" / "a.py").parent.parent
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    base = [str(source), "--game", "octal", "--level", "kayles", "--lang", "en", "--out"]
    code, err = run([*base, str(tmp_path / "notes.txt")])
    assert code == 2 and "is a file, not a folder: give --out the name of a folder" in err and "File exists" not in err
    code, err = run([*base, str(tmp_path / "notes.txt" / "class")])
    assert code == 2 and f"“{tmp_path / 'notes.txt'}” is a file" in err
    code, err = run([*base, str(tmp_path / "gone")])
    assert code == 2 and f"is a link to “{tmp_path / 'nowhere'}”, which doesn't exist: make that folder" in err
    assert not (tmp_path / "nowhere").exists() and (tmp_path / "notes.txt").read_text(encoding="utf-8") == "x"


def test_a_full_disk_leaves_the_folder_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "rendus.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("Ana_1_assignsubmission_file_/a.py", FIRST_MOVE)
        z.writestr("Bob_2_assignsubmission_file_/b.py", FIRST_MOVE)
    out = tmp_path / "class"
    kept = write(out / "submissions" / "ana-1" / "a.py", "# last run's copy\n")
    real = submissions._copy
    calls = []

    def full_disk(*args, **kwargs):
        calls.append(1)
        if len(calls) > 1:          # the first student copied, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(submissions, "_copy", full_disk)
    code, err = run([str(archive), "--game", "octal", "--level", "kayles", "--out", str(out), "--lang", "en"])
    assert sorted(p.name for p in out.iterdir() if p.name != class_cli.LOCK) == ["submissions"]     # no .unzipped/
    assert [p.name for p in (out / "submissions").iterdir()] == ["ana-1"]
    assert kept.read_text(encoding="utf-8") == "# last run's copy\n"
    assert code == 2 and "No space left on device" in err and "The folder is left as it was" in err
