"""Whether players' programs run in a box here, and saying so once.

A command that starts players' programs (the text mode, the judge, the arena, the tournament, the
class) calls :func:`announce` once, before its first game: where no box can be had (no
``bwrap``: macOS, Windows, or bubblewrap not installed) it writes one line saying so; with
``--require-isolation`` (:func:`add_option`) that line is an error and the command exits 2.
What the box is and guarantees: :mod:`nimarcade.players.sandbox` and docs/PROTOCOL.md.

How a box is made here is found once per process (:func:`isolation`): bubblewrap's version (from
``bwrap --version``: 0.8 brought ``--disable-userns`` and ``--size``; an older one makes boxes
without them, docs/PROTOCOL.md says what that changes) and whether the game runs as root (then
the box is made without a user namespace and its programs drop to ``nobody``, :attr:`Isolation.drop`).
"""
from __future__ import annotations

import argparse
import os
import re
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
#: The bubblewrap that brought ``--disable-userns`` and ``--size`` (a tmpfs of a given size).
SIZED_VERSION = (0, 8)
#: The namespaces a box has of its own as root, without a user namespace (whose uid 0 would be
#: root outside): everything ``--unshare-all`` gives but the user namespace.
PRIVILEGED_NAMESPACES = ("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try")
#: As root, the only capabilities bubblewrap keeps for the box's first program: what it needs to
#: become nobody (:mod:`.sandbox` drops them with the uid).
DROP_CAPABILITIES = ("--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID")


@dataclass(frozen=True)
class Isolation:
    """``bwrap``: the bubblewrap program, or None where there is no box; ``why``: a translation
    key saying why there is none (``box.why_*``)."""

    bwrap: str | None
    why: str = ""
    #: bubblewrap's version, ``(0, 8, 0)`` (``()`` where it didn't say)
    version: tuple[int, ...] = ()
    #: the game runs as root: bubblewrap runs privileged, without a user namespace, and the box's
    #: programs run as ``nobody`` (uid 65534 outside the box too), never as root
    drop: bool = False
    #: ``--disable-userns`` works here: no program in the box can make a user namespace
    no_userns: bool = False

    @property
    def boxed(self) -> bool:
        return self.bwrap is not None

    @property
    def sized(self) -> bool:
        """Whether this bubblewrap sizes a tmpfs (``--size``, bubblewrap 0.8)."""
        return self.version >= SIZED_VERSION


def bwrap_version(bwrap: str) -> tuple[int, ...]:
    """``bwrap --version``'s numbers (``bubblewrap 0.8.0`` -> (0, 8, 0)); () where it says none."""
    try:
        said = subprocess.run([bwrap, "--version"], capture_output=True, text=True, timeout=10, check=False).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ()
    found = re.search(r"(\d+(?:\.\d+)+)", said)
    return tuple(int(n) for n in found.group(1).split(".")) if found else ()


def _opens(bwrap: str, words: list[str]) -> bool:
    """Whether bubblewrap opens a box with these options here."""
    try:
        probe = subprocess.run([bwrap, *words, "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev",
                                "--tmpfs", "/tmp", "--chmod", "1777", "/tmp",      # --chmod: bubblewrap 0.5
                                "--die-with-parent", "--new-session", "--", "/bin/true"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0


@lru_cache(maxsize=1)
def isolation() -> Isolation:
    """What this machine offers, found once per process: bubblewrap found *and* able to start a
    box here, the way the box will be made (a kernel without user namespaces, or a container
    that forbids them, has the program but no box)."""
    if os.environ.get(DISABLE_VARIABLE):
        return Isolation(None, N_("box.why_disabled"))
    if os.name != "posix" or not hasattr(os, "fork"):
        return Isolation(None, N_("box.why_system"))
    found = shutil.which("bwrap")
    if found is None:
        return Isolation(None, N_("box.why_missing"))
    version = bwrap_version(found)
    if os.geteuid() == 0:
        if not _opens(found, [*PRIVILEGED_NAMESPACES, *DROP_CAPABILITIES]):
            return Isolation(None, N_("box.why_broken"))
        return Isolation(found, version=version, drop=True)
    if version >= SIZED_VERSION and _opens(found, ["--unshare-all", "--unshare-user", "--disable-userns"]):
        return Isolation(found, version=version, no_userns=True)
    if not _opens(found, ["--unshare-all", "--unshare-user"]):
        return Isolation(None, N_("box.why_broken"))
    return Isolation(found, version=version)


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
