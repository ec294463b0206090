"""Running a player's program locked in a box, so that it can break nothing but its own game.

On Linux with bubblewrap (``bwrap``, the sandbox Flatpak uses; :mod:`.isolation` says whether it
is there), a program runs in a **box**:

- it sees the system's programs and libraries (:data:`SYSTEM`: ``/usr``, ``/bin``, ``/lib*``,
  ``/opt``, and ``/etc`` less :data:`SECRETS` and whatever of it not everyone may read), this
  Python and the ``nimarcade`` package, and what its caller gives it in ``share`` (a player's
  file, a student's copy, the executable of a person's own engine), all **read-only**; **nothing
  else**: a path its command names is not shown for that (:func:`shared_paths`), and a command
  whose program is not in the box is "missing" (:func:`box_program`). It writes only in its own
  working folder, its ``/tmp`` and ``/dev/shm``: tmpfs of the box, of :func:`tmpfs_bytes` each,
  gone with it (nothing it writes reaches the machine's disk). It can't see the data folder, the
  config folder, the home folder, other players' files or the results being written;
- no network, its own PID, IPC and UTS namespaces and its own session: it can't see or signal
  any process of the machine, and when the box ends every process started in it ends too,
  ``setsid`` or not;
- **never root, inside or outside**: as an ordinary user, a user namespace of its own where it is
  nobody (the user outside), made with ``--disable-userns`` (bubblewrap 0.8: it can make no other
  user namespace, hence no PID namespace either); as root, no user namespace (whose root would be
  root outside) but ``nobody`` (uid 65534) for real: bubblewrap keeps only the capabilities to
  change users, and :func:`launcher` drops to nobody, without groups or capabilities, before the
  program starts (``no_new_privs`` holds: nothing it runs gains a privilege), and a seccomp
  filter (:func:`userns_filter`) refuses it a user namespace. Root-only files are then refused
  by the kernel's own checks;
- an environment built from nothing (:func:`box_environment`): PATH, the language, what the
  Python host needs; nothing of the teacher's;
- limits for the **whole box**: memory (its tmpfs included) and the number of tasks (processes
  and threads) by a control group of its own where the kernel lets us make one (:mod:`.cgroups`),
  CPU time read from that group; elsewhere a per-process memory limit and a watchdog that counts
  the box's processes (every descendant of its first, whatever PID namespace they are in), their
  threads, their memory and what its tmpfs hold, and their CPU time; everywhere RLIMIT_NPROC
  (:func:`tasks_rlimit`) stops a fork bomb in the kernel (docs/PROTOCOL.md says which holds where).

Without bubblewrap (macOS, Windows, or not installed) the program runs with per-process limits
(``setrlimit``) in a folder of its own, in its own process group, as before; every command says
so once (:func:`nimarcade.players.isolation.announce`).

Either way the program is started by a small supervisor (:mod:`.supervisor`, a process of its
own in a session of its own): it holds the read end of a pipe whose write end only the game holds;
when the game ends, however it ends (a crash, a kill, the window closed), the pipe closes and the
supervisor ends the box at once. Its exit status is the program's: its code, 128 + the signal that
ended it, 128 + SIGXCPU when the box used up its CPU time, :data:`MEMORY_EXIT` when it used more
than its memory, :data:`TASKS_EXIT` when it held more tasks than allowed (a fork bomb, 400 threads).

What the box is made of (its command line, what it sees, its environment, its seccomp filter, its
:class:`Limits`) is computed in :mod:`.bwrap`; its names are importable from here too.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

# The box's parts (:mod:`.bwrap`), importable from here as they always were.
from nimarcade.players.bwrap import (
    POSIX as POSIX,
    PACKAGE_ROOT as PACKAGE_ROOT,
    SYSTEM as SYSTEM,
    RESERVED as RESERVED,
    BOX_PATH as BOX_PATH,
    SECRETS as SECRETS,
    BOX_UID as BOX_UID,
    TMPFS_MB as TMPFS_MB,
    LAUNCHER as LAUNCHER,
    Limits as Limits,
    CannotStart as CannotStart,
    cannot_start as cannot_start,
    reason_of as reason_of,
    python_paths as python_paths,
    shared_paths as shared_paths,
    in_box as in_box,
    named_paths as named_paths,
    box_program as box_program,
    closed_to_others as closed_to_others,
    hidden_in_etc as hidden_in_etc,
    box_environment as box_environment,
    open_environment as open_environment,
    tmpfs_bytes as tmpfs_bytes,
    tasks_rlimit as tasks_rlimit,
    SYSCALLS as SYSCALLS,
    CLONE_NEWUSER as CLONE_NEWUSER,
    userns_filter as userns_filter,
    launcher as launcher,
    bwrap_arguments as bwrap_arguments,
)
from nimarcade.players import supervisor

#: Exit codes of the supervisor for a box that broke its limits (its own, said here too).
MEMORY_EXIT, TASKS_EXIT, CPU_EXIT = supervisor.MEMORY_EXIT, supervisor.TASKS_EXIT, supervisor.CPU_EXIT
#: Prefix of the working folders (a start-up sweep removes those whose game is gone).
FOLDER_PREFIX = "nimarcade-player-"
#: Set to a non-empty value, boxes are made without control groups (the watchdog's limits alone:
#: what a machine without delegated cgroups gets; its tests use it).
NO_CGROUPS_VARIABLE = "NIMARCADE_NO_CGROUPS"


@dataclass
class Sandboxed:
    """A started program: its process (the supervisor's, on POSIX), its folder, and the pipe end
    that keeps it alive; ``boxed``: whether it runs in a bubblewrap box."""

    process: subprocess.Popen[bytes]
    folder: Path
    lifeline: int | None
    boxed: bool = False

    def kill(self, wait: bool = True) -> None:
        """End the program and everything it started now, and remove its folder (``wait=False``:
        the last of it is done on a thread, so the caller never waits)."""
        if self.lifeline is not None:
            try:
                os.close(self.lifeline)     # the supervisor ends the box and removes its group
            except OSError:
                pass
            self.lifeline = None
        elif self.process.poll() is None:
            try:
                self.process.kill()
            except OSError:
                pass
        if wait:
            self._reap()
        else:
            threading.Thread(target=self._reap, daemon=True, name="nimarcade-player-reaper").start()

    def _reap(self) -> None:
        try:
            self.process.wait(1.0)          # the supervisor's own clean end (its group removed)
        except subprocess.TimeoutExpired:
            if POSIX:
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except OSError:
                    pass
            try:
                self.process.wait(2.0)
            except subprocess.TimeoutExpired:
                pass
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except OSError:
            pass
        # its output pipes end by themselves (their readers see the end); closing them under a
        # reader's feet would block on the reader's lock
        remove_folder(self.folder)


def remove_folder(folder: Path) -> None:
    """Remove a working folder, even one whose program made parts of it unwritable."""
    def unlock(_function: Any, path: str, _exc: Any) -> None:
        try:
            os.chmod(os.path.dirname(path), 0o700)
            if os.path.isdir(path) and not os.path.islink(path):
                os.chmod(path, 0o700)
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.unlink(path)
        except OSError:
            pass

    shutil.rmtree(folder, onerror=unlock)


def sweep_folders(root: Path | None = None, older_than: float = 3600.0) -> int:
    """Remove working folders left by games that ended without cleaning up (a machine switched
    off, a kill -9), those untouched for ``older_than`` seconds; how many were removed."""
    base = Path(root or tempfile.gettempdir())
    removed = 0
    try:
        entries = list(base.glob(FOLDER_PREFIX + "*"))
    except OSError:
        return 0
    now = time.time()
    for folder in entries:
        try:
            if folder.is_dir() and not folder.is_symlink() and now - folder.stat().st_mtime > older_than:
                remove_folder(folder)
                removed += 1
        except OSError:
            continue
    return removed


_swept = False


def start(command: Sequence[str], limits: Limits, env: dict[str, str] | None = None,
          share: Iterable[str | os.PathLike[str]] = (), boxed: bool = True) -> Sandboxed:
    """Start ``command`` in a fresh folder, under ``limits``, in a box where one can be had (and
    ``boxed``: our own trusted engine may run outside); ``share``: files or folders it may read
    (a player's file). Its pipes are bytes. OSError when it can't start (no such program)."""
    from nimarcade.players.isolation import isolation

    global _swept
    if not _swept:                          # the folders of games that ended without cleaning up
        _swept = True
        sweep_folders()
    folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX))
    pipes: dict[str, Any] = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 bufsize=0, cwd=folder)
    try:
        if not POSIX:
            flags = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
            return Sandboxed(subprocess.Popen(list(command), creationflags=flags, env=open_environment(env),
                                              **pipes), folder, None)
        found = isolation() if boxed else None
        if found is None or found.bwrap is None:
            problem = cannot_start(command[0])
            if problem is not None:
                raise CannotStart(problem, command[0])
        # -S: the supervisor needs no site-packages (the package is on PYTHONPATH, open_environment)
        supervising = [sys.executable, "-S", "-m", "nimarcade.players.supervisor", "--cpu", str(limits.cpu or 0),
                      "--memory", str(limits.memory or 0), "--files", str(limits.files),
                      "--tasks", str(limits.tasks)]
        words = list(command)
        if found is not None and found.bwrap is not None:
            shared = shared_paths(share)
            words[0] = box_program(words[0], shared)
            if found.drop:                  # nobody reads them: said, not a player failing to load
                for path in [*share, words[0]]:
                    if closed_to_others(path, program=path == words[0]):
                        raise CannotStart("closed", str(path))
            inner = box_environment(folder, env)
            box: dict[str, Any] = {"argv": bwrap_arguments(found, folder, shared, inner, limits),
                   "launcher": launcher(limits, found.drop), "tmpfs": ["/tmp", "/dev/shm", str(folder)]}
            refuse = None if found.no_userns else userns_filter()
            if refuse is not None:          # no --disable-userns here: the kernel refuses them
                box["seccomp"] = refuse.hex()
            supervising += ["--box", json.dumps(box)]
            if os.environ.get(NO_CGROUPS_VARIABLE):
                supervising.append("--no-cgroups")
            run_env = open_environment()
        else:
            run_env = open_environment(env)
        read, write = os.pipe()
        os.set_inheritable(read, True)
        supervising += ["--watch", str(read), "--", *words]
        try:
            process = subprocess.Popen(supervising, pass_fds=(read,), start_new_session=True, env=run_env, **pipes)
        finally:
            os.close(read)
        return Sandboxed(process, folder, write, boxed=found is not None and found.bwrap is not None)
    except BaseException:
        remove_folder(folder)
        raise
