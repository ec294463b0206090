"""Where the game keeps its files, and how it writes them so that nothing is ever half-written.

- Folders: the platform's own (``platformdirs``): ``~/.config/nimarcade`` and
  ``~/.local/share/nimarcade`` on Linux, ``%APPDATA%`` on Windows, ``~/Library`` on macOS.
  ``$NIMARCADE_CONFIG_DIR`` puts every file the game writes under one folder (tests, portable use).
- Writes are atomic: a temporary file in the same folder, fsync, ``os.replace``; killing the
  process at any moment leaves either the old file or the new one, complete.
- Every JSON file carries its kind and a format version. A file that cannot be read, or that a
  newer version of the game wrote, is kept aside (``name.broken``, ``name.broken-2``...) and
  never overwritten; the caller gets a translation key to tell the player, and the window finds
  it in :mod:`nimarcade.storage.aside` with every other file set aside.
- Only a regular file is read, up to a size (:mod:`nimarcade.storage.regular`): a FIFO or a device
  under a data file's name is said and left alone, never waited on.
- Several processes share one data folder (two windows, a window and a command): a change is
  merged (:meth:`VersionedFile.update`: read the file, apply the change, write it, all under the
  file's lock, :mod:`nimarcade.storage.locks`), so that neither loses the other's results. A
  temporary file left by a write that was killed is removed at the next load, under that lock,
  once old enough (:data:`STALE_SECONDS`) not to be a live writer's.

Pure Python, no pygame.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar
from nimarcade.i18n import N_
from nimarcade.storage import aside, locks
from nimarcade.storage.failures import write_failed
from nimarcade.storage.regular import DATA_LIMIT, NotRegular, read_regular

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
        atomic_write_bytes(new_path, read_regular(old, DATA_LIMIT))
        old.unlink()
    except OSError:
        return False
    return True


# -- atomic writes ---------------------------------------------------------------------------------
def atomic_write_bytes(path: Path, data: bytes, shared: bool = False) -> None:
    """Write ``data`` to ``path`` so that a reader (or a crash) sees the old or the new file.
    ``shared``: a file made to be published (a tournament's tables and games, a class's results),
    readable by others as any file a program creates (0666 less the umask, usually 0644) instead
    of the temporary file's private 0600."""
    atomic_write_with(path, lambda f: f.write(data), shared)


def atomic_write_with(path: Path, write: Callable[[Any], object], shared: bool = False) -> None:
    """:func:`atomic_write_bytes` for a file written by ``write(binary_file)`` as it goes (a large
    array streamed, never held twice in memory)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if shared and hasattr(os, "fchmod"):
            os.fchmod(fd, 0o666 & ~umask())
        with os.fdopen(fd, "wb") as f:
            write(f)
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


def atomic_write_text(path: Path, text: str, shared: bool = False) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), shared)


def umask() -> int:
    """The process's umask (read from /proc where it can be: setting it to read it back races
    with the threads that create files meanwhile)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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


#: A temporary file of an atomic write older than this (seconds) is a dead writer's: a write
#: holds its file's lock while it writes, and none takes minutes.
STALE_SECONDS = 600.0


def temporaries(path: Path) -> list[Path]:
    """The temporary files of atomic writes of ``path`` (``.NAME.xxxx.tmp``) in its folder."""
    try:
        return sorted(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return []


def sweep_temporaries(path: Path, now: float | None = None, older: float = STALE_SECONDS) -> list[str]:
    """Remove the temporary files of ``path``'s interrupted writes (``kill -9`` during a write)
    last changed more than ``older`` seconds before ``now``; call it holding ``path``'s lock.
    The names removed."""
    now = time.time() if now is None else now
    removed = []
    for tmp in temporaries(path):
        try:
            if now - tmp.lstat().st_mtime > older:
                tmp.unlink()
                removed.append(tmp.name)
        except OSError:
            continue
    return removed


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
        #: The translation key for a file that can't be read (a store may say it its own way).
        self.broken = N_("storage.broken")

    def lock(self) -> locks.FileLock:
        """The lock every write of this file holds (:func:`nimarcade.storage.locks.lock_path`)."""
        assert self.path is not None
        return locks.FileLock(locks.lock_path(self.path))

    def load(self) -> Loaded[T]:
        """The file's value (None when there is none), with what was wrong when it was set aside.
        Temporary files of interrupted writes are removed on the way."""
        if self.path is None:
            return Loaded(self.memory)
        held = self.lock()
        lock: locks.FileLock | None = held     # None when it could not be had
        try:
            held.acquire()
        except OSError:                   # no lock to be had (a read-only folder): read all the same
            lock = None
        try:
            if lock is not None:
                sweep_temporaries(self.path)
            return self._read()
        finally:
            if lock is not None:
                lock.release()

    def _read(self) -> Loaded[T]:
        assert self.path is not None
        try:
            data = read_regular(self.path, DATA_LIMIT)
        except FileNotFoundError:
            return Loaded(None)
        except NotRegular:                # a FIFO, a device: said, never moved nor written over
            self.blocked = True
            aside.note(self.path, None, N_("storage.not_regular"))
            return Loaded(None, N_("storage.not_regular"), None)
        except OSError:
            return self._aside(self.broken)
        try:
            raw = json.loads(data.decode("utf-8"))
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
        except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError, RecursionError):
            return self._aside(self.broken)

    def _aside(self, problem: str) -> Loaded[T]:
        assert self.path is not None
        kept = keep_aside(self.path)
        if kept is None:
            self.blocked = True
        aside.note(self.path, kept, problem)
        return Loaded(None, problem, kept)

    def save(self, value: T) -> str | None:
        """Write atomically (under the file's lock); a translation key when it failed (the game goes on)."""
        if self.path is None:
            self.memory = value
            return None
        if self.blocked:
            return N_("storage.save_failed")
        try:
            with self.lock():
                self._write(value)
        except OSError as err:
            return write_failed(self.path, err)
        return None

    def _write(self, value: T) -> None:
        assert self.path is not None
        data = {"kind": self.kind, "version": self.version, **self.encode(value)}
        atomic_write_text(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")

    def update(self, change: Callable[[T | None], T], mine: T | None = None) -> tuple[T, str | None]:
        """Merge a change with what other processes wrote: under the file's lock, read the file,
        apply ``change`` to its value (None when there is none), write the result. The value
        written and a problem key: the file could not be written, or what was there was set aside
        (the change is then applied to what could be salvaged of it). A file that can't be used
        (:attr:`blocked`) is never read again: the change is applied to ``mine`` (the caller's own
        value) and kept for the session."""
        if self.path is None:
            self.memory = change(self.memory)
            return self.memory, None
        if self.blocked:
            return change(mine), N_("storage.save_failed")
        held = self.lock()
        lock: locks.FileLock | None = held     # None when it could not be had
        try:
            held.acquire()
        except OSError:                   # no lock to be had: the write below fails the same way
            lock = None
        try:
            loaded = self._read()
            value = change(mine if self.blocked else loaded.value)
            if self.blocked:
                return value, loaded.problem or N_("storage.save_failed")
            try:
                self._write(value)
            except OSError as err:
                return value, write_failed(self.path, err)
            return value, loaded.problem
        finally:
            if lock is not None:
                lock.release()

    def delete(self) -> None:
        if self.path is None:
            self.memory = None
            return
        if self.blocked:
            return
        try:
            with self.lock():
                self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass


def as_dict(value: Any) -> dict:
    if not isinstance(value, dict):
        raise FormatError("not an object")
    return value
