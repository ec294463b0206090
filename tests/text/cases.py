"""The golden sessions of the text mode: a command line and the answers piped into it.

Each game keeps its own, as OpenSpiel keeps its playthroughs: ``tests/games/<id>/golden.py`` lists
its :class:`Case` s (``CASES``) and ``tests/games/<id>/golden/<name>.txt`` holds each transcript,
gathered here by :func:`gather`; a registered game without one fails (tests/text/test_golden.py).
Each transcript is the command, then everything the program printed (the
answers appear after their questions: the text mode echoes what it reads from a pipe). Regenerate
them all with ``python -m tests.text.regen`` after a deliberate change, and read the diff.
"""
from __future__ import annotations

import importlib
import os
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The games' own tests, one folder each.
GAMES_TESTS = ROOT / "tests" / "games"


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[str, ...]
    answers: tuple[str, ...] = ()
    code: int = 0
    #: The folder of its transcript (a game's ``tests/games/<id>/golden/``, set by :func:`gather`).
    home: Path = GAMES_TESTS

    @property
    def command(self) -> str:
        return "python main.py --text " + " ".join(self.args)

    @property
    def path(self) -> Path:
        return self.home / f"{self.name}.txt"


def env() -> dict[str, str]:
    """No display at all (an SDL driver that cannot exist), UTF-8, no colour."""
    e = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "PYTHON", "NO_COLOR", "TERM"))}
    e.update(SDL_VIDEODRIVER="no-such-driver", PYTHONIOENCODING="utf-8", PYTHONHASHSEED="0", NO_COLOR="1")
    e.pop("DISPLAY", None)
    e.pop("WAYLAND_DISPLAY", None)
    return e


def run(args: tuple[str, ...] | list[str], answers: tuple[str, ...] | list[str] = (), timeout: float = 120
        ) -> subprocess.CompletedProcess:
    """The real program, answers piped in one a line."""
    text = "".join(a + "\n" for a in answers)
    return subprocess.run([sys.executable, "main.py", "--text", *args], cwd=ROOT, input=text, env=env(),
                          capture_output=True, text=True, encoding="utf-8", timeout=timeout)


def transcript(case: Case) -> tuple[str, subprocess.CompletedProcess]:
    out = run(case.args, case.answers)
    return f"$ {case.command}\n{out.stdout}", out



def gather() -> tuple[Case, ...]:
    """Every game's golden sessions: the ``CASES`` of ``tests/games/<folder>/golden.py``, each
    transcript in that folder's ``golden/`` (read by folder, so a new game adds its own)."""
    found: list[Case] = []
    for path in sorted(GAMES_TESTS.glob("*/golden.py")):
        module = importlib.import_module(f"tests.games.{path.parent.name}.golden")
        found += [replace(case, home=path.parent / "golden") for case in module.CASES]
    return tuple(found)
