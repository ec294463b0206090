"""The lab panel's misère quotient, off the window's thread (as :mod:`.proofs` does the period):
the panel asks for a code's quotient, a worker builds it within :data:`SECONDS` (its own period
first, :func:`nimarcade.games.octal.solver.periodic_quotient`, else the heaps up to
:data:`HEAPS`), and the panel draws it when it is there."""
from __future__ import annotations

from typing import Any

from nimarcade.games.octal import solver
from nimarcade.games.octal.scene.background import PerCode
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient import find_period

#: The worker's bounds in the window (the command line goes further).
SECONDS = 2.0
HEAPS = 60
#: The heaps whose element the panel writes (at a readable size).
MAP_HEAPS = 20


def _build(code: OctalCode) -> tuple[Any, Any]:
    q = solver.periodic_quotient(code, SECONDS)
    if q is None:
        q = solver.quotient(code, HEAPS, SECONDS / 2)
    return (q, find_period(q) if q.period is None else None) if q is not None else (None, None)


#: What is shown: (quotient or None, its period found or None).
_quotients: PerCode[tuple[Any, Any]] = PerCode(_build, lambda code: (None, None), "lab-quotient")


def quotient(code: OctalCode) -> tuple[Any, Any] | None:
    """(quotient or None, observed period or None) once built; None while the worker runs."""
    return _quotients.get(code)


def wait(code: OctalCode) -> tuple[Any, Any]:
    """The quotient, waited for (tests, screenshots)."""
    return _quotients.wait(code)


def lines(q: Any, seen: Any) -> tuple[str, str]:
    """Two lines on the quotient: its size, its P-portion and its period; the map heap ->
    element of the first heaps."""
    from nimarcade.i18n import tr

    p_part = [x for x in range(q.size) if q.P[x]]
    if q.period is not None:
        period = tr("lab.panel_period_proved", p=q.period[1], n0=q.period[0])
    elif seen is not None:
        period = tr("lab.panel_period_seen", p=seen.period, n0=seen.preperiod)
    else:
        period = tr("lab.panel_period_none", top=q.max_heap)
    head = tr("lab.panel_quotient", size=q.size, count=len(p_part), p=", ".join(map(str, p_part)), period=period)
    top = MAP_HEAPS if q.period is not None else min(MAP_HEAPS, q.max_heap)
    return head, tr("lab.panel_quotient_map", map=" ".join(f"{n}→{q.element(n)}" for n in range(1, top + 1)))



_presented: dict[tuple[OctalCode, int, int], Any] = {}


def presentation(code: OctalCode, q: Any) -> Any:
    """The quotient's :class:`nimarcade.games.takeaway.presentation.Presentation` (None when its
    heaps do not generate it), read once per quotient, not at every frame."""
    from nimarcade.games.takeaway.presentation import present

    key = (code, q.size, q.max_heap)
    if key not in _presented:
        try:
            _presented[key] = present(q)
        except ValueError:          # heaps that do not generate it: no presentation to show
            _presented[key] = None
    return _presented[key]


def presentation_line(code: OctalCode, q: Any) -> str:
    """The quotient's presentation in one line (:func:`presentation`): its generators (letter =
    heap) and relations, as ``lab CODE --quotient`` prints them ("" without one)."""
    from nimarcade.games.takeaway.presentation import letter
    from nimarcade.i18n import tr

    p = presentation(code, q)
    if p is None:
        return ""
    gens = " ".join(f"{letter(i)}={h}" for i, h in enumerate(p.generators))
    return tr("lab.panel_presentation", gens=gens, rels=", ".join(p.relation_texts()))
