"""Cost of the exact strategies and of the rules themselves.

``python -m nimarcade.bench rules [--quick]``:

* The exact move on the positions each game's registry entry names (``GameSpec.bench_positions``:
  50 heaps of about a million, 30×30 grids with 30 pawns or queens, a million sticks...).
* The rules: random playouts per game (moves per second), a rough speed for anything that plays.

Timings are wall-clock ``time.perf_counter``; the fast cases report the best of several repeats.
"""
from __future__ import annotations

import functools
import random
import sys
import time
from typing import Any, Callable


# -- the exact strategies ---------------------------------------------------------------
def best_time(fn: Callable[[], Any], repeat: int = 5, number: int = 0) -> float:
    """Seconds per call: the best of ``repeat`` runs of ``number`` calls (auto-sized to ~0.05 s)."""
    if not number:
        number = 1
        while True:
            t0 = time.perf_counter()
            for _ in range(number):
                fn()
            if time.perf_counter() - t0 > 0.05 or number >= 100_000:
                break
            number *= 10
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t0) / number)
    return min(times)


def bench_exact() -> list[tuple[str, float, Any]]:
    """The computer's exact move on the positions each game's registry entry names."""
    from nimarcade.core import registry

    rng = random.Random(50)
    cases = [case for spec in registry.specs() if spec.bench_positions is not None
             for case in spec.bench_positions(rng)]
    return [(label, best_time(functools.partial(registry.winning_move, s)), registry.winning_move(s)) for label, s in cases]


# -- the rules: random playouts ------------------------------------------------------------------
def bench_playouts(games: int) -> list[tuple[str, int, int, float]]:
    """Every registered game from its largest level (the registry says which)."""
    from nimarcade.core import levels
    from nimarcade.core.registry import REGISTRY

    starts: list[tuple[str, Callable[[], Any]]] = []
    for game, spec in REGISTRY.items():
        level = next(lv for lv in levels.load(game) if lv.id == spec.largest_level)
        starts.append((f"{game} ({level.name('en')})", functools.partial(spec.new_state, level.params)))
    rows = []
    for label, make in starts:
        rng = random.Random(1)
        moves = 0
        t0 = time.perf_counter()
        for _ in range(games):
            s = make()
            while not s.is_over:
                s = s.play(s.random_move(rng))
                moves += 1
        rows.append((label, games, moves, time.perf_counter() - t0))
    return rows


# -- report ----------------------------------------------------------------------------------------
def fmt_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    if seconds < 120:
        return f"{seconds:.2f} s"
    return f"{seconds / 60:.1f} min"


def main(flags: list[str]) -> None:
    quick = "--quick" in flags
    print("### Exact strategies: `winning_move` (best of 5)\n")
    print("| position | winning move | time per call |")
    print("|---|:---:|---:|")
    for label, seconds, move in bench_exact():
        print(f"| {label} | {move if move is not None else 'none (lost)'} | {fmt_time(seconds)} |")

    games = 20 if quick else 100
    print(f"\n### The rules: random playouts ({games} games each, seeded)\n")
    print("| game | moves | time | moves per second | time per move |")
    print("|---|---:|---:|---:|---:|")
    for label, _, moves, seconds in bench_playouts(games):
        per_move = fmt_time(seconds / moves)
        print(f"| {label} | {moves:,} | {fmt_time(seconds)} | {moves / seconds:,.0f} | {per_move} |")


if __name__ == "__main__":
    main(sys.argv[1:])
