"""Tuning of the Awélé evaluation on self-play data: its terms' weights, or learned house tables.

    python -m nimarcade.games.awele.tools.tune_eval [--games 600] [--depth 5] [--seed 1] [--out FILE]
                                    [--data positions.npz ...] [--shipped-terms]
                                    [--labels result|search] [--label-depth 10] [--all-positions]
                                    [--model terms|houses] [--base capture] [--cap 24] [--ridge 200]
                                    [--wander 0.05] [--self-play-eval EVAL] [--jobs 2] [--seeds 3-6]
                                    [--model net --hidden 16 --epochs 20]

1. Self-play: the compiled core plays itself at a fixed depth (``--self-play-eval``; a move is a
   random one with the chance ``--wander``) from openings of 4-8 random plies, both rules in
   turn; every quiet position (the player to move has no capture) after the opening is kept with
   the game's result for the player to move (1, 0.5, 0). ``--jobs`` shares the games among
   processes.
2. Fit: the evaluation is ``100 × store difference + Σ m_f × f(row of the player to move)
   − Σ w_f × f(row of the other player)`` over the terms of :mod:`nimarcade.games.awele.engine.eval`
   (hundredths of a seed). The store term stays 100 (it is the unit); a logistic model
   ``P(win) = σ(k × eval)`` is fitted by gradient descent on the log-loss, first ``k`` with the
   shipped weights, then the weights with ``k`` fixed.
3. Prints the fitted weights as an evaluation string for ``--eval-a`` of ``nimarcade.compete.arena``
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
``awele_eval.tables("learned:FILE")`` reads (the fifth session's ``eval-houses.json``); the
levels' evaluation costs nothing more (the row tables already hold a value per house and count).

``--model net`` (labels from searches, every position): the same house table and capture weights
plus a network of ``--hidden`` rectified units over the houses' one-hot cells, the seeds on the
board and the store difference (:class:`nimarcade.games.awele.engine.eval.Net`), trained by Adam for
``--epochs`` on the labels' error against ``--base``, then written in integers. The last tenth
of the positions is held out of the training; both errors are printed, measured on the file as
the engines read it (:func:`file_values`). ``assets/awele/eval-learned.json`` is such a file.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]   # the repository: its assets/ and levels/

import numpy as np  # noqa: E402

from nimarcade.games.awele.engine import core as awele_core  # noqa: E402
from nimarcade.games.awele.engine import eval as awele_eval
from nimarcade.games.awele.engine.board import moves, pack  # noqa: E402
from nimarcade.games.awele.engine.engine import TB_BOUND  # noqa: E402
from nimarcade.games.awele.rules import AweleState  # noqa: E402

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
    games, depth, seed, label_depth, all_positions, wander, evaluation, seeds = job
    rng = random.Random(seed)
    out: dict[str, list] = {k: [] for k in ("mine", "theirs", "stores", "capm", "capw", "slam", "y")}
    engine = awele_core.make_engine(evaluation)
    labeller = awele_core.make_engine(evaluation)
    t0 = time.perf_counter()
    for g in range(games):
        rule = ("forbidden", "capture_nothing")[g // 2 % 2]
        state = AweleState.new(seeds, rule, first=g % 2)
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
                label: float = labeller.search(s, max_depth=label_depth).score
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
              evaluation: str = "full", seeds: int = 4) -> dict[str, np.ndarray]:
    """The positions of ``games`` self-play games from ``seeds`` seeds a house, shared among
    ``jobs`` processes."""
    share = [games // jobs + (1 if j < games % jobs else 0) for j in range(jobs)]
    work = [(n, depth, seed * 1000 + j, label_depth, all_positions, wander, evaluation, seeds)
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
    x = house_features(data, cap)
    now = base_values(data, base)
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


#: the network's integer form: a unit's sum is kept in 1/NET_SCALE seed, the output shifted by
#: NET_SHIFT bits (awele_eval.Net)
NET_SCALE = 1024
NET_SHIFT = 20


def base_values(data: dict[str, np.ndarray], base: str) -> np.ndarray:
    """The ``base`` evaluation of every position, for the player to move (hundredths of a seed)."""
    mover, waiting = awele_eval.tables(base, "forbidden")
    return np.array([100 * st + mover.value(packed(m)) - waiting.value(packed(t))
                     + mover.weights.get("capture", 0) * cm - waiting.weights.get("capture", 0) * cw
                     for st, m, t, cm, cw in zip(data["stores"], data["mine"], data["theirs"],
                                                 data["capm"], data["capw"])], float)


def net_inputs(data: dict[str, np.ndarray], cap: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The network's inputs: the 12 one-hot cells (the player to move's six houses, then the
    other's, ``6 * (cap + 1)`` cells a row), the seeds on the board and the store difference."""
    c1 = cap + 1
    idx = np.concatenate([np.arange(6) * c1 + np.minimum(data["mine"], cap),
                          6 * c1 + np.arange(6) * c1 + np.minimum(data["theirs"], cap)], 1).astype(np.int64)
    seeds = (data["mine"].sum(1) + data["theirs"].sum(1)).astype(float)
    return idx, seeds, data["stores"].astype(float)


def fit_net(data: dict[str, np.ndarray], base: str, cap: int, hidden: int, epochs: int = 20,
            seed: int = 0, holdout: float = 0.1, lr: float = 0.003, batch: int = 512) -> dict:
    """A learned file with a network: on top of ``base``, a house table and the two capture
    weights (linear, as ``--model houses``) plus one hidden layer of ``hidden`` rectified units
    over the houses' one-hot cells, the seeds on the board and the store difference, trained by
    Adam on the labels' error against ``base`` (in seeds), then written in integers
    (:class:`awele_eval.Net`). The last ``holdout`` of the positions is kept out of the training
    to measure it. Deterministic for a ``seed``."""
    rng = np.random.default_rng(seed)
    cells = 12 * (cap + 1)
    idx, seeds, stores = net_inputs(data, cap)
    n = len(data["y"])
    now = base_values(data, base)
    target = (data["y"] - now) / 100.0
    dense = np.stack([seeds / 12.0, stores / 10.0], 1)
    lin = np.stack([data["capm"], -data["capw"]], 1).astype(float)
    w1 = rng.normal(0, 0.1, (cells, hidden))
    d1 = rng.normal(0, 0.1, (2, hidden))
    b1 = np.zeros(hidden)
    w2 = rng.normal(0, 0.1, hidden)
    table = np.zeros(cells)
    caps = np.zeros(2)
    params = [w1, d1, b1, w2, table, caps]
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    cut = n - int(n * holdout)
    train = np.arange(cut)

    def forward(rows):
        h = w1[idx[rows]].sum(1) + dense[rows] @ d1 + b1
        a = np.maximum(h, 0)
        return h, a, a @ w2 + table[idx[rows]].sum(1) + lin[rows] @ caps

    step = 0
    rate = lr
    for epoch in range(epochs):
        if epoch == epochs // 2:
            rate *= 0.3
        rng.shuffle(train)
        for s in range(0, cut, batch):
            rows = train[s:s + batch]
            h, a, out = forward(rows)
            g = (out - target[rows]) / len(rows)
            ga = np.outer(g, w2) * (h > 0)
            flat = idx[rows].ravel()
            gw1 = np.zeros_like(w1)
            np.add.at(gw1, flat, np.repeat(ga, 12, axis=0))
            gtable = np.zeros_like(table)
            np.add.at(gtable, flat, np.repeat(g, 12))
            grads = [gw1 + 1e-5 * w1, dense[rows].T @ ga, ga.sum(0), a.T @ g, gtable, lin[rows].T @ g]
            step += 1
            for p, gr, a1, a2 in zip(params, grads, m1, m2):
                a1 *= 0.9
                a1 += 0.1 * gr
                a2 *= 0.999
                a2 += 0.001 * gr * gr
                p -= rate * (a1 / (1 - 0.9 ** step)) / (np.sqrt(a2 / (1 - 0.999 ** step)) + 1e-8)
    # the integer form, then its error as the engines will add it up
    q = NET_SCALE
    qw1 = np.round(w1 * q).astype(np.int64)
    c1 = cap + 1
    cm_delta, cw_delta = (int(round(v * 100)) for v in caps)
    qtable = np.round(table * 100).astype(np.int64)
    spec = ",".join(p for p in (base, f"m.capture={cm_delta}" if cm_delta else "",
                                f"w.capture={cw_delta}" if cw_delta else "") if p)

    def rows_of(t):
        return [[int(v) for v in t[r * c1:(r + 1) * c1]] for r in range(6)]

    def cells_of(t):
        return [[[int(v) for v in t[r * c1 + c]] for c in range(c1)] for r in range(6)]

    net = {"hidden": hidden, "shift": NET_SHIFT, "mover": cells_of(qw1[:6 * c1]), "waiting": cells_of(qw1[6 * c1:]),
           "bias": np.round(b1 * q).astype(np.int64).tolist(),
           "seeds": np.round(d1[0] * q / 12).astype(np.int64).tolist(),
           "stores": np.round(d1[1] * q / 10).astype(np.int64).tolist(),
           "out": np.round(w2 * 100 * (1 << NET_SHIFT) / q).astype(np.int64).tolist()}
    # the engines subtract the waiting row's table (awele_eval: its owner is not to move)
    fitted = {"base": spec, "mover": rows_of(qtable[:6 * c1]), "waiting": rows_of(-qtable[6 * c1:]), "net": net}
    residual = data["y"] - now
    err = data["y"] - file_values(fitted, data)

    def rms(e):
        return round(float(np.sqrt(np.mean(e ** 2))), 1) if len(e) else 0.0

    return {**fitted, "error": [rms(residual), rms(err)], "held_out": [rms(residual[cut:]), rms(err[cut:])],
            "positions": n}


def file_values(fitted: dict, data: dict[str, np.ndarray]) -> np.ndarray:
    """The evaluation a learned file (``base``, ``mover``, ``waiting``, optional ``net``) gives
    every position, for the player to move, as the engines add it up (awele_eval: the waiting
    row's table subtracted, the network's integers): what a fit is measured by."""
    def cells(table, rows):
        t = np.array([r + [r[-1]] * (256 - len(r)) for r in table])   # counts past the last cell read it
        return t[np.arange(6), rows].sum(1)

    v = base_values(data, fitted["base"]) + cells(fitted["mover"], data["mine"]) - cells(fitted["waiting"], data["theirs"])
    net = fitted.get("net")
    if net:
        def units(table, rows):
            t = np.array([r + [r[-1]] * (256 - len(r)) for r in table])   # (6, 256, hidden)
            return t[np.arange(6), rows].sum(1)

        seeds = data["mine"].sum(1) + data["theirs"].sum(1)
        u = (units(net["mover"], data["mine"]) + units(net["waiting"], data["theirs"]) + np.array(net["bias"])
             + np.outer(seeds, net["seeds"]) + np.outer(data["stores"], net["stores"]))
        v = v + ((np.maximum(u, 0).astype(np.int64) @ np.array(net["out"], dtype=np.int64)) >> net["shift"])
    return v


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
    ap.add_argument("--data", type=Path, nargs="+", default=None,
                    help="an .npz of positions: reused when it exists, else written after self-play; "
                         "several existing files are fitted together")
    ap.add_argument("--shipped-terms", action="store_true",
                    help="fit only the terms the shipped evaluation uses (the others stay 0)")
    ap.add_argument("--labels", choices=["result", "search"], default="result")
    ap.add_argument("--label-depth", type=int, default=10)
    ap.add_argument("--all-positions", action="store_true", help="keep positions with a capture to play too")
    ap.add_argument("--model", choices=["terms", "houses", "net"], default="terms",
                    help="terms: the weights of the evaluation's terms; houses: a learned table "
                         "per house and seed count over --base (labels from searches); net: the "
                         "same table plus a small network")
    ap.add_argument("--hidden", type=int, default=16, help="the network's hidden units (--model net)")
    ap.add_argument("--epochs", type=int, default=20, help="the network's training epochs (--model net)")
    ap.add_argument("--base", default="capture", help="the evaluation the house tables correct")
    ap.add_argument("--cap", type=int, default=24, help="seed counts above this share a cell")
    ap.add_argument("--ridge", type=float, default=200.0)
    ap.add_argument("--wander", type=float, default=0.0,
                    help="the chance that a self-play move is a random one")
    ap.add_argument("--self-play-eval", default="full", help="the evaluation of self-play and labels")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=4, choices=range(3, 7), metavar="3-6",
                    help="the seeds a house at the start of the self-play games")
    ns = ap.parse_args(argv)
    search = ns.labels == "search" or ns.model in ("houses", "net")
    if ns.data is not None and all(path.exists() for path in ns.data):
        parts = [dict(np.load(path)) for path in ns.data]
        data = {k: np.concatenate([part[k] for part in parts]) for k in parts[0]}
    elif ns.data is not None and len(ns.data) > 1:
        ap.error(f"--data: {', '.join(str(p) for p in ns.data if not p.exists())} not found")
    else:
        data = self_play(ns.games, ns.depth, ns.seed, ns.label_depth if search else None,
                         ns.all_positions or ns.model in ("houses", "net"), ns.jobs, ns.wander, ns.self_play_eval, ns.seeds)
        if ns.data is not None:
            np.savez_compressed(ns.data[0], **data)  # type: ignore[arg-type]  # numpy's stub reads a name as allow_pickle
    y, stores = data["y"].astype(float), data["stores"].astype(float)
    if ns.model == "net":
        t0 = time.perf_counter()
        fitted = fit_net(data, ns.base, ns.cap, ns.hidden, ns.epochs, ns.seed)
        print(f"{fitted['positions']} positions; error of {ns.base} against the labels: "
              f"{fitted['error'][0]} -> {fitted['error'][1]} with the table and a network of "
              f"{ns.hidden} units ({fitted['held_out'][0]} -> {fitted['held_out'][1]} on the held-out "
              f"positions), hundredths of a seed (RMS); trained in {time.perf_counter() - t0:.0f} s")
        print(f"fitted: base {fitted['base']}")
        if ns.out:
            ns.out.write_text(json.dumps(fitted, separators=(",", ":")) + "\n", encoding="utf-8")
        return 0
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
    terms = [f"{n}={round(v)}" for n, v in zip(names, w) if round(v)]
    spec = ",".join(terms)
    print(f"fitted: {spec}")
    if ns.out:
        ns.out.write_text(spec + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
