"""``python -m nimarcade.bench awele [--quick]``: speed of the Awélé engine.

For the opening and two middle-game positions: the depth the level-3 engine (default evaluation,
no endgame table, a fresh transposition table) completes in 1 s, the nodes it visits (leaves
included) and nodes per second; then the time to complete fixed depths from the opening.
``--quick`` thinks 0.25 s instead of 1 s and stops the fixed depths at 10.
"""
from __future__ import annotations

import time

from nimarcade.ai.awele_engine import Engine, describe
from nimarcade.ai.awele_player import LEVELS
from nimarcade.rules.awele import AweleState, house_label

POSITIONS = (
    ("opening (4 seeds)", AweleState.new()),
    ("middle game A", AweleState.from_board((3, 0, 7, 1, 5, 2, 0, 4, 6, 2, 1, 9), (4, 4), 0)),
    ("middle game B", AweleState.from_board((1, 2, 0, 12, 0, 3, 2, 0, 1, 4, 5, 0), (9, 9), 1)),
)


def _move(state: AweleState, house: int) -> str:
    return f"{'S' if house < 6 else 'N'}{house_label(house)}"


def main(flags: list[str]) -> None:
    quick = "--quick" in flags
    limit = 0.25 if quick else 1.0
    evaluation = LEVELS[3].evaluation
    print(f"Awélé engine: evaluation {evaluation!r}, {limit:g} s a position, pure Python\n")
    print(f"| position | depth in {limit:g} s | nodes | nodes/s | best move | score |")
    print("|---|---:|---:|---:|---|---|")
    for name, state in POSITIONS:
        Engine(evaluation).search(state, max_depth=4)  # warm the row caches, as in a game
        engine = Engine(evaluation)
        r = engine.search(state, time_limit=limit)
        nps = r.nodes / r.elapsed if r.elapsed else 0.0
        print(f"| {name} | {r.depth} | {r.nodes:,} | {nps:,.0f} | {_move(state, r.move)} | {describe(r.score)} |")
    print()
    top = 10 if quick else 14
    print("| depth (opening) | seconds | nodes |")
    print("|---:|---:|---:|")
    state = POSITIONS[0][1]
    for depth in range(8, top + 1, 2):
        engine = Engine(evaluation)
        t0 = time.perf_counter()
        r = engine.search(state, max_depth=depth)
        print(f"| {depth} | {time.perf_counter() - t0:.2f} | {r.nodes:,} |")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
