"""The computer's move and the hint of the lab's games: exact where a method decides, and honest
where none does: the hint says no exact move is known and advises the normal-play move (a xor of
0), which the computer then plays. The computer's levels are not here: the spec gives
:func:`best_move` to the registry, which plays it through
:class:`~nimarcade.core.computer.ExactPlayer` at the game's level table (seed 003's random-move
rates unless the spec's ``engine.computer_levels`` says otherwise), as every exact game's."""
from __future__ import annotations

import random
import threading

from nimarcade.core.hints import Hint
from nimarcade.games.octal import solver
from nimarcade.games.octal.rules import Move, OctalState, after


def advised(state: OctalState) -> Move | None:
    """A move that leaves a normal-play xor of 0 (a good guess in misère away from the end)."""
    vals = solver.reader(state)
    total = solver.nim_sum(state)
    for m in state.legal_moves():
        h = state.heaps[m[0]]
        a, b = after(h, m)
        if vals.value(a) ^ vals.value(b) == total ^ vals.value(h):
            return m
    return None


def best_move(state: OctalState) -> Move | None:
    """The computer's move (its levels are the spec's table, through
    :class:`~nimarcade.core.computer.ExactPlayer`): the winning move where a method decides, the
    advised one where none does (None when every move loses)."""
    try:
        return solver.winning_move(state)
    except solver.NoExactMove:
        return advised(state)


def hint(state: OctalState, level: int = 4, rng: random.Random | None = None, time_limit: float | None = None,
         *, cancel: threading.Event | None = None, info: dict | None = None) -> Hint:
    v = solver.verdict(state)
    if v.moves is None:
        move = advised(state)
        return Hint((move,) if move is not None else (), False, advice=True)
    return Hint(v.moves, not v.moves)
