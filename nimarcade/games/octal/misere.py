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
  is proved: :func:`nimarcade.games.octal.solver.periodic_quotient`); else the quotient of the
  heaps up to the position's largest, built heap by heap within the lab's larger bounds
  (:func:`nimarcade.games.octal.quotientlab.reach`, :data:`REACH_SHARE` of the time left), after
  the search below has had :data:`SEARCH_FIRST_SHARE` of it;
* a memoised **search** (:mod:`nimarcade.games.takeaway.search`) bounded by the positions it
  remembers (:data:`SEARCH_POSITIONS`) and by time (the command's ``--seconds``), not by the
  position's size.

Beyond them, no exact answer is claimed (method "none").
"""
from __future__ import annotations

import threading
import time
from typing import Any, Iterator

from nimarcade.games.octal import quotientlab, solver
from nimarcade.games.octal.rules import Move, OctalState
from nimarcade.games.takeaway import genus as genus_mod
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient import find_period
from nimarcade.games.takeaway.search import MisereSearch, TooBig, canonical

#: The search's bound: positions remembered per code (about 150 bytes each).
SEARCH_POSITIONS = 1_500_000
#: Seconds a position may take when no budget is given.
SECONDS = 30.0
#: The share of the time left that the lab's quotient construction (:func:`nimarcade.games.octal.quotientlab.reach`)
#: may take when the solver's quotient does not answer (the rest: the search).
REACH_SHARE = 0.8
#: The share of the time left that the bounded search gets first, before the lab's quotient is built
#: (0.07 at 30,25: half a second by the search, 17 s by building Q(A_30) first).
SEARCH_FIRST_SHARE = 0.2
#: The share of ``--seconds`` the genus of wild heaps may take (the rest: the quotient).
GENUS_SHARE = 1 / 6

_lock = threading.Lock()
_searches: dict[OctalCode, MisereSearch] = {}


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


def _moves(state: OctalState, deadline: float) -> Iterator[tuple[Move, tuple[int, ...]]]:
    """Every move and the position it leaves, lazily (never a list: a heap of 10^12 has
    half a trillion), the clock looked at on every move."""
    code = state.octal
    heaps = state.heaps
    for i, h in enumerate(heaps):
        for k, a, b in code.options(h):
            solver.watch_clock(deadline)
            yield (i, k, a), tuple(x for x in heaps[:i] + (a, b) + heaps[i + 1:] if x)


def heaps_answered(code_text: str, top: int, seconds: float) -> bool:
    """Whether a misère position whose largest heap is ``top`` can be asked, found within
    ``seconds`` (the rules' own check, :func:`nimarcade.games.octal.rules.check_heaps`, allows
    itself :data:`nimarcade.games.octal.rules.QUOTIENT_SECONDS`): a heap up to
    :data:`nimarcade.games.octal.rules.MAX_HEAP`, or every heap up to it tame, or the period of the
    code's quotient proved (kept for the process, so that the rules' check then answers at once).
    False when the time ran out first; InvalidSetup ``lab.misere_heap_big`` when the quotient's
    bounds, not the clock, leave the heap unanswered."""
    from nimarcade.core.rules.errors import InvalidSetup
    from nimarcade.games.octal import rules
    from nimarcade.games.takeaway import quotient
    from nimarcade.i18n import N_

    if top <= rules.MAX_HEAP:
        return True
    code = rules.parse_code(code_text)
    if genus_mod.genera(code).tame_through(top):
        return True
    start = time.monotonic()
    if quotient.proved_periodic(code, seconds) is not None:
        return True
    if time.monotonic() - start >= 0.9 * seconds:
        return False
    raise InvalidSetup(N_("lab.misere_heap_big"), code=str(code), max=rules.MAX_HEAP, n=top,
                       size=quotient.PERIOD_SIZE, heap=quotient.PERIOD_HEAP)


def verdict(state: OctalState, seconds: float | None = None, limit: int | None = solver.MOVES_LISTED) -> solver.Verdict:
    """Who wins this misère position and its winning moves (the first ``limit``, and ``count``
    when there are more), by the tame rule, the quotient or the bounded search ("none" beyond
    them, or when ``seconds`` ran out: the clock is looked at in every loop)."""
    if state.is_over:
        return solver.Verdict("quotient", state.winner == state.to_move, ())
    budget = SECONDS if seconds is None else max(0.05, seconds)
    deadline = time.monotonic() + budget
    room = float("inf") if limit is None else limit
    code = state.octal
    top = max(state.heaps)
    try:
        genera = genus_mod.genera(code)
        if genera.tame_through(top):
            loses = genera.tame_loses(state.heaps)
            listed: list[Move] = []
            count = 0
            if not loses:
                for m in solver.tame_moves(state, genera):
                    solver.watch_clock(deadline)
                    count += 1
                    if len(listed) < room:
                        listed.append(m)
            return solver.Verdict("tame", not loses, tuple(listed), count if count > len(listed) else None)
        q = solver.quotient(code, top, min(solver.QUOTIENT_SECONDS, budget / 2))
        solver.watch_clock(deadline)
        if q is None and top <= quotientlab.HEAPS:     # a quick search first: it often answers at once
            first = time.monotonic() + (deadline - time.monotonic()) * SEARCH_FIRST_SHARE
            try:
                return _searched(state, first, room)
            except (TooBig, solver.OutOfTime):
                pass
            # then the lab's larger bounds, heap by heap (the search's memory is kept for after)
            r = quotientlab.reach(code, (deadline - time.monotonic()) * REACH_SHARE, upto=top)
            if r.heap_reached >= top or r.finite:
                q = r.quotient
            solver.watch_clock(deadline)
        if q is not None:
            listed, count = solver.quotient_runs(state, q, limit, deadline)
            return solver.Verdict("quotient", not q.P[q.classify(state.heaps)], tuple(listed),
                                  count if count > len(listed) else None)
        return _searched(state, deadline, room)
    except (TooBig, solver.OutOfTime):
        return solver.Verdict("none", None, None)


def _searched(state: OctalState, deadline: float, room: float) -> solver.Verdict:
    """The bounded search's verdict by ``deadline`` (TooBig or OutOfTime past its bounds)."""
    search = _search(state.octal)
    listed: list[Move] = []
    count = 0
    for m, child in _moves(state, deadline):
        if not search.wins(canonical(child), seconds=deadline - time.monotonic()):
            count += 1
            if len(listed) < room:
                listed.append(m)
    return solver.Verdict("search", bool(count), tuple(listed), count if count > len(listed) else None)


def sequence_report(code: OctalCode, count: int, seconds: float) -> dict[str, Any]:
    """What ``lab CODE --misere`` shows: the genus of the heaps 0…count-1 (fewer when the time
    given to them, :data:`GENUS_SHARE` of ``seconds``, ran out: ``genus_stopped``), whether the
    game is tame over the heaps given (else its first wild heap), and the misère quotient of those
    heaps when it is found within its bounds and the rest of the time."""
    start = time.monotonic()
    deadline = start + max(0.05, seconds) * GENUS_SHARE
    genera = genus_mod.genera(code)
    said: list[str] = []
    values: list[int] = []
    normal: list[int] = []
    stopped = False
    for n in range(count):        # heap after heap, the clock looked at on each (a tame heap of n
        if time.monotonic() > deadline:      # costs about n: a million of them is no budget's)
            stopped = True
            break
        try:
            g = genera.heap(n) if genera.nim else genera.genus(n, deadline=deadline)
        except genus_mod.GenusTooBig:
            stopped = True
            break
        said.append(str(g))
        values.append(g.misere)
        normal.append(g.g)
    wild = genera.first_wild
    out: dict[str, Any] = {
        "code": str(code),
        "convention": "misere",
        "genus": said,
        "values": values,
        "normal_values": normal,
        "tame": wild is None or wild >= len(said),
        "first_wild": wild if wild is not None and wild < len(said) else None,
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
