"""Moodle, both ways: grades its *offline grading worksheet* import takes, the worksheet a teacher
downloaded from Moodle filled in and given back whole, and each student's page as a feedback file
in the zip its *Upload multiple feedback files in a zip* takes. Pure Python, no pygame.

What Moodle does, as read in its code (mod/assign, Moodle 3.x and 4.x; nothing of it is copied):

- **The import** (``feedback/offline/importgradeslib.php``, ``init()``) reads the CSV with the
  separator and encoding the upload form was given (comma and UTF-8 by default;
  ``lib/csvlib.class.php``: byte-order mark dropped, ``\\r\\n`` made ``\\n``, the text trimmed, rows
  read by ``fgetcsv``, empty lines skipped, every row as many cells as the heading or the whole
  file refused). It finds its columns by comparing each heading, as it is, with its own strings
  **in the teacher's language**: ``recordid`` (Identifier), core's ``gradenoun`` (Grade) and
  ``lastmodifiedgrade`` (Last modified (grade)) must all be there, or the file is "invalid"; a
  feedback plugin's column is found by its description, ``Feedback comments`` (the comments
  plugin's ``pluginname``). ``Full name`` is only for people.
- **A row** (``next()``): the participant's number is the identifier less the length of
  ``hiddenuser`` (``"Participant "``); the grade goes through ``unformat_float``, which reads the
  decimal sign of the teacher's language (``decsep``: « , » in French): an English site reads
  ``10,5`` as 10. The date goes through PHP's ``strtotime``, and ``process_import_grades`` skips a
  row whose grade was changed in Moodle more than a minute after that date (so a grade the teacher
  typed in after our run stands). ``strtotime`` reads English words only: the French date Moodle
  itself writes in a French worksheet (« dimanche 6 décembre 2026, 02:40 ») gives ``false``, and
  the row would be skipped as stale. So the date we write is always Moodle's English one, with
  the offset that makes it exact wherever the server is: ``Sunday, 6 December 2026, 2:40 AM +01:00``.
- **The worksheet** Moodle downloads (``gradingtable.php``, table downloaded as CSV: comma, UTF-8
  with a byte-order mark) has, in this order: ``Identifier``, ``Full name``, the identity fields
  shown (``Email address``...), ``Status``, ``Grade``, ``Maximum grade``, ``Grade can be
  changed``, ``Last modified (submission)``, the submission plugins' text columns (``Online
  text``), ``Last modified (grade)``, the feedback plugins' columns (``Feedback comments``); with
  the marking workflow, a team or a marker, more. Dates are ``userdate``'s, in the site's words.
  :class:`Worksheet` keeps every column, cell, separator, encoding and byte-order mark it had and
  fills only ``Grade``, ``Last modified (grade)`` and ``Feedback comments`` of our students' rows.
- **The feedback zip** (``feedback/file/importziplib.php``, ``is_valid_filename_for_import``):
  each path part is cut at ``_`` into at most five pieces; the first part with at least four, a
  numeric second piece that is a participant of the assignment, and a third and fourth that name
  one of its plugins (``assignsubmission`` ``file``), gives the student, and what follows is the
  file's name. Names starting with ``.`` or ``~`` are ignored. We write Moodle's own download
  layout, ``<Full name>_<id>_assignsubmission_file_/<key>.html`` (underscores of the name made
  spaces, as Moodle does).

**Where Moodle's words come from** (:func:`site`): each language's catalogue, entries ``moodle.*``
(:data:`WORDS`), whose values are not translations but Moodle's own strings as that language's
Moodle language pack writes them (AMOS), so a Moodle site in any language the game has can take
grades.csv. A language whose catalogue lacks one of them (a translation begun, not finished) gets
**English's, all of them** (never a mix, which no site would read): English is the one pack every
Moodle has, so a teacher whose site's pack we don't know switches his own Moodle language to English
for the upload (the user menu's « Language ») and the import reads the file. A translator who doesn't
know Moodle's words in the language keeps English's (CONTRIBUTING.md, « Adding a language »): the
same fallback, said in the catalogue.

The English and French strings are known: the French ones are Moodle's French language pack's
(AMOS, assign.php version 3.11: ``Identifiant``, ``Dernière modification (note)``, ``Dernière
modification (travail remis)``; core's ``Note`` and ``Nom complet``); ``Feedback par commentaires``
(the comments plugin's French name) is the project's earlier reading, not found again in a pack. The
French pack's ``hiddenuser`` is ``Participant`` without the English trailing space: we write
``Participant 12``, which either length reads (a space before the number is ignored by the
database's comparison).
"""
from __future__ import annotations

import codecs
import csv
import datetime
import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from nimarcade.i18n import FALLBACK_LANGUAGE, N_, Said, catalogue, languages
from nimarcade.i18n.outside import printable
from nimarcade.storage.csvcells import safe_cell
from nimarcade.storage.files import atomic_write_bytes
from nimarcade.storage.regular import read_regular

#: A worksheet is a teacher's file of a class: read whole up to this size.
WORKSHEET_LIMIT = 16 * 1024 * 1024
FEEDBACK_ZIP = "feedback.zip"
WORKSHEET_OUT = "worksheet.csv"
#: The plugin named in a feedback zip's folders, as Moodle's own download of the submissions.
PLUGIN = "assignsubmission_file"


@dataclass(frozen=True)
class Site:
    """A Moodle site's words, in one language: what its import compares the headings with."""

    lang: str
    identifier: str             # mod_assign ``recordid``
    participant: str            # mod_assign ``hiddenuser``, what the download writes before the number
    fullname: str               # core ``fullname``
    grade: str                  # core ``gradenoun``
    modified_grade: str         # mod_assign ``lastmodifiedgrade``
    modified_submission: str    # mod_assign ``lastmodifiedsubmission``
    comments: str               # assignfeedback_comments ``pluginname``
    decimal: str                # langconfig ``decsep``

    @property
    def required(self) -> tuple[str, str, str]:
        """The headings without which the import refuses the file."""
        return (self.identifier, self.grade, self.modified_grade)


#: The catalogue entries holding Moodle's own words, in the order of :class:`Site`'s fields.
WORDS = (N_("moodle.identifier"), N_("moodle.participant"), N_("moodle.fullname"), N_("moodle.grade"),
         N_("moodle.modified_grade"), N_("moodle.modified_submission"), N_("moodle.comments"),
         N_("moodle.decimal"))


def site(lang: str) -> Site:
    """A Moodle site's words in ``lang``: its catalogue's ``moodle.*`` entries (:data:`WORDS`),
    as they are (Moodle's strings, not templates); English's, all of them, when it lacks one."""
    own = catalogue(lang)
    source = own if all(key in own for key in WORDS) else catalogue(FALLBACK_LANGUAGE)
    return Site(lang, *(source.gettext(key) for key in WORDS))


def sites() -> dict[str, Site]:
    """Every language's Moodle site (:func:`site`): a language with a catalogue is a language
    ``--moodle-lang`` takes."""
    return {lang: site(lang) for lang in languages()}


#: The sites of the languages found when the game started (a test's parameters; code asks :func:`site`).
SITES: dict[str, Site] = sites()

_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
#: Month names as Moodle's English and French packs write them (folded: no accent, lower case).
_MONTH_NUMBER = {**{m.lower(): i for i, m in enumerate(_MONTHS, 1)},
                 **{m: i for i, m in enumerate(("janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet",
                                                "aout", "septembre", "octobre", "novembre", "decembre"), 1)}}
#: ``userdate`` in English ("Sunday, 6 December 2026, 2:40 AM") or French (« dimanche 6 décembre
#: 2026, 02:40 », « ... à 14h05 »): the day's name, then day, month, year, hour, minutes.
_USERDATE = re.compile(r"(?:[^\W\d_]+,?\s+)?(\d{1,2})\s+([^\W\d_]+)\.?\s+(\d{4}),?\s+(?:à\s+)?(\d{1,2})[:h](\d{2})"
                       r"(?::\d{2})?\s*([AaPp]\.?[Mm]\.?)?")


class BadWorksheet(Said):
    """The worksheet can't be used: ``key``/``params`` say which file and why."""


def moodle_date(when: datetime.datetime) -> str:
    """``when`` as Moodle's English ``userdate`` writes it, with its UTC offset: what PHP's
    ``strtotime`` reads exactly ("Sunday, 6 December 2026, 2:40 AM +01:00"), whatever the
    language of the site and the time zone of its server."""
    when = when if when.tzinfo is not None else when.astimezone()
    hour = when.hour % 12 or 12
    offset = when.strftime("%z") or "+0000"
    return (f"{_DAYS[when.weekday()]}, {when.day} {_MONTHS[when.month - 1]} {when.year}, {hour}:{when.minute:02d} "
            f"{'AM' if when.hour < 12 else 'PM'} {offset[:3]}:{offset[3:5]}")


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def parse_date(text: str) -> datetime.datetime | None:
    """A date of a worksheet (Moodle's ``userdate`` in English or French, or ISO), as a naive local
    time; None for ``-`` (no submission) or a date it can't read."""
    text = text.strip()
    if not text or text == "-":
        return None
    try:
        parsed = datetime.datetime.fromisoformat(text)
        return parsed.astimezone().replace(tzinfo=None) if parsed.tzinfo else parsed
    except ValueError:
        pass
    found = _USERDATE.search(text)
    if found is None:
        return None
    day, month_name, year, hour, minute, half = found.groups()
    month = _MONTH_NUMBER.get(_fold(month_name))
    if month is None:
        return None
    h = int(hour)
    if half:
        h = h % 12 + (12 if half[0] in "Pp" else 0)
    try:
        return datetime.datetime(int(year), month, int(day), h, int(minute))
    except ValueError:
        return None


def grade_cell(value: float, where: Site) -> str:
    """A grade as the site's ``unformat_float`` reads it: its own decimal sign, no thousands."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", where.decimal)


def participant_number(identifier: str) -> str | None:
    """The participant's number at the end of an ``Identifier`` cell (``Participant 123``)."""
    found = re.search(r"(\d+)\s*\Z", identifier)
    return found.group(1) if found else None


def _php_cell(text: str, sep: str) -> str:
    """A cell as PHP's ``fputcsv`` writes it (Moodle's own download): quoted when it holds the
    separator, a quote, a backslash, a space or a line break; a backslash is never left right before
    a quote (``fgetcsv`` would take it for an escape)."""
    text = text.replace('\\"', '\\ "')
    if any(c in text for c in (sep, '"', "\\", " ", "\t", "\n", "\r")):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_text(rows: Iterable[Sequence[str]], sep: str = ",", newline: str = "\n") -> str:
    return "".join(sep.join(_php_cell(c, sep) for c in row) + newline for row in rows)


def columns(where: Site) -> tuple[str, ...]:
    """grades.csv's headings on the site ``where``, in their order."""
    return (where.identifier, where.fullname, where.grade, where.modified_grade, where.comments)


def grade_rows(students: Sequence[Mapping[str, Any]], where: Site, when: datetime.datetime) -> list[list[str]]:
    """grades.csv's heading (the site's words), then a row per student: identifier, name, grade in
    the site's decimals, the date of the grade, the one-line comment."""
    date = moodle_date(when)
    rows = [list(columns(where))]
    for s in students:
        rows.append([where.participant + str(s["id"]) if s.get("id") else "", _text(s["name"]),
                     grade_cell(float(s["grade"]), where), date, _text(s.get("feedback") or "")])
    return rows


def _text(text: object) -> str:
    """A cell of ours: one line, nothing that acts (:func:`.printable`), no formula."""
    return safe_cell(" ".join(printable(str(text)).split()))


def grades_csv(students: Sequence[Mapping[str, Any]], where: Site, when: datetime.datetime) -> str:
    """grades.csv for the import: comma (its upload form's default and its own download's), UTF-8
    with a byte-order mark (dropped by the import, read by spreadsheets)."""
    return "\ufeff" + csv_text(grade_rows(students, where, when))


# -- the downloaded worksheet ---------------------------------------------------------------------------
@dataclass
class Filled:
    """What filling a worksheet found: our students it has no row for (name, id), and its rows
    that have no submission of ours (identifier, full name)."""

    missing: list[tuple[str, str | None]] = field(default_factory=list)
    unmatched: list[tuple[str, str]] = field(default_factory=list)
    no_comments: bool = False


@dataclass
class Worksheet:
    """A grading worksheet as Moodle wrote it: its rows, separator, encoding, byte-order mark and
    line ending, kept to be written back as they came."""

    path: Path
    rows: list[list[str]]
    sep: str
    encoding: str
    bom: bool
    newline: str
    site: Site

    @classmethod
    def read(cls, path: Path) -> Worksheet:
        """The worksheet at ``path``; :class:`BadWorksheet` when it isn't one (unreadable, empty,
        or without the columns the import requires in any language we know)."""
        try:
            raw = read_regular(path, WORKSHEET_LIMIT)
        except OSError as exc:
            raise BadWorksheet(N_("class.worksheet_unreadable"), file=str(path), why=exc.strerror or str(exc)) from None
        bom = raw.startswith(codecs.BOM_UTF8)
        encoding = "utf-8"
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            encoding = "cp1252"                 # Moodle's upload form offers others; Excel's default
            text = raw.decode(encoding, errors="replace")
        newline = "\r\n" if "\r\n" in text else "\n"
        head = text.strip().split("\n", 1)[0] if text.strip() else ""
        sep = _separator(head)
        rows = [row for row in csv.reader(io.StringIO(text.strip("\r\n")), delimiter=sep) if row]
        if not rows:
            raise BadWorksheet(N_("class.worksheet_empty"), file=str(path))
        heading = rows[0]
        for candidate in sites().values():
            if all(h in heading for h in candidate.required):
                return cls(path, rows, sep, encoding, bom, newline, candidate)
        english = site(FALLBACK_LANGUAGE)
        lacking = [h for h in english.required if h not in heading]
        raise BadWorksheet(N_("class.worksheet_columns"), file=str(path), columns=", ".join(lacking))

    def column(self, name: str) -> int | None:
        heading = self.rows[0]
        return heading.index(name) if name in heading else None

    def submitted(self) -> dict[str, datetime.datetime | None]:
        """Each participant's ``Last modified (submission)``, by number (None: nothing handed in,
        or no such column)."""
        index = self.column(self.site.modified_submission)
        ident = self.column(self.site.identifier)
        found: dict[str, datetime.datetime | None] = {}
        for row in self.rows[1:]:
            number = participant_number(_cell(row, ident))
            if number is not None:
                found[number] = parse_date(_cell(row, index)) if index is not None else None
        return found

    def fill(self, students: Sequence[Mapping[str, Any]], when: datetime.datetime) -> Filled:
        """Our students' grades, the date and their comments in their rows (matched by the
        participant's number); every other cell as it was."""
        where = self.site
        ident, grade = self.column(where.identifier), self.column(where.grade)
        modified, comments = self.column(where.modified_grade), self.column(where.comments)
        by_id = {str(s["id"]): s for s in students if s.get("id")}
        seen: set[str] = set()
        report = Filled(no_comments=comments is None)
        name_col = self.column(where.fullname)
        date = moodle_date(when)
        width = len(self.rows[0])
        for row in self.rows[1:]:
            row.extend([""] * (width - len(row)))           # a short row as long as the heading
            number = participant_number(_cell(row, ident))
            student = by_id.get(number) if number is not None else None
            if student is None:
                report.unmatched.append((_cell(row, ident), _cell(row, name_col)))
                continue
            seen.add(str(student["id"]))
            _put(row, grade, grade_cell(float(student["grade"]), where))
            _put(row, modified, date)
            _put(row, comments, _text(student.get("feedback") or ""))
        report.missing = [(str(s["name"]), s.get("id")) for s in students if str(s.get("id") or "") not in seen]
        return report

    def data(self) -> bytes:
        """The worksheet as it came, with what was filled in: same columns, order, separator,
        encoding, byte-order mark and line endings."""
        text = csv_text(self.rows, self.sep, self.newline)
        body = text.encode(self.encoding, errors="replace")
        return (codecs.BOM_UTF8 if self.bom else b"") + body


def _separator(head: str) -> str:
    """The heading line's separator: the candidate found most often outside quotes."""
    counts = {sep: 0 for sep in (",", ";", "\t", ":")}
    quoted = False
    for ch in head:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(counts, key=lambda s: counts[s])
    return best if counts[best] else ","


def _cell(row: Sequence[str], index: int | None) -> str:
    return row[index] if index is not None and index < len(row) else ""


def _put(row: list[str], index: int | None, value: str) -> None:
    if index is not None:
        row[index] = value


# -- the feedback zip -------------------------------------------------------------------------------------
def folder_name(name: str, number: str) -> str:
    """A student's folder in a feedback zip, as Moodle's download names it:
    ``<Full name>_<id>_assignsubmission_file_``, the name's underscores made spaces (the import cuts at
    them) and what a file name can't hold dropped."""
    clean = "".join(" " if c == "_" else c for c in name
                    if c not in '/\\:*?"<>|' and unicodedata.category(c)[0] != "C").strip(" .~")
    return f"{clean or 'student'}_{number}_{PLUGIN}_"


_BACK = re.compile(r'<nav class="back[^"]*">.*?</nav>', re.S)


def feedback_page(html: str) -> str:
    """A student's page as a file on its own: without the links back to the class's index."""
    return _BACK.sub("", html)


def feedback_zip(students: Sequence[Mapping[str, Any]], pages: Mapping[str, str],
                 when: datetime.datetime) -> tuple[bytes, list[str]]:
    """The zip of each student's page (``pages`` by key) in Moodle's layout, and the names of the
    students left out (no Moodle identifier: the import could not know whose file it is)."""
    buffer = io.BytesIO()
    left: list[str] = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for s in students:
            page = pages.get(str(s["key"]))
            if page is None:
                continue
            if not s.get("id") or not str(s["id"]).isdigit():
                left.append(str(s["name"]))
                continue
            member = zipfile.ZipInfo(f"{folder_name(str(s['name']), str(s['id']))}/{s['key']}.html",
                                     date_time=when.timetuple()[:6])
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o644 << 16
            archive.writestr(member, feedback_page(page).encode("utf-8"))
    return buffer.getvalue(), left


def write_feedback_zip(folder: Path, students: Sequence[Mapping[str, Any]], pages: Mapping[str, str],
                       when: datetime.datetime) -> list[str]:
    """``folder/feedback.zip`` (when a student at least has an identifier), readable by others; the
    names left out."""
    data, left = feedback_zip(students, pages, when)
    if len(left) < sum(1 for s in students if str(s["key"]) in pages):
        atomic_write_bytes(folder / FEEDBACK_ZIP, data, shared=True)
    return left
