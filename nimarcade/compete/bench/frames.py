"""Frame times of every game scene at its largest level, idle and while the computer thinks, and
of the review of a whole game of each (the advantage graph on screen, the game analysed in the
review worker meanwhile).

``python -m nimarcade.bench frames [--quick] [--review]`` (``--review``: the reviews only). Headless (dummy video driver): a frame is input +
update + draw of the 1280×720 logical screen, as in the game; the display flip is not included
(there is no display). "thinking" frames are the frames drawn while the AI controller was
actually busy computing (its thread waiting on the worker process, as in the game), not the
readable delay after it.
"""
from __future__ import annotations

import os
import time
from typing import Any
from nimarcade.i18n import N_

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


#: The option this suite reads beyond --quick (the bench's help says it).
OPTIONS = {"--review": N_("bench.review")}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def measure(game: str, level_id: str, frames: int, think_frames: int) -> dict:
    import pygame

    from nimarcade.core import levels
    from nimarcade.window.app import App
    from nimarcade.core.match import HUMAN, MatchConfig

    level = next(lv for lv in levels.load(game) if lv.id == level_id)
    app = App(headless=True, seed=7)
    try:
        # Idle: a human's turn, with the mouse moving over the board (hover highlights).
        app.start_game(MatchConfig(game, level, dict(level.params), (HUMAN, HUMAN), "human"))
        for _ in range(10):
            app.step()
        idle = []
        for i in range(frames):
            x = 100 + (i * 37) % 1080
            y = 150 + (i * 53) % 420
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
            t0 = time.perf_counter()
            app.step()
            idle.append(time.perf_counter() - t0)
        # Thinking: the expert computer against itself, through the real AI controller.
        app.start_game(MatchConfig(game, level, dict(level.params), (3, 3), "human"))
        busy: list[float] = []
        total = 0
        while len(busy) < think_frames and total < think_frames * 40:
            t0 = time.perf_counter()
            thinking = app.ai.busy
            app.step()
            dt = time.perf_counter() - t0
            total += 1
            if thinking and app.ai.busy:
                busy.append(dt)
            if not app.ai.busy:
                # Let simulated time run so the next request starts soon.
                pass
            if app.manager.top is None or getattr(app.manager.top, "name", "") != "game":
                app.start_game(MatchConfig(game, level, dict(level.params), (3, 3), "human"))
        return {
            "game": game,
            "level": level_id,
            "idle_p50": percentile(idle, 50) * 1000,
            "idle_p99": percentile(idle, 99) * 1000,
            "think_n": len(busy),
            "think_p50": percentile(busy, 50) * 1000,
            "think_p99": percentile(busy, 99) * 1000,
        }
    finally:
        app.shutdown()


def measure_review(game: str, level_id: str, frames: int, moves: int = 120) -> dict:
    """The review of a random game (``moves`` at most) of ``game``'s level: frames while a person
    steps through it (an arrow key every few frames, the mouse over the list and the graph) and
    the review worker analyses it, a position at a time, in its process."""
    import random

    import pygame

    from nimarcade.core import levels
    from nimarcade.analysis.verdicts import Budget
    from nimarcade.window.app import App
    from nimarcade.analysis.review_job import BUDGET_PREF
    from nimarcade.core.match import HUMAN, Match, MatchConfig

    level = next(lv for lv in levels.load(game) if lv.id == level_id)
    match = Match.begin(MatchConfig(game, level, dict(level.params), (HUMAN, HUMAN), "human"), 0)
    rng = random.Random(7)
    while not match.is_over and len(match.moves) < moves:
        match.play(match.state.random_move(rng))
    app = App(headless=True, seed=7)
    app.prefs[BUDGET_PREF] = Budget(time=0.25)
    try:
        review: Any = app.manager.go("review", match=match, at=0)   # the review's screen, read below
        for _ in range(10):
            app.step()
        times: list[float] = []
        cpu: list[float] = []          # the render thread's own CPU time (a busy machine aside)
        keys = (pygame.K_RIGHT,) * 6 + (pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP, pygame.K_END, pygame.K_HOME)
        for i in range(frames):
            if i % 8 == 0:
                key = keys[(i // 8) % len(keys)]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
            x = 990 + (i * 37) % 260
            y = 110 + (i * 53) % 480
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step()
            times.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
        job = review.analysis
        return {"game": game, "level": level_id, "moves": len(match.moves),
                "analysed": f"{job.done}/{job.total}" if job is not None else "-",
                "p50": percentile(times, 50) * 1000, "p99": percentile(times, 99) * 1000,
                "cpu_p99": percentile(cpu, 99) * 1000}
    finally:
        app.shutdown()


def review_table(frames: int) -> None:
    from nimarcade.core.registry import REGISTRY

    print("### Frame times (ms) of the review, advantage graph on screen, analysis running\n")
    print("| game | level | moves | positions analysed meanwhile | p50 | p99 | p99 of the render thread's CPU |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for game, spec in REGISTRY.items():
        r = measure_review(game, spec.largest_level, frames)
        print(f"| {r['game']} | {r['level']} | {r['moves']} | {r['analysed']} | {r['p50']:.2f} | {r['p99']:.2f} | "
              f"{r['cpu_p99']:.2f} |")
    print(f"\n{frames} frames a review: an arrow key every 8 frames, the mouse over the list and the graph. "
          "Target: p99 ≤ 8 ms. The last column is the time the render thread itself computed (on a busy "
          "machine the wall time also counts the time it waited for a core).\n")


def main(flags: list[str]) -> None:
    quick = "--quick" in flags
    frames = 300 if quick else 1200
    think = 60 if quick else 300
    if "--review" in flags:
        review_table(frames)
        return
    print("### Frame times (ms), headless, 1280×720, largest level of each game\n")
    print("| scene | level | idle p50 | idle p99 | frames while AI busy | busy p50 | busy p99 |")
    print("|---|---|---|---|---|---|---|")
    from nimarcade.core.registry import REGISTRY

    # Every registered game, at the largest level its registry entry names.
    for game, spec in REGISTRY.items():
        level_id = spec.largest_level
        try:
            r = measure(game, level_id, frames, think)
        except ImportError as exc:
            print(f"| {game} | {level_id} | (scene missing: {exc}) |")
            continue
        print(
            f"| {r['game']} | {r['level']} | {r['idle_p50']:.2f} | {r['idle_p99']:.2f} | {r['think_n']} | "
            f"{r['think_p50']:.2f} | {r['think_p99']:.2f} |"
        )
    print(f"\n{frames} idle frames per scene; up to {think} frames sampled while the AI thread was busy. "
          "Target: p99 ≤ 8 ms.")
    review_table(frames)
    seconds = 2.0 if quick else 5.0
    print(f"\n### CPU of a still window (the real loop, {seconds:g} s a screen, no input)\n")
    print(f"Video driver: {os.environ.get('SDL_VIDEODRIVER') or 'default'}. Target: under 10% of a core on a "
          "still screen.\n")
    print("| screen | % of a core | frames drawn per second |")
    print("|---|---:|---:|")
    for label, cpu, drawn in idle_cpu(seconds):
        print(f"| {label} | {cpu:.1f}% | {drawn:.1f} |")


def idle_cpu(seconds: float) -> list[tuple[str, float, float]]:
    """The process's CPU time over wall time, and the frames drawn per second, while the real main
    loop (``App.run``, not headless) shows a still screen: the title, a still board of each game
    (largest level, two people), the game selection."""
    from nimarcade.window import app as app_mod
    from nimarcade.core import levels
    from nimarcade.window.app import App
    from nimarcade.core.registry import REGISTRY
    from nimarcade.core.match import HUMAN, MatchConfig

    app: Any = App(headless=False, seed=7)       # its draw is replaced by one that counts
    drawn = [0]
    draw = app.draw

    def counting() -> None:
        drawn[0] += 1
        draw()

    app.draw = counting
    screens: list[tuple[str, Any]] = [("title", lambda: app.manager.go("title"))]
    for game, spec in REGISTRY.items():
        level = next(lv for lv in levels.load(game) if lv.id == spec.largest_level)
        screens.append((f"{game}, still board", lambda level=level: app.start_game(
            MatchConfig(level.game, level, dict(level.params), (HUMAN, HUMAN), "human"))))
    screens.append(("game selection", lambda: app.manager.go("select")))
    rows = []
    try:
        for label, show in screens:
            show()
            app.lively = app_mod.LIVELY          # no input since long ago
            app.toasts.clear()
            app.run(max_frames=app.frame + 2)
            drawn[0] = 0
            c0, w0 = time.process_time(), time.perf_counter()
            while time.perf_counter() - w0 < seconds:
                app.run(max_frames=app.frame + 1)
            wall = time.perf_counter() - w0
            rows.append((label, 100 * (time.process_time() - c0) / wall, drawn[0] / wall))
    finally:
        app.shutdown()
    return rows
