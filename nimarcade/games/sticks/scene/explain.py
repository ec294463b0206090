"""The words of the Sticks scene that do not depend on drawing: why the hinted take wins (the
groups of ``max_take + 1``), or why the position is lost. The game screen and the position
editor's analysis say the same."""
from __future__ import annotations

from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, tr
from nimarcade.games.sticks.rules import SticksState


def explain_lines(state: SticksState, hint: Hint) -> list[str]:
    """The hint's line: the take that leaves a multiple of the period, or why every take loses."""
    s, period = state.sticks, state.max_take + 1
    if hint.lost or not hint.moves:
        key = N_("sticks.lost_loses") if state.last_loses else N_("sticks.lost_wins")
        return [tr(key, n=s, p=period)]
    k = hint.moves[0]
    key = N_("sticks.why_loses") if state.last_loses else N_("sticks.why_wins")
    return [tr(key, k=k, left=s - k, p=period)]
