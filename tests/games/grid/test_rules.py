"""Pawns into the sink (seed 003): rules, the nimber formula against the seed's figures."""
from __future__ import annotations

import dataclasses
from functools import lru_cache

import pytest

from nimarcade.core.registry import is_winning, winning_move, winning_moves
from nimarcade.core.rules import GameOver, IllegalMove, InvalidSetup
from nimarcade.games.grid.rules import GridState, destinations, nimber

# Seed 003, figure 2 (and the left half of figure 3): the nimbers of a 5x5 grid, row by row.
FIGURE_2 = [
    [0, 1, 3, 0, 1],
    [1, 0, 2, 1, 0],
    [3, 2, 0, 3, 2],
    [0, 1, 3, 0, 1],
    [1, 0, 2, 1, 0],
]
# Seed 003, figure 3 (right): the nimbers of a 5x7 grid.
FIGURE_3_RIGHT = [
    [1, 3, 0, 1, 3, 0, 1],
    [0, 2, 1, 0, 2, 1, 0],
    [2, 0, 3, 2, 0, 3, 2],
    [1, 3, 0, 1, 3, 0, 1],
    [0, 2, 1, 0, 2, 1, 0],
]


def grid_of(rows: int, cols: int) -> list[list[int]]:
    return [[nimber(r, c, rows, cols) for c in range(1, cols + 1)] for r in range(1, rows + 1)]


def test_figure_2_nimbers() -> None:
    assert grid_of(5, 5) == FIGURE_2


def test_figure_3_nimbers() -> None:
    assert grid_of(5, 7) == FIGURE_3_RIGHT
    # « Celui qui commence perd la partie de gauche et gagne celle de droite ».
    assert not is_winning(GridState.new(5, 5, 1))
    assert is_winning(GridState.new(5, 7, 1))


def mex_nimbers(rows: int, cols: int) -> dict[tuple[int, int], int]:
    """Section 3.2, literally: number the sink 0, then any cell whose neighbours are all numbered
    gets the smallest natural number missing among them (done column by column, bottom-up)."""
    numbers: dict[tuple[int, int], int] = {(rows, cols): 0}
    for c in range(cols, 0, -1):
        for r in range(rows, 0, -1):
            if (r, c) in numbers:
                continue
            around = []
            for dr, dc in ((0, 1), (0, 2), (1, 0), (2, 0)):
                if r + dr <= rows and c + dc <= cols:
                    around.append(numbers[(r + dr, c + dc)])  # KeyError = wrong order
            n = 0
            while n in around:
                n += 1
            numbers[(r, c)] = n
    return numbers


@pytest.mark.parametrize("rows", range(3, 13))
def test_nimber_formula_equals_the_mex_definition(rows: int) -> None:
    for cols in range(3, 13):
        expected = mex_nimbers(rows, cols)
        assert len(expected) == rows * cols
        for (r, c), n in expected.items():
            assert nimber(r, c, rows, cols) == n, (rows, cols, r, c)
        assert set(expected.values()) <= {0, 1, 2, 3}  # « les 4 entiers 0, 1, 2 et 3 suffisent »


def test_figure_4_two_winning_moves() -> None:
    s = GridState.from_pawns(5, 5, [(1, 3), (2, 5), (5, 1)])
    assert [nimber(r, c, 5, 5) for r, c in s.pawns] == [3, 0, 1]  # p = 3 xor 0 xor 1 = 2
    assert winning_moves(s) == [((1, 3), (1, 5)), ((2, 5), (3, 5))]
    assert winning_move(s) == ((1, 3), (1, 5))


def test_initial_position_and_neighbours() -> None:
    s = GridState.new(5, 5, 4)
    assert s.pawns == ((1, 1), (2, 1), (3, 1), (4, 1))
    assert s.sink == (5, 5) and s.to_move == 0 and not s.is_over and s.winner is None
    # Figure 1: a cell has 1 to 4 neighbours; the sink has none.
    assert destinations((1, 1), 5, 5) == [(1, 2), (1, 3), (2, 1), (3, 1)]
    assert destinations((4, 4), 5, 5) == [(4, 5), (5, 4)]
    assert destinations((5, 4), 5, 5) == [(5, 5)]
    assert destinations((5, 5), 5, 5) == []
    assert s.legal_moves()[:4] == [((1, 1), (1, 2)), ((1, 1), (1, 3)), ((1, 1), (2, 1)), ((1, 1), (3, 1))]
    assert len(s.legal_moves()) == 4 + 4 + 4 + 3  # (4,1) cannot move down by 2


def test_seed_sample_session() -> None:
    """Seed 003, section 6: 5x5, 3 pawns, the human (player 0) starts and loses."""
    s = GridState.new(5, 5, 3)
    assert s.pawns == ((1, 1), (2, 1), (3, 1))  # « choisir un pion 1:(1,1) 2:(2,1) 3:(3,1) »
    assert s.destinations((3, 1)) == [(3, 2), (3, 3), (4, 1), (5, 1)]
    s = s.play(((3, 1), (3, 3)))                 # « ---> 2 »
    s = s.play(((1, 1), (2, 1)))                 # « L'ordinateur joue (1,1) ---> (2,1) »
    assert s.pawns == ((2, 1), (2, 1), (3, 3))   # « 1:(2,1) 2:(2,1) 3:(3,3) »: two pawns on a cell
    assert s.count_at((2, 1)) == 2 and s.pawn_cells() == [(2, 1), (3, 3)]
    assert s.destinations((3, 3)) == [(3, 4), (3, 5), (4, 3), (5, 3)]
    s = s.play(((3, 3), (3, 5)))
    s = s.play(((2, 1), (3, 1)))
    assert s.pawns == ((2, 1), (3, 1), (3, 5))
    assert s.destinations((3, 5)) == [(4, 5), (5, 5)]
    s = s.play(((3, 5), (5, 5)))                 # the pawn drops into the sink and leaves the grid
    assert s.pawns == ((2, 1), (3, 1))
    s = s.play(((2, 1), (2, 3)))
    s = s.play(((3, 1), (5, 1)))
    s = s.play(((2, 3), (3, 3)))
    assert s.destinations((5, 1)) == [(5, 2), (5, 3)]
    s = s.play(((5, 1), (5, 3)))
    s = s.play(((5, 3), (5, 5)))                 # the computer plays into the sink
    assert s.pawns == ((3, 3),)                  # « plus qu'un seul pion en (3,3) »
    s = s.play(((3, 3), (4, 3)))
    s = s.play(((4, 3), (4, 4)))
    assert s.destinations((4, 4)) == [(4, 5), (5, 4)]
    # The seed's transcript prints the pawn on (5,4) after this choice, then the computer plays
    # (5,4) ---> (5,5); we follow the board it shows.
    s = s.play(((4, 4), (5, 4)))
    assert not s.is_over
    s = s.play(((5, 4), (5, 5)))
    assert s.is_over and s.pawns == ()
    assert s.winner == 1                         # « C'est terminé, TU AS PERDU ! »
    assert s.legal_moves() == []
    with pytest.raises(GameOver):
        s.play(((4, 4), (4, 5)))


def test_from_pawns_sorts_keeps_repeats_and_drops_the_sink() -> None:
    s = GridState.from_pawns(4, 6, [(3, 2), (1, 1), (3, 2), (4, 6)], first=1)
    assert s.pawns == ((1, 1), (3, 2), (3, 2)) and s.to_move == 1
    assert GridState.from_pawns(4, 6, [(4, 6)]).is_over


def test_state_is_immutable_and_hashable() -> None:
    s = GridState.new(5, 5, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.rows = 4  # type: ignore[misc]
    a = s.play(((1, 1), (2, 1)))
    b = GridState.from_pawns(5, 5, [(3, 1), (2, 1), (2, 1)], first=1)
    assert a == b and hash(a) == hash(b)


def test_moving_one_of_two_stacked_pawns() -> None:
    s = GridState.from_pawns(5, 5, [(2, 1), (2, 1)])
    assert len(s.legal_moves()) == 4  # one set of moves per occupied cell
    t = s.play(((2, 1), (2, 2)))
    assert t.pawns == ((2, 1), (2, 2))


@pytest.mark.parametrize(
    "move, key",
    [
        (((1, 2), (1, 3)), "err.grid.no_pawn"),
        (((1, 1), (2, 2)), "err.grid.bad_step"),
        (((1, 1), (1, 4)), "err.grid.bad_step"),
        (((2, 1), (1, 1)), "err.grid.bad_step"),
        (((1, 1), (1, 1)), "err.grid.bad_step"),
        (((3, 1), (6, 1)), "err.grid.off_grid"),
        (((1, 1), (1, 0)), "err.grid.off_grid"),
        (((1, 1),), "err.bad_move"),
        ("a1", "err.bad_move"),
        (None, "err.bad_move"),
    ],
)
def test_illegal_moves(move: object, key: str) -> None:
    with pytest.raises(IllegalMove) as info:
        GridState.new(5, 5, 3).play(move)  # type: ignore[arg-type]
    assert info.value.key == key


@pytest.mark.parametrize(
    "call, key",
    [
        (lambda: GridState.new(2, 5, 1), "err.grid.size"),
        (lambda: GridState.new(5, 31, 1), "err.grid.size"),
        (lambda: GridState.new(5, 5, 0), "err.grid.pawns"),
        (lambda: GridState.new(5, 5, 6), "err.grid.pawns"),
        (lambda: GridState.new(5, 5, 1, first=-1), "err.first"),
        (lambda: GridState.from_pawns(5, 5, [(0, 1)]), "err.grid.off_grid"),
        (lambda: GridState.from_pawns(5, 5, [(1, 6)]), "err.grid.off_grid"),
        (lambda: GridState.from_pawns(5, 5, [(1, 2, 3)]), "err.bad_move"),
    ],
)
def test_invalid_setup(call, key: str) -> None:
    with pytest.raises(InvalidSetup) as info:
        call()
    assert info.value.key == key


def test_largest_grid_winning_move() -> None:
    s = GridState.new(30, 30, 30)
    move = winning_move(s)
    if move is None:
        assert all(is_winning(s.play(m)) for m in s.legal_moves())
    else:
        assert not is_winning(s.play(move))


@lru_cache(maxsize=None)
def _wins_single(r: int, c: int, rows: int, cols: int) -> bool:
    return any(not _wins_single(r2, c2, rows, cols) for r2, c2 in destinations((r, c), rows, cols))


def test_single_pawn_zero_nimber_means_lost() -> None:
    """Section 3.3: with one pawn, the position is lost exactly on the cells of nimber 0."""
    for rows, cols in ((3, 3), (5, 5), (5, 7), (7, 10)):
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                assert _wins_single(r, c, rows, cols) == (nimber(r, c, rows, cols) != 0)
