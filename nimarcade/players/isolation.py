"""Whether players' programs run in a box here, and saying so once.

A command that starts players' programs (the text mode, the judge, the arena, the tournament, the
class) calls :func:`announce` once, before its first game: where no box can be had (no
``bwrap``: macOS, Windows, or bubblewrap not installed) it writes one line saying so; with
``--require-isolation`` (:func:`add_option`) that line is an error and the command exits 2.
What the box is and guarantees: :mod:`nimarcade.players.sandbox` and docs/PROTOCOL.md.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from typing import TextIO

from nimarcade.i18n import N_, tr

#: The exit code of a command that was asked for isolation where there is none.
NOT_ISOLATED_EXIT = 2
#: Set to a non-empty value, the box is not used even where it could be (tests of the fallback).
DISABLE_VARIABLE = "NIMARCADE_NO_BOX"


@dataclass(frozen=True)
class Isolation:
    """``bwrap``: the bubblewrap program, or None where there is no box; ``why``: a translation
    key saying why there is none (``box.why_*``)."""

    bwrap: str | None
    why: str = ""

    @property
    def boxed(self) -> bool:
        return self.bwrap is not None


@lru_cache(maxsize=1)
def isolation() -> Isolation:
    """What this machine offers, found once per process: bubblewrap found *and* able to start a
    box here (a kernel without user namespaces, or a container that forbids them, has the program
    but no box)."""
    if os.environ.get(DISABLE_VARIABLE):
        return Isolation(None, N_("box.why_disabled"))
    if os.name != "posix" or not hasattr(os, "fork"):
        return Isolation(None, N_("box.why_system"))
    found = shutil.which("bwrap")
    if found is None:
        return Isolation(None, N_("box.why_missing"))
    try:
        probe = subprocess.run([found, "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent",
                                "--new-session", "--", "/bin/true"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return Isolation(None, N_("box.why_broken"))
    if probe.returncode != 0:
        return Isolation(None, N_("box.why_broken"))
    return Isolation(found)


_said = False


def announce(err: TextIO, require: bool = False) -> int | None:
    """Before a command's first game: nothing where players are boxed; else one line on ``err``
    (once per process), and with ``require`` the exit code :data:`NOT_ISOLATED_EXIT` to return."""
    global _said
    found = isolation()
    if found.boxed:
        return None
    if require:
        err.write(tr("box.required", why=tr(found.why)) + "\n")
        return NOT_ISOLATED_EXIT
    if not _said:
        _said = True
        err.write(tr("box.not_isolated", why=tr(found.why)) + "\n")
    return None


def add_option(parser: argparse.ArgumentParser) -> None:
    """``--require-isolation``: stop (exit 2) rather than run players outside a box."""
    parser.add_argument("--require-isolation", action="store_true", help=tr("box.opt_require"))
