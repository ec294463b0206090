"""The lab's misère answers (``nimarcade lab CODE --misere``): a position's outcome and winning
moves, and what the command shows of a code in misère play.

A position is decided by the first of these that applies, each exact:

* the **tame rule**: when every heap of the position is tame (its genus says so:
  :mod:`nimarcade.games.takeaway.genus`), it is played as misère Nim (Bouton's rule on the normal
  values) — misère Nim itself, the subtraction games and every code whose genus is tame, at once
  and for any heap the rules take (:meth:`nimarcade.games.takeaway.genus.Genera.tame_through`:
  through the genus period of a code that never splits); the window, the judge and the puzzles
  decide in the same order (:func:`nimarcade.games.octal.solver.verdict`);
* the **misère quotient** of the code (:func:`nimarcade.games.octal.solver.quotient`, within its
  size, heap and time bounds; for heaps of any size once the period of its map heap -> element
  is proved: :func:`nimarcade.games.octal.solver.periodic_quotient`);
* a memoised **search** (:mod:`nimarcade.games.takeaway.search`) bounded by the positions it
  remembers (:data:`SEARCH_POSITIONS`) and by time (the command's ``--seconds``), not by the
  position's size.

Beyond them, no exact answer is claimed (method "none").
"""
from __future__ import annotations

import threading
import time
from typing import Any

from nimarcade.games.octal import solver
from nimarcade.games.octal.rules import Move, OctalState, after
from nimarcade.games.takeaway import genus as genus_mod
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient import find_period
from nimarcade.games.takeaway.search import MisereSearch, TooBig, canonical

#: The search's bound: positions remembered per code (about 150 bytes each).
SEARCH_POSITIONS = 1_500_000
#: Seconds a position may take when no budget is given.
SECONDS = 30.0
#: The share of ``--seconds`` the genus of wild heaps may take (the rest: the quotient).
GENUS_SHARE = 1 / 6

_lock = threading.Lock()
_searches: dict[OctalCode, MisereSearch] = {}


def _children(state: OctalState) -> list[tuple[Move, tuple[int, ...]]]:
    out = []
    for m in state.legal_moves():
        i = m[0]
        a, b = after(state.heaps[i], m)
        out.append((m, tuple(h for h in state.heaps[:i] + (a, b) + state.heaps[i + 1:] if h)))
    return out


def _search(code: OctalCode) -> MisereSearch:
    """The code's search, which reads the positions made of tame heaps off the tame rule."""
    with _lock:
        s = _searches.get(code)
        if s is None:
            genera = genus_mod.genera(code)

            def known(pos: tuple[int, ...]) -> bool | None:
                wild = genera.first_wild
                if pos and wild is not None and pos[-1] < wild:
                    return not genera.tame_loses(pos)
                return None

            s = _searches[code] = MisereSearch(code, max_positions=SEARCH_POSITIONS, known=known)
        return s


def verdict(state: OctalState, seconds: float | None = None) -> solver.Verdict:
    """Who wins this misère position and every winning move, by the tame rule, the quotient or the
    bounded search ("none" beyond them)."""
    if state.is_over:
        return solver.Verdict("quotient", state.winner == state.to_move, ())
    budget = SECONDS if seconds is None else max(0.05, seconds)
    deadline = time.monotonic() + budget
    code = state.octal
    top = max(state.heaps)
    genera = genus_mod.genera(code)
    if genera.tame_through(top):
        loses = genera.tame_loses(state.heaps)
        return solver.Verdict("tame", not loses, () if loses else tuple(solver.tame_moves(state, genera)))
    q = solver.quotient(code, top, min(solver.QUOTIENT_SECONDS, budget / 2))
    if q is not None:
        moves = tuple(m for m, child in _children(state) if q.P[q.classify(child)])
        return solver.Verdict("quotient", not q.P[q.classify(state.heaps)], moves)
    search = _search(code)
    found: list[Move] = []
    try:
        for m, child in _children(state):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TooBig(child)
            if not search.wins(canonical(child), seconds=left):
                found.append(m)
    except TooBig:
        return solver.Verdict("none", None, None)
    return solver.Verdict("search", bool(found), tuple(found))


def sequence_report(code: OctalCode, count: int, seconds: float) -> dict[str, Any]:
    """What ``lab CODE --misere`` shows: the genus of the heaps 0…count-1 (fewer when a wild heap's
    genus is not found within the time), whether the game is tame over them (else its first wild
    heap), and the misère quotient of those heaps when it is found within its bounds."""
    start = time.monotonic()
    deadline = start + max(0.05, seconds) * GENUS_SHARE
    genera = genus_mod.genera(code)
    genera.tame_upto(max(0, count - 1))
    found: list[genus_mod.Genus] = []
    stopped = False
    for n in range(count):
        try:
            found.append(genera.genus(n, deadline=deadline))
        except genus_mod.GenusTooBig:
            stopped = True
            break
    wild = genera.first_wild
    out: dict[str, Any] = {
        "code": str(code),
        "convention": "misere",
        "genus": [str(g) for g in found],
        "values": [g.misere for g in found],
        "normal_values": [g.g for g in found],
        "tame": wild is None or wild >= count,
        "first_wild": wild if wild is not None and wild < count else None,
        "genus_stopped": stopped,
    }
    top = min(count - 1, solver.QUOTIENT_HEAP)
    left = max(0.05, seconds) - (time.monotonic() - start)
    q = solver.periodic_quotient(code, max(0.05, left * 0.6)) if top >= 1 and left > 0.05 else None
    left = max(0.05, seconds) - (time.monotonic() - start)
    if q is None:
        q = solver.quotient(code, top, max(0.05, left * 0.9)) if top >= 1 and left > 0.05 else None
    if q is not None:
        seen = find_period(q) if q.period is None else None
        n0: int | None
        p: int | None
        if q.period is not None:
            n0, p = q.period
        elif seen is not None:
            n0, p = seen.preperiod, seen.period
        else:
            n0, p = None, None
        out["quotient"] = {
            "max_heap": top,
            "size": q.size,
            "p_portion": [x for x in range(q.size) if q.P[x]],
            "map": [q.element(n) for n in range(top + 1)],
            "period": p,
            "preperiod": n0,
            "period_proved": q.period is not None,
            "computed_to": q.max_heap,
        }
    else:
        out["quotient"] = None
    out["seconds"] = round(time.monotonic() - start, 3)
    return out


def print_report(report: dict[str, Any], asked: int) -> None:
    """The report of :func:`sequence_report` as a person reads it, in the chosen language."""
    from nimarcade.i18n import tr

    print(tr("lab.out_code", code=report["code"], name=tr("lab.name_misere")))
    genus = report["genus"]
    if genus:
        print(tr("lab.out_genus", last=len(genus) - 1))
        cells = [f"{n}: {g}" for n, g in enumerate(genus)]
        line = ""
        for cell in cells:
            if line and len(line) + 2 + len(cell) > 78:
                print("  " + line)
                line = ""
            line = f"{line}  {cell}" if line else cell
        if line:
            print("  " + line)
    if report["genus_stopped"]:
        print(tr("lab.out_genus_short", n=len(genus), asked=asked))
    if report["first_wild"] is None:
        if genus:
            print(tr("lab.out_tame", last=len(genus) - 1))
    else:
        w = report["first_wild"]
        print(tr("lab.out_wild", n=w, genus=genus[w] if w < len(genus) else "?"))
    q = report["quotient"]
    if q is None and genus:
        print(tr("lab.out_no_quotient", size=solver.QUOTIENT_SIZE, heap=solver.QUOTIENT_HEAP))
    elif q is not None:
        print(tr("lab.out_quotient", top=q["max_heap"], size=q["size"], count=len(q["p_portion"]),
                 p=", ".join(map(str, q["p_portion"]))))
        pairs = [f"{n}→{x}" for n, x in enumerate(q["map"])]
        print(tr("lab.out_quotient_map", map=" ".join(pairs)))
        if q["period_proved"]:
            print(tr("lab.out_quotient_period", p=q["period"], n0=q["preperiod"], bound=q["computed_to"]))
        elif q["period"] is not None:
            print(tr("lab.out_quotient_period_seen", p=q["period"], n0=q["preperiod"], bound=q["computed_to"]))
