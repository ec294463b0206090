"""The cold cost of the Matches computer's first move (``python -m nimarcade.bench matches``).

``winning_move(RowState.new(n))`` for n = 21, 40, 60, 100 and 120. Each n runs in a fresh
interpreter with nothing loaded (the quotient table is read from ``assets/matches/`` by that first
call), so nothing is shared between sizes; the table gives the method that decided (the misère
quotient, or the memoised search where no table applies), the time, the positions the search
memoised, the peak memory of that interpreter, the time of the same call again (warm), and the
time of the hint's computation (every winning move) after it.

Timings are wall-clock ``time.perf_counter``.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from nimarcade.compete.bench.rules import fmt_time

ROOT = Path(__file__).resolve().parents[3]
MATCHES_SIZES = (21, 40, 60, 100, 120)
WARN_SECONDS = 600.0
CHILD_TIMEOUT = 3600.0


# -- matches: one fresh interpreter per size ----------------------------------------------------
def matches_child(n: int) -> dict[str, Any]:
    """Runs in the child interpreter: the cold, then warm, first move on n matches."""
    import resource

    from nimarcade.games.matches import solver as matches_solver
    from nimarcade.games.matches.rules import RowState

    winning_move, winning_moves = matches_solver.winning_move, matches_solver.winning_moves

    matches_solver.clear_cache()
    state = RowState.new(n)
    t0 = time.perf_counter()
    move = winning_move(state)
    cold = time.perf_counter() - t0
    positions = matches_solver.cache_size()
    quotient = matches_solver.quotient(state.max_take)
    if quotient is not None and matches_solver.quotient_covers((n,), state.max_take):
        method = f"quotient ({quotient.size} elements)"
    else:
        method = "search"
    t0 = time.perf_counter()
    again = winning_move(state)
    warm = time.perf_counter() - t0
    assert again == move
    t0 = time.perf_counter()
    hint = winning_moves(state)  # what the hint (key H) computes: every winning move
    hint_time = time.perf_counter() - t0
    assert (move in hint) if move is not None else not hint
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    return {"n": n, "move": move, "method": method, "cold": cold, "warm": warm, "positions": positions,
            "rss_mb": rss_kb / 1024, "hint": hint_time, "winning": len(hint)}


def run_matches_child(n: int) -> dict[str, Any]:
    code = (
        "import json; from nimarcade.games.matches.bench import matches_child; "
        f"print(json.dumps(matches_child({n})))"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    start = time.perf_counter()
    try:
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
            timeout=CHILD_TIMEOUT, check=True,
        )
    except subprocess.TimeoutExpired:
        return {"n": n, "error": f"gave up after {CHILD_TIMEOUT:.0f} s", "cold": time.perf_counter() - start}
    except subprocess.CalledProcessError as exc:
        return {"n": n, "error": (exc.stderr or "").strip().splitlines()[-1:] or ["failed"]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_matches():
    """Yields one result per size, as each finishes."""
    for n in MATCHES_SIZES:
        row = run_matches_child(n)
        if row.get("cold", 0) > WARN_SECONDS:
            print(f"WARNING: the first move on {n} matches took {row['cold'] / 60:.1f} min (> 10 min)",
                  file=sys.stderr, flush=True)
        yield row


def main(flags: list[str]) -> None:
    print("### Matches in a row: the computer's first move, cold (fresh interpreter, empty cache)\n")
    print("| matches | method | first move (start, count) | cold time | positions memoised | peak memory "
          "| warm time | hint: all winning moves |")
    print("|---:|---|:---:|---:|---:|---:|---:|---:|")
    for row in bench_matches():
        if "error" in row:
            print(f"| {row['n']} | — | — | {row['error']} | — | — | — | — |")
            continue
        move = tuple(row["move"]) if row["move"] is not None else "none (lost)"
        print(
            f"| {row['n']} | {row['method']} | {move} | {fmt_time(row['cold'])} | {row['positions']:,} | "
            f"{row['rss_mb']:.0f} MB | {fmt_time(row['warm'])} | {row['winning']} in {fmt_time(row['hint'])} |",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
