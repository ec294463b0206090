"""Elo ratings from a round robin's scores, with 95% margins and a "level equivalent".

The model is Bradley–Terry's, on Elo's scale: ``a`` scores against ``b`` with probability
``1 / (1 + 10 ** ((Rb - Ra) / 400))``, a draw counting as half a point each. The ratings are the
maximum of its likelihood, found by Newton's method. So that a perfect score (a level 4 that
beats a level 1 every time) still gets a finite rating, every pair of players is given one
virtual drawn game, as BayesElo's prior does; it pulls ratings a little toward each other, less
the more games are played.

The margins come from the curvature of the log-likelihood at its maximum (its Fisher
information): ±1.96 standard deviations. They treat every game as a coin flip of the fitted
odds, so they do not shrink for draws, and paired openings make them a little pessimistic.

When built-in levels take part, the weakest of them is the anchor: its rating is fixed at 0, the
others' ratings and margins are relative to it, and every player is also placed among the
levels' ratings by linear interpolation ("about level 2.5"; beyond the levels: below the weakest
or above the strongest). Without levels the ratings are centred on 0.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

#: Elo points per unit of the logistic's natural scale.
ELO = 400 / math.log(10)
#: Virtual drawn games added to every pair (a prior that keeps perfect scores finite).
PRIOR_GAMES = 1.0
#: A 95% margin in standard deviations.
Z95 = 1.959964


@dataclass(frozen=True)
class Rating:
    """A player's rating and its 95% margin (Elo points); ``level`` its level equivalent (None
    without two levels to compare with), ``beyond`` -1 below the weakest level's rating, +1 above
    the strongest's (``level`` is then that level), 0 between."""

    elo: float
    margin: float
    level: float | None = None
    beyond: int = 0


def _solve(matrix: list[list[float]], columns: list[list[float]]) -> list[list[float]]:
    """``matrix⁻¹ · columns`` (each column a list), by Gauss–Jordan elimination with pivoting."""
    n = len(matrix)
    rows = [list(matrix[i]) + [c[i] for c in columns] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [[rows[i][n + k] for i in range(n)] for k in range(len(columns))]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    identity = [[1.0 if i == k else 0.0 for i in range(n)] for k in range(n)]
    return _solve(matrix, identity)          # symmetric: columns are rows


def _expected(r: list[float], i: int, j: int) -> float:
    return 1.0 / (1.0 + math.exp(r[j] - r[i]))


def _log_likelihood(r: list[float], score: list[list[float]], played: list[list[float]]) -> float:
    total = 0.0
    for i in range(len(r)):
        for j in range(len(r)):
            if i != j and played[i][j]:
                total += score[i][j] * math.log(_expected(r, i, j))
    return total


def _information(r: list[float], played: list[list[float]]) -> list[list[float]]:
    """Minus the Hessian of the log-likelihood (in natural units)."""
    n = len(r)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                p = _expected(r, i, j)
                w = played[i][j] * p * (1 - p)
                info[i][j] -= w
                info[i][i] += w
    return info


def _fit(score: list[list[float]], played: list[list[float]], anchor: int) -> list[float]:
    """The maximum of the likelihood, ``r[anchor]`` fixed at 0 (natural units)."""
    n = len(score)
    free = [i for i in range(n) if i != anchor]
    r = [0.0] * n
    best = _log_likelihood(r, score, played)
    for _ in range(200):
        gradient = [sum(score[i][j] - played[i][j] * _expected(r, i, j) for j in range(n) if j != i)
                    for i in free]
        info = _information(r, played)
        step = _solve([[info[i][j] for j in free] for i in free], [gradient])[0]
        scale = 1.0
        while True:                               # a step that improves the likelihood (halved if not)
            trial = list(r)
            for k, i in enumerate(free):
                trial[i] += scale * step[k]
            value = _log_likelihood(trial, score, played)
            if value >= best - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        r, best = trial, value
        if max((abs(s) * scale for s in step), default=0.0) < 1e-10:
            break
    return r


def fit(points: Sequence[Sequence[float]], games: Sequence[Sequence[int]],
        levels: Sequence[int | None]) -> list[Rating]:
    """The ratings of players whose ``points[i][j]`` against each other come from ``games[i][j]``
    games; ``levels[i]`` is the built-in level player ``i`` is (None for a program)."""
    n = len(points)
    played = [[games[i][j] + PRIOR_GAMES if i != j else 0.0 for j in range(n)] for i in range(n)]
    score = [[points[i][j] + PRIOR_GAMES / 2 if i != j else 0.0 for j in range(n)] for i in range(n)]
    present = [(level, i) for i, level in enumerate(levels) if level is not None]
    anchor = min(present)[1] if present else 0
    r = _fit(score, played, anchor)
    info = _information(r, played)
    if present:
        free = [i for i in range(n) if i != anchor]
        reduced = _inverse([[info[i][j] for j in free] for i in free])
        variance = [0.0] * n
        for k, i in enumerate(free):
            variance[i] = reduced[k][k]
    else:                                 # centred: the pseudo-inverse of the information
        mean = sum(r) / n
        r = [x - mean for x in r]
        full = _inverse([[info[i][j] + 1.0 / n for j in range(n)] for i in range(n)])
        variance = [full[i][i] - 1.0 / n for i in range(n)]
    elo = [x * ELO for x in r]
    margins = [Z95 * math.sqrt(max(v, 0.0)) * ELO for v in variance]
    marks = sorted((level, elo[i]) for level, i in present)
    return [Rating(elo[i], margins[i], *level_equivalent(elo[i], marks)) for i in range(n)]


def level_equivalent(elo: float, marks: Sequence[tuple[int, float]]) -> tuple[float | None, int]:
    """Where ``elo`` falls among the levels' ``(level, rating)`` marks (in level order): the level
    interpolated between the first two consecutive marks that bracket it, and 0; or, beyond them
    all, the weakest (-1) or strongest (+1) level. None without two marks."""
    if len(marks) < 2:
        return None, 0
    for (l0, r0), (l1, r1) in zip(marks, marks[1:]):
        if min(r0, r1) <= elo <= max(r0, r1):
            return (l0 if r0 == r1 else l0 + (elo - r0) / (r1 - r0) * (l1 - l0)), 0
    low, high = min(marks, key=lambda m: m[1]), max(marks, key=lambda m: m[1])
    return (high[0], 1) if elo > high[1] else (low[0], -1)
