"""What is judged is kept: one JSON file per student in ``OUT/results/<key>.json``, written whole
as soon as the student is judged (atomically, :func:`nimarcade.storage.files.atomic_write_text`),
so that Ctrl+C loses nothing finished and the same command resumes.

Each file holds the settings' fingerprint (the game, its parameters, the positions asked, the
time a move, the seed, the teacher's positions, the language) and the hash of the student's files:
a student is judged again when either changed (a resubmission, another level), and skipped
otherwise. Grades are no part of it: ``--scale`` and ``--pass`` change without judging again.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Mapping

from nimarcade.storage.files import atomic_write_text
from nimarcade.storage.regular import DATA_LIMIT, read_regular

FORMAT = 1


def publish(path: Path, text: str) -> Path:
    """Write ``text`` whole, readable by others as the umask allows (usually 0644)."""
    atomic_write_text(path, text, shared=True)
    return path


def fingerprint(settings: Mapping[str, Any]) -> str:
    return hashlib.sha256(json.dumps(settings, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


class Results:
    """The students judged so far under one set of settings, in ``folder``."""

    def __init__(self, folder: Path, settings: Mapping[str, Any]) -> None:
        self.folder = folder
        self.settings = fingerprint(settings)
        folder.mkdir(parents=True, exist_ok=True)

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def get(self, key: str, digest: str) -> dict[str, Any] | None:
        """The student's entry when judged with these settings and these files, else None."""
        try:
            data = json.loads(read_regular(self.path(key), DATA_LIMIT))
        except (OSError, ValueError):
            return None
        if (not isinstance(data, dict) or data.get("format") != FORMAT or data.get("settings") != self.settings
                or data.get("digest") != digest or not isinstance(data.get("student"), dict)):
            return None
        return data["student"]

    def put(self, key: str, digest: str, student: Mapping[str, Any]) -> None:
        publish(self.path(key), json.dumps({"format": FORMAT, "settings": self.settings, "digest": digest,
                                            "student": dict(student)}, ensure_ascii=False, indent=1) + "\n")
