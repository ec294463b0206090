"""The queen to the sink (Wythoff's game): rules, Grundy values and cold positions against brute
force, every winning move against exhaustive minimax, random playouts with invariants."""
from __future__ import annotations

import dataclasses
import random
from functools import lru_cache
from itertools import combinations_with_replacement

import pytest

from nimarcade.core.registry import is_winning, winning_move, winning_moves
from nimarcade.i18n import error_text, has
from nimarcade.core.rules import GameOver, IllegalMove, InvalidSetup, RulesError
from nimarcade.core.rules.protocol import GameState, Outcome
from nimarcade.games.wythoff.rules import (
    WythoffState, cold_pair, cold_pairs, destinations, grundy, grundy_table, is_cold, max_queens,
    start_cells,
)

# The top-left corner of Wythoff's Grundy table (OEIS A004481), rows a = 0..5, columns b = 0..5.
KNOWN_GRUNDY = [
    [0, 1, 2, 3, 4, 5],
    [1, 2, 0, 4, 5, 3],
    [2, 0, 1, 5, 3, 4],
    [3, 4, 5, 6, 2, 0],
    [4, 5, 3, 2, 7, 6],
    [5, 3, 4, 0, 6, 8],
]
# The first cold positions (OEIS A000201 / A001950).
KNOWN_COLD = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20), (14, 23),
              (16, 26), (17, 28), (19, 31)]


# -- brute force ---------------------------------------------------------------------------------
def successors(a: int, b: int) -> list[tuple[int, int]]:
    """A queen at distances (a, b) from the sink: every position one slide away."""
    out = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
    return out + [(a - k, b - k) for k in range(1, min(a, b) + 1)]


@lru_cache(maxsize=None)
def mex_grundy(a: int, b: int) -> int:
    seen = {mex_grundy(x, y) for x, y in successors(a, b)}
    n = 0
    while n in seen:
        n += 1
    return n


@lru_cache(maxsize=None)
def lone_queen_wins(a: int, b: int) -> bool:
    return any(not lone_queen_wins(x, y) for x, y in successors(a, b))


@lru_cache(maxsize=None)
def wins(state: WythoffState) -> bool:
    """Exhaustive minimax on the real states: the player to move wins with perfect play."""
    if state.is_over:
        return False
    return any(not wins(state.play(m)) for m in state.legal_moves())


def all_positions(rows: int, cols: int, n: int):
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    for queens in combinations_with_replacement(cells, n):
        yield WythoffState.from_queens(rows, cols, queens)


# -- the mathematics -----------------------------------------------------------------------------
def test_known_grundy_values_and_cold_pairs() -> None:
    table = grundy_table(30)
    assert [list(row[:6]) for row in table[:6]] == KNOWN_GRUNDY
    assert [cold_pair(k) for k in range(len(KNOWN_COLD))] == KNOWN_COLD
    assert cold_pairs(12) == KNOWN_COLD[:9]


def test_grundy_table_equals_the_mex_definition() -> None:
    table = grundy_table(30)
    for a in range(30):
        for b in range(30):
            assert table[a][b] == mex_grundy(a, b) == grundy(a, b) == grundy(b, a), (a, b)
    assert grundy(40, 3) == mex_grundy(40, 3)    # beyond the largest board: a larger table


def test_cold_positions_are_the_lost_ones_on_a_30x30_board() -> None:
    cold = set()
    for a, b in cold_pairs(29):
        cold |= {(a, b), (b, a)}
    for a in range(30):
        for b in range(30):
            lost = not lone_queen_wins(a, b)
            assert lost == ((a, b) in cold) == is_cold(a, b) == (mex_grundy(a, b) == 0), (a, b)


def test_cold_pairs_by_the_mex_construction() -> None:
    """a_k is the smallest number not yet used, b_k = a_k + k: Wythoff's own construction."""
    used: set[int] = set()
    for k in range(200):
        a = 0
        while a in used:
            a += 1
        assert cold_pair(k) == (a, a + k)
        used |= {a, a + k}


@pytest.mark.parametrize("rows, cols, n", [(3, 3, 1), (4, 5, 1), (7, 9, 1), (3, 4, 2), (5, 6, 2), (3, 3, 3), (4, 4, 3), (5, 5, 3)])
def test_winning_moves_are_every_minimax_win(rows: int, cols: int, n: int) -> None:
    checked = 0
    for s in all_positions(rows, cols, n):
        expected = [] if s.is_over else [m for m in s.legal_moves() if not wins(s.play(m))]
        assert s.winning_moves() == winning_moves(s) == expected, s
        assert (s.nim_sum() != 0) == wins(s)
        assert winning_move(s) == (expected[0] if expected else None)
        checked += 1
    assert checked > 0


# -- the rules -----------------------------------------------------------------------------------
def test_new_places_the_queens_on_the_first_row_and_column() -> None:
    s = WythoffState.new(5, 7)
    assert s.queens == ((1, 1),) and s.sink == (5, 7) and s.to_move == 0
    assert not s.is_over and s.winner is None and s.outcome is None
    assert start_cells(4, 6, 6) == [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 4)]
    assert start_cells(3, 5, 7) == [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (1, 5)]
    assert max_queens(3, 5) == 7 and max_queens(30, 30) == 30
    assert len(set(WythoffState.new(30, 30, 30).queens)) == 30
    assert isinstance(s, GameState)


def test_destinations_and_legal_moves() -> None:
    assert destinations((3, 3), 5, 4) == [(3, 4), (4, 3), (5, 3), (4, 4)]
    assert destinations((5, 4), 5, 4) == []
    s = WythoffState.from_queens(4, 4, [(3, 2), (1, 1)])
    assert s.legal_moves()[:3] == [((1, 1), (1, 2)), ((1, 1), (1, 3)), ((1, 1), (1, 4))]
    assert len(s.legal_moves()) == 9 + 4


def test_a_classic_game_to_the_end() -> None:
    s = WythoffState.new(5, 5)                    # distances (4, 4): hot, the diagonal wins at once
    assert s.winning_moves() == [((1, 1), (5, 5))]
    s = s.play(((1, 1), (2, 1)))                  # (3, 4): only the diagonal reaches a cold pair
    assert s.winning_moves() == [((2, 1), (4, 3))]                     # (1, 2), the cold pair k = 1
    s = s.play(((2, 1), (4, 3)))
    assert s.is_cold_cell((4, 3)) and s.nim_sum() == 0 and s.winning_moves() == []
    assert all(is_winning(s.play(m)) for m in s.legal_moves())
    s = s.play(((4, 3), (4, 5)))
    assert s.queens == ((4, 5),) and s.to_move == 1
    s = s.play(((4, 5), (5, 5)))
    assert s.is_over and s.queens == () and s.legal_moves() == []
    assert s.winner == 1 and s.outcome == Outcome(1, "end.wythoff.last_queen", {})
    with pytest.raises(GameOver):
        s.play(((4, 5), (5, 5)))


def test_from_queens_sorts_keeps_repeats_and_drops_the_sink() -> None:
    s = WythoffState.from_queens(4, 6, [(3, 2), (1, 1), (3, 2), (4, 6)], first=1)
    assert s.queens == ((1, 1), (3, 2), (3, 2)) and s.to_move == 1 and s.count_at((3, 2)) == 2
    assert s.queen_cells() == [(1, 1), (3, 2)]
    assert s.nim_sum() == grundy(3, 5)            # the two queens on (3,2) cancel out
    t = s.play(((3, 2), (4, 3)))
    assert t.queens == ((1, 1), (3, 2), (4, 3))
    over = WythoffState.from_queens(4, 6, [(4, 6)])
    assert over.is_over and over.winner == 1 and over.winning_moves() == []


def test_state_is_immutable_and_hashable() -> None:
    s = WythoffState.new(5, 5, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.rows = 4  # type: ignore[misc]
    a = s.play(((1, 1), (2, 2)))
    b = WythoffState.from_queens(5, 5, [(2, 1), (2, 2), (1, 2)], first=1)
    assert a == b and hash(a) == hash(b)


@pytest.mark.parametrize(
    "move, key",
    [
        (((2, 2), (2, 3)), "err.wythoff.no_queen"),
        (((1, 1), (2, 3)), "err.wythoff.bad_step"),
        (((2, 1), (1, 1)), "err.wythoff.bad_step"),
        (((2, 1), (1, 2)), "err.wythoff.bad_step"),
        (((1, 1), (1, 1)), "err.wythoff.stay"),
        (((1, 1), (6, 1)), "err.wythoff.off_board"),
        (((1, 1), (1, 0)), "err.wythoff.off_board"),
        (((1, 1), (1.5, 2)), "err.wythoff.off_board"),
        (((1, 1),), "err.bad_move"),
        ("a1", "err.bad_move"),
        (None, "err.bad_move"),
    ],
)
def test_illegal_moves(move: object, key: str) -> None:
    with pytest.raises(IllegalMove) as info:
        WythoffState.new(5, 5, 3).play(move)  # type: ignore[arg-type]
    assert info.value.key == key


@pytest.mark.parametrize(
    "call, key",
    [
        (lambda: WythoffState.new(2, 5), "err.wythoff.size"),
        (lambda: WythoffState.new(5, 31), "err.wythoff.size"),
        (lambda: WythoffState.new(5, 5, 0), "err.wythoff.queens"),
        (lambda: WythoffState.new(3, 3, 6), "err.wythoff.queens"),
        (lambda: WythoffState.new(5, 5, True), "err.wythoff.queens"),
        (lambda: WythoffState.new(5, 5, 1, first=2), "err.first"),
        (lambda: WythoffState.from_queens(5, 5, [(0, 1)]), "err.wythoff.off_board"),
        (lambda: WythoffState.from_queens(5, 5, [(1, 6)]), "err.wythoff.off_board"),
        (lambda: WythoffState.from_queens(5, 5, [(1, 2, 3)]), "err.bad_move"),
    ],
)
def test_invalid_setup(call, key: str) -> None:
    with pytest.raises(InvalidSetup) as info:
        call()
    assert info.value.key == key


def test_every_wythoff_error_reads_well_in_both_languages() -> None:
    triggers = [
        lambda: WythoffState.new(2, 5),
        lambda: WythoffState.new(5, 5, 0),
        lambda: WythoffState.from_queens(5, 5, [(0, 1)]),
        lambda: WythoffState.new(5, 5).play(((2, 2), (3, 3))),
        lambda: WythoffState.new(5, 5).play(((1, 1), (1, 1))),
        lambda: WythoffState.new(5, 5).play(((1, 1), (2, 3))),
    ]
    keys = set()
    for trigger in triggers:
        with pytest.raises(RulesError) as info:
            trigger()
        err = info.value
        keys.add(err.key)
        assert has(err.key)
        fr, en = error_text(err, "fr"), error_text(err, "en")
        assert fr.strip() and en.strip() and fr != en and "{" not in fr + en and "}" not in fr + en
    assert keys == {"err.wythoff.size", "err.wythoff.queens", "err.wythoff.off_board",
                    "err.wythoff.no_queen", "err.wythoff.stay", "err.wythoff.bad_step"}


def test_largest_board_winning_move() -> None:
    s = WythoffState.new(30, 30, 30)
    move = winning_move(s)
    if move is None:
        assert s.nim_sum() == 0 and all(s.play(m).nim_sum() != 0 for m in s.legal_moves())
    else:
        assert s.play(move).nim_sum() == 0
        assert all(s.play(m).nim_sum() == 0 for m in s.winning_moves())


# -- random playouts -----------------------------------------------------------------------------
def any_move(s: WythoffState, rng: random.Random):
    def cell() -> tuple[int, int]:
        return (rng.randint(0, s.rows + 1), rng.randint(0, s.cols + 1))

    if s.queens and rng.random() < 0.6:
        return (rng.choice(s.queens), cell())
    return (cell(), cell())


@pytest.mark.parametrize("seed", range(12))
def test_random_playouts_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 30), rng.randint(3, 30)
    s = WythoffState.new(rows, cols, rng.randint(1, max_queens(rows, cols)), first=seed % 2)
    steps = 0
    while not s.is_over:
        moves = s.legal_moves()
        assert moves and moves == s.legal_moves() and s.winner is None and s.outcome is None
        wrong = any_move(s, rng)
        if wrong not in moves:
            with pytest.raises(IllegalMove):
                s.play(wrong)
        move = s.random_move(rng) if rng.random() < 0.7 else rng.choice(moves)
        assert move in moves
        after = s.play(move)
        (r, c), (r2, c2) = move
        assert (r2, c2) != (r, c) and (r2 - r == 0 or c2 - c == 0 or r2 - r == c2 - c)
        assert r2 >= r and c2 >= c
        fell = (r2, c2) == s.sink
        assert len(after.queens) == len(s.queens) - fell       # a queen leaves only into the sink
        assert all(1 <= a <= rows and 1 <= b <= cols and (a, b) != s.sink for a, b in after.queens)
        assert after.to_move == 1 - s.to_move and hash(after) == hash(s.play(move))
        s = after
        steps += 1
    assert s.legal_moves() == [] and s.winner == 1 - s.to_move and steps > 0
    with pytest.raises(GameOver):
        s.play(((1, 1), (1, 2)))
