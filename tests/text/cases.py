"""The golden sessions of the text mode: a command line and the answers piped into it.

Each transcript ``golden/<name>.txt`` is the command, then everything the program printed (the
answers appear after their questions: the text mode echoes what it reads from a pipe). Regenerate
them all with ``python -m tests.text.regen`` after a deliberate change, and read the diff.
"""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[str, ...]
    answers: tuple[str, ...] = ()
    code: int = 0

    @property
    def command(self) -> str:
        return "python main.py --text " + " ".join(self.args)

    @property
    def path(self) -> Path:
        return GOLDEN / f"{self.name}.txt"


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


CASES = (
    # Seed 003's sample session: 5×5, 3 pawns, the player starts, the seed's moves (the seed's menu
    # numbers change where our pawn list is sorted, and where two pawns share a cell, listed once),
    # its three bad answers; the seeded beginner computer plays every one of the seed's replies.
    Case("seed003_grid", ("--game", "grid", "--seed", "50216"), (
        "6", "5", "5", "3", "h", "1", "1",
        "3", "2", "2", "2", "4", "3", "2", "2", "a", "euh", "4", "2", "2", "3", "1")),
    # Fort Boyard against the master: it meets the teacher's cases of seed 001
    # (choix_ordinateur(18) == 2, (15) == 3, (9) == 1, (3) == 3); a hint on the way.
    Case("fort_boyard", ("--game", "fort_boyard", "--players", "human,4", "--first", "1", "--seed", "1"), (
        "", "2", "1", "h", "3", "1", "1", "n")),
    Case("fort_boyard_en", ("--game", "fort_boyard", "--players", "human,4", "--first", "1", "--seed", "1",
                            "--lang", "en"), ("", "2", "h", "1", "3", "1", "1", "n")),
    # Seed 004: the worksheet's row, computer against computer, nothing piped in.
    Case("matches_cvc", ("--game", "matches", "--level", "td4", "--players", "3,4", "--first", "1", "--seed", "4")),
    # Awélé against the medium computer (fixed depth: the same game every time); houses typed as
    # numbers or in notation (A-F), one house of the opponent's row on the way.
    Case("awele", ("--game", "awele", "--level", "rapide", "--players", "human,2", "--first", "1", "--seed", "5"), (
        "a", "1", "B", "5", "D", "5", "F", "1", "C", "1", "B", "1", "n")),
    # Marienbad (misère Nim) against the master, who starts on a lost position; the player asks
    # the hint each turn and plays it: the nim-sum table, misère's switch, the master's last object.
    Case("heaps_marienbad", ("--game", "heaps", "--level", "marienbad", "--players", "human,4", "--first", "2",
                             "--seed", "3"), ("h", "4:2", "h", "3:4", "h", "2:1", "n")),
    # The queen to the sink (Wythoff) on the classic 7×10 board against the master: a hint and its
    # move (by the menu's numbers) each turn until the queen is sunk.
    Case("wythoff_classic", ("--game", "wythoff", "--level", "classic-7x10", "--players", "human,4", "--first", "1",
                             "--seed", "3"), ("h", "17", "h", "3", "h", "2", "n")),
    # Kayles (octal 0.77) against the master: the code's digits read out, the nimbers' table of
    # each hint, moves written take:heap:part.
    Case("octal_kayles", ("--game", "octal", "--level", "kayles", "--players", "human,4", "--first", "1",
                          "--seed", "3"), ("h", "1:1:1", "h", "1:1", "h", "1:1:1", "1:1", "n")),
    # Every kind of bad answer, in setup and in play; then the player quits.
    Case("bad_input_fr", ("--game", "heaps", "--seed", "2"), (
        "9", "x", "1", "", "deux", "h", "1",
        "", "x", "0", "9", "9:1", "1:5", "?", "t", "h", "u", "3", "9", "u", "2", "3", "u", "q")),
    Case("bad_input_en", ("--game", "heaps", "--lang", "en", "--seed", "2"), (
        "9", "x", "1", "", "two", "h", "1",
        "", "x", "0", "9", "9:1", "1:5", "?", "t", "h", "u", "3", "9", "u", "2", "3", "u", "q")),
)
