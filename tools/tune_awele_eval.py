"""Texel-style tuning of the Awélé evaluation on self-play data.

    python tools/tune_awele_eval.py [--games 600] [--depth 5] [--seed 1] [--out weights.txt]
                                    [--data positions.npz] [--shipped-terms]
                                    [--labels result|search] [--label-depth 10] [--all-positions]

1. Self-play: the compiled core plays itself at a fixed depth from openings of 4-8 random plies;
   every quiet position (the player to move has no capture) after the opening is kept with the
   game's result for the player to move (1, 0.5, 0).
2. Fit: the evaluation is ``100 × store difference + Σ m_f × f(row of the player to move)
   − Σ w_f × f(row of the other player)`` over the terms of :mod:`nimarcade.ai.awele_eval`
   (hundredths of a seed). The store term stays 100 (it is the unit); a logistic model
   ``P(win) = σ(k × eval)`` is fitted by gradient descent on the log-loss, first ``k`` with the
   shipped weights, then the weights with ``k`` fixed.
3. Prints the fitted weights as an evaluation string for ``--eval-a`` of ``nimarcade.arena``
   (whether they pay is then measured in the arena, docs/BENCHMARKS.md).

``--labels search``: each position is labelled instead with the score of a ``--label-depth``
search of the compiled core (the shipped evaluation), and the weights (the row terms and the
``capture`` terms of both players) are fitted by least squares to predict that score: the
evaluation learns what a deeper search sees, not who won the game. ``--all-positions`` keeps
the positions where the player to move can capture too (the ``capture`` term is about them).
"""
from __future__ import annotations

import argparse
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


def row_vector(houses) -> list[int]:
    f = awele_eval.row_features(int.from_bytes(bytes(houses), "little"))
    return [f[t] for t in TERMS]


def best_capture(board: int, side: int) -> int:
    return max((g for _h, _c, g in moves(board, side, False)), default=0)


def self_play(games: int, depth: int, seed: int, label_depth: int | None = None,
              all_positions: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions of self-play games: store difference, features (the row terms of both players,
    then the capture terms) and the label (the result, or the score of a deeper search)."""
    rng = random.Random(seed)
    stores, feats, results = [], [], []
    engine = awele_core.make_engine("full")
    labeller = awele_core.make_engine("full")
    t0 = time.perf_counter()
    for g in range(games):
        state = AweleState.new(4, "forbidden", first=g % 2)
        for _ in range(rng.randrange(4, 9)):
            if state.is_over:
                break
            state = state.play(state.random_move(rng))
        seen = []
        while not state.is_over:
            p = state.to_move
            captures = any(gain for _h, _c, gain in moves(pack(state.houses), p, False))
            if all_positions or not captures:
                seen.append(state)
            state = state.play(engine.search(state, max_depth=depth, rng=rng).move)
        final = state.final_scores()
        for s in seen:
            p = s.to_move
            mine, theirs = s.houses[6 * p:6 * p + 6], s.houses[6 - 6 * p:12 - 6 * p]
            if label_depth is not None:
                label = labeller.search(s, max_depth=label_depth).score
                if abs(label) > TB_BOUND:   # decided: no evaluation to learn there
                    continue
            else:
                label = 0.5 if final[p] == final[1 - p] else float(final[p] > final[1 - p])
            board = pack(s.houses)
            stores.append(s.stores[p] - s.stores[1 - p])
            feats.append(row_vector(mine) + [-x for x in row_vector(theirs)]
                         + [best_capture(board, p), -best_capture(board, 1 - p)])
            results.append(label)
        if (g + 1) % 50 == 0:
            print(f"{g + 1} games, {len(results)} positions, {time.perf_counter() - t0:.0f} s", flush=True)
    return np.array(stores, float), np.array(feats, float), np.array(results, float)


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
    ns = ap.parse_args(argv)
    search = ns.labels == "search"
    if ns.data is not None and ns.data.exists():
        z = np.load(ns.data)
        stores, feats, y = z["stores"], z["feats"], z["y"]
    else:
        stores, feats, y = self_play(ns.games, ns.depth, ns.seed, ns.label_depth if search else None,
                                     ns.all_positions)
        if ns.data is not None:
            np.savez_compressed(ns.data, stores=stores, feats=feats, y=y)
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
