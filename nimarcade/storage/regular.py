"""Reading a data file whole, safely: only a regular file, and only up to a size.

Every file the game reads as data (settings, statistics, profiles, the autosave, level files,
records, a tournament's results) comes through :func:`read_regular`. A FIFO or a device with a
data file's name is refused without ever waiting on it (opened without blocking, checked before
a byte is read), so it can't hang the window; a file larger than its limit is refused before it
fills the memory (``/dev/zero`` read whole ends in a bare ``MemoryError``). Both errors are
``OSError`` (what a reader already catches) and carry a translation key that names the file.
Pure Python, no pygame.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

from nimarcade.i18n import N_, tr

#: The limit of a data file of the game's own (statistics, profiles, the autosave...).
DATA_LIMIT = 64 * 1024 * 1024
#: The limit of a file a person gives a command or writes by hand (a record, a level file).
TEXT_LIMIT = 16 * 1024 * 1024


class DataFileError(OSError):
    """A file that is not read: ``key`` (a translation key) and ``params`` say why."""

    def __init__(self, key: str, path: Path, **params: Any) -> None:
        super().__init__(key)
        self.key, self.path = key, path
        self.params = {"file": str(path), **params}
        self.filename = str(path)

    def message(self, lang: str | None = None) -> str:
        return tr(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.message()


class NotRegular(DataFileError):
    """A FIFO, a device, a folder or a socket where a data file was expected."""


class TooLarge(DataFileError):
    """A file larger than its reader's limit."""


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.0f}" if n >= 1024 * 1024 else f"{n / (1024 * 1024):.2f}"


def read_regular(path: Path | str, limit: int = DATA_LIMIT) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them: :class:`NotRegular` or
    :class:`TooLarge` otherwise (and any ``OSError`` of opening it, ``FileNotFoundError`` first)."""
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    if not hasattr(os, "O_NONBLOCK"):         # Windows: no opening without waiting, so look first
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            raise NotRegular(N_("storage.not_regular"), path)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(N_("storage.not_regular"), path)
        if info.st_size > limit:
            raise TooLarge(N_("storage.too_large"), path, size=_megabytes(info.st_size), limit=_megabytes(limit))
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:                  # it grew while being read
                raise TooLarge(N_("storage.too_large"), path, size=_megabytes(total), limit=_megabytes(limit))
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_regular_text(path: Path | str, limit: int = DATA_LIMIT, encoding: str = "utf-8",
                      errors: str = "strict") -> str:
    """:func:`read_regular`, decoded (``UnicodeDecodeError`` when it is not ``encoding``), its line
    ends made ``\\n`` as a file opened as text reads them."""
    return read_regular(path, limit).decode(encoding, errors).replace("\r\n", "\n").replace("\r", "\n")
