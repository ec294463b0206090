"""The exact strategies of nimarcade.core.computer against independent brute-force oracles.

The oracle below is plain memoised minimax over the states' own ``legal_moves()`` and ``play()``:
it never calls nimarcade.core.computer. A position is won for the player to move when some move leads to a
position lost for the opponent; a finished game is won by whoever the rules name as winner.
For every position it checks that

(a) ``is_winning(state)`` equals the brute-force value,
(b) ``winning_move(state)`` is a move after which the opponent loses, or None exactly when every
    move loses, and
(c) ``winning_moves(state)`` is exactly the list of such moves, in ``legal_moves()`` order.
"""
from __future__ import annotations

import itertools
import re
from functools import reduce
from operator import xor
from typing import Any, Callable, Hashable

from hypothesis import given, settings
from hypothesis import strategies as st

from nimarcade.core.registry import is_winning, winning_move, winning_moves
from nimarcade.games.grid.rules import GridState, nimber
from nimarcade.games.heaps.rules import HeapsState
from nimarcade.games.matches.rules import RowState
from nimarcade.games.sticks.rules import SticksState


class BruteForce:
    """Who wins with perfect play, by exhaustive search. ``key`` names positions that have the
    same value (the games are impartial: the value never depends on who is to move)."""

    def __init__(self, key: Callable[[Any], Hashable]) -> None:
        self.key = key
        self.memo: dict[Hashable, bool] = {}

    def wins(self, state: Any) -> bool:
        k = self.key(state)
        value = self.memo.get(k)
        if value is None:
            if state.is_over:
                value = state.winner == state.to_move
            else:
                value = any(not self.wins(state.play(m)) for m in state.legal_moves())
            self.memo[k] = value
        return value

    def check(self, state: Any) -> None:
        """Assert (a), (b) and (c) for one position."""
        if state.is_over:
            assert is_winning(state) == self.wins(state), state
            assert winning_move(state) is None and winning_moves(state) == []
            return
        children = {m: state.play(m) for m in state.legal_moves()}
        good = [m for m, child in children.items() if not self.wins(child)]
        won = self.memo.setdefault(self.key(state), bool(good))
        assert won == bool(good)
        assert is_winning(state) == won, state
        assert winning_moves(state) == good, state
        move = winning_move(state)
        if good:
            assert move in good, state
            assert not self.wins(children[move])
        else:
            assert move is None, state


# -- sticks ------------------------------------------------------------------------------------
STICKS = BruteForce(lambda s: (s.sticks, s.max_take, s.last_loses))


def test_sticks_every_pile_up_to_40() -> None:
    checked = 0
    for max_take in (2, 3, 4, 5):
        for last_loses in (False, True):
            STICKS.check(SticksState(0, max_take, last_loses, 0))  # the end, as the rules leave it
            for n in range(1, 41):
                for first in (0, 1):
                    STICKS.check(SticksState.new(n, max_take, last_loses, first))
                    checked += 1
    assert checked == 4 * 2 * 40 * 2


@settings(max_examples=50)
@given(n=st.integers(1, 10**6), max_take=st.integers(2, 30), last_loses=st.booleans())
def test_sticks_large_piles_keep_the_period(n: int, max_take: int, last_loses: bool) -> None:
    s = SticksState.new(n, max_take, last_loses)
    period = max_take + 1
    target = 0 if not last_loses else 1  # what a winning move leaves, modulo the period
    moves = winning_moves(s)
    if (n - target) % period == 0:
        assert moves == [] and not is_winning(s)
    else:
        assert len(moves) == 1 and 1 <= moves[0] <= max_take
        assert (n - moves[0]) % period == target % period


# -- heaps -------------------------------------------------------------------------------------
HEAPS = BruteForce(lambda s: (tuple(sorted(s.heaps)), s.misere))  # heap order never matters


def test_heaps_every_position_up_to_four_heaps_of_five() -> None:
    count = 0
    for misere in (False, True):
        for k in range(1, 5):
            for heaps in itertools.product(range(6), repeat=k):
                HEAPS.check(HeapsState.new(heaps, misere))
                count += 1
    assert count == 2 * (6 + 36 + 216 + 1296)


def test_heaps_five_heaps() -> None:
    count = 0
    for misere in (False, True):
        for heaps in itertools.product(range(4), repeat=5):  # every 5-heap position of sizes 0-3
            HEAPS.check(HeapsState.new(heaps, misere, first=1))
            count += 1
        for heaps in itertools.combinations_with_replacement(range(6), 5):  # sorted, sizes 0-5
            HEAPS.check(HeapsState.new(heaps, misere))
            count += 1
    assert count == 2 * (4**5 + 252)


@settings(max_examples=40)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=5), st.booleans())
def test_heaps_random_small_positions(heaps: list[int], misere: bool) -> None:
    HEAPS.check(HeapsState.new(heaps, misere))


@settings(max_examples=50)
@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=60))
def test_heaps_large_positions_follow_the_nim_sum(heaps: list[int]) -> None:
    """Bouton: the player to move wins iff the nim-sum is not 0; winning moves restore 0."""
    s = HeapsState.new(heaps)
    x = reduce(xor, heaps, 0)
    moves = winning_moves(s)
    assert is_winning(s) == (x != 0) == bool(moves)
    assert len(moves) == sum(1 for h in heaps if h ^ x < h)
    for i, c in moves:
        assert 1 <= c <= heaps[i]
        after = list(heaps)
        after[i] -= c
        assert reduce(xor, after, 0) == 0


@settings(max_examples=50)
@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=60))
def test_heaps_large_misere_positions(heaps: list[int]) -> None:
    """Misère Nim: a position is lost when every heap is 0 or 1 and the 1s are odd in number, or
    when some heap is bigger and the nim-sum is 0. Winning moves lead to lost positions."""

    def lost(hs: list[int]) -> bool:
        if all(h <= 1 for h in hs):
            return sum(hs) % 2 == 1
        return reduce(xor, hs, 0) == 0

    s = HeapsState.new(heaps, misere=True)
    moves = winning_moves(s)
    if not any(heaps):
        assert moves == [] and is_winning(s)  # the opponent took the last object
        return
    assert is_winning(s) == (not lost(heaps)) == bool(moves)
    for i, c in moves:
        after = list(heaps)
        after[i] -= c
        assert after[i] >= 0 and lost(after)


# -- grid --------------------------------------------------------------------------------------
GRID = BruteForce(lambda s: (s.rows, s.cols, s.pawns))


def grid_positions(rows: int, cols: int, max_pawns: int = 3) -> list[GridState]:
    """Every position of up to ``max_pawns`` pawns, nearest to the end first (so that, when a
    position is checked, the brute force already knows all its children)."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    found = {
        GridState.from_pawns(rows, cols, pawns)  # pawns on the sink are dropped
        for k in range(max_pawns + 1)
        for pawns in itertools.combinations_with_replacement(cells, k)
    }
    return sorted(found, key=lambda s: (sum(rows - r + cols - c for r, c in s.pawns), s.pawns))


def test_grid_every_position_up_to_three_pawns() -> None:
    count = 0
    for rows in range(3, 6):
        for cols in range(3, 7):
            for s in grid_positions(rows, cols):
                GRID.check(s)
                count += 1
    # 12 grids; on each, every multiset of up to 3 pawns off the sink.
    from math import comb

    expected = sum(
        sum(comb(r * c - 1 + k - 1, k) for k in range(4)) for r in range(3, 6) for c in range(3, 7)
    )
    assert count == expected


@settings(max_examples=30)
@given(
    rows=st.integers(3, 30),
    cols=st.integers(3, 30),
    data=st.data(),
)
def test_grid_large_positions_follow_the_nim_sum(rows: int, cols: int, data: st.DataObject) -> None:
    """On big grids, a move wins exactly when it brings the nim-sum of the pawns' nimbers to 0."""
    cells = st.tuples(st.integers(1, rows), st.integers(1, cols))
    pawns = data.draw(st.lists(cells, min_size=0, max_size=20))
    s = GridState.from_pawns(rows, cols, pawns)

    def nim_sum(state: GridState) -> int:
        return reduce(xor, (nimber(r, c, rows, cols) for r, c in state.pawns), 0)

    good = [m for m in s.legal_moves() if nim_sum(s.play(m)) == 0]
    assert winning_moves(s) == good
    assert is_winning(s) == (nim_sum(s) != 0 or s.is_over and s.winner == s.to_move)
    if not s.is_over:
        assert bool(good) == (nim_sum(s) != 0)


# -- matches -----------------------------------------------------------------------------------
def matches_key(s: RowState) -> Hashable:
    """Empty cells only separate matches: leading and trailing gaps can go, and a run of gaps is
    as good as one. (The order of the segments is kept: nothing is assumed about it.)"""
    return (s.max_take, _GAPS.sub(b"\0", bytes(s.cells).strip(b"\0")))


_GAPS = re.compile(b"\0+")
MATCHES = BruteForce(matches_key)


def test_matches_every_pattern_up_to_12_cells() -> None:
    count = 0
    for length in range(1, 13):
        # Fewest matches first: a position's children are then known to the brute force already.
        for cells in sorted(itertools.product((False, True), repeat=length), key=sum):
            MATCHES.check(RowState(cells, 3, 0))
            count += 1
    assert count == 2**13 - 2  # every pattern of 1 to 12 cells: with the empty row, 8191


def test_matches_other_takes() -> None:
    count = 0
    for max_take in (1, 2, 4):
        for length in range(1, 11 if max_take == 2 else 9):
            for cells in sorted(itertools.product((False, True), repeat=length), key=sum):
                MATCHES.check(RowState(cells, max_take, 1))
                count += 1
    assert count == (2**11 - 2) + 2 * (2**9 - 2)


def test_seed_pattern_and_long_rows() -> None:
    MATCHES.check(RowState.from_pattern("1..1111...11...11.111"))
    for n in range(1, 17):
        MATCHES.check(RowState.new(n))


@settings(max_examples=80)
@given(st.text(alphabet="1.", min_size=1, max_size=16), st.sampled_from([2, 3, 3, 3]))
def test_matches_random_patterns_up_to_16(pattern: str, max_take: int) -> None:
    MATCHES.check(RowState.from_pattern(pattern, max_take))


def test_solver_children_match_the_rules() -> None:
    """The segment solver's moves are exactly the rules' moves, up to segment order."""
    from nimarcade.games.matches import solver as matches_solver

    for n in range(1, 9):
        s = RowState.new(n)
        from_rules = {
            tuple(sorted(length for _, length in _segments(s.play(m)))) for m in s.legal_moves()
        }
        assert set(matches_solver.children((n,), 3)) == from_rules


def _segments(s: RowState) -> list[tuple[int, int]]:
    from nimarcade.games.matches.rules import segments

    return segments(s.cells)
