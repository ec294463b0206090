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

A name that could be two participants' (Moodle's pattern found twice in it, as when a student's
Moodle name holds ``Victim_12_assignsubmission_file_``; or one participant number under two
names) is that entry's error, named in the report, and never merged into another student's work.
Names are listed in the language's alphabetical order (:func:`nimarcade.i18n.outside.sort_key`:
« Émilie » before « Zoé ») and kept with their control characters written out
(:func:`nimarcade.i18n.outside.printable`), so that no name acts on a terminal or a spreadsheet.

In a student's folder, the player is its one ``.py`` file, or what a ``player.toml`` names:
``file = "kayles.py"`` (a Python player), or ``command = ["./nimplayer"]`` / ``command = ["java",
"-cp", ".", "Player"]`` (a program that speaks the protocol, docs/PROTOCOL.md: a compiled C or Java
player; every word that names a file or folder of the student's, ``.`` included, is made to point
into their copy; any other word, ``java`` or ``/usr/bin/java``, is kept as it is, is never a file
to share with the program, and is never changed: only a program inside the student's copy is made
runnable; :mod:`nimarcade.players.folder` reads it, as ``judge --player FOLDER`` does). No ``.py``
file, several of them without a ``player.toml``, or a ``player.toml`` that can't be read is that
student's error, said in the report, never a crash; a notebook or a zip handed in without a ``.py``
file says what to do (export it as ``.py``, unzip it).

Each student's files are copied into ``OUT/submissions/<key>/`` (regular files only: a symbolic
link is never followed), so that their player is started from there and nothing of the others'.
A student's files beyond :data:`.safezip.STUDENT_BYTES` (``nimarcade class --max-size``) or
:data:`.safezip.STUDENT_FILES` are not copied at all and are that student's error ("too big"),
never cut short in silence; so is a student's entry that the zip's unpacking left out for its size.
Hidden files, ``__pycache__``, ``__MACOSX`` and the teacher's ``positions.toml`` are not students.
"""
from __future__ import annotations

import hashlib
import re
import shutil
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from nimarcade.i18n import N_
from nimarcade.i18n.outside import printable, sort_key

from nimarcade.classroom import safezip
from nimarcade.players import folder as folder_mod

#: Moodle's folder for one student and one kind of submission.
MOODLE = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assign(?:submission|feedback)_(?P<kind>[a-z]+)_?$")
#: Moodle's file of one student when its zip was made without folders ("in folders" unticked).
MOODLE_FILE = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_file_(?P<file>.+)$")
#: Where Moodle's pattern starts in a name: more than one, and the name could be two participants'.
MOODLE_MARK = re.compile(r"_\d+_assign(?:submission|feedback)_")
PLAYER_TOML = folder_mod.PLAYER_TOML
POSITIONS_TOML = "positions.toml"
SKIPPED = frozenset({"__pycache__", "__MACOSX", POSITIONS_TOML})
MB = 1024 * 1024


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


@dataclass
class _Entry:
    name: str
    id: str | None
    paths: list[Path]
    error: tuple[str, dict[str, Any]] | None = None


def _who(path: Path) -> tuple[str, str | None] | None:
    """Whose entry ``path`` is, from its name: ``(name, Moodle id)``; None when it is nobody's."""
    if path.is_dir():
        moodle = MOODLE.match(path.name)
        return (moodle.group("name").strip(), moodle.group("id")) if moodle else (path.name, None)
    if path.is_file() and (moodle := MOODLE_FILE.match(path.name)):
        return moodle.group("name").strip(), moodle.group("id")
    if path.is_file() and path.suffix == ".py":
        return path.stem, None
    return None


def _entries(root: Path, out: Path | None = None) -> list[_Entry]:
    """The students, in the order of their names (:func:`nimarcade.i18n.outside.sort_key`):
    Moodle's folders of one student (file and online text) merged. ``out``: the command's output
    folder, never a student even when it lies among the submissions.

    A Moodle name that could be two participants' is that entry's error, never another student's
    work: Moodle's pattern found more than once in it (a student whose Moodle name holds
    ``Victim_12_assignsubmission_file_``), or one participant's number under two names."""
    found: dict[tuple[str, str | None], list[Path]] = {}
    odd: list[_Entry] = []
    skip = out.resolve() if out is not None else None
    for path in sorted(root.iterdir(), key=lambda p: p.name):
        if not _visible(path) or path.is_symlink() or (skip is not None and path.resolve() == skip):
            continue
        who = _who(path)
        if who is None:
            continue
        if len(MOODLE_MARK.findall(path.name)) > 1:
            odd.append(_Entry(path.name, None, [path], (N_("class.ambiguous_name"), {"file": printable(path.name)})))
            continue
        found.setdefault(who, []).append(path)
    names: dict[str, list[str]] = {}
    for name, ident in found:
        if ident is not None:
            names.setdefault(ident, []).append(name)
    entries = odd
    for (name, ident), paths in found.items():
        twice = sorted(names[ident], key=sort_key) if ident is not None and len(names[ident]) > 1 else None
        error = (N_("class.ambiguous_id"), {"id": ident, "names": printable(", ".join(twice))}) if twice else None
        entries.append(_Entry(name, ident, paths, error))
    return sorted(entries, key=lambda e: (sort_key(e.name), e.id or ""))


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
    return [path] if path.is_file() else folder_mod.files_of(path, None, SKIPPED)


def _too_big(size: int, files: int, max_bytes: int, max_files: int) -> tuple[str, dict[str, Any]]:
    """Why a student is not judged: more files than ``max_files``, else more bytes than ``max_bytes``."""
    if files > max_files:
        return N_("class.too_many_files"), {"n": files, "limit": max_files}
    return N_("class.too_big"), {"mb": round(size / MB, 1), "limit": round(max_bytes / MB, 1)}


def _copy(paths: list[Path], dest: Path, max_bytes: int, max_files: int
          ) -> tuple[dict[Path, Path], str, tuple[str, dict[str, Any]] | None]:
    """Copy the students' files into ``dest``; each original -> its copy, their digest, and the
    student's error when their files go beyond ``max_bytes`` or ``max_files`` (then nothing is
    copied, and nothing is left out in silence)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    listed: list[tuple[Path, Path, int]] = []
    for path in paths:
        base = path.parent if path.is_file() else path
        for file in _files(path):
            rel = file.relative_to(base)
            moodle = MOODLE_FILE.match(rel.name) if path.is_file() else None
            if moodle and len(MOODLE_MARK.findall(rel.name)) == 1:     # Moodle's zip without folders
                rel = Path(moodle.group("file"))
            listed.append((file, rel, file.stat().st_size))
    total = sum(size for _, _, size in listed)
    digest = hashlib.sha256()
    if total > max_bytes or len(listed) > max_files:
        digest.update(f"too big {total} {len(listed)} {max_bytes} {max_files}".encode())
        return {}, digest.hexdigest(), _too_big(total, len(listed), max_bytes, max_files)
    copies: dict[Path, Path] = {}
    for file, rel, _ in listed:
        target = dest.joinpath(*rel.parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        data = file.read_bytes()
        target.write_bytes(data)
        copies[file] = target
        digest.update(rel.as_posix().encode("utf-8") + b"\0" + hashlib.sha256(data).digest())
    return copies, digest.hexdigest(), None


def _oversized(paths: list[Path], too_big: Mapping[Path, safezip.Oversize]) -> tuple[int, int] | None:
    """The bytes and files of the zip's entries left out for their size that are (in) this student's."""
    hits = [size for where, size in too_big.items()
            if any(where == p or p in where.parents or where in p.parents for p in paths)]
    return (sum(h.bytes for h in hits), sum(h.files for h in hits)) if hits else None


def read(root: Path, out: Path, skip: Path | None = None, max_bytes: int = safezip.STUDENT_BYTES,
         max_files: int = safezip.STUDENT_FILES, too_big: Mapping[Path, safezip.Oversize] | None = None
         ) -> list[Submission]:
    """Every student of the submissions in ``root``, their work copied under ``out`` (``skip``:
    a folder of ``root`` that is no student's, the command's output). A student whose files go
    beyond ``max_bytes`` or ``max_files``, or whose entry of the zip was left out for its size
    (``too_big``, :attr:`.safezip.Unpacked.too_big` with the unpacked folder's paths), is that
    student's error ("too big"), and the others are read as usual."""
    students: list[Submission] = []
    taken: set[str] = set()
    for entry in _entries(root, skip):
        name, ident, paths = printable(entry.name), entry.id, entry.paths
        base = slug(name) + (f"-{ident}" if ident else "")
        key, n = base, 2
        while key in taken:
            key, n = f"{base}-{n}", n + 1
        taken.add(key)
        copies, digest, error = _copy(paths, out / key, max_bytes, max_files)
        left_out = _oversized(paths, too_big or {})
        if left_out is not None:
            error = _too_big(*left_out, max_bytes, max_files)
            digest = hashlib.sha256(f"left out {left_out} {max_bytes} {max_files}".encode()).hexdigest()
        student = Submission(key, name, ident, None, out / key, digest=digest, sources=paths)
        student.error = entry.error or error
        if student.error is None:
            _choose_player(student, root, copies)
        student.file = printable(student.file) if student.file is not None else None
        if student.error is not None:           # the names of their files, escaped as their name is
            said, params = student.error
            student.error = (said, {k: printable(v) if isinstance(v, str) else v for k, v in params.items()})
        students.append(student)
    return students


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.name


def _choose_player(student: Submission, root: Path, copies: dict[Path, Path]) -> None:
    """Set the student's player (or their error) from the files handed in, as every seat reads a
    player's folder (:func:`nimarcade.players.folder.choose`: a notebook or a zip alone says what to do)."""
    original = {copy.resolve(): first for first, copy in copies.items()}
    try:
        found = folder_mod.choose(student.folder, list(copies.values()))
    except folder_mod.FolderError as bad:
        student.error = (bad.key, dict(bad.params))
        return
    if found.toml is not None:
        student.file = _relative(original[found.toml.resolve()], root)
    if found.python is not None:
        handed = original.get(found.python.resolve())
        if handed is not None:
            student.file = _relative(handed, root)
        student.player = found.python
        return
    student.command = found.command
    program = Path(found.command[0]) if found.command else None
    if program is not None and folder_mod.in_folder(program, student.folder) and program.is_file() \
            and not program.is_symlink():
        # a zip (Moodle's) keeps no permission bits: the student's program, in our copy of
        # their work, is made runnable again; a file anywhere else (/usr/bin/java, a file of
        # the teacher's) is never touched, and runs as it is or not at all
        program.chmod(program.stat().st_mode | 0o111)
