"""The arena scores like fishtest: pairs of games (same opening, sides swapped) counted in five bins
(the pentanomial), the score's interval from the pairs' spread, and ``--sprt ELO0,ELO1`` that stops
at the first pair where the log-likelihood ratio leaves its bounds (α = β = 0.05)."""
from __future__ import annotations

import math
import re

import pytest

from nimarcade.compete import arena, sprt


def test_the_pentanomial_counts_whole_pairs_by_as_points() -> None:
    # pairs: 1+0, ½+½, 1+1, 0+0, 1+½, and a last game without its pair
    points = [1, 0, 0.5, 0.5, 1, 1, 0, 0, 1, 0.5, 0.5]
    assert sprt.pentanomial(points) == (1, 0, 2, 1, 1)


def test_the_scores_error_comes_from_the_pairs_spread() -> None:
    # pair scores 0, ¼, ¼, ½, ½, ½, ¾, ¾, 1: mean ½, sample variance (2·¼ + 4·1/16) / 8 = 3/32
    mean, se = sprt.pair_score((1, 2, 3, 2, 1))
    assert mean == pytest.approx(0.5)
    assert se == pytest.approx(math.sqrt(3 / 32 / 9))
    assert sprt.pair_score((0, 0, 0, 0, 0)) == (0.5, 0.0)


def test_the_bounds_are_fishtests_for_alpha_and_beta_five_percent() -> None:
    low, high = sprt.bounds()
    assert low == pytest.approx(math.log(0.05 / 0.95)) and high == pytest.approx(math.log(0.95 / 0.05))
    assert low == pytest.approx(-math.log(19)) and high == pytest.approx(math.log(19))


def test_the_llr_against_values_computed_by_hand() -> None:
    """The normal approximation N·(s1 - s0)(2x̄ - s0 - s1)/(2σ²): for the counts (1, 2, 3, 2, 1), nine
    pairs, x̄ = ½ and σ² = (2·¼ + 4·1/16)/9 = 1/12; with ELO0 = 0 (s0 = ½) it is -54·(s1 - ½)²
    (s1 = 1/(1 + 10^(-50/400)) ≈ 0.5715, so ≈ -0.276). fishtest's exact ratio is within a few
    thousandths of it there (near hypotheses), and exactly 0 when the counts and the two hypotheses
    are symmetric about an even score."""
    s1 = 1 / (1 + 10 ** (-50 / 400))
    by_hand = 9 * (s1 - 0.5) * (1 - 0.5 - s1) / (2 * (1 / 12))
    assert by_hand == pytest.approx(-54 * (s1 - 0.5) ** 2)
    assert sprt.llr_normal((1, 2, 3, 2, 1), 0, 50) == pytest.approx(by_hand, rel=1e-12)
    assert sprt.llr((1, 2, 3, 2, 1), 0, 50) == pytest.approx(by_hand, abs=0.005)
    assert sprt.llr((2, 5, 9, 5, 2), -20, 20) == pytest.approx(0.0, abs=1e-9)
    assert sprt.llr((0, 0, 0, 0, 0), 0, 50) == 0.0


def test_a_run_of_won_pairs_weighs_log_s1_over_s0_a_pair() -> None:
    """Only won pairs (the bins never seen weigh 1/1000 of a pair): the distribution of mean s closest
    to them puts s on a won pair, so each one adds ln(s1/s0) - ln(0.5715/0.5) ≈ 0.134 for 0,50 -
    and the test needs 23 of them, 46 games, to accept H1."""
    s0, s1 = 0.5, 1 / (1 + 10 ** (-50 / 400))
    assert sprt.llr((0, 0, 0, 0, 10), 0, 50) == pytest.approx(10 * math.log(s1 / s0), rel=0.01)
    test = sprt.Sprt(0, 50)
    needed = next(k for k in range(1, 100) if test.verdict((0, 0, 0, 0, k)) is not None)
    assert test.verdict((0, 0, 0, 0, needed)) == "H1"
    assert needed == math.ceil(math.log(19) / math.log(s1 / s0))
    assert test.verdict((needed, 0, 0, 0, 0)) == "H0" and test.verdict((1, 2, 3, 2, 1)) is None


@pytest.mark.parametrize("text", ["50,0", "0,0", "50", "a,b", "0,nan", ""])
def test_a_test_needs_two_elos_in_order(text: str) -> None:
    with pytest.raises(ValueError):
        sprt.parse(text)
    assert sprt.parse("-5,10") == sprt.Sprt(-5.0, 10.0)


@pytest.mark.parametrize("lang, said", [("en", "expected ELO0,ELO1 with ELO0 < ELO1"),
                                        ("fr", "attendu ELO0,ELO1 avec ELO0 < ELO1")])
def test_a_bad_sprt_is_said_in_the_language_asked(capsys, lang: str, said: str) -> None:
    with pytest.raises(SystemExit) as stop:
        arena.main(["sticks", "--a", "4", "--b", "1", "--sprt", "50,0", "--lang", lang])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert said in captured.err and captured.out == ""


def _run(capsys, a: str, b: str, seed: int, cap: int = 200) -> tuple[list[float], list[str]]:
    """Plays the test at 0,200 Elo: the LLR printed after each pair, and the summary's lines."""
    assert arena.main(["sticks", "--a", a, "--b", b, "--sprt", "0,200", "--games", str(cap), "--seed", str(seed),
                       "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    path = [float(m.group(1)) for line in out if (m := re.match(r"pair \d+: LLR ([-+][\d.]+)", line))]
    return path, out


def test_the_expert_against_level_one_is_accepted_as_stronger_long_before_the_cap(capsys) -> None:
    """Sticks' level 4 never misses a winning move and level 1 plays at random half the time: the
    test accepts H1 at the first pair its LLR reaches ln 19, far under the 200 games allowed, and
    every pair played is in one bin of the count."""
    path, out = _run(capsys, "4", "1", seed=7)
    low, high = sprt.bounds()
    assert out[1] == ("SPRT [0, +200] Elo, α = β = 0.05: stops as soon as the LLR leaves the interval between "
                      "-2.94 and +2.94, 200 games at most")
    assert path and path[-1] >= round(high, 2) and all(low < x < high for x in path[:-1])
    pairs = len(path)
    assert sum(1 for line in out if line.startswith("game ")) == 2 * pairs < 200
    counts = re.search(r"2: (\d+) / (\d+) / (\d+) / (\d+) / (\d+)$", next(x for x in out if x.startswith("pairs of")))
    assert counts and sum(map(int, counts.groups())) == pairs
    assert f"verdict: H1 accepted, A is +200 Elo stronger rather than 0 (games played: {2 * pairs}; pairs: {pairs})" \
        in out


def test_level_one_against_the_expert_is_accepted_as_not_stronger(capsys) -> None:
    path, out = _run(capsys, "1", "4", seed=8)
    assert path[-1] <= round(sprt.bounds()[0], 2) and any(line.startswith("verdict: H0 accepted") for line in out)


def test_the_summary_holds_the_pairs_the_ratio_and_the_verdict() -> None:
    """What a script reads: the pentanomial count, the LLR with its bounds and the verdict, and a
    margin from the pairs (two games of a pair that always split give no spread at all)."""
    def game(i: int, points: float) -> arena.GameResult:
        return arena.GameResult(i, i % 2 == 0, points, "1-0", "end", 10, (0.1, 0.1), (5, 5))

    split = [game(i, 1.0 if i % 2 == 0 else 0.0) for i in range(20)]   # every pair 1-1: the first mover wins
    s = arena.summary(split, sprt.Sprt(0, 50))
    assert s["pentanomial"] == [0, 0, 10, 0, 0] and s["pairs"] == 10 and s["score"] == 0.5
    assert s["se"] == 0.0     # counted game by game, it would be ½·√(20/19)/√20 ≈ 0.11
    assert s["bounds"] == pytest.approx(list(sprt.bounds()))
    assert s["llr"] == pytest.approx(sprt.llr((0, 0, 10, 0, 0), 0, 50)) and s["llr"] < 0
    assert s["verdict"] == ("H0" if s["llr"] <= s["bounds"][0] else None)
    assert "llr" not in arena.summary(split)
