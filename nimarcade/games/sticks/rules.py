"""One pile of sticks: take 1..max_take a turn (seed 000, MGL7160, and seed 001, Fort Boyard).

``last_loses=True`` is the MGL7160 rule (whoever takes the last stick loses); ``False`` is Fort
Boyard (whoever takes the last stick wins).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any
from enum import IntEnum

from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.rules.textual import Row, Stage, keyed_stage, words
from nimarcade.core.rules.errors import GameNotOver, GameOver, IllegalMove, InvalidSetup
from nimarcade.i18n import N_


def _check_setup(sticks: int, max_take: int, first: int) -> None:
    if not isinstance(sticks, int) or isinstance(sticks, bool) or sticks < 1:
        raise InvalidSetup("err.sticks.count", n=sticks)
    if not isinstance(max_take, int) or isinstance(max_take, bool) or max_take < 2:
        raise InvalidSetup("err.sticks.max_take", n=max_take)
    if first not in (0, 1):
        raise InvalidSetup("err.first")


@dataclass(frozen=True)
class SticksState:
    """``sticks`` left on the table; ``to_move`` takes next. A move is the number taken."""

    sticks: int
    max_take: int = 3
    last_loses: bool = False
    to_move: int = 0

    @classmethod
    def new(cls, sticks: int, max_take: int = 3, last_loses: bool = False, first: int = 0) -> "SticksState":
        _check_setup(sticks, max_take, first)
        return cls(sticks, max_take, bool(last_loses), first)

    @property
    def is_over(self) -> bool:
        return self.sticks == 0

    @property
    def winner(self) -> int | None:
        if self.sticks:
            return None
        # The previous player took the last stick.
        return self.to_move if self.last_loses else 1 - self.to_move

    @property
    def outcome(self) -> Outcome | None:
        if self.sticks:
            return None
        reason = N_("end.sticks.took_last_lost") if self.last_loses else N_("end.sticks.took_last_won")
        return Outcome(self.winner, reason)

    def legal_moves(self) -> list[int]:
        return list(range(1, min(self.max_take, self.sticks) + 1))

    def check(self, move: object) -> None:
        """Raise the error ``play(move)`` would raise, or return None if the move is legal."""
        if self.is_over:
            raise GameOver("err.game_over")
        top = min(self.max_take, self.sticks)
        if not isinstance(move, int) or isinstance(move, bool) or not 1 <= move <= top:
            raise IllegalMove("err.sticks.take_range", max=top, n=move)

    def play(self, move: int) -> "SticksState":
        self.check(move)
        return SticksState(self.sticks - move, self.max_take, self.last_loses, 1 - self.to_move)

    def random_move(self, rng: random.Random) -> int:
        return rng.randint(1, min(self.max_take, self.sticks))


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


# -- notation (text mode, saved games): the number of sticks taken --------------------------------
def format_move(move: int) -> str:
    return str(move)


def parse_move(state: SticksState, text: str) -> int:
    """``"2"`` -> take 2. Raises IllegalMove for text that is not a move of this position."""
    try:
        move = int(text.strip())
    except ValueError:
        raise IllegalMove("err.bad_notation", text=text) from None
    state.check(move)
    return move


# -- text mode (nimarcade.text): the pile as seed 001 draws it, the take as a number -------------
def text_board(state: SticksState, ascii: bool = False) -> list[str]:
    """``| | | |  (20)``, 30 sticks a line."""
    if not state.sticks:
        return ["-  (0)"]
    lines = [" ".join("|" * min(30, state.sticks - i)) for i in range(0, state.sticks, 30)]
    lines[-1] += f"  ({state.sticks})"
    return lines


def text_stages(state: SticksState) -> Stage:
    return keyed_stage(N_("sticks.text_take"), [(k, k) for k in state.legal_moves()])


def text_explain(state: SticksState, hint: Any) -> list[Row]:
    """Why: the multiples of max_take + 1 (seed 001, Fort Boyard's strategy)."""
    s, period = state.sticks, state.max_take + 1
    if hint.lost or not hint.moves:
        return [words(N_("sticks.lost_loses") if state.last_loses else N_("sticks.lost_wins"), n=s, p=period)]
    k = hint.moves[0]
    return [words(N_("sticks.why_loses") if state.last_loses else N_("sticks.why_wins"), k=k, left=s - k, p=period)]
