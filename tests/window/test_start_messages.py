"""Everything said at start: three broken files set aside at once are all named in the
window's first message, and a bad level in the player's own level file is named (file, level,
reason) by the window and by a command, the good levels staying."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from nimarcade.core import levels
from nimarcade.i18n import tr
from nimarcade.storage.settings import SettingsStore
from nimarcade.window.app import App

OWN_LEVELS = """game = "sticks"

[[level]]
id = "mine"
name = { fr = "Le mien", en = "Mine" }
sticks = 17
max_take = 3

[[level]]
id = "too-many"
name = { fr = "Trop", en = "Too many" }
sticks = 6000
max_take = 3
"""


@pytest.fixture
def own_levels_back():
    before = levels.user_folder()
    yield
    levels.set_user_folder(before)


def _first_message(tmp_path: Path) -> str:
    app = App(headless=True, seed=1, store=SettingsStore(tmp_path / "settings.json"), data_dir=tmp_path)
    try:
        errors = [t.text for t in app.toasts if t.kind == "error"]
        assert len(errors) == 1
        return errors[0]
    finally:
        app.shutdown()


def test_three_broken_files_are_all_named_in_the_first_message(tmp_path: Path, own_levels_back) -> None:
    (tmp_path / "settings.json").write_text('{"kind": "nimarcade-settings", "version": 99}')
    (tmp_path / "autosave.json").write_text('{"kind": "nimarcade-autosave", "version": 2, "games": [')
    (tmp_path / "stats.json").write_text("garbage")
    text = _first_message(tmp_path)
    for name in ("settings.json.broken", "autosave.json.broken", "stats.json.broken"):
        assert name in text and (tmp_path / name).exists()
    assert len(text.splitlines()) == 2           # the two unreadable ones share a line


def test_a_bad_level_of_the_player_s_own_is_named_and_the_good_one_stays(tmp_path: Path, own_levels_back) -> None:
    (tmp_path / "levels").mkdir()
    own = tmp_path / "levels" / "sticks.toml"
    own.write_text(OWN_LEVELS)
    text = _first_message(tmp_path)
    assert str(own) in text and "too-many" in text and "sticks" in text
    assert "mine" in [lv.id for lv in levels.load("sticks")]


def test_a_command_says_the_bad_level_in_one_line(tmp_path: Path, monkeypatch, capsys, own_levels_back) -> None:
    from nimarcade import cli

    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))
    (tmp_path / "levels").mkdir()
    own = tmp_path / "levels" / "sticks.toml"
    own.write_text(OWN_LEVELS)
    with pytest.raises(SystemExit) as done:
        cli.main(["lab", "--help"])
    assert done.value.code == 0
    err = capsys.readouterr().err.splitlines()
    (line,) = [line for line in err if str(own) in line]
    assert "too-many" in line and line.startswith(tr("lvl.own_level", path=str(own), problem="")[:12])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_named_stats_json_is_said_and_the_window_opens(tmp_path: Path, own_levels_back) -> None:
    os.mkfifo(tmp_path / "stats.json")              # read whole, it would hang the window forever
    text = _first_message(tmp_path)
    assert text == tr("storage.not_regular", file="stats.json")
    assert (tmp_path / "stats.json").is_fifo()
