"""The class's speed: ``python -m nimarcade.bench class [--quick]``.

Thirty students (six with ``--quick``) on Kayles, the lab's level of 10 pins, every position of
the level asked, judged two at a time (``--jobs 2``) each in its box where the machine has one, as
``nimarcade class`` judges a real class; it prints the time taken, for docs/BENCHMARKS.md. Half the
class plays the exact strategy, the other half greedily (a player that makes mistakes costs the
same time a move). A bench measures; no test asserts its time.
"""
from __future__ import annotations

import io
import tempfile
import time
from pathlib import Path
from typing import Sequence

from nimarcade.i18n import decimal, tr

#: The level the bench judges on (looked up in every game's levels: generic code names no game).
LEVEL = "kayles"
STUDENTS, QUICK_STUDENTS = 30, 6
JOBS = 2

EXACT = '''from functools import lru_cache


def choose_move(state):
    make = type(state)

    @lru_cache(maxsize=None)
    def g(h):
        seen = {g(a) ^ g(h - k - a) for _i, k, a in make((h,), state.code).legal_moves()} if h else set()
        n = 0
        while n in seen:
            n += 1
        return n

    total = 0
    for h in state.heaps:
        total ^= g(h)
    moves = state.legal_moves()
    for i, k, a in moves:
        if total ^ g(state.heaps[i]) ^ g(a) ^ g(state.heaps[i] - k - a) == 0:
            return (i, k, a)
    return moves[0]
'''
GREEDY = '''def choose_move(state):
    return max(state.legal_moves(), key=lambda m: m[1])
'''


def make_class(folder: Path, count: int) -> Path:
    """``count`` students as Moodle's folders, half exact, half greedy."""
    for n in range(count):
        student = folder / f"Élève {n + 1:02d}_{1000 + n}_assignsubmission_file_"
        student.mkdir(parents=True)
        (student / "joueur.py").write_text(EXACT if n % 2 == 0 else GREEDY, encoding="utf-8")
    return folder


def measure(count: int, jobs: int = JOBS) -> tuple[float, int, str]:
    """(seconds to judge the class, exit code, the command's error output)."""
    from nimarcade.classroom import cli
    from nimarcade.core import levels, registry

    level = levels.find_level(None, LEVEL)
    card = registry.variant_for(level.game, level.id).key
    with tempfile.TemporaryDirectory(prefix="nimarcade-bench-class-") as folder:
        root = make_class(Path(folder) / "rendus", count)
        err = io.StringIO()
        t0 = time.perf_counter()
        code = cli.run([str(root), "--game", card, "--level", level.id, "--jobs", str(jobs),
                        "--out", str(Path(folder) / "out")], io.StringIO(), err)
        return time.perf_counter() - t0, code, err.getvalue()


def main(flags: Sequence[str]) -> None:
    count = QUICK_STUDENTS if "--quick" in flags else STUDENTS
    print(tr("bench.class_title", n=count, jobs=JOBS))
    seconds, code, err = measure(count)
    if code != 0:
        print(err)
    print(tr("bench.class_result", s=decimal(seconds, 1), per=decimal(seconds / count, 2)))
