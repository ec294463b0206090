"""One pile of sticks: take 1..max_take a turn (seed 000, MGL7160, and seed 001, Fort Boyard).

``last_loses=True`` is the MGL7160 rule (whoever takes the last stick loses); ``False`` is Fort
Boyard (whoever takes the last stick wins).

Seed 000's supervising machine (``Supervisor``, ``Player``) lives in
:mod:`nimarcade.games.sticks.seed000`; :func:`__getattr__` still hands it out here, where it used to
live, so that ``from nimarcade.games.sticks.rules import Supervisor`` keeps working.
"""
from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any

from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.rules.textual import Row, Stage, keyed_stage, words
from nimarcade.core.rules.errors import GameOver, IllegalMove, InvalidSetup
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


def __getattr__(name: str) -> Any:
    """``Supervisor`` and ``Player``, seed 000's machine, read from :mod:`nimarcade.games.sticks.seed000`
    when first asked for here (their old home). Loaded by name, not imported: that module builds on
    these rules, and the import contract allows no circle between the two."""
    if name in ("Supervisor", "Player"):
        return getattr(importlib.import_module("nimarcade.games.sticks.seed000"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
