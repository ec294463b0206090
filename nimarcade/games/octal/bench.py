"""The lab's proofs and positions (``python -m nimarcade.bench octal [--far]``).

First the solved games of the literature (:data:`LITERATURE`), each proved here and compared with
its published row; ``--quick`` leaves out 0.376 and 0.354. Each row runs in a fresh interpreter
(nothing shared; numba's compiled loops come from its disk cache once built, the first run compiles
them): the period and preperiod proved by the octal periodicity theorem, the values the proof
needed, how many it computed, the time, and the peak memory of that interpreter. Then codes whose
period is unknown here, to say how far the search goes in its default 30 s (``--far``: 300 s). Then
positions: the exact verdict and every winning move, by the method that decides them (Grundy values,
the misère quotient, the search). ``--kept`` alone: the sparse loops' cost a value from each
checkpoint of ``nimarcade lab --table unsolved`` (:func:`kept_child`).

Without ``--quick``, also the sparse loops against the plain ones on 100 random codes to 20,000
values (:func:`sparse_check_child`; the suite runs them to 3,000).

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
from nimarcade.i18n import N_

ROOT = Path(__file__).resolve().parents[3]
#: The solved octal games of the literature, as published: code -> (preperiod, period, largest
#: value, its first position, rare mask, rare values, last rare position, who solved it). Source:
#: the « Nontrivial solved games » table of tczajka/octal-games (SolvedGames.md), which gathers
#: Winning Ways, Gangolli and Plambeck (1989) and Flammenkamp's octal-games pages (.354:
#: Flammenkamp, 2002). A mask of None: the table gives none (.165), or a sparse space in the
#: positions (.127, "1+pos"), which the lab does not look for.
LITERATURE = {
    "0.45": (498, 20, 8, 37, 0xF, 11, 198, ""),
    "0.156": (3479, 349, 23, 1032, 0x1B, 15, 357, "Kenyon 1967"),
    "0.356": (7315, 142, 19, 86, 0x1B, 7, 43, "Austin 1976"),
    "0.644": (3256, 442, 64, 333, 0x7E, 31, 511, "Austin 1976"),
    "0.165": (5181, 1550, 25, 620, None, None, None, "Austin 1976"),
    "0.16": (105351, 149459, 23, 229790, 0x1E, 53, 13935, "Gangolli, Plambeck 1989"),
    "0.56": (326640, 144, 64, 22778, 0x5B, 46, 1795, "Gangolli, Plambeck 1989"),
    "0.127": (46578, 4, 56, 24734, None, 693, 27106, "Gangolli, Plambeck 1989"),
    "0.376": (2268248, 4, 176, 341612, 0xFE, 510, 1140540, "Gangolli, Plambeck 1989"),
    "0.354": (10061916, 1180, 113, 1152, 0x3F, 132, 3227, "Flammenkamp 2002"),
}
#: The slow rows, left out by ``--quick``.
SLOW = ("0.376", "0.354")
OPTIONS = {"--far": N_("octal.bench.far"), "--kept": N_("octal.bench.kept")}
PROVED = ("0.77", "0.07", "0.137", "0.1377", "0.177", "0.11377", "0.127")
BEYOND = ("0.1777", "0.6", "0.007", "0.14", "0.36")
POSITIONS = (("0.77", (40, 55, 70), False), ("0.777", (60,), True), ("0.777", (25, 30, 35), True),
             ("0.07", (9, 11, 13), True), ("0.6", (150, 170, 190), False))
CHILD_TIMEOUT = 3600.0


def proof_child(code: str, seconds: float) -> dict[str, Any]:
    import resource

    from nimarcade.games.takeaway import grundy
    from nimarcade.games.takeaway.code import OctalCode

    c = OctalCode.parse(code)
    t0 = time.perf_counter()
    compiled = grundy.compiled()
    load = time.perf_counter() - t0
    t0 = time.perf_counter()
    proof = grundy.prove(c, seconds=seconds)
    took = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    seq = grundy.sequence(c)
    out = {"code": code, "period": proof.period, "preperiod": proof.preperiod, "bound": proof.proof_bound,
           "searched": proof.searched, "time": took, "load": load, "rss_mb": rss, "compiled": compiled,
           "stopped": proof.stopped, "sparse": seq.sparse}
    out.update(seq.stats())
    return out


def random_codes(count: int, seed: int = 41, avoid: tuple[str, ...] = ()) -> list[str]:
    """``count`` distinct octal codes of one to four digits, from a seeded ``random.Random``."""
    import random

    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        head = rng.choice("04")
        tail = "".join(rng.choice("01234567") for _ in range(rng.randint(1, 4))).rstrip("0")
        text = f"{head}.{tail}"
        if tail and text not in out and text not in avoid:
            out.append(text)
    return out


def sparse_check_child(count: int, codes: int) -> dict[str, Any]:
    """The sparse loops against the plain ones on ``codes`` random codes to ``count`` values each,
    with the best mask (the sparse loops only where one holds) and with the mask 0b110 forced on
    every code whose values stay below 64: the codes that differ, and the times."""
    import numpy as np

    from nimarcade.games.takeaway import grundy
    from nimarcade.games.takeaway.code import OctalCode

    extend = grundy._kernel()[0]
    out: dict[str, Any] = {"codes": codes, "count": count, "differ": [], "sparse": 0, "forced": 0,
                           "plain_s": 0.0, "sparse_s": 0.0}
    for text in random_codes(codes):
        c = OctalCode.parse(text)
        t0 = time.perf_counter()
        G = np.zeros(count, np.int32)
        seen = np.zeros(1 << 16, np.int32)
        digits = np.array([c.digit(k) for k in range(len(c.digits))], np.int32)
        n = 1
        while n < count:
            n = extend(G, n, count, digits, seen)
        want = [int(v) for v in G]
        out["plain_s"] += time.perf_counter() - t0
        t0 = time.perf_counter()
        seq = grundy.Sequence(c, sparse_from=64)
        got = seq.values(count)
        out["sparse_s"] += time.perf_counter() - t0
        out["sparse"] += bool(seq.sparse)
        if got != want:
            out["differ"].append(text)
        if max(want) < 64:
            out["forced"] += 1
            if grundy.Sequence(c, sparse_from=64, mask=0b110).values(count) != want:
                out["differ"].append(text + " (0b110)")
    return out


def literature_row(code: str, r: dict[str, Any]) -> str:
    """One row of the literature's table: ours beside the published figures."""
    pre, period, largest, at, mask, rare, last, who = LITERATURE[code]
    same = (r["preperiod"], r["period"], r["largest"], r["largest_at"]) == (pre, period, largest, at)
    ours_mask = f"{r['rare_mask']:x}" if r["rare_mask"] else "—"
    pub_mask = f"{mask:x}" if mask is not None else "—"
    rare_same = mask is None or (r["rare_mask"], r["rare_count"], r["last_rare"]) == (mask, rare, last)
    ours_rare = f"{ours_mask} / {r['rare_count'] if r['rare_count'] is not None else '—'} / " \
                f"{r['last_rare'] if r['last_rare'] is not None else '—'}"
    pub_rare = f"{pub_mask} / {rare if rare is not None else '—'} / {last if last is not None else '—'}"
    return (f"| {code} | {r['period']} ({period}) | {r['preperiod']:,} ({pre:,}) | {r['largest']} at {r['largest_at']:,} "
            f"({largest} at {at:,}) | {ours_rare} ({pub_rare}) | {'sparse' if r['sparse'] else 'plain'} | "
            f"{r['searched']:,} | {fmt_time(r['time'])} | {r['rss_mb']:.0f} MB | "
            f"{'yes' if same else 'NO'}{'' if rare_same else ' (rare set differs)'} | {who} |")


def position_child(code: str, heaps: list[int], misere: bool) -> dict[str, Any]:
    import resource

    from nimarcade.games.octal import solver
    from nimarcade.games.octal.rules import OctalState

    from nimarcade.games.takeaway import grundy

    grundy.compiled()
    state = OctalState.new(heaps, code, misere)
    t0 = time.perf_counter()
    v = solver.verdict(state)
    took = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"method": v.method, "wins": v.wins, "moves": None if v.moves is None else len(v.moves), "time": took,
            "rss_mb": rss}


#: ``--kept``: where the sparse loops are timed from each kept checkpoint, and for how many values.
KEPT_AT = 4_000_000
KEPT_VALUES = 2_000


def kept_child(code: str, at: int = KEPT_AT, count: int = KEPT_VALUES) -> dict[str, Any]:
    """The loops' CPU time a value past ``at`` values of the code's checkpoint (``lab --table
    unsolved`` keeps one a code in the data folder): resumed as the lab resumes it
    (:meth:`nimarcade.games.takeaway.grundy.Sequence.restore`, its mask looked at again), then ``count`` values more,
    compared with the checkpoint's own."""
    import numpy as np

    from nimarcade.games.takeaway import checkpoint, grundy
    from nimarcade.games.takeaway.code import OctalCode

    c = OctalCode.parse(code)
    kept = checkpoint.load(c)
    if kept is None or len(kept[0]) < count + 1000:
        return {"error": "no checkpoint"}
    values, mask = kept
    at = min(at, len(values) - count - 5)
    seq = grundy.Sequence(c)
    seq.restore(values[:at], mask)
    seq.ensure(at + 5)                              # (the loops loaded and run once)
    t0 = time.process_time()
    seq.ensure(at + 5 + count)
    took = time.process_time() - t0
    same = bool((np.asarray(seq.G[at:at + 5 + count]) == values[at:at + 5 + count]).all())
    return {"at": at, "kept_mask": mask, "mask": seq.mask, "rare": seq.rare_so_far(), "us": took / count * 1e6,
            "equal": same}


def kept(codes: tuple[str, ...]) -> None:
    """``--kept``: :func:`kept_child` for every code of the unsolved list that has a checkpoint."""
    print(f"### The sparse loops from the kept checkpoints: CPU time a value, {KEPT_VALUES:,} values past "
          f"{KEPT_AT:,} (or the checkpoint's end)\n")
    print("| code | from | mask kept → used | rare | a value | equal to the checkpoint |")
    print("|---|---:|---|---:|---:|---|")
    for code in codes:
        r = run_child(f"kept_child({code!r})")
        if "error" not in r:
            rare = f"{r['rare']:,}" if r["rare"] is not None else "— (the plain loops)"
            print(f"| {code} | {r['at']:,} | {r['kept_mask']:x} → {r['mask'] or 0:x} | {rare} | {r['us']:.1f} µs | "
                  f"{'yes' if r['equal'] else 'NO'} |", flush=True)


def run_child(call: str) -> dict[str, Any]:
    code = f"import json; from nimarcade.games.octal.bench import *; print(json.dumps({call}))"
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    try:
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=CHILD_TIMEOUT, check=True)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    except subprocess.CalledProcessError as exc:
        return {"error": ((exc.stderr or "").strip().splitlines() or ["failed"])[-1]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(flags: list[str]) -> None:
    quick = "--quick" in flags
    far = 300.0 if "--far" in flags else 30.0
    if "--kept" in flags:
        from nimarcade.games.octal.unsolved import CODES

        octal = tuple(c for c in CODES if c[0].isdigit())       # (Grundy's game is no octal code)
        kept(octal[:12] if quick else octal)
        return
    print("### The literature's solved octal games, proved here (sparse space), one fresh interpreter each\n")
    print("Ours first, the published figure in brackets (tczajka/octal-games SolvedGames.md: Winning Ways, "
          "Gangolli-Plambeck 1989, Flammenkamp). Rare: mask (hex) / rare values / last rare position.\n")
    print("| code | period | preperiod | largest value | rare | loops | values computed | proof time | "
          "peak memory | equal to the published row | solved by |")
    print("|---|---:|---:|---:|---|---|---:|---:|---:|---|---|")
    for code in LITERATURE:
        if quick and code in SLOW:
            continue
        r = run_child(f"proof_child({code!r}, 1200.0)")
        if "error" in r or r.get("period") is None:
            print(f"| {code} | {r.get('error') or 'not proved: ' + str(r.get('stopped'))} | | | | | | | | NO | |",
                  flush=True)
            continue
        print(literature_row(code, r), flush=True)
    print()
    if not quick:
        r = run_child("sparse_check_child(20000, 100)")
        if "error" in r:
            print(f"Sparse against plain: {r['error']}\n")
        else:
            print(f"Sparse against plain, {r['codes']} random codes (random.Random(41)) to {r['count']:,} values: "
                  f"{'every value equal' if not r['differ'] else 'DIFFER: ' + ', '.join(r['differ'])} "
                  f"({r['sparse']} codes ran the sparse loops with their best mask, {r['forced']} again with the "
                  f"mask 0b110 forced); plain {r['plain_s']:.1f} s, sparse {r['sparse_s']:.1f} s in all.\n",
                  flush=True)
    print("### The lab: Grundy sequences proved (octal periodicity theorem), one fresh interpreter each\n")
    print("| code | period | preperiod (last exception + 1) | values the proof needed | values computed "
          "| proof time | numba load | peak memory |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for code in PROVED[:3] if quick else PROVED:
        r = run_child(f"proof_child({code!r}, 600.0)")
        if "error" in r:
            print(f"| {code} | {r['error']} | | | | | | |", flush=True)
            continue
        print(f"| {code} | {r['period']} | {r['preperiod']} | {r['bound']:,} | {r['searched']:,} | "
              f"{fmt_time(r['time'])} | {fmt_time(r['load'])}{'' if r['compiled'] else ' (Python)'} | "
              f"{r['rss_mb']:.0f} MB |", flush=True)
    if not quick:
        print(f"\n### Beyond: codes whose period is not proved within {far:.0f} s\n")
        print("| code | result | values computed | time | peak memory |")
        print("|---|---|---:|---:|---:|")
        for code in BEYOND:
            r = run_child(f"proof_child({code!r}, {far})")
            if "error" in r:
                print(f"| {code} | {r['error']} | | | |", flush=True)
                continue
            found = (f"period {r['period']}, preperiod {r['preperiod']}" if r["period"] is not None
                     else f"no period ({r['stopped']})")
            print(f"| {code} | {found} | {r['searched']:,} | {fmt_time(r['time'])} | {r['rss_mb']:.0f} MB |",
                  flush=True)
    print("\n### The lab: positions, the verdict and every winning move (fresh interpreter, cold tables)\n")
    print("| code | heaps | play | method | outcome | winning moves | time | peak memory |")
    print("|---|---|---|---|---|---:|---:|---:|")
    for code, heaps, misere in POSITIONS:
        r = run_child(f"position_child({code!r}, {list(heaps)!r}, {misere})")
        if "error" in r:
            print(f"| {code} | {heaps} | | {r['error']} | | | | |", flush=True)
            continue
        outcome = "?" if r["wins"] is None else "N" if r["wins"] else "P"
        print(f"| {code} | {', '.join(map(str, heaps))} | {'misère' if misere else 'normal'} | {r['method']} | "
              f"{outcome} | {r['moves'] if r['moves'] is not None else '—'} | {fmt_time(r['time'])} | "
              f"{r['rss_mb']:.0f} MB |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
