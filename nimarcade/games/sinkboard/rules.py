"""Pieces that move toward a sink on a grid: what the pawns of seed 003 and Wythoff's queens share.

A board has ``rows`` × ``cols`` cells, 1-based ``(row, col)``; the sink is the bottom-right cell
``(rows, cols)``. A position is the sorted tuple of the pieces' cells (a cell once per piece on it,
so several pieces may share one; the sink never appears), and a move ``(src, dst)`` takes one piece
from ``src`` to ``dst``: a piece that reaches the sink leaves the board, and whoever drops the last
one in wins. How a piece moves, and what the errors say, stays each game's: :class:`SinkBoard`
asks its subclass. Also here: the notation ``(1,1)-(3,3)`` and the text mode's board.
"""
from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any, Callable, Iterable, Self

from nimarcade.core.rules.errors import GameOver, IllegalMove, InvalidSetup
from nimarcade.core.rules.protocol import Outcome

Cell = tuple[int, int]
Move = tuple[Cell, Cell]


def is_int(v: object) -> bool:
    """A whole number, and not a bool (``True`` would pass for 1)."""
    return isinstance(v, int) and not isinstance(v, bool)


class SinkBoard:
    """The state protocol of a game of pieces moving toward the sink, mixed into a frozen dataclass
    whose fields are ``rows``, ``cols``, the pieces' cells and ``to_move``, in that order.

    The game provides: ``pieces`` (its pieces' cells, whatever it calls them), ``destinations(cell)``
    (where a piece on ``cell`` may go, in the game's order), ``check_step(src, dst)`` (its reason to
    refuse a move of a piece that is there), and as class attributes ``sizes`` (the smallest and
    largest side) and the translation keys ``size_error``, ``off_board``, ``no_piece`` (a move from
    an empty cell) and ``end_reason``.
    """

    rows: int
    cols: int
    to_move: int
    sizes: tuple[int, int]
    size_error: str
    off_board: str
    no_piece: str
    end_reason: str
    destinations: Callable[[Cell], list[Cell]]
    check_step: Callable[[Cell, Cell], None]

    if TYPE_CHECKING:     # the dataclass's, whatever it calls its pieces
        def __init__(self, rows: int, cols: int, pieces: tuple[Cell, ...], to_move: int = 0) -> None: ...

        @property
        def pieces(self) -> tuple[Cell, ...]: ...

    @classmethod
    def check_size(cls, rows: int, cols: int) -> None:
        lo, hi = cls.sizes
        for v in (rows, cols):
            if not is_int(v) or not lo <= v <= hi:
                raise InvalidSetup(cls.size_error, rows=rows, cols=cols)

    @classmethod
    def from_cells(cls, rows: int, cols: int, cells: Iterable[Any], first: int = 0) -> Self:
        """Any position: a list of piece cells (repeats allowed; pieces on the sink are dropped)."""
        cls.check_size(rows, cols)
        if first not in (0, 1) or isinstance(first, bool):
            raise InvalidSetup("err.first")
        out = []
        for p in cells:
            try:
                r, c = p
            except (TypeError, ValueError):
                raise InvalidSetup("err.bad_move", move=p) from None
            if not (is_int(r) and is_int(c) and 1 <= r <= rows and 1 <= c <= cols):
                raise InvalidSetup(cls.off_board, row=r, col=c)
            if (r, c) != (rows, cols):
                out.append((r, c))
        return cls(rows, cols, tuple(sorted(out)), first)

    @property
    def sink(self) -> Cell:
        return (self.rows, self.cols)

    @property
    def is_over(self) -> bool:
        return not self.pieces

    @property
    def winner(self) -> int | None:
        return None if self.pieces else 1 - self.to_move

    @property
    def outcome(self) -> Outcome | None:
        return None if self.pieces else Outcome(1 - self.to_move, self.end_reason)

    def piece_cells(self) -> list[Cell]:
        """Distinct occupied cells, sorted (reading order)."""
        return sorted(set(self.pieces))

    def count_at(self, cell: Cell) -> int:
        return self.pieces.count(cell)

    def legal_moves(self) -> list[Move]:
        """Occupied cells in reading order; for each, its destinations in the game's order."""
        return [(cell, d) for cell in self.piece_cells() for d in self.destinations(cell)]

    def check(self, move: object) -> None:
        if self.is_over:
            raise GameOver("err.game_over")
        try:
            parts: Any = move       # anything a player sent: unpacked, then checked
            (r, c), (r2, c2) = parts
        except (TypeError, ValueError):
            raise IllegalMove("err.bad_move", move=move) from None
        if (r, c) not in self.pieces:
            raise IllegalMove(self.no_piece, row=r, col=c)
        self.check_step((r, c), (r2, c2))

    def play(self, move: Move) -> Self:
        self.check(move)
        (r, c), (r2, c2) = move
        src, dst = (r, c), (r2, c2)
        pieces = list(self.pieces)
        pieces.remove(src)
        if dst != self.sink:
            pieces.append(dst)
        after = tuple(sorted(pieces))
        return type(self)(self.rows, self.cols, after, 1 - self.to_move)

    def random_move(self, rng: random.Random) -> Move:
        """The seed's random move: a random piece, then a random destination of it."""
        cell = rng.choice(self.pieces)
        return cell, rng.choice(self.destinations(cell))


# -- notation (text mode, saved games): "(1,1)-(2,1)", 1-based cells as in the seed --------------
def format_move(move: Move) -> str:
    (r, c), (r2, c2) = move
    return f"({r},{c})-({r2},{c2})"


def parse_cell_move(text: str) -> Move:
    """Four whole numbers in order (row, col, row, col), whatever separates them."""
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    if len(numbers) != 4 or re.search(r"[^\d\s(),\->]", text):
        raise IllegalMove("err.bad_notation", text=text)
    return (numbers[0], numbers[1]), (numbers[2], numbers[3])


def parse_move(state: SinkBoard, text: str) -> Move:
    move = parse_cell_move(text)
    state.check(move)
    return move


# -- text mode (nimarcade.text): seed 003's grid -------------------------------------------------
def frame(rows: int, cols: int, cell: Callable[[int, int], str]) -> list[str]:
    """Seed 003's drawing: column numbers on top, then ``1|O|-|-|`` a row (tens above units);
    ``cell(r, c)`` is what a cell shows."""
    w = len(str(rows))
    lines = []
    if cols >= 10:
        tens = " ".join(str(c // 10) if c >= 10 else " " for c in range(1, cols + 1))
        lines.append((" " * (w + 1) + tens).rstrip())
    lines.append(" " * (w + 1) + " ".join(str(c % 10 if cols >= 10 else c) for c in range(1, cols + 1)))
    for r in range(1, rows + 1):
        lines.append(f"{r:>{w}}|" + "".join(cell(r, c) + "|" for c in range(1, cols + 1)))
    return lines


def text_board(state: Any, ascii: bool = False, piece: str = "O") -> list[str]:
    """``piece`` for a piece (a digit: that many on one cell), ``-`` an empty cell, the sink marked.
    Any state with ``rows``, ``cols``, ``sink`` and ``count_at(cell)``."""
    sink = "*" if ascii else "◎"

    def cell(r: int, c: int) -> str:
        n = state.count_at((r, c))
        if n:
            return piece if n == 1 else str(n) if n < 10 else "+"
        return sink if (r, c) == state.sink else "-"

    return frame(state.rows, state.cols, cell)


def text_move(move: Move) -> str:
    """Seed 003's ``(1,1) ---> (2,1)`` (also accepted as typed notation)."""
    (r, c), (r2, c2) = move
    return f"({r},{c}) ---> ({r2},{c2})"
