"""The class's files: ``class.json`` (everything, in the shape the package's docstring gives, the
contract with the HTML report) and ``grades.csv`` for Moodle's offline grading worksheet.

grades.csv has every column Moodle's import requires, named as the teacher's Moodle names them
(``--moodle-lang``; :mod:`.moodle` says what the import does, as read in Moodle's code):
``Identifier`` (``Participant <id>``, empty for a student without a Moodle identifier: Moodle
then can't match the row, and the teacher sees it), ``Full name``, ``Grade`` (with the site's
decimal sign, not the run's: an English Moodle reads « 10,5 » as 10), ``Last modified (grade)``
(the run's date as PHP's ``strtotime`` reads it) and ``Feedback comments`` (one line:
:func:`feedback`). Separated by commas, as Moodle's own download and its upload form's default,
UTF-8 with a byte-order mark; no cell that a spreadsheet would take for a formula
(:mod:`nimarcade.storage.csvcells`), and no control or direction character raw in a name or a
comment (:func:`nimarcade.i18n.outside.printable`). Both files are readable by others (a teacher
publishes them).
"""
from __future__ import annotations

import datetime
import json
import math
from pathlib import Path
from typing import Any, Mapping, Sequence

from nimarcade.i18n import decimal, tr
from nimarcade.i18n.outside import printable

from nimarcade.classroom import moodle
from nimarcade.classroom.results import publish

CLASS_JSON = "class.json"
GRADES_CSV = "grades.csv"
#: Moodle's own words by the language of the teacher's site (``--moodle-lang``: any language with a
#: catalogue) are :func:`.moodle.site`'s: its import compares each heading with them and reads the
#: grade with its decimal sign. They are Moodle's strings, kept in each catalogue's ``moodle.*``
#: entries, English's for a language whose Moodle words the catalogue doesn't give.
#: grades.csv's columns on an English site, in their order.
MOODLE_COLUMNS = moodle.columns(moodle.site("en"))
#: Moodle's word before a participant's number in ``Identifier``.
PARTICIPANT = moodle.site("en").participant
#: A forfeit's exception or reason in the Moodle comment, at most (characters).
WHY_LIMIT = 200


def grade(kept: int, won: int, scale: float, base: float = 0.0) -> float:
    """The share of won positions kept, on ``scale``, from the floor ``base`` (the percent the
    baseline player keeps, ``--baseline``: it and below get 0) to perfect (the scale):
    ``scale * max(0, score - base) / (100 - base)``, rounded to the nearest half point (a half
    rounds up: 13.25 -> 13.5). A floor of 100 % leaves only perfect play a grade."""
    if not won:
        return 0.0
    score = 100 * kept / won
    if base >= 100:
        return float(scale) if kept >= won else 0.0
    exact = scale * max(0.0, score - base) / (100 - base)
    return math.floor(exact * 2 + 1e-9 + 0.5) / 2


def passes(value: float, scale: float, pass_mark: float) -> bool:
    """Whether a grade, as rounded and shown, reaches ``pass_mark`` percent of the scale: the one
    number the grade and the pass mark share (49.9 % is 10/20, which a mark of 50 % passes)."""
    return value >= pass_mark / 100 * scale - 1e-9


def finish(student: Mapping[str, Any], scale: float, pass_mark: float | None, base: float | None = None) -> dict[str, Any]:
    """A judged student's entry with their grade (from the floor ``base``, in percent: see
    :func:`grade`), pass (decided on that grade) and one-line feedback."""
    entry = dict(student)
    for key in ("not_asked_reason", "time_max", "time_median"):      # results kept by an older run
        entry.setdefault(key, None)
    judged = entry["status"] == "judged"
    entry["grade"] = grade(entry["kept"], entry["won"], scale, base or 0.0) if judged else 0.0
    entry["passed"] = None if pass_mark is None else bool(judged and passes(entry["grade"], scale, pass_mark))
    entry["feedback"] = feedback(entry, scale)
    for key in ("rank", "elo", "elo_margin", "points", "games"):
        entry.setdefault(key, None)
    entry.setdefault("results", [])
    return entry


def feedback(entry: Mapping[str, Any], scale: float) -> str:
    """Moodle's comment, plain sentences a student reads in one go: the score and the grade (and
    the teacher's positions passed); then the won positions lost with one example, a mistake
    (where, the move played, the winning one) or else a forfeit (its exception line when the
    program crashed, else its reason), and the positions not asked, counted lost, with why; or
    why the player could not be judged. Never a promise of a detail that isn't there: the rest is
    on the student's page."""
    if entry["status"] != "judged":
        return tr("class.feedback_error", why=_short(entry["error"] or ""), grade=decimal(0, 1),
                  scale=decimal(scale, 1))
    score = {"score": decimal(entry["score"] or 0.0, 1), "kept": entry["kept"], "won": entry["won"],
             "grade": decimal(entry["grade"], 1), "scale": decimal(scale, 1)}
    asked = [t for t in entry.get("teacher") or [] if t.get("passed") is not None]
    if asked:
        parts = [tr("class.feedback_score_teacher", **score, passed=sum(1 for t in asked if t["passed"]),
                    total=len(asked))]
    else:
        parts = [tr("class.feedback_score", **score)]
    lost = max(0, int(entry["won"] or 0) - int(entry["kept"] or 0))
    mistakes, forfeits = entry.get("mistakes") or [], entry.get("forfeits") or []
    if not lost:
        parts.append(tr("class.feedback_all_kept"))
    elif mistakes:
        m = mistakes[0]
        parts.append(tr("class.feedback_lost_mistake", n=lost, where=_where(m.get("moves")), move=m.get("played") or "",
                        winning=", ".join((m.get("winning") or [])[:3])))
    elif forfeits:
        f = forfeits[0]
        why = f.get("exception") or f.get("reason") or ""
        parts.append(tr("class.feedback_lost_forfeit", n=lost, where=_where(f.get("moves")), why=_short(why)))
    not_asked = int(entry.get("not_asked") or 0)
    if not_asked and lost:
        reason = entry.get("not_asked_reason") or ""
        parts.append(tr("class.feedback_not_asked", n=not_asked, why=_short(str(reason))) if reason
                     else tr("class.feedback_not_asked_plain", n=not_asked))
    return " ".join(parts)


def _where(moves: Sequence[str] | None) -> str:
    """Where a position is, for a student: the moves from the start, or the start."""
    return tr("judge.after", moves=" ".join(moves)) if moves else tr("judge.start")


def _short(text: str) -> str:
    """One line of at most :data:`WHY_LIMIT` characters, nothing that acts on a terminal."""
    line = " ".join(printable(str(text)).split()).rstrip(".")
    return line if len(line) <= WHY_LIMIT else line[:WHY_LIMIT - 1].rstrip() + "\u2026"


def write_json(folder: Path, data: Mapping[str, Any]) -> Path:
    return publish(folder / CLASS_JSON, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def grade_text(value: float) -> str:
    """A grade as the language writes it (« 17,5 », "17.5"), whole grades without decimals."""
    return decimal(value, 1)


def grade_rows(students: Sequence[Mapping[str, Any]], moodle_lang: str = "en",
               when: datetime.datetime | None = None) -> list[list[str]]:
    """The worksheet's heading (as a Moodle site in the language ``moodle_lang`` names its
    columns), then a row per student; ``when``: the date of the grades (now by default)."""
    return moodle.grade_rows(students, moodle.site(moodle_lang), when or datetime.datetime.now().astimezone())


def write_csv(folder: Path, students: Sequence[Mapping[str, Any]], moodle_lang: str = "en",
              when: datetime.datetime | None = None) -> Path:
    """grades.csv for Moodle's import (:func:`.moodle.grades_csv`)."""
    text = moodle.grades_csv(students, moodle.site(moodle_lang), when or datetime.datetime.now().astimezone())
    return publish(folder / GRADES_CSV, text)
