"""Baselines from history, as Stockfish's fishtest plays a test commit against a base commit: the
arena's ``--base REV`` plays the engine of an older revision of this repository, never a copy kept
in the tree.

The revision is checked out once into a git worktree under a cache folder
(``$NIMARCADE_BASE_DIR``, else the user's cache folder, ``…/nimarcade/base/<commit>``) and its own
``nimarcade.engine`` is started as an outside program over the protocol (docs/PROTOCOL.md), with
its own code, tables and compiled cache: the revision's engine exactly, whatever this checkout has
since become. It needs a git checkout and a revision that has the protocol engine
(``nimarcade/engine.py``, since 1a10da1). Pure Python, no pygame.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Mapping

from nimarcade.core.rules.errors import OptionError
from nimarcade.players.program import ProgramSource
from nimarcade.players.sandbox import Limits
from nimarcade.i18n import N_

#: Where the worktrees go (``$NIMARCADE_BASE_DIR`` overrides).
BASE_DIR_ENV = "NIMARCADE_BASE_DIR"
#: The protocol engine's module in a revision's tree.
ENGINE_FILE = Path("nimarcade") / "engine.py"
#: Seconds the revision's engine may take for its first move (it may compile its core then).
WARM_TIMEOUT = 900.0


def repository() -> Path:
    """The git checkout this package runs from; OptionError when it is not one (an installed game)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / ".git").exists():
        raise OptionError(N_("arena.err_base_git"))
    return root


def cache_dir() -> Path:
    if os.environ.get(BASE_DIR_ENV):
        return Path(os.environ[BASE_DIR_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "nimarcade" / "base"


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise OptionError(N_("arena.err_base_git_failed"), command=" ".join(args[:2]),
                          why=(done.stderr.strip().splitlines() or ["?"])[-1])
    return done.stdout.strip()


def commit_of(rev: str, root: Path | None = None) -> str:
    """The full commit id that ``rev`` (a commit, a tag, ``HEAD~3``...) names."""
    root = root or repository()
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                          capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip():
        raise OptionError(N_("arena.err_base_rev"), rev=rev)
    return done.stdout.strip()


def checkout(rev: str, root: Path | None = None, cache: Path | None = None) -> Path:
    """The worktree of ``rev`` (made once, then reused): its folder."""
    root = root or repository()
    commit = commit_of(rev, root)
    folder = (cache or cache_dir()) / commit
    if not (folder / ENGINE_FILE).is_file():
        if folder.exists():                       # a worktree left half-made: start it again
            _git(root, "worktree", "remove", "--force", str(folder)) if (folder / ".git").exists() else None
        folder.parent.mkdir(parents=True, exist_ok=True)
        _git(root, "worktree", "prune")
        _git(root, "worktree", "add", "--detach", "--force", str(folder), commit)
        if not (folder / ENGINE_FILE).is_file():
            raise OptionError(N_("arena.err_base_no_engine"), rev=rev, commit=commit[:7])
    return folder


def engine_source(rev: str, env: Mapping[str, str] | None = None, root: Path | None = None,
                  cache: Path | None = None) -> ProgramSource:
    """The protocol engine of revision ``rev``, as a program the arena starts for each game: this
    Python, with the worktree first on its path, so that it imports the revision's package, and
    ``env`` added to its environment (``NIMARCADE_NO_JIT=1``: its pure-Python path)."""
    folder = checkout(rev, root, cache)
    commit = commit_of(rev, root)
    launcher = ("import json, os, runpy, sys; sys.path.insert(0, sys.argv.pop(1)); "
                "os.environ.update(json.loads(sys.argv.pop(1))); "
                "runpy.run_module('nimarcade.engine', run_name='__main__', alter_sys=True)")
    name = f"base@{commit[:7]}" + ("".join(f"/{k}={v}" for k, v in sorted((env or {}).items())))
    return ProgramSource(name, (sys.executable, "-c", launcher, str(folder), json.dumps(dict(env or {}))),
                         limits=Limits(cpu=None, memory=None), trusted=True)   # our own code, its own cache


def warm(source: ProgramSource, game: str, timeout: float = WARM_TIMEOUT) -> None:
    """One search of the revision's engine before the first timed game, so that compiling its core
    (numba, into the worktree's own cache) is not charged to a move. OptionError if it can't play."""
    lines = f"uci\nsetoption name Game value {game}\nisready\nposition startpos\ngo depth 2\nisready\nquit\n"
    try:
        done = subprocess.run(source.command, input=lines, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise OptionError(N_("arena.err_base_start"), name=source.name, why=type(exc).__name__) from None
    if "bestmove" not in done.stdout:
        why = (done.stderr.strip().splitlines() or done.stdout.strip().splitlines() or ["?"])[-1]
        raise OptionError(N_("arena.err_base_start"), name=source.name, why=why)
