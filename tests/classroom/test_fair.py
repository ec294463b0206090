"""A fair grade: positions not asked are counted lost and a program that plays
is asked them all, so the same program gets the same grade on 40 positions and on all; ``--time``
is the rule (a late move loses its position, the longest and the median move are kept); the
grade's floor (``--baseline``) and the floors always shown; the pass mark decided on the grade as
shown; a teacher's ``expect`` move that does not win is refused."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from nimarcade.classroom import outputs
from nimarcade.core import registry
from nimarcade.core.computer import Forfeit
from nimarcade.i18n import tr
from nimarcade.judge import judge
from nimarcade.judge.positions import Position, Sample
from tests.classroom.players import CRASH, GRUNDY, RIGHT, make_folder
from tests.classroom.test_class import _language, run  # noqa: F401 - the language fixture, the command's run

#: Kayles (0.77) on a row of 10, the lab's first level: 176 positions, 135 of them won; a player
#: that crashes on three heaps or more keeps 51 of the won ones (7.5/20).
KAYLES = {"code": "0.77", "heaps": (10,), "misere": False, "board": "row"}
FIRST = "def choose_move(state):\n    return state.legal_moves()[0]\n"
RANDOM = "import random\n\n\ndef choose_move(state):\n    return random.Random(repr(state)).choice(state.legal_moves())\n"
ZERO = "def choose_move(state):\n    return 1 / 0\n"
#: Right, but thinks half a second on the start (a row of 5), far over a time of 0.2 s.
LATE = GRUNDY + '''
import time


def choose_move(state):
    if state.heaps == (5,):
        time.sleep(0.5)
    return best(state, grundy_of(state))
'''
SMALL = ["--game", "octal", "--code", "0.77", "--param", "heaps=5", "--time", "0.2", "--lang", "en"]




# -- the order of forfeits decides nothing --------------------------------------------------------
class Scripted:
    """An asker whose program forfeits the positions ``lost`` names (by their size), instantly."""

    def __init__(self, lost) -> None:
        self.lost, self.started, self.answered, self.asked = lost, True, False, 0

    def ask(self, position: Position) -> judge.Verdict:
        self.asked += 1
        if self.lost(position.size):
            return judge.Verdict(position, forfeit=Forfeit("forfeit.closed", name="p"))
        self.answered = True
        return judge.Verdict(position, position.winning[0] if position.winning else None)


def test_a_program_that_plays_is_asked_every_position_and_the_rest_count_lost() -> None:
    positions = [Position((), n, (1,) if n % 2 else (), n) for n in range(40)]
    playing = Scripted(lambda size: size >= 3)                  # forfeits 37 in a row after 3 moves
    verdicts, unasked, why = judge.ask_all(playing, positions)
    assert (len(verdicts), unasked, why) == (40, [], None)
    never = Scripted(lambda size: True)                         # never plays: given up after 10
    verdicts, unasked, why = judge.ask_all(never, positions)
    assert (len(verdicts), len(unasked), why) == (judge.FORFEITS_IN_A_ROW, 30, judge.STOPPED_FORFEITS)
    costly = Scripted(lambda size: size % 2 == 0)               # its forfeits cost more than the budget
    verdicts, unasked, why = judge.ask_all(costly, positions, budget=0.0)
    assert (len(verdicts), len(unasked), why) == (1, 39, judge.STOPPED_BUDGET)
    report = judge.Report("octal", "x", {}, "p", 1, 1.0, Sample(positions, "all", 40), verdicts=verdicts,
                          unasked=unasked, stopped=why)
    assert report.won_count == 20 and report.won_not_asked == 20 and report.score == 0.0


class Crashing:
    """The asker of :data:`CRASH`, in the process: it forfeits on three heaps or more, else plays a
    winning move (its Grundy values are right)."""

    def __init__(self) -> None:
        self.started, self.answered = True, True

    def ask(self, position: Position) -> judge.Verdict:
        if len(position.state.heaps) >= 3:
            return judge.Verdict(position, forfeit=Forfeit("forfeit.closed", name="p"))
        return judge.Verdict(position, position.winning[0] if position.winning else None)


def _grade(sample: Sample) -> float:
    verdicts, unasked, _ = judge.ask_all(Crashing(), sample.positions)
    report = judge.Report("octal", "kayles", KAYLES, "p", 1, 1.0, sample, verdicts=verdicts, unasked=unasked)
    return outputs.grade(report.kept, report.won_count, 20)


def test_a_player_crashing_on_three_heaps_gets_the_same_grade_on_40_positions_and_on_all(tmp_path: Path) -> None:
    """The issue's 3/20 on 40 positions and 14.5/20 on all; then, every position asked, 4.5/20 on
    40 and 7.5/20 on all (Kayles's 176), from the draw: 40 won positions spread over the game now."""
    player = tmp_path / "crash.py"
    player.write_text(CRASH, encoding="utf-8")
    spec = registry.get("octal")
    report = judge.judge(spec, "kayles", KAYLES, str(player), positions=40, games_per_level=0, move_time=2.0)
    sample = report.sample
    assert (sample.how, len(sample.positions), sample.won, sample.reachable) == ("sampled", 40, 135, 176)
    assert all(p.winning for p in sample.positions) and report.not_asked == 0 and report.forfeits
    grade = outputs.grade(report.kept, report.won_count, 20)
    assert grade == _grade(sample)                                    # the real program, as Crashing says
    every, _ = judge.sample_for(spec, KAYLES, 1000)
    assert every.how == "all" and len(every.positions) == 176
    assert abs(grade - _grade(every)) <= 1, (grade, _grade(every))   # 8 and 7.5
    # Another seed draws other positions, and the grade stays near (a random draw: 4.5 to 11).
    assert all(abs(_grade(judge.sample_for(spec, KAYLES, 40, seed)[0]) - 7.5) <= 2 for seed in range(2, 12))


# -- the class: --time, --baseline, floors, not asked, pass ----------------------------------------
@pytest.fixture(scope="module")
def fair(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("fair")
    folder = make_folder(root / "class", [("Ana Right", "1", {"a.py": RIGHT}), ("Fred First", "2", {"f.py": FIRST}),
                                          ("Rita Random", "3", {"r.py": RANDOM}), ("Zed Zero", "4", {"z.py": ZERO}),
                                          ("Lou Late", "5", {"l.py": LATE})])
    out = root / "out"
    code, err = run([str(folder), "--out", str(out), "--baseline", "random", "--pass", "50", *SMALL])
    data = json.loads((out / "class.json").read_text(encoding="utf-8"))
    return {"code": code, "err": err, "out": out, "data": data, "by": {s["name"]: s for s in data["students"]}}


def test_a_late_move_loses_its_position_and_the_times_are_kept(fair) -> None:
    assert fair["code"] == 0, fair["err"]
    late = fair["by"]["Lou Late"]
    assert [f["moves"] for f in late["forfeits"]] == [[]]                   # the start, where it sleeps
    reason = late["forfeits"][0]["reason"]
    assert reason.startswith("Lou Late took ") and "over its time (0.2 s a move)" in reason
    assert late["kept"] == late["won"] - 1 and late["grade"] < 20
    assert late["time_max"] >= 0.5 > judge.allowed(0.2) and late["time_median"] < 0.2
    assert fair["data"]["time"] == 0.2 and fair["data"]["time_allowed"] == round(judge.allowed(0.2), 3)


def test_the_floors_are_shown_and_the_baseline_is_zero(fair) -> None:
    data, by = fair["data"], fair["by"]
    floors = data["floors"]
    assert by["Fred First"]["score"] == floors["first"]            # the judge's floor is the starter's score
    assert 0 < floors["random"] < 100 and data["baseline"] == {"by": "random", "file": None, "score": floors["random"]}
    assert by["Fred First"]["grade"] == 0.0 and by["Ana Right"]["grade"] == 20.0
    assert by["Rita Random"]["grade"] <= 3.0                      # a random player: at or near the floor
    assert by["Fred First"]["passed"] is False and by["Ana Right"]["passed"] is True
    index = (fair["out"] / "index.html").read_text(encoding="utf-8")
    assert tr("class_report.floors", "en") in index and tr("class_report.col_time_max", "en") in index
    assert tr("class_report.floor_random", "en") in index


def test_positions_not_asked_are_counted_lost_and_said_everywhere(fair) -> None:
    zero = fair["by"]["Zed Zero"]
    assert zero["asked"] == judge.FORFEITS_IN_A_ROW and zero["not_asked"] > 0
    assert zero["won"] == fair["by"]["Ana Right"]["won"] and zero["kept"] == 0   # every won position counts
    assert "10 times in a row" in zero["not_asked_reason"]
    said = tr("class_report.not_asked", "en", n=zero["not_asked"], why=zero["not_asked_reason"])
    for page in (fair["out"] / "index.html", fair["out"] / "students" / f"{zero['key']}.html"):
        assert said in page.read_text(encoding="utf-8").replace("&#x27;", "'"), page.name


def test_the_pass_mark_and_the_grade_are_one_rounded_number() -> None:
    assert outputs.grade(499, 1000, 20) == 10.0                  # 49.9 % shows 10/20...
    entry = {"status": "judged", "kept": 499, "won": 1000, "score": 49.9, "mistakes": [], "forfeits": [],
             "teacher": [], "not_asked": 0, "id": None, "name": "x", "key": "x", "file": None, "error": None}
    assert outputs.finish(entry, 20, 50)["passed"] is True      # ...and passes a mark of 50 %
    assert outputs.finish({**entry, "kept": 480}, 20, 50)["passed"] is False       # 9.6 is 9.5/20
    assert outputs.grade(50, 100, 20, base=50) == 0.0 and outputs.grade(75, 100, 20, base=50) == 10.0
    assert outputs.grade(100, 100, 20, base=100) == 20.0 and outputs.grade(99, 100, 20, base=100) == 0.0


def test_a_judge_report_passes_on_the_score_it_shows() -> None:
    report = judge.Report("octal", "x", {}, "p", 1, 1.0, Sample([], "all", 0), pass_mark=50.0)
    won = [judge.Verdict(Position((), i, (1,), 1), 1 if i < 4996 else 2) for i in range(10_000)]
    report.verdicts = won
    assert report.shown_score == 50.0 and report.passed is True       # 49.96 % is shown as 50 %


# -- the teacher's positions ----------------------------------------------------------------------
def test_an_expect_move_that_does_not_win_is_refused_with_its_position(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "class", [("Ana Right", "1", {"a.py": RIGHT})])
    cases = tmp_path / "cases.toml"
    cases.write_text(textwrap.dedent('''
        [[position]]
        start = "3 4"
        expect = ["1:2"]

        [[position]]
        start = "3 4"
        expect = ["1:1"]
    '''), encoding="utf-8")
    code, err = run([str(folder), "--out", str(tmp_path / "out"), "--positions-file", str(cases), *SMALL])
    assert code == 2 and "cases.toml, position no. 2" in err and "1:1" in err and "“3 4”" in err
    assert not (tmp_path / "out" / "results").exists()
    code, err = run([str(folder), "--out", str(tmp_path / "out"), "--baseline", "nobody.py", *SMALL])
    assert code == 2 and "neither one of random, first nor a file" in err
