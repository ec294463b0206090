"""``nimarcade lab CODE --quotient`` (misère play): the code's misère quotient presented as
Plambeck and Siegel write it (:mod:`nimarcade.games.takeaway.presentation`): generators, relations,
P-portion, heap → element map and its period; ``--json`` gives the same as one object.

The quotient is built heap by heap (:func:`nimarcade.games.takeaway.quotient.reach`) within the
command's ``--seconds`` and the lab's bounds (:data:`HEAPS`, :data:`SIZE` elements, a lifted
monoid of :data:`LIFT` elements: its table is the memory bound), until the period of its heap map
is proved (then it holds for every heap: ``finite`` true) or a bound stops it: then it is the
quotient of the heaps up to the one reached (``heap_reached``), and no more is claimed
(``finite`` null: not known; nothing here proves a quotient infinite). ``partial_sizes`` lists
the size of Q(A_n), the quotient of the heaps ≤ n, for n = 1 … ``heap_reached``; ``stopped``
says what stopped the growth ("time", "size", "lift", "states", "split"; null when the period was
proved). The lab's misère positions use the same construction (:func:`reach`, kept for the
process) when the solver's smaller bounds leave them unanswered."""
from __future__ import annotations

import threading
import time
from typing import Any

from nimarcade.games.takeaway import quotient
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.presentation import present
from nimarcade.i18n import N_

#: The largest heap the lab's construction goes to.
HEAPS = 2000
#: The largest quotient it builds (its table as lists: 8 bytes × the square).
SIZE = 3000
#: The largest lifted monoid it builds (its table: 2 bytes × the square, 128 MB at 8,000).
LIFT = 8000

#: What stopped the growth (:attr:`nimarcade.games.takeaway.quotient.Reach.stopped`; None: the
#: largest heap) → the words that say it.
STOPS = {"time": N_("lab.pres_stop_time"), "size": N_("lab.pres_stop_size"), "lift": N_("lab.pres_stop_lift"),
         "states": N_("lab.pres_stop_states"), "split": N_("lab.pres_stop_split"), None: N_("lab.pres_stop_heap")}

_lock = threading.Lock()
_reached: dict[OctalCode, tuple[quotient.Reach, float]] = {}   # code -> (how far, the seconds it had)


def reach(code: OctalCode, seconds: float, upto: int = HEAPS) -> quotient.Reach:
    """How far the construction gets for the code within ``seconds`` (heaps up to ``upto``), kept
    for the process: asked again, it answers at once when it got there already, when its period
    is proved, or when it was stopped by a bound that more time does not move."""
    with _lock:
        known = _reached.get(code)
        if known is not None:
            r, had = known
            if r.finite or r.heap_reached >= upto or (r.stopped not in (None, "time")) or had >= seconds:
                return r
        r = quotient.reach(code, upto, max(0.05, seconds), max_size=SIZE, max_lift=LIFT)
        if known is None or r.heap_reached >= known[0].heap_reached:
            _reached[code] = (r, seconds)
        return r


def reached(code: OctalCode) -> quotient.Reach | None:
    """How far the construction got for the code in this process (None: not tried), for an answer
    that has to say it (a misère position left unanswered)."""
    with _lock:
        known = _reached.get(code)
    return None if known is None else known[0]


def report(code: OctalCode, seconds: float) -> dict[str, Any]:
    """The presentation as JSON (``quotient`` None when not even heap 1 was reached), with how far
    the construction got (``partial_sizes``, ``heap_reached``, ``finite``, ``stopped``)."""
    start = time.monotonic()
    r = reach(code, seconds * 0.9)
    q = r.quotient
    out: dict[str, Any] = {"code": str(code), "convention": "misere",
                           "quotient": present(q).to_json() if q.max_heap >= 1 else None,
                           "partial_sizes": list(r.sizes), "heap_reached": r.heap_reached,
                           "finite": r.finite, "stopped": r.stopped}
    out["seconds"] = round(time.monotonic() - start, 3)
    return out


def size_runs(sizes: list[int]) -> str:
    """``[2, 2, 6, 6, 6]`` → ``1–2: 2, 3–5: 6`` (heap n's quotient is sizes[n - 1])."""
    runs: list[list[int]] = []
    for n, s in enumerate(sizes, 1):
        if runs and runs[-1][2] == s:
            runs[-1][1] = n
        else:
            runs.append([n, n, s])
    return ", ".join(f"{a}: {s}" if a == b else f"{a}–{b}: {s}" for a, b, s in runs)


def print_report(rep: dict[str, Any]) -> None:
    """The presentation as a person reads it, in the chosen language."""
    from nimarcade.i18n import tr

    q = rep["quotient"]
    if q is None:
        print(tr("lab.pres_none", code=rep["code"], size=SIZE, heap=HEAPS))
        return
    gens = q["generators"]
    print(tr("lab.pres_head", code=rep["code"], size=q["size"], count=len(gens)))
    print(tr("lab.pres_generators", gens=", ".join(f"{g['name']} = {g['heap']}" for g in gens)))
    rels = [f"{a} = {b}" for a, b in q["relations"]]
    print(tr("lab.pres_relations", count=len(rels)))
    _wrapped(rels)
    print(tr("lab.pres_p", count=len(q["p_portion"]), words=", ".join(q["p_portion"])))
    print(tr("lab.pres_heaps"))
    _wrapped([f"{n}:{w}" for n, w in enumerate(q["heaps"]) if n])
    if q["period_proved"]:
        print(tr("lab.pres_period", p=q["period"], n0=q["preperiod"], bound=q["computed_to"]))
    elif q["period"] is not None:
        print(tr("lab.pres_period_seen", p=q["period"], n0=q["preperiod"], bound=q["computed_to"]))
    else:
        print(tr("lab.pres_period_none", bound=q["computed_to"]))
    print(tr("lab.pres_sizes", last=rep["heap_reached"]))
    _wrapped(size_runs(rep["partial_sizes"]).split(", "))
    if not rep["finite"]:
        print(tr("lab.pres_bounded", n=rep["heap_reached"], size=q["size"],
                 why=tr(STOPS[rep["stopped"]], heap=HEAPS, size=SIZE, lift=LIFT,
                        states=quotient.MAX_STATES)))


def _wrapped(cells: list[str], width: int = 78) -> None:
    line = ""
    for cell in cells:
        if line and len(line) + 2 + len(cell) > width:
            print("  " + line)
            line = ""
        line = f"{line}, {cell}" if line else cell
    if line:
        print("  " + line)
