"""The judge's words: a player looping at import is asked once and shows where it loops;
a crash is named as the reason the judge stopped asking; times in one format; « du niveau 4 »; the
changed parameters as the setup screen says them. Both languages."""
from __future__ import annotations

import io
import os
import re
import textwrap
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.core import levels, registry
from nimarcade.i18n import tr
from nimarcade.judge import judge
from nimarcade.judge.report import as_dict, as_markdown, milliseconds
from nimarcade.players import program as program_mod

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")


def player(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return str(path)


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = judge.run([*args, "--games", "0"], out, err)
    return code, out.getvalue(), err.getvalue()


def judged(path: str, **kw) -> judge.Report:
    """The judge's run of one player on Fort Boyard (the command's game): the run speaks no
    language, its report is read below in each one."""
    variant = registry.find_variant("fort_boyard")
    spec, level = registry.get(variant.game), levels.find_level(variant.game, variant.level)
    return judge.judge(spec, level.id, level.params, path, positions=spec.judge.positions, games_per_level=0, **kw)


def in_each_language(report: judge.Report):
    """(language, the report as Markdown in it), for every language."""
    before = i18n.language()
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            yield lang, as_markdown(report, "Fort Boyard")
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_player_looping_at_import_is_asked_once_and_shows_where(tmp_path, monkeypatch, lang) -> None:
    """Run in each language: where the player loops is written when the judge gives up on it."""
    monkeypatch.setattr(program_mod, "START_TIMEOUT", 2.0)
    spinner = player(tmp_path, "spinner", """
        while True:
            pass

        def choose_move(state):
            return 1
    """)
    before = i18n.language()
    i18n.set_language(lang)
    try:
        report = judged(spinner, move_time=5.0)
        out = as_markdown(report, "Fort Boyard")
    finally:
        i18n.set_language(before)
    forfeit = tr("forfeit.silent", lang, name="spinner", reply="uciok", s=2)
    assert tr("judge.gave_up_start", lang, why=forfeit) in out
    assert tr("players.still_loading", lang) in out and 'File "spinner.py", line 2, in <module>' in out
    data = as_dict(report)                        # the JSON's numbers
    assert len(data["forfeits"]) == 1 and data["positions"]["not_asked"] == data["positions"]["chosen"] - 1


def test_a_crash_is_the_reason_said_when_the_judge_stops_asking(tmp_path) -> None:
    crash = player(tmp_path, "crash", "def choose_move(state):\n    return 1 / 0\n")
    for lang, out in in_each_language(judged(crash, move_time=10.0)):
        line = next(line for line in out.splitlines() if tr("judge.gave_up_forfeits", lang, n=10, why="") in line)
        assert tr("forfeit.python_error", lang, name="crash", code=4) in line
        assert "trop de fois" not in out and "too many times" not in out


def test_a_level_is_judged_as_du_niveau_and_the_changes_are_said_in_words() -> None:
    code, out, _ = cli("--game", "octal", "--code", "0.333", "--misere", "--player", "4", "--positions", "3",
                       "--lang", "fr")
    title = out.splitlines()[0]
    assert code == 0 and title.startswith("# Jugement du niveau 4 : ") and "de le" not in title
    assert title.endswith("(Code : 0.333, Prendre le dernier objet : perd (misère))")
    code, out, _ = cli("--game", "octal", "--code", "0.333", "--misere", "--player", "4", "--positions", "3",
                       "--lang", "en")
    assert out.splitlines()[0].startswith("# Judgement of level 4: ") and "misere=true" not in out


def test_times_are_written_in_one_format() -> None:
    assert [milliseconds(s) for s in (0.1194, 0.35365, 0.002)] == ["119,4", "353,7", "2,0"]
    code, out, _ = cli("--game", "heaps", "--level", "1-3-7", "--player", "4", "--positions", "4", "--lang", "en")
    line = next(line for line in out.splitlines() if line.startswith("- Time a move"))
    assert all(re.fullmatch(r"\d+\.\d", n) for n in re.findall(r"([\d.]+) ms", line)), line
