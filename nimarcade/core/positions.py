"""Positions as text for the games' registry entries (:class:`nimarcade.core.registry.PositionSpec`):
the readers and writers the games share. A bad text raises the rules' InvalidSetup with the
reason (its key says what was expected), as an illegal setup does. Pure Python."""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping, Protocol, TypeVar

from nimarcade.core.registry import PositionSpec
from nimarcade.core.rules import InvalidSetup
from nimarcade.core.rules.protocol import GameState


def numbers(text: str, key: str) -> list[int]:
    """The whole numbers of ``text``, separated by spaces, commas or dashes; InvalidSetup ``key``
    (the message that says what was expected) when it holds anything else."""
    words = [w for w in re.split(r"[\s,;\-]+", text.strip()) if w]
    if not words or not all(w.isdigit() for w in words):
        raise InvalidSetup(key, text=text[:40])
    return [int(w) for w in words]


def cells(text: str) -> list[tuple[int, int]]:
    """Cells written ``(row,col)`` one after the other (``(1,1) (2,1) (2,1)``: a cell once per
    piece on it); none for an empty text."""
    found = re.findall(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)", text)
    if re.sub(r"\(\s*\d+\s*,\s*\d+\s*\)|\s", "", text):
        raise InvalidSetup("err.pos.cells", text=text[:40])
    return [(int(r), int(c)) for r, c in found]


def write_cells(pieces: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"({r},{c})" for r, c in pieces)


class PiecesBoard(GameState, Protocol):
    """A board of pieces (pawns, queens) moving to the sink: its pieces' cells, as (row, col)."""

    @property
    def pieces(self) -> tuple[tuple[int, int], ...]: ...


B = TypeVar("B", bound=PiecesBoard)


def sink_board(from_cells: Callable[[int, int, Iterable[tuple[int, int]], int], B]) -> PositionSpec[B]:
    """A board of pieces moving to the sink (pawns, queens): its pieces' cells; the board's size
    comes from the level (``rows``, ``cols``). ``from_cells(rows, cols, cells, first)`` builds
    the state."""
    def read(text: str, params: Mapping[str, Any]) -> B:
        return from_cells(params["rows"], params["cols"], cells(text), 0)

    def write(state: B) -> str:
        return write_cells(state.pieces)

    return PositionSpec(write, read)
