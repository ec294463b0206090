"""Running a player's program with limits, in a folder of its own, so that it can break nothing
but its own game.

On POSIX systems the program is started by a small supervisor, this module run as
``python -m nimarcade.players.sandbox --cpu S --memory MB --watch FD -- COMMAND...``:

- the program gets CPU-time, memory, file-size and core-dump limits (``setrlimit``), a working
  folder of its own (a fresh temporary folder, removed afterwards), and its own process group;
- the supervisor holds the read end of a pipe whose write end only the game holds: when the game
  ends, however it ends (a crash, a kill, the window closed), the pipe closes, and the supervisor
  kills the program's whole group at once. A program that hangs or sleeps never outlives the game.

The program's standard input, output and error are the supervisor's own (it relays nothing). Its
exit status comes back as the supervisor's: the program's code, or 128 + the signal that ended it
(SIGXCPU: it used up its CPU time).

Elsewhere (Windows) the program runs in its own folder, without these limits, and is killed when
its game ends.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

POSIX = os.name == "posix"
#: The folder that holds the nimarcade package.
PACKAGE_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Limits:
    """``cpu``: CPU seconds for the whole game (None: no limit); ``memory``: megabytes of address
    space (None: none, for a Java virtual machine that reserves a lot up front); ``files``:
    megabytes a program may write."""

    cpu: int | None = 600
    memory: int | None = 1024
    files: int = 16


@dataclass
class Sandboxed:
    """A started program: its process (the supervisor's, on POSIX), its folder, and the pipe end
    that keeps it alive."""

    process: subprocess.Popen
    folder: Path
    lifeline: int | None

    def kill(self, wait: bool = True) -> None:
        """End the program and its group now, and remove its folder (``wait=False``: the process
        is reaped and the folder removed on a thread, so the caller never waits)."""
        if self.lifeline is not None:
            try:
                os.close(self.lifeline)     # the supervisor would kill the group...
            except OSError:
                pass
            self.lifeline = None
            try:
                os.killpg(self.process.pid, signal.SIGKILL)   # ...but don't wait for it to
            except OSError:
                pass
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
        shutil.rmtree(self.folder, ignore_errors=True)


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


def start(command: Sequence[str], limits: Limits, env: dict[str, str] | None = None) -> Sandboxed:
    """Start ``command`` in a fresh folder, under ``limits``; its pipes are text, line by line.
    OSError when it can't start (no such program)."""
    folder = Path(tempfile.mkdtemp(prefix="nimarcade-player-"))
    env = dict(os.environ if env is None else env)
    # the supervisor and a Python player's host import this package, from anywhere
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(PACKAGE_ROOT), env.get("PYTHONPATH"))))
    # a Python player's host speaks the player's language (its messages on the error output)
    from nimarcade import i18n

    env["NIMARCADE_LANG"] = i18n.language()
    pipes = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                 encoding="utf-8", errors="replace", bufsize=1, cwd=folder, env=env)
    try:
        if not POSIX:
            flags = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
            return Sandboxed(subprocess.Popen(list(command), creationflags=flags, **pipes), folder, None)
        problem = cannot_start(command[0])
        if problem is not None:
            raise CannotStart(problem, command[0])
        read, write = os.pipe()
        os.set_inheritable(read, True)
        supervisor = [sys.executable, "-m", "nimarcade.players.sandbox", "--cpu", str(limits.cpu or 0),
                      "--memory", str(limits.memory or 0), "--files", str(limits.files), "--watch", str(read),
                      "--", *command]
        try:
            process = subprocess.Popen(supervisor, pass_fds=(read,), start_new_session=True, **pipes)
        finally:
            os.close(read)
        return Sandboxed(process, folder, write)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


# -- the supervisor (in the program's process group) -----------------------------------------------
def _limit(cpu: int, memory: int, files: int) -> None:
    """In the program's process, just before it starts."""
    import resource

    if cpu:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    if memory:
        size = memory * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    size = files * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def supervise(argv: Sequence[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m nimarcade.players.sandbox")
    ap.add_argument("--cpu", type=int, default=0)
    ap.add_argument("--memory", type=int, default=0)
    ap.add_argument("--files", type=int, default=16)
    ap.add_argument("--watch", type=int, required=True)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    ns = ap.parse_args(argv)
    command = ns.command[1:] if ns.command[:1] == ["--"] else ns.command
    try:
        child = subprocess.Popen(command, preexec_fn=lambda: _limit(ns.cpu, ns.memory, ns.files))
    except OSError as exc:
        print(f"{command[0]}: {exc.strerror}", file=sys.stderr, flush=True)
        return 127

    def end_all(*_args: object) -> None:
        try:
            os.killpg(os.getpgrp(), signal.SIGKILL)   # the program, whatever it started, and this
        finally:
            os._exit(137)

    def watch() -> None:
        try:
            while os.read(ns.watch, 64):
                pass
        except OSError:
            pass
        end_all()                                     # the game is gone

    signal.signal(signal.SIGTERM, end_all)
    threading.Thread(target=watch, daemon=True).start()
    code = child.wait()
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    sys.exit(supervise(sys.argv[1:]))
