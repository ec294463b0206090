"""``nimarcade lab CODE --quotient`` (misère play): the code's misère quotient presented as
Plambeck and Siegel write it (:mod:`nimarcade.games.takeaway.presentation`): generators, relations,
P-portion, heap → element map and its period; ``--json`` gives the same as one object.

The quotient is the one the lab decides positions with (:func:`nimarcade.games.octal.solver.periodic_quotient`,
else :func:`nimarcade.games.octal.solver.quotient` over the heaps up to :data:`HEAPS`), within the
command's ``--seconds``."""
from __future__ import annotations

import time
from typing import Any

from nimarcade.games.octal import solver
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.presentation import present

#: The heaps computed when no period of the quotient is proved.
HEAPS = 60


def report(code: OctalCode, seconds: float) -> dict[str, Any]:
    """The presentation as JSON (``quotient`` None when no quotient is found within the bounds)."""
    start = time.monotonic()
    q = solver.periodic_quotient(code, max(0.05, seconds * 0.7))
    if q is None:
        left = seconds - (time.monotonic() - start)
        q = solver.quotient(code, HEAPS, max(0.05, left))
    out: dict[str, Any] = {"code": str(code), "convention": "misere",
                           "quotient": present(q).to_json() if q is not None else None}
    out["seconds"] = round(time.monotonic() - start, 3)
    return out


def print_report(rep: dict[str, Any]) -> None:
    """The presentation as a person reads it, in the chosen language."""
    from nimarcade.i18n import tr

    q = rep["quotient"]
    if q is None:
        print(tr("lab.pres_none", code=rep["code"], size=solver.QUOTIENT_SIZE, heap=HEAPS))
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


def _wrapped(cells: list[str], width: int = 78) -> None:
    line = ""
    for cell in cells:
        if line and len(line) + 2 + len(cell) > width:
            print("  " + line)
            line = ""
        line = f"{line}, {cell}" if line else cell
    if line:
        print("  " + line)

