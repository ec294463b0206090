"""Names from outside (a student's folder, a program's ``Player.name``) never act on the teacher's
screen or spreadsheet: ESC sequences and direction overrides are written out wherever a name is
printed (the class's progress lines, grades.csv, the HTML report, the judge's header, the text
mode); and names are listed in the language's alphabetical order (Émilie before Zoé)."""
from __future__ import annotations

import io
import os
import textwrap

import pytest

from nimarcade import i18n
from nimarcade.classroom import cli as class_cli
from nimarcade.classroom import outputs
from nimarcade.classroom.html_parts import esc
from nimarcade.i18n.outside import printable, sort_key
from nimarcade.text.console import Console

#: A folder name that clears the screen, moves to the top and prints a grade of its own.
CLEAR = "\x1b[2J\x1b[Hgrade 20/20\r"
#: A name whose end reads backwards (U+202E), with an isolate and a zero-width mark.
BIDI = "Bob\u202eelif.exe\u2066x\u2069\u200f"
RAW = ("\x1b", "\r", "\u202e", "\u2066", "\u2069", "\u200f")


def raw_in(text: str) -> list[str]:
    return [ch for ch in RAW if ch in text]


def test_printable_writes_out_what_acts_and_keeps_what_is_read() -> None:
    assert printable(CLEAR) == "\\x1b[2J\\x1b[Hgrade 20/20\\x0d"
    assert printable(BIDI) == "Bob\\u202eelif.exe\\u2066x\\u2069\\u200f"
    assert printable("a\nb\tc") == "a\\x0ab\\x09c" and printable("a\nb\tc", keep_lines=True) == "a\nb\tc"
    assert printable("\x85\x9b\u2028\udcff\u200b") == "\\x85\\x9b\\u2028\\udcff\\u200b"   # C1, separators, lone surrogate
    for kept in ("Chloé Martin", "O'Brien-Łukasz", "Zoé\u202fPetit", "👩\u200d💻", "دانش\u200cآموز"):
        assert printable(kept) == kept
    assert printable(printable(CLEAR + BIDI)) == printable(CLEAR + BIDI)


def test_names_are_in_a_french_or_english_readers_order() -> None:
    names = ["Zoé", "Émilie", "zacharie", "Eve", "Œdipe", "Oscar", "Élodie", "ève", "Ève"]
    assert sorted(names, key=sort_key) == ["Élodie", "Émilie", "Eve", "ève", "Ève", "Œdipe", "Oscar", "zacharie",
                                           "Zoé"]
    assert sorted(["Zoé", "Émilie"]) == ["Zoé", "Émilie"]             # what code points did


def test_the_progress_line_of_the_class_never_prints_a_name_raw() -> None:
    i18n.set_language("en")
    entry = {"key": "k", "name": CLEAR + BIDI, "id": None, "file": BIDI + ".py", "status": "judged", "error": None,
             "score": 100.0, "kept": 3, "won": 3, "asked": 3, "not_asked": 0, "forfeits": [], "mistakes": [],
             "teacher": []}
    line = class_cli._progress_line(1, 2, entry, 20.0, None)
    assert raw_in(line) == [] and "\\x1b[2J" in line and "\\u202e" in line
    error = dict(entry, status="error", error="several .py files (" + CLEAR + ".py)")
    assert raw_in(class_cli._progress_line(2, 2, error, 20.0, None)) == []
    from nimarcade.compete.tournament.progress import Progress

    games = io.StringIO()                           # the ladder's (and the tournament's) line a game
    Progress(1, 0, games, live=False).advance(f"{CLEAR} – {BIDI} 1-0")
    assert raw_in(games.getvalue()) == [] and "\\u202e" in games.getvalue()


def test_grades_csv_and_the_html_report_never_hold_a_name_raw(tmp_path) -> None:
    student = outputs.finish({"key": "k", "name": BIDI + CLEAR, "id": "7", "file": None, "status": "error",
                              "error": CLEAR, "score": None, "kept": 0, "won": 0, "asked": 0, "not_asked": 0,
                              "forfeits": [], "mistakes": [], "teacher": []}, 20.0, None)
    outputs.write_csv(tmp_path, [student])
    text = (tmp_path / outputs.GRADES_CSV).read_text(encoding="utf-8-sig")
    assert raw_in(text) == [] and "Bob\\u202eelif.exe" in text
    html = esc(student["name"])
    assert raw_in(html) == [] and "\\u202e" in html


def test_the_text_mode_prints_a_players_name_escaped_and_keeps_its_own_colours() -> None:
    out = io.StringIO()
    con = Console(io.StringIO(), out, color=True)
    con.say(i18n.tr("text.versus", a=CLEAR, b=BIDI), "title")
    con.write(CLEAR + "\n")
    con.board([BIDI])
    shown = out.getvalue()
    assert shown.count("\x1b[1m") == 1 and "\x1b[2J" not in shown and "\x1b[H" not in shown
    assert [ch for ch in RAW[1:] if ch in shown] == [] and "\\x1b[2J" in shown


@pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")
def test_the_judges_header_prints_the_declared_name_escaped(tmp_path) -> None:
    from nimarcade.core import levels, registry
    from nimarcade.judge import judge
    from nimarcade.judge.report import as_markdown

    path = tmp_path / "sly.py"
    path.write_text(textwrap.dedent('''
        class Player(object):
            name = "\\x1b[2J\\x1b[HNote : 20/20\\u202e"

            def choose_move(self, state):
                return state.legal_moves()[0]
        '''), encoding="utf-8")
    variant = registry.find_variant("fort_boyard")
    spec, level = registry.get(variant.game), levels.find_level(variant.game, variant.level)
    report = judge.judge(spec, level.id, level.params, str(path), positions=1, games_per_level=0, move_time=0.5)
    assert "\x1b" in report.player                                      # the name as declared...
    header = as_markdown(report, "Fort Boyard").splitlines()[0]
    assert raw_in(header) == [] and "\\x1b[2J" in header                # ...printed escaped


def test_a_class_with_a_spoofed_name_a_bomb_and_escapes_judges_the_others(tmp_path) -> None:
    """``nimarcade class`` on Moodle's flat zip: Eve's name spoofs Zoé's and her other entry is a
    bomb with a name that clears the screen; Bob's name reads backwards. Zoé and Émilie are judged
    (Émilie first), the others are each their own error; no name reaches the terminal or
    grades.csv raw."""
    import csv
    import json
    import zipfile

    from tests.classroom.players import RIGHT

    archive = tmp_path / "flat.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("Zoé Petit_3_assignsubmission_file_kayles.py", RIGHT)
        z.writestr("Zoé Petit_3_assignsubmission_file__9_assignsubmission_file_kayles.py", "x = 1\n")
        z.writestr("Émilie Roy_4_assignsubmission_file_kayles.py", RIGHT)
        z.writestr("Eve\x1b[2J\x1b[H_5_assignsubmission_file_bomb.py", b"#" * 2_000_000)    # no "/": a folder
        z.writestr(f"{BIDI}_6_assignsubmission_file_notes.txt", "rien")
    out, err = io.StringIO(), io.StringIO()
    code = class_cli.run([str(archive), "--out", str(tmp_path / "out"), "--max-size", "1", "--game", "octal",
                          "--code", "0.77", "--param", "heaps=5", "--time", "0.5", "--lang", "en"], out, err)
    assert code == 0, err.getvalue()
    assert raw_in(err.getvalue()) == [] and "Eve\\x1b[2J" in err.getvalue()
    students = json.loads((tmp_path / "out" / "class.json").read_text(encoding="utf-8"))["students"]
    judged = [(s["name"], s["id"], s["grade"]) for s in students if s["status"] == "judged"]
    assert judged == [("Émilie Roy", "4", 20.0), ("Zoé Petit", "3", 20.0)]
    errors = {s["id"]: s["error"] for s in students if s["status"] == "error"}
    assert errors["5"].startswith("too big (1.9 MB, limit 1 MB")
    assert "could be two participants'" in errors[None]
    rows = list(csv.reader(io.StringIO((tmp_path / "out" / outputs.GRADES_CSV).read_text(encoding="utf-8-sig"))))
    assert raw_in(repr(rows)) == [] and any("\\u202e" in cell for row in rows for cell in row)
