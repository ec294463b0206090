"""``nimarcade class``: a class of eight players (right, wrong Grundy, greedy, crash on three heaps,
syntax error, no player, two files, slow) judged on Kayles and on a teacher's own code, from a
folder and from Moodle's zip, in both languages: their grades and messages, class.json's shape,
grades.csv for Moodle, resuming after Ctrl+C, the exit codes."""
from __future__ import annotations

import csv
import io
import json
import os
import stat
import zipfile
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.classroom import cli as class_cli
from nimarcade.classroom import outputs, safezip
from nimarcade.core import registry
from nimarcade.players import isolation
from tests.classroom.players import GREEDY, RIGHT, STUDENTS, SYNTAX, make_folder, make_zip

#: The top-level keys of class.json (/tmp/classjson.md, the package's docstring).
TOP = {"format", "lang", "game", "card", "title", "level", "code", "misere", "params", "scale", "pass", "isolated",
       "positions", "tournament", "started", "finished", "students", "anchors", "similar", "similar_threshold",
       "run", "runs", "deadline", "floors", "baseline", "time", "time_allowed"}
STUDENT = {"key", "name", "id", "file", "declared", "status", "error", "score", "grade", "passed", "kept", "won",
           "asked", "not_asked", "forfeits", "mistakes", "teacher", "feedback", "rank", "elo", "elo_margin",
           "points", "games", "results", "late", "submitted", "previous", "not_asked_reason", "time_max",
           "time_median"}

KAYLES_CASES = '''
[[position]]
start = "3 4"
label = "trois et quatre"

[[position]]
start = "5"
expect = ["1:1:2"]

[[position]]
start = "12"
label = "jamais atteinte"
'''

DAWSON_CASES = '''
[[position]]
start = "4"
expect = ["1:2:1"]
'''


@pytest.fixture(autouse=True)
def _language():
    before = i18n.language()
    yield
    i18n.set_language(before)


def run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = class_cli.run(argv, out, err)
    return code, err.getvalue()


def by_name(data: dict) -> dict[str, dict]:
    return {s["name"]: s for s in data["students"]}


def read_csv(path: Path) -> tuple[bytes, list[list[str]], str]:
    raw = path.read_bytes()
    text = raw.decode("utf-8-sig")
    sep = ";" if text.splitlines()[0].count(";") else ","
    return raw, list(csv.reader(io.StringIO(text), delimiter=sep)), sep


# -- Kayles, a level of the lab, from a folder, in French --------------------------------------------
@pytest.fixture(scope="module")
def kayles(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("kayles")
    folder = make_folder(root / "rendus")
    (folder / "positions.toml").write_text(KAYLES_CASES, encoding="utf-8")
    out = root / "out"
    code, err = run([str(folder), "--game", "octal", "--level", "kayles", "--positions", "12", "--time", "0.5",
                     "--pass", "50", "--out", str(out), "--lang", "fr"])
    return {"code": code, "err": err, "out": out, "data": json.loads((out / "class.json").read_text(encoding="utf-8"))}


def test_the_class_is_judged_and_exits_0_whatever_the_grades(kayles) -> None:
    assert kayles["code"] == 0, kayles["err"]
    data = kayles["data"]
    assert set(data) == TOP
    assert (data["game"], data["level"], data["code"], data["lang"]) == ("octal", "kayles", None, "fr")
    assert data["scale"] == 20 and data["pass"] == 50.0 and data["positions"] == 12
    assert data["isolated"] is isolation.isolation().boxed
    assert data["tournament"] is False and data["anchors"] == []
    assert len(data["students"]) == len(STUDENTS)
    for s in data["students"]:
        assert set(s) == STUDENT, s["name"]
        assert s["rank"] is None and s["results"] == []


def test_each_student_gets_the_right_grade_and_message(kayles) -> None:
    s = by_name(kayles["data"])
    right = s["Chloé Martin"]
    assert right["status"] == "judged" and right["kept"] == right["won"] > 0
    assert (right["score"], right["grade"], right["passed"]) == (100.0, 20.0, True)
    assert right["mistakes"] == [] and right["forfeits"] == []
    assert right["declared"] == "Mine" and right["id"] == "101"
    assert right["file"] == "Chloé Martin_101_assignsubmission_file_/kayles.py"
    for name in ("Zoé Petit", "Jean-Luc Dupont", "Hugo Bernard"):
        other = s[name]
        assert other["status"] == "judged"
        assert other["grade"] == outputs.grade(other["kept"], other["won"], 20)
        assert other["score"] == round(100 * other["kept"] / other["won"], 1)
    greedy = s["Zoé Petit"]
    assert greedy["grade"] < 20 and greedy["mistakes"] and greedy["declared"] == "Mine"
    assert greedy["file"].endswith("mon joueur.py")
    crash = s["Hugo Bernard"]
    assert crash["forfeits"] and crash["grade"] < 20
    assert any("three heaps" in line for line in crash["forfeits"][0]["output"])
    for name, words in (("Léa Moreau", "erreur de syntaxe"), ("Nina Roux", "aucun fichier .py"),
                        ('=HYPERLINK("evil.example";"clic")', "plusieurs fichiers .py (a.py, b.py)")):
        bad = s[name]
        assert bad["status"] == "error" and words in bad["error"], bad["error"]
        assert (bad["grade"], bad["score"], bad["passed"]) == (0.0, None, False)
        assert "Non jugé" in bad["feedback"]


def test_a_mistake_is_a_move_that_really_throws_the_win_away(kayles) -> None:
    """Checked against the game's exact strategy, replayed from the level's start."""
    spec = registry.get("octal")
    params = {**kayles["data"]["params"], "heaps": tuple(kayles["data"]["params"]["heaps"])}
    for mistake in by_name(kayles["data"])["Zoé Petit"]["mistakes"]:
        state = spec.new_state(params)
        for text in mistake["moves"]:
            state = state.play(spec.notation.parse_move(state, text))
        winning = {spec.notation.format_move(m) for m in spec.winning_moves(state)}
        assert winning == set(mistake["winning"]) and mistake["played"] not in winning


def test_the_teachers_positions_are_a_line_each(kayles) -> None:
    right, greedy = by_name(kayles["data"])["Chloé Martin"], by_name(kayles["data"])["Zoé Petit"]
    labels = [t["label"] for t in right["teacher"]]
    assert labels == ["trois et quatre", "5 -> 1:1:2", "jamais atteinte"]
    three_four, five, never = right["teacher"]
    assert three_four["passed"] is True and three_four["played"] in three_four["expected"]
    assert set(three_four["expected"]) == {"1:2", "2:1", "2:1:1"}       # any winning move
    assert five == {"label": "5 -> 1:1:2", "position": "5", "expected": ["1:1:2"], "played": "1:1:2", "passed": True}
    assert never["passed"] is None and never["played"] is None           # the level never reaches 12 pins
    assert greedy["teacher"][1]["passed"] is False and greedy["teacher"][1]["played"] != "1:1:2"


def test_progress_a_line_per_student_then_a_summary_in_french(kayles) -> None:
    lines = kayles["err"].splitlines()
    judged = [line for line in lines if line.startswith("[")]
    assert len(judged) == len(STUDENTS)
    assert any("Chloé Martin (Chloé Martin_101_assignsubmission_file_/kayles.py) : 100 %, note 20/20" in line
               for line in judged)
    assert "Élèves jugés : 5 ; en erreur : 3" in lines[-1] and str(kayles["out"]) in lines[-1]


def test_grades_csv_is_moodles_worksheet_with_no_formula(kayles) -> None:
    raw, rows, sep = read_csv(kayles["out"] / "grades.csv")
    assert raw.startswith(b"\xef\xbb\xbf") and sep == ","            # Moodle's own: « , », a byte-order mark
    assert rows[0] == ["Identifier", "Full name", "Grade", "Last modified (grade)", "Feedback comments"]
    assert len(rows) == 1 + len(STUDENTS)
    by = {r[1]: r for r in rows[1:]}
    assert by["Chloé Martin"][0] == "Participant 101" and by["Chloé Martin"][2] == "20"
    # a French run for an English Moodle (--moodle-lang en): the site's decimal point, not the run's comma
    assert by["Zoé Petit"][2] == f'{by_name(kayles["data"])["Zoé Petit"]["grade"]:g}' and "," not in by["Zoé Petit"][2]
    evil = [r for r in rows[1:] if "HYPERLINK" in r[1]][0]
    assert evil[1] == "'=HYPERLINK(\"evil.example\";\"clic\")"
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell


def test_the_outputs_are_readable_by_others(kayles) -> None:
    for name in ("class.json", "grades.csv"):
        mode = stat.S_IMODE((kayles["out"] / name).stat().st_mode)
        assert mode == 0o644, (name, oct(mode))


def test_each_student_has_a_folder_of_their_own(kayles) -> None:
    copies = kayles["out"] / "submissions"
    right = copies / "chloe-martin-101"
    assert sorted(p.name for p in right.iterdir()) == ["kayles.py"]
    assert (copies / "zoe-petit-103" / "mon joueur.py").is_file()       # spaces and accents kept
    results = kayles["out"] / "results"
    assert len(list(results.glob("*.json"))) == len(STUDENTS)


# -- a teacher's own code, from Moodle's zip, in English, two at a time --------------------------------
@pytest.fixture(scope="module")
def dawson(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("dawson")
    archive = make_zip(root / "submissions.zip")
    cases = root / "cases.toml"
    cases.write_text(DAWSON_CASES, encoding="utf-8")
    out = root / "out"
    code, err = run([str(archive), "--game", "octal", "--code", "0.07", "--param", "heaps=8", "--time", "0.2",
                     "--out", str(out), "--lang", "en", "--jobs", "2", "--positions-file", str(cases)])
    return {"code": code, "err": err, "out": out, "data": json.loads((out / "class.json").read_text(encoding="utf-8"))}


def test_a_custom_code_from_moodles_zip_in_english(dawson) -> None:
    assert dawson["code"] == 0, dawson["err"]
    data = dawson["data"]
    assert (data["level"], data["code"], data["lang"], data["pass"]) == (None, "0.07", "en", None)
    assert data["params"]["heaps"] == [8] and "0.07" in data["title"]
    s = by_name(data)
    assert len(s) == len(STUDENTS)                        # the online text folder is no other student
    assert s["Chloé Martin"]["grade"] == 20.0 and s["Chloé Martin"]["passed"] is None
    assert s["Jean-Luc Dupont"]["grade"] < 20 and s["Jean-Luc Dupont"]["mistakes"]
    assert s["Chloé Martin"]["teacher"] == [{"label": "4 -> 1:2:1", "position": "4", "expected": ["1:2:1"],
                                            "played": "1:2:1", "passed": True}]
    assert "syntax error" in s["Léa Moreau"]["error"]
    assert "no .py file" in s["Nina Roux"]["error"]
    assert "Not judged" in s["Nina Roux"]["feedback"]


def test_the_slow_player_forfeits_by_its_time_and_is_graded_on_the_rest(dawson) -> None:
    slow = by_name(dawson["data"])["Paul Lenoir"]
    assert slow["status"] == "judged"
    assert [f["moves"] for f in slow["forfeits"]] == [["1:2"]]          # a heap of 6, where it sleeps
    assert slow["forfeits"][0]["reason"] == "Paul Lenoir did not move within its time (0.2 s a move), even after “stop”"
    assert 0 < slow["grade"] < 20


def test_grades_csv_in_english_is_comma_separated(dawson) -> None:
    _, rows, sep = read_csv(dawson["out"] / "grades.csv")
    assert sep == "," and rows[0] == ["Identifier", "Full name", "Grade", "Last modified (grade)", "Feedback comments"]
    assert "Won positions kept" in {r[1]: r for r in rows}["Chloé Martin"][4]


def test_the_zip_is_not_left_unpacked(dawson) -> None:
    assert not (dawson["out"] / class_cli.UNZIPPED).exists()


# -- resuming -------------------------------------------------------------------------------------------
def small_class(root: Path) -> Path:
    return make_folder(root, [("Chloé Martin", "101", {"kayles.py": RIGHT}), ("Zoé Petit", "103", {"g.py": GREEDY}),
                              ("Léa Moreau", "105", {"s.py": SYNTAX})])


SMALL = ["--game", "octal", "--code", "0.77", "--param", "heaps=5", "--time", "0.5", "--lang", "en"]


def test_ctrl_c_keeps_what_is_judged_and_the_same_command_finishes(tmp_path, monkeypatch) -> None:
    folder, out = small_class(tmp_path / "class"), tmp_path / "out"
    argv = [str(folder), "--out", str(out), *SMALL]
    real = class_cli.runners.spread
    judged: list[str] = []

    def interrupted(work, tasks, jobs=1, client=None):
        for n, result in enumerate(real(work, tasks, jobs, client)):
            judged.append(result["key"])
            yield result
            if n == 0:
                raise KeyboardInterrupt

    monkeypatch.setattr(class_cli.runners, "spread", interrupted)
    code, err = run(argv)
    assert code == class_cli.INTERRUPTED and "1 of 3" in err
    assert len(list((out / "results").glob("*.json"))) == 1 and not (out / "class.json").exists()

    def counted(work, tasks, jobs=1, client=None):
        judged.extend(t.key for t in tasks)
        return real(work, tasks, jobs, client)

    monkeypatch.setattr(class_cli.runners, "spread", counted)
    judged.clear()
    code, err = run(argv)
    assert code == 0, err
    assert len(judged) == 2 and "judged with the same settings and the same files: 1; left to judge: 2" in err
    assert len(json.loads((out / "class.json").read_text())["students"]) == 3
    judged.clear()
    assert run(argv)[0] == 0 and judged == []                          # nothing left: nothing judged again
    (folder / "Zoé Petit_103_assignsubmission_file_" / "g.py").write_text(RIGHT, encoding="utf-8")
    assert run(argv)[0] == 0 and judged == ["zoe-petit-103"]            # a resubmission is judged again
    assert by_name(json.loads((out / "class.json").read_text()))["Zoé Petit"]["grade"] == 20.0
    judged.clear()
    assert run([*argv, "--scale", "10", "--pass", "90"])[0] == 0 and judged == []   # grades need no judge
    data = json.loads((out / "class.json").read_text())
    assert data["scale"] == 10 and by_name(data)["Chloé Martin"]["grade"] == 10.0


# -- the ladder -----------------------------------------------------------------------------------------
def test_the_tournament_ranks_every_student_by_name_and_file_with_the_levels(tmp_path) -> None:
    folder = make_folder(tmp_path / "class", [("Chloé Martin", "101", {"kayles.py": RIGHT}),
                                              ("Zoé Petit", "103", {"kayles.py": GREEDY}),
                                              ("Léa Moreau", "105", {"s.py": SYNTAX})])
    out = tmp_path / "out"
    code, err = run([str(folder), "--out", str(out), "--tournament", "--games", "2", *SMALL])
    assert code == 0, err
    data = json.loads((out / "class.json").read_text())
    s = by_name(data)
    assert data["tournament"] is True
    assert sorted(a["name"] for a in data["anchors"]) == [f"level {n}" for n in (1, 2, 3, 4)]
    ranks = sorted([a["rank"] for a in data["anchors"]] + [s[n]["rank"] for n in ("Chloé Martin", "Zoé Petit")])
    assert ranks == list(range(1, 7))
    for name in ("Chloé Martin", "Zoé Petit"):
        assert s[name]["games"] == 10 and s[name]["elo"] is not None and s[name]["elo_margin"] > 0
        assert {r["opponent"] for r in s[name]["results"]} >= {"level 1", "level 4"}
    assert "Zoé Petit (kayles.py)" in {r["opponent"] for r in s["Chloé Martin"]["results"]}
    assert s["Léa Moreau"]["rank"] is None                              # an error takes no part
    table = (out / "tournament" / "tournament.md").read_text()
    assert "Chloé Martin (kayles.py)" in table and "Zoé Petit (kayles.py)" in table and "(2)" not in table
    code, err = run([str(folder), "--out", str(out), "--tournament", "--games", "2", *SMALL])
    assert code == 0 and "0 to play" in err                             # resumed: every game kept


# -- exit codes -----------------------------------------------------------------------------------------
def test_no_such_folder_is_a_usage_error(tmp_path) -> None:
    code, err = run([str(tmp_path / "nothing"), "--game", "octal", "--lang", "en"])
    assert code == 2 and "no folder or file" in err


def test_a_file_that_is_no_zip_is_a_usage_error(tmp_path) -> None:
    bad = tmp_path / "class.zip"
    bad.write_bytes(b"not a zip at all")
    code, err = run([str(bad), "--game", "octal", "--lang", "fr", "--out", str(tmp_path / "out")])
    assert code == 2 and "n'est ni un dossier ni un fichier zip" in err


def test_a_zip_bomb_is_refused_before_any_player_runs(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(safezip, "MAX_MEMBERS", 3)
    archive = make_zip(tmp_path / "class.zip")
    code, err = run([str(archive), "--game", "octal", "--lang", "en", "--out", str(tmp_path / "out")])
    assert code == 2 and "more than the limit of 3" in err
    assert not (tmp_path / "out" / "results").exists()


def test_a_zip_that_climbs_out_is_unpacked_without_what_leaves_the_folder(tmp_path) -> None:
    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("Ana Lima_7_assignsubmission_file_/p.py", RIGHT)
        z.writestr("../../escaped.py", RIGHT)
        link = zipfile.ZipInfo("Ana Lima_7_assignsubmission_file_/secret.py")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(link, "/etc/passwd")
    out = tmp_path / "deep" / "out"
    code, err = run([str(archive), "--out", str(out), *SMALL])
    assert code == 0, err
    assert not (tmp_path / "escaped.py").exists() and not (tmp_path / "deep" / "escaped.py").exists()
    assert "../../escaped.py" in err and "secret.py" in err
    data = json.loads((out / "class.json").read_text())
    assert [(s["name"], s["id"], s["grade"]) for s in data["students"]] == [("Ana Lima", "7", 20.0)]


def test_a_bad_level_code_or_teachers_file_is_a_usage_error(tmp_path) -> None:
    folder = small_class(tmp_path / "class")
    out = str(tmp_path / "out")
    assert run([str(folder), "--game", "octal", "--level", "nope", "--out", out])[0] == 2
    assert run([str(folder), "--game", "octal", "--code", "9.9x", "--out", out])[0] == 2
    bad = tmp_path / "cases.toml"
    bad.write_text('[[position]]\nstart = "5"\nexpect = ["9:9"]\n', encoding="utf-8")
    code, err = run([str(folder), "--game", "octal", "--positions-file", str(bad), "--out", out, "--lang", "en"])
    assert code == 2 and "cases.toml, position no. 1" in err
    bad.write_text('[[position]]\nstart = "2 2"\n', encoding="utf-8")
    code, err = run([str(folder), "--game", "octal", "--code", "0.07", "--positions-file", str(bad), "--out", out,
                     "--lang", "en"])
    assert code == 2 and "lost for whoever plays it" in err
    assert run([str(folder), "--game", "octal", "--pass", "120", "--out", out])[0] == 2


def test_require_isolation_without_a_box_exits_2_before_any_player(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(isolation.DISABLE_VARIABLE, "1")
    isolation.isolation.cache_clear()
    try:
        folder = small_class(tmp_path / "class")
        code, err = run([str(folder), "--out", str(tmp_path / "out"), "--require-isolation", *SMALL])
    finally:
        monkeypatch.delenv(isolation.DISABLE_VARIABLE)
        isolation.isolation.cache_clear()
    assert code == 2 and not (tmp_path / "out" / "results").exists()


def test_the_front_door_knows_the_command(monkeypatch, tmp_path) -> None:
    from nimarcade import cli

    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    assert cli.COMMANDS["class"] == "nimarcade.classroom.cli"
    assert cli.main(["class", str(tmp_path / "nothing"), "--game", "octal", "--lang", "en"]) == 2
    assert i18n.has("front.class")


def test_the_html_report_is_written_when_its_writer_is_there(kayles) -> None:
    index = kayles["out"] / "index.html"
    assert index.is_file() and stat.S_IMODE(index.stat().st_mode) == 0o644
    assert os.access(index, os.R_OK)


def test_the_students_may_be_judged_on_a_dask_cluster(tmp_path, monkeypatch) -> None:
    """``--cluster``: each student a task of the cluster (here an in-process one), the same grades."""
    pytest.importorskip("distributed", reason="the optional extra [cluster] is not installed")
    from distributed import Client

    from nimarcade.compete.tournament import runners as tourney_runners

    made: list[Client] = []

    def connect(address: str) -> Client:
        made.append(Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None))
        return made[0]

    monkeypatch.setattr(tourney_runners, "connect", connect)
    folder = small_class(tmp_path / "class")
    code, err = run([str(folder), "--out", str(tmp_path / "out"), "--cluster", "tcp://lab:8786", *SMALL])
    assert code == 0, err
    assert made and made[0].status == "closed"
    grades = {s["name"]: s["grade"] for s in json.loads((tmp_path / "out" / "class.json").read_text())["students"]}
    assert grades["Chloé Martin"] == 20.0 and grades["Léa Moreau"] == 0.0
    assert grades["Zoé Petit"] == greedy_grade_by_hand()


def greedy_grade_by_hand() -> float:
    """The greedy player's grade on Kayles of 5 pins, every position, worked out here without
    the judge: its move in each position where a winning move exists, checked by the rules."""
    from nimarcade.judge.positions import Tree

    scope: dict = {}
    exec(GREEDY, scope)                      # noqa: S102 - the test's own player
    player = scope["Greedy"]()
    spec = registry.get("octal")
    tree = Tree(spec.new_state({"code": "0.77", "heaps": (5,), "misere": False, "board": "row"}))
    won = kept = 0
    for state in tree.states:
        winning = [] if state.is_over else spec.winning_moves(state)
        if winning:
            won += 1
            kept += player.choose_move(state) in winning
    assert 0 < kept < won
    return outputs.grade(kept, won, 20)


def test_a_program_named_by_player_toml_is_judged_and_a_missing_one_is_the_students_error(tmp_path) -> None:
    """A C or Java student hands in a program and a player.toml naming its command (a word naming
    their file points into their copy); here the Python host, that speaks the protocol, stands for
    the compiled program."""
    import sys

    root = tmp_path / "class"
    (root / "Cé Student").mkdir(parents=True)
    (root / "Cé Student" / "right.py").write_text(RIGHT, encoding="utf-8")
    (root / "Cé Student" / "player.toml").write_text(
        f'command = ["{sys.executable}", "-m", "nimarcade.players.host", "right.py"]\n', encoding="utf-8")
    (root / "Absent").mkdir()
    (root / "Absent" / "player.toml").write_text('command = ["./nimplayer"]\n', encoding="utf-8")
    code, err = run([str(root), "--out", str(tmp_path / "out"), *SMALL])
    assert code == 0, err
    s = by_name(json.loads((tmp_path / "out" / "class.json").read_text()))
    assert s["Cé Student"]["grade"] == 20.0 and s["Cé Student"]["file"] == "Cé Student/player.toml"
    assert s["Absent"]["status"] == "error" and "could not start" in s["Absent"]["error"]


HANGS = '''
import time


def choose_move(state):
    time.sleep(120)
    return state.legal_moves()[0]
'''


def test_a_real_ctrl_c_exits_130_and_keeps_the_students_judged(tmp_path) -> None:
    """SIGINT to the command while a player hangs: exit 130 at once, the first student's result
    kept, nothing else written; the same command then judges only what is left."""
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    folder = make_folder(tmp_path / "class", [("Ana Lima", "1", {"a.py": RIGHT}), ("Zed Hang", "2", {"z.py": HANGS})])
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(root), "NIMARCADE_CONFIG_DIR": str(tmp_path / "config")}
    argv = [sys.executable, "-m", "nimarcade", "class", str(folder), "--out", str(out), "--game", "octal",
            "--code", "0.77", "--param", "heaps=5", "--time", "60", "--lang", "en"]
    process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    kept = out / "results" / "ana-lima-1.json"
    deadline = time.monotonic() + 60
    while not kept.exists():                 # the first student judged: the second one hangs now
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "1 of 2" in err and not (out / "class.json").exists()
    assert sorted(p.name for p in (out / "results").glob("*.json")) == ["ana-lima-1.json"]


def test_a_french_moodle_gets_its_own_column_names() -> None:
    """Moodle's import compares each heading with its own words in the teacher's language: with
    ``--moodle-lang fr``, grades.csv names its columns as a French Moodle does."""
    student = {"id": "101", "name": "Chloé Martin", "grade": 17.5, "feedback": "=bien"}
    english = outputs.grade_rows([student])
    french = outputs.grade_rows([student], "fr")
    assert english[0] == ["Identifier", "Full name", "Grade", "Last modified (grade)", "Feedback comments"]
    assert french[0] == ["Identifiant", "Nom complet", "Note", "Dernière modification (note)", "Feedback par commentaires"]
    assert french[1][0] == english[1][0] == "Participant 101"
    assert (english[1][2], french[1][2]) == ("17.5", "17,5")           # each site's decimal sign
