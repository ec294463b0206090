"""The judge's rules as numbers (:mod:`nimarcade.judge.judge` applies them, :mod:`nimarcade.judge.report`
says them): when it stops asking a program, the time a move may take, and the players a grade's
floor may be. Pure Python.
"""
from __future__ import annotations

#: After this many forfeits in a row before its first move, a program is asked nothing more (each
#: costs a restart); the positions left are counted lost.
FORFEITS_IN_A_ROW = 10
#: Seconds a program's forfeits may cost in all (restarts, hangs) before the judge stops asking it;
#: the positions left are counted lost.
FORFEIT_BUDGET = 60.0
#: A program's move may take ``--time`` plus this share of it plus :data:`GRACE_SECONDS` before it
#: loses its position: the time is measured by the judge, from the ``go`` sent to the ``bestmove``
#: read, so it holds the pipes and the machine's scheduling of two processes besides the program's
#: own thinking (a loaded machine adds tens of milliseconds to a move that thought for none).
GRACE_SHARE = 0.10
GRACE_SECONDS = 0.05
#: Why the judge stopped asking (:attr:`nimarcade.judge.judge.Report.stopped`).
STOPPED_START, STOPPED_FORFEITS, STOPPED_BUDGET = "start", "forfeits", "budget"
#: The version of the judge's rules: results kept under other rules are judged again
#: (2: ``--time`` enforced, positions not asked counted lost).
RULES = 2
#: The players a grade's floor may be (``nimarcade class --baseline``), each scored by
#: :func:`nimarcade.judge.judge.floor_scores` on the judged positions.
FLOORS = ("random", "first")


def allowed(move_time: float) -> float:
    """The seconds a program's move may take before it loses its position: ``--time`` and the
    grace (:data:`GRACE_SHARE`, :data:`GRACE_SECONDS`)."""
    return move_time * (1 + GRACE_SHARE) + GRACE_SECONDS
