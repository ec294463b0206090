"""Files done right: platform folders, atomic versioned writes, broken files kept aside, a
settings file moved once, and a process killed in the middle of a save."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from nimarcade.storage import files as storage
from nimarcade.storage.settings import Settings, SettingsStore

ROOT = Path(__file__).resolve().parents[2]


def _file(path: Path | None, version: int = 2) -> storage.VersionedFile[dict]:
    return storage.VersionedFile(path, "test-kind", version, lambda raw, v: {"n": raw["n"], "v": v},
                                 lambda value: {"n": value["n"]})


def test_env_dir_holds_every_file(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(storage.ENV_DIR, str(tmp_path))
    assert storage.config_dir() == tmp_path
    assert storage.data_dir() == tmp_path
    assert storage.records_dir().parent == tmp_path


def test_platform_folders_without_env(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv(storage.ENV_DIR, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if sys.platform.startswith("linux"):
        assert storage.config_dir() == tmp_path / "cfg" / "nimarcade"
        assert storage.data_dir() == tmp_path / "data" / "nimarcade"


def test_round_trip_carries_kind_and_version(tmp_path) -> None:
    f = _file(tmp_path / "x.json")
    assert f.save({"n": 7}) is None
    raw = json.loads((tmp_path / "x.json").read_text())
    assert raw == {"kind": "test-kind", "version": 2, "n": 7}
    assert f.load().value == {"n": 7, "v": 2}
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("content, problem", [
    ("{ not json", "storage.broken"),
    ("[1, 2]", "storage.broken"),
    ('{"kind": "other", "version": 1, "n": 1}', "storage.broken"),
    ('{"kind": "test-kind", "version": 1}', "storage.broken"),          # missing key
    ('{"kind": "test-kind", "version": 99, "n": 1}', "storage.newer"),
    (b"\xff\xfe\x00garbage", "storage.broken"),
])
def test_bad_file_is_kept_aside_and_never_overwritten(tmp_path, content, problem) -> None:
    path = tmp_path / "x.json"
    data = content if isinstance(content, bytes) else content.encode()
    path.write_bytes(data)
    f = _file(path)
    loaded = f.load()
    assert loaded.value is None and loaded.problem == problem and loaded.kept_as == "x.json.broken"
    assert (tmp_path / "x.json.broken").read_bytes() == data
    f.save({"n": 1})
    assert (tmp_path / "x.json.broken").read_bytes() == data        # the kept file is untouched
    path.write_text("broken again")
    assert _file(path).load().kept_as == "x.json.broken-2"
    assert (tmp_path / "x.json.broken").read_bytes() == data


def test_memory_file_writes_nothing(tmp_path) -> None:
    f = _file(None)
    f.save({"n": 3})
    assert f.load().value == {"n": 3}
    f.delete()
    assert f.load().value is None


def test_legacy_settings_are_read_then_versioned(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", "sound": False}))
    store = SettingsStore(path)
    assert store.load().settings == Settings("en", False)
    store.save(Settings("en", False))
    assert json.loads(path.read_text())["version"] == 1
    assert SettingsStore(path).load().settings == Settings("en", False)


def test_settings_move_once_to_the_platform_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv(storage.ENV_DIR, raising=False)
    old_dir, new = tmp_path / "old", tmp_path / "new" / "settings.json"
    old_dir.mkdir()
    (old_dir / "settings.json").write_text('{"language": "en"}')
    assert storage.migrate_legacy_settings(new, old_dir)
    assert not (old_dir / "settings.json").exists()
    assert SettingsStore(new).load().settings.language == "en"
    (old_dir / "settings.json").write_text('{"language": "fr"}')
    assert not storage.migrate_legacy_settings(new, old_dir)        # never over the new one
    assert SettingsStore(new).load().settings.language == "en"


WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from nimarcade.storage.files import atomic_write_text
path = Path({path!r})
n = 0
while True:
    n += 1
    atomic_write_text(path, (str(n) + "\\n") * 20000 + "end " + str(n) + "\\n")
    if n == 1:
        print("ready", flush=True)
    if n == {kill_after}:
        print("go", flush=True)
"""


def _complete(text: str) -> bool:
    lines = text.splitlines()
    n = lines[-1].split()[1]
    return lines[-1] == f"end {n}" and lines[:-1] == [n] * 20000


@pytest.mark.parametrize("kill_after", [1, 3, 7])
def test_killed_in_the_middle_of_saves_leaves_a_complete_file(tmp_path, kill_after) -> None:
    path = tmp_path / "autosave.json"
    code = WRITER.format(root=str(ROOT), path=str(path), kill_after=kill_after)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        if kill_after > 1:
            assert proc.stdout.readline().strip() == "go"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    assert _complete(path.read_text())
