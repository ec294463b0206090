"""Locks between processes: two windows, or a window and a command, on one data folder.

A lock is an operating system's lock on a small file of its own beside what it guards
(``.stats.json.lock``, a tournament's ``.lock``): ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on
Windows. The system drops it when the process ends, however it ends (``kill -9`` included), so a
crash never leaves a folder locked; the lock file itself stays (removing it would race another
process taking it) and holds nothing. Pure Python, no pygame.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Iterator

if sys.platform == "win32":                              # pragma: no cover - Windows only
    import msvcrt
else:
    import fcntl


class Busy(OSError):
    """Another process holds the lock (asked without waiting)."""


class FileLock:
    """An exclusive lock on ``path`` (the file is made if needed). Hold it with ``with`` (waits
    until it is free) or :meth:`acquire` (``wait=False``: :class:`Busy` when another process holds
    it). Two locks of one process on one file exclude each other too (each opens the file)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, wait: bool = True) -> None:
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOINHERIT", 0) | getattr(os, "O_CLOEXEC", 0),
                     0o644)
        try:
            _lock(fd, wait)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        finally:
            os.close(fd)

    def __del__(self) -> None:
        """A lock forgotten (its holder gone without :meth:`release`) is let go with it."""
        try:
            self.release()
        except OSError:
            pass

    def __enter__(self) -> "FileLock":
        self.acquire()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


@contextmanager
def if_possible(path: Path) -> Iterator[bool]:
    """Held on ``path`` while the block runs when the lock can be made there (True), else the block
    runs unlocked (False: a folder that can't be written, say) -- for work that a lock only saves
    from being done twice, like compiling into a shared cache."""
    lock = FileLock(path)
    try:
        lock.acquire()
    except OSError:
        yield False
        return
    try:
        yield True
    finally:
        lock.release()


def lock_path(path: Path) -> Path:
    """The lock file that guards the data file ``path``: ``.NAME.lock`` beside it."""
    return path.with_name(f".{path.name}.lock")


if sys.platform == "win32":                              # pragma: no cover - Windows only
    def _lock(fd: int, wait: bool) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                return
            except OSError:
                if not wait:
                    raise Busy(f"{fd} is locked") from None
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)   # retries for about ten seconds, then raises
                return
            except OSError:
                continue

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
else:
    def _lock(fd: int, wait: bool) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            raise Busy("locked") from None

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
