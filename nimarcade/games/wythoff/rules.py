"""The queen to the sink (Wythoff's game): queens slide right, down or diagonally down-right.

One queen stands on a rows×cols board; a move slides it any number of cells to the right, down,
or diagonally down-right, and the queen that reaches the sink, the bottom-right cell
``(rows, cols)``, leaves the board. Whoever drops the last queen into the sink wins. As for the
pawns of seed 003, several queens may be on the board (even on one cell) and a move moves one.

Coordinates are 1-based ``(row, col)``. A queen is described by its distances to the sink,
``(a, b) = (rows - row, cols - col)``: a move lowers ``a``, ``b``, or both by the same amount,
which is exactly Wythoff's game. Its lost (« cold ») positions are the pairs
``(⌊kφ⌋, ⌊kφ²⌋)`` and their mirror images, φ being the golden ratio; with several queens, a
position is lost when the xor of the queens' Grundy values is 0.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import isqrt
from typing import Iterable

from nimarcade.core.rules.errors import IllegalMove, InvalidSetup
from nimarcade.games.sinkboard.rules import Cell, Move, SinkBoard, is_int

# The notation is the pawns' (saved games, text mode); the registry finds it here.
from nimarcade.games.sinkboard.rules import format_move as format_move, parse_move as parse_move
from nimarcade.i18n import N_

MIN_SIZE, MAX_SIZE = 3, 30
MAX_QUEENS = 30
#: The three directions a queen slides in, in the order of the destinations: right, down, diagonal.
DIRECTIONS = ((0, 1), (1, 0), (1, 1))


# -- the mathematics -----------------------------------------------------------------------------
def cold_pair(k: int) -> tuple[int, int]:
    """The k-th cold position (⌊kφ⌋, ⌊kφ²⌋), k >= 0, computed exactly in integers.

    kφ = (k + √(5k²)) / 2 and √(5k²) is irrational for k >= 1, so ⌊kφ⌋ = (k + isqrt(5k²)) // 2;
    and φ² = φ + 1, so ⌊kφ²⌋ = ⌊kφ⌋ + k.
    """
    a = (k + isqrt(5 * k * k)) // 2
    return a, a + k


def cold_pairs(limit: int) -> list[tuple[int, int]]:
    """Every cold pair (a_k, b_k) with a_k <= ``limit``, k = 0, 1, 2..."""
    out = []
    k = 0
    while cold_pair(k)[0] <= limit:
        out.append(cold_pair(k))
        k += 1
    return out


def is_cold(a: int, b: int) -> bool:
    """True when a lone queen at distances (a, b) from the sink is lost for the player to move.

    (a, b) is cold when, sorted, it is (⌊kφ⌋, ⌊kφ⌋ + k) for k = b - a.
    """
    a, b = min(a, b), max(a, b)
    return cold_pair(b - a)[0] == a


@lru_cache(maxsize=4)
def grundy_table(size: int) -> tuple[tuple[int, ...], ...]:
    """Wythoff's Grundy values G(a, b) for 0 <= a, b < size: the mex of the values of the
    positions one move away (lower a, lower b, or both by the same amount)."""
    g = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            seen = {g[a][j] for j in range(b)}
            seen.update(g[i][b] for i in range(a))
            seen.update(g[a - d][b - d] for d in range(1, min(a, b) + 1))
            n = 0
            while n in seen:
                n += 1
            g[a][b] = n
    return tuple(tuple(row) for row in g)


def grundy(a: int, b: int) -> int:
    """G(a, b): the Grundy value of a queen at distances (a, b) from the sink."""
    size = max(MAX_SIZE, a + 1, b + 1)
    return grundy_table(size)[a][b]


def queen_grundy(cell: Cell, rows: int, cols: int) -> int:
    return grundy(rows - cell[0], cols - cell[1])


def start_cells(rows: int, cols: int, queens: int) -> list[Cell]:
    """Where ``WythoffState.new`` puts its queens: the top-left corner first (the classic game),
    then the next cells of the first row and of the first column in turn, nearest first:
    (1,1), (1,2), (2,1), (1,3), (3,1)... (the longer side goes on alone once the other is full)."""
    row = [(1, c) for c in range(2, cols + 1)]
    col = [(r, 1) for r in range(2, rows + 1)]
    cells = [(1, 1)]
    for i in range(max(len(row), len(col))):
        cells += [side[i] for side in (row, col) if i < len(side)]
    return cells[:queens]


def max_queens(rows: int, cols: int) -> int:
    """The most queens ``new`` places: the cells of the first row and column, at most MAX_QUEENS."""
    return min(MAX_QUEENS, rows + cols - 1)


def destinations(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """Every cell a queen on ``cell`` may slide to: right, then down, then diagonally, nearest
    first in each direction (the sink included, when on one of the three lines)."""
    r, c = cell
    out = []
    for dr, dc in DIRECTIONS:
        k = 1
        while r + k * dr <= rows and c + k * dc <= cols:
            out.append((r + k * dr, c + k * dc))
            k += 1
    return out


def slide_of(src: Cell, dst: Cell) -> tuple[tuple[int, int], int]:
    """The unit step (one of DIRECTIONS) and the number of cells of a slide from ``src`` to ``dst``
    that follows one of the three lines; ((0, 0), 0) for no slide."""
    dr, dc = dst[0] - src[0], dst[1] - src[1]
    k = max(dr, dc)
    return ((dr // k, dc // k) if k > 0 else (0, 0)), k


# -- the state -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class WythoffState(SinkBoard):
    rows: int
    cols: int
    queens: tuple[Cell, ...]  # sorted; a cell appears once per queen on it; the sink never appears
    to_move: int = 0

    sizes = (MIN_SIZE, MAX_SIZE)
    size_error, off_board, no_piece = N_("err.wythoff.size"), N_("err.wythoff.off_board"), N_("err.wythoff.no_queen")
    end_reason = N_("end.wythoff.last_queen")

    @classmethod
    def new(cls, rows: int, cols: int, queens: int = 1, first: int = 0) -> "WythoffState":
        """``queens`` queens on the cells of :func:`start_cells` (one queen: the top-left corner)."""
        cls.check_size(rows, cols)
        top = max_queens(rows, cols)
        if not is_int(queens) or not 1 <= queens <= top:
            raise InvalidSetup("err.wythoff.queens", n=queens, max=top)
        return cls.from_queens(rows, cols, start_cells(rows, cols, queens), first)

    @classmethod
    def from_queens(cls, rows: int, cols: int, queens: Iterable[Cell], first: int = 0) -> "WythoffState":
        """Any position: a list of queen cells (repeats allowed; queens on the sink are dropped)."""
        return cls.from_cells(rows, cols, queens, first)

    @property
    def pieces(self) -> tuple[Cell, ...]:
        return self.queens

    queen_cells = SinkBoard.piece_cells

    def destinations(self, cell: Cell) -> list[Cell]:
        return destinations(cell, self.rows, self.cols)

    def check_step(self, src: Cell, dst: Cell) -> None:
        (r, c), (r2, c2) = src, dst
        if not (is_int(r2) and is_int(c2) and 1 <= r2 <= self.rows and 1 <= c2 <= self.cols):
            raise IllegalMove("err.wythoff.off_board", row=r2, col=c2)
        if (r2, c2) == (r, c):
            raise IllegalMove("err.wythoff.stay")
        if (r2, c2) not in self.destinations((r, c)):
            raise IllegalMove("err.wythoff.bad_step", r=r, c=c, r2=r2, c2=c2)

    # -- the strategy ----------------------------------------------------------------------------
    def distances(self, cell: Cell) -> tuple[int, int]:
        """(rows to go, columns to go) from ``cell`` to the sink."""
        return self.rows - cell[0], self.cols - cell[1]

    def grundy(self, cell: Cell) -> int:
        return queen_grundy(cell, self.rows, self.cols)

    def is_cold_cell(self, cell: Cell) -> bool:
        """A lone queen here loses for the player to move (the sink counts as cold)."""
        return is_cold(*self.distances(cell))

    def nim_sum(self) -> int:
        """The xor of the queens' Grundy values: 0 exactly when the player to move loses."""
        x = 0
        for q in self.queens:
            x ^= self.grundy(q)
        return x

    def winning_moves(self) -> list[Move]:
        """Every move after which the xor of the Grundy values is 0, in ``legal_moves()`` order.
        With one queen: the moves onto a cold cell (or into the sink)."""
        x = self.nim_sum()
        if x == 0:
            return []
        out = []
        for cell in self.queen_cells():
            target = self.grundy(cell) ^ x
            out += [(cell, d) for d in self.destinations(cell) if self.grundy(d) == target]
        return out
