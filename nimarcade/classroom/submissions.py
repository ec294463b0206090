"""A class's submissions: who handed in what, each student's work copied into a folder of its own.

The submissions are a folder, or a zip unpacked safely (:mod:`.safezip`), holding one entry per
student:

- **Moodle's "Download all submissions"** as it comes: folders
  ``Full Name_<participant id>_assignsubmission_file_/`` (and ``..._onlinetext_/``, merged with
  it): the student's name and Moodle identifier come from the folder's name;
- **a sub-folder** per student (``Chloé Martin/``): the name is the folder's;
- **one file** per student (``Chloé Martin.py``): the name is the file's.
- Moodle's zip made without folders: files ``Full Name_<id>_assignsubmission_file_kayles.py``,
  each student's merged and named as they handed them in.

In a student's folder, the player is its one ``.py`` file, or what a ``player.toml`` names:
``file = "kayles.py"`` (a Python player), or ``command = ["./nimplayer"]`` / ``command = ["java",
"-cp", ".", "Player"]`` (a program that speaks the protocol, docs/PROTOCOL.md: a compiled C or Java
player; every word that names a file or folder of the student's, ``.`` included, is made to point
into their copy). No ``.py`` file, several of them without a ``player.toml``, or a ``player.toml``
that can't be read is that student's error, said in the report, never a crash.

Each student's files are copied into ``OUT/submissions/<key>/`` (regular files only: a symbolic
link is never followed), so that their player is started from there and nothing of the others'.
Hidden files, ``__pycache__``, ``__MACOSX`` and the teacher's ``positions.toml`` are not students.
"""
from __future__ import annotations

import hashlib
import re
import shutil
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nimarcade.i18n import N_

#: Moodle's folder for one student and one kind of submission.
MOODLE = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assign(?:submission|feedback)_(?P<kind>[a-z]+)_?$")
#: Moodle's file of one student when its zip was made without folders ("in folders" unticked).
MOODLE_FILE = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_file_(?P<file>.+)$")
PLAYER_TOML = "player.toml"
POSITIONS_TOML = "positions.toml"
SKIPPED = {"__pycache__", "__MACOSX", POSITIONS_TOML}
#: Bytes of one student's files copied at most (a folder handed in with a data set in it).
MAX_STUDENT_BYTES = 32 * 1024 * 1024


@dataclass
class Submission:
    """One student's work. ``file``: the player's path relative to the submissions (None when
    there is none); ``player``: the ``.py`` file in the copy; ``command``: a program's command
    (absolute paths into the copy); ``error``: a translation key and its parameters when the
    student has no usable player; ``digest``: a hash of every file handed in (a resubmission
    changes it)."""

    key: str
    name: str
    id: str | None
    file: str | None
    folder: Path
    player: Path | None = None
    command: tuple[str, ...] | None = None
    error: tuple[str, dict[str, Any]] | None = None
    digest: str = ""
    sources: list[Path] = field(default_factory=list)


def _visible(path: Path) -> bool:
    return not path.name.startswith(".") and path.name not in SKIPPED


def slug(text: str) -> str:
    """Letters and digits of ``text`` without accents, lower case, words joined by ``-``."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "student"


def _entries(root: Path, out: Path | None = None) -> list[tuple[str, str | None, list[Path]]]:
    """``(name, Moodle id, paths)`` per student, in the order of their names: Moodle's folders of
    one student (file and online text) merged. ``out``: the command's output folder, never a
    student even when it lies among the submissions."""
    found: dict[tuple[str, str | None], list[Path]] = {}
    skip = out.resolve() if out is not None else None
    for path in sorted(root.iterdir(), key=lambda p: p.name):
        if not _visible(path) or path.is_symlink() or (skip is not None and path.resolve() == skip):
            continue
        if path.is_dir():
            moodle = MOODLE.match(path.name)
            who = (moodle.group("name").strip(), moodle.group("id")) if moodle else (path.name, None)
        elif path.is_file() and (moodle := MOODLE_FILE.match(path.name)):
            who = (moodle.group("name").strip(), moodle.group("id"))
        elif path.is_file() and path.suffix == ".py":
            who = (path.stem, None)
        else:
            continue
        found.setdefault(who, []).append(path)
    return [(name, ident, paths) for (name, ident), paths in sorted(found.items(), key=lambda kv: kv[0][0].casefold())]


def find_root(folder: Path) -> Path:
    """Where the students' entries are: ``folder``, or its one sub-folder when a zip wrapped
    everything in a folder of its own that is no student's."""
    inside = [p for p in folder.iterdir() if _visible(p)]
    if (len(inside) == 1 and inside[0].is_dir() and not inside[0].is_symlink() and not MOODLE.match(inside[0].name)
            and any(p.is_dir() for p in inside[0].iterdir())):
        return inside[0]
    return folder


def _files(path: Path) -> list[Path]:
    """The regular files of a student's entry (no link followed, nothing hidden)."""
    if path.is_file():
        return [path]
    out = []
    top = path.resolve()
    for item in sorted(path.rglob("*")):
        rel = item.relative_to(path)
        if any(part.startswith(".") or part in SKIPPED for part in rel.parts):
            continue
        if item.is_file() and not item.is_symlink() and top in item.resolve().parents:
            out.append(item)     # a file reached through a linked folder resolves elsewhere: left out
    return out


def _copy(paths: list[Path], dest: Path) -> tuple[dict[Path, Path], str]:
    """Copy the students' files into ``dest``; each original -> its copy, and their digest."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    copies: dict[Path, Path] = {}
    digest = hashlib.sha256()
    total = 0
    for path in paths:
        base = path.parent if path.is_file() else path
        for file in _files(path):
            rel = file.relative_to(base)
            moodle = MOODLE_FILE.match(rel.name) if path.is_file() else None
            if moodle:                      # a file of Moodle's zip without folders: its own name
                rel = Path(moodle.group("file"))
            target = dest.joinpath(*rel.parts)
            total += file.stat().st_size
            if total > MAX_STUDENT_BYTES:
                break
            target.parent.mkdir(parents=True, exist_ok=True)
            data = file.read_bytes()
            target.write_bytes(data)
            copies[file] = target
            digest.update(rel.as_posix().encode("utf-8") + b"\0" + hashlib.sha256(data).digest())
    return copies, digest.hexdigest()


def read(root: Path, out: Path, skip: Path | None = None) -> list[Submission]:
    """Every student of the submissions in ``root``, their work copied under ``out`` (``skip``:
    a folder of ``root`` that is no student's, the command's output)."""
    students: list[Submission] = []
    taken: set[str] = set()
    for name, ident, paths in _entries(root, skip):
        base = slug(name) + (f"-{ident}" if ident else "")
        key, n = base, 2
        while key in taken:
            key, n = f"{base}-{n}", n + 1
        taken.add(key)
        copies, digest = _copy(paths, out / key)
        student = Submission(key, name, ident, None, out / key, digest=digest, sources=paths)
        _choose_player(student, root, copies)
        students.append(student)
    return students


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.name


def _choose_player(student: Submission, root: Path, copies: dict[Path, Path]) -> None:
    """Set the student's player (or their error) from the files handed in."""
    tomls = [p for p in copies if p.name == PLAYER_TOML]
    if len(tomls) > 1:
        student.error = (N_("class.several_tomls"), {"n": len(tomls)})
        return
    if tomls:
        _from_toml(student, root, tomls[0], copies)
        return
    python = [p for p in copies if p.suffix == ".py"]
    if not python:
        student.error = (N_("class.no_file"), {})
        return
    if len(python) > 1:
        names = sorted(copies[p].relative_to(student.folder).as_posix() for p in python)
        student.error = (N_("class.several_files"), {"files": ", ".join(names)})
        return
    student.file = _relative(python[0], root)
    student.player = copies[python[0]]


def _from_toml(student: Submission, root: Path, toml: Path, copies: dict[Path, Path]) -> None:
    student.file = _relative(toml, root)
    copy = copies[toml]
    try:
        data = tomllib.loads(copy.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        student.error = (N_("class.bad_toml"), {"why": str(exc).splitlines()[0] if str(exc) else type(exc).__name__})
        return
    folder = copy.parent
    file, command = data.get("file"), data.get("command")
    if isinstance(file, str) and command is None:
        target = (folder / file).resolve()
        if student.folder.resolve() not in target.parents or not target.is_file():
            student.error = (N_("class.toml_no_such_file"), {"file": file})
            return
        original = next((o for o, c in copies.items() if c.resolve() == target), None)
        student.file = _relative(original, root) if original is not None else file
        student.player = target
        return
    if isinstance(command, str):
        command = command.split()
    if file is None and isinstance(command, list) and command and all(isinstance(w, str) and w for w in command):
        student.command = tuple(_inside(word, folder, student.folder) for word in command)
        program = Path(student.command[0])
        if program.is_absolute() and program.is_file():
            # a zip (Moodle's) keeps no permission bits: the student's program, in our copy of
            # their work, is made runnable again
            program.chmod(program.stat().st_mode | 0o111)
        return
    student.error = (N_("class.toml_wants"), {})


def _inside(word: str, folder: Path, top: Path) -> str:
    """A word of a command: the absolute path of the student's copy when it names one of their
    files or folders (``./nimplayer``, ``.``, ``Player.jar``), else the word itself (``java``)."""
    if word.startswith("-") or "/" not in word and "." not in word and not (folder / word).exists():
        return word
    target = (folder / word).resolve()
    if (target == top.resolve() or top.resolve() in target.parents) and target.exists():
        return str(target)
    return word
