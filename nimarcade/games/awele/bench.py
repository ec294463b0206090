"""``python -m nimarcade.bench awele [--quick]``: speed of the Awélé engine, both paths.

For the opening and two middle-game positions, with the pure-Python engine and with the compiled
core (when it loads; ``NIMARCADE_NO_JIT=1`` leaves it out): the depth the level-3 engine (default
evaluation, no endgame table, a fresh transposition table) completes in 1 s, the nodes it visits
(leaves included) and nodes per second; then the time to complete fixed depths from the opening
(the same node counts on both paths); then how promptly a search stops: past
its time limit, after a cancel in the same process, and after a cancel through the AI controller
(the game's path: a thread, a worker process, shared memory).
``--quick`` thinks 0.25 s instead of 1 s, stops the fixed depths at 10 and stops fewer searches.
``--frames`` adds the Awélé scene's frame times while the worker ponders (p99 target 8 ms).
``--search`` adds the time to depth of the search's variants, one thread: the levels' engine, the
``capture`` evaluation, each late-move reduction mode, an aspiration window and a bigger table, each against the
levels' engine (geometric mean).
``--threads`` adds the parallel search's time to depth: each position searched to a fixed depth
with 1 thread and with 2 (and every count up to the machine's cores), wall-clock and CPU seconds,
nodes of all threads and of the main one; the load average is printed before and after, since
on a shared machine the threads may not get a core each.
"""
from __future__ import annotations

import math
import os
import random
import threading
import time

from nimarcade.core import registry
from nimarcade.games.awele.engine import core as awele_core
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.games.awele.engine.engine import LMR_FROM, Engine, describe
from nimarcade.games.awele.engine.player import LEVELS
from nimarcade.games.awele.rules import AweleState, house_label
from nimarcade.i18n import N_

POSITIONS = (
    ("opening (4 seeds)", AweleState.new()),
    ("middle game A", AweleState.from_board((3, 0, 7, 1, 5, 2, 0, 4, 6, 2, 1, 9), (4, 4), 0)),
    ("middle game B", AweleState.from_board((1, 2, 0, 12, 0, 3, 2, 0, 1, 4, 5, 0), (9, 9), 1)),
)


def _move(state: AweleState, house: int) -> str:
    return f"{'S' if house < 6 else 'N'}{house_label(house)}"


#: The options this suite reads beyond --quick (the bench's help says them).
OPTIONS = {"--frames": N_("awele.bench.frames"), "--search": N_("awele.bench.search"), "--threads": N_("awele.bench.threads")}


def main(flags: list[str]) -> None:
    quick = "--quick" in flags
    limit = 0.25 if quick else 1.0
    evaluation = LEVELS[3].evaluation
    t0 = time.perf_counter()
    core = awele_core.load()
    print(f"Awélé engine: evaluation {evaluation!r}, {limit:g} s a position, no endgame table")
    print(f"compiled core: {core.state} ({core.reason}); loading took {time.perf_counter() - t0:.1f} s "
          f"in this process\n")
    paths = [("pure Python", Engine)]
    if core.active:
        paths.append(("compiled", awele_core.CoreEngine))
    print(f"| engine | position | depth in {limit:g} s | nodes | nodes/s | best move | score |")
    print("|---|---|---:|---:|---:|---|---|")
    for label, make in paths:
        for name, state in POSITIONS:
            make(evaluation).search(state, max_depth=4)  # warm the row caches, as in a game
            engine = make(evaluation)
            r = engine.search(state, time_limit=limit)
            nps = r.nodes / r.elapsed if r.elapsed else 0.0
            print(f"| {label} | {name} | {r.depth} | {r.nodes:,} | {nps:,.0f} | {_move(state, r.move)} "
                  f"| {describe(r.score)} |")
    print()
    print("| engine | depth (opening) | seconds | nodes |")
    print("|---|---:|---:|---:|")
    state = POSITIONS[0][1]
    for label, make in paths:
        top = (10 if quick else 14) if make is Engine else (14 if quick else 20)
        for depth in range(8, top + 1, 2):
            engine = make(evaluation)
            t0 = time.perf_counter()
            r = engine.search(state, max_depth=depth)
            print(f"| {label} | {depth} | {time.perf_counter() - t0:.2f} | {r.nodes:,} |")
    stopping(quick)
    if "--threads" in flags:
        time_to_depth(quick)
    if "--search" in flags:
        search_variants(quick)
    if "--frames" in flags:
        frames_while_pondering(300 if quick else 1200)


def depth_positions(count: int) -> list[tuple[str, AweleState, int]]:
    """The bench's positions and middle games of seeded random play, each with a depth one
    thread completes in about a second."""
    out = [(name, state, 20 if name.startswith("opening") else 22) for name, state in POSITIONS]
    rng = random.Random(21)
    while len(out) < count:
        state = AweleState.new()
        for _ in range(rng.randrange(10, 30)):
            if state.is_over:
                break
            state = state.play(state.random_move(rng))
        if not state.is_over and len(state.legal_moves()) > 2:
            out.append((f"random game {len(out) - len(POSITIONS) + 1}", state, 20))
    return out


def time_to_depth(quick: bool) -> None:
    """Wall and CPU seconds to complete a fixed depth with 1, 2, ... threads (a fresh table)."""
    if not awele_core.ready():
        print("\ntime to depth: the compiled core is not loaded")
        return
    counts = sorted({1, 2, *range(1, (os.cpu_count() or 1) + 1)})
    positions = depth_positions(4 if quick else 8)
    print(f"\ntime to depth, threads {counts}; load average before: {os.getloadavg()[0]:.2f}")
    print("| position | depth | threads | wall s | CPU s | nodes (all threads) | main thread's nodes | move |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    walls: dict[int, list[float]] = {n: [] for n in counts}
    mains: dict[int, list[int]] = {n: [] for n in counts}
    for name, state, depth in positions:
        if quick:
            depth -= 2
        for n in counts:
            engine = awele_core.CoreEngine(LEVELS[3].evaluation, threads=n)
            w, c = time.perf_counter(), time.process_time()
            r = engine.search(state, max_depth=depth)
            wall, cpu = time.perf_counter() - w, time.process_time() - c
            walls[n].append(wall)
            mains[n].append(engine.thread_nodes[0])
            print(f"| {name} | {r.depth} | {n} | {wall:.2f} | {cpu:.2f} | {r.nodes:,} | {engine.thread_nodes[0]:,} "
                  f"| {_move(state, r.move)} |")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")
    print("| threads | time to depth, geometric mean speed-up | main thread's nodes, geometric mean ratio |")
    print("|---:|---:|---:|")
    for n in counts:
        speed = math.exp(sum(math.log(a / b) for a, b in zip(walls[1], walls[n])) / len(positions))
        nodes = math.exp(sum(math.log(a / b) for a, b in zip(mains[1], mains[n])) / len(positions))
        print(f"| {n} | {speed:.2f} | {nodes:.2f} |")


def search_variants(quick: bool) -> None:
    """Seconds and nodes to complete a fixed depth (a fresh table, one thread) for each variant of
    the search, and each variant's time against the levels' engine's."""
    if not awele_core.ready():
        print("\nsearch variants: the compiled core is not loaded")
        return
    evaluation = LEVELS[3].evaluation

    def configured(**attrs):
        def make():
            engine = awele_core.CoreEngine(evaluation)
            for key, value in attrs.items():
                setattr(engine, key, value)
            return engine
        return make

    variants = [("the levels' engine (reductions mode 1)", configured())]
    if evaluation != "capture":
        variants.append(("the levels' engine with the `capture` evaluation", lambda: awele_core.CoreEngine("capture")))
    variants += [(f"reductions mode {mode}", configured(lmr=mode)) for mode in range(len(LMR_FROM)) if mode != 1]
    variants.append(("aspiration window ±0.5 seed", configured(aspiration=50)))
    variants.append(("a table of 4 M entries (192 MB)", lambda: awele_core.CoreEngine(evaluation, tt_max=4_000_000)))
    positions = depth_positions(4 if quick else 8)
    print(f"\nsearch variants, time to depth; load average before: {os.getloadavg()[0]:.2f}")
    print("| variant | seconds | nodes | time against the levels' engine |")
    print("|---|---:|---:|---:|")
    base: list[float] = []
    for label, make in variants:
        walls, nodes = [], 0
        for _name, state, depth in positions:
            make().search(state, max_depth=4)   # warm the row caches, as in a game
            engine = make()
            t0 = time.perf_counter()
            r = engine.search(state, max_depth=depth - (4 if quick else 2))
            walls.append(time.perf_counter() - t0)
            nodes += r.nodes
        base = base or walls
        ratio = math.exp(sum(math.log(w / b) for w, b in zip(walls, base)) / len(walls))
        print(f"| {label} | {sum(walls):.2f} | {nodes:,} | {ratio:.2f} |")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


def frames_while_pondering(frames: int) -> None:
    """Frame times of the Awélé scene (largest level, a human's turn, the mouse sweeping the
    board) while the app's AI controller ponders at level 4 in its worker process, as the scene
    does on the player's time; the same loop as ``bench frames``' idle phase."""
    import pygame

    from nimarcade.core import levels
    from nimarcade.window.app import App
    from nimarcade.compete.bench.frames import percentile
    from nimarcade.core.match import HUMAN, MatchConfig

    level = next(lv for lv in levels.load("awele") if lv.id == "longue")
    app = App(headless=True, seed=7)
    try:
        app.start_game(MatchConfig("awele", level, dict(level.params), (HUMAN, HUMAN), "human"))
        spec = registry.get("awele")
        assert spec.engine.warm_up is not None and spec.engine.ponder is not None    # Awélé's registry entry has both
        app.ai.warm_up([spec.engine.warm_up])
        state = AweleState.new(6)
        rows = []
        for label, ponder in (("idle, no pondering", False), ("idle, pondering at level 4", True)):
            if ponder:
                app.ai.ponder(state, 4, spec.engine.ponder)
            for _ in range(10):
                app.step()
            times = []
            for i in range(frames):
                x = 100 + (i * 37) % 1080
                y = 150 + (i * 53) % 420
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
                t0 = time.perf_counter()
                app.step()
                times.append(time.perf_counter() - t0)
            depth = app.ai.progress.get("depth") if ponder else None
            rows.append((label, percentile(times, 50) * 1000, percentile(times, 99) * 1000, depth))
            app.ai.cancel()
    finally:
        app.shutdown()
    print("\n| Awélé scene (72 seeds), frames | p50 | p99 | depth the ponder search reached |")
    print("|---|---:|---:|---:|")
    for label, p50, p99, depth in rows:
        print(f"| {label} | {p50:.2f} ms | {p99:.2f} ms | {depth if depth is not None else '-'} |")


def stopping(quick: bool) -> None:
    """Worst lateness over searches stopped by their time limit or by a cancel (target: 50 ms)."""
    from nimarcade.core.worker import AiController

    evaluation = LEVELS[3].evaluation
    make = awele_core.CoreEngine if awele_core.ready() else Engine
    limits = (0.1, 0.3) if quick else (0.1, 0.3, 0.7, 1.5)
    late = []
    for _name, state in POSITIONS:
        for limit in limits:
            r = make(evaluation).search(state, time_limit=limit)
            late.append(r.elapsed - limit)
    cancel_late = []
    for _name, state in POSITIONS:
        for after in limits:
            cancel = threading.Event()
            fired: list[float] = []

            def fire(event: threading.Event = cancel, stamp: list[float] = fired) -> None:
                stamp.append(time.perf_counter())
                event.set()

            timer = threading.Timer(after, fire)
            timer.start()
            make(evaluation).search(state, time_limit=60.0, cancel=cancel)
            cancel_late.append(time.perf_counter() - fired[0])
    ctl_late = []
    done = threading.Event()
    ctl = AiController(lambda _r: done.set(), chooser=awele_player.choose_move)
    try:
        ctl.warm_up([awele_core.warm_up])
        ctl.request(POSITIONS[0][1], 3, random.Random(0), 0.05)  # the worker process is up
        done.wait(30)
        for _name, state in POSITIONS:
            for after in limits:
                ctl.request(state, 3, random.Random(1), 60.0)
                thread = ctl.thread
                assert thread is not None           # the request just started it
                time.sleep(after)
                t0 = time.perf_counter()
                ctl.cancel()
                thread.join(30)
                ctl_late.append(time.perf_counter() - t0)
    finally:
        ctl.close()
    print(f"\nstopping, {'compiled core' if make is not Engine else 'pure Python'} "
          "(the worker process: whichever it has loaded)")
    print("| how the search is stopped | searches | worst lateness | mean lateness |")
    print("|---|---:|---:|---:|")
    for label, values in (("its time limit (Engine.search)", late),
                          ("a cancel event, same process", cancel_late),
                          ("AiController.cancel(), worker process, until the thread ends", ctl_late)):
        print(f"| {label} | {len(values)} | {max(values) * 1000:.1f} ms | "
              f"{sum(values) / len(values) * 1000:.1f} ms |")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
