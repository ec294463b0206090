"""What was set aside: every file this process found it could not use (renamed ``NAME.broken``,
or left where it was and never written over), so that the window says each of them, together.

A file can be set aside before the window exists (the front door reads the settings' language
first), and several at once (broken settings, a truncated autosave, garbage statistics): each
store notes its own here (:func:`note`, called by :class:`nimarcade.storage.files.VersionedFile`),
and the window takes those of its own folders once (:func:`take`) and shows one message with a
line each (:func:`message`): an error on screen replaces the one before, so one message per file
would show only the last. Pure Python, no pygame.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from nimarcade.i18n import N_, tr


@dataclass(frozen=True)
class SetAside:
    """A file found unusable: where it was, the name it is kept under (None: left where it was),
    and a translation key for the player (``{file}``: the kept name, else the file's own)."""

    path: Path
    kept_as: str | None
    problem: str

    def text(self, lang: str | None = None) -> str:
        return tr(self.problem, lang, file=self.kept_as or self.path.name)


#: The key of a file renamed ``NAME.broken`` (:class:`nimarcade.storage.files.VersionedFile`).
BROKEN = "storage.broken"

_found: list[SetAside] = []
_guard = threading.Lock()


def note(path: Path, kept_as: str | None, problem: str) -> SetAside:
    """Remember that ``path`` was found unusable (and kept as ``kept_as``)."""
    found = SetAside(path, kept_as, problem)
    with _guard:
        _found.append(found)
    return found


def _under(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False


def take(folders: Iterable[Path | None]) -> list[SetAside]:
    """The files set aside in ``folders`` (None: none) since the last call, in the order found;
    they are forgotten (each is said once). Those of other folders stay (another window's, a
    test's)."""
    wanted = [f for f in folders if f is not None]
    with _guard:
        mine = [f for f in _found if any(_under(f.path, folder) for folder in wanted)]
        _found[:] = [f for f in _found if f not in mine]
    return mine


def message(found: Iterable[SetAside], others: Iterable[str] = ()) -> str | None:
    """One text for the player: a line for each file set aside, then each of ``others`` (texts
    already said in words: a broken entry of engines.toml, a bad level); None when there is
    nothing to say."""
    found = list(found)
    broken = [f for f in found if f.problem == BROKEN and f.kept_as]
    said = [f.text() for f in found if not (len(broken) > 1 and f in broken)]
    if len(broken) > 1:                  # one line for them all: the message stays short on screen
        said.insert(0, tr(N_("storage.broken_many"), files=", ".join(f.kept_as or "" for f in broken)))
    lines = list(dict.fromkeys(said + [t for t in others if t]))
    return "\n".join(lines) if lines else None


def own_levels() -> list[str]:
    """A line for each level of the player's own level files (:func:`nimarcade.core.levels.user_folder`)
    that is left out, naming the file, the level and why (the good levels stay: :func:`nimarcade.core.levels.load`),
    and for each such file that can't be read at all; for the window's first message and a
    command's error output."""
    from nimarcade.core import levels, registry

    folder = levels.user_folder()
    if folder is None:
        return []
    lines = []
    for game in registry.GAMES:
        path = folder / f"{game}.toml"
        if not path.is_file():
            continue
        try:
            levels.load(game)
        except levels.LevelError:
            continue                      # the shipped file itself: not the player's to mend
        for problem in levels.own_problems(game):
            key = N_("lvl.own_level") if "level" in problem.params else N_("lvl.own_file")
            lines.append(tr(key, path=str(path), problem=problem.message()))
    return lines
