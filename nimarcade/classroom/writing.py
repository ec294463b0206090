"""What a run of ``nimarcade class`` leaves behind (:mod:`.cli` judges, grades and ranks; this
writes): class.json, grades.csv, the teacher's worksheet filled in, the HTML report and
feedback.zip, in ``runs/<date-time>/`` and again at the top of the class's folder (:mod:`.runs`),
and the lines that say what the worksheet lacked.
"""
from __future__ import annotations

import argparse
import datetime
from pathlib import Path
from typing import Any, TextIO

from nimarcade.classroom import moodle, outputs
from nimarcade.classroom import runs as runs_mod
from nimarcade.i18n import N_, tr
from nimarcade.i18n.outside import printable
from nimarcade.storage.files import atomic_write_bytes


def write_html(data: dict[str, Any], folder: Path) -> Path:
    """index.html and the students' pages (:mod:`.html`), readable by others; the report's path
    (class.json's when the HTML writer isn't there)."""
    try:
        from nimarcade.classroom import html as html_report
    except ImportError:
        return folder / outputs.CLASS_JSON
    write = getattr(html_report, "write_report", None)
    if write is None:
        return folder / outputs.CLASS_JSON
    index = Path(write(data, folder))
    for page in [index, *(folder / "students").glob("*.html"), *(folder / "similar").glob("*.html")]:
        if page.is_file():
            page.chmod(0o644)
    return index


def write_run(args: argparse.Namespace, data: dict[str, Any], folder: Path, err: TextIO) -> Path:
    """This run's files in ``runs/<date-time>/``, then the same at the top of ``folder``, the latest
    run's copy (:mod:`.runs`: no run overwrites another): class.json, grades.csv, with
    ``--worksheet`` the teacher's worksheet filled in (``worksheet.csv``), the HTML report and
    ``feedback.zip`` (:mod:`.moodle`). Each student's entry gets ``late`` and ``submitted`` (from the
    worksheet's dates and ``--deadline``) and ``previous`` (their grade of the last run). The index
    at the top is returned."""
    now = datetime.datetime.now().astimezone()
    history = runs_mod.History(folder, now)
    students: list[dict[str, Any]] = data["students"]
    sheet: moodle.Worksheet | None = getattr(args, "sheet", None)
    submitted = sheet.submitted() if sheet is not None else {}
    deadline: datetime.datetime | None = args.deadline
    if deadline is not None and sheet is None:
        err.write(tr("class.deadline_without_worksheet") + "\n")
    for s in students:
        handed = submitted.get(str(s["id"])) if s.get("id") else None
        s["submitted"] = handed.isoformat(timespec="minutes") if handed else None
        s["late"] = None if deadline is None or handed is None else handed > deadline
        s["previous"] = history.previous(s["key"], data)
    data.update(run=history.run, runs=history.links(True),
                deadline=deadline.isoformat(timespec="minutes") if deadline else None)
    filled = sheet.fill(students, now) if sheet is not None else None
    site = sheet.site.lang if sheet is not None else args.moodle_lang
    index, left = folder / outputs.CLASS_JSON, []
    for place, top in ((history.here, False), (folder, True)):
        if top:
            history.clear_top()
        place.mkdir(parents=True, exist_ok=True)
        copy = {**data, "runs": history.links(top)}
        outputs.write_json(place, copy)
        outputs.write_csv(place, students, site, now)
        if sheet is not None:
            atomic_write_bytes(place / moodle.WORKSHEET_OUT, sheet.data(), shared=True)
        index = write_html(copy, place)
        pages = {s["key"]: page.read_text(encoding="utf-8") for s in students
                 if (page := place / "students" / f"{s['key']}.html").is_file()}
        left = moodle.write_feedback_zip(place, students, pages, now)
    if sheet is not None and filled is not None:
        say_worksheet(sheet, filled, folder / moodle.WORKSHEET_OUT, len(students), err)
    if left:
        err.write(tr("class.feedback_zip_left", names=", ".join(printable(n) for n in left)) + "\n")
    err.write(tr("class.runs_kept", folder=str(history.here), n=len(history.earlier)) + "\n")
    return index


def say_worksheet(sheet: moodle.Worksheet, filled: moodle.Filled, written: Path, total: int, err: TextIO) -> None:
    """A line for each student of ours the worksheet has no row for, each row of it without a
    submission, a missing comments column; then where the filled worksheet is."""
    for name, number in filled.missing:
        key = N_("class.worksheet_missing") if number else N_("class.worksheet_no_id")
        err.write(tr(key, name=printable(name), id=number or "") + "\n")
    for identifier, name in filled.unmatched:
        err.write(tr("class.worksheet_unmatched", identifier=printable(identifier), name=printable(name)) + "\n")
    if filled.no_comments:
        err.write(tr("class.worksheet_no_comments", column=sheet.site.comments) + "\n")
    err.write(tr("class.worksheet_written", file=str(written), n=total - len(filled.missing)) + "\n")
