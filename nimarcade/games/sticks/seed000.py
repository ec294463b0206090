"""Seed 000's machine (MGL7160, exercise 4; docs/SOURCES.md): a supervisor of games of Nim where
whoever takes the last stick loses, with the document's operations under English names.

It is an API for the course, not a part of the arcade: the menu, the judge and the programs play
:class:`nimarcade.games.sticks.rules.SticksState` directly; this machine wraps that state with the
document's operations (« débuter partie » is :meth:`Supervisor.start`, « nb bâtons restant »
:meth:`Supervisor.sticks_left`, « prochain joueur » :meth:`Supervisor.next_player`, « gagnant »
:meth:`Supervisor.winner`, « jouer un coup » :meth:`Supervisor.play`, « partie terminée »
:meth:`Supervisor.is_over`) and raises the rules' errors. Not to be confused with
:mod:`nimarcade.players.supervisor`, the process that watches students' programs in their box.

``from nimarcade.games.sticks.rules import Supervisor`` still works (the rules hand it out by name).
"""
from __future__ import annotations

from enum import IntEnum

from nimarcade.core.rules.errors import GameNotOver, GameOver, InvalidSetup
from nimarcade.games.sticks.rules import SticksState


class Player(IntEnum):
    """The two players of seed 000 (« joueur1 », « joueur2 »)."""

    ONE = 1
    TWO = 2


class Supervisor:
    """The seed 000 machine that supervises games of Nim where taking the last stick loses.

    ``max_take`` is the generic argument « prise max » (> 1); ``start(n)`` is « débuter partie ».
    """

    def __init__(self, max_take: int = 3) -> None:
        if not isinstance(max_take, int) or isinstance(max_take, bool) or max_take <= 1:
            raise InvalidSetup("err.sticks.max_take", n=max_take)
        self.max_take = max_take
        self._state: SticksState | None = None

    def start(self, n: int) -> None:
        """Start a new game with ``n`` sticks, whether or not the previous one has ended."""
        self._state = SticksState.new(n, self.max_take, last_loses=True, first=0)

    def sticks_left(self) -> int:
        """Sticks on the table; 0 when the game is over or none has started."""
        return 0 if self._state is None else self._state.sticks

    def is_over(self) -> bool:
        """True once the last stick is taken. Before any game, there is nothing running: False."""
        return self._state is not None and self._state.is_over

    def _running(self) -> SticksState:
        if self._state is None:
            raise GameOver("err.no_game")
        if self._state.is_over:
            raise GameOver("err.game_over")
        return self._state

    def next_player(self) -> Player:
        """Whose turn it is; raises ``GameOver`` when no game is running."""
        return Player(self._running().to_move + 1)

    def winner(self) -> Player:
        """The winner; raises ``GameNotOver`` unless the game is over."""
        if self._state is None or self._state.winner is None:
            raise GameNotOver("err.not_over")
        return Player(self._state.winner + 1)

    def play(self, k: int) -> int:
        """The player to move takes ``k`` sticks; returns the sticks left."""
        self._state = self._running().play(k)
        return self._state.sticks
