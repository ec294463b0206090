"""Limits for a whole box, not per process: a control group (cgroup) of its own for each player's
program, with a memory limit, a cap on the number of tasks (processes and threads) and the CPU
time it used, read by the supervisor (:mod:`nimarcade.players.supervisor`).

Two kinds of kernels are served: cgroup v1 (a hierarchy per controller: ``memory``, ``pids``,
``cpuacct``) and cgroup v2 (one hierarchy, where a program may make groups only under a folder it
was delegated). A group is made under the supervisor's own group, in a folder ``nimarcade``; where
that can't be done (no rights, no such controller), :func:`create` returns None and the sandbox
falls back to per-process limits and its watchdog (docs/PROTOCOL.md says which holds where).
Empty groups left by a supervisor that was killed are removed by the next one.
"""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
#: The folder under the supervisor's own group that holds the players' groups.
FOLDER = "nimarcade"


def _own_paths() -> dict[str, str]:
    """Controller (or "" for v2) -> this process's group path, from /proc/self/cgroup."""
    found: dict[str, str] = {}
    try:
        text = Path("/proc/self/cgroup").read_text(encoding="utf-8")
    except OSError:
        return found
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        for controller in parts[1].split(","):
            found[controller] = parts[2]
    return found


def _write(path: Path, value: str) -> None:
    path.write_text(value, encoding="ascii")


def _sweep(parent: Path) -> None:
    """Remove the groups that killed supervisors left: those named ``box-<pid>-...`` whose
    supervisor is gone (a group just made by a living one, still empty, is left alone; a group
    still in use can't be removed anyway)."""
    try:
        children = list(parent.iterdir())
    except OSError:
        return
    for child in children:
        parts = child.name.split("-")
        if len(parts) < 3 or parts[0] != "box" or not parts[1].isdigit():
            continue
        try:
            os.kill(int(parts[1]), 0)
            continue                        # its supervisor lives
        except ProcessLookupError:
            pass
        except OSError:
            continue
        try:
            child.rmdir()
        except OSError:
            pass


class Group:
    """The groups of one box: ``folders`` by role (``memory``, ``pids``, ``cpu``); the same folder
    three times under cgroup v2. (A plain class: the supervisor that uses it starts for every game
    of every program, and the dataclasses module alone was a fifth of its start.)"""

    __slots__ = ("folders", "version", "memory_mb", "tasks", "added")

    def __init__(self, folders: dict[str, Path], version: int, memory_mb: int | None, tasks: int | None) -> None:
        self.folders = folders
        self.version = version
        self.memory_mb = memory_mb
        self.tasks = tasks
        self.added: list[int] = []

    def __repr__(self) -> str:
        return f"Group(folders={self.folders!r}, version={self.version}, memory_mb={self.memory_mb}, tasks={self.tasks})"

    def add(self, pid: int) -> None:
        """Put ``pid`` (before it starts the program) in every group of the box."""
        for folder in set(self.folders.values()):
            _write(folder / "cgroup.procs", str(pid))
        self.added.append(pid)

    def cpu_seconds(self) -> float:
        """CPU time used by every process the box ever held."""
        folder = self.folders["cpu"]
        try:
            if self.version == 1:
                return int((folder / "cpuacct.usage").read_text()) / 1e9
            for line in (folder / "cpu.stat").read_text().splitlines():
                if line.startswith("usage_usec "):
                    return int(line.split()[1]) / 1e6
        except (OSError, ValueError):
            pass
        return 0.0

    def out_of_memory(self) -> bool:
        """Whether the kernel killed a process of the box for using more than its memory."""
        folder = self.folders["memory"]
        try:
            if self.version == 1:
                for line in (folder / "memory.oom_control").read_text().splitlines():
                    if line.startswith("oom_kill ") and int(line.split()[1]) > 0:
                        return True
                return False
            for line in (folder / "memory.events").read_text().splitlines():
                if line.startswith("oom_kill ") and int(line.split()[1]) > 0:
                    return True
        except (OSError, ValueError):
            pass
        return False

    def hit_task_limit(self) -> bool:
        """Whether a fork or a thread of the box was refused for passing its number of tasks."""
        try:
            for line in (self.folders["pids"] / "pids.events").read_text().splitlines():
                if line.startswith("max ") and int(line.split()[1]) > 0:
                    return True
        except (OSError, ValueError):
            pass
        return False

    def pids(self) -> list[int]:
        try:
            return [int(p) for p in (self.folders["pids"] / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return []

    def kill_all(self) -> None:
        """SIGKILL every process of the box, until none is left (a fork racing the kill too)."""
        if self.version == 2:
            try:
                _write(self.folders["pids"] / "cgroup.kill", "1")
            except OSError:
                pass
        for _ in range(50):
            left = self.pids()
            if not left:
                return
            for pid in left:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.01)

    def remove(self) -> None:
        """Remove the groups (once empty: the kernel takes a moment to empty them)."""
        for folder in set(self.folders.values()):
            for _ in range(100):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)


def create(name: str, memory_mb: int | None, tasks: int | None) -> Group | None:
    """The groups of a new box named ``name``, with its limits set; None where they can't be made."""
    try:
        if (ROOT / "cgroup.controllers").exists():
            return _create_v2(name, memory_mb, tasks)
        return _create_v1(name, memory_mb, tasks)
    except OSError:
        return None


def _create_v1(name: str, memory_mb: int | None, tasks: int | None) -> Group | None:
    own = _own_paths()
    folders: dict[str, Path] = {}
    made: list[Path] = []
    try:
        for role, controller in (("memory", "memory"), ("pids", "pids"), ("cpu", "cpuacct")):
            if controller not in own or not (ROOT / controller).is_dir():
                return None
            parent = ROOT / controller / own[controller].lstrip("/") / FOLDER
            parent.mkdir(exist_ok=True)
            _sweep(parent)
            folder = parent / name
            folder.mkdir()
            made.append(folder)
            folders[role] = folder
        if memory_mb:
            size = str(memory_mb * 1024 * 1024)
            _write(folders["memory"] / "memory.limit_in_bytes", size)
            swap = folders["memory"] / "memory.memsw.limit_in_bytes"
            if swap.exists():
                try:
                    _write(swap, size)          # no swap beyond the memory: the limit is the limit
                except OSError:
                    pass
        if tasks:
            _write(folders["pids"] / "pids.max", str(tasks))
    except OSError:
        for folder in made:
            try:
                folder.rmdir()
            except OSError:
                pass
        return None
    return Group(folders, 1, memory_mb, tasks)


def _create_v2(name: str, memory_mb: int | None, tasks: int | None) -> Group | None:
    own = _own_paths().get("")
    if own is None:
        return None
    parent = ROOT / own.lstrip("/") / FOLDER
    parent.mkdir(exist_ok=True)
    _sweep(parent)
    wanted = {"memory", "pids", "cpu"}
    if not wanted <= set((parent / "cgroup.controllers").read_text().split()):
        return None
    _write(parent / "cgroup.subtree_control", " ".join(f"+{c}" for c in sorted(wanted)))
    folder = parent / name
    folder.mkdir()
    try:
        if memory_mb:
            _write(folder / "memory.max", str(memory_mb * 1024 * 1024))
            try:
                _write(folder / "memory.swap.max", "0")
            except OSError:
                pass
        if tasks:
            _write(folder / "pids.max", str(tasks))
    except OSError:
        folder.rmdir()
        return None
    return Group({"memory": folder, "pids": folder, "cpu": folder}, 2, memory_mb, tasks)
