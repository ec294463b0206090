"""Nothing lost, everything said: only regular files read as data, and up to a size;
every file set aside at start named; temporary files of interrupted writes cleaned; locks
between processes."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nimarcade.i18n import error_text, tr
from nimarcade.storage import aside, files as storage, locks
from nimarcade.storage.regular import NotRegular, TooLarge, read_regular, read_regular_text
from nimarcade.storage.settings import SettingsStore

ROOT = Path(__file__).resolve().parents[2]
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def _file(path: Path) -> storage.VersionedFile[dict]:
    return storage.VersionedFile(path, "test-kind", 1, lambda raw, v: {"n": raw["n"]}, lambda value: value)


# -- regular files only, up to a size -------------------------------------------------------------
@fifo_only
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "stats.json"
    os.mkfifo(fifo)
    with pytest.raises(NotRegular) as refused:
        read_regular(fifo)                          # no writer: reading it would wait forever
    assert "stats.json" in refused.value.message() and isinstance(refused.value, OSError)


def test_a_device_is_refused_and_a_large_file_too(tmp_path: Path) -> None:
    if os.path.exists("/dev/zero"):
        with pytest.raises(NotRegular):
            read_regular("/dev/zero")
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 101)
    with pytest.raises(TooLarge) as refused:
        read_regular(big, limit=100)
    assert "big.txt" in refused.value.message()
    assert read_regular(big, limit=101) == b"x" * 101
    (tmp_path / "crlf.txt").write_bytes("\ufeffa\r\nb\rc".encode("utf-8"))
    assert read_regular_text(tmp_path / "crlf.txt", encoding="utf-8-sig") == "a\nb\nc"
    with pytest.raises(IsADirectoryError):
        read_regular(tmp_path)


@fifo_only
def test_a_fifo_named_like_a_data_file_is_said_and_left_alone(tmp_path: Path) -> None:
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    f = _file(fifo)
    loaded = f.load()
    assert loaded.value is None and loaded.problem == "storage.not_regular" and loaded.kept_as is None
    assert f.save({"n": 1}) == "storage.save_failed"      # never written over either
    assert fifo.is_fifo()
    (found,) = aside.take([tmp_path])
    assert found.text() == tr("storage.not_regular", file="x.json")


def test_the_game_s_own_data_file_has_a_size_limit(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"kind": "test-kind", "version": 1, "n": "' + "x" * 200 + '"}')
    monkeypatch.setattr(storage, "DATA_LIMIT", 100)
    loaded = _file(path).load()
    assert loaded.problem == "storage.broken" and (tmp_path / "x.json.broken").exists()


def test_analyse_refuses_a_device_in_one_line(capsys) -> None:
    from nimarcade.analysis.cli import run

    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    import io

    out, err = io.StringIO(), io.StringIO()
    assert run(["/dev/zero"], out, err) == 1
    assert err.getvalue().count("\n") == 1 and tr("rec.why_not_regular") in err.getvalue()
    assert "MemoryError" not in err.getvalue()


def test_a_record_too_large_is_refused_in_words(tmp_path: Path, monkeypatch) -> None:
    from nimarcade.records import record as records
    from nimarcade.records import text as record_text

    monkeypatch.setattr(record_text, "TEXT_LIMIT", 1024 * 1024)
    big = tmp_path / "big.txt"
    big.write_bytes(b"[" * (1024 * 1024 + 1))
    with pytest.raises(records.RecordError) as refused:
        records.load_file(big)
    assert tr("rec.why_too_large", limit=1) in error_text(refused.value) and "big.txt" in error_text(refused.value)


# -- every file set aside, said together -----------------------------------------------------------
def test_three_broken_files_at_start_are_all_named(tmp_path: Path) -> None:
    from nimarcade.people.stats import Stats
    from nimarcade.records.autosave import Autosave

    (tmp_path / "settings.json").write_text('{"kind": "nimarcade-settings", "version": 99}')
    (tmp_path / "autosave.json").write_text('{"kind": "nimarcade-autosave", "vers')
    (tmp_path / "stats.json").write_bytes(b"\x00garbage\xff")
    assert SettingsStore(tmp_path / "settings.json").load().problem == "storage.newer"
    Autosave(tmp_path).load()
    Stats(tmp_path).load()
    found = aside.take([tmp_path])
    assert [f.kept_as for f in found] == ["settings.json.broken", "autosave.json.broken", "stats.json.broken"]
    text = aside.message(found, ["engines.toml : …"])
    assert text is not None and len(text.splitlines()) == 3      # the two unreadable ones share a line
    assert all(name in text for name in ("settings.json.broken", "autosave.json.broken", "stats.json.broken"))
    assert aside.take([tmp_path]) == []                   # each said once


def test_a_broken_settings_file_read_by_the_front_door_is_said_by_the_window(tmp_path: Path, monkeypatch) -> None:
    from nimarcade.cli import saved_language

    monkeypatch.setenv(storage.ENV_DIR, str(tmp_path))
    (tmp_path / "settings.json").write_text("{ torn")
    assert saved_language() == "fr"                       # the front door reads it first...
    assert not (tmp_path / "settings.json").exists()
    (found,) = aside.take([tmp_path])                     # ...and the window still finds it
    assert found.problem == "settings.broken" and found.kept_as == "settings.json.broken"


def test_another_folder_s_files_are_left_for_their_own_window(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "x.json").write_text("{")
    (tmp_path / "b" / "x.json").write_text("{")
    _file(tmp_path / "a" / "x.json").load()
    _file(tmp_path / "b" / "x.json").load()
    assert [f.path.parent.name for f in aside.take([tmp_path / "a", None])] == ["a"]
    assert [f.path.parent.name for f in aside.take([tmp_path / "b"])] == ["b"]


# -- temporary files of interrupted writes ---------------------------------------------------------
def test_temporaries_of_a_killed_write_are_removed_at_the_next_load(tmp_path: Path) -> None:
    f = _file(tmp_path / "x.json")
    assert f.save({"n": 1}) is None
    dead = tmp_path / ".x.json.abc123.tmp"
    dead.write_bytes(b"x" * 1000)
    old = time.time() - storage.STALE_SECONDS - 60
    os.utime(dead, (old, old))
    live = tmp_path / ".x.json.def456.tmp"                 # just written: maybe a live writer's
    live.write_bytes(b"y")
    other = tmp_path / ".y.json.abc.tmp"                   # another file's: not this one's to judge
    other.write_bytes(b"z")
    os.utime(other, (old, old))
    assert f.load().value == {"n": 1}
    assert not dead.exists() and live.exists() and other.exists()


def test_a_write_killed_midway_leaves_a_temporary_that_the_next_start_removes(tmp_path: Path) -> None:
    """A real ``kill -9`` during an atomic write (the writer stopped between writing its temporary
    file and renaming it), then the next start's load."""
    script = (
        "import os, sys, signal\n"
        "from pathlib import Path\n"
        "import nimarcade.storage.files as s\n"
        "def stop(*a, **k):\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "s.os.replace = stop\n"
        "s.atomic_write_text(Path(sys.argv[1]), 'x' * 100000)\n"
    )
    path = tmp_path / "autosave.json"
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=ROOT, timeout=60)
    assert done.returncode == -9
    (tmp,) = storage.temporaries(path)
    assert tmp.stat().st_size == 100000
    old = time.time() - storage.STALE_SECONDS - 1
    os.utime(tmp, (old, old))
    from nimarcade.records.autosave import Autosave

    assert Autosave(tmp_path).load().problem is None
    assert storage.temporaries(path) == []


# -- locks between processes -----------------------------------------------------------------------
def test_a_lock_held_by_another_process_is_busy_until_it_ends(tmp_path: Path) -> None:
    lock_file = tmp_path / ".lock"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; from nimarcade.storage.locks import FileLock\n"
         "lock = FileLock(Path(sys.argv[1])); lock.acquire(wait=False); print('held', flush=True); sys.stdin.read()",
         str(lock_file)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(locks.Busy):
            locks.FileLock(lock_file).acquire(wait=False)
    finally:
        holder.stdin.close()
        holder.wait(60)
    with locks.FileLock(lock_file) as mine:               # free again once its holder is gone
        assert mine.held
    assert not mine.held


def test_a_lock_if_possible_is_held_where_it_can_be_made_and_the_work_runs_anyway_where_not(tmp_path: Path) -> None:
    """The compile's lock (numba's shared cache, ``locks.if_possible``): held while the block runs,
    free after it; in a folder that can't be made (under a file), the block runs unlocked."""
    lock_file = tmp_path / "cache" / ".loops.compile.lock"
    with locks.if_possible(lock_file) as held:
        assert held
        with pytest.raises(locks.Busy):
            locks.FileLock(lock_file).acquire(wait=False)
    with locks.FileLock(lock_file) as again:
        assert again.held
    (tmp_path / "a-file").write_text("")
    ran = []
    with locks.if_possible(tmp_path / "a-file" / "cache" / ".lock") as held:
        ran.append(held)
    assert ran == [False]


def test_the_readers_of_files_a_person_names_refuse_a_fifo_in_words(tmp_path: Path) -> None:
    """engines.toml, a player's file and the lab's own levels are read as data: a FIFO with their
    name is refused at once (nothing waits for a writer), said in words, and never written over."""
    from nimarcade.games.octal import userlevels
    from nimarcade.players import catalog
    from nimarcade.players.files import PlayerFileError, check_python_player

    os.mkfifo(tmp_path / catalog.FILE)
    problems = catalog.load(tmp_path).problems
    assert [p.key for p in problems] == ["engines.unreadable"]
    os.mkfifo(tmp_path / "player.py")
    with pytest.raises(PlayerFileError) as caught:
        check_python_player(tmp_path / "player.py")
    assert tr("storage.not_regular", file=str(tmp_path / "player.py")) in str(caught.value)
    levels = tmp_path / "octal.toml"
    os.mkfifo(levels)
    params = {"code": "0.77", "heaps": [3, 4], "misere": False, "board": "heaps"}
    with pytest.raises(OSError):
        userlevels.save(params, {"fr": "essai", "en": "try"}, levels)
    assert levels.is_fifo()


def test_the_lab_s_levels_are_added_to_and_an_unreadable_file_is_never_written_over(tmp_path: Path) -> None:
    from nimarcade.games.octal import userlevels

    levels = tmp_path / "octal.toml"
    params = {"code": "0.77", "heaps": [3, 4], "misere": False, "board": "heaps"}
    first = userlevels.save(params, {"fr": "un", "en": "one"}, levels)
    second = userlevels.save({**params, "heaps": [5]}, {"fr": "deux", "en": "two"}, levels)
    text = levels.read_text(encoding="utf-8")
    assert first != second and f'id = "{first}"' in text and f'id = "{second}"' in text
    garbage = b"\xff\xfe not utf-8 \xff"
    levels.write_bytes(garbage)
    with pytest.raises(OSError):
        userlevels.save(params, {"fr": "trois", "en": "three"}, levels)
    assert levels.read_bytes() == garbage


def test_a_level_file_that_is_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    from nimarcade.core import levels

    fifo = tmp_path / "sticks.toml"
    os.mkfifo(fifo)
    with pytest.raises(levels.LevelError) as caught:
        levels.load_file(fifo, "sticks")
    assert caught.value.key == "lvl.unreadable"
