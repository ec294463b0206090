"""The class report in HTML: ``index.html`` (the run's facts, then a table with a row per student,
sortable by a click on a header) and one page per student (``students/<key>.html``,
:mod:`.html_student`), written from the ``class.json`` dict that ``nimarcade class`` writes beside it;
the pairs of similar submissions close the index, each with its page (:mod:`.html_similar`).

The pages are read from the file system, with no server and no network: style and script are inline
(:mod:`.html_assets`), nothing is fetched, and a Content-Security-Policy forbids any fetch anyway.
Every text of the page comes from the catalogues in the run's language; every text from the data
(names and files are the students' own) is escaped (:func:`.html_parts.esc`).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

from nimarcade.classroom.html_parts import (DASH, elo, esc, facts, grade, language, milliseconds, num, page,
                                            percent, points, rank, when, yes_no)
from nimarcade.classroom.html_similar import section as similar_section
from nimarcade.classroom.html_similar import write_pages as write_similar_pages
from nimarcade.classroom.html_runs import index_facts, late_tag, runs_section
from nimarcade.classroom.html_student import student_page
from nimarcade.classroom.html_student import not_asked_text
from nimarcade.i18n import decimal, tr

#: A student's key is a file name (with ".html", within the 255 bytes of a name): letters, digits,
#: « . _ - », never hidden, never a path.
SAFE_KEY = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,249}\Z")


def write_report(data: Mapping[str, Any], out: Path) -> Path:
    """Write ``out/index.html`` and ``out/students/<key>.html`` from a class.json dict; return the
    index's path. A student's key that is not a safe file name is an error, raised before anything
    is written (nothing is ever written outside ``out``)."""
    students = list(data.get("students") or [])
    for student in students:
        if not SAFE_KEY.match(str(student.get("key", ""))):
            raise ValueError(f"unsafe student key: {student.get('key')!r}")
    folder = Path(out) / "students"
    folder.mkdir(parents=True, exist_ok=True)
    for student in students:
        (folder / f"{student['key']}.html").write_text(student_page(data, student), encoding="utf-8")
    write_similar_pages(data, Path(out))            # the teacher's pages of similar pairs (html_similar)
    index = Path(out) / "index.html"
    index.write_text(index_page(data), encoding="utf-8")
    return index


def index_page(data: Mapping[str, Any]) -> str:
    """``index.html``: the run's facts, then the class table (in the ladder's order, the built-in
    levels among the students, when there was a tournament)."""
    lang = language(data)
    rows = [(s.get("rank"), i, _student_row(data, s, lang)) for i, s in enumerate(data.get("students") or [])]
    if data.get("tournament"):
        rows += [(a.get("rank"), len(rows) + i, _anchor_row(data, a, lang))
                 for i, a in enumerate(data.get("anchors") or [])]
        rows.sort(key=lambda r: (r[0] is None, r[0] or 0, r[1]))
    heads = []
    for i, (text, kind) in enumerate(_columns(data, lang)):
        ranked = ' aria-sort="ascending"' if data.get("tournament") and i == 0 else ""
        numeric = ' class="num"' if kind == "number" else ""
        heads.append(f'<th scope="col" data-type="{kind}"{numeric}{ranked}><button type="button">{esc(text)}'
                     '<span class="arrow" aria-hidden="true"></span></button></th>')
    title = tr("class_report.title", lang, title=data.get("title") or data.get("game") or "")
    hint = esc(tr("class_report.sort_hint", lang))
    body = (f"<header><h1>{esc(title)}</h1></header>\n<main>\n{_facts(data, lang)}\n"
            f'<p class="hint screen-only" id="sort-hint">{hint}</p>\n'
            '<div class="table-wrap"><table class="sortable" id="class" aria-describedby="sort-hint">\n'
            f"<thead><tr>{''.join(heads)}</tr></thead>\n<tbody>\n"
            + "\n".join(r[2] for r in rows) + "\n</tbody></table></div>\n"
            + similar_section(data, lang) + runs_section(data, lang) + "\n</main>")
    return page(lang, title, body, script=True)


def _facts(data: Mapping[str, Any], lang: str) -> str:
    """The header block: game and level, code, misère, scale, pass mark, students, mean grade, the
    sample, dates, and whether the players ran in their boxes (a warning above all when not)."""
    students = list(data.get("students") or [])
    scale, pass_mark = data.get("scale"), data.get("pass")
    grades = [float(s["grade"]) for s in students if s.get("grade") is not None]
    game = tr("class_report.game", lang)
    rows = [(game, esc(data.get("title") or data.get("game") or DASH))]
    if data.get("code"):
        rows.append((tr("class_report.code", lang), f'<span class="moves">{esc(data["code"])}</span>'))
    misere = tr("class_report.yes", lang) if data.get("misere") else tr("class_report.no", lang)
    mark = percent(pass_mark, lang) if pass_mark is not None else esc(tr("class_report.no_pass_mark", lang))
    rows += [(tr("class_report.misere", lang), esc(misere)),
             (tr("class_report.scale", lang), esc(tr("class_report.out_of", lang, scale=scale))),
             (tr("class_report.pass_mark", lang), mark),
             (tr("class_report.students", lang), esc(len(students)))]
    if pass_mark is not None:
        count = sum(1 for s in students if s.get("passed"))
        passed = tr("class_report.of", lang, n=count, total=len(students))
        rows.append((tr("class_report.passed_count", lang), esc(passed)))
    mean = sum(grades) / len(grades) if grades else None
    rows.append((tr("class_report.mean", lang), grade(mean, scale, lang)))
    if data.get("positions") is not None:
        rows.append((tr("class_report.positions", lang), esc(data["positions"])))
    rows += _grading(data, lang)
    rows += index_facts(data, lang)
    isolation = tr("class_report.isolation", lang)
    boxed = (tr("class_report.isolated", lang) if data.get("isolated")
             else tr("class_report.not_isolated_short", lang))
    rows += [(tr("class_report.started", lang), when(data.get("started"), lang)),
             (tr("class_report.finished", lang), when(data.get("finished"), lang)),
             (isolation, esc(boxed))]
    warning = "" if data.get("isolated") else \
        f'<p class="notice warn" role="alert">{esc(tr("class_report.not_isolated", lang))}</p>'
    return warning + facts(rows, wide=(game, isolation))


def _grading(data: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """The rules of the grade: the time a move (and the grace), what a random player and a
    first-move player keep of the same positions, and the baseline the grades start from."""
    rows = []
    if data.get("time") is not None:
        allowed = data.get("time_allowed") or data["time"]
        rows.append((tr("class_report.time_rule", lang),
                     esc(tr("class_report.time_rule_value", lang, s=float(data["time"]), allowed=float(allowed)))))
    floors = data.get("floors") or {}
    if floors:
        rows.append((tr("class_report.floors", lang), esc(tr("class_report.floors_value", lang,
                     random=_share(floors.get("random"), lang), first=_share(floors.get("first"), lang)))))
    baseline = data.get("baseline")
    if baseline:
        who = baseline.get("file") or tr(f"class_report.floor_{baseline.get('by')}", lang)
        said = tr("class_report.baseline_value", lang, who=who, score=_share(baseline.get("score"), lang),
                  scale=data.get("scale"))
    else:
        said = tr("class_report.baseline_none", lang)
    rows.append((tr("class_report.baseline", lang), esc(said)))
    return rows


def _share(value: object, lang: str) -> str:
    return DASH if value is None else tr("judge.percent", lang, x=decimal(float(str(value)), 1, lang=lang))


def _columns(data: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """The table's columns: (header text, "number" or "text"), as the run asked."""
    cols = [(tr("class_report.col_rank", lang), "number")] if data.get("tournament") else []
    cols += [(tr("class_report.col_name", lang), "text"), (tr("class_report.col_file", lang), "text"),
             (tr("class_report.col_score", lang), "number"),
             (tr("class_report.col_grade", lang, scale=data.get("scale")), "number")]
    if data.get("pass") is not None:
        cols.append((tr("class_report.col_passed", lang), "text"))
    cols.append((tr("class_report.col_forfeits", lang), "number"))
    cols.append((tr("class_report.col_time_max", lang), "number"))
    if data.get("tournament"):
        cols += [(tr("class_report.col_elo", lang), "number"),
                 (tr("class_report.col_points", lang), "number")]
    return cols


def _student_row(data: Mapping[str, Any], s: Mapping[str, Any], lang: str) -> str:
    name = esc(s.get("name") or s["key"])
    href = esc("students/" + quote(f"{s['key']}.html"))
    why = ""
    if s.get("status") == "error":
        why = f'<span class="why">{esc(tr("class_report.error", lang, error=s.get("error") or ""))}</span>'
    elif s.get("not_asked"):
        why = f'<span class="why">{esc(not_asked_text(s, lang))}</span>'
    cells = [f'<td class="num">{rank(s.get("rank"))}</td>'] if data.get("tournament") else []
    cells += [f'<td class="name" data-sort="{name}"><a href="{href}">{name}</a>{late_tag(s, lang)}</td>',
              f'<td class="file">{esc(s.get("file") or DASH)}{why}</td>',
              f'<td class="num">{percent(s.get("score"), lang)}</td>',
              f'<td class="num">{num(s.get("grade"), lang)}</td>']
    if data.get("pass") is not None:
        cells.append(f"<td>{yes_no(s.get('passed'), lang)}</td>")
    cells.append(f'<td class="num">{len(s.get("forfeits") or [])}</td>')
    cells.append(f'<td class="num">{milliseconds(s.get("time_max"), lang)}</td>')
    if data.get("tournament"):
        cells += [f'<td class="num">{elo(s.get("elo"), s.get("elo_margin"), lang)}</td>',
                  f'<td class="num">{points(s.get("points"), s.get("games"), lang)}</td>']
    return f'<tr class="student" data-key="{esc(s["key"])}">' + "".join(cells) + "</tr>"


def _anchor_row(data: Mapping[str, Any], a: Mapping[str, Any], lang: str) -> str:
    """A built-in level in the ladder: its rank and Elo, marked as the computer; no page of its own."""
    name = esc(a.get("name") or "")
    tag = f'<span class="tag">{esc(tr("class_report.anchor", lang))}</span>'
    empty = 5 + (data.get("pass") is not None)          # file, score, grade, (passed), forfeits, time
    cells = [f'<td class="num">{rank(a.get("rank"))}</td>',
             f'<td class="name" data-sort="{name}">{name}{tag}</td>']
    cells += ["<td></td>"] * empty
    cells += [f'<td class="num">{elo(a.get("elo"), a.get("elo_margin"), lang)}</td>',
              f'<td class="num">{points(a.get("points"), a.get("games"), lang)}</td>']
    return '<tr class="anchor">' + "".join(cells) + "</tr>"
