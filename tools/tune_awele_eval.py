"""Tuning of the Awélé evaluation on self-play data: its terms' weights, or learned house tables.

    python tools/tune_awele_eval.py [--games 600] [--depth 5] [--seed 1] [--out FILE]
                                    [--data positions.npz] [--shipped-terms]
                                    [--labels result|search] [--label-depth 10] [--all-positions]
                                    [--model terms|houses] [--base capture] [--cap 24] [--ridge 200]
                                    [--wander 0.05] [--self-play-eval EVAL] [--jobs 2]

1. Self-play: the compiled core plays itself at a fixed depth (``--self-play-eval``; a move is a
   random one with the chance ``--wander``) from openings of 4-8 random plies, both rules in
   turn; every quiet position (the player to move has no capture) after the opening is kept with
   the game's result for the player to move (1, 0.5, 0). ``--jobs`` shares the games among
   processes.
2. Fit: the evaluation is ``100 × store difference + Σ m_f × f(row of the player to move)
   − Σ w_f × f(row of the other player)`` over the terms of :mod:`nimarcade.ai.awele_eval`
   (hundredths of a seed). The store term stays 100 (it is the unit); a logistic model
   ``P(win) = σ(k × eval)`` is fitted by gradient descent on the log-loss, first ``k`` with the
   shipped weights, then the weights with ``k`` fixed.
3. Prints the fitted weights as an evaluation string for ``--eval-a`` of ``nimarcade.arena``
   (whether they pay is then measured in the arena, docs/BENCHMARKS.md).

``--labels search``: each position is labelled instead with the score of a ``--label-depth``
search of the compiled core (the self-play evaluation), and the weights (the row terms and the
``capture`` terms of both players) are fitted by least squares to predict that score: the
evaluation learns what a deeper search sees, not who won the game. ``--all-positions`` keeps
the positions where the player to move can capture too (the ``capture`` term is about them).

``--model houses`` (labels from searches, every position): instead of a few terms' weights, a
value for each (row, relative house, seed count up to ``--cap``) added to the ``--base``
evaluation, and corrections of its two capture weights, fitted by ridge least squares (``--ridge``
pulls the cells seen rarely towards the base). It is written as JSON, the file that
``awele_eval.tables("learned:FILE")`` reads and ``assets/awele/eval-houses.json`` ships; the
levels' evaluation costs nothing more (the row tables already hold a value per house and count).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from nimarcade.ai import awele_core, awele_eval  # noqa: E402
from nimarcade.ai.awele_board import moves, pack  # noqa: E402
from nimarcade.ai.awele_engine import TB_BOUND  # noqa: E402
from nimarcade.rules.awele import AweleState  # noqa: E402

TERMS = awele_eval.FEATURES


def packed(houses) -> int:
    """A row's six houses as the evaluation's 48 packed bits."""
    return int.from_bytes(bytes(int(n) for n in houses), "little")


def row_vector(houses) -> list[int]:
    f = awele_eval.row_features(packed(houses))
    return [f[t] for t in TERMS]


def best_capture(board: int, side: int, slam_nothing: bool) -> int:
    return max((g for _h, _c, g in moves(board, side, slam_nothing)), default=0)


def _games(job: tuple) -> dict[str, list]:
    """Positions of self-play games (one worker's share): the two rows (the player to move's
    first), the store difference, each player's best capture, the rule and the label (the
    result, or the score of a deeper search)."""
    games, depth, seed, label_depth, all_positions, wander, evaluation = job
    rng = random.Random(seed)
    out: dict[str, list] = {k: [] for k in ("mine", "theirs", "stores", "capm", "capw", "slam", "y")}
    engine = awele_core.make_engine(evaluation)
    labeller = awele_core.make_engine(evaluation)
    t0 = time.perf_counter()
    for g in range(games):
        rule = ("forbidden", "capture_nothing")[g // 2 % 2]
        state = AweleState.new(4, rule, first=g % 2)
        for _ in range(rng.randrange(4, 9)):
            if state.is_over:
                break
            state = state.play(state.random_move(rng))
        seen = []
        nothing = rule == "capture_nothing"
        while not state.is_over:
            p = state.to_move
            captures = any(gain for _h, _c, gain in moves(pack(state.houses), p, nothing))
            if all_positions or not captures:
                seen.append(state)
            if rng.random() < wander:
                state = state.play(state.random_move(rng))
            else:
                state = state.play(engine.search(state, max_depth=depth, rng=rng).move)
        final = state.final_scores()
        for s in seen:
            p = s.to_move
            if label_depth is not None:
                label = labeller.search(s, max_depth=label_depth).score
                if abs(label) > TB_BOUND:   # decided: no evaluation to learn there
                    continue
            else:
                label = 0.5 if final[p] == final[1 - p] else float(final[p] > final[1 - p])
            board = pack(s.houses)
            out["mine"].append(s.houses[6 * p:6 * p + 6])
            out["theirs"].append(s.houses[6 - 6 * p:12 - 6 * p])
            out["stores"].append(s.stores[p] - s.stores[1 - p])
            out["capm"].append(best_capture(board, p, nothing))
            out["capw"].append(best_capture(board, 1 - p, nothing))
            out["slam"].append(nothing)
            out["y"].append(label)
        if (g + 1) % 50 == 0:
            print(f"[{seed}] {g + 1} games, {len(out['y'])} positions, {time.perf_counter() - t0:.0f} s",
                  flush=True)
    return out


def self_play(games: int, depth: int, seed: int, label_depth: int | None = None,
              all_positions: bool = False, jobs: int = 1, wander: float = 0.0,
              evaluation: str = "full") -> dict[str, np.ndarray]:
    """The positions of ``games`` self-play games, shared among ``jobs`` processes."""
    share = [games // jobs + (1 if j < games % jobs else 0) for j in range(jobs)]
    work = [(n, depth, seed * 1000 + j, label_depth, all_positions, wander, evaluation)
            for j, n in enumerate(share) if n]
    if jobs == 1:
        parts = [_games(w) for w in work]
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            parts = pool.map(_games, work)
    return {k: np.array([v for part in parts for v in part[k]]) for k in parts[0]}


def term_features(data: dict[str, np.ndarray]) -> np.ndarray:
    """The row terms of the player to move, minus the other's, then the two capture terms."""
    return np.array([row_vector(m) + [-x for x in row_vector(t)] + [cm, -cw]
                     for m, t, cm, cw in zip(data["mine"], data["theirs"], data["capm"], data["capw"])],
                    float)


def house_features(data: dict[str, np.ndarray], cap: int) -> np.ndarray:
    """One column per (row, relative house, seeds up to ``cap``): 1 for the player to move's
    houses, -1 for the other's; then the two capture terms."""
    n = len(data["y"])
    width = 6 * (cap + 1)
    x = np.zeros((n, 2 * width + 2))
    rows = np.arange(n)
    for r in range(6):
        x[rows, r * (cap + 1) + np.minimum(data["mine"][:, r], cap)] += 1
        x[rows, width + r * (cap + 1) + np.minimum(data["theirs"][:, r], cap)] -= 1
    x[:, -2] = data["capm"]
    x[:, -1] = -data["capw"]
    return x


def fit_houses(data: dict[str, np.ndarray], base: str, cap: int, ridge: float) -> dict:
    """House tables (deltas over ``base``) and capture weights fitted by ridge least squares to
    the labels' error against ``base``: cells seen rarely stay near the base evaluation."""
    mover, waiting = awele_eval.tables(base, "forbidden")
    x = house_features(data, cap)
    now = np.array([100 * st + mover.value(packed(m))
                    - waiting.value(packed(t))
                    + mover.weights.get("capture", 0) * cm - waiting.weights.get("capture", 0) * cw
                    for st, m, t, cm, cw in zip(data["stores"], data["mine"], data["theirs"],
                                                data["capm"], data["capw"])], float)
    residual = data["y"] - now
    a = x.T @ x + ridge * np.eye(x.shape[1])
    delta = np.linalg.solve(a, x.T @ residual)
    before = float(np.sqrt(np.mean(residual ** 2)))
    after = float(np.sqrt(np.mean((residual - x @ delta) ** 2)))
    width = 6 * (cap + 1)
    table = delta[:2 * width].round().astype(int)
    spec = ",".join(p for p in (base, f"m.capture={round(delta[-2])}" if round(delta[-2]) else "",
                                f"w.capture={round(delta[-1])}" if round(delta[-1]) else "") if p)
    return {"base": spec,
            "mover": [table[r * (cap + 1):(r + 1) * (cap + 1)].tolist() for r in range(6)],
            "waiting": [table[width + r * (cap + 1):width + (r + 1) * (cap + 1)].tolist() for r in range(6)],
            "error": [round(before, 1), round(after, 1)], "positions": len(data["y"])}


def loss_grad(k, w, stores, feats, y):
    ev = 100 * stores + feats @ w
    p = 1 / (1 + np.exp(-k * ev))
    eps = 1e-9
    loss = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
    d = (p - y) / len(y)
    return loss, k * (feats.T @ d), np.sum(d * ev)


def fit(stores, feats, y, w0):
    """k by a grid search with the shipped weights, then the weights by Adam with k fixed."""
    w = w0.astype(float).copy()
    ks = np.geomspace(1e-4, 1e-1, 61)
    k = min(ks, key=lambda kk: loss_grad(kk, w, stores, feats, y)[0])
    base = loss_grad(k, w, stores, feats, y)[0]
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    lr = 0.5  # hundredths of a seed a step
    for t in range(1, 4001):
        loss, gw, _ = loss_grad(k, w, stores, feats, y)
        m = 0.9 * m + 0.1 * gw
        v = 0.999 * v + 0.001 * gw * gw
        w -= lr * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-12)
    return k, base, loss_grad(k, w, stores, feats, y)[0], w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--data", type=Path, default=None,
                    help="an .npz of positions: reused when it exists, else written after self-play")
    ap.add_argument("--shipped-terms", action="store_true",
                    help="fit only the terms the shipped evaluation uses (the others stay 0)")
    ap.add_argument("--labels", choices=["result", "search"], default="result")
    ap.add_argument("--label-depth", type=int, default=10)
    ap.add_argument("--all-positions", action="store_true", help="keep positions with a capture to play too")
    ap.add_argument("--model", choices=["terms", "houses"], default="terms",
                    help="terms: the weights of the evaluation's terms; houses: a learned table "
                         "per house and seed count over --base (labels from searches)")
    ap.add_argument("--base", default="capture", help="the evaluation the house tables correct")
    ap.add_argument("--cap", type=int, default=24, help="seed counts above this share a cell")
    ap.add_argument("--ridge", type=float, default=200.0)
    ap.add_argument("--wander", type=float, default=0.0,
                    help="the chance that a self-play move is a random one")
    ap.add_argument("--self-play-eval", default="full", help="the evaluation of self-play and labels")
    ap.add_argument("--jobs", type=int, default=1)
    ns = ap.parse_args(argv)
    search = ns.labels == "search" or ns.model == "houses"
    if ns.data is not None and ns.data.exists():
        data = dict(np.load(ns.data))
    else:
        data = self_play(ns.games, ns.depth, ns.seed, ns.label_depth if search else None,
                         ns.all_positions or ns.model == "houses", ns.jobs, ns.wander, ns.self_play_eval)
        if ns.data is not None:
            np.savez_compressed(ns.data, **data)
    y, stores = data["y"].astype(float), data["stores"].astype(float)
    if ns.model == "houses":
        fitted = fit_houses(data, ns.base, ns.cap, ns.ridge)
        print(f"{fitted['positions']} positions; error of {ns.base} against the depth-{ns.label_depth} "
              f"search: {fitted['error'][0]} -> {fitted['error'][1]} with the house tables "
              "(hundredths of a seed, RMS)")
        text = json.dumps(fitted, separators=(",", ":"))
        print(f"fitted: base {fitted['base']}")
        if ns.out:
            ns.out.write_text(text + "\n", encoding="utf-8")
        return 0
    feats = term_features(data)
    mover, waiting = awele_eval.PRESETS["full"]
    names = [f"m.{t}" for t in TERMS] + [f"w.{t}" for t in TERMS] + ["m.capture", "w.capture"]
    w0 = np.array([mover.get(t, 0) for t in TERMS] + [waiting.get(t, 0) for t in TERMS] + [0, 0])
    if search:
        target = y - 100 * stores
        base = float(np.sqrt(np.mean((feats @ w0 - target) ** 2)))
        cols = np.ones(len(w0), bool) if not ns.shipped_terms else (w0 != 0)
        w = np.zeros(len(w0))
        w[cols] = np.linalg.lstsq(feats[:, cols], target, rcond=None)[0]
        loss = float(np.sqrt(np.mean((feats @ w - target) ** 2)))
        print(f"{len(y)} positions; error of the evaluation against the depth-{ns.label_depth} search: "
              f"{base:.1f} (shipped weights) -> {loss:.1f} (fitted), hundredths of a seed (RMS)")
    else:
        feats = feats[:, :2 * len(TERMS)]
        w0 = w0[:2 * len(TERMS)]
        if ns.shipped_terms:  # the other columns are dropped: their weights stay 0
            feats = feats * (w0 != 0)
        k, base, loss, w = fit(stores, feats, y, w0)
        print(f"{len(y)} positions; k = {k:.5f}; log-loss {base:.4f} (shipped weights) -> {loss:.4f} (fitted)")
    parts = [f"{n}={round(v)}" for n, v in zip(names, w) if round(v)]
    spec = ",".join(parts)
    print(f"fitted: {spec}")
    if ns.out:
        ns.out.write_text(spec + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
