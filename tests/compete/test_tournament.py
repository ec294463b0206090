"""The tournament, run for real as a teacher runs it (``python -m nimarcade.tournament`` in a
process of its own, with students' ``.py`` players in their sandboxes): the tables add up and
agree with each other, every game is written and reads back, an interrupted tournament resumes
without losing or replaying a game, our levels come out in their order, and where the games are
played (here, in worker processes, on a Dask cluster) changes nothing."""
from __future__ import annotations

import html
import io
import json
import math
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.players import referee
from nimarcade.core.match import Match
from nimarcade.compete.tournament import ratings
from nimarcade.compete.tournament.progress import Progress

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

ROOT = Path(__file__).resolve().parents[2]
#: Seconds a helper process may take before the test gives up on it (never an assertion on time).
PATIENCE = 300


def player(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


@pytest.fixture
def first(tmp_path: Path) -> Path:
    """A student's player: the first legal move, always."""
    return player(tmp_path, "first", """
        def choose_move(state):
            return state.legal_moves()[0]
    """)


def environment(tmp_path: Path, extra_path: str = "") -> dict[str, str]:
    path = os.pathsep.join(p for p in (extra_path, str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "NIMARCADE_CONFIG_DIR": str(tmp_path / "config")}


def command(tmp_path: Path, out: str, *args: str, lang: str = "en") -> list[str]:
    """The tournament's command line, its folder ``tmp_path / out``."""
    return [sys.executable, "-m", "nimarcade.tournament", "--lang", lang, "--out", str(tmp_path / out), *args]


def tournament(tmp_path: Path, out: str, *args: str, extra_path: str = "", lang: str = "en"
               ) -> subprocess.CompletedProcess:
    """The tournament, run to its end."""
    return subprocess.run(command(tmp_path, out, *args, lang=lang), cwd=tmp_path, capture_output=True,
                          text=True, env=environment(tmp_path, extra_path), timeout=PATIENCE)


def results(folder: Path) -> dict[str, dict]:
    """The finished games of a tournament's results file, by key (after its settings line)."""
    lines = (folder / "results.jsonl").read_text(encoding="utf-8").splitlines()
    found = [json.loads(line) for line in lines[1:]]
    assert len({r["key"] for r in found}) == len(found), "a game kept twice"
    return {r["key"]: r for r in found}


def outcomes(folder: Path) -> dict[str, tuple]:
    """What each game was: its seats, points, result, and moves (the record without its date)."""
    return {key: (tuple(r["seats"]), tuple(r["points"]), r["result"],
                  re.sub(r'\[Date "[^"]*"\]', "", r["record"])) for key, r in results(folder).items()}


def table(folder: Path) -> dict:
    return json.loads((folder / "tournament.json").read_text(encoding="utf-8"))


def standings(folder: Path) -> dict[str, tuple]:
    return {p["name"]: (p["points"], p["games"], p["elo"], p["margin"], p["against"])
            for p in table(folder)["players"]}


# -- tables that add up, games that are kept -----------------------------------------------------
def markdown_rows(text: str) -> list[list[list[str]]]:
    """The Markdown tables of a text: rows of cells (the alignment rule left out)."""
    found: list[list[list[str]]] = []
    previous = False
    for line in text.splitlines():
        is_row = line.startswith("|")
        if is_row and not previous:
            found.append([])
        if is_row and not re.fullmatch(r"[|:\- ]+", line):
            found[-1].append([cell.strip() for cell in line.strip("|").split("|")])
        previous = is_row
    return found


def html_rows(text: str) -> list[list[list[str]]]:
    return [[[html.unescape(c) for c in re.findall(r"<t[hd]>(.*?)</t[hd]>", row)]
             for row in re.findall(r"<tr>(.*?)</tr>", body)]
            for body in re.findall(r"<table>(.*?)</table>", text, re.S)]


def test_a_round_robin_of_three_players_adds_up_and_keeps_every_game(tmp_path, first) -> None:
    run = tournament(tmp_path, "t", "--game", "sticks", "--players", f"1,4,{first}", "--games", "4")
    assert run.returncode == 0, run.stderr
    folder = tmp_path / "t"
    data = table(folder)
    players = {p["name"]: p for p in data["players"]}
    assert set(players) == {"level 1", "level 4", "first"}
    for name, p in players.items():                         # 2 opponents x 4 games, points add up
        assert p["games"] == 8 and p["points"] == sum(p["against"].values())
        for other, points in p["against"].items():
            assert points + players[other]["against"][name] == 4
    assert sum(p["points"] for p in players.values()) == 12
    assert data["anchor"] == "level 1" and players["level 1"]["elo"] == players["level 1"]["margin"] == 0

    # the Markdown (also what the terminal shows) and the HTML say the same, and the JSON's numbers
    md = (folder / "tournament.md").read_text(encoding="utf-8")
    assert run.stdout == md
    tables_md = markdown_rows(md)
    tables_html = html_rows((folder / "tournament.html").read_text(encoding="utf-8"))
    assert len(tables_md) == 2 and tables_md == tables_html
    cross, elo = tables_md
    order = [p["name"] for p in data["players"]]
    assert cross[0][2:5] == order and [row[1] for row in cross[1:]] == order
    for row in cross[1:]:
        p = players[row[1]]
        assert [float(c) for c in row[2:5] if c != "—"] == [p["against"][o] for o in order if o != row[1]]
        assert (float(row[5]), int(row[6])) == (p["points"], p["games"])
    for row in elo[1:]:
        p = players[row[1]]
        assert int(row[2]) == round(p["elo"]) and int(row[3]) == round(p["margin"])

    # every game: a line of results, a record that replays to the same result, and nothing else
    kept = results(folder)
    assert len(kept) == 12
    files = sorted(f for r in kept.values() for f in r["files"])
    assert files == sorted(f"games/{p.name}" for p in (folder / "games").iterdir())
    for r in kept.values():
        match = records.read((folder / r["files"][0]).read_text(encoding="utf-8"), r["files"][0])
        assert records.result_of(match) == r["result"] and match.is_over
        assert len(match.moves) == r["plies"]
    assert "Tournament [" in run.stderr and "12/12" in run.stderr


def test_a_person_or_an_unknown_player_is_refused_in_the_chosen_language(tmp_path, first) -> None:
    run = tournament(tmp_path, "t", "--game", "sticks", "--players", f"human,{first}")
    assert run.returncode == 2 and "a person doesn't play in a tournament" in run.stderr
    run = tournament(tmp_path, "t", "--game", "sticks", "--players", "2,nobody", lang="fr")
    assert run.returncode == 2 and "« nobody » n'est ni un niveau" in run.stderr
    assert not (tmp_path / "t").exists()


def test_a_folder_of_another_tournament_is_not_mixed_with(tmp_path) -> None:
    assert tournament(tmp_path, "t", "--game", "sticks", "--players", "1,2", "--games", "2").returncode == 0
    before = (tmp_path / "t" / "results.jsonl").read_bytes()
    run = tournament(tmp_path, "t", "--game", "sticks", "--players", "1,2", "--games", "2", "--seed", "7")
    assert run.returncode == 2 and "holds the games of another tournament" in run.stderr
    assert (tmp_path / "t" / "results.jsonl").read_bytes() == before


# -- a broken player -------------------------------------------------------------------------------
def test_a_broken_player_loses_its_games_by_forfeit_and_the_tournament_finishes(tmp_path, first) -> None:
    broken = player(tmp_path, "broken", """
        def choose_move(state):
            raise RuntimeError("my bug")
    """)
    run = tournament(tmp_path, "t", "--game", "heaps", "--players", f"{broken},2,{first}", "--games", "2")
    assert run.returncode == 0, run.stderr
    players = {p["name"]: p for p in table(tmp_path / "t")["players"]}
    assert players["broken"]["points"] == 0
    assert players["broken"]["elo"] == min(p["elo"] for p in players.values())
    forfeits = 0
    for r in results(tmp_path / "t").values():
        if str(broken) not in r["seats"]:
            continue
        if r["forfeit"] is None:                  # over before its turn
            continue
        forfeits += 1
        assert r["seats"][r["forfeit"]["seat"]] == str(broken)
        assert r["forfeit"]["key"] == "forfeit.python_error" and any("my bug" in d for d in r["forfeit"]["details"])
        match = records.read(r["record"])
        assert match.forfeited is not None and match.players[match.forfeited.loser].program == str(broken)
    assert forfeits >= 2 and players["broken"]["forfeits"] == forfeits       # it moved first twice at least
    assert f"broken lost {forfeits} games by forfeit" in run.stdout


# -- resuming ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_tournament_resumes_without_losing_or_replaying_a_game(tmp_path, jobs) -> None:
    slow = player(tmp_path, "slow", """
        import time
        def choose_move(state):
            time.sleep(0.05)
            return state.legal_moves()[-1]
    """)
    args = ["--game", "sticks", "--players", f"2,{slow},3", "--games", "2", "--jobs", jobs]
    process = subprocess.Popen(command(tmp_path, "cut", *args), cwd=tmp_path, env=environment(tmp_path),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    kept = tmp_path / "cut" / "results.jsonl"
    deadline = time.monotonic() + PATIENCE
    while not (kept.exists() and len(kept.read_text(encoding="utf-8").splitlines()) >= 3):
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)                       # Ctrl+C
    _, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 130, err
    assert "Interrupted:" in err and "Rerun the same command" in err
    before = kept.read_text(encoding="utf-8").splitlines()
    done = len(before) - 1
    assert 2 <= done < 6
    records_before = {p.name: p.read_bytes() for p in (tmp_path / "cut" / "games").iterdir()}
    assert len(records_before) == done

    rerun = tournament(tmp_path, "cut", *args)
    assert rerun.returncode == 0, rerun.stderr
    assert f"Resuming: {done} games already played, {6 - done} to play." in rerun.stderr
    after = kept.read_text(encoding="utf-8").splitlines()
    assert after[:len(before)] == before and len(after) == 7       # kept as they were, each once
    for name, data in records_before.items():                        # no record overwritten
        assert (tmp_path / "cut" / "games" / name).read_bytes() == data
    assert len(list((tmp_path / "cut" / "games").iterdir())) == 6

    whole = tournament(tmp_path, "whole", *args)
    assert whole.returncode == 0, whole.stderr
    assert outcomes(tmp_path / "cut") == outcomes(tmp_path / "whole")
    assert standings(tmp_path / "cut") == standings(tmp_path / "whole")


def test_more_games_complete_a_finished_tournament(tmp_path) -> None:
    match = ["--game", "sticks", "--players", "1,3"]
    assert tournament(tmp_path, "t", *match, "--games", "2").returncode == 0
    first_two = outcomes(tmp_path / "t")
    run = tournament(tmp_path, "t", *match, "--games", "4")
    assert run.returncode == 0 and "Resuming: 2 games already played, 2 to play." in run.stderr
    assert tournament(tmp_path, "fresh", *match, "--games", "4").returncode == 0
    assert outcomes(tmp_path / "t") == outcomes(tmp_path / "fresh")
    assert first_two.items() <= outcomes(tmp_path / "t").items()


def test_the_progress_bar_rewrites_one_line_on_a_terminal_and_writes_a_few_lines_elsewhere() -> None:
    terminal = io.StringIO()
    bar = Progress(20, 0, terminal, live=True)
    for _ in range(20):
        bar.advance("a – b 1-0")
    bar.close()
    assert terminal.getvalue().count("\r") == 20 and terminal.getvalue().count("\n") == 1
    assert "20/20" in terminal.getvalue().rsplit("\r", 1)[1]
    log = io.StringIO()
    bar = Progress(20, 5, log, live=False)                  # resumed: 5 already played
    for _ in range(15):
        bar.advance("a – b 1-0")
    bar.close()
    assert [int(n) for n in re.findall(r"(\d+)/20", log.getvalue())] == [6, 8, 10, 12, 14, 16, 18, 20]


# -- the ratings -----------------------------------------------------------------------------------
def test_our_levels_come_out_in_their_order_with_margins_that_separate_them(tmp_path) -> None:
    run = tournament(tmp_path, "t", "--game", "sticks", "--level", "grande-pile", "--players", "1,2,4",
                     "--games", "80", "--seed", "1")
    assert run.returncode == 0, run.stderr
    players = table(tmp_path / "t")["players"]
    assert [p["name"] for p in players] == ["level 4", "level 2", "level 1"]
    four, two, one = players
    assert four["elo"] - four["margin"] > two["elo"] + two["margin"]
    assert two["elo"] - two["margin"] > one["elo"] + one["margin"]
    assert [p["level_equivalent"] for p in players] == [4, 2, 1]


def test_maximum_likelihood_ratings_of_two_players() -> None:
    """7 points out of 10, plus the virtual draw: 7.5 / 11, centred, with the curvature's margin."""
    a, b = ratings.fit([[0, 7], [3, 0]], [[0, 10], [10, 0]], [None, None])
    p = 7.5 / 11
    assert a.elo == pytest.approx(200 * math.log10(p / (1 - p))) and b.elo == pytest.approx(-a.elo)
    difference_sd = (1 / (11 * p * (1 - p))) ** 0.5 * ratings.ELO
    assert a.margin == pytest.approx(ratings.Z95 * difference_sd / 2) and a.level is None


def test_a_level_equivalent_is_interpolated_between_the_levels() -> None:
    marks = [(1, 0.0), (2, 100.0), (4, 400.0)]
    assert ratings.level_equivalent(50.0, marks) == (1.5, 0)
    assert ratings.level_equivalent(250.0, marks) == (3.0, 0)
    assert ratings.level_equivalent(500.0, marks) == (4, 1)
    assert ratings.level_equivalent(-20.0, marks) == (1, -1)
    assert ratings.level_equivalent(10.0, marks[:1]) == (None, 0)


# -- where the games are played changes nothing ------------------------------------------------------
def test_two_jobs_play_the_same_games_as_one(tmp_path, first) -> None:
    args = ["--game", "heaps", "--players", f"1,{first},4", "--games", "4", "--seed", "5"]
    one = tournament(tmp_path, "one", *args, "--jobs", "1")
    two = tournament(tmp_path, "two", *args, "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, two.stderr
    assert len(outcomes(tmp_path / "two")) == 12
    assert outcomes(tmp_path / "one") == outcomes(tmp_path / "two")
    assert standings(tmp_path / "one") == standings(tmp_path / "two")


def test_without_dask_the_cluster_option_says_what_to_install(tmp_path) -> None:
    hidden = tmp_path / "no-dask"
    (hidden / "distributed").mkdir(parents=True)
    (hidden / "distributed" / "__init__.py").write_text("raise ImportError('not installed')\n")
    run = tournament(tmp_path, "t", "--game", "sticks", "--players", "1,2", "--cluster", "tcp://127.0.0.1:1",
                     extra_path=str(hidden))
    assert run.returncode == 2 and "pip install .[cluster]" in run.stderr


@pytest.fixture
def dask_cluster(tmp_path):
    """A Dask scheduler and one worker (two threads) on 127.0.0.1, in processes of their own; the
    scheduler's address."""
    pytest.importorskip("distributed", reason="the optional extra [cluster] is not installed")
    from distributed import Client

    info = tmp_path / "scheduler.json"
    env = environment(tmp_path)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": tmp_path, "env": env}
    dask = [sys.executable, "-m", "distributed.cli"]
    started = [subprocess.Popen([*dask[:2], f"{dask[2]}.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                                 "--no-dashboard", "--scheduler-file", str(info)], **quiet)]
    try:
        deadline = time.monotonic() + PATIENCE
        while not info.exists():
            assert time.monotonic() < deadline and started[0].poll() is None, "the scheduler did not start"
            time.sleep(0.05)
        started.append(subprocess.Popen([*dask[:2], f"{dask[2]}.dask_worker", "--scheduler-file", str(info),
                                         "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "2",
                                         "--no-dashboard"], **quiet))
        with Client(scheduler_file=str(info), timeout="60s") as client:
            client.wait_for_workers(1, timeout=PATIENCE)
            address = client.scheduler.address
        yield address
    finally:
        for process in reversed(started):
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()


def test_a_tournament_on_a_dask_cluster_plays_the_same_games(tmp_path, first, dask_cluster) -> None:
    args = ["--game", "sticks", "--players", f"1,{first},3", "--games", "2", "--seed", "3"]
    there = tournament(tmp_path, "there", *args, "--cluster", dask_cluster)
    assert there.returncode == 0, there.stderr
    here = tournament(tmp_path, "here", *args)
    assert here.returncode == 0, here.stderr
    assert len(outcomes(tmp_path / "there")) == 6
    assert outcomes(tmp_path / "there") == outcomes(tmp_path / "here")
    assert standings(tmp_path / "there") == standings(tmp_path / "here")
    assert (tmp_path / "there" / "tournament.html").read_text(encoding="utf-8") == \
        (tmp_path / "here" / "tournament.html").read_text(encoding="utf-8")


def test_every_record_format_the_game_offers_is_written(tmp_path) -> None:
    """A game whose registry entry offers other formats (Awélé's OGN for Aualé) gets them beside
    our record, on a board they can hold, and they read back to the same game."""
    spec = next(s for s in registry.specs() if s.notation.formats)
    level = next(lv for lv in levels.load(spec.id)
                 if any(f.can_write(Match.begin(referee.config_for(spec.id, lv.params, (1, 2), lv.id), 0))
                        for f in spec.notation.formats))
    run = tournament(tmp_path, "t", "--game", spec.id, "--level", level.id, "--players", "1,2",
                     "--games", "2")
    assert run.returncode == 0, run.stderr
    kept = results(tmp_path / "t")
    assert len(kept) == 2
    for r in kept.values():
        ours = records.read(r["record"])
        offered = [f.suffix for f in spec.notation.formats if f.can_write(ours)]
        assert offered and [Path(f).suffix for f in r["files"][1:]] == offered
        for name in r["files"][1:]:
            assert records.load_file(tmp_path / "t" / name).moves == ours.moves


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_folder_that_cannot_be_written_is_said_in_one_line_with_exit_2(tmp_path, monkeypatch, lang) -> None:
    """--out on a file, or under a file, was a Python traceback and exit 1."""
    from nimarcade.compete.tournament import cli as tournament_cli
    from nimarcade.i18n import tr

    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    a_file = tmp_path / "a_file"
    a_file.write_text("not a folder")
    for out, why in ((a_file, "tourney.why_file"), (a_file / "sub", "tourney.why_not_dir")):
        stdout, err = io.StringIO(), io.StringIO()
        code = tournament_cli.run(["--game", "sticks", "--players", "1,2", "--games", "2", "--out", str(out),
                                   "--lang", lang], stdout, err)
        lines = err.getvalue().splitlines()
        assert code == 2 and len(lines) == 1 and "Traceback" not in err.getvalue(), lines
        assert lines[0] == tr("tourney.cannot_write", folder=str(out), path=str(out), why=tr(why))
    assert a_file.read_text() == "not a folder"


def test_the_players_and_their_scores_are_written_as_csv(tmp_path, monkeypatch) -> None:
    """A teacher's spreadsheet of the tournament (« ; » in French, with a BOM)."""
    import csv
    from nimarcade.compete.tournament import cli as tournament_cli

    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    out, err = io.StringIO(), io.StringIO()
    folder = tmp_path / "t"
    assert tournament_cli.run(["--game", "sticks", "--players", "1,4", "--games", "2", "--out", str(folder),
                               "--lang", "fr"], out, err) == 0, err.getvalue()
    raw = (folder / "tournament.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["#", "Joueur", "Elo"] and rows[0][-1] == "Forfaits"
    by_name = {p["name"]: p for p in table(folder)["players"]}
    assert [r[1] for r in rows[1:]] == list(by_name)
    for row in rows[1:]:
        assert row[5] == str(by_name[row[1]]["points"]).replace(".", ",").removesuffix(",0")
        assert row[6] == str(by_name[row[1]]["games"]) and row[-1] == "0"
    assert "tournament.csv" in err.getvalue()
