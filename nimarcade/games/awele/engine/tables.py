"""Bigger Awélé endgame tables, built on the player's machine the first time Awélé is played.

The game ships tables up to 12 seeds (1.5 MB a rule, :mod:`.endgame`). Tables up to
:data:`TARGET` seeds are seven times that size, so instead of shipping them the game builds
them once, in the background: the first time an Awélé screen opens, :func:`start` launches
``python -m nimarcade.games.awele.tools.build_tables`` as a separate, low-priority process (the compiled core's
retrograde analysis, both rules). Meanwhile the engine plays with the shipped tables; when the
files are written, the levels load them in a thread of their own (``Tables(wait=False)``) and
use them from the next search on. Nothing waits for the build, and nothing breaks without it:

* a lock file keeps to one builder, however many workers or windows ask;
* the files are written whole (a temporary file, then renamed), so a build stopped half-way
  (the machine switched off, the process killed) leaves no damaged table, only a restart;
* it is not started without the compiled core (the pure-Python builder would take hours), with
  too little free memory (:data:`NEED_MB`), or when ``NIMARCADE_NO_TABLE_BUILD`` is set;
* :func:`status` tells the help screen where it is: ready, building (with a fraction),
  missing, or why not.

``python -m nimarcade.games.awele.tools.build_tables [--max-seeds N] [--variant V]`` builds in the foreground,
printing its progress. Measured (docs/BENCHMARKS.md): 15 seeds, 10.6 MB a rule, about 50 s of one
core a rule. Never imports pygame.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from nimarcade.games.awele.engine import endgame as awele_endgame
from nimarcade.games.awele.engine.endgame import layer_size, user_dir, user_path

#: The seed count of the tables this module builds by default (the command line).
TARGET = 15
#: The tables levels 3 and 4 use. Above the shipped 12 seeds, the game builds them on first use
#: (:func:`start`) and the levels switch to them once built. Measured, 15 seeds did not pay
#: (docs/BENCHMARKS.md: most of their boards' values depend on the game's history under the
#: repetition rule, so a probe seldom decides, and it costs a memory access at every node), so
#: the levels keep the shipped tables and the game builds nothing.
LEVEL_SEEDS = 12
#: Set to 1 to never build them (a shared classroom machine, a slow disk).
NO_BUILD_ENV = "NIMARCADE_NO_TABLE_BUILD"
#: Free memory the 15-seed build needs (its peak was measured at 0.6 GB), in MB.
NEED_MB = 900
VARIANTS = ("forbidden", "capture_nothing")


class Busy(RuntimeError):
    """Another process is building the same tables."""


@dataclass(frozen=True)
class BuildStatus:
    state: str          # "shipped", "ready", "building", "missing", "unavailable", "failed"
    fraction: float     # how much of the build is done (0 to 1), while building
    reason: str = ""    # why not (unavailable, failed), in English: the scene shows its own words
    seeds: int = TARGET
    why: str = ""       # the reason's code: "env", "core", "memory", "failed"


def progress_path(max_seeds: int = TARGET) -> Path:
    return user_dir() / f"build-{max_seeds}.json"


def lock_path(max_seeds: int = TARGET) -> Path:
    return user_dir() / f"build-{max_seeds}.lock"


def built(max_seeds: int = TARGET, variants=VARIANTS) -> bool:
    """True when every rule's table is on disk."""
    return all(user_path(v, max_seeds).is_file() for v in variants)


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True   # exists, owned by someone else (or no way to tell: assume it runs)
    return True


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    os.replace(tmp, path)


def status(max_seeds: int | None = None) -> BuildStatus:
    """Where the build of the levels' tables (or of ``max_seeds``) is, read from the disk (cheap:
    a stat or two and a small JSON file); "shipped" when the levels need no build."""
    if max_seeds is None:
        max_seeds = LEVEL_SEEDS
    if max_seeds <= awele_endgame.DEFAULT_MAX_SEEDS:
        return BuildStatus("shipped", 1.0, seeds=awele_endgame.DEFAULT_MAX_SEEDS)
    if built(max_seeds):
        return BuildStatus("ready", 1.0, seeds=max_seeds)
    info = _read_json(progress_path(max_seeds))
    pid = info.get("pid")
    if info.get("state") == "building" and isinstance(pid, int) and _alive(pid):
        try:
            fraction = min(1.0, max(0.0, float(info.get("fraction", 0.0))))
        except (TypeError, ValueError):
            fraction = 0.0
        return BuildStatus("building", fraction, seeds=max_seeds)
    if info.get("state") == "failed":
        return BuildStatus("failed", 0.0, str(info.get("reason", "")), seeds=max_seeds, why="failed")
    return BuildStatus("missing", 0.0, seeds=max_seeds)


def free_memory_mb() -> int | None:
    """Memory available to a new process, in MB, or None when the system does not say."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2 ** 20
    except (AttributeError, ValueError, OSError):
        return None


def why_not() -> tuple[str, str]:
    """Why this machine should not build the tables now: ("", "") when it can, else a code
    ("env", "core", "memory": the help screen's words) and the reason in English."""
    if os.environ.get(NO_BUILD_ENV, "").strip() not in ("", "0"):
        return "env", f"{NO_BUILD_ENV} is set"
    from nimarcade.games.awele.engine import core as awele_core

    core = awele_core.status()
    if core.state in ("disabled", "missing", "failed"):
        return "core", "the compiled core is not available: " + core.reason
    free = free_memory_mb()
    if free is not None and free < NEED_MB:
        return "memory", f"{free} MB of free memory, {NEED_MB} MB needed"
    return "", ""


#: A failed build is tried again after this many seconds (not at every game).
RETRY_AFTER = 24 * 3600


def _take_lock(path: Path) -> bool:
    """Create the lock file with our pid; a lock whose builder is gone is taken over."""
    for _attempt in range(2):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                pid = int(path.read_text(encoding="ascii").strip() or 0)
            except (OSError, ValueError):
                pid = 0
            if _alive(pid):
                return False
            try:
                path.unlink()
            except OSError:
                return False
            continue
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(str(os.getpid()))
        return True
    return False


#: The builder's command (its own process, below the game's priority): :mod:`..tools.build_tables`.
BUILDER = "nimarcade.games.awele.tools.build_tables"


def start(max_seeds: int | None = None, *, spawn: Callable[..., object] = subprocess.Popen) -> BuildStatus:
    """Start building the levels' tables (or those of ``max_seeds``) in the background unless they
    are shipped, built, being built, or this machine should not (:func:`why_not`). Returns at
    once; never raises for a disk or process problem (the game then keeps its shipped tables)."""
    now = status(max_seeds)
    if now.state in ("shipped", "ready", "building"):
        return now
    max_seeds = now.seeds
    if now.state == "failed":
        when = _read_json(progress_path(max_seeds)).get("time")
        if isinstance(when, (int, float)) and 0 <= time.time() - when < RETRY_AFTER:
            return now
    code, reason = why_not()
    if code:
        return BuildStatus("unavailable", 0.0, reason, max_seeds, code)
    cmd = [sys.executable, "-m", BUILDER, "--max-seeds", str(max_seeds), "--quiet"]
    kwargs: dict = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL,
                    "cwd": str(Path(__file__).resolve().parents[4])}
    if os.name == "nt":  # pragma: no cover - Windows only
        kwargs["creationflags"] = getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0)
    else:
        kwargs["start_new_session"] = True   # Ctrl+C in the game's terminal does not cut it short
    try:
        user_dir().mkdir(parents=True, exist_ok=True)
        spawn(cmd, **kwargs)
    except OSError as exc:
        return BuildStatus("unavailable", 0.0, f"could not start the build ({exc})", max_seeds, "failed")
    return BuildStatus("building", 0.0, seeds=max_seeds)


def build(max_seeds: int = TARGET, variants=VARIANTS, progress: Callable[[float, str], None] | None = None) -> list[Path]:
    """Build the tables now (this process), each written whole into :func:`user_dir`.

    The progress file says how far it is (boards solved so far over the boards of every layer of
    every rule) for :func:`status`; a lock file keeps other builders out. Raises RuntimeError
    when another builder holds the lock or the compiled core is unavailable."""
    from nimarcade.games.awele.engine import core as awele_core

    folder = user_dir()
    folder.mkdir(parents=True, exist_ok=True)
    lock = lock_path(max_seeds)
    if not _take_lock(lock):
        raise Busy("another build of the endgame tables is running")
    ppath = progress_path(max_seeds)
    written: list[Path] = []
    try:
        if not awele_core.load(block=True).active:
            raise RuntimeError("the compiled core is not available: " + awele_core.status().reason)
        todo = [v for v in variants if not user_path(v, max_seeds).is_file()]
        layers = [layer_size(n) for n in range(1, max_seeds + 1)]
        total = max(1, sum(layers) * len(todo))
        done = 0
        last = [0.0]

        def report(fraction: float, line: str) -> None:
            now = time.monotonic()
            if fraction >= 1.0 or now - last[0] >= 0.5:
                last[0] = now
                _write_json(ppath, {"state": "building", "pid": os.getpid(), "fraction": round(fraction, 4),
                                    "seeds": max_seeds})
            if progress is not None:
                progress(fraction, line)

        report(0.0, "start")
        for variant in todo:
            layer = [0]

            def step(line: str, variant: str = variant) -> None:
                nonlocal done
                done += layers[layer[0]]
                layer[0] += 1
                report(done / total, line)

            table = awele_endgame.build_compiled(max_seeds, variant, progress=step)
            path = user_path(variant, max_seeds)
            tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
            tmp.write_bytes(table.to_bytes())
            os.replace(tmp, path)
            written.append(path)
            del table
        _write_json(ppath, {"state": "done", "pid": os.getpid(), "fraction": 1.0, "seeds": max_seeds})
    except Exception as exc:
        try:
            _write_json(ppath, {"state": "failed", "pid": os.getpid(), "reason": f"{type(exc).__name__}: {exc}",
                                "seeds": max_seeds, "time": time.time()})
        except OSError:
            pass
        raise
    finally:
        try:
            lock.unlink()
        except OSError:
            pass
    return written
