"""The misère quotient of Matches in a row: its verdicts are exact.

* Against an independent brute force, on every position (multiset of segments) of at most 25
  matches, take 3 (and smaller sizes for the other shipped take limits).
* Against the solver as it was before the quotient (tests/games/matches/reference.py), on every row
  of at most 40 matches: the verdict, the winning moves, and every position that solver memoised.
* The shipped table agrees with what nimarcade/games/matches/tools/build_quotient.py computes for the short
  segments, and is proved (state by state) for them.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimarcade.games.matches import solver as matches_solver
from nimarcade.games.matches import misere_quotient
from nimarcade.games.matches.solver import winning_moves as matches_winning_moves
from nimarcade.games.matches.rules import RowState

from tests.games.matches import reference

Segments = tuple[int, ...]
SHIPPED_TAKES = sorted(int(p.stem.removeprefix("quotient-t")) for p in
                       matches_solver.QUOTIENT_DIR.glob("quotient-t*.json"))


def multisets(total: int, largest: int | None = None) -> list[Segments]:
    """Every sorted tuple of positive lengths with sum <= total, fewest matches first."""
    out: list[Segments] = []

    def rec(prefix: Segments, left: int, cap: int) -> None:
        out.append(prefix)
        for n in range(min(cap, left), 0, -1):
            rec(prefix + (n,), left - n, n)

    rec((), total, largest or total)
    return sorted((tuple(sorted(s)) for s in out), key=lambda s: (sum(s), s))


def brute_force(total: int, max_take: int) -> dict[Segments, bool]:
    """Mover wins? for every multiset of <= total matches, straight from the rules: a move takes
    1..max_take adjacent matches of one segment, leaving a left and a right part."""
    win: dict[Segments, bool] = {}
    for pos in multisets(total):
        if not pos:
            win[pos] = True  # the opponent took the last match
            continue
        found = False
        for i, n in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for start in range(n):
                for k in range(1, min(max_take, n - start) + 1):
                    child = tuple(sorted(rest + tuple(x for x in (start, n - start - k) if x)))
                    if not win[child]:
                        found = True
                        break
                if found:
                    break
            if found:
                break
        win[pos] = found
    return win


def test_a_quotient_is_shipped_for_the_default_take() -> None:
    assert 3 in SHIPPED_TAKES
    q = matches_solver.quotient(3)
    assert q is not None and q.max_heap >= 100 and q.max_take == 3
    assert matches_solver.quotient_covers((100, 7, 1), 3)
    assert not matches_solver.quotient_covers((7,), 9)  # no table: the search decides
    # The file is exactly what the tool writes for the table it holds.
    for take in SHIPPED_TAKES:
        path = matches_solver.QUOTIENT_DIR / f"quotient-t{take}.json"
        text = path.read_text(encoding="utf-8")
        again = matches_solver.quotient_from_json(text)
        assert matches_solver.quotient_to_json(again, _shipped_sizes(take)) == text
        assert again.max_take == take and again.max_heap >= 100 and not again.P[0]
        assert all(len(row) == again.size for row in again.mul)
    with pytest.raises(ValueError):
        matches_solver.quotient_from_json('{"size": 2, "mul": [[0, 1]], "P": [], "phi": [0], "max_take": 3}')


def test_every_position_up_to_25_matches_against_brute_force() -> None:
    truth = brute_force(25, 3)
    assert len(truth) == sum(1 for _ in multisets(25))
    assert matches_solver.quotient_covers((25,), 3)
    wrong = [pos for pos, w in truth.items() if matches_solver.wins(pos, 3) != w]
    assert wrong == []
    # Both outcomes occur plenty: the comparison is not vacuous.
    assert 100 < sum(not w for w in truth.values()) < len(truth) - 100


@pytest.mark.parametrize("max_take", [t for t in SHIPPED_TAKES if t != 3])
def test_other_takes_against_brute_force(max_take: int) -> None:
    truth = brute_force(18, max_take)
    assert [pos for pos, w in truth.items() if matches_solver.wins(pos, max_take) != w] == []


def test_every_row_up_to_40_against_the_previous_solver() -> None:
    reference.clear_cache()
    for n in range(1, 41):
        state = RowState.new(n)
        assert matches_solver.wins((n,), 3) == reference.wins((n,), 3), n
        expected = []
        for move in state.legal_moves():
            after = state.play(move)
            lengths = reference.canonical(length for _, length in _segments(after))
            if not reference.wins(lengths, 3):
                expected.append(move)
        assert matches_winning_moves(state) == expected, n
    # Every position that the previous solver proved on the way agrees with the quotient too.
    memo = reference._memo
    assert len(memo) > 10_000
    wrong = [segs for (take, segs), w in memo.items() if matches_solver.wins(segs, take) != w]
    assert wrong == []


def _segments(state: RowState) -> list[tuple[int, int]]:
    from nimarcade.games.matches.rules import segments

    return segments(state.cells)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 100), min_size=1, max_size=8))
def test_long_positions_obey_the_misere_recursion(lengths: list[int]) -> None:
    """Beyond brute force: a position is won exactly when some move leads to a lost one."""
    segs = matches_solver.canonical(lengths)
    some_child_lost = any(not matches_solver.wins(c, 3) for c in matches_solver.children(segs, 3))
    assert matches_solver.wins(segs, 3) == some_child_lost


def test_shipped_table_agrees_with_the_script_on_short_segments() -> None:
    """Recompute Q(A_34) and map the shipped monoid's elements of segments <= 34 onto it: the map
    must be a well-defined, onto homomorphism that keeps P (so both decide A_34 alike)."""
    shipped = matches_solver.quotient(3)
    assert shipped is not None
    m = 34
    computed, sizes = misere_quotient.compute(m, 3)
    data_sizes = _shipped_sizes(3)
    assert sizes == data_sizes[:m]
    image = {0: 0}
    todo = [0]
    while todo:
        x = todo.pop()
        for h in range(1, m + 1):
            y = shipped.mul[x][shipped.phi[h]]
            fy = computed.mul[image[x]][computed.phi[h]]
            if y in image:
                assert image[y] == fy
            else:
                image[y] = fy
                todo.append(y)
    assert all(shipped.P[x] == computed.P[fx] for x, fx in image.items())
    assert set(image.values()) == set(range(computed.size))


def _shipped_sizes(take: int) -> list[int]:
    import json

    path = Path(matches_solver.QUOTIENT_DIR) / f"quotient-t{take}.json"
    return json.loads(path.read_text(encoding="utf-8"))["sizes"]


def test_shipped_table_is_proved_for_short_segments() -> None:
    """The state-by-state proof of misere_quotient.verify, on the shipped table cut to 40."""
    shipped = matches_solver.quotient(3)
    assert shipped is not None
    cut = misere_quotient.Quotient(shipped.mul, shipped.P, shipped.phi[:41], 3)
    assert misere_quotient.verify(cut)
    # and the proof does reject a wrong P-set
    wrong = misere_quotient.Quotient(shipped.mul, [not p if x == shipped.phi[2] else p
                                                   for x, p in enumerate(shipped.P)], shipped.phi[:41], 3)
    assert not misere_quotient.verify(wrong)


def test_segment_classes() -> None:
    for n in range(0, 101):
        m = matches_solver.segment_class(n, 3)
        assert m is not None and m <= n
        q = matches_solver.quotient(3)
        assert q.phi[m] == q.phi[n]
    assert matches_solver.segment_class(10_000, 3) is None
    # What the hint tells the player: a long segment and its short class are interchangeable.
    # Checked with the previous solver, which knows nothing of classes.
    reference.clear_cache()
    checked = 0
    for n in (21, 27, 30):
        m = matches_solver.segment_class(n, 3)
        assert m < n
        for other in multisets(6):
            a = reference.wins(reference.canonical(other + (n,)), 3)
            b = reference.wins(reference.canonical(other + (m,)), 3)
            assert a == b, (n, m, other)
            checked += 1
    assert checked == 3 * len(multisets(6))


def test_the_hint_explains_with_the_classes() -> None:
    """The hint's theory (T) names the quotient and the class of each long segment, in both
    languages, for a won and a lost position; a take limit beyond the tables keeps the search's
    words. The hint's lines for the player never name it."""
    from nimarcade.core.hints import Hint
    from nimarcade.i18n import set_language, tr
    from nimarcade.games.matches.scene.explain import explain_lines, theory_lines

    won = RowState.new(100)
    move = matches_winning_moves(won, first_only=True)[0]
    after = sorted({n for _, n in _segments(won.play(move))}, reverse=True)
    pairs = [(n, matches_solver.segment_class(n, 3)) for n in after]
    lost = RowState.from_pattern("1" * 9 + "." + "1" * 9)  # 9, 9: lost for the player to move
    assert matches_winning_moves(lost) == []
    try:
        for lang, word in (("fr", "comme"), ("en", "like")):
            set_language(lang)
            assert "48" not in " ".join(explain_lines(won, Hint((move,), False)))
            text = " ".join(theory_lines(won, Hint((move,), False)))
            assert "48" in text
            for n, m in pairs:
                assert (f"{n} {word} {m}" in text) == (m != n)
            lines = theory_lines(lost, Hint((), True))
            assert tr("matches.lost_quotient", size=48, n=len(lost.legal_moves())) in lines
        set_language("en")
        far = RowState.new(12, max_take=6)  # no table for take 6: the exhaustive search explains
        best = matches_winning_moves(far, first_only=True)
        lines = theory_lines(far, Hint(tuple(best), not best))
        assert not any("quotient" in line for line in lines) and any("exhaustive" in line for line in lines)
    finally:
        set_language("fr")
