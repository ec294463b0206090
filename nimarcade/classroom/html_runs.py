"""The report's parts about time: the earlier runs kept in ``runs/`` (a list on ``index.html``,
:mod:`.runs`), a student's grade at the last run beside this one, the deadline and a late
submission (from Moodle's worksheet and ``--deadline``, :mod:`.moodle`). Every text from the
catalogues, every value escaped."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nimarcade.classroom.html_parts import DASH, badge, esc, grade, num, when
from nimarcade.i18n import decimal, tr


def student_facts(data: Mapping[str, Any], s: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """The rows a student's page adds to its facts: handed in (late or not), the last run's grade."""
    rows = []
    if s.get("submitted") or s.get("late") is not None:
        rows.append((tr("class_report.submitted", lang), submitted(s, lang)))
    previous = s.get("previous")
    if isinstance(previous, Mapping) and previous.get("grade") is not None:
        before, then, scale = float(previous["grade"]), previous.get("scale"), data.get("scale")
        # the change on this run's scale (a grade out of 20 then, out of 10 now, is compared out of 10)
        ratio = float(scale) / float(then) if isinstance(scale, (int, float)) and isinstance(then, (int, float)) \
            and then else 1.0
        change = decimal(float(s.get("grade") or 0.0) - before * ratio, 1, sign=True, lang=lang)
        text = tr("class_report.previous_value", lang, before="{before}", now="{now}", change=change)
        value = esc(text).replace("{before}", grade(before, previous.get("scale"), lang)).replace(
            "{now}", grade(s.get("grade"), data.get("scale"), lang))
        rows.append((tr("class_report.previous", lang), value))
    return rows


def submitted(s: Mapping[str, Any], lang: str) -> str:
    """When the student handed in, and a « late » badge when that was after the deadline."""
    tag = ""
    if s.get("late"):
        tag = " " + badge(False, tr("class_report.late_tag", lang))
    return (when(s["submitted"], lang) if s.get("submitted") else DASH) + tag


def late_tag(s: Mapping[str, Any], lang: str) -> str:
    """The « late » mark of the class table's name cell, or nothing."""
    return f' {badge(False, tr("class_report.late_tag", lang))}' if s.get("late") else ""


def index_facts(data: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """The rows the index's facts add: the deadline and how many handed in late."""
    if not data.get("deadline"):
        return []
    students = list(data.get("students") or [])
    late = sum(1 for s in students if s.get("late"))
    return [(tr("class_report.deadline", lang), when(data["deadline"], lang)),
            (tr("class_report.late", lang), esc(late))]


def runs_section(data: Mapping[str, Any], lang: str) -> str:
    """The earlier runs, newest first, each a link to its own report; nothing for the first run."""
    runs = [r for r in data.get("runs") or [] if isinstance(r, Mapping) and r.get("href")]
    if not runs:
        return ""
    items = []
    for r in runs:
        mean = num(r["mean"], lang) if r.get("mean") is not None else DASH
        text = tr("class_report.run_line", lang, when="{when}", title=r.get("title") or "", mean="{mean}",
                  scale=r.get("scale") or "")
        line = esc(text).replace("{when}", when(r.get("finished"), lang)).replace("{mean}", mean)
        items.append(f'<li><a href="{esc(r["href"])}">{line}</a></li>')
    return f'<section class="runs"><h2>{esc(tr("class_report.runs", lang))}</h2><ul>{"".join(items)}</ul></section>'
