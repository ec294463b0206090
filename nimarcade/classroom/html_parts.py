"""The pieces every page of the class report is made of: escaping, the page around a body, lists of
facts, tables, and numbers, grades, dates and badges as the run's language writes them.

Every text that comes from the data (a student's name, a file name, a program's output) goes
through :func:`esc`: HTML-escaped, quotes included, and its control characters written out as
visible text (``\\x1b``), so that neither markup nor a terminal escape reaches the reader.
"""
from __future__ import annotations

import datetime
import html
from collections.abc import Iterable, Mapping, Sequence

from nimarcade.classroom.html_assets import SCRIPT, STYLE
from nimarcade.i18n import decimal, tr
from nimarcade.i18n.outside import printable

#: What a page may load: nothing from anywhere (its own inline style and script, pictures as data).
POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
#: A cell or a value that is not known.
DASH = "\u2014"
NARROW = "\u202f/\u202f"


def visible(text: str, keep_lines: bool = False) -> str:
    """``text`` with its control characters written out (``\\x1b``, ``\\u202e``); ``keep_lines``
    keeps newlines and tabs (the text of a ``<pre>``). The same escapes as a terminal line or a
    CSV cell (:func:`nimarcade.i18n.outside.printable`): C0 and C1 controls, DEL, the direction
    marks, overrides and isolates that reorder what is read, invisible format characters."""
    return printable(text, keep_lines)


def esc(value: object, keep_lines: bool = False) -> str:
    """A text of the data, safe in HTML text and in a quoted attribute."""
    return html.escape(visible(str(value), keep_lines), quote=True)


def page(lang: str, title: str, body: str, script: bool = False, style: str = "") -> str:
    """A whole page: its language, its policy (nothing fetched), the inline style (and the page's
    own ``style``, the project's CSS), the body."""
    return (f'<!DOCTYPE html>\n<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)}</title>\n<style>{STYLE}{style}</style>\n</head>\n<body>\n{body}\n"
            + (f"<script>{SCRIPT}</script>\n" if script else "") + "</body>\n</html>\n")


def facts(rows: Sequence[tuple[str, str]], wide: Iterable[str] = ()) -> str:
    """A list of (label, HTML value) pairs, the labels in ``wide`` on a line of their own; the
    labels are catalogue texts."""
    wide, own_line = set(wide), ' class="wide"'
    items = "".join(f'<div{own_line if label in wide else ""}><dt>{esc(label)}</dt><dd>{value}</dd></div>'
                    for label, value in rows)
    return f'<dl class="facts">{items}</dl>'


def table(heads: Sequence[tuple[str, bool]], rows: Iterable[Sequence[tuple[str, bool]]]) -> str:
    """A plain table: headers (text, numeric) and rows of cells (HTML, numeric)."""
    def cls(numeric: bool) -> str:
        return ' class="num"' if numeric else ""

    head = "".join(f'<th scope="col"{cls(numeric)}>{esc(text)}</th>' for text, numeric in heads)
    body = "".join("<tr>" + "".join(f"<td{cls(numeric)}>{cell}</td>" for cell, numeric in row) + "</tr>"
                   for row in rows)
    return f'<div class="table-wrap"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def badge(good: bool, text: str) -> str:
    return f'<span class="badge {"yes" if good else "no"}">{esc(text)}</span>'


def yes_no(value: bool | None, lang: str) -> str:
    if value is None:
        return DASH
    return badge(value, tr("class_report.yes", lang) if value else tr("class_report.no", lang))


def num(value: float | None, lang: str, digits: int = 1) -> str:
    """A number as the language writes it (« 12,5 »), at most ``digits`` decimals."""
    return DASH if value is None else esc(decimal(float(value), digits, lang=lang))


def percent(value: float | None, lang: str) -> str:
    return DASH if value is None else esc(tr("judge.percent", lang, x=decimal(float(value), 1, lang=lang)))


def milliseconds(seconds: float | None, lang: str) -> str:
    """A time in seconds written in milliseconds, to a tenth (« 0,4 ms », « 1525 ms »)."""
    return DASH if seconds is None else esc(tr("class_report.ms", lang, ms=decimal(1000 * float(seconds), 1, lang=lang)))


def grade(value: float | None, scale: object, lang: str) -> str:
    """« 12,5 / 20 »."""
    return DASH if value is None else num(value, lang) + NARROW + esc(scale)


def elo(value: float | None, margin: float | None, lang: str) -> str:
    """« 112 ± 35 »."""
    if value is None:
        return DASH
    text = decimal(float(value), 0, lang=lang)
    return esc(text if margin is None else f"{text} \u00b1 {decimal(float(margin), 0, lang=lang)}")


def points(value: float | None, games: int | None, lang: str) -> str:
    """Tournament points out of the games played: « 14,5 / 16 »."""
    if value is None:
        return DASH
    return num(value, lang) + (NARROW + esc(games) if games is not None else "")


def rank(value: int | None) -> str:
    return DASH if value is None else esc(value)


def when(stamp: str | None, lang: str) -> str:
    """An ISO time as the language writes a day and an hour, in the local time of the machine."""
    if not stamp:
        return DASH
    try:
        moment = datetime.datetime.fromisoformat(stamp)
    except ValueError:
        return esc(stamp)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    day = tr("date.day", lang, d=f"{moment.day:02d}", m=f"{moment.month:02d}", y=moment.year)
    text = tr("date.at", lang, day=day, time=moment.strftime("%H:%M"))
    return f'<time datetime="{esc(stamp)}">{esc(text)}</time>'


def where(moves: Sequence[str] | None, lang: str) -> str:
    """Where a position is: the moves from the start, or the start."""
    return tr("judge.after", lang, moves=" ".join(moves)) if moves else tr("judge.start", lang)


def language(data: Mapping[str, object]) -> str:
    return str(data.get("lang") or "fr")
