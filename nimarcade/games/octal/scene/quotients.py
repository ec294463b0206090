"""The lab panel's misère quotient, off the window's thread (as :mod:`.proofs` does the period):
the panel asks for a code's quotient, a worker builds it within :data:`SECONDS` (its own period
first, :func:`nimarcade.games.octal.solver.periodic_quotient`, else the heaps up to :data:`HEAPS`,
or as far as it got), and the panel draws it when it is there. A quotient shown without its
period proved (or none found yet) is then given :data:`PROOF_SECONDS` more to prove it, from the
heaps already built, and the proved one replaces it on screen when it comes: Kayles' period
(proved at heap 192) needs about a second on an idle core, more than twice that with both cores
busy."""
from __future__ import annotations

from typing import Any

from nimarcade.games.octal import solver
from nimarcade.games.octal.scene.background import PerCode
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient import find_period

#: The worker's bounds in the window before it shows what it has (the command line goes further).
SECONDS = 2.0
HEAPS = 60
#: The second worker's bound, looking for the period of a quotient shown without it (the window
#: keeps drawing: the workers are threads).
PROOF_SECONDS = 20.0
#: The heaps whose element the panel writes (at a readable size).
MAP_HEAPS = 20


def _build(code: OctalCode) -> tuple[Any, Any]:
    q = solver.periodic_quotient(code, SECONDS)
    if q is None:
        q = solver.partial_quotient(code, HEAPS, SECONDS / 2)       # (as far as it got)
    return (q, find_period(q) if q.period is None else None) if q is not None else (None, None)


def _prove(code: OctalCode) -> tuple[Any, Any]:
    q = solver.periodic_quotient(code, PROOF_SECONDS)
    return (q, None) if q is not None else (None, None)


#: What is shown first: (quotient or None, its period found or None).
_quotients: PerCode[tuple[Any, Any]] = PerCode(_build, lambda code: (None, None), "lab-quotient")
#: The quotient with its period proved, looked for longer when the first had none.
_proved: PerCode[tuple[Any, Any]] = PerCode(_prove, lambda code: (None, None), "lab-quotient-period")


def _unproved(found: tuple[Any, Any]) -> bool:
    return found[0] is None or found[0].period is None


def quotient(code: OctalCode) -> tuple[Any, Any] | None:
    """(quotient or None, observed period or None) once built; None while the first worker runs,
    and while the second does when the first found nothing. The proved quotient once the second
    worker has found it."""
    first = _quotients.get(code)
    if first is None or not _unproved(first):
        return first
    better = _proved.get(code)
    if better is not None and better[0] is not None:
        return better
    return None if better is None and first[0] is None else first


def waiting(code: OctalCode) -> bool:
    """Nothing to show yet, or a quotient shown while its period is still looked for."""
    return quotient(code) is None or _proved.pending(code)


def wait(code: OctalCode) -> tuple[Any, Any]:
    """The quotient, waited for to the end of both workers (tests, screenshots)."""
    if _unproved(_quotients.wait(code)):
        _proved.wait(code)
    found = quotient(code)
    assert found is not None
    return found


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
