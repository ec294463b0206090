"""The analysis of an Awélé game (:mod:`nimarcade.analysis.verdicts`): every move's score by the engine's
search, in seeds, and the results the endgame tables or the search prove.

Scores are the engine's (hundredths of a seed for the player to move) turned into seeds. A proved
result is worth more than any estimate: a win the tables prove by ``k`` seeds is ``100 + k``, a
forced end the search sees ``200`` less a hundredth a ply, and the same below zero for losses;
so throwing a proved win away always costs more than the ``??`` threshold. When the tables know
every move of a position, the scores are their margins and no search is needed. Pure Python.
"""
from __future__ import annotations

import threading

from nimarcade.games.awele.engine import core as awele_core
from nimarcade.games.awele.engine import endgame as awele_endgame
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.games.awele.engine.engine import MATE_BOUND, SEED, TB_BOUND, TB_WIN, WIN
from nimarcade.analysis.verdicts import DRAW, LOSS, WIN as WON, MoveValues
from nimarcade.games.awele.rules import AweleState

from nimarcade.games.awele.judge import move_margin, move_result

#: Seeds a proved result counts for, beyond any estimate (see the module's doc).
TABLE_VALUE, FORCED_VALUE = 100.0, 200.0


def seeds(score: int) -> float:
    """An engine score as seeds for the review (proved results beyond any estimate)."""
    if score > MATE_BOUND:
        return FORCED_VALUE - (WIN - score) / 100
    if score < -MATE_BOUND:
        return -FORCED_VALUE + (WIN + score) / 100
    if score > TB_BOUND:
        return TABLE_VALUE + (score - TB_WIN) / SEED
    if score < -TB_BOUND:
        return -TABLE_VALUE + (score + TB_WIN) / SEED
    return score / SEED


def move_values(state: AweleState, time_limit: float | None = 1.0, depth: int | None = None,
                cancel: threading.Event | None = None) -> MoveValues:
    """Every legal move's value (``GameSpec.engine.review``): the tables' when they know them all,
    else a search of ``time_limit`` seconds or to ``depth``."""
    legal = state.legal_moves()
    table = awele_endgame.load_table(state.grand_slam)
    if table is not None and sum(state.houses) <= table.max_seeds:
        results = {m: move_result(state, m, table) for m in legal}
        exact = {m: r for m, r in results.items() if r is not None}
        if len(exact) == len(results):          # the tables know every move
            margins = {m: move_margin(state, m, table) for m in legal}
            return MoveValues({m: _margin_value(exact[m], margins[m]) for m in legal}, exact)
    if depth is None:
        awele_core.load(block=True)     # a timed search needs the compiled core's speed
    found = awele_player.analyse(state, 4, time_limit if depth is None else None, max_depth=depth,
                                 cancel=cancel)
    scores = {m: seeds(s) for m, s in (found.scores or {}).items()}
    exact = {m: (WON if s > 0 else LOSS) for m, s in (found.scores or {}).items() if abs(s) > TB_BOUND}
    return MoveValues(scores, exact, found.depth)


def _margin_value(result: int, margin: tuple[int, int]) -> float:
    """A proved move's value: its final margin (the middle of the tables' interval) beyond the
    estimates, a draw at 0."""
    if result == DRAW:
        return 0.0
    middle = (margin[0] + margin[1]) / 2
    return TABLE_VALUE + middle if result == WON else -TABLE_VALUE + middle
