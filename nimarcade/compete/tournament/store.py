"""The tournament's folder: every finished game kept as soon as it ends, so nothing finished is
ever lost and a rerun completes what is missing.

``results.jsonl`` starts with a line of the tournament's settings, then one line a finished game
(its result and its record). A line is appended whole with one ``write`` on a file opened for
appending, then synced, with Ctrl+C held back meanwhile: a game is either in the file or not.
A line cut by a crash of the machine is dropped on reading (that game is played again). Beside
it, ``games/`` holds each game's record and its other formats; a name already taken (by an
interrupted run) is never overwritten: the new file gets a number.

One run at a time: a :class:`Store` holds the folder's lock (``.lock``,
:mod:`nimarcade.storage.locks`) from its opening to :meth:`Store.close` (or the end of the
process, however it ends); a second run on the same folder meanwhile gets
:class:`~nimarcade.storage.locks.Busy` at once, instead of playing the same games again beside it.
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import threading
from pathlib import Path
from typing import Any, Iterator, Mapping

from nimarcade.storage import locks
from nimarcade.storage.files import atomic_write_text
from nimarcade.storage.regular import read_regular

from nimarcade.compete.tournament.schedule import GameResult

FORMAT = "nimarcade-tournament 1"
RESULTS = "results.jsonl"
GAMES = "games"
#: The lock file a run holds (:class:`Store`).
LOCK = ".lock"
#: The largest results file read (a long tournament's games, their records in them).
RESULTS_LIMIT = 512 * 1024 * 1024


class OtherTournament(ValueError):
    """The folder holds the results of a tournament with other settings (``found``)."""

    def __init__(self, found: Mapping[str, Any]) -> None:
        self.found = dict(found)
        super().__init__(json.dumps(self.found))


@contextlib.contextmanager
def _held_interrupt() -> Iterator[None]:
    """Ctrl+C waits until the block is done, then acts as it would have (on the main thread, the
    only one Python's signal handlers run on)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught and callable(previous):
        previous(signal.SIGINT, None)


class Store:
    """The results of one tournament in ``folder`` (made if needed); ``settings`` must be those of
    the results already there (OtherTournament otherwise). Holds the folder's lock until
    :meth:`close` (:class:`~nimarcade.storage.locks.Busy` when another run holds it)."""

    def __init__(self, folder: Path, settings: Mapping[str, Any]) -> None:
        self.folder = folder
        self.path = folder / RESULTS
        self.settings = json.loads(json.dumps({"format": FORMAT, **settings}))     # as read back
        self.results: dict[str, GameResult] = {}
        folder.mkdir(parents=True, exist_ok=True)
        self.lock = locks.FileLock(folder / LOCK)
        self.lock.acquire(wait=False)
        try:
            (folder / GAMES).mkdir(exist_ok=True)
            if self.path.exists():
                self._load()
            else:
                atomic_write_text(self.path, json.dumps(self.settings, ensure_ascii=False) + "\n", shared=True)
        except BaseException:
            self.lock.release()
            raise

    def close(self) -> None:
        """Let another run use the folder."""
        self.lock.release()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _load(self) -> None:
        data = read_regular(self.path, RESULTS_LIMIT)
        whole = data[:data.rfind(b"\n") + 1]
        if len(whole) < len(data):              # a line cut short: dropped, so the next one starts clean
            with open(self.path, "r+b") as file:
                file.truncate(len(whole))
        lines = whole.decode("utf-8", errors="replace").splitlines()
        try:
            found = json.loads(lines[0]) if lines else {}
        except ValueError:
            found = {}
        if found != self.settings:
            raise OtherTournament(found)
        for line in lines[1:]:
            try:
                result = GameResult.from_json(json.loads(line))
            except (ValueError, KeyError, TypeError):
                continue                         # unreadable: that game is played again
            self.results[result.key] = result

    def _free_stem(self, stem: str, suffixes: list[str]) -> str:
        folder = self.folder / GAMES
        n = 1
        while True:
            name = stem if n == 1 else f"{stem}-{n}"
            if not any((folder / f"{name}{suffix}").exists() for suffix in suffixes):
                return name
            n += 1

    def add(self, result: GameResult, stem: str) -> list[str]:
        """Keep a finished game: its record files (named after ``stem``), then its line in the
        results; the names of its files."""
        suffixes = [".txt"] + [suffix for suffix, _ in result.formats]
        with _held_interrupt():
            name = self._free_stem(stem, suffixes)
            files = [f"{GAMES}/{name}.txt"]
            atomic_write_text(self.folder / files[0], result.record, shared=True)
            for suffix, text in result.formats:
                files.append(f"{GAMES}/{name}{suffix}")
                atomic_write_text(self.folder / files[-1], text, shared=True)
            line = json.dumps({**dataclasses.asdict(result), "files": files}, ensure_ascii=False) + "\n"
            _append(self.path, line.encode("utf-8"))
            self.results[result.key] = result
        return files


def _append(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
