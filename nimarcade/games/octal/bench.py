"""The lab's proofs and positions (``python -m nimarcade.bench octal [--far]``).

Each row runs in a fresh interpreter (nothing shared; numba's compiled loops come from its disk
cache once built, the first run compiles them): the period and preperiod proved by the octal
periodicity theorem, the values the proof needed, how many it computed, the time, and the peak
memory of that interpreter. Then codes whose period is unknown here, to say how far the search
goes in its default 30 s (``--far``: 300 s). Then positions: the exact verdict and every winning
move, by the method that decides them (Grundy values, the misère quotient, the search).

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
OPTIONS = {"--far": N_("octal.bench.far")}
PROVED = ("0.77", "0.07", "0.137", "0.1377", "0.177", "0.11377", "0.127")
BEYOND = ("0.1777", "0.6", "0.007", "0.16")
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
    return {"code": code, "period": proof.period, "preperiod": proof.preperiod, "bound": proof.proof_bound,
            "searched": proof.searched, "time": took, "load": load, "rss_mb": rss, "compiled": compiled,
            "stopped": proof.stopped}


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
