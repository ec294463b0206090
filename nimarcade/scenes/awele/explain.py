"""The words of the Awélé scene that do not depend on drawing: the end-of-game summary and which
engine plays (the help screen). The engine's verdicts and the hint's words are
:mod:`nimarcade.specs.awele_advice`'s, shared with the text mode."""
from __future__ import annotations

from typing import TYPE_CHECKING

from nimarcade.i18n import tr
from nimarcade.rules.awele import AweleState

if TYPE_CHECKING:
    from nimarcade.ai.awele_core import CoreStatus
    from nimarcade.ai.awele_tables import BuildStatus


def final_summary(state: AweleState, names: list[str]) -> list[str]:
    """The end of a game in two lines: why it ended, then each total as the seeds the player
    captured plus the seeds left in their own row (the ResultScene shows the same lines)."""
    totals = state.final_scores()
    parts = [tr("awele.final_line", name=names[p], captured=state.stores[p], left=totals[p] - state.stores[p],
                total=totals[p]) for p in (0, 1)]
    return [tr("awele.result_reason", why=tr(f"end.awele.{state.end}")), "   ·   ".join(parts)]


def core_text(status: "CoreStatus") -> str:
    """Which engine plays (the help screen): :meth:`AiController.core_status`'s state in words."""
    key = "awele.core_" + status.state.replace(" ", "_")
    return tr(key) if key != tr(key) else tr("awele.core_failed")


def tables_text(status: "BuildStatus") -> str:
    """Which endgame tables the computer uses (the help screen): the bigger ones built on this
    machine, their build's progress, or why they are not built."""
    if status.state in ("shipped", "ready", "building", "missing"):
        return tr(f"awele.tables_{status.state}", n=status.seeds, pct=round(100 * status.fraction))
    why = tr(f"awele.tables_why_{status.why}") if status.why in ("env", "core", "memory") else tr("awele.tables_why_failed")
    return tr("awele.tables_unavailable", n=status.seeds, why=why)
