"""A run never overwrites another: each ``nimarcade class`` into one ``--out`` keeps what it wrote
in ``runs/<date-time>/`` (``class.json``, ``grades.csv``, ``worksheet.csv``, ``feedback.zip``,
``index.html``, ``students/``, ``similar/``), and the same files at the top of ``--out`` are the latest run's
copy, where a teacher (and a script) always finds them. ``index.html`` links to the earlier runs,
and a student's entry carries their grade of the last run (``previous``) for their page.

What the runs share stays at the top, once: ``results/`` (each student judged, reused while their
files and the settings are the same: the resume after Ctrl+C), ``submissions/``, ``tournament/``.
An ``--out`` written before runs were kept (its ``class.json`` names no run of ``runs/``) is put
in ``runs/`` first, under the date it finished, so that nothing is lost. The folder's name is the
local date and time the run finished writing (``2026-12-06_14-05-09``; ``-2``... when two runs
share a second), so that the list sorts by date. Pure Python, no pygame.
"""
from __future__ import annotations

import datetime
import json
import shutil
from pathlib import Path
from typing import Any, Mapping

from nimarcade.storage.regular import DATA_LIMIT, read_regular

RUNS = "runs"
CLASS_JSON = "class.json"
#: The folders a run writes beside them: the students' pages, the similar pairs' pages.
FOLDERS = ("students", "similar")
#: What a run writes at the top of ``--out`` besides ``students/`` (the latest run's copy).
OUTPUTS = ("class.json", "grades.csv", "worksheet.csv", "feedback.zip", "index.html")
#: What makes two runs comparable: the same game on the same board.
_SAME = ("game", "level", "code", "misere", "params")


def stamp(when: datetime.datetime) -> str:
    """A run's folder name: its local date and time, sortable."""
    return when.astimezone().strftime("%Y-%m-%d_%H-%M-%S")


def _load(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(read_regular(path, DATA_LIMIT))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _free(root: Path, name: str) -> Path:
    """``root/name``, or ``name-2``, ``name-3``... when taken."""
    place, n = root / name, 1
    while place.exists():
        n += 1
        place = root / f"{name}-{n}"
    return place


class History:
    """The runs kept in ``folder`` and this run's place among them (``now``: when it writes)."""

    def __init__(self, folder: Path, now: datetime.datetime) -> None:
        self.folder = folder
        self.root = folder / RUNS
        self.now = now
        self._keep_unkept()
        self.earlier = self._earlier()
        self.last = _load(self.root / self.earlier[0]["run"] / CLASS_JSON) if self.earlier else None
        self.here = _free(self.root, stamp(now))
        self.run = self.here.name

    def _keep_unkept(self) -> None:
        """The top of ``--out`` moved into ``runs/`` when it is a run that isn't kept there."""
        data = _load(self.folder / CLASS_JSON)
        if data is None or (data.get("run") and (self.root / str(data["run"]) / CLASS_JSON).is_file()):
            return
        try:
            finished = datetime.datetime.fromisoformat(str(data.get("finished")))
        except ValueError:
            finished = datetime.datetime.fromtimestamp((self.folder / CLASS_JSON).stat().st_mtime)
        place = _free(self.root, str(data.get("run") or stamp(finished)))
        place.mkdir(parents=True)
        for name in (*OUTPUTS, *FOLDERS):
            if (self.folder / name).exists():
                shutil.move(str(self.folder / name), str(place / name))

    def _earlier(self) -> list[dict[str, Any]]:
        """The runs kept, newest first: their folder, when they finished, the class's mean grade."""
        if not self.root.is_dir():
            return []
        found = []
        for place in sorted(self.root.iterdir(), key=lambda p: p.name, reverse=True):
            data = _load(place / CLASS_JSON)
            if data is None:
                continue
            students = [s for s in data.get("students") or [] if isinstance(s, dict)]
            grades = [float(s["grade"]) for s in students if isinstance(s.get("grade"), (int, float))]
            found.append({"run": place.name, "finished": data.get("finished"), "title": data.get("title"),
                          "students": len(students), "scale": data.get("scale"),
                          "mean": round(sum(grades) / len(grades), 2) if grades else None})
        return found

    def links(self, top: bool) -> list[dict[str, Any]]:
        """The earlier runs for class.json's ``runs``, each with ``href``, its index from where
        this copy of the report is written (the top of ``--out``, or ``runs/<this run>/``)."""
        prefix = f"{RUNS}/" if top else "../"
        return [{**run, "href": f"{prefix}{run['run']}/index.html"} for run in self.earlier]

    def previous(self, key: str, now: Mapping[str, Any]) -> dict[str, Any] | None:
        """The student's grade of the last run (``grade``, ``scale``, ``run``), when that run judged
        the same game on the same board (``now``: this run's class.json)."""
        last = self.last
        if last is None or any(last.get(k) != now.get(k) for k in _SAME):
            return None
        for s in last.get("students") or []:
            if isinstance(s, dict) and s.get("key") == key and isinstance(s.get("grade"), (int, float)):
                return {"grade": s["grade"], "scale": last.get("scale"), "run": self.earlier[0]["run"]}
        return None

    def clear_top(self) -> None:
        """The latest run's copy at the top removed before this run writes its own (it is kept in
        ``runs/``): no page of a student who left stays behind."""
        for name in OUTPUTS:
            (self.folder / name).unlink(missing_ok=True)
        for name in FOLDERS:
            shutil.rmtree(self.folder / name, ignore_errors=True)
