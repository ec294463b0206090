"""What every game state offers, and how a game ends: the one protocol the generic code relies on.

The registry (:mod:`nimarcade.core.registry`), the turn controller, the result screen, the tests over every
game and the text mode only use this protocol; they never look at a particular game's class.
Modelled on OpenSpiel's small state interface and python-chess's ``Outcome``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, runtime_checkable


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is the rules' player number (0 or 1), or None for a draw. ``reason`` is the key of
    the sentence that says why, in the translation table (``end.<game>.<why>``); the screen fills
    in ``{winner}`` and ``{loser}`` with the players' names and ``params`` with the rest.
    """

    winner: int | None
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def result(self) -> str:
        """The score as in a PGN header: "1-0", "0-1" or "1/2-1/2" (player 0 first)."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 0 else "0-1"


@runtime_checkable
class GameState(Protocol):
    """An immutable, hashable position. Players are numbered 0 and 1 in the rules' order."""

    def __hash__(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        ...

    def legal_moves(self) -> list[Any]:
        """Every legal move, in a deterministic order; empty once the game is over."""
        ...

    def check(self, move: Any) -> Any:
        """Raise the :class:`~nimarcade.core.rules.errors.RulesError` that ``play(move)`` would raise."""
        ...

    def play(self, move: Any) -> "GameState": ...

    def random_move(self, rng: random.Random) -> Any: ...
