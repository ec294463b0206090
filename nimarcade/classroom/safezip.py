"""A class's zip (Moodle's "Download all submissions"), unpacked without trusting it.

A zip is a file anybody can make: a name may climb out of the folder it is unpacked into
(``../../.bashrc``, an absolute path: "zip-slip"), a member may be a symbolic link to a file of the
teacher's, and a few kilobytes may unpack to gigabytes ("zip bomb"). Here a member whose name
leaves the folder, or that is a link, is never written (each one is named in :attr:`Unpacked.refused`).

One student never stops the class: each student's entry (a folder at the top of the zip, or under
the one folder that wraps them all; a file, in a zip without folders) is counted on its own, its
files and its bytes (as the zip declares them before anything is unpacked, then as they are
really unpacked, whatever the zip declared), and an entry
beyond :data:`STUDENT_BYTES` (``nimarcade class --max-size``) or :data:`STUDENT_FILES` is left
empty and named in :attr:`Unpacked.too_big`, for that student's error in the report. Only a zip
beyond the whole zip's bounds, :data:`MAX_MEMBERS` members or :data:`MAX_BYTES` unpacked (a bomb
made of many small students), stops the whole unpacking with :class:`UnsafeZip`, and nothing of
it is kept. Hidden files and folders, ``__MACOSX`` and ``__pycache__`` are nobody's work: not
unpacked, not counted. Names keep their accents and spaces. Pure Python.
"""
from __future__ import annotations

import shutil
import stat
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from nimarcade.i18n import N_, Said

#: At most this many members in a class's zip, and this many bytes unpacked in all (as really
#: decompressed, whatever the zip declares, an oversized student's bytes included up to where they
#: were stopped): beyond either the zip is a bomb, not a class, and nothing of it is kept. 50,000
#: members leave room for a class of 30 with a thousand files each; 1 GiB, for 30 students at
#: their 32 MB limit.
MAX_MEMBERS = 50_000
MAX_BYTES = 1024 * 1024 * 1024
#: At most this many bytes and files a student (:data:`STUDENT_BYTES` is ``nimarcade class
#: --max-size``'s default): beyond, that student alone is not unpacked (:attr:`Unpacked.too_big`).
STUDENT_BYTES = 32 * 1024 * 1024
STUDENT_FILES = 2_000
CHUNK = 64 * 1024
#: Folders never read as anyone's work (macOS's resource forks, Python's caches), nor is a hidden
#: file or folder (:mod:`.submissions` says so): not unpacked, not counted.
_NOT_WORK = ("__MACOSX", "__pycache__")


class UnsafeZip(Said):
    """The zip can't be unpacked safely, or isn't a zip: ``key``/``params`` say why (translated by
    :attr:`message`)."""


@dataclass(frozen=True)
class Oversize:
    """What a student's entry of the zip holds (at least: bytes as far as they were unpacked, or
    as declared when more), beyond one of the limits."""

    bytes: int
    files: int


@dataclass
class Unpacked:
    """Where the zip went, the members left out (their names as the zip gives them), and the
    students' entries not unpacked for their size: the entry's path in ``folder`` (a folder, or
    a file of a zip without folders; left there empty, so that the student is still listed) ->
    its size."""

    folder: Path
    refused: list[str] = field(default_factory=list)
    too_big: dict[PurePosixPath, Oversize] = field(default_factory=dict)


def member_path(name: str) -> PurePosixPath | None:
    """The member's path inside the folder, or None when it would leave it (absolute, a drive,
    ``..``) or names nothing."""
    text = name.replace("\\", "/")
    if text.startswith("/") or (len(text) > 1 and text[1] == ":"):
        return None
    parts = [p for p in text.split("/") if p not in ("", ".")]
    if not parts or any(p == ".." for p in parts):
        return None
    return PurePosixPath(*parts)


def _is_link(info: zipfile.ZipInfo) -> bool:
    mode = info.external_attr >> 16
    return stat.S_ISLNK(mode)


def students_depth(paths: list[PurePosixPath]) -> int:
    """How many leading folders the entries of a student are under: 0, or 1 when the zip wrapped
    everything in one folder of its own (``Devoir 3/Chloé_12_assignsubmission_file_/x.py``), as
    :func:`nimarcade.classroom.submissions.find_root` reads it."""
    tops = {p.parts[0] for p in paths}
    return 1 if len(tops) == 1 and any(len(p.parts) > 2 for p in paths) else 0


def _owner(path: PurePosixPath, depth: int) -> PurePosixPath:
    return PurePosixPath(*path.parts[:depth + 1])


def _drop(target: Path, file: bool) -> None:
    """An oversized entry emptied: a folder left empty, a file left with nothing in it."""
    if target.is_dir():
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if file:
        target.write_bytes(b"")
    else:
        target.mkdir(exist_ok=True)


def unpack(zip_path: Path, folder: Path, student_bytes: int | None = None,
           student_files: int | None = None) -> Unpacked:
    """Unpack ``zip_path`` into ``folder`` (emptied first); :class:`UnsafeZip` when it is no zip
    or goes beyond the whole zip's limits. A student's entry beyond ``student_bytes`` or
    ``student_files`` (default :data:`STUDENT_BYTES`, :data:`STUDENT_FILES`) is left empty and
    named in :attr:`Unpacked.too_big`: that student's error, not the class's."""
    if not zipfile.is_zipfile(zip_path):
        raise UnsafeZip(N_("class.zip_not_zip"), file=str(zip_path))
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    done = Unpacked(folder)
    try:
        with zipfile.ZipFile(zip_path) as archive:
            _unpack(archive, zip_path.name, done, STUDENT_BYTES if student_bytes is None else student_bytes,
                    STUDENT_FILES if student_files is None else student_files)
    except UnsafeZip:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError) as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise UnsafeZip(N_("class.zip_broken"), file=zip_path.name, why=str(exc) or type(exc).__name__) from None
    return done


def _unpack(archive: zipfile.ZipFile, name: str, done: Unpacked, student_bytes: int, student_files: int) -> None:
    members = archive.infolist()
    if len(members) > MAX_MEMBERS:
        raise UnsafeZip(N_("class.zip_too_many"), file=name, n=len(members), max=MAX_MEMBERS)
    wanted: list[tuple[zipfile.ZipInfo, PurePosixPath]] = []
    for info in members:
        inside = member_path(info.filename)
        if inside is None or _is_link(info):
            done.refused.append(info.filename)
        elif not any(part.startswith(".") or part in _NOT_WORK for part in inside.parts):
            wanted.append((info, inside))
    depth = students_depth([inside for _, inside in wanted])
    declared: dict[PurePosixPath, list[int]] = {}          # owner -> [bytes declared, files]
    for info, inside in wanted:
        if not info.is_dir():
            count = declared.setdefault(_owner(inside, depth), [0, 0])
            count[0] += info.file_size
            count[1] += 1
    for owner, (size, files) in declared.items():
        if size > student_bytes or files > student_files:
            done.too_big[owner] = Oversize(size, files)
    written = 0
    seen: dict[PurePosixPath, int] = {}
    for info, inside in wanted:
        owner = _owner(inside, depth)
        target = done.folder.joinpath(*inside.parts)
        if owner in done.too_big:
            continue
        if info.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            continue
        size = seen.get(owner, 0)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(info) as source, open(target, "wb") as out:
                while chunk := source.read(CHUNK):
                    size += len(chunk)
                    written += len(chunk)
                    if written > MAX_BYTES:
                        raise UnsafeZip(N_("class.zip_too_big"), file=name, mb=MAX_BYTES // (1024 * 1024))
                    if size > student_bytes:
                        break
                    out.write(chunk)
        except (IsADirectoryError, NotADirectoryError, FileExistsError):
            done.refused.append(info.filename)      # a name that is both a file and a folder of the zip
        seen[owner] = size
        if size > student_bytes:            # the zip declared less than it holds: a bomb, stopped here
            done.too_big[owner] = Oversize(max(size, declared[owner][0]), declared[owner][1])
    files_at_top = {inside for info, inside in wanted if not info.is_dir() and len(inside.parts) == depth + 1}
    for owner in done.too_big:
        _drop(done.folder.joinpath(*owner.parts), owner in files_at_top)
