"""Running a player's program locked in a box, so that it can break nothing but its own game.

On Linux with bubblewrap (``bwrap``, the sandbox Flatpak uses; :mod:`.isolation` says whether it
is there), a program runs in a **box**:

- it sees the system's programs and libraries (``/usr``, ``/etc`` without its secrets), this
  Python and the ``nimarcade`` package, and the files it was given (its own ``.py`` file or its
  folder, its executable), all **read-only**; it writes only in its own empty working folder and a
  private ``/tmp``, both gone after the game. It can't see the data folder, the config folder,
  the home folder, other players' files or the results being written;
- no network, its own user (without any capability), PID, IPC and UTS namespaces and its own
  session: it can't see or signal any process of the machine, and when the box ends every
  process started in it ends too, ``setsid`` or not;
- an environment built from nothing (:func:`box_environment`): PATH, the language, what the
  Python host needs; nothing of the teacher's;
- limits for the **whole box**: memory and the number of tasks (processes and threads) by a
  control group of its own where the kernel lets us make one (:mod:`.cgroups`), CPU time read
  from that group; elsewhere a per-process memory limit and a watchdog that counts the box's
  processes, their memory and their CPU time (docs/PROTOCOL.md says which holds where).

Without bubblewrap (macOS, Windows, or not installed) the program runs with per-process limits
(``setrlimit``) in a folder of its own, in its own process group, as before; every command says
so once (:func:`nimarcade.players.isolation.announce`).

Either way the program is started by a small supervisor (:mod:`.supervisor`, a process of its
own in a session of its own): it holds the read end of a pipe whose write end only the game holds;
when the game ends, however it ends (a crash, a kill, the window closed), the pipe closes and the
supervisor ends the box at once. Its exit status is the program's: its code, 128 + the signal that
ended it, 128 + SIGXCPU when the box used up its CPU time, :data:`MEMORY_EXIT` when it used more
than its memory, :data:`TASKS_EXIT` when it started more processes than allowed.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import site
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from nimarcade.players import supervisor

POSIX = os.name == "posix"
#: The folder that holds the nimarcade package.
PACKAGE_ROOT = Path(__file__).resolve().parents[2]
#: Exit codes of the supervisor for a box that broke its limits (its own, said here too).
MEMORY_EXIT, TASKS_EXIT, CPU_EXIT = supervisor.MEMORY_EXIT, supervisor.TASKS_EXIT, supervisor.CPU_EXIT
#: Prefix of the working folders (a start-up sweep removes those whose game is gone).
FOLDER_PREFIX = "nimarcade-player-"
#: System folders every box sees read-only (those that exist here).
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt")
#: Files of /etc a box never reads (hidden behind an empty file).
SECRETS = ("/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers",
           "/etc/ssh", "/etc/ssl/private")
#: The user a program is inside its box (nobody), without any capability.
BOX_UID = 65534
#: Set to a non-empty value, boxes are made without control groups (the watchdog's limits alone:
#: what a machine without delegated cgroups gets; its tests use it).
NO_CGROUPS_VARIABLE = "NIMARCADE_NO_CGROUPS"


@dataclass(frozen=True)
class Limits:
    """``cpu``: CPU seconds for the whole game, all the box's processes together (None: no
    limit); ``memory``: megabytes for the whole box (None: none, for a Java virtual machine that
    reserves a lot up front; per process where no control group can be made); ``files``:
    megabytes a program may write in a file; ``tasks``: processes and threads the box may hold
    at once (a Java VM starts a few dozen threads)."""

    cpu: int | None = 600
    memory: int | None = 1024
    files: int = 16
    tasks: int = 128


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


class CannotStart(OSError):
    """The program can't be started; ``why`` says why: ``missing`` (no such file, nor a command
    on the PATH), ``directory``, ``not_executable``, ``not_a_program``."""

    def __init__(self, why: str, program: str) -> None:
        super().__init__(why, program)
        self.why, self.program = why, program


def cannot_start(word: str) -> str | None:
    """Why the program ``word`` (a path, or a command found on the PATH) can't start, or None."""
    if os.sep not in word and (not os.altsep or os.altsep not in word):
        return None if shutil.which(word) is not None else "missing"
    path = Path(word)
    if path.is_dir():
        return "directory"
    if not path.exists():
        return "missing"
    if POSIX and not os.access(path, os.X_OK):
        return "not_executable"
    return None


def reason_of(exc: OSError) -> str:
    """The reason of an OSError from starting a program, as :class:`CannotStart` names it."""
    import errno

    if isinstance(exc, CannotStart):
        return exc.why
    return {errno.ENOENT: "missing", errno.EACCES: "not_executable", errno.EISDIR: "directory",
            errno.ENOEXEC: "not_a_program"}.get(exc.errno or 0, "other")


# -- what a box sees ---------------------------------------------------------------------------------
def python_paths() -> list[Path]:
    """What a Python program needs to see to run this Python and import nimarcade: the prefixes,
    the site-packages, the package itself and its shipped levels (never the folder around it,
    nor the player's own levels and data)."""
    from nimarcade.core.resources import data_dir

    found = [Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix),
             Path(os.path.realpath(sys.executable)).parent, PACKAGE_ROOT / "nimarcade", data_dir("levels")]
    try:
        found += [Path(p) for p in site.getsitepackages()]
    except AttributeError:
        pass
    return found


def shared_paths(command: Sequence[str], share: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The paths a box shows read-only beyond the system's: Python's, the program's executable,
    every argument that names an existing path, and ``share`` (a player's file or folder)."""
    found = python_paths() + [Path(p) for p in share]
    for word in command:
        if os.sep in word and Path(word).exists():
            found.append(Path(word))
    kept: list[Path] = []
    for path in found:
        try:
            real = Path(os.path.realpath(path))
        except OSError:
            continue
        if not real.exists() or any(str(real) == s or str(real).startswith(s + "/") for s in SYSTEM):
            continue
        for candidate in (Path(os.path.abspath(path)), real):
            if candidate not in kept:
                kept.append(candidate)
    # a path inside another one shown is shown with it (bwrap can't make a mount point in a
    # read-only folder); parents first
    kept.sort(key=lambda p: len(p.parts))
    outer: list[Path] = []
    for path in kept:
        if not any(path == o or o in path.parents for o in outer):
            outer.append(path)
    return outer


def box_environment(folder: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """A box's environment, built from nothing: what a program needs to run and nothing of the
    teacher's (no config folder, no tokens, no home)."""
    from nimarcade import i18n

    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(folder),
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONPATH": str(PACKAGE_ROOT),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONNOUSERSITE": "1",
        "NUMBA_CACHE_DIR": "/tmp/numba",
        "NIMARCADE_LANG": i18n.language(),
    }
    if "VIRTUAL_ENV" in os.environ:
        env["VIRTUAL_ENV"] = sys.prefix
    env.update(extra or {})
    return env


def open_environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    """Without a box: the process's environment less Nim Arcade's own variables (its config and
    data folders), plus what the Python host needs."""
    from nimarcade import i18n

    env = {k: v for k, v in os.environ.items() if not k.startswith("NIMARCADE_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(PACKAGE_ROOT), env.get("PYTHONPATH"))))
    env["NIMARCADE_LANG"] = i18n.language()
    env.update(extra or {})
    return env


def bwrap_arguments(bwrap: str, folder: Path, shared: Sequence[Path], env: dict[str, str]) -> list[str]:
    """bubblewrap's command line for a box whose working folder is ``folder``."""
    args = [bwrap, "--unshare-all", "--unshare-user", "--uid", str(BOX_UID), "--gid", str(BOX_UID),
            "--cap-drop", "ALL", "--die-with-parent", "--new-session", "--hostname", "nimarcade-box",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    for name in SYSTEM:
        path = Path(name)
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), name]
        elif path.is_dir():
            args += ["--ro-bind", name, name]
    for name in SECRETS:
        if os.path.lexists(name):
            args += (["--tmpfs", name] if os.path.isdir(name) else ["--ro-bind", "/dev/null", name])
    for path in shared:
        args += ["--ro-bind", str(path), str(path)]
    args += ["--bind", str(folder), str(folder), "--chdir", str(folder), "--clearenv"]
    for key, value in env.items():
        args += ["--setenv", key, value]
    return args


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
        problem = cannot_start(command[0])
        if problem is not None:
            raise CannotStart(problem, command[0])
        found = isolation() if boxed else None
        # -S: the supervisor needs no site-packages (the package is on PYTHONPATH, open_environment)
        supervising = [sys.executable, "-S", "-m", "nimarcade.players.supervisor", "--cpu", str(limits.cpu or 0),
                      "--memory", str(limits.memory or 0), "--files", str(limits.files),
                      "--tasks", str(limits.tasks)]
        words = list(command)
        if found is not None and found.bwrap is not None:
            words[0] = shutil.which(words[0]) or words[0]
            words[0] = os.path.abspath(words[0])
            folder.chmod(0o777)             # the box's user (nobody) writes in it
            inner = box_environment(folder, env)
            box = {"argv": bwrap_arguments(found.bwrap, folder, shared_paths(words, share), inner)}
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
