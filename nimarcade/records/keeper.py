"""What a game played for real leaves behind: the game saved after every move, undo and redo, so
that it can be resumed, and one line in the statistics once it is finished.

A game screen owns one keeper beside its :class:`~nimarcade.core.turns.TurnController` and tells it
when the game changed or ended; the keeper decides whether anything is written. A watched game (a
demo, a review, a thumbnail: a director runs it) and a frozen one (under review) are never kept
nor counted; a demo, a finished or an empty game is never saved (:meth:`~nimarcade.records.autosave.Autosave.keep` forgets a
game once it ended). The autosave and the statistics are handed to it; a problem writing them is
handed back as a translation key, to be shown. No pygame.
"""
from __future__ import annotations

from typing import Callable, Protocol

from nimarcade.core.match import Match
from nimarcade.core.turns import TurnController


class Saves(Protocol):
    """The game to resume (:class:`nimarcade.records.autosave.Autosave`)."""

    def keep(self, match: Match) -> str | None: ...


class Counts(Protocol):
    """The statistics (:class:`nimarcade.people.stats.Stats`)."""

    def record(self, match: Match) -> str | None: ...


class Keeper:
    def __init__(self, turns: TurnController, autosave: Saves, stats: Counts, *, watched: bool,
                 report: Callable[[str], None]) -> None:
        self.turns = turns
        self.autosave = autosave
        self.stats = stats
        self.report = report            # called with a problem's translation key
        self.watched = watched
        self.counted = False

    @property
    def keeping(self) -> bool:
        """A game people play, as opposed to one only shown."""
        return not self.watched and not self.turns.frozen

    def keep(self) -> None:
        """The game changed (a move, an undo, a redo) or is left: save it to be resumed."""
        if self.keeping:
            self._report(self.autosave.keep(self.turns.match))

    def count(self) -> None:
        """The game ended: count it in the statistics, once, even if undone and finished again."""
        if self.keeping and not self.counted:
            self.counted = True
            self._report(self.stats.record(self.turns.match))

    def _report(self, problem: str | None) -> None:
        if problem:
            self.report(problem)
