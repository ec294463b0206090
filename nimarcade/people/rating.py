"""The puzzle rating: Glicko-2 (Mark Glickman, « Example of the Glicko-2 system », 2012), as
lichess rates its puzzles.

A player's rating is a :class:`Rating`: the rating itself (1500 to start), its deviation (how
sure it is: 350 to start, smaller as the player solves more) and its volatility. Each answer is a
game against the puzzle, whose rating is :func:`nimarcade.puzzles.puzzle.rating_of` and whose deviation
is :data:`PUZZLE_DEVIATION`: solved is a win, missed a loss, and :func:`update` rates that one game
as a rating period of its own, moving it by at most :data:`MAX_CHANGE`. A rating is
« provisional » while its deviation is above :data:`PROVISIONAL` (about ten puzzles for a new
player: :func:`puzzles_left`). Pure Python.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

SCALE = 173.7178
#: The system constant τ: how fast the volatility may change (Glickman: 0.3 to 1.2).
TAU = 0.5
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
#: How sure a puzzle's own rating is (they are estimates, not measured by play).
PUZZLE_DEVIATION = 80.0
#: A deviation above this: the rating is provisional (shown with a question mark).
PROVISIONAL = 110.0
#: The deviation never drops below this, so a long-idle player's rating can still move.
MIN_DEVIATION = 45.0
#: At most this many points won or lost on one puzzle: a new player's uncertain rating would
#: otherwise leap (1500 to 2200 in three puzzles) on a few lucky or unlucky answers.
MAX_CHANGE = 80.0
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL

    def shown(self) -> str:
        """« 1532 », or « 1532 ? » while provisional."""
        return f"{round(self.rating)}" + (" ?" if self.provisional else "")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of Glickman's paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games: Iterable[tuple[float, float, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games``: (opponent's rating, opponent's
    deviation, score: 1 a win, 0.5 a draw, 0 a loss). No game: only the deviation grows."""
    mu, phi, sigma = (player.rating - START_RATING) / SCALE, player.deviation / SCALE, player.volatility
    played = [((r - START_RATING) / SCALE, rd / SCALE, s) for r, rd, s in games]
    if not played:
        return Rating(player.rating, min(START_DEVIATION, SCALE * math.sqrt(phi * phi + sigma * sigma)), sigma)
    v_inv = 0.0
    total = 0.0
    for mu_j, phi_j, score in played:
        e = _expected(mu, mu_j, phi_j)
        v_inv += _g(phi_j) ** 2 * e * (1.0 - e)
        total += _g(phi_j) * (score - e)
    v = 1.0 / v_inv
    delta = v * total
    new_sigma = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(SCALE * new_mu + START_RATING, SCALE * new_phi, new_sigma)


def update(player: Rating, puzzle_rating: float, solved: bool) -> Rating:
    """The player's rating after one puzzle (a rating period of its own), moved by at most
    :data:`MAX_CHANGE` points."""
    new = rate(player, [(puzzle_rating, PUZZLE_DEVIATION, 1.0 if solved else 0.0)])
    moved = max(-MAX_CHANGE, min(MAX_CHANGE, new.rating - player.rating))
    return Rating(player.rating + moved, max(MIN_DEVIATION, new.deviation), new.volatility)


def puzzles_left(player: Rating, limit: int = 60) -> int:
    """About how many more puzzles before the rating stops being provisional: answers alternately
    right and wrong at the player's own level, counted until the deviation is small enough (0 once
    it is)."""
    n = 0
    while player.provisional and n < limit:
        player = update(player, player.rating, n % 2 == 0)
        n += 1
    return n
