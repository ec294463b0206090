"""Pawns into the sink (seed 003): pawns move 1 or 2 cells right or down until they reach (N, M).

Coordinates are 1-based ``(row, col)`` as in the seed. Whoever drops the last pawn into the sink
wins: the player facing an empty grid cannot move.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .protocol import Outcome
from .textual import Row, Stage, piece_stages, words
from .errors import GameOver, IllegalMove, InvalidSetup

Cell = tuple[int, int]
Move = tuple[Cell, Cell]

MIN_SIZE, MAX_SIZE = 3, 30
#: The seed's order of destinations: right 1, right 2, down 1, down 2.
STEPS = ((0, 1), (0, 2), (1, 0), (2, 0))


def nimber(row: int, col: int, rows: int, cols: int) -> int:
    """The nimber of cell (row, col) on a rows×cols grid (seed 003, section 3.2).

    A pawn's moves shorten either its distance to the last row or to the last column by 1 or 2,
    so a pawn is the sum of two subtraction games {1, 2}, whose values are the distances mod 3.
    """
    return ((rows - row) % 3) ^ ((cols - col) % 3)


def destinations(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The neighbours (« voisines ») of a cell, in the seed's order; empty for the sink."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS if r + dr <= rows and c + dc <= cols]


def _check_size(rows: int, cols: int) -> None:
    for v in (rows, cols):
        if not isinstance(v, int) or isinstance(v, bool) or not MIN_SIZE <= v <= MAX_SIZE:
            raise InvalidSetup("err.grid.size", rows=rows, cols=cols)


@dataclass(frozen=True)
class GridState:
    rows: int
    cols: int
    pawns: tuple[Cell, ...]  # sorted; a cell appears once per pawn on it; the sink never appears
    to_move: int = 0

    @classmethod
    def new(cls, rows: int, cols: int, pawns: int, first: int = 0) -> "GridState":
        """R pawns on rows 1..R of column 1."""
        _check_size(rows, cols)
        if not isinstance(pawns, int) or isinstance(pawns, bool) or not 1 <= pawns <= rows:
            raise InvalidSetup("err.grid.pawns", rows=rows, n=pawns)
        return cls.from_pawns(rows, cols, [(r, 1) for r in range(1, pawns + 1)], first)

    @classmethod
    def from_pawns(cls, rows: int, cols: int, pawns, first: int = 0) -> "GridState":
        """Any position: a list of pawn cells (repeats allowed; pawns in the sink are dropped)."""
        _check_size(rows, cols)
        if first not in (0, 1):
            raise InvalidSetup("err.first")
        cells = []
        for p in pawns:
            try:
                r, c = p
            except (TypeError, ValueError):
                raise InvalidSetup("err.bad_move", move=p) from None
            if not (isinstance(r, int) and isinstance(c, int) and 1 <= r <= rows and 1 <= c <= cols):
                raise InvalidSetup("err.grid.off_grid", row=r, col=c)
            if (r, c) != (rows, cols):
                cells.append((r, c))
        return cls(rows, cols, tuple(sorted(cells)), first)

    @property
    def sink(self) -> Cell:
        return (self.rows, self.cols)

    @property
    def is_over(self) -> bool:
        return not self.pawns

    @property
    def winner(self) -> int | None:
        return None if self.pawns else 1 - self.to_move

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(self.winner, "end.grid.last_pawn") if self.is_over else None

    def pawn_cells(self) -> list[Cell]:
        """Distinct occupied cells, sorted."""
        return sorted(set(self.pawns))

    def count_at(self, cell: Cell) -> int:
        return self.pawns.count(cell)

    def destinations(self, cell: Cell) -> list[Cell]:
        return destinations(cell, self.rows, self.cols)

    def legal_moves(self) -> list[Move]:
        return [(cell, d) for cell in self.pawn_cells() for d in self.destinations(cell)]

    def check(self, move: object) -> None:
        if self.is_over:
            raise GameOver("err.game_over")
        try:
            (r, c), (r2, c2) = move  # type: ignore[misc]
        except (TypeError, ValueError):
            raise IllegalMove("err.bad_move", move=move) from None
        if (r, c) not in self.pawns:
            raise IllegalMove("err.grid.no_pawn", row=r, col=c)
        if (r2, c2) not in self.destinations((r, c)):
            if not (isinstance(r2, int) and isinstance(c2, int)) or not (
                1 <= r2 <= self.rows and 1 <= c2 <= self.cols
            ):
                raise IllegalMove("err.grid.off_grid", row=r2, col=c2)
            raise IllegalMove("err.grid.bad_step")

    def play(self, move: Move) -> "GridState":
        self.check(move)
        src, dst = move
        pawns = list(self.pawns)
        pawns.remove(tuple(src))
        if tuple(dst) != self.sink:
            pawns.append(tuple(dst))
        return GridState(self.rows, self.cols, tuple(sorted(pawns)), 1 - self.to_move)

    def random_move(self, rng: random.Random) -> Move:
        """The seed's random move: a random pawn, then a random allowed destination."""
        cell = rng.choice(self.pawns)
        return cell, rng.choice(self.destinations(cell))


# -- notation (text mode, saved games): "(1,1)-(2,1)", 1-based cells as in the seed --------------
def format_cell_move(move: Move) -> str:
    (r, c), (r2, c2) = move
    return f"({r},{c})-({r2},{c2})"


def parse_cell_move(text: str) -> Move:
    """Four whole numbers in order (row, col, row, col), whatever separates them."""
    import re

    numbers = [int(n) for n in re.findall(r"\d+", text)]
    if len(numbers) != 4 or re.search(r"[^\d\s(),\->]", text):
        raise IllegalMove("err.bad_notation", text=text)
    return (numbers[0], numbers[1]), (numbers[2], numbers[3])


format_move = format_cell_move


def parse_move(state: GridState, text: str) -> Move:
    move = parse_cell_move(text)
    state.check(move)
    return move


# -- text mode (nimarcade.text): seed 003's grid and menus ----------------------------------------
def _frame(rows: int, cols: int, cell) -> list[str]:
    """Seed 003's drawing: column numbers on top, then ``1|O|-|-|`` a row (tens above units)."""
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
    """``O`` a pawn (a digit: that many on one cell), ``-`` an empty cell, the sink marked. Any
    state with ``rows``, ``cols``, ``sink`` and ``count_at(cell)`` (the queens too)."""
    sink = "*" if ascii else "◎"

    def cell(r: int, c: int) -> str:
        n = state.count_at((r, c))
        if n:
            return piece if n == 1 else str(n) if n < 10 else "+"
        return sink if (r, c) == state.sink else "-"

    return _frame(state.rows, state.cols, cell)


def text_move(move: Move) -> str:
    """Seed 003's ``(1,1) ---> (2,1)`` (also accepted as typed notation)."""
    (r, c), (r2, c2) = move
    return f"({r},{c}) ---> ({r2},{c2})"


def text_stages(state: GridState) -> Stage:
    """Seed 003: « choisir un pion », then « choisir la destination »."""
    return piece_stages(state.pawns, state.destinations, "grid.text_pawn", "grid.text_dest", "grid.text_only_one")


def text_table(state: GridState) -> list[Row]:
    """Seed 003's figure 2: the nimber of every cell, then p, the nim-addition of the pawns'."""
    rows = [words("grid.legend")] + [Row(cells=line) for line in _frame(
        state.rows, state.cols, lambda r, c: str(nimber(r, c, state.rows, state.cols)))]
    nims = [nimber(r, c, state.rows, state.cols) for r, c in state.pawns]
    p = 0
    for n in nims:
        p ^= n
    terms = nims
    if len(nims) > 8:         # many pawns: count them, equal nimbers cancel two by two
        tally = [nims.count(v) for v in range(4)]
        rows.append(words("grid.nimber_counts", n=len(nims)))
        rows.append(Row(cells="  ".join(f"{k} × {v}" for v, k in enumerate(tally) if k)))
        rows.append(words("grid.pairs_cancel", xor="xor"))
        terms = [v for v in range(1, 4) if tally[v] % 2] or [0]
    if len(terms) > 1:
        rows.append(words("grid.p_value", terms=" xor ".join(map(str, terms)), p=p))
    elif nims:
        rows.append(Row(cells=f"p = {p}"))
    return rows


def text_explain(state: GridState, hint: Any) -> list[Row]:
    """Seed 003, section 4.2: each pawn's nimber, p, and the pawn that brings p back to 0."""
    rows = text_table(state)[-1:]
    if hint.lost or not hint.moves:
        return [words("grid.lost_line"), *rows, words("grid.lost_why", xor="xor"), words("grid.lost_advice")]
    (r, c), (r2, c2) = hint.moves[0]
    n = nimber(r, c, state.rows, state.cols)
    p = 0
    for a, b in state.pawns:
        p ^= nimber(a, b, state.rows, state.cols)
    return [words("grid.hint_line", r=r, c=c, r2=r2, c2=c2)] + rows + [
        words("grid.why_move", r=r, c=c, n=n, p=p, m=n ^ p, r2=r2, c2=c2, xor="xor"),
        words("grid.why_after")]
