"""The class report in HTML: from a hand-made class.json dict of four students (one right,
one wrong with mistakes and a hostile name, one with a forfeit and its traceback, one that could not
be judged), with and without a tournament, in both languages: the files, the links, the table's
rows (read back with the standard library's ``html.parser``), the escaping, no network resource,
the translated texts."""
from __future__ import annotations

import copy
import datetime
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from nimarcade.classroom import html_board
from nimarcade.classroom.html import write_report
from nimarcade.classroom.html_parts import esc, visible
from nimarcade.i18n import tr

HOSTILE = "<script>alert(1)</script>"
QUOTED_FILE = "Zoé \"l'as\" <b>_99_assignsubmission_file_/j'ai \"gagné\" & <i>.py"
TRACEBACK = ["Traceback (most recent call last):", '  File "kayles.py", line 12, in choose_move',
             "    return heaps[3]", "IndexError: list index out of range", "\x1b[31mred\x1b[0m \u202eevil"]


def class_data(lang: str = "fr", tournament: bool = True) -> dict[str, Any]:
    """A class.json dict as ``nimarcade class`` writes it: Kayles on a row of 10 pins, pass mark 50."""
    reason = {"fr": "a planté (erreur Python)", "en": "crashed (a Python error)"}[lang]
    error = {"fr": "aucun joueur trouvé : ni fichier .py, ni player.toml",
             "en": "no player found: no .py file, no player.toml"}[lang]
    students = [
        {"key": "chloe-martin-12345", "name": "Chloé Martin", "id": "12345",
         "file": "Chloé Martin_12345_assignsubmission_file_/kayles.py", "declared": "Mine", "status": "judged",
         "error": None, "score": 100.0, "grade": 20.0, "passed": True, "kept": 40, "won": 40, "asked": 120,
         "not_asked": 0, "forfeits": [], "mistakes": [],
         "teacher": [{"label": "10 -> 1:4:4", "position": "10", "expected": ["1:4:4", "1:5:4"], "played": "1:4:4",
                      "passed": True}],
         "feedback": "Parfait : le gain gardé partout." if lang == "fr" else "Perfect: the win kept everywhere.",
         "rank": 1, "elo": 112.0, "elo_margin": 35.0, "points": 14.5, "games": 16,
         "results": [{"opponent": "Level 4", "points": 2.0, "games": 4},
                     {"opponent": "Zoé", "points": 4.0, "games": 4}]},
        {"key": "zoe-99", "name": HOSTILE, "id": "99", "file": QUOTED_FILE, "declared": "Mine", "status": "judged",
         "error": None, "score": 40.0, "grade": 8.0, "passed": False, "kept": 16, "won": 40, "asked": 120,
         "not_asked": 0, "forfeits": [],
         "mistakes": [{"moves": ["1:2"], "board": "0.77\n||||||||\n(8)", "played": "1:1", "winning": ["1:3:3"]},
                      {"moves": ["1:1:4", "1:2"], "board": "0.77\n1 : ooo  (3)\n2 : ooooo  (5)", "played": "2:1",
                       "winning": ["2:2", "2:1:2"]},
                      # the first board again, reached another way: shown once
                      {"moves": ["1:1"], "board": "0.77\n||||||||\n(8)", "played": "1:1", "winning": ["1:3:3"]}],
         "teacher": [{"label": "10 -> 1:4:4", "position": "10", "expected": ["1:4:4"], "played": "1:1",
                      "passed": False}],
         "feedback": "<b>8/20</b> & more", "rank": 4, "elo": -40.5, "elo_margin": 50.0, "points": 5.0, "games": 16,
         "results": [{"opponent": "Level 4", "points": 0.0, "games": 4}]},
        {"key": "lea-dupont-777", "name": "Léa Dupont", "id": "777",
         "file": "Léa Dupont_777_assignsubmission_file_/nim.py", "declared": None, "status": "judged",
         "error": None, "score": 62.5, "grade": 12.5, "passed": True, "kept": 25, "won": 40, "asked": 120,
         "not_asked": 2,
         "forfeits": [{"moves": ["1:1:4", "1:1"], "board": "0.77\n|||  |||||\n(3 5)", "reason": reason,
                       "output": TRACEBACK},
                      {"moves": ["1:2:4"], "board": "0.77\n|||  ||||\n(3 4)", "reason": reason,
                       "output": TRACEBACK}],
         "mistakes": [], "teacher": [], "feedback": "12,5/20", "rank": 3, "elo": 10.0, "elo_margin": 40.0,
         "points": 9.0, "games": 16, "results": [{"opponent": "Level 4", "points": 1.5, "games": 4}]},
        {"key": "bob-error", "name": "Bob Error", "id": None, "file": "Bob Error_4242_assignsubmission_file_",
         "declared": None, "status": "error", "error": error, "score": None, "grade": 0.0, "passed": False,
         "kept": 0, "won": 0, "asked": 0, "not_asked": 0, "forfeits": [], "mistakes": [], "teacher": [],
         "feedback": error, "rank": None, "elo": None, "elo_margin": None, "points": None, "games": None,
         "results": []},
    ]
    if not tournament:
        for s in students:
            s.update(rank=None, elo=None, elo_margin=None, points=None, games=None, results=[])
    return {"format": 1, "lang": lang, "game": "octal", "card": "kayles", "title": "Kayles, 10 quilles",
            "level": "kayles_10", "code": None, "misere": False,
            "params": {"code": "0.77", "heaps": [10], "misere": False, "board": "row"},
            "scale": 20, "pass": 50.0, "isolated": tournament, "positions": 120, "tournament": tournament,
            "started": "2026-11-28T05:10:00+00:00", "finished": "2026-11-28T05:11:02+00:00", "students": students,
            "anchors": [{"name": "Level 4", "rank": 2, "elo": 60.0}, {"name": "Level 1", "rank": 5, "elo": -150.0}]
            if tournament else []}


class Page(HTMLParser):
    """What a page holds: its tags' attributes, its links, the class table's rows as cell texts."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.links: list[str] = []
        self.rows: list[dict[str, Any]] = []
        self.heads: list[str] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self._cell: list[str] | None = None
        self._in: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        self._in.append(tag)
        if tag == "a":
            self.links.append(attributes.get("href") or "")
            if self.rows and self._cell is not None:
                self.rows[-1]["links"].append(attributes.get("href"))
        elif tag == "tr" and "tbody" in self._in:
            self.rows.append({"class": attributes.get("class"), "cells": [], "links": []})
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in self._in:
            while self._in and self._in.pop() != tag:
                pass
        if tag in ("td", "th") and self._cell is not None:
            text = "".join(self._cell).strip()
            if "tbody" in self._in and self.rows:
                self.rows[-1]["cells"].append(text)
            elif "thead" in self._in:
                self.heads.append(text)
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in and self._in[-1] == "script":
            self.scripts.append(data)
            return
        if self._in and self._in[-1] == "style":
            return
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)

    @property
    def words(self) -> str:
        return " ".join(" ".join(self.text).split())


def read(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


@pytest.fixture(params=[("fr", True), ("en", True), ("fr", False), ("en", False)],
                ids=lambda p: f"{p[0]}-{'tournament' if p[1] else 'judge'}")
def report(request, tmp_path) -> tuple[dict[str, Any], Path]:
    lang, tournament = request.param
    data = class_data(lang, tournament)
    return data, write_report(data, tmp_path / "out")


def test_the_index_and_a_page_per_student_are_written(report) -> None:
    data, index = report
    assert index == index.parent / "index.html" and index.is_file()
    for s in data["students"]:
        assert (index.parent / "students" / f"{s['key']}.html").is_file()
    written = sorted(p.name for p in (index.parent / "students").iterdir())
    assert written == sorted(f"{s['key']}.html" for s in data["students"])


def test_each_row_links_its_students_page_and_each_page_links_back(report) -> None:
    data, index = report
    page = read(index)
    students = [r for r in page.rows if r["class"] == "student"]
    assert len(students) == len(data["students"])
    links = sorted(link for r in students for link in r["links"])
    assert links == sorted(f"students/{s['key']}.html" for s in data["students"])
    for row in students:
        target = index.parent / row["links"][0]
        assert target.is_file()
        back = read(target)
        assert "../index.html" in back.links
        assert (target.parent / "../index.html").resolve() == index.resolve()


def test_the_table_has_a_row_per_student_and_the_ladders_anchors(report) -> None:
    data, index = report
    lang = data["lang"]
    page = read(index)
    anchors = [r for r in page.rows if r["class"] == "anchor"]
    heads = page.heads
    assert tr("class_report.col_name", lang) in heads and tr("class_report.col_file", lang) in heads
    assert tr("class_report.col_grade", lang, scale=20) in heads
    assert tr("class_report.col_passed", lang) in heads and tr("class_report.col_forfeits", lang) in heads
    if data["tournament"]:
        assert heads[0] == tr("class_report.col_rank", lang) and tr("class_report.col_elo", lang) in heads
        assert [a["cells"][1] for a in anchors] == [f"Level 4{tr('class_report.anchor', lang)}",
                                                     f"Level 1{tr('class_report.anchor', lang)}"]
        assert [r["cells"][0] for r in page.rows] == ["1", "2", "3", "4", "5", "\u2014"]   # ranked, the error last
        assert all(a["links"] == [] for a in anchors)
    else:
        assert anchors == [] and tr("class_report.col_rank", lang) not in heads
        assert tr("class_report.col_elo", lang) not in heads
    by_name = {r["cells"][heads.index(tr("class_report.col_name", lang))]: dict(zip(heads, r["cells"]))
               for r in page.rows if r["class"] == "student"}
    assert set(by_name) == {s["name"] for s in data["students"]}
    lea = by_name["Léa Dupont"]
    assert lea[tr("class_report.col_grade", lang, scale=20)] == ("12,5" if lang == "fr" else "12.5")
    point = "," if lang == "fr" else "."
    assert lea[tr("class_report.col_score", lang)] == tr("judge.percent", lang, x=f"62{point}5")
    assert lea[tr("class_report.col_forfeits", lang)] == "2"
    assert lea[tr("class_report.col_passed", lang)] == tr("class_report.yes", lang)
    bob = by_name["Bob Error"][tr("class_report.col_file", lang)]
    assert tr("class_report.error", lang, error=data["students"][3]["error"]) in bob


def test_the_headers_are_buttons_that_sort(report) -> None:
    data, index = report
    page = read(index)
    heads = [attrs for tag, attrs in page.tags if tag == "th" and attrs.get("scope") == "col"]
    buttons = [attrs for tag, attrs in page.tags if tag == "button"]
    assert len(buttons) == len(heads) == len(page.heads) and all(b.get("type") == "button" for b in buttons)
    kinds = dict(zip(page.heads, (h["data-type"] for h in heads)))
    assert kinds[tr("class_report.col_grade", data["lang"], scale=20)] == "number"
    assert kinds[tr("class_report.col_name", data["lang"])] == "text"
    assert [h.get("aria-sort") for h in heads].count("ascending") == (1 if data["tournament"] else 0)
    script = "".join(page.scripts)
    assert "addEventListener" in script and "aria-sort" in script


def test_the_header_block_says_the_run(report) -> None:
    data, index = report
    lang = data["lang"]
    words = read(index).words
    for text in (data["title"], tr("class_report.pass_mark", lang), tr("judge.percent", lang, x="50"),
                 tr("class_report.out_of", lang, scale=20), tr("class_report.mean", lang),
                 tr("class_report.started", lang), tr("class_report.of", lang, n=2, total=4)):
        assert text in words
    mean = "10,1" if lang == "fr" else "10.1"                  # (20 + 8 + 12.5 + 0) / 4 = 10.125
    assert mean in words
    warning = tr("class_report.not_isolated", lang)
    assert (warning in words) is (not data["isolated"])
    started = datetime.datetime.fromisoformat(data["started"]).astimezone()       # the teacher's own time
    day = tr("date.day", lang, d=f"{started.day:02d}", m=f"{started.month:02d}", y=started.year)
    assert tr("date.at", lang, day=day, time=started.strftime("%H:%M")) in words


def test_the_data_is_escaped_everywhere(report) -> None:
    data, index = report
    pages = [index] + sorted((index.parent / "students").iterdir())
    for path in pages:
        raw = path.read_text(encoding="utf-8")
        assert "<script>alert" not in raw and "<b>" not in raw and "<i>" not in raw
        assert "\x1b" not in raw and "\u202e" not in raw
        assert raw.count("<script>") <= 1
    hostile = read(index.parent / "students" / "zoe-99.html")
    assert hostile.tags.count(("script", {})) == 0
    assert hostile.words.count(HOSTILE) >= 1                         # shown as text: the title and the heading
    assert QUOTED_FILE in hostile.words and "<b>8/20</b> & more" in hostile.words
    assert QUOTED_FILE in read(index).words and HOSTILE in read(index).words
    lea = (index.parent / "students" / "lea-dupont-777.html").read_text(encoding="utf-8")
    assert "\\x1b[31mred\\x1b[0m \\u202eevil" in lea
    assert "IndexError: list index out of range" in Page(lea).words


def test_nothing_is_loaded_from_the_network(report) -> None:
    _, index = report
    for path in [index] + sorted((index.parent / "students").iterdir()):
        raw = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(", raw, re.I)
        page = Page(raw)
        for tag, attrs in page.tags:
            assert tag not in ("link", "iframe", "img", "object", "embed")
            if tag == "script":
                assert "src" not in attrs
        policy = [a["content"] for t, a in page.tags
                  if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
        assert policy and "default-src 'none'" in policy[0]


def test_the_pages_speak_the_runs_language(report) -> None:
    data, index = report
    lang = data["lang"]
    other = "en" if lang == "fr" else "fr"
    for path in [index] + sorted((index.parent / "students").iterdir()):
        page = read(path)
        assert ("html", {"lang": lang}) in page.tags
    page = read(index.parent / "students" / "zoe-99.html")
    for key in ("class_report.back", "class_report.teacher", "class_report.failed", "class_report.declared"):
        assert tr(key, lang) in page.words and tr(key, other) not in page.words
    assert tr("class_report.mistakes", lang, n=3) in page.words
    assert tr("judge.played", lang, move="1:1", winning="1:3:3") in page.words
    if lang == "fr":
        assert "Retour à la classe" in page.words and "Positions du professeur" in page.words
    else:
        assert "Back to the class" in page.words and "The teacher's positions" in page.words


def test_a_students_page_tells_their_mistakes_forfeits_and_games(report) -> None:
    data, index = report
    lang = data["lang"]
    folder = index.parent / "students"
    zoe = (folder / "zoe-99.html").read_text(encoding="utf-8")
    assert zoe.count('<figure class="card mistake">') == 2                      # three, two of them the same
    assert tr("judge.same_board", lang, n=1) in Page(zoe).words
    assert "<pre>0.77\n||||||||\n(8)</pre>" in zoe and "<svg" in zoe            # the text, and its drawing
    assert zoe.count('class="pin"') == 8 and zoe.count('class="counter"') == 8
    lea = read(folder / "lea-dupont-777.html")
    reason = data["students"][2]["forfeits"][0]["reason"]
    assert tr("judge.forfeit_at", lang, where=tr("judge.after", lang, moves="1:1:4 1:1"), why=reason) in lea.words
    assert tr("class_report.output", lang) in lea.words and tr("class_report.forfeits", lang, n=2) in lea.words
    assert tr("judge.forfeit_same", lang, n=1) in lea.words and lea.words.count("IndexError") == 1
    chloe = read(folder / "chloe-martin-12345.html")
    assert tr("class_report.no_mistakes", lang) in chloe.words and "12345" in chloe.words
    if data["tournament"]:
        assert tr("class_report.tournament", lang) in chloe.words
        assert [r["cells"] for r in chloe.rows][-2:] == [["Level 4", "2", "4", tr("judge.percent", lang, x="50")],
                                                         ["Zoé", "4", "4", tr("judge.percent", lang, x="100")]]
    else:
        assert tr("class_report.tournament", lang) not in chloe.words
    bob = read(folder / "bob-error.html")
    assert tr("class_report.error", lang, error=data["students"][3]["error"]) in bob.words
    assert tr("class_report.mistakes", lang, n=0) not in bob.words


def test_an_unsafe_key_is_refused_before_anything_is_written(tmp_path) -> None:
    for key in ("../evil", "a/b", "..", ".hidden", "", "a" * 251, "caf\u00e9"):
        data = copy.deepcopy(class_data())
        data["students"][0]["key"] = key
        with pytest.raises(ValueError):
            write_report(data, tmp_path / "out")
        assert not (tmp_path / "evil.html").exists() and not (tmp_path / "out").exists()


def test_control_characters_are_written_out() -> None:
    assert visible("a\x1b[1mb\x07\u202ec") == "a\\x1b[1mb\\x07\\u202ec"
    assert visible("a\nb\tc") == "a\\x0ab\\x09c" and visible("a\nb\tc", keep_lines=True) == "a\nb\tc"
    assert esc("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;"


def test_boards_are_drawn_only_when_they_read_as_rows() -> None:
    assert [body for _, body, _ in html_board.rows("0.77\n|||  |||||\n(3 5)")] == ["|||  |||||"]
    assert html_board.rows("1 : * * *      (3)\n2 : * *    (2)") == [("1", "* * *", "3"), ("2", "* *", "2")]
    assert html_board.rows("  1  2  3\n  |  |  |") == [(None, "|  |  |", None)]
    grid = "  1 2 3\n1|Q|-|-|\n2|-|-|*|"
    pits = "    +---+---+\n[ 0]| 4 | 4 |\n    | 4 | 4 |[ 0]"
    assert html_board.rows(grid) is None and html_board.drawing(grid) == ""
    assert html_board.rows(pits) is None and html_board.drawing(pits) == ""
    assert html_board.drawing("1 : ooo  (3)\n2 : |x|") == ""      # a line of pins it can't read: no drawing
    svg = html_board.drawing("1 : ooo  (3)\n2 : o  (1)")
    assert svg.count("<circle") == 4 and ">1</text>" in svg and ">(3)</text>" in svg
