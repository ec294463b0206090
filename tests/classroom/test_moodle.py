"""Moodle, both ways (:mod:`nimarcade.classroom.moodle`): grades.csv and a filled worksheet read back
by the rules of Moodle's own import (mirrored here from ``mod/assign/feedback/offline``'s
``importgradeslib.php`` and ``locallib.php`` and ``lib/csvlib.class.php``: headings compared with
the site's exact strings, the separator, ``unformat_float``, ``strtotime``, the staleness check;
PHP's own ``strtotime`` too where ``php`` is installed), a worksheet Moodle downloaded
(``data/moodle-worksheet.csv``, written by PHP's ``fputcsv`` with the columns of
``gradingtable.php``) filled without losing a column, feedback.zip's names read by
``importziplib.php``'s rule, the Moodle comment, and runs that never overwrite each other."""
from __future__ import annotations

import copy
import csv
import dataclasses
import datetime
import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.classroom import cli as class_cli
from nimarcade.classroom import moodle, outputs, runs
from tests.classroom.players import GREEDY, RIGHT, SYNTAX, make_folder

DATA = Path(__file__).parent / "data"
WORKSHEET = DATA / "moodle-worksheet.csv"
WORKSHEET_FR = DATA / "moodle-worksheet-fr.csv"
#: Three students of the worksheet, and one Moodle doesn't know there (a late enrolment).
CLASS = [("Chloé Martin", "101", {"kayles.py": RIGHT}), ("Zoé Petit", "103", {"g.py": GREEDY}),
         ("Léa Moreau", "105", {"s.py": SYNTAX}), ("Ana Lima", "7", {"a.py": RIGHT})]
SMALL = ["--game", "octal", "--code", "0.77", "--param", "heaps=5", "--time", "0.2"]
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


@pytest.fixture(autouse=True)
def _language():
    before = i18n.language()
    yield
    i18n.set_language(before)


# -- Moodle's import, mirrored -------------------------------------------------------------------------
def strtotime(text: str) -> float | None:
    """PHP's ``strtotime`` on the one form we write (Moodle's English ``userdate`` with its offset),
    else None, as PHP's ``false`` for a French date."""
    found = re.fullmatch(r"[A-Z][a-z]+day, (\d{1,2}) ([A-Z][a-z]+) (\d{4}), (\d{1,2}):(\d{2}) (AM|PM) ([+-])(\d{2}):(\d{2})",
                         text)
    if found is None or found.group(2) not in _MONTHS:
        return None
    day, month, year, hour, minute, half, sign, oh, om = found.groups()
    zone = datetime.timezone((1 if sign == "+" else -1) * datetime.timedelta(hours=int(oh), minutes=int(om)))
    h = int(hour) % 12 + (12 if half == "PM" else 0)
    return datetime.datetime(int(year), _MONTHS.index(month) + 1, int(day), h, int(minute), tzinfo=zone).timestamp()


def php_strtotime(texts: list[str]) -> list[float | None] | None:
    """PHP's own ``strtotime`` on each text, in a zone no test machine is in; None without php."""
    php = shutil.which("php")
    if php is None:
        return None
    code = ('date_default_timezone_set("Pacific/Chatham"); foreach (json_decode(stream_get_contents(STDIN)) as $t) '
            '{ $v = strtotime($t); echo ($v === false ? "false" : $v), "\\n"; }')
    done = subprocess.run([php, "-r", code], input=json.dumps(texts), capture_output=True, text=True, timeout=60,
                          check=True)
    return [None if v == "false" else float(v) for v in done.stdout.split()]


def unformat_float(text: str, decsep: str) -> float | None:
    """moodlelib's ``unformat_float``: trimmed, spaces dropped, the language's decimal sign made a
    point, then PHP's ``(float)``, which reads the longest number at the start."""
    text = text.strip().replace(" ", "").replace(decsep, ".")
    if not text:
        return None
    found = re.match(r"[+-]?(\d+(\.\d*)?|\.\d+)", text)
    return float(found.group(0)) if found else 0.0


def moodle_reads(data: bytes, site: moodle.Site, separator: str = ",") -> tuple[list[str], list[dict]]:
    """What the offline grading worksheet import does with an uploaded file: the headings and, for
    each row, the participant, grade, date and comment; AssertionError where Moodle refuses it."""
    text = data.decode("utf-8")
    text = text[1:] if text.startswith("\ufeff") else text            # core_text::trim_utf8_bom
    text = re.sub(r"\r\n?", "\n", text).strip()
    rows = [row for row in csv.reader(io.StringIO(text), delimiter=separator) if row != [""] and row]
    assert rows, "csvemptyfile"
    heading = rows[0]
    assert all(len(row) == len(heading) for row in rows), "csvweirdcolumns"
    for needed in site.required:                                        # init(): all three, or "invalid"
        assert needed in heading, f"invalidgradeimport: no {needed!r} in {heading}"
    ident, grade, modified = (heading.index(h) for h in site.required)
    comments = heading.index(site.comments) if site.comments in heading else None
    found = []
    for row in rows[1:]:
        number = row[ident][len(site.participant.rstrip()):].strip()    # either length of hiddenuser
        found.append({"id": number, "grade": unformat_float(row[grade], site.decimal),
                      "modified": strtotime(row[modified]), "modified_text": row[modified],
                      "comment": row[comments] if comments is not None else None})
    return heading, found


def stale(moodle_grade_time: float, row: dict) -> bool:
    """process_import_grades: a grade changed in Moodle more than a minute after the row's date is
    not overwritten (``strtotime`` false counts as 0)."""
    return moodle_grade_time > (row["modified"] or 0) + 60


def importer_names(names: list[str], participants: set[str]) -> dict[str, str]:
    """importziplib.php's ``is_valid_filename_for_import`` on a zip's names: the participant each
    file goes to, by name (the import's files live under ``/import/``)."""
    plugins = {("assignsubmission", "file"), ("assignsubmission", "onlinetext"), ("assignfeedback", "file"),
               ("assignfeedback", "comments")}
    found = {}
    for name in names:
        if name.endswith("/") or name.rsplit("/", 1)[-1].startswith((".", "~")):
            continue
        for part in ["", "import", *name.split("/")]:
            info = part.split("_", 4)
            if len(info) < 4 or not info[1].isdigit() or str(int(info[1])) not in participants:
                continue
            if (info[2], info[3]) not in plugins:
                continue
            found[name] = str(int(info[1]))
            break
    return found


# -- a class judged with the teacher's worksheet, then again ------------------------------------------
@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("moodle")
    folder = make_folder(root / "class", CLASS)
    out = root / "out"
    argv = [str(folder), "--out", str(out), *SMALL, "--lang", "fr", "--worksheet", str(WORKSHEET),
            "--deadline", "2026-12-06 18:00"]
    err = io.StringIO()
    code = class_cli.run(argv, io.StringIO(), err)
    first = {"code": code, "err": err.getvalue(), "data": json.loads((out / "class.json").read_text("utf-8"))}
    err = io.StringIO()
    again = class_cli.run(argv, io.StringIO(), err)
    second = {"code": again, "err": err.getvalue(), "data": json.loads((out / "class.json").read_text("utf-8"))}
    return {"out": out, "first": first, "second": second}


def test_grades_csv_is_read_by_moodles_import_on_an_english_site(graded) -> None:
    data = graded["first"]["data"]
    assert graded["first"]["code"] == 0, graded["first"]["err"]
    raw = (graded["out"] / "runs" / data["run"] / "grades.csv").read_bytes()
    heading, rows = moodle_reads(raw, moodle.SITES["en"])
    assert heading == ["Identifier", "Full name", "Grade", "Last modified (grade)", "Feedback comments"]
    grades = {s["id"]: s["grade"] for s in data["students"]}
    assert {r["id"]: r["grade"] for r in rows} == grades                 # read with the site's decimal point
    finished = datetime.datetime.fromisoformat(data["finished"]).timestamp()
    for row in rows:
        assert row["modified"] is not None and abs(row["modified"] - finished) < 120, row["modified_text"]
        assert not stale(finished, row) and stale(finished + 3600, row)  # a grade changed after the run stands
        assert row["comment"] and "\n" not in row["comment"]
    real = php_strtotime([r["modified_text"] for r in rows] + ["dimanche 6 décembre 2026, 02:40"])
    if real is not None:                                                 # PHP itself agrees, French date refused
        assert real[:-1] == [r["modified"] for r in rows] and real[-1] is None


def test_a_grade_uses_the_sites_decimal_sign_and_french_headings(tmp_path) -> None:
    student = {"id": "12", "name": "Zoé Petit", "grade": 10.5, "feedback": "Bien."}
    when = datetime.datetime(2026, 12, 6, 14, 5).astimezone()
    for lang, cell in (("en", "10.5"), ("fr", "10,5")):
        path = outputs.write_csv(tmp_path / lang, [student], lang, when)
        site = moodle.SITES[lang]
        heading, (row,) = moodle_reads(path.read_bytes(), site)
        assert heading[2] == site.grade and row["grade"] == 10.5 and cell in path.read_text("utf-8-sig")
        assert row["modified"] == when.timestamp() and row["id"] == "12"
    assert heading == ["Identifiant", "Nom complet", "Note", "Dernière modification (note)", "Feedback par commentaires"]
    assert unformat_float("10,5", ".") == 10.0                         # why: an English site reads « 10,5 » as 10


def test_the_worksheet_is_filled_with_every_column_and_given_back(graded) -> None:
    data, out = graded["first"]["data"], graded["out"]
    before = list(csv.reader(io.StringIO(WORKSHEET.read_text("utf-8-sig"))))
    written = (out / "worksheet.csv").read_bytes()
    assert written.startswith(b"\xef\xbb\xbf") and b"\r\n" not in written
    after = list(csv.reader(io.StringIO(written.decode("utf-8-sig"))))
    assert after[0] == before[0] and len(after) == len(before)           # every column, in its order
    filled = {"Grade", "Last modified (grade)", "Feedback comments"}
    keep = [i for i, h in enumerate(before[0]) if h not in filled]
    for old, new in zip(before[1:], after[1:]):
        assert [new[i] for i in keep] == [old[i] for i in keep]          # email, status, dates, online text
    assert after[4] == before[4]                                         # Yanis handed nothing in: untouched
    heading, rows = moodle_reads(written, moodle.SITES["en"])
    grades = {s["id"]: s["grade"] for s in data["students"]}
    assert {r["id"]: r["grade"] for r in rows[:3]} == {k: grades[k] for k in ("101", "103", "105")}
    assert rows[3]["grade"] is None and rows[3]["modified"] is None      # no grade: the import skips the row
    zoe = by_name(data)["Zoé Petit"]
    assert rows[1]["comment"] == zoe["feedback"] and rows[1]["modified"] is not None
    lines = graded["first"]["err"].splitlines()
    assert sum("Absent de la feuille d'évaluation : Ana Lima (participant 7)" in line for line in lines) == 1
    assert sum("sans travail remis : Yanis Haddad (Participant 109)" in line for line in lines) == 1


def test_a_french_worksheet_is_read_in_french_and_kept_byte_for_byte() -> None:
    for path, lang in ((WORKSHEET, "en"), (WORKSHEET_FR, "fr")):
        sheet = moodle.Worksheet.read(path)
        assert sheet.site.lang == lang and sheet.sep == "," and sheet.bom
        assert sheet.data() == path.read_bytes()                         # nothing filled: the same bytes
        assert sheet.submitted()["103"] == datetime.datetime(2026, 12, 7, 9, 3)
    sheet = moodle.Worksheet.read(WORKSHEET_FR)
    sheet.fill([{"id": "103", "name": "Zoé Petit", "grade": 12.5, "feedback": "Bien."}],
               datetime.datetime(2026, 12, 8, 9, 0).astimezone())
    _, rows = moodle_reads(sheet.data(), moodle.SITES["fr"])
    assert rows[1]["grade"] == 12.5 and "12,5" in sheet.data().decode("utf-8")


def test_a_worksheet_a_spreadsheet_saved_keeps_its_separator_encoding_and_line_ends(tmp_path) -> None:
    """Excel in French saves Moodle's worksheet with « ; », Windows-1252 and CRLF: all kept."""
    text = WORKSHEET.read_text("utf-8-sig").replace(",", ";").replace("\n", "\r\n")
    saved = tmp_path / "feuille.csv"
    saved.write_bytes(text.encode("cp1252"))
    sheet = moodle.Worksheet.read(saved)
    assert (sheet.sep, sheet.encoding, sheet.bom, sheet.newline) == (";", "cp1252", False, "\r\n")
    sheet.fill([{"id": "101", "name": "Chloé Martin", "grade": 20.0, "feedback": "Très bien."}],
               datetime.datetime(2026, 12, 8, 9, 0).astimezone())
    data = sheet.data()
    assert data.count(b"\r\n") == text.count("\r\n") and "Très bien.".encode("cp1252") in data
    _, rows = moodle_reads(data.decode("cp1252").encode("utf-8"), moodle.SITES["en"], ";")
    assert rows[0]["grade"] == 20.0 and rows[0]["comment"] == "Très bien."


def test_late_submissions_are_marked_from_the_worksheet_and_the_deadline(graded) -> None:
    data, out = graded["first"]["data"], graded["out"]
    s = by_name(data)
    assert data["deadline"] == "2026-12-06T18:00"
    assert (s["Zoé Petit"]["late"], s["Chloé Martin"]["late"], s["Ana Lima"]["late"]) == (True, False, None)
    assert s["Zoé Petit"]["submitted"] == "2026-12-07T09:03"
    page = (out / "students" / "zoe-petit-103.html").read_text("utf-8")
    assert "Remis le" in page and "en retard" in page
    assert "en retard" not in (out / "students" / "chloe-martin-101.html").read_text("utf-8")
    assert "en retard" in (out / "index.html").read_text("utf-8")


def test_feedback_zip_is_in_the_layout_moodles_zip_import_reads(graded) -> None:
    data = graded["first"]["data"]
    with zipfile.ZipFile(graded["out"] / moodle.FEEDBACK_ZIP) as archive:
        names = archive.namelist()
        pages = {name: archive.read(name).decode("utf-8") for name in names}
    ids = {s["id"] for s in data["students"]}
    assert sorted(importer_names(names, ids).values()) == sorted(ids) and len(names) == len(ids)
    chloe = [n for n in names if "_101_" in n][0]
    assert chloe == "Chloé Martin_101_assignsubmission_file_/chloe-martin-101.html"
    assert "../index.html" not in pages[chloe] and "Chloé Martin" in pages[chloe]
    # a name with underscores is no other participant's: Moodle cuts at them, we make them spaces
    assert importer_names([moodle.folder_name("Jean_7_assignfeedback_x", "12") + "/p.html"], {"7", "12"}) \
        == {"Jean 7 assignfeedback x_12_assignsubmission_file_/p.html": "12"}


def test_two_runs_keep_both_and_the_page_says_the_change(graded) -> None:
    out, first, second = graded["out"], graded["first"]["data"], graded["second"]["data"]
    assert graded["second"]["code"] == 0 and "reste à juger : 0" in graded["second"]["err"]   # resumed
    kept = sorted(p.name for p in (out / "runs").iterdir())
    assert kept == sorted([first["run"], second["run"]]) and first["run"] != second["run"]
    for run in kept:
        for name in ("class.json", "grades.csv", "index.html", "worksheet.csv", "feedback.zip"):
            assert (out / "runs" / run / name).is_file(), (run, name)
    assert json.loads((out / "runs" / first["run"] / "class.json").read_text("utf-8"))["run"] == first["run"]
    assert [r["run"] for r in second["runs"]] == [first["run"]] and first["runs"] == []
    index = (out / "index.html").read_text("utf-8")
    assert f'href="runs/{first["run"]}/index.html"' in index
    assert f'href="../{first["run"]}/index.html"' in (out / "runs" / second["run"] / "index.html").read_text("utf-8")
    zoe = by_name(second)["Zoé Petit"]
    assert zoe["previous"] == {"grade": by_name(first)["Zoé Petit"]["grade"], "scale": 20, "run": first["run"]}
    assert "Exécution précédente" in (out / "students" / "zoe-petit-103.html").read_text("utf-8")
    assert "exécutions précédentes : 1" in graded["second"]["err"]
    assert len(list((out / "results").glob("*.json"))) == len(CLASS)    # the resume's files, shared


def test_an_out_folder_of_an_older_version_is_kept_before_a_new_run(tmp_path) -> None:
    (tmp_path / "students").mkdir()
    (tmp_path / "students" / "a.html").write_text("old", encoding="utf-8")
    (tmp_path / "class.json").write_text(json.dumps({"finished": "2026-11-30T08:00:00+00:00", "students": []}),
                                         encoding="utf-8")
    (tmp_path / "grades.csv").write_text("old", encoding="utf-8")
    history = runs.History(tmp_path, datetime.datetime(2026, 12, 6, 9, 0).astimezone())
    (old,) = history.earlier
    assert (tmp_path / "runs" / old["run"] / "students" / "a.html").read_text("utf-8") == "old"
    assert (tmp_path / "runs" / old["run"] / "grades.csv").is_file() and not (tmp_path / "grades.csv").exists()
    assert history.here.name != old["run"] and history.links(True)[0]["href"] == f"runs/{old['run']}/index.html"


def test_a_worksheet_without_the_required_columns_stops_before_anyone_is_judged(tmp_path) -> None:
    bad = tmp_path / "grades.csv"
    bad.write_text("Identifier,Full name,Grade\nParticipant 1,A,\n", encoding="utf-8")
    folder = make_folder(tmp_path / "class", CLASS[:1])
    err = io.StringIO()
    code = class_cli.run([str(folder), "--out", str(tmp_path / "out"), *SMALL, "--lang", "en", "--worksheet", str(bad)],
                         io.StringIO(), err)
    assert code == 2 and "no column Last modified (grade)" in err.getvalue()
    assert not (tmp_path / "out" / "results").exists()


# -- the comment ---------------------------------------------------------------------------------------
def entry(**fields) -> dict:
    base = {"status": "judged", "error": None, "score": 75.0, "kept": 3, "won": 4, "grade": 15.0, "mistakes": [],
            "forfeits": [], "teacher": [], "not_asked": 0}
    return {**base, **fields}


def test_the_comment_is_two_plain_sentences_with_one_example() -> None:
    i18n.set_language("en")
    mistake = {"moves": ["1:2"], "board": "x", "played": "1:1", "winning": ["2:1"]}
    said = outputs.feedback(entry(mistakes=[mistake, {**mistake, "played": "3:1"}]), 20)
    assert said == ("Won positions kept: 3/4 (75%), grade 15/20. 1 won position lost, after 1:2: you played 1:1 "
                    "where 2:1 won.")
    crash = {"moves": [], "reason": "Hugo crashed: it wrote its trace on its error output",
             "exception": "AttributeError: 'OctalState' object has no attribute 'sticks'", "output": []}
    said = outputs.feedback(entry(kept=1, forfeits=[crash]), 20)
    assert "3 won positions lost, for example at the start: AttributeError: 'OctalState' object has no attribute " \
           "'sticks'." in said and "trace" not in said
    said = outputs.feedback(entry(kept=1, forfeits=[{**crash, "exception": None}], not_asked=2,
                                  not_asked_reason="10 forfeits in a row"), 20)
    assert said.endswith("Among them, 2 positions not asked, counted lost: 10 forfeits in a row.")
    i18n.set_language("fr")
    said = outputs.feedback(entry(kept=4, teacher=[{"passed": True}, {"passed": None}]), 20)
    assert said == ("Positions gagnantes gardées : 4/4 (75 %), note 15/20 ; positions du professeur réussies : 1/1. "
                    "Aucune position gagnante n'a été perdue.")
    assert "suit" not in said and "follow" not in said


def by_name(data: dict) -> dict[str, dict]:
    return {s["name"]: s for s in data["students"]}


def test_moodles_words_are_each_catalogues_and_englishs_all_of_them_where_one_lacks(monkeypatch) -> None:
    """A site's words are its language's catalogue entries ``moodle.*``; a catalogue lacking one
    (a translation begun) gives English's, every one (a mix no Moodle would read)."""
    assert set(moodle.sites()) == set(i18n.languages())
    assert moodle.site("fr").required == ("Identifiant", "Note", "Dernière modification (note)")
    partial = copy.copy(i18n.catalogue("fr"))
    partial.plain = partial.plain - {"moodle.grade"}
    monkeypatch.setattr(moodle, "catalogue", lambda lang: partial if lang == "zz" else i18n.catalogue(lang))
    assert moodle.site("zz") == dataclasses.replace(moodle.site("en"), lang="zz")
