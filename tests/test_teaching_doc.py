"""docs/TEACHING.md, run: every command of its ``sh`` blocks that starts with ``nimarcade`` runs (as
``python -m nimarcade``) in a folder prepared as the doc says (the Python starter as ``player.py``,
a class's submissions as ``submissions/`` and as Moodle's ``submissions.zip``, the doc's own
``positions.toml`` beside them and each other TOML block under ``<!-- NAME.toml -->`` as that file,
each CSV block under ``<!-- NAME.csv -->`` too), and exits as the doc says: 0, or the code of a ``# exit N``
comment. Any other command of an ``sh`` block says ``# not run``. The output a ``text`` block shows
under ``<!-- output: 1,2 -->`` is what those commands of the ``sh`` block before it print.

The ``class`` commands are skipped, with the reason, while ``nimarcade class`` is not a command.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from nimarcade import cli
from nimarcade.i18n import tr
from nimarcade.players import isolation

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "TEACHING.md"
STARTER = ROOT / "examples" / "starters" / "python" / "player.py"
BLOCK = re.compile(r"(?:<!-- (?P<marker>[^>]*?) -->\n)?```(?P<kind>\w*)\n(?P<body>.*?)```", re.S)
#: The date and time that name a run's folder (``runs/2026-05-12_14-03-27``): not the doc's to fix.
STAMP = re.compile(r"\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d")
#: The comment of a command that needs the box, and the code it exits with where there is none.
UNBOXED = re.compile(r"exit (\d+) where players can't be boxed")

GRUNDY_PLAYER = '''"""Kayles by Grundy values, from their definition (a student's good answer)."""
from functools import lru_cache

from nimarcade.players import Player


@lru_cache(maxsize=None)
def grundy(n):
    seen = {grundy(left) ^ grundy(n - take - left) for take in (1, 2) for left in range(0, n - take + 1)}
    g = 0
    while g in seen:
        g += 1
    return g


class Grundy(Player):
    name = "Bruno"

    def choose_move(self, state):
        total = 0
        for h in state.heaps:
            total ^= grundy(h)
        for move in state.legal_moves():
            i, take, left = move
            if grundy(left) ^ grundy(state.heaps[i] - take - left) == grundy(state.heaps[i]) ^ total:
                return move
        return state.legal_moves()[0]
'''
SYNTAX_ERROR = "from nimarcade.players import Player\nclass Mine(Player)\n    pass\n"
#: The class the doc shows: Moodle's folders, each student's files.
STUDENTS = {
    "Alice Martin_101_assignsubmission_file_": {"player.py": None},       # None: the starter itself
    "Bruno Petit_102_assignsubmission_file_": {"grundy.py": GRUNDY_PLAYER},
    "Chloé Durand_103_assignsubmission_file_": {"kayles.py": SYNTAX_ERROR},
}


@dataclass(frozen=True)
class Command:
    """One command line of the doc: its words, the exit code it should give (None: not run), the
    comment after it, and where it is (the block's number, the command's number in it)."""

    words: tuple[str, ...]
    expected: int | None
    comment: str
    block: int
    index: int

    @property
    def text(self) -> str:
        return " ".join(self.words)


def split_comment(line: str) -> tuple[str, str]:
    """The command and its trailing ``# comment`` (a ``#`` outside quotes, after a space)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip(), line[i + 1:].strip()
    return line.strip(), ""


def blocks() -> list[tuple[str, str, str]]:
    """(kind, marker, body) of every fenced block of the doc, in order."""
    return [(m.group("kind"), m.group("marker") or "", m.group("body")) for m in BLOCK.finditer(DOC.read_text("utf-8"))]


def commands() -> list[Command]:
    found = []
    for number, (kind, _marker, body) in enumerate(blocks()):
        if kind != "sh":
            continue
        text = re.sub(r"\\\n\s*", " ", body)
        index = 0
        for line in text.splitlines():
            command, comment = split_comment(line)
            if not command:
                continue
            index += 1
            if "not run" in comment:
                expected = None
            else:
                code = UNBOXED.search(comment) or re.search(r"\bexit (\d+)", comment)
                expected = int(code.group(1)) if code else 0
                if UNBOXED.search(comment) and isolation.isolation().boxed:
                    expected = 0
            found.append(Command(tuple(shlex.split(command)), expected, comment, number, index))
    return found


COMMANDS = commands()


def run_in(folder: Path, command: Command) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NIMARCADE_CONFIG_DIR": str(folder / ".config"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "nimarcade", *command.words[1:]], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600)


def prepare(base: Path) -> Path:
    """``base`` made the teacher's folder the doc's commands run in."""
    shutil.copy(STARTER, base / "player.py")
    files = {marker: body for kind, marker, body in blocks() if kind == "toml" and marker.endswith(".toml")}
    positions = files.pop("positions.toml")
    for name, body in files.items():                # another game's positions: beside the submissions
        (base / name).write_text(body, "utf-8")
    for kind, marker, body in blocks():             # a file the doc shows (Moodle's worksheet): there too
        if kind == "csv" and marker.endswith(".csv"):
            (base / marker).write_text(body, "utf-8")
    submissions = base / "submissions"
    for student, files in STUDENTS.items():
        (submissions / student).mkdir(parents=True)
        for name, text in files.items():
            (submissions / student / name).write_text(STARTER.read_text("utf-8") if text is None else text, "utf-8")
    with zipfile.ZipFile(base / "submissions.zip", "w") as archive:
        for path in sorted(submissions.rglob("*")):
            archive.write(path, path.relative_to(submissions).as_posix())
    (submissions / "positions.toml").write_text(positions, "utf-8")        # in the folder, and beside the zip
    (base / "positions.toml").write_text(positions, "utf-8")
    return base


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return prepare(tmp_path_factory.mktemp("teaching"))


def test_the_doc_has_commands_and_marks_the_others() -> None:
    """Every command of an ``sh`` block is ours or says it is not run; the doc covers each step."""
    assert COMMANDS
    for command in COMMANDS:
        assert command.words[0] == "nimarcade" or command.expected is None, command.text
    run = {c.words[1] for c in COMMANDS if c.expected is not None}
    assert {"lab", "judge", "class", "tournament"} <= run
    assert any("--require-isolation" in c.words for c in COMMANDS)
    assert any("--tournament" in c.words for c in COMMANDS)
    assert any("submissions.zip" in c.words for c in COMMANDS)


@pytest.mark.parametrize("command", [c for c in COMMANDS if c.expected is not None], ids=lambda c: c.text[:90])
def test_each_command_of_the_doc_runs_as_it_says(folder: Path, command: Command) -> None:
    if command.words[1] not in cli.available():
        pytest.skip(f"nimarcade {command.words[1]} is not a command yet (the lead checks it at the end)")
    result = run_in(folder, command)
    assert result.returncode == command.expected, (command.text, result.stdout[-3000:], result.stderr[-3000:])
    if command.words[1] == "class" and command.expected == 0:
        out = folder / (command.words[command.words.index("--out") + 1] if "--out" in command.words else "class-octal")
        for name in ("index.html", "grades.csv", "class.json"):
            assert (out / name).is_file(), (command.text, name)


def shown_outputs() -> list[tuple[list[Command], list[str]]]:
    """(the commands, the lines shown) of every ``<!-- output: ... -->`` block."""
    found, last_sh = [], -1
    for number, (kind, marker, body) in enumerate(blocks()):
        if kind == "sh":
            last_sh = number
        elif marker.startswith("output:"):
            wanted = [int(n) for n in marker.split(":", 1)[1].split(",")]
            chosen = [c for c in COMMANDS if c.block == last_sh and c.index in wanted]
            assert len(chosen) == len(wanted), marker
            found.append((chosen, [line for line in body.splitlines() if line.strip()]))
    return found


@pytest.mark.parametrize("shown", shown_outputs(), ids=lambda s: s[0][0].text[:60])
def test_the_output_the_doc_shows_is_what_the_commands_print(tmp_path: Path,
                                                             shown: tuple[list[Command], list[str]]) -> None:
    """The lines shown are all the lines those commands print, in that order (but the warning said
    where players can't be boxed, which the doc does not show, and the date and time of a run's
    folder, which change), run in a fresh folder (a class run again resumes)."""
    chosen, lines = shown
    folder = prepare(tmp_path)
    for command in chosen:
        if command.words[1] not in cli.available():
            pytest.skip(f"nimarcade {command.words[1]} is not a command yet")
    printed = []
    for command in chosen:
        result = run_in(folder, command)
        assert result.returncode == command.expected, (command.text, result.stderr[-2000:])
        printed += [line.rstrip() for line in (result.stdout + result.stderr).splitlines()]
    found = isolation.isolation()
    unboxed = set() if found.boxed else {tr("box.not_isolated", "fr", why=tr(found.why, "fr"))}
    printed = [line for line in printed if line.strip() and line not in unboxed]
    assert [STAMP.sub("DATE", line) for line in printed] == [STAMP.sub("DATE", line) for line in lines]
