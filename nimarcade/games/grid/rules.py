"""Pawns into the sink (seed 003): pawns move 1 or 2 cells right or down until they reach (N, M).

Coordinates are 1-based ``(row, col)`` as in the seed. Whoever drops the last pawn into the sink
wins: the player facing an empty grid cannot move.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from nimarcade.core.rules.errors import IllegalMove, InvalidSetup
from nimarcade.games.sinkboard.rules import Cell, SinkBoard, frame, is_int
from nimarcade.core.rules.textual import Row, Stage, piece_stages, words

# The notation, the text mode's board and its moves are the queens' too; the registry finds them here.
from nimarcade.games.sinkboard.rules import (format_move as format_move, parse_move as parse_move,
                                            text_board as text_board, text_move as text_move)
from nimarcade.i18n import N_

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


@dataclass(frozen=True)
class GridState(SinkBoard):
    rows: int
    cols: int
    pawns: tuple[Cell, ...]  # sorted; a cell appears once per pawn on it; the sink never appears
    to_move: int = 0

    sizes = (MIN_SIZE, MAX_SIZE)
    size_error, off_board, no_piece = N_("err.grid.size"), N_("err.grid.off_grid"), N_("err.grid.no_pawn")
    end_reason = N_("end.grid.last_pawn")

    @classmethod
    def new(cls, rows: int, cols: int, pawns: int, first: int = 0) -> "GridState":
        """R pawns on rows 1..R of column 1."""
        cls.check_size(rows, cols)
        if not is_int(pawns) or not 1 <= pawns <= rows:
            raise InvalidSetup("err.grid.pawns", rows=rows, n=pawns)
        return cls.from_pawns(rows, cols, [(r, 1) for r in range(1, pawns + 1)], first)

    @classmethod
    def from_pawns(cls, rows: int, cols: int, pawns: Iterable[Cell], first: int = 0) -> "GridState":
        """Any position: a list of pawn cells (repeats allowed; pawns in the sink are dropped)."""
        return cls.from_cells(rows, cols, pawns, first)

    @property
    def pieces(self) -> tuple[Cell, ...]:
        return self.pawns

    pawn_cells = SinkBoard.piece_cells

    def destinations(self, cell: Cell) -> list[Cell]:
        return destinations(cell, self.rows, self.cols)

    def check_step(self, src: Cell, dst: Cell) -> None:
        if dst not in self.destinations(src):
            r2, c2 = dst
            if not (isinstance(r2, int) and isinstance(c2, int)) or not (
                1 <= r2 <= self.rows and 1 <= c2 <= self.cols
            ):
                raise IllegalMove("err.grid.off_grid", row=r2, col=c2)
            raise IllegalMove("err.grid.bad_step")


# -- text mode (nimarcade.text): seed 003's menus and figure 2; the board and the move are shared --
def text_stages(state: GridState) -> Stage:
    """Seed 003: « choisir un pion », then « choisir la destination »."""
    return piece_stages(state.pawns, state.destinations, N_("grid.text_pawn"), N_("grid.text_dest"), N_("grid.text_only_one"))


def text_table(state: GridState) -> list[Row]:
    """Seed 003's figure 2: the nimber of every cell, then p, the nim-addition of the pawns'."""
    rows = [words(N_("grid.legend"))] + [Row(cells=line) for line in frame(
        state.rows, state.cols, lambda r, c: str(nimber(r, c, state.rows, state.cols)))]
    nims = [nimber(r, c, state.rows, state.cols) for r, c in state.pawns]
    p = 0
    for n in nims:
        p ^= n
    terms = nims
    if len(nims) > 8:         # many pawns: count them, equal nimbers cancel two by two
        tally = [nims.count(v) for v in range(4)]
        rows.append(words(N_("grid.nimber_counts"), n=len(nims)))
        rows.append(Row(cells="  ".join(f"{k} × {v}" for v, k in enumerate(tally) if k)))
        rows.append(words(N_("grid.pairs_cancel"), xor="xor"))
        terms = [v for v in range(1, 4) if tally[v] % 2] or [0]
    if len(terms) > 1:
        rows.append(words(N_("grid.p_value"), terms=" xor ".join(map(str, terms)), p=p))
    elif nims:
        rows.append(Row(cells=f"p = {p}"))
    return rows


def text_explain(state: GridState, hint: Any) -> list[Row]:
    """Seed 003, section 4.2: each pawn's nimber, p, and the pawn that brings p back to 0."""
    rows = text_table(state)[-1:]
    if hint.lost or not hint.moves:
        return [words(N_("grid.lost_line")), *rows, words(N_("grid.lost_why"), xor="xor"), words(N_("grid.lost_advice"))]
    (r, c), (r2, c2) = hint.moves[0]
    n = nimber(r, c, state.rows, state.cols)
    p = 0
    for a, b in state.pawns:
        p ^= nimber(a, b, state.rows, state.cols)
    return [words(N_("grid.hint_line"), r=r, c=c, r2=r2, c2=c2)] + rows + [
        words(N_("grid.why_move"), r=r, c=c, n=n, p=p, m=n ^ p, r2=r2, c2=c2, xor="xor"),
        words(N_("grid.why_after"))]
