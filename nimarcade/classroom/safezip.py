"""A class's zip (Moodle's "Download all submissions"), unpacked without trusting it.

A zip is a file anybody can make: a name may climb out of the folder it is unpacked into
(``../../.bashrc``, an absolute path: "zip-slip"), a member may be a symbolic link to a file of the
teacher's, and a few kilobytes may unpack to gigabytes ("zip bomb"). Here a member whose name
leaves the folder, or that is a link, is never written (each one is named in :attr:`Unpacked.refused`);
the members and the bytes written are counted against limits (the bytes as they are really
unpacked, not as the zip declares them), and going beyond one stops the whole unpacking with
:class:`UnsafeZip`. Names keep their accents and spaces. Pure Python.
"""
from __future__ import annotations

import shutil
import stat
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from nimarcade.i18n import N_, Said

#: At most this many members in a class's zip...
MAX_MEMBERS = 5_000
#: ...and this many bytes once unpacked (the whole zip), and this many for one member.
MAX_BYTES = 256 * 1024 * 1024
MAX_MEMBER_BYTES = 32 * 1024 * 1024
CHUNK = 64 * 1024


class UnsafeZip(Said):
    """The zip can't be unpacked safely, or isn't a zip: ``key``/``params`` say why (translated by
    :attr:`message`)."""


@dataclass
class Unpacked:
    """Where the zip went, and the members left out (their names as the zip gives them)."""

    folder: Path
    refused: list[str] = field(default_factory=list)


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


def unpack(zip_path: Path, folder: Path) -> Unpacked:
    """Unpack ``zip_path`` into ``folder`` (emptied first); :class:`UnsafeZip` when it is no zip
    or goes beyond the limits."""
    if not zipfile.is_zipfile(zip_path):
        raise UnsafeZip(N_("class.zip_not_zip"), file=str(zip_path))
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    done = Unpacked(folder)
    written = 0
    try:
        with zipfile.ZipFile(zip_path) as archive:
            members = archive.infolist()
            if len(members) > MAX_MEMBERS:
                raise UnsafeZip(N_("class.zip_too_many"), file=zip_path.name, n=len(members), max=MAX_MEMBERS)
            for info in members:
                inside = member_path(info.filename)
                if inside is None or _is_link(info):
                    done.refused.append(info.filename)
                    continue
                target = folder.joinpath(*inside.parts)
                if info.is_dir():
                    target.mkdir(parents=True, exist_ok=True)
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                size = 0
                with archive.open(info) as source, open(target, "wb") as out:
                    while chunk := source.read(CHUNK):
                        size += len(chunk)
                        written += len(chunk)
                        if size > MAX_MEMBER_BYTES or written > MAX_BYTES:
                            raise UnsafeZip(N_("class.zip_too_big"), file=zip_path.name,
                                            mb=MAX_BYTES // (1024 * 1024))
                        out.write(chunk)
    except UnsafeZip:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError) as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise UnsafeZip(N_("class.zip_broken"), file=zip_path.name, why=str(exc) or type(exc).__name__) from None
    return done
