"""The pieces-to-a-sink helper the pawns and the queens share: a game defined here (a king that
steps one cell right, down or diagonally) gets the whole state protocol from it; the checks of a
position, the notation and the text board are the same for both games."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from nimarcade.core.registry import winning_moves
from nimarcade.core.rules import GameOver, IllegalMove, InvalidSetup
from nimarcade.games.grid import rules as grid
from nimarcade.games.wythoff import rules as wythoff
from nimarcade.core.rules.protocol import GameState
from nimarcade.games.sinkboard.rules import (Cell, SinkBoard, format_move, frame, is_int, parse_cell_move,
                                       parse_move, text_board, text_move)
from nimarcade.games.grid.rules import GridState
from nimarcade.games.wythoff.rules import WythoffState


@dataclass(frozen=True)
class KingState(SinkBoard):
    rows: int
    cols: int
    kings: tuple[Cell, ...]
    to_move: int = 0

    sizes = (2, 9)
    size_error, off_board, no_piece = "err.king.size", "err.king.off", "err.king.none"
    end_reason = "end.king.last"

    @property
    def pieces(self) -> tuple[Cell, ...]:
        return self.kings

    def destinations(self, cell: Cell) -> list[Cell]:
        r, c = cell
        steps = ((0, 1), (1, 0), (1, 1))
        return [(r + dr, c + dc) for dr, dc in steps if r + dr <= self.rows and c + dc <= self.cols]

    def check_step(self, src: Cell, dst: Cell) -> None:
        if dst not in self.destinations(src):
            raise IllegalMove("err.king.step")


def test_a_new_game_gets_the_protocol_from_the_helper() -> None:
    s = KingState.from_cells(3, 4, [(2, 3), (1, 1), (2, 3), (3, 4)], first=1)
    assert isinstance(s, GameState)
    assert s.kings == ((1, 1), (2, 3), (2, 3))          # sorted, the one on the sink dropped
    assert s.sink == (3, 4) and s.piece_cells() == [(1, 1), (2, 3)] and s.count_at((2, 3)) == 2
    assert s.legal_moves() == [((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 1), (2, 2)),
                               ((2, 3), (2, 4)), ((2, 3), (3, 3)), ((2, 3), (3, 4))]
    t = s.play(((2, 3), (3, 4)))                         # into the sink: off the board
    assert type(t) is KingState and t.kings == ((1, 1), (2, 3)) and t.to_move == 0
    assert not t.is_over and t.winner is None and t.outcome is None
    end = KingState.from_cells(3, 4, [(3, 3)]).play(((3, 3), (3, 4)))
    assert end.is_over and end.winner == 0 and end.outcome.reason == "end.king.last"
    assert end.legal_moves() == []


@pytest.mark.parametrize("move, error, key", [
    (((1, 2), (1, 3)), IllegalMove, "err.king.none"),
    (((1, 1), (1, 3)), IllegalMove, "err.king.step"),
    ("a1", IllegalMove, "err.bad_move"),
    (None, IllegalMove, "err.bad_move"),
])
def test_refusals_name_the_game_s_words(move, error, key) -> None:
    with pytest.raises(error) as info:
        KingState.from_cells(3, 3, [(1, 1)]).play(move)
    assert info.value.key == key


def test_no_move_once_over() -> None:
    with pytest.raises(GameOver):
        KingState.from_cells(3, 3, []).check(((1, 1), (1, 2)))


@pytest.mark.parametrize("call, key", [
    (lambda: KingState.from_cells(1, 3, []), "err.king.size"),
    (lambda: KingState.from_cells(3, 10, []), "err.king.size"),
    (lambda: KingState.from_cells(3, 3, [], first=2), "err.first"),
    (lambda: KingState.from_cells(3, 3, [(0, 1)]), "err.king.off"),
    (lambda: KingState.from_cells(3, 3, [(1, 2, 3)]), "err.bad_move"),
    # A bool is not a number of the board, for the pawns as for the queens.
    (lambda: GridState.from_pawns(5, 5, [(True, 1)]), "err.grid.off_grid"),
    (lambda: GridState.from_pawns(5, 5, [(1, 1)], first=True), "err.first"),
    (lambda: WythoffState.from_queens(5, 5, [(1, True)]), "err.wythoff.off_board"),
    (lambda: WythoffState.new(True, 5), "err.wythoff.size"),
])
def test_invalid_positions(call, key: str) -> None:
    with pytest.raises(InvalidSetup) as info:
        call()
    assert info.value.key == key


def test_random_playouts_keep_the_invariants() -> None:
    rng = random.Random(5)
    for _ in range(200):
        s = KingState.from_cells(rng.randint(2, 9), rng.randint(2, 9), [(1, 1)] * rng.randint(1, 4))
        while not s.is_over:
            assert list(s.kings) == sorted(s.kings) and s.sink not in s.kings
            n = len(s.kings)
            s = s.play(s.random_move(rng))
            assert len(s.kings) in (n, n - 1)
        assert s.winner is not None and s.legal_moves() == []


def test_is_int_refuses_bools() -> None:
    assert is_int(3) and not is_int(True) and not is_int(3.0) and not is_int("3")


def test_notation_is_shared_and_round_trips() -> None:
    assert grid.format_move is wythoff.format_move is format_move
    assert grid.parse_move is wythoff.parse_move is parse_move
    move = ((1, 12), (10, 12))
    assert format_move(move) == "(1,12)-(10,12)" and parse_cell_move(format_move(move)) == move
    assert parse_cell_move(text_move(move)) == move          # « (1,12) ---> (10,12) » typed back
    assert parse_cell_move("1 1 2 1") == ((1, 1), (2, 1))
    for bad in ("(1,1)-(2)", "a1-a2", "(1,1)-(2,1)-(3,1)"):
        with pytest.raises(IllegalMove) as info:
            parse_cell_move(bad)
        assert info.value.key == "err.bad_notation"
    s = WythoffState.new(5, 5)
    assert parse_move(s, "(1,1)-(5,5)") == ((1, 1), (5, 5))
    with pytest.raises(IllegalMove):
        parse_move(GridState.new(5, 5, 1), "(1,1)-(5,5)")  # parsed, then refused by the game's rules


def test_text_board_of_either_game() -> None:
    s = GridState.from_pawns(3, 4, [(1, 1), (2, 3), (2, 3)])
    assert text_board(s) == ["  1 2 3 4", "1|O|-|-|-|", "2|-|-|2|-|", "3|-|-|-|◎|"]
    q = WythoffState.from_queens(3, 3, [(1, 2)])
    assert text_board(q, ascii=True, piece="Q") == ["  1 2 3", "1|-|Q|-|", "2|-|-|-|", "3|-|-|*|"]
    wide = frame(2, 11, lambda r, c: "x")
    assert wide[0] == "                    1 1" and wide[1] == "  1 2 3 4 5 6 7 8 9 0 1"


def test_grid_and_queens_share_the_protocol() -> None:
    for s in (GridState.new(5, 5, 3), WythoffState.new(9, 12, 3)):
        assert isinstance(s, SinkBoard)
        assert s.piece_cells() == sorted(set(s.pieces))
        assert all(winning_moves(s.play(m)) == [] for m in winning_moves(s))
