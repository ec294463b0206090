"""The arena's statistics, as Stockfish's fishtest scores its tests: games go in pairs (the same
opening, sides swapped), a pair is one sample worth 0, ½, 1, 1½ or 2 points to A (the five bins of
the *pentanomial* count), and the score's interval comes from the spread of the pairs, not of the
games: the two games of a pair share their opening, so they are not independent.

The sequential test (SPRT, ``arena --sprt ELO0,ELO1``) weighs H0 "A is ELO0 stronger" against H1 "A
is ELO1 stronger" (logistic Elo: a score s is worth -400·log10(1/s - 1)) after every pair, with
fishtest's generalized log-likelihood ratio: for each hypothesis, the distribution of the five bins
closest (in likelihood) to the one observed whose mean is that hypothesis's score, and the LLR is N
times the mean log-ratio of the two. It stops at the first pair where the LLR leaves
[ln(β/(1-α)), ln((1-β)/α)]: below, H0 is accepted; above, H1. Bins never seen count 1/1000 of a
pair, as fishtest regularizes, so that a run of wins is evidence and not an infinite one.
Pure Python, no pygame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

#: fishtest's error rates: the chance to accept H1 when H0 holds (α), and H0 when H1 holds (β).
ALPHA = BETA = 0.05
#: The weight of a bin never seen (fishtest's ``regularize``).
EPSILON = 1e-3
#: Bisection steps for the Lagrange multiplier (far beyond a double's precision).
SECULAR_STEPS = 200

Penta = tuple[int, int, int, int, int]


def pentanomial(points: Sequence[float]) -> Penta:
    """A's points game by game (1, ½, 0), the two games of a pair side by side -> how many pairs
    A scored 0, ½, 1, 1½ and 2 points in. A last game without its pair is not counted."""
    counts = [0] * 5
    for i in range(0, len(points) - 1, 2):
        counts[round(2 * (points[i] + points[i + 1]))] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def pair_score(penta: Sequence[int]) -> tuple[float, float]:
    """A's score (a pair's points over 2, averaged) and its standard error from the pairs' own
    variance; (0.5, 0.0) before the first pair."""
    n = sum(penta)
    if n == 0:
        return 0.5, 0.0
    values = [i / 4 for i in range(5)]
    mean = sum(c * v for c, v in zip(penta, values)) / n
    if n < 2:
        return mean, 0.0
    var = sum(c * (v - mean) ** 2 for c, v in zip(penta, values)) / (n - 1)
    return mean, math.sqrt(var / n)


def logistic_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (logistic Elo)."""
    return 1 / (1 + 10 ** (-elo / 400))


def bounds(alpha: float = ALPHA, beta: float = BETA) -> tuple[float, float]:
    """The SPRT's stopping bounds on the LLR: (accept H0 at or below, accept H1 at or above)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _distribution(penta: Sequence[int]) -> tuple[float, list[tuple[float, float]]]:
    """The number of pairs (regularized) and the observed (pair score, frequency) distribution."""
    counts = [c if c > 0 else EPSILON for c in penta]
    n = sum(counts)
    return n, [(i / 4, c / n) for i, c in enumerate(counts)]


def _closest(pdf: list[tuple[float, float]], s: float) -> list[float]:
    """The distribution on the same five values whose mean is ``s`` and which is the most likely
    to have given ``pdf``: p_i / (1 + x·(a_i - s)), x the root of Σ p_i (a_i - s) / (1 + x (a_i - s)) = 0
    (a Lagrange multiplier; the sum falls as x rises, so bisection finds it)."""
    d = [a - s for a, _ in pdf]
    lo, hi = -1 / max(d), -1 / min(d)          # where every 1 + x·d_i stays positive
    for _ in range(SECULAR_STEPS):
        x = (lo + hi) / 2
        f = sum(p * di / (1 + x * di) for (_, p), di in zip(pdf, d))
        if f > 0:
            lo = x
        else:
            hi = x
    x = (lo + hi) / 2
    return [p / (1 + x * di) for (_, p), di in zip(pdf, d)]


def llr(penta: Sequence[int], elo0: float, elo1: float) -> float:
    """fishtest's generalized log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) for the
    pentanomial count ``penta``; 0 before the first pair."""
    if sum(penta) == 0:
        return 0.0
    n, pdf = _distribution(penta)
    s0, s1 = logistic_score(elo0), logistic_score(elo1)
    p0, p1 = _closest(pdf, s0), _closest(pdf, s1)
    return n * sum(p * (math.log(q1) - math.log(q0)) for (_, p), q0, q1 in zip(pdf, p0, p1))


def llr_normal(penta: Sequence[int], elo0: float, elo1: float) -> float:
    """The normal approximation of :func:`llr`: N·(s1 - s0)(2x̄ - s0 - s1) / (2σ²), x̄ and σ² the
    mean and variance of the pairs' scores (regularized alike). Close to :func:`llr` when the two
    hypotheses are near each other; for checking it."""
    if sum(penta) == 0:
        return 0.0
    n, pdf = _distribution(penta)
    mean = sum(a * p for a, p in pdf)
    var = sum(p * (a - mean) ** 2 for a, p in pdf)
    s0, s1 = logistic_score(elo0), logistic_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


@dataclass(frozen=True)
class Sprt:
    """A sequential test of A against B: H0 A is ``elo0`` stronger, H1 ``elo1`` (elo0 < elo1)."""

    elo0: float
    elo1: float
    alpha: float = ALPHA
    beta: float = BETA

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"the SPRT needs ELO0 < ELO1, not {self.elo0:g},{self.elo1:g}")

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.alpha, self.beta)

    def llr(self, penta: Sequence[int]) -> float:
        return llr(penta, self.elo0, self.elo1)

    def verdict(self, penta: Sequence[int]) -> str | None:
        """"H1" when the LLR has reached the upper bound, "H0" the lower one, None while undecided."""
        value = self.llr(penta)
        low, high = self.bounds
        return "H1" if value >= high else "H0" if value <= low else None


def parse(text: str) -> Sprt:
    """``ELO0,ELO1`` (``0,50``, ``-5,10``) -> the test; ValueError for anything else."""
    first, sep, second = text.partition(",")
    if not sep:
        raise ValueError(text)
    elo0, elo1 = float(first), float(second)
    if not (math.isfinite(elo0) and math.isfinite(elo1)):
        raise ValueError(text)
    return Sprt(elo0, elo1)
