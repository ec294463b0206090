"""Where the game keeps its files, and how it writes them so that nothing is ever half-written.

- Folders: the platform's own (``platformdirs``): ``~/.config/nimarcade`` and
  ``~/.local/share/nimarcade`` on Linux, ``%APPDATA%`` on Windows, ``~/Library`` on macOS.
  ``$NIMARCADE_CONFIG_DIR`` puts every file the game writes under one folder (tests, portable use).
- Writes are atomic: a temporary file in the same folder, fsync, ``os.replace``; killing the
  process at any moment leaves either the old file or the new one, complete.
- Every JSON file carries its kind and a format version. A file that cannot be read, or that a
  newer version of the game wrote, is kept aside (``name.broken``, ``name.broken-2``...) and
  never overwritten; the caller gets a translation key to tell the player.

Pure Python, no pygame.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar
from nimarcade.i18n import N_

APP = "nimarcade"
ENV_DIR = "NIMARCADE_CONFIG_DIR"

T = TypeVar("T")


def config_dir() -> Path:
    """Settings live here."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False, roaming=True))


def data_dir() -> Path:
    """The autosave, the statistics and the saved game records live here."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False, roaming=True))


def records_dir() -> Path:
    return data_dir() / "records"


def legacy_config_dir() -> Path:
    """Where versions before the platform folders kept the settings (``~/.config/nimarcade``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(Path.home(), ".config")
    return Path(base) / APP


def migrate_legacy_settings(new_path: Path, legacy: Path | None = None) -> bool:
    """Move the old settings file to its new folder once; never overwrites a newer one."""
    if os.environ.get(ENV_DIR):
        return False
    old = (legacy or legacy_config_dir()) / new_path.name
    try:
        if old.resolve() == new_path.resolve() or not old.exists() or new_path.exists():
            return False
        atomic_write_bytes(new_path, old.read_bytes())
        old.unlink()
    except OSError:
        return False
    return True


# -- atomic writes ---------------------------------------------------------------------------------
def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a reader (or a crash) sees the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows has no directory handles to sync)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def keep_aside(path: Path) -> str | None:
    """Rename a file that cannot be used to ``name.broken`` (or ``.broken-2``...); its new name."""
    for n in range(1, 100):
        suffix = ".broken" if n == 1 else f".broken-{n}"
        target = path.with_name(path.name + suffix)
        if not target.exists():
            try:
                path.replace(target)
            except OSError:
                return None
            return target.name
    return None


# -- versioned JSON files --------------------------------------------------------------------------
class FormatError(ValueError):
    """The content of a file is not what its kind expects."""


class Salvaged(FormatError):
    """A file partly readable: ``value`` is what could be read; the file is kept aside all the
    same (nothing is lost) and ``problem`` (a translation key) tells the player."""

    def __init__(self, value: Any, problem: str) -> None:
        super().__init__(problem)
        self.value, self.problem = value, problem


@dataclass
class Loaded(Generic[T]):
    value: T | None
    #: A translation key for a message to show the player ({file} is the kept-aside name).
    problem: str | None = None
    kept_as: str | None = None


class VersionedFile(Generic[T]):
    """One JSON file ``{"kind": ..., "version": N, ...}``; ``path=None`` keeps it in memory only.

    ``decode(data, version)`` turns the JSON object into a value (raising ``FormatError``,
    ``KeyError``, ``TypeError`` or ``ValueError`` when it is wrong, or :class:`Salvaged` with
    what it could read); ``encode`` does the reverse.
    Versions below ``version`` are decoded too (the decoder migrates them); ``legacy`` accepts a
    file without any version stamp (written before files were versioned).
    """

    def __init__(self, path: Path | None, kind: str, version: int, decode: Callable[[dict, int], T],
                 encode: Callable[[T], dict], legacy: bool = False) -> None:
        self.path, self.kind, self.version = path, kind, version
        self.decode, self.encode, self.legacy = decode, encode, legacy
        self.blocked = False          # a broken file could not be moved aside: never write over it
        self.memory: T | None = None

    def load(self) -> Loaded[T]:
        if self.path is None:
            return Loaded(self.memory)
        if not self.path.exists():
            return Loaded(None)
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise FormatError("not an object")
            if "version" not in raw and self.legacy:
                return Loaded(self.decode(raw, 0))
            if raw.get("kind") != self.kind or not isinstance(raw.get("version"), int):
                raise FormatError("not a " + self.kind)
            if raw["version"] > self.version:
                return self._aside(N_("storage.newer"))
            return Loaded(self.decode(raw, raw["version"]))
        except Salvaged as part:
            kept = self._aside(part.problem)
            return Loaded(part.value, part.problem, kept.kept_as)
        except (OSError, ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
            return self._aside(N_("storage.broken"))

    def _aside(self, problem: str) -> Loaded[T]:
        assert self.path is not None
        kept = keep_aside(self.path)
        if kept is None:
            self.blocked = True
        return Loaded(None, problem, kept)

    def save(self, value: T) -> str | None:
        """Write atomically; a translation key when it failed (the game goes on)."""
        if self.path is None:
            self.memory = value
            return None
        if self.blocked:
            return N_("storage.save_failed")
        data = {"kind": self.kind, "version": self.version, **self.encode(value)}
        try:
            atomic_write_text(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        except OSError:
            return N_("storage.save_failed")
        return None

    def delete(self) -> None:
        if self.path is None:
            self.memory = None
            return
        if self.blocked:
            return
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass


def as_dict(value: Any) -> dict:
    if not isinstance(value, dict):
        raise FormatError("not an object")
    return value
