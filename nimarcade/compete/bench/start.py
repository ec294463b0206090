"""The window's start: ``python -m nimarcade.bench start [--quick]``.

The game is started in a fresh interpreter, as a player starts it, and timed from the launch to
its first frame on screen (the app writes ``first-frame <epoch seconds>`` to the file named by
:data:`~nimarcade.window.app.FIRST_FRAME_ENV` the moment that frame is flipped). Twice:

- **cold**: numba's compile cache is an empty folder (``NUMBA_CACHE_DIR``; the games' compiled
  cores would compile from nothing, tens of seconds), as on a fresh install;
- **warm**: the same folder once the games' warm-ups (:attr:`~nimarcade.core.registry.EngineSpec.warm_up`, run here in a
  child interpreter until each reports its end) have filled it, as on every later start.

The window opens in a virtual X display (Xvfb) when one can be started, else on SDL's dummy
driver (no window, the same code path: not ``--headless``, which starts no worker). The games'
own ``__pycache__`` of Python bytecode is left as it is. Between the cold and the warm runs the
suite also says how long the warm-ups took: the time the compiled cores need behind the window.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nimarcade.i18n import decimal, tr

#: Seconds a start may take before the suite gives up on it.
TIMEOUT = 180.0
#: Seconds the warm-ups may take to fill the cache.
FILL_TIMEOUT = 900.0

#: Run in a child interpreter: every game's warm-up, waited for until it reports its end.
FILL = """
import sys, threading
from nimarcade.core import registry
for spec in registry.specs():
    if spec.engine.warm_up is None:
        continue
    done = threading.Event()
    def publish(state, done=done):
        if state not in ("warming", "not loaded"):
            print(spec.id, state, flush=True)
            done.set()
    spec.engine.warm_up(publish)
    done.wait(float(sys.argv[1]))
"""


class Display:
    """Where the measured window opens: an Xvfb of its own (``.name`` = ":N"), or SDL's dummy
    driver (``.name`` = None) when Xvfb can't be found or started."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.name: str | None = None
        if shutil.which("Xvfb") is None:
            return
        read, write = os.pipe()
        try:
            self.proc = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            self.proc = None
        os.close(write)
        with os.fdopen(read, "r") as f:              # Xvfb writes its display once it is ready
            number = f.readline().strip() if self.proc is not None else ""
        if number.isdigit():
            self.name = f":{number}"
        else:
            self.close()

    def env(self) -> dict[str, str]:
        env = dict(os.environ, SDL_AUDIODRIVER="dummy")
        if self.name is None:
            env["SDL_VIDEODRIVER"] = "dummy"
        else:
            env["DISPLAY"] = self.name
            env.pop("SDL_VIDEODRIVER", None)
        return env

    def close(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(5)
            self.proc = None


def first_frame(display: Display, cache: Path, folder: Path) -> float | None:
    """Seconds from launching the game to its first frame (None: not within :data:`TIMEOUT`)."""
    from nimarcade.window.app import FIRST_FRAME_ENV

    marker = folder / f"first-frame-{time.monotonic_ns()}"
    env = display.env()
    env.update({FIRST_FRAME_ENV: str(marker), "NUMBA_CACHE_DIR": str(cache),
                "NIMARCADE_CONFIG_DIR": str(folder / "config")})
    start = time.time()
    proc = subprocess.Popen([sys.executable, "-m", "nimarcade", "--no-save"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.time() - start < TIMEOUT and proc.poll() is None:
            if marker.exists() and marker.read_text(encoding="utf-8").endswith("\n"):
                return float(marker.read_text(encoding="utf-8").split()[1]) - start
            time.sleep(0.01)                 # a bench polls the clock: never in a test
        return None
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def fill(cache: Path) -> float:
    """Seconds the games' warm-ups take to fill ``cache`` (the compile behind a cold start)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", FILL, str(FILL_TIMEOUT)], env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=FILL_TIMEOUT + 30, check=False)
    return time.perf_counter() - t0


def seconds(values: list[float | None]) -> str:
    """The median of the starts, and each one (« — » for a start that never showed a frame)."""
    shown = [v for v in values if v is not None]
    each = ", ".join(decimal(v, 2, trim=False) if v is not None else "—" for v in values)
    if not shown:
        return tr("bench.start_never", seconds=round(TIMEOUT), each=each)
    return tr("bench.start_seconds", median=decimal(statistics.median(shown), 2, trim=False), each=each)


def main(flags: list[str]) -> None:
    runs = 1 if "--quick" in flags else 3
    display = Display()
    try:
        where = tr("bench.start_xvfb", display=display.name) if display.name else tr("bench.start_dummy")
        print(tr("bench.start_title", runs=runs, where=where))
        colds: list[float | None] = []
        warms: list[float | None] = []
        compile_times: list[float] = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="nimarcade-start-") as name:
                folder = Path(name)
                cache = folder / "numba"
                cache.mkdir()
                colds.append(first_frame(display, cache, folder))
                compile_times.append(fill(cache))
                warms.append(first_frame(display, cache, folder))
        print(tr("bench.start_cold", seconds=seconds(colds)))
        print(tr("bench.start_compile", seconds=decimal(statistics.median(compile_times), 1, trim=False)))
        print(tr("bench.start_warm", seconds=seconds(warms)))
    finally:
        display.close()
