"""The saved games of a folder, as the list of saved games shows them: each record read and
replayed (ours and the formats the games offer, OGN...), with its date, newest first. A file that
cannot be opened is listed with the reason, never dropped, and never stops the list. Pure Python,
no pygame.
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from pathlib import Path

from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.core.match import Match
from nimarcade.storage.regular import TEXT_LIMIT, read_regular_text

SUFFIXES = (".txt", ".ogn")
#: The newest files read (a folder of thousands of records still opens at once).
LIMIT = 200
DATE = re.compile(r'^\s*\[\s*Date\s+"(\d{4})\.(\d{2})\.(\d{2})"\s*\]', re.MULTILINE)


@dataclass(frozen=True)
class Entry:
    path: Path
    #: The game it holds (None: it cannot be opened).
    match: Match | None
    #: Why it cannot be opened, or what to know about it (a :class:`~nimarcade.records.record.RecordWarning`).
    problem: Exception | None
    #: The game's date (its ``Date`` tag), else the day the file was written.
    date: datetime.date
    modified: float

    @property
    def cut(self) -> bool:
        """It opens, with a warning."""
        return self.match is not None and self.problem is not None


def read_entry(path: Path) -> Entry:
    """One file, opened as the game would open it."""
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    day = datetime.date.fromtimestamp(modified) if modified else datetime.date.min
    notes: list[records.RecordWarning] = []
    try:
        match: Match | None = records.load_file(path, notes)
        problem: Exception | None = notes[0] if notes else None
    except (records.RecordError, levels.LevelError) as exc:
        match, problem = None, exc
    try:
        found = DATE.search(read_regular_text(path, TEXT_LIMIT, "utf-8-sig", errors="replace")[:4000])
        if found:
            day = datetime.date(*(int(g) for g in found.groups()))
    except (OSError, ValueError):
        pass
    return Entry(path, match, problem, day, modified)


def entries(folder: Path | None) -> list[Entry]:
    """The records of ``folder``, newest first (by the game's date, then the file's)."""
    if folder is None or not folder.is_dir():
        return []
    found = []
    for p in folder.iterdir():
        try:
            if p.suffix.lower() in SUFFIXES and p.is_file():
                found.append((p.stat().st_mtime, p))
        except OSError:
            continue
    newest = [p for _, p in sorted(found, key=lambda f: (f[0], f[1].name), reverse=True)[:LIMIT]]
    return sorted((read_entry(p) for p in newest), key=lambda e: (e.date, e.modified, e.path.name),
                  reverse=True)
