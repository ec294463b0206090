"""The tournament for a class: every row says which file it is (two students who both
declare ``name = "Mine"`` are "Mine (alice.py)" and "Mine (bob.py)", not "Mine (2)"), ``--players``
takes a folder, a teacher's own code is played, and the notice where programs are not boxed comes
once, before the first game, only when a program plays."""
from __future__ import annotations

import csv
import io
import json
import os
import textwrap
from pathlib import Path

import pytest

from nimarcade.compete.tournament import cli as tournament_cli
from nimarcade.compete.tournament import tables
from nimarcade.compete.tournament.schedule import Entrant
from nimarcade.i18n import tr
from nimarcade.players import isolation

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

MINE = """
    from nimarcade.players import Player

    class MyPlayer(Player):
        name = "Mine"

        def choose_move(self, state):
            return state.legal_moves()[0]
"""


def player(folder: Path, name: str, body: str = MINE) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = tournament_cli.run(list(args), out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_file_stands_beside_a_declared_name(tmp_path: Path) -> None:
    a, b = player(tmp_path / "x", "alice"), player(tmp_path / "y", "player")
    c, d = player(tmp_path / "z", "player"), player(tmp_path / "w", "plain", "def choose_move(state):\n    return 1\n")
    given = [Entrant(str(p), "?") for p in (a, b, c, d)] + [Entrant(2, "level 2")]
    labels = [p.label for p in tables.labelled(given)]
    assert labels == ["Mine (alice.py)", "Mine (y/player.py)", "Mine (z/player.py)", "plain", "level 2"]
    assert [p.label for p in tables.labelled(tables.labelled(given))] == labels        # the same again


def test_a_folder_of_players_is_a_class_and_every_table_names_each_file(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    player(folder, "alice")
    player(folder, "bob")
    (folder / "notes.txt").write_text("not a player", encoding="utf-8")
    out_dir = tmp_path / "t"
    code, out, err = run("--game", "fort_boyard", "--players", f"{folder},1", "--games", "2", "--time", "10",
                         "--out", str(out_dir), "--lang", "en")
    assert code == 0, err
    names = {"Mine (alice.py)", "Mine (bob.py)", "level 1"}
    assert all(n in out for n in names) and "Mine (2)" not in out
    md = (out_dir / "tournament.md").read_text(encoding="utf-8")
    assert all(n in md for n in names) and "Mine (2)" not in md
    data = json.loads((out_dir / "tournament.json").read_text(encoding="utf-8"))
    assert {p["name"] for p in data["players"]} == names
    assert {p["name"]: Path(p["player"]).name for p in data["players"] if p["level"] is None} == {
        "Mine (alice.py)": "alice.py", "Mine (bob.py)": "bob.py"}
    rows = list(csv.reader(io.StringIO((out_dir / "tournament.csv").read_text(encoding="utf-8-sig"))))
    assert {r[1] for r in rows[1:]} == names


def test_a_folder_without_a_player_is_refused_in_the_players_language(tmp_path: Path) -> None:
    empty = tmp_path / "nobody"
    empty.mkdir()
    for lang in ("fr", "en"):
        code, out, err = run("--game", "fort_boyard", "--players", f"{empty},1", "--out", str(tmp_path / "t"),
                             "--lang", lang)
        assert code == 2 and out == "" and tr("tourney.empty_folder", lang, folder=str(empty)) in err
    assert not (tmp_path / "t").exists()


def test_a_tournament_of_a_teachers_code_keeps_its_board_and_a_folder_of_its_own(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("--game", "octal", "--code", "0.07", "--param", "heaps=5,6", "--players", "1,2",
                         "--games", "2", "--lang", "en")
    assert code == 0, err
    folder = tmp_path / "tournament-octal-kayles-0_07-5_6"
    data = json.loads((folder / "tournament.json").read_text(encoding="utf-8"))
    assert data["settings"]["params"]["code"] == "0.07" and data["settings"]["params"]["heaps"] == [5, 6]
    assert "(Code: 0.07, Heaps: 5 6)" in out.splitlines()[0]          # the setup screen's words
    code, _, err = run("--game", "heaps", "--code", "0.07", "--players", "1,2", "--lang", "en")
    assert code == 2 and tr("args.no_code", "en", game="heaps") in err


def test_the_notice_comes_once_when_a_program_plays_and_never_for_levels_alone(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv(isolation.DISABLE_VARIABLE, "1")
    monkeypatch.setattr(isolation, "_said", False)
    isolation.isolation.cache_clear()
    try:
        notice = tr("box.not_isolated", "en", why=tr("box.why_disabled", "en"))
        code, _, err = run("--game", "fort_boyard", "--players", "1,2", "--games", "2", "--out", str(tmp_path / "a"),
                           "--lang", "en")
        assert code == 0 and notice not in err
        mine = player(tmp_path / "p", "alice")
        code, out, err = run("--game", "fort_boyard", "--players", f"{mine},1", "--games", "2",
                             "--out", str(tmp_path / "b"), "--require-isolation", "--lang", "en")
        assert code == 2 and out == "" and tr("box.required", "en", why=tr("box.why_disabled", "en")) in err
        assert not (tmp_path / "b").exists()
        code, _, err = run("--game", "fort_boyard", "--players", f"{mine},1", "--games", "2", "--time", "10",
                           "--out", str(tmp_path / "c"), "--lang", "en")
        assert code == 0 and err.count(notice) == 1 and err.index(notice) < err.index(tr("tourney.written", "en",
                                                                                        folder="", files="")[:5])
    finally:
        isolation.isolation.cache_clear()
