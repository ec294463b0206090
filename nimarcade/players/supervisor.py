"""The supervisor: the small process that starts a player's program under its limits (in its box,
where :mod:`.sandbox` found one) and ends it with the game.

Run as ``python -S -m nimarcade.players.supervisor --cpu S --memory MB --tasks N --watch FD
[--box JSON] -- COMMAND...`` by :func:`nimarcade.players.sandbox.start`, once for every game of
every program: it imports only what supervising needs (the standard library's process tools, and
:mod:`.cgroups` for a box), not the sandbox's own start-up code (its start 66 -> 40 ms of CPU:
docs/BENCHMARKS.md, « The test suite's time, 2026-11-29 (cf7e60a) »). It holds the read end of a
pipe whose write end only the game holds; when the game ends, however it ends (a crash, a kill,
the window closed), the pipe closes and the supervisor ends the box at once. Its exit status is
the program's: its code, 128 + the signal that ended it, :data:`CPU_EXIT` when the box used up its
CPU time, :data:`MEMORY_EXIT` when it used more than its memory (its tmpfs folders included),
:data:`TASKS_EXIT` when it held more tasks (processes and threads) than allowed: a fork bomb is
named as one, the number of tasks looked at before the memory its copies add up. ``--box`` holds
bubblewrap's command line, the ``launcher`` words put before the program (:func:`.sandbox.launcher`)
and the box's ``tmpfs`` folders (the watchdog counts what they hold).
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
from typing import Any, Sequence

#: Exit codes of the supervisor for a box that broke its limits (beyond any 128 + signal).
MEMORY_EXIT, TASKS_EXIT = 201, 202
CPU_EXIT = 128 + 24                       # SIGXCPU, as the kernel's own CPU limit says it
#: Seconds between two looks of the watchdog at the box's CPU time, memory and processes.
WATCH_EVERY = 0.05


def _limit(cpu: int, memory: int, files: int) -> None:
    """Per-process limits, in the program's process (or bwrap's, inherited by the box) just
    before it starts; ``memory`` 0: none (a control group holds it)."""
    import resource

    if cpu:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    if memory:
        size = memory * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    size = files * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class Watchdog:
    """The box's processes seen from outside, where no control group holds the box: its first
    process and **every descendant** of it (a nested PID namespace hides nothing: its processes
    are descendants too), with their **threads** (each a task, as the kernel counts them), their
    memory, the bytes written in the box's tmpfs folders (``tmpfs``: their paths inside the box,
    read through ``/proc/FIRST/root``) and their CPU time."""

    def __init__(self, first: int, tmpfs: Sequence[str] = ()) -> None:
        self.first = first
        self.tmpfs = [f"/proc/{first}/root{path}" for path in tmpfs]
        self.cpu_done = 0.0
        self.seen: dict[int, float] = {}
        self.ticks = os.sysconf("SC_CLK_TCK")
        self.page = os.sysconf("SC_PAGE_SIZE")
        #: /proc/PID/task/TID/children (a kernel built without it: the whole /proc is read)
        self.children_files = os.path.exists(f"/proc/{first}/task/{first}/children")

    def processes(self) -> list[int]:
        """The box's first process and its descendants (each once; a process that forks or ends
        meanwhile is seen at the next look)."""
        if not self.children_files:
            return self._descendants_by_parent()
        found: list[int] = []
        seen: set[int] = set()
        todo = [self.first]
        while todo:
            pid = todo.pop()
            if pid in seen:
                continue
            seen.add(pid)
            try:
                tasks = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            found.append(pid)
            for tid in tasks:
                try:
                    with open(f"/proc/{pid}/task/{tid}/children", "rb") as f:
                        todo.extend(int(c) for c in f.read().split())
                except (OSError, ValueError):
                    continue
        return found

    def _descendants_by_parent(self) -> list[int]:
        parents: dict[int, list[int]] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat", "rb") as f:
                        ppid = int(f.read().rsplit(b")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                parents.setdefault(ppid, []).append(int(entry))
        found, todo = [], [self.first]
        while todo:
            pid = todo.pop()
            found.append(pid)
            todo.extend(parents.get(pid, ()))
        return found

    def _stat(self, pid: int) -> tuple[float, int, int]:
        """CPU seconds, resident bytes and threads of one process (0s when it is gone)."""
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            return ((int(fields[11]) + int(fields[12])) / self.ticks, int(fields[21]) * self.page,
                    int(fields[17]))
        except (OSError, IndexError, ValueError):
            return 0.0, 0, 0

    def written(self) -> int:
        """Bytes held by the box's tmpfs folders (its /tmp, /dev/shm and working folder): memory
        too, that no process's resident size shows."""
        total = 0
        for path in self.tmpfs:
            try:
                st = os.statvfs(path)
            except OSError:
                continue
            total += (st.f_blocks - st.f_bfree) * st.f_frsize
        return total

    def shared_memory(self) -> int:
        """The box's memory with the pages its processes share counted once (their proportional
        sizes, ``Pss`` of ``/proc/PID/smaps_rollup``) and its tmpfs folders: what :meth:`look`'s
        resident sizes overcount when a process forks (a fork bomb of a 35 MB interpreter
        passed 256 MB by its resident sizes at 8 copies, though its copies share their pages, and
        was said to use too much memory instead of too many processes). Read only when the
        resident sizes pass the limit (it costs a walk of each process's memory map)."""
        total = 0
        for pid in self.processes():
            try:
                with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
                    for line in f:
                        if line.startswith(b"Pss:"):
                            total += int(line.split()[1]) * 1024
                            break
            except (OSError, ValueError, IndexError):
                total += self._stat(pid)[1]           # no smaps_rollup (an old kernel): its resident size
        return total + self.written()

    def look(self) -> tuple[int, int, float]:
        """(tasks: processes and threads, bytes of memory: resident and in its tmpfs, CPU seconds
        so far, the gone processes' included)."""
        pids = self.processes()
        resident, tasks, now = 0, 0, {}
        for pid in pids:
            cpu, rss, threads = self._stat(pid)
            now[pid] = cpu
            resident += rss
            tasks += threads
        for pid, cpu in self.seen.items():
            if pid not in now:
                self.cpu_done += cpu
        self.seen = now
        return tasks, resident + self.written(), self.cpu_done + sum(now.values())


def supervise(argv: Sequence[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m nimarcade.players.supervisor")
    ap.add_argument("--cpu", type=int, default=0)
    ap.add_argument("--memory", type=int, default=0)
    ap.add_argument("--files", type=int, default=16)
    ap.add_argument("--tasks", type=int, default=0)
    ap.add_argument("--box", default="")
    ap.add_argument("--no-cgroups", action="store_true")
    ap.add_argument("--watch", type=int, required=True)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    ns = ap.parse_args(argv)
    command = ns.command[1:] if ns.command[:1] == ["--"] else ns.command
    if not ns.box:
        return _supervise_open(ns, command)
    return _supervise_box(ns, command, json.loads(ns.box))


def _watch_lifeline(fd: int, end: Any) -> None:
    def watch() -> None:
        try:
            while os.read(fd, 64):
                pass
        except OSError:
            pass
        end()                                         # the game is gone

    threading.Thread(target=watch, daemon=True).start()


def _supervise_open(ns: argparse.Namespace, command: list[str]) -> int:
    """No box: the program in this process group, per-process limits, killed with its group."""
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

    signal.signal(signal.SIGTERM, end_all)
    _watch_lifeline(ns.watch, end_all)
    code = child.wait()
    return 128 - code if code < 0 else code


def _supervise_box(ns: argparse.Namespace, command: list[str], box: dict[str, Any]) -> int:
    """The program in a bubblewrap box, in a control group of its own where one can be made."""
    from nimarcade.players import cgroups

    group = None if ns.no_cgroups else cgroups.create(f"box-{os.getpid()}-{os.urandom(4).hex()}",
                                                      ns.memory or None, ns.tasks or None)
    info_read, info_write = os.pipe()
    argv = list(box["argv"])
    argv[1:1] = ["--info-fd", str(info_write)]
    passed = [info_write]
    if box.get("seccomp"):                            # bubblewrap reads the filter from a pipe
        filter_read, filter_write = os.pipe()
        os.write(filter_write, bytes.fromhex(box["seccomp"]))
        os.close(filter_write)
        argv[1:1] = ["--seccomp", str(filter_read)]
        passed.append(filter_read)
    # without a group: memory per process (the watchdog adds them up); with one: the group's limit
    per_process_memory = 0 if group is not None else ns.memory

    def prepare() -> None:
        if group is not None:
            with open(group.folders["memory"] / "cgroup.procs", "w") as f:
                f.write(str(os.getpid()))
            for role in ("pids", "cpu"):
                if group.folders[role] != group.folders["memory"]:
                    with open(group.folders[role] / "cgroup.procs", "w") as f:
                        f.write(str(os.getpid()))
        _limit(ns.cpu, per_process_memory, ns.files)

    try:
        child = subprocess.Popen([*argv, "--", *box.get("launcher", ()), *command], preexec_fn=prepare,
                                 pass_fds=passed)
    except (OSError, subprocess.SubprocessError) as exc:
        for fd in passed:
            os.close(fd)
        if group is not None:
            group.remove()
        print(f"{command[0]}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr, flush=True)
        return 127
    for fd in passed:
        os.close(fd)
    ended = threading.Event()
    verdict: list[int] = []

    def end_box(code: int | None = None) -> None:
        if code is not None and not verdict:
            verdict.append(code)
        try:
            child.kill()                              # bwrap: its box dies with it (die-with-parent)
        except OSError:
            pass
        if group is not None:
            group.kill_all()
        ended.set()

    def on_term(*_args: object) -> None:
        end_box()

    signal.signal(signal.SIGTERM, on_term)
    _watch_lifeline(ns.watch, end_box)
    first = _first_pid(info_read)
    watchdog = Watchdog(first, box.get("tmpfs", ())) if first else None

    # the number of tasks first: a fork bomb is named as one, not by the memory its copies add up
    def watch_limits() -> None:
        while not ended.wait(WATCH_EVERY):
            if group is not None:
                if group.hit_task_limit():            # a fork or a thread refused: over its limit
                    end_box(TASKS_EXIT)
                elif ns.cpu and group.cpu_seconds() > ns.cpu:
                    end_box(CPU_EXIT)
                elif group.out_of_memory():
                    end_box(MEMORY_EXIT)
                continue
            if watchdog is None:
                continue
            tasks, memory, cpu = watchdog.look()
            if ns.tasks and tasks > ns.tasks:
                end_box(TASKS_EXIT)
            elif ns.cpu and cpu > ns.cpu:
                end_box(CPU_EXIT)
            elif ns.memory and memory > ns.memory * 1024 * 1024 and watchdog.shared_memory() > ns.memory * 1024 * 1024:
                end_box(MEMORY_EXIT)

    threading.Thread(target=watch_limits, daemon=True).start()
    code = child.wait()
    if group is not None and not verdict and code != 0:
        if group.hit_task_limit():
            verdict.append(TASKS_EXIT)
        elif group.out_of_memory():
            verdict.append(MEMORY_EXIT)
    ended.set()
    if group is not None:
        group.kill_all()
        group.remove()
    if verdict:
        return verdict[0]
    return 128 - code if code < 0 else code


def _first_pid(fd: int) -> int | None:
    """The box's first process (its PID namespace's init), from bwrap's ``--info-fd``."""
    data = b""
    try:
        while not data.rstrip().endswith(b"}"):
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    finally:
        os.close(fd)
    try:
        return int(json.loads(data.decode())["child-pid"])
    except (ValueError, KeyError):
        return None


if __name__ == "__main__":
    sys.exit(supervise(sys.argv[1:]))
