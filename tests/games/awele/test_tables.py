"""The bigger endgame tables built on the player's machine (nimarcade.games.awele.engine.tables): the build
writes whole files and reports its progress, one builder at a time, the game starts it only where
it can, and the levels switch to the new tables without any search waiting for them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from nimarcade.games.awele.engine import core as awele_core
from nimarcade.games.awele.engine import endgame as awele_endgame
from nimarcade.games.awele.engine import tables as awele_tables
from nimarcade.games.awele.tools import build_tables
from nimarcade.i18n import set_language
from nimarcade.games.awele.scene.explain import TablesNote, tables_text


SMALL = 6   # a "bigger" table in these tests: the shipped size is patched down to 5 seeds


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """An empty tables folder, the shipped size pretending to be 5 seeds, no table in memory."""
    monkeypatch.setenv(awele_endgame.TABLES_ENV, str(tmp_path))
    monkeypatch.setattr(awele_endgame, "DEFAULT_MAX_SEEDS", SMALL - 1)
    monkeypatch.setattr(awele_endgame, "_LOADED", {})
    monkeypatch.setattr(awele_endgame, "_READING", {})
    return tmp_path


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.mark.usefixtures("needs_core")
def test_the_build_writes_each_rule_whole_with_its_progress(folder) -> None:
    seen: list[float] = []
    paths = awele_tables.build(SMALL, progress=lambda fraction, _line: seen.append(fraction))
    assert [p.name for p in paths] == [f"endgame-{v}-{SMALL}.bin" for v in awele_tables.VARIANTS]
    assert seen == sorted(seen) and seen[0] == 0.0 and seen[-1] == pytest.approx(1.0)
    assert len(seen) == 1 + SMALL * len(awele_tables.VARIANTS)   # the start, then every layer of each rule
    for variant in awele_tables.VARIANTS:
        on_disk = awele_endgame.load_table(variant, SMALL)
        fresh = awele_endgame.build_compiled(SMALL, variant)
        assert on_disk.max_seeds == SMALL and on_disk.low == fresh.low and on_disk.high == fresh.high
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [p.name for p in paths] + [awele_tables.progress_path(SMALL).name])   # no lock, no temporary file left
    assert json.loads(awele_tables.progress_path(SMALL).read_text())["state"] == "done"
    assert awele_tables.status(SMALL).state == "ready"
    assert awele_tables.start(SMALL, spawn=pytest.fail).state == "ready"   # built: nothing started again


@pytest.mark.usefixtures("needs_core")
def test_a_second_builder_is_turned_away_and_a_dead_ones_lock_is_taken_over(folder) -> None:
    lock = awele_tables.lock_path(SMALL)
    lock.write_text(str(os.getpid()))   # a builder alive (this very process)
    with pytest.raises(awele_tables.Busy):
        awele_tables.build(SMALL, ("forbidden",))
    assert lock.read_text() == str(os.getpid())   # its lock is left alone
    lock.write_text(str(_dead_pid()))   # a builder killed half-way
    assert awele_tables.build(SMALL, ("forbidden",))[0].is_file()
    assert not lock.exists()


def test_the_shipped_tables_need_no_build(folder, monkeypatch) -> None:
    monkeypatch.setattr(awele_tables, "LEVEL_SEEDS", 12)
    monkeypatch.setattr(awele_endgame, "DEFAULT_MAX_SEEDS", 12)
    assert awele_tables.start(spawn=pytest.fail).state == "shipped"
    assert awele_tables.status() == awele_tables.BuildStatus("shipped", 1.0, seeds=12)
    monkeypatch.setattr(awele_tables, "LEVEL_SEEDS", 13)   # the levels asking for more: a build
    monkeypatch.delenv(awele_tables.NO_BUILD_ENV, raising=False)
    monkeypatch.setattr(awele_tables, "why_not", lambda: ("", ""))
    calls = []
    assert awele_tables.start(spawn=lambda cmd, **kw: calls.append(cmd)).state == "building"
    assert calls[0][-3:] == ["--max-seeds", "13", "--quiet"]


def test_the_game_starts_the_build_once_and_only_where_it_can(folder, monkeypatch) -> None:
    monkeypatch.delenv(awele_tables.NO_BUILD_ENV, raising=False)
    monkeypatch.setattr(awele_tables, "free_memory_mb", lambda: 10 * awele_tables.NEED_MB)
    monkeypatch.setattr(awele_core, "status", lambda: awele_core.CoreStatus(False, "not loaded", ""))
    calls: list[list[str]] = []

    def spawn(cmd, **kwargs):
        calls.append(cmd)
        assert kwargs["stdin"] is subprocess.DEVNULL and kwargs["stdout"] is subprocess.DEVNULL

    first = awele_tables.start(SMALL, spawn=spawn)
    assert first.state == "building" and calls == [
        [sys.executable, "-m", "nimarcade.games.awele.tools.build_tables", "--max-seeds", str(SMALL), "--quiet"]]
    # the builder reports: the help screen reads its progress, and no second builder starts
    progress = awele_tables.progress_path(SMALL)
    progress.write_text(json.dumps({"state": "building", "pid": os.getpid(), "fraction": 0.25}))
    now = awele_tables.start(SMALL, spawn=spawn)
    assert (now.state, now.fraction, len(calls)) == ("building", 0.25, 1)
    # a builder that died half-way: missing again, and the next game starts another
    progress.write_text(json.dumps({"state": "building", "pid": _dead_pid(), "fraction": 0.5}))
    assert awele_tables.status(SMALL).state == "missing"
    assert awele_tables.start(SMALL, spawn=spawn).state == "building" and len(calls) == 2
    # a damaged progress file is no build at all
    progress.write_text("{not json")
    assert awele_tables.status(SMALL).state == "missing"
    # a failed build is not tried at every game, but again the next day
    progress.write_text(json.dumps({"state": "failed", "reason": "MemoryError: ", "time": time.time()}))
    failed = awele_tables.start(SMALL, spawn=spawn)
    assert (failed.state, failed.why, len(calls)) == ("failed", "failed", 2)
    progress.write_text(json.dumps({"state": "failed", "reason": "x", "time": time.time() - 2 * awele_tables.RETRY_AFTER}))
    assert awele_tables.start(SMALL, spawn=spawn).state == "building" and len(calls) == 3
    # where it should not build: said why, nothing started
    progress.unlink()
    monkeypatch.setattr(awele_tables, "free_memory_mb", lambda: awele_tables.NEED_MB // 2)
    low = awele_tables.start(SMALL, spawn=spawn)
    assert (low.state, low.why) == ("unavailable", "memory")
    monkeypatch.setenv(awele_tables.NO_BUILD_ENV, "1")
    assert awele_tables.start(SMALL, spawn=spawn).why == "env"
    monkeypatch.delenv(awele_tables.NO_BUILD_ENV)
    monkeypatch.setattr(awele_tables, "free_memory_mb", lambda: None)   # the system does not say
    monkeypatch.setattr(awele_core, "status", lambda: awele_core.CoreStatus(False, "missing", "numba is not installed"))
    assert awele_tables.start(SMALL, spawn=spawn).why == "core"
    assert len(calls) == 3

    def refused(cmd, **kwargs):
        raise OSError("no such file")

    monkeypatch.setattr(awele_core, "status", lambda: awele_core.CoreStatus(True, "ready", ""))
    assert awele_tables.start(SMALL, spawn=refused).state == "unavailable"   # said, not raised


@pytest.mark.usefixtures("needs_core")
def test_the_levels_switch_to_the_built_tables_without_waiting_for_them(folder) -> None:
    waiting = awele_endgame.load(SMALL, wait=False)
    shipped = awele_endgame.path_for("forbidden")
    assert waiting.get("forbidden").max_seeds == awele_endgame.Table.from_bytes(shipped.read_bytes()).max_seeds
    assert not awele_endgame._READING   # nothing to read yet
    awele_tables.build(SMALL, ("forbidden",))
    first = waiting.get("forbidden")   # the file is there: read in a thread, the shipped one meanwhile
    assert first.max_seeds != SMALL
    awele_endgame._READING[("forbidden", SMALL)].join()
    assert waiting.get("forbidden").max_seeds == SMALL
    assert awele_endgame.load(SMALL).get("forbidden").max_seeds == SMALL   # the arena's way: read at once
    # a damaged file is not a table: the shipped one plays
    broken = awele_endgame.user_path("capture_nothing", SMALL)
    broken.write_bytes(b"AWEG\x02\x06 damaged")
    assert awele_endgame.load(SMALL).get("capture_nothing").max_seeds != SMALL


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_help_screen_says_which_tables_play(lang) -> None:
    set_language(lang)
    texts = [tables_text(awele_tables.BuildStatus("shipped", 1.0, seeds=12)),
             tables_text(awele_tables.BuildStatus("ready", 1.0, seeds=15)),
             tables_text(awele_tables.BuildStatus("building", 0.424, seeds=15)),
             tables_text(awele_tables.BuildStatus("missing", 0.0, seeds=15)),
             tables_text(awele_tables.BuildStatus("unavailable", 0.0, "x", 15, "memory")),
             tables_text(awele_tables.BuildStatus("failed", 0.0, "x", 15, "failed"))]
    assert "12" in texts[0] and all("15" in t for t in texts[1:]) and len(set(texts)) == 6
    assert "42" in texts[2]
    assert ("mémoire" if lang == "fr" else "memory") in texts[4]


def test_the_help_line_says_why_the_game_built_nothing(folder, monkeypatch) -> None:
    monkeypatch.setattr(awele_tables, "LEVEL_SEEDS", SMALL)
    monkeypatch.setattr(awele_tables, "why_not", lambda: ("memory", "400 MB of free memory, 900 MB needed"))
    note = TablesNote()
    assert "6" in note.text() and "mémoire" not in note.text()   # before the game tried: missing
    note.start()
    assert "pas assez de mémoire libre" in note.text()
    set_language("en")
    assert "not enough free memory" in note.text()   # a change of language is seen at once


def test_the_command_line_speaks_the_players_language(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_tables.main(["--max-seeds", "3", "--lang", "fr"])
    assert exit_.value.code == 2 and "--max-seeds doit être entre 13 et 16" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_tables.main(["--lang", "en", "--help"])
    assert "Builds the Awélé endgame tables" in capsys.readouterr().out
