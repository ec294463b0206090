"""The puzzle screen: how long making puzzles takes, and the frames while they are made and solved.

``python -m nimarcade.bench puzzles [--quick]``. Making a batch of puzzles
(:func:`nimarcade.puzzles.puzzle.make`) takes far more than a frame on the large boards, so the screen
asks the move worker for it (its process); this suite measures both sides: the batch's time at
each game's largest level, then with the real workers the frames of the puzzle screen while a
series of every game is prepared, and on each game's largest board while a puzzle is solved (the
mouse over the board), a wrong move is played (its animation) and the solution is explained (the
engine's hint and the moves' values asked of the workers for Awélé). Each frame is timed on the
wall clock and by the render thread's own CPU time (the figure a busy machine does not blur).
"""
from __future__ import annotations

import os
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from nimarcade.compete.bench.frames import percentile  # noqa: E402


def making(tries: int) -> list[tuple[str, str, float]]:
    """Seconds to make one batch at each game's largest level (the median of ``tries`` seeds)."""
    from nimarcade.core import registry
    from nimarcade.puzzles import puzzle as puzzles
    from nimarcade.puzzles.session import BATCH

    out = []
    for spec in registry.specs():
        if not puzzles.has_puzzles(spec):
            continue
        spent = []
        for seed in range(tries):
            start = time.perf_counter()
            puzzles.make(spec.id, spec.largest_level, BATCH, seed)
            spent.append(time.perf_counter() - start)
        out.append((spec.id, spec.largest_level, sorted(spent)[len(spent) // 2]))
    return out


class Frames:
    """The frames of one app, timed."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def step(self, i: int, mouse: bool = True) -> None:
        import pygame

        if mouse:
            pos = (60 + (i * 37) % 1160, 110 + (i * 53) % 500)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        t0, c0 = time.perf_counter(), time.thread_time()
        self.app.step()
        self.wall.append(time.perf_counter() - t0)
        self.cpu.append(time.thread_time() - c0)

    def row(self, label: str, level: str) -> str:
        w, c = self.wall, self.cpu
        return (f"| {label} | {level} | {len(w)} | {percentile(w, 50) * 1000:.2f} | {percentile(w, 99) * 1000:.2f} | "
                f"{percentile(c, 99) * 1000:.2f} |")


def open_puzzle(app: Any, scene: Any, puzzle: Any) -> tuple[float, float]:
    """Wall and CPU seconds of the frame that opens ``puzzle`` (as « Suivant » does)."""
    scene.session.pool = [puzzle]
    scene.session.answers.clear()
    t0, c0 = time.perf_counter(), time.thread_time()
    scene.next_puzzle()
    app.step()
    return time.perf_counter() - t0, time.thread_time() - c0


def frames(count: int, limit: float) -> list[str]:
    from nimarcade.core import registry
    from nimarcade.puzzles import puzzle as puzzles
    from nimarcade.window.app import App

    app = App(headless=True, seed=7)
    rows = []
    try:
        app.manager.go("puzzles")
        app.step()
        scene: Any = app.manager.top                # the puzzles' screen, driven below
        scene.chooser.start()                       # every game: a first batch of each is made
        prepared = Frames(app)
        start = time.perf_counter()
        while time.perf_counter() - start < limit and (scene.session.wants_more or scene.tokens["move"] is not None):
            prepared.step(len(prepared.wall))
        rows.append(prepared.row("a series of every game prepared", "all"))
        for spec in registry.specs():
            if not puzzles.has_puzzles(spec):
                continue
            made = puzzles.make(spec.id, spec.largest_level, 2, 3)
            opened = [open_puzzle(app, scene, made[0])]              # the game's first: its art made cold
            solving = Frames(app)
            for i in range(count):
                solving.step(i)
            puzzle = made[0]
            scene.board.scene.submit(next(m for m in puzzle.state.legal_moves() if m not in puzzle.solutions))
            answered = Frames(app)
            while scene.phase == "solve" and len(answered.wall) < 10 * count:
                answered.step(len(answered.wall), mouse=False)
            for i in range(count):
                answered.step(i)
            opened.append(open_puzzle(app, scene, made[-1]))          # the next one, as « Suivant » opens it
            for label, (wall, cpu) in zip(("the game's first", "the next"), opened):
                rows.append(f"| {spec.id}: the frame that opens {label} puzzle (its board built) | {spec.largest_level} "
                            f"| 1 | {wall * 1000:.2f} | {wall * 1000:.2f} | {cpu * 1000:.2f} |")
            rows.append(solving.row(f"{spec.id}: a puzzle on the board", spec.largest_level))
            rows.append(answered.row(f"{spec.id}: a wrong move, the solution explained", spec.largest_level))
    finally:
        app.shutdown()
    return rows


def main(flags: list[str]) -> None:
    quick = "--quick" in flags
    print("### Making a batch of puzzles (`puzzles.make`, in the move worker's process)\n")
    print("| game | level | seconds a batch |")
    print("|---|---|---:|")
    for game, level, seconds in making(1 if quick else 3):
        print(f"| {game} | {level} | {seconds:.3f} |")
    count = 120 if quick else 600
    print("\n### Frame times (ms) of the puzzle screen, real workers\n")
    print("| what | level | frames | p50 | p99 | p99 of the render thread's CPU |")
    print("|---|---|---:|---:|---:|---:|")
    for row in frames(count, 20.0 if quick else 60.0):
        print(row)
    print("\nTarget: p99 ≤ 8 ms. The last column is the time the render thread itself computed (on a busy "
          "machine the wall time also counts the time it waited for a core).")
