"""The class's speed: ``python -m nimarcade.bench class [--quick]``.

Thirty students (six with ``--quick``) on Kayles, the lab's level of 10 pins, every position of
the level asked, judged two at a time (``--jobs 2``) each in its box where the machine has one, as
``nimarcade class`` judges a real class; it prints the time taken, for docs/BENCHMARKS.md. Half the
class plays the exact strategy, the other half greedily (a player that makes mistakes costs the
same time a move). Then the similarity check (:mod:`.similar`) is timed alone on the students'
copies the run left, as the command runs it: every pair compared (435 for 30 students), the 15
identical exact players flagged (105 pairs; the greedy ones are too short to compare), and the
flagged pairs' side-by-side pages written (:mod:`.html_similar`). A bench
measures; no test asserts its time.
"""
from __future__ import annotations

import io
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from nimarcade.i18n import decimal, language, tr

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


@dataclass
class Measured:
    """A run of the bench: the whole command's seconds, exit code and error output, then the
    similarity check's seconds alone, the pairs it flagged and the seconds their pages took."""

    seconds: float
    code: int
    err: str
    similar_seconds: float = 0.0
    flagged: int = 0
    pages_seconds: float = 0.0


def run(count: int, jobs: int = JOBS) -> Measured:
    """The class judged by ``nimarcade class``, then its similarity check timed alone."""
    from nimarcade.classroom import cli, html_similar, similar
    from nimarcade.core import levels, registry

    level = levels.find_level(None, LEVEL)
    card = registry.variant_for(level.game, level.id).key
    with tempfile.TemporaryDirectory(prefix="nimarcade-bench-class-") as folder:
        root = make_class(Path(folder) / "rendus", count)
        out = Path(folder) / "out"
        err = io.StringIO()
        t0 = time.perf_counter()
        code = cli.run([str(root), "--game", card, "--level", level.id, "--jobs", str(jobs), "--out", str(out)],
                       io.StringIO(), err)
        measured = Measured(time.perf_counter() - t0, code, err.getvalue())
        copies = sorted(p for p in (out / "submissions").iterdir() if p.is_dir())
        t0 = time.perf_counter()
        pairs = similar.find([(p.name, p.name, p) for p in copies], similar.shipped_starters())
        measured.similar_seconds, measured.flagged = time.perf_counter() - t0, len(pairs)
        data = {"lang": language(), "similar": pairs, "similar_threshold": similar.THRESHOLD,
                "students": [{"key": p.name} for p in copies]}
        t0 = time.perf_counter()
        html_similar.write_pages(data, out)
        measured.pages_seconds = time.perf_counter() - t0
        return measured


def measure(count: int, jobs: int = JOBS) -> tuple[float, int, str]:
    """(seconds to judge the class, exit code, the command's error output)."""
    done = run(count, jobs)
    return done.seconds, done.code, done.err


def main(flags: Sequence[str]) -> None:
    count = QUICK_STUDENTS if "--quick" in flags else STUDENTS
    print(tr("bench.class_title", n=count, jobs=JOBS))
    done = run(count)
    if done.code != 0:
        print(done.err)
    print(tr("bench.class_result", s=decimal(done.seconds, 1), per=decimal(done.seconds / count, 2)))
    print(tr("bench.class_similar", n=count, pairs=count * (count - 1) // 2, s=decimal(done.similar_seconds, 3),
             flagged=done.flagged, pages=decimal(done.pages_seconds, 2)))
