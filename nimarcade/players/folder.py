"""A player handed in as a folder, the way a student hands it in: its one ``.py`` file, or what its
``player.toml`` names: ``file = "kayles.py"`` (a Python player), or ``command = ["./nimplayer"]`` /
``command = ["java", "-cp", ".", "Player"]`` (a program that speaks the protocol, docs/PROTOCOL.md:
a compiled C or Java player). Every word of the command that names a file or folder of the
player's folder, ``.`` included, is made the absolute path of that file; any other word (``java``,
``/usr/bin/java``) is kept as it is.

``nimarcade class`` reads each student's copy this way (:mod:`nimarcade.classroom.submissions`),
and every seat takes such a folder, or its ``player.toml``, as a player
(:func:`nimarcade.players.catalog.parse_seat`: ``judge --player FOLDER``), so that a student judges
the very folder they will hand in. No player, several, a ``player.toml`` that can't be read, or a
folder holding only a notebook or a zip is a :class:`FolderError` that says what to do. Pure
Python, no pygame; the folder is read, never changed.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from nimarcade.i18n import N_
from nimarcade.players.files import PlayerFileError

PLAYER_TOML = "player.toml"
#: Folders of a player's folder that hold none of its files.
SKIPPED = frozenset({"__pycache__", "__MACOSX"})
#: The files of a folder read at most (a seat that names a whole home folder stops there).
MAX_FILES = 2000


class FolderError(PlayerFileError):
    """A player's folder without a player it could run: ``key``/``params`` say why and what to do
    (a :class:`~nimarcade.players.files.PlayerFileError`, which every command says in one line)."""


@dataclass(frozen=True)
class Found:
    """The player of a folder: the ``player.toml`` read (None: the folder's one ``.py`` file), and
    either a Python player's file or a program's command (words made absolute)."""

    toml: Path | None
    python: Path | None = None
    command: tuple[str, ...] | None = None


def files_of(top: Path, limit: int | None = MAX_FILES, skipped: frozenset[str] = SKIPPED) -> list[Path]:
    """The regular files of the folder ``top`` and below (nothing hidden, nothing under a name of
    ``skipped``, no link followed: a file reached through a linked folder resolves elsewhere), in
    order; :class:`FolderError` past ``limit`` of them (None: no limit, the caller counts)."""
    out = []
    root = top.resolve()
    for item in sorted(top.rglob("*")):
        rel = item.relative_to(top)
        if any(part.startswith(".") or part in skipped for part in rel.parts):
            continue
        if item.is_file() and not item.is_symlink() and root in item.resolve().parents:
            out.append(item)
            if limit is not None and len(out) > limit:
                raise FolderError(N_("class.too_many_files"), n=f"> {limit}", limit=limit)
    return out


def choose(top: Path, files: Sequence[Path]) -> Found:
    """The player of the folder ``top`` among its ``files`` (:func:`files_of`, or a copy's):
    the one ``player.toml``, else the one ``.py`` file; :class:`FolderError` otherwise."""
    tomls = [p for p in files if p.name == PLAYER_TOML]
    if len(tomls) > 1:
        raise FolderError(N_("class.several_tomls"), n=len(tomls))
    if tomls:
        return read_toml(tomls[0], top)
    python = [p for p in files if p.suffix == ".py"]
    if len(python) > 1:
        names = sorted(p.relative_to(top).as_posix() for p in python)
        raise FolderError(N_("class.several_files"), files=", ".join(names))
    if not python:
        raise nothing_to_play(files)
    return Found(None, python=python[0])


def nothing_to_play(files: Sequence[Path]) -> FolderError:
    """Why a folder without a ``.py`` file nor a ``player.toml`` has no player, and what to do
    when its files say it: a notebook is exported as ``.py``, a zip inside is unzipped."""
    for suffix, key in ((".ipynb", N_("players.notebook")), (".zip", N_("players.nested_zip"))):
        found = next((p for p in files if p.suffix.lower() == suffix), None)
        if found is not None:
            return FolderError(key, file=found.name)
    return FolderError(N_("class.no_file"))


def read_toml(toml: Path, top: Path) -> Found:
    """A ``player.toml`` of the folder ``top``: a Python player's file or a program's command."""
    try:
        data = tomllib.loads(toml.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise FolderError(N_("class.bad_toml"), why=str(exc).splitlines()[0] if str(exc) else type(exc).__name__) \
            from None
    folder = toml.parent
    file, command = data.get("file"), data.get("command")
    if isinstance(file, str) and command is None:
        target = (folder / file).resolve()
        if top.resolve() not in target.parents or not target.is_file():
            raise FolderError(N_("class.toml_no_such_file"), file=file)
        return Found(toml, python=target)
    if isinstance(command, str):
        command = command.split()
    if file is None and isinstance(command, list) and command and all(isinstance(w, str) and w for w in command):
        return Found(toml, command=tuple(inside(word, folder, top) for word in command))
    raise FolderError(N_("class.toml_wants"))


def in_folder(path: Path, top: Path) -> bool:
    """Whether ``path`` is in the folder ``top`` (the folder itself excluded)."""
    return path.is_absolute() and top.resolve() in path.resolve().parents


def inside(word: str, folder: Path, top: Path) -> str:
    """A word of a command: the absolute path of the player's file or folder it names
    (``./nimplayer``, ``.``, ``Player.jar``, read from ``folder``, inside ``top``), else the word
    itself (``java``)."""
    if word.startswith("-") or "/" not in word and "." not in word and not (folder / word).exists():
        return word
    target = (folder / word).resolve()
    if (target == top.resolve() or top.resolve() in target.parents) and target.exists():
        return str(target)
    return word
