"""The judge for autograding: the score, the pass mark and the exit codes 0/1/2/3, with
real players' files run for real (a perfect one, a weak one, a syntax error, no player, a crash
at import, a crash in every move), ``--code`` on a teacher's own game, and the one-line notice
where programs are not boxed."""
from __future__ import annotations

import io
import json
import os
import textwrap
from pathlib import Path

import pytest

from nimarcade.i18n import decimal, tr
from nimarcade.judge import judge
from nimarcade.players import isolation

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

#: Seconds a move: generous, so that a busy machine never turns a slow reply into a forfeit.
TIME = "10"


def player(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return str(path)


def perfect(tmp_path: Path) -> str:
    return player(tmp_path, "perfect", """
        from nimarcade import games

        def choose_move(state):
            move = games.winning_move(state)
            return move if move is not None else state.legal_moves()[0]
    """)


def first_move(tmp_path: Path) -> str:
    return player(tmp_path, "first", """
        def choose_move(state):
            return state.legal_moves()[0]
    """)


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = judge.run([*args, "--games", "0", "--time", TIME], out, err)
    return code, out.getvalue(), err.getvalue()


def test_a_score_that_reaches_the_mark_exits_0_and_one_below_exits_1(tmp_path: Path) -> None:
    code, out, _ = cli("--game", "fort_boyard", "--player", perfect(tmp_path), "--pass", "80", "--json")
    data = json.loads(out)
    assert code == judge.PASSED == 0
    assert data["score"] == 100.0 and data["pass_mark"] == 80.0 and data["passed"] is True
    assert data["cannot_start"] is False
    code, out, _ = cli("--game", "fort_boyard", "--player", first_move(tmp_path), "--pass", "80", "--json")
    data = json.loads(out)
    assert code == judge.BELOW == 1
    assert data["score"] == round(100 * data["kept"] / data["won"], 1) < 80 and data["passed"] is False
    code, out, _ = cli("--game", "fort_boyard", "--player", first_move(tmp_path), "--json")
    data = json.loads(out)
    assert code == 0 and data["pass_mark"] is None and data["passed"] is None      # no mark: the judge ran


def test_the_score_and_the_verdict_are_said_in_both_languages(tmp_path: Path) -> None:
    weak = first_move(tmp_path)
    for lang in ("fr", "en"):
        code, out, _ = cli("--game", "fort_boyard", "--player", weak, "--pass", "80", "--lang", lang, "--json")
        score = json.loads(out)["score"]
        code, out, _ = cli("--game", "fort_boyard", "--player", weak, "--pass", "80", "--lang", lang)
        line = tr("judge.score_failed", lang, score=tr("judge.percent", lang, x=decimal(score, 1, lang=lang)),
                  mark=tr("judge.percent", lang, x=decimal(80.0, 1, lang=lang)))
        assert code == 1 and f"- {line}\n" in out
        code, out, _ = cli("--game", "fort_boyard", "--player", weak, "--pass", "20", "--lang", lang)
        line = tr("judge.score_passed", lang, score=tr("judge.percent", lang, x=decimal(score, 1, lang=lang)),
                  mark=tr("judge.percent", lang, x=decimal(20.0, 1, lang=lang)))
        assert code == 0 and f"- {line}\n" in out
        code, out, _ = cli("--game", "fort_boyard", "--player", weak, "--lang", lang)
        assert code == 0 and "- " + tr("judge.score", lang, score=tr("judge.percent", lang, x=decimal(score, 1, lang=lang))) in out


@pytest.mark.parametrize("mark", ["120", "-1", "much"])
def test_a_bad_pass_mark_is_a_usage_error(mark: str) -> None:
    for lang in ("fr", "en"):
        code, out, err = cli("--game", "heaps", "--player", "4", "--pass", mark, "--lang", lang)
        assert code == judge.BAD_COMMAND == 2 and out == "" and tr("judge.cli_pass", lang, value=mark) in err


def test_a_file_with_a_syntax_error_or_no_player_exits_3_in_one_line(tmp_path: Path) -> None:
    broken = player(tmp_path, "broken", "def choose_move(state)\n    return 1\n")
    empty = player(tmp_path, "empty", "x = 1\n")
    for path in (broken, empty):
        for lang in ("fr", "en"):
            code, out, err = cli("--game", "fort_boyard", "--player", path, "--pass", "50", "--lang", lang)
            lines = err.splitlines()
            assert code == judge.CANNOT_START == 3 and out == ""
            assert len(lines) == 1 and Path(path).name in lines[0] and "Traceback" not in err


def test_a_program_that_cannot_start_exits_3_and_is_asked_nothing_more(tmp_path: Path) -> None:
    dead = player(tmp_path, "dead", """
        raise RuntimeError("no start")

        def choose_move(state):
            return 1
    """)
    code, out, _ = cli("--game", "fort_boyard", "--player", dead, "--json")
    data = json.loads(out)
    assert code == 3 and data["cannot_start"] is True and data["score"] == 0.0
    # asked once: a program that could not start is not started again for each position
    assert len(data["forfeits"]) == 1 and data["teacher"] == []
    assert data["positions"]["not_asked"] == data["positions"]["chosen"] - 1 > 0
    assert any("no start" in line for f in data["forfeits"] for line in f["details"])
    code, out, _ = cli("--game", "fort_boyard", "--player", dead, "--pass", "0", "--lang", "en")
    assert code == 3 and "- " + tr("judge.cannot_start", "en") in out


def test_a_player_that_starts_but_crashes_in_every_move_is_graded_not_refused(tmp_path: Path) -> None:
    crash = player(tmp_path, "crash", "def choose_move(state):\n    return 1 / 0\n")
    code, out, _ = cli("--game", "fort_boyard", "--player", crash, "--pass", "50", "--json", "--games", "0",
                       "--positions", "4")
    data = json.loads(out)
    assert code == 1 and data["cannot_start"] is False and data["score"] == 0.0
    code, _, _ = cli("--game", "fort_boyard", "--player", crash, "--games", "0", "--positions", "4")
    assert code == 0


def test_the_judge_takes_a_teachers_code(tmp_path: Path) -> None:
    code, out, _ = cli("--game", "octal", "--code", "{1,3,4}", "--param", "heaps=9,12", "--player",
                       perfect(tmp_path), "--pass", "100", "--json")
    data = json.loads(out)
    assert code == 0 and data["params"]["code"] == "{1,3,4}" and data["params"]["heaps"] == [9, 12]
    assert data["won"] > 0 and data["score"] == 100.0
    code, out, _ = cli("--game", "octal", "--code", "{1,3,4}", "--player", "4", "--lang", "en")
    assert code == 0 and "(Code: {1,3,4})" in out.splitlines()[0]        # said as the setup screen says it
    for lang in ("fr", "en"):
        code, out, err = cli("--game", "heaps", "--code", "0.77", "--player", "4", "--lang", lang)
        assert code == 2 and out == "" and err == tr("cli.says", lang, prog=judge.PROG,
                                                     message=tr("args.no_code", lang, game="heaps")) + "\n"


@pytest.fixture
def no_box(monkeypatch):
    """A machine without a box, the notice not yet said in this process."""
    monkeypatch.setenv(isolation.DISABLE_VARIABLE, "1")
    monkeypatch.setattr(isolation, "_said", False)
    isolation.isolation.cache_clear()
    yield
    isolation.isolation.cache_clear()


def test_the_notice_is_said_once_for_a_program_and_never_for_our_levels(tmp_path: Path, no_box) -> None:
    notice = tr("box.not_isolated", why=tr("box.why_disabled"))
    code, _, err = cli("--game", "fort_boyard", "--player", "4")
    assert code == 0 and notice not in err
    code, _, err = cli("--game", "fort_boyard", "--player", perfect(tmp_path))
    assert code == 0 and err.count(notice) == 1
    code, out, err = cli("--game", "fort_boyard", "--player", perfect(tmp_path), "--require-isolation")
    assert code == 2 and out == "" and tr("box.required", why=tr("box.why_disabled")) in err
