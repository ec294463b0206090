"""The class's files: ``class.json`` (everything, in the shape the package's docstring gives, the
contract with the HTML report) and ``grades.csv`` for Moodle's offline grading worksheet.

grades.csv has Moodle's own columns, ``Identifier`` (``Participant <id>``, empty for a student
without a Moodle identifier: Moodle then can't match the row, and the teacher sees it),
``Full name``, ``Grade`` and ``Feedback comments`` (one line). It follows the project's CSV
conventions (:mod:`nimarcade.people.class_export`): « ; » and a decimal comma in French, « , »
and a point in English, UTF-8 with a byte-order mark; and, as every CSV of the project, no cell
that a spreadsheet would take for a formula (:mod:`nimarcade.storage.csvcells`). Both files are
readable by others (a teacher publishes them).
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Mapping, Sequence

from nimarcade.i18n import decimal, tr
from nimarcade.people.class_export import csv_text

from nimarcade.classroom.results import publish

CLASS_JSON = "class.json"
GRADES_CSV = "grades.csv"
#: Moodle's offline grading worksheet's columns (its import matches them by name).
MOODLE_COLUMNS = ("Identifier", "Full name", "Grade", "Feedback comments")
#: Moodle's word before a participant's number in ``Identifier``.
PARTICIPANT = "Participant "
#: The same columns as a Moodle site in another language names them: its import compares each
#: heading with its own strings in the teacher's language (``recordid`` and ``hiddenuser`` of
#: mod_assign, core's ``fullname`` and ``gradenoun``, assignfeedback_comments' ``pluginname``), so
#: a French Moodle wants French headings (``--moodle-lang fr``). These are Moodle's words, not
#: ours: they are data, not the game's catalogue.
MOODLE_LANGUAGES: dict[str, tuple[tuple[str, str, str, str], str]] = {
    "en": (MOODLE_COLUMNS, PARTICIPANT),
    "fr": (("Identifiant", "Nom complet", "Note", "Feedback par commentaires"), "Participant "),
}


def grade(kept: int, won: int, scale: float) -> float:
    """The share of won positions kept, on ``scale``, rounded to the nearest half point (a half
    rounds up: 13.25 -> 13.5)."""
    if not won:
        return 0.0
    return math.floor(kept / won * scale * 2 + 0.5) / 2


def finish(student: Mapping[str, Any], scale: float, pass_mark: float | None) -> dict[str, Any]:
    """A judged student's entry with their grade, pass and one-line feedback."""
    entry = dict(student)
    judged = entry["status"] == "judged"
    entry["grade"] = grade(entry["kept"], entry["won"], scale) if judged else 0.0
    entry["passed"] = None if pass_mark is None else bool(judged and (entry["score"] or 0.0) >= pass_mark)
    entry["feedback"] = feedback(entry, scale)
    for key in ("rank", "elo", "elo_margin", "points", "games"):
        entry.setdefault(key, None)
    entry.setdefault("results", [])
    return entry


def feedback(entry: Mapping[str, Any], scale: float) -> str:
    """One line for the student: their score and grade, their mistakes and forfeits, the teacher's
    positions passed; or why they could not be judged."""
    if entry["status"] != "judged":
        return tr("class.feedback_error", why=entry["error"] or "", grade=decimal(0, 1), scale=decimal(scale, 1))
    parts = [tr("class.feedback_score", score=decimal(entry["score"] or 0.0, 1), kept=entry["kept"], won=entry["won"],
                grade=decimal(entry["grade"], 1), scale=decimal(scale, 1))]
    parts.append(tr("class.feedback_mistakes", n=len(entry["mistakes"])) if entry["mistakes"]
                 else tr("class.feedback_no_mistake"))
    if entry["forfeits"]:
        parts.append(tr("class.feedback_forfeits", n=len(entry["forfeits"]), why=entry["forfeits"][0]["reason"]))
    asked = [t for t in entry["teacher"] if t["passed"] is not None]
    if asked:
        parts.append(tr("class.feedback_teacher", passed=sum(1 for t in asked if t["passed"]), total=len(asked)))
    return " ".join(parts)


def write_json(folder: Path, data: Mapping[str, Any]) -> Path:
    return publish(folder / CLASS_JSON, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def grade_text(value: float) -> str:
    """A grade as the language writes it (« 17,5 », "17.5"), whole grades without decimals."""
    return decimal(value, 1)


def grade_rows(students: Sequence[Mapping[str, Any]], moodle: str = "en") -> list[list[str]]:
    """The worksheet's heading (as a Moodle site in the language ``moodle`` names its columns),
    then a row per student."""
    columns, participant = MOODLE_LANGUAGES[moodle]
    rows = [list(columns)]
    for s in students:
        rows.append([participant + s["id"] if s["id"] else "", s["name"], grade_text(s["grade"]), s["feedback"]])
    return rows


def write_csv(folder: Path, students: Sequence[Mapping[str, Any]], moodle: str = "en") -> Path:
    """grades.csv, as the project writes its spreadsheets (byte-order mark, separator, safe cells)."""
    return publish(folder / GRADES_CSV, "\ufeff" + csv_text(grade_rows(students, moodle)))
