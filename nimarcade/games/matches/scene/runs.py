"""The runs a person can select on the row: what a click on a match takes, and how far a selection
stretches before a gap or the largest take stops it (and why). Pure functions of the position."""
from __future__ import annotations

from nimarcade.i18n import tr
from nimarcade.games.matches.rules import RowState

from nimarcade.games.matches.scene.explain import Run


def present(state: RowState, i: int) -> bool:
    """A match stands in cell ``i`` (0-based)."""
    return 0 <= i < state.length and state.cells[i]


def preview(state: RowState, i: int, take: int) -> Run:
    """The run a click on match ``i`` takes: ``take`` matches from ``i`` rightwards, or leftwards
    when the row stops, or fewer when a gap is in the way."""
    for n in range(min(take, state.max_take), 0, -1):
        for start in range(i, i - n, -1):
            if all(present(state, j) for j in range(start, start + n)):
                return start, n
    return i, 1


def run_between(a: int, b: int) -> Run:
    return (min(a, b), abs(a - b) + 1)


def reach(state: RowState, anchor: int, target: int) -> tuple[Run, str | None]:
    """The longest legal run from ``anchor`` toward ``target``, and why it stops short (or None)."""
    step = 1 if target >= anchor else -1
    last = anchor
    for j in range(anchor + step, target + step, step):
        if abs(j - anchor) + 1 > state.max_take:
            return run_between(anchor, last), tr("matches.too_many", max=state.max_take)
        if not present(state, j):
            return run_between(anchor, last), tr("matches.gap", cell=j + 1)
        last = j
    return run_between(anchor, last), None
