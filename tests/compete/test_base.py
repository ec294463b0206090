"""``arena --base REV``: an older revision's engine, checked out into a git worktree under a cache
folder and played over the protocol (baselines from history, as fishtest does)."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from nimarcade.compete import arena, base
from nimarcade.core.rules.errors import OptionError
from nimarcade.i18n import error_text

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not (ROOT / ".git").exists(), reason="--base needs a git checkout")


@pytest.fixture(autouse=True)
def no_worktree_left(tmp_path):
    """The worktrees a test checks out under its own folder are taken off this checkout's list
    after it (the repository under test keeps no entry pointing at a test's folder)."""
    yield
    for folder in tmp_path.iterdir():
        if (folder / ".git").is_file():
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
                           capture_output=True, timeout=60)
    subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True, timeout=60)


def test_a_revision_is_checked_out_once_and_its_engine_speaks_the_protocol(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(base.BASE_DIR_ENV, str(tmp_path))
    commit = base.commit_of("HEAD")
    folder = base.checkout("HEAD")
    assert folder == tmp_path / commit and (folder / base.ENGINE_FILE).is_file()
    assert base.checkout(commit[:10]) == folder                  # the same worktree, reused
    source = base.engine_source("HEAD", env={"NIMARCADE_NO_JIT": "1"})
    assert source.name == f"base@{commit[:7]}/NIMARCADE_NO_JIT=1"
    base.warm(source, "sticks", timeout=120)                     # plays a first move or raises
    out = subprocess.run(source.command, input="uci\nquit\n", capture_output=True, text=True, timeout=120)
    assert "uciok" in out.stdout


def test_the_arena_plays_a_base_revision_as_side_b(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv(base.BASE_DIR_ENV, str(tmp_path))
    assert arena.main(["sticks", "--a", "4", "--b", "4", "--base", "HEAD", "--games", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    commit = base.commit_of("HEAD")
    # two perfect players: each wins the game where the start favours it
    assert f"B (base@{commit[:7]}/Level=4)" in out and "+1 =0 -1" in out


def test_a_revision_that_is_not_there_is_one_clear_line(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv(base.BASE_DIR_ENV, str(tmp_path))
    with pytest.raises(OptionError) as no:
        base.commit_of("no-such-revision-anywhere")
    assert error_text(no.value, "en") == "\u201cno-such-revision-anywhere\u201d names no revision of this repository"
    with pytest.raises(SystemExit) as done:
        arena.main(["sticks", "--a", "4", "--b", "4", "--base", "no-such-revision-anywhere"])
    assert done.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith("« no-such-revision-anywhere » ne désigne aucune révision de ce dépôt")


def test_a_revision_without_the_protocol_engine_is_refused(tmp_path, monkeypatch) -> None:
    """68f5c40 (the first frozen Awélé engine's source) predates nimarcade/engine.py."""
    monkeypatch.setenv(base.BASE_DIR_ENV, str(tmp_path))
    old = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", "68f5c40^{commit}"], capture_output=True)
    if old.returncode != 0:
        pytest.skip("a shallow clone: 68f5c40 is not here")
    with pytest.raises(OptionError) as no:
        base.checkout("68f5c40")
    assert no.value.key == "arena.err_base_no_engine"


def test_the_help_says_the_option(capsys) -> None:
    with pytest.raises(SystemExit):
        arena.main(["--help", "--lang", "en"])
    out = capsys.readouterr().out
    assert "--base REV" in out and "git worktree" in out
