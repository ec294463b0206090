"""Test set-up: headless SDL before anything can import pygame, deterministic hypothesis."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

# the Awélé endgame tables built on this machine (awele_tables) stay out of the tests: an empty
# folder of their own, and no build started by a test that does not ask for one
_TABLES = tempfile.mkdtemp(prefix="nimarcade-tables-")
atexit.register(shutil.rmtree, _TABLES, True)
os.environ["NIMARCADE_TABLES_DIR"] = _TABLES
os.environ["NIMARCADE_NO_TABLE_BUILD"] = "1"

import sys  # noqa: E402

# The suite starts hundreds of the game's own Python processes (commands, the players' hosts, the
# box's supervisor), and each compiles every module it imports when no compiled copy is kept: a
# machine that asks for none (PYTHONDONTWRITEBYTECODE, a fresh clone) pays ~0.2 s a command. The
# suite's own imports are written once, here; those processes read them (and still write none).
sys.dont_write_bytecode = False

# numba's compiled code (the Awélé core, the take-away loops) is kept in one folder for the whole
# suite, the one the game uses from this checkout: a command a test starts with a config folder of
# its own (NIMARCADE_CONFIG_DIR) would otherwise compile them again into that empty folder (10 s
# and more a command), or not, depending on which test of the worker loaded numba first.
if not os.environ.get("NUMBA_CACHE_DIR"):
    from nimarcade.games.awele.engine.core import cache_dir  # noqa: E402

    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir())

# A fresh clone has no compiled code yet: the workers would each compile the same loops as their
# first test needs them (the Awélé core 8 s, the take-away loops 3 s). The controller of several
# workers starts one process that compiles them while the workers run everything else: every
# game's warm-up through the registry, waited for (the first-start bench's own script,
# nimarcade.compete.bench.start.FILL), then the loops the games share (games.takeaway, which the
# lab compiles at its first use). A worker that needs them sooner waits on the compile's lock
# (nimarcade.storage.locks.if_possible) and then loads what was written, as two windows do.
WARM_SHARED = "from nimarcade.games.takeaway import grundygame, loader\nloader.load()\ngrundygame.compiled()\n"


def pytest_configure(config) -> None:
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    if os.environ.get("NIMARCADE_NO_JIT", "").strip() not in ("", "0"):
        return
    import subprocess

    from nimarcade.compete.bench.start import FILL, FILL_TIMEOUT

    config.nimarcade_warm_up = subprocess.Popen(          # (for the session's length at most)
        [sys.executable, "-c", FILL + WARM_SHARED, str(FILL_TIMEOUT)],
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pytest_unconfigure(config) -> None:
    warm_up = getattr(config, "nimarcade_warm_up", None)
    if warm_up is not None:
        warm_up.kill()
        warm_up.wait()


import signal  # noqa: E402

# A shell that starts the suite in the background (``make test &``, a CI runner without job
# control) leaves SIGINT ignored, and every program a test starts would inherit that: the tests
# of Ctrl+C would then see no Ctrl+C at all. The game's processes get the usual SIGINT again.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

from hypothesis import settings  # noqa: E402

settings.register_profile("nimarcade", derandomize=True, deadline=None, max_examples=200)
settings.load_profile("nimarcade")


import pytest  # noqa: E402


@pytest.fixture
def swap_spec(monkeypatch):
    """``swap_spec(game, chooser=..., hint=...)``: that game's registry entry with these fields of
    its engine (:class:`~nimarcade.core.registry.EngineSpec`) changed, for this test only (a test's
    slow or counting computer; start the game after it)."""
    from dataclasses import replace

    from nimarcade.core import registry

    def swap(game: str, **changes):
        spec = registry.get(game)
        spec = replace(spec, engine=replace(spec.engine, **changes))
        monkeypatch.setitem(registry.REGISTRY, game, spec)
        return spec

    return swap


@pytest.fixture(autouse=True)
def french_again(request):
    """Every test starts in French, whatever the test before it chose (a command's --lang sets
    the language for the whole process, as it should)."""
    from nimarcade import i18n

    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    before = set(i18n.said())
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    # a text asked for while the test ran that no catalogue has, or that could not be filled, is a
    # defect (it is logged once a process, so each shows in the first test that meets it)
    gaps = set(i18n.said()) - before
    if gaps and request.node.get_closest_marker("translation_gaps") is None:
        pytest.fail(f"texts missing from the catalogues or that could not be filled: {sorted(gaps)}")


@pytest.fixture(autouse=True, scope="session")
def pygame_once():
    """pygame is initialised once per test process (each xdist worker): an app that shuts down
    leaves it, its fonts and its cached drawings for the next (App.keep_pygame)."""
    from nimarcade.window.app import App

    App.keep_pygame = True
    yield


#: The window's fixtures (``driver``, ``make_driver``, ``drawn``) serve the generic scene tests and
#: every game's scene tests, wherever they live.
pytest_plugins = ["tests.window.fixtures"]
