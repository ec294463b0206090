"""The words of the Awélé scene that do not depend on drawing: the end-of-game summary, and which
engine and which endgame tables play (the help screen). The engine's verdicts and the hint's words are
:mod:`nimarcade.games.awele.advice`'s, shared with the text mode."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from nimarcade.games.awele.engine import tables as awele_tables
from nimarcade.i18n import has, language, tr
from nimarcade.games.awele.rules import AweleState

if TYPE_CHECKING:
    from nimarcade.games.awele.engine.core import CoreStatus
    from nimarcade.games.awele.engine.tables import BuildStatus


def final_summary(state: AweleState, names: list[str]) -> list[str]:
    """The end of a game in two lines: why it ended, then each total as the seeds the player
    captured plus the seeds left in their own row (the ResultScene shows the same lines)."""
    totals = state.final_scores()
    parts = [tr("awele.final_line", name=names[p], captured=state.stores[p], left=totals[p] - state.stores[p],
                total=totals[p]) for p in (0, 1)]
    return [tr("awele.result_reason", why=tr(f"end.awele.{state.end}")), "   ·   ".join(parts)]


def core_text(status: "CoreStatus") -> str:
    """Which engine plays (the help screen): :func:`~nimarcade.games.awele.engine.core.status`'s state in words."""
    key = "awele.core_" + status.state.replace(" ", "_")
    return tr(key) if has(key) else tr("awele.core_failed")


def tables_text(status: "BuildStatus") -> str:
    """Which endgame tables the computer uses (the help screen): the bigger ones built on this
    machine, their build's progress, or why they are not built."""
    if status.state in ("shipped", "ready", "building", "missing"):
        return tr(f"awele.tables_{status.state}", n=status.seeds, pct=round(100 * status.fraction))
    why = tr(f"awele.tables_why_{status.why}") if status.why in ("env", "core", "memory") else tr("awele.tables_why_failed")
    return tr("awele.tables_unavailable", n=status.seeds, why=why)


class TablesNote:
    """The help screen's line on the endgame tables: :func:`tables_text` of the build's status,
    read from the disk at most twice a second (the help is drawn at every frame), and of the
    game's own attempt to start the build when that was refused (why it was)."""

    def __init__(self) -> None:
        self.started: "BuildStatus | None" = None
        self._cached: tuple[float, str, str] | None = None

    def start(self) -> None:
        self.started = awele_tables.start()
        self._cached = None

    def text(self) -> str:
        now, lang = time.monotonic(), language()
        if self._cached is None or now - self._cached[0] > 0.5 or self._cached[1] != lang:
            status = awele_tables.status()
            if status.state == "missing" and self.started is not None and self.started.state in ("unavailable", "failed"):
                status = self.started
            self._cached = (now, lang, tables_text(status))
        return self._cached[2]
