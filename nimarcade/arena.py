"""``python -m nimarcade.arena awele --a 3 --b 2 --games 20 [--time 1.0] [--seed N]``

Plays two computer levels against each other. Games go in pairs: both games of a pair start with
the same few random moves (drawn from ``--seed``) and the players swap colours, so an opening that
favours one side favours both players once. Prints each result, then A's score (wins + half the
draws) with a 95% interval, the game results and each side's average time per move.

``--time S`` scales the thinking time of the timed levels: level 3 gets S seconds a move and level
4 five times S (their 1 s / 5 s defaults at S = 1). ``--time-a`` / ``--time-b`` set one side's
seconds a move exactly; ``--depth-a`` / ``--depth-b`` give a side a fixed depth instead;
``--eval-a`` / ``--eval-b`` pick an evaluation preset (:mod:`nimarcade.ai.awele_eval`);
``--table-a`` / ``--table-b`` ``on|off`` force the endgame table. ``--baseline b`` (or ``a``)
gives that side the frozen pure-Python engine of :mod:`nimarcade.ai.baseline` (the engine before
the compiled core, its levels and its 10-seed tables), so changes are measured against a fixed
opponent. ``--jobs N`` plays N games at a time in separate processes (use 1, the default, when
timing matters).
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass

from nimarcade.rules.awele import VARIANTS, AweleState

#: A game still running after this many plies is stopped and scored like an ended game
#: (stores plus each row's seeds). It does not happen in practice: repetition ends loops.
MAX_PLIES = 1000


@dataclass
class Side:
    level: int
    time: float | None
    depth: int | None
    evaluation: str | None
    table: bool | None
    baseline: bool = False

    def label(self) -> str:
        bits = [f"{'base-' if self.baseline else ''}L{self.level}"]
        if self.depth is not None:
            bits.append(f"d{self.depth}")
        elif self.time is not None:
            bits.append(f"{self.time:g}s")
        if self.evaluation:
            bits.append(self.evaluation)
        if self.table is not None:
            bits.append("table" if self.table else "no-table")
        return "/".join(bits)


@dataclass
class GameResult:
    index: int
    a_color: int
    winner: int | None       # 0 / 1 (colour) or None for a draw
    scores: tuple[int, int]   # final scores by colour
    end: str
    plies: int
    times: tuple[float, float]   # total thinking seconds of A, of B
    moves: tuple[int, int]       # moves played by A, by B

    @property
    def a_points(self) -> float:
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.a_color else 0.0


def opening(seed: int, pair: int, plies: int, seeds: int, variant: str) -> list[int]:
    rng = random.Random(f"awele-opening-{seed}-{pair}")
    state = AweleState.new(seeds, variant)
    line = []
    for _ in range(plies):
        if state.is_over:
            break
        move = state.random_move(rng)
        line.append(move)
        state = state.play(move)
    return line


def play_game(args: tuple) -> GameResult:
    from nimarcade.ai import awele_player
    from nimarcade.ai.baseline import awele_player as baseline_player

    index, a, b, seed, plies, seeds, variant = args
    a_color = index % 2
    players = {}
    for who, side in (("a", a), ("b", b)):
        module = baseline_player if side.baseline else awele_player
        players[who] = module.AwelePlayer(side.level, depth=side.depth, time=side.time,
                                          evaluation=side.evaluation, endgame=side.table)
    rngs = {"a": random.Random(f"a-{seed}-{index}"), "b": random.Random(f"b-{seed}-{index}")}
    state = AweleState.new(seeds, variant)
    for move in opening(seed, index // 2, plies, seeds, variant):
        state = state.play(move)
    spent = {"a": 0.0, "b": 0.0}
    count = {"a": 0, "b": 0}
    n = 0
    while not state.is_over and n < MAX_PLIES:
        who = "a" if state.to_move == a_color else "b"
        t0 = time.perf_counter()
        move = players[who].choose(state, rngs[who])
        spent[who] += time.perf_counter() - t0
        count[who] += 1
        state = state.play(move)
        n += 1
    scores = state.final_scores()
    winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
    return GameResult(index, a_color, winner, scores, state.end or "max_plies", n,
                      (spent["a"], spent["b"]), (count["a"], count["b"]))


def summary(results: list[GameResult]) -> dict:
    n = len(results)
    pts = [r.a_points for r in results]
    mean = sum(pts) / n
    var = sum((p - mean) ** 2 for p in pts) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    return {
        "games": n, "score": mean, "se": se,
        "low": max(0.0, mean - 1.96 * se), "high": min(1.0, mean + 1.96 * se),
        "wins": sum(1 for p in pts if p == 1.0), "draws": sum(1 for p in pts if p == 0.5),
        "losses": sum(1 for p in pts if p == 0.0),
        "a_time": sum(r.times[0] for r in results) / max(1, sum(r.moves[0] for r in results)),
        "b_time": sum(r.times[1] for r in results) / max(1, sum(r.moves[1] for r in results)),
    }


def _side(level, time_scale, time_exact, depth, evaluation, table) -> Side:
    t = time_exact
    if t is None and depth is None and time_scale is not None and level in (3, 4):
        t = time_scale * (1.0 if level == 3 else 5.0)
    tb = None if table is None else table == "on"
    return Side(level, t, depth, evaluation, tb)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m nimarcade.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=["awele"])
    ap.add_argument("--a", type=int, required=True, choices=[1, 2, 3, 4], help="level of player A")
    ap.add_argument("--b", type=int, required=True, choices=[1, 2, 3, 4], help="level of player B")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--time", type=float, default=None, help="time scale for levels 3-4 (1.0: 1 s / 5 s)")
    ap.add_argument("--time-a", type=float, default=None)
    ap.add_argument("--time-b", type=float, default=None)
    ap.add_argument("--depth-a", type=int, default=None)
    ap.add_argument("--depth-b", type=int, default=None)
    ap.add_argument("--eval-a", default=None)
    ap.add_argument("--eval-b", default=None)
    ap.add_argument("--table-a", choices=["on", "off"], default=None)
    ap.add_argument("--table-b", choices=["on", "off"], default=None)
    ap.add_argument("--baseline", choices=["a", "b"], default=None,
                    help="this side plays with the frozen pre-compiled-core engine")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=4, help="random plies before the players take over")
    ap.add_argument("--seeds", type=int, default=4, help="seeds per house (3-6)")
    ap.add_argument("--variant", choices=VARIANTS, default="forbidden")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--quiet", action="store_true", help="only the summary")
    ns = ap.parse_args(argv)
    if ns.games < 1:
        ap.error("--games must be at least 1")
    a = _side(ns.a, ns.time, ns.time_a, ns.depth_a, ns.eval_a, ns.table_a)
    b = _side(ns.b, ns.time, ns.time_b, ns.depth_b, ns.eval_b, ns.table_b)
    if ns.baseline == "a":
        a.baseline = True
    elif ns.baseline == "b":
        b.baseline = True
    print(f"Awélé arena: A = {a.label()} vs B = {b.label()}, {ns.games} games, {ns.seeds} seeds, "
          f"grand slam {ns.variant}, {ns.opening} random opening plies, seed {ns.seed}", flush=True)
    jobs = [(i, a, b, ns.seed, ns.opening, ns.seeds, ns.variant) for i in range(ns.games)]
    results: list[GameResult] = []
    if ns.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(ns.jobs) as pool:
            for r in pool.imap(play_game, jobs):
                results.append(r)
                _report(r, ns.quiet)
    else:
        for job in jobs:
            r = play_game(job)
            results.append(r)
            _report(r, ns.quiet)
    s = summary(results)
    print(f"\nA ({a.label()}) vs B ({b.label()}): +{s['wins']} ={s['draws']} -{s['losses']}  "
          f"score {100 * s['score']:.1f}% ± {100 * 1.96 * s['se']:.1f} "
          f"(95% interval {100 * s['low']:.1f}-{100 * s['high']:.1f}%)")
    print(f"average time a move: A {s['a_time']:.3f} s, B {s['b_time']:.3f} s")
    return 0


def _report(r: GameResult, quiet: bool) -> None:
    if quiet:
        return
    colour = ("South", "North")
    who = "draw" if r.winner is None else ("A wins" if r.winner == r.a_color else "B wins")
    print(f"game {r.index + 1:3d}: A plays {colour[r.a_color]}  {r.scores[0]:2d}-{r.scores[1]:2d}  "
          f"{who:7s} ({r.end}, {r.plies} plies)", flush=True)


if __name__ == "__main__":
    sys.exit(main())
