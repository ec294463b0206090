"""Matches in a row (seed 004): take 1..3 matches standing in consecutive cells; the last loses."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.rules.textual import Row, Stage, keyed_stage, words
from nimarcade.core.rules.errors import GameOver, IllegalMove, InvalidSetup
from nimarcade.i18n import N_

Move = tuple[int, int]  # (start index, count), 0-based
MAX_LENGTH = 120


def _check_common(length: int, max_take: int, first: int) -> None:
    if not 1 <= length <= MAX_LENGTH:
        raise InvalidSetup("err.matches.length", max=MAX_LENGTH, n=length)
    if not isinstance(max_take, int) or isinstance(max_take, bool) or max_take < 1:
        raise InvalidSetup("err.matches.max_take", n=max_take)
    if first not in (0, 1):
        raise InvalidSetup("err.first")


def segments(cells: tuple[bool, ...]) -> list[tuple[int, int]]:
    """The runs of consecutive matches as (start, length), left to right."""
    runs, start = [], None
    for i, present in enumerate(cells + (False,)):
        if present and start is None:
            start = i
        elif not present and start is not None:
            runs.append((start, i - start))
            start = None
    return runs


@dataclass(frozen=True)
class RowState:
    cells: tuple[bool, ...]
    max_take: int = 3
    to_move: int = 0

    @classmethod
    def new(cls, length: int = 21, max_take: int = 3, first: int = 0) -> "RowState":
        if not isinstance(length, int) or isinstance(length, bool):
            raise InvalidSetup("err.matches.length", max=MAX_LENGTH, n=length)
        _check_common(length, max_take, first)
        return cls((True,) * length, max_take, first)

    @classmethod
    def from_pattern(cls, text: str, max_take: int = 3, first: int = 0) -> "RowState":
        """'1' or '|' is a match, '.' or '0' an empty cell; spaces are ignored."""
        if not isinstance(text, str):
            raise InvalidSetup("err.matches.pattern", text=text)
        chars = [ch for ch in text if not ch.isspace()]
        if any(ch not in "1|.0" for ch in chars):
            raise InvalidSetup("err.matches.pattern", text=text)
        _check_common(len(chars), max_take, first)
        return cls(tuple(ch in "1|" for ch in chars), max_take, first)

    @property
    def length(self) -> int:
        return len(self.cells)

    @property
    def remaining(self) -> int:
        return sum(self.cells)

    @property
    def is_over(self) -> bool:
        return not any(self.cells)

    @property
    def winner(self) -> int | None:
        # Whoever took the last match lost: the player now to move wins.
        return None if any(self.cells) else self.to_move

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(self.winner, N_("end.matches.took_last")) if self.is_over else None

    def pattern(self) -> str:
        return "".join("1" if c else "." for c in self.cells)

    def legal_moves(self) -> list[Move]:
        moves = []
        for start, length in segments(self.cells):
            for i in range(start, start + length):
                for k in range(1, min(self.max_take, start + length - i) + 1):
                    moves.append((i, k))
        return moves

    def check(self, move: object) -> None:
        if self.is_over:
            raise GameOver("err.game_over")
        try:
            parts: Any = move       # anything a player sent: unpacked, then checked
            start, count = parts
        except (TypeError, ValueError):
            raise IllegalMove("err.bad_move", move=move) from None
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= self.max_take:
            raise IllegalMove("err.matches.take_range", max=self.max_take)
        if not isinstance(start, int) or start < 0 or start + count > len(self.cells):
            raise IllegalMove("err.matches.off_row")
        for i in range(start, start + count):
            if not self.cells[i]:
                raise IllegalMove("err.matches.gap", cell=i + 1)

    def play(self, move: Move) -> "RowState":
        self.check(move)
        start, count = move
        cells = self.cells[:start] + (False,) * count + self.cells[start + count:]
        return RowState(cells, self.max_take, 1 - self.to_move)

    def random_move(self, rng: random.Random) -> Move:
        return rng.choice(self.legal_moves())


# -- notation (text mode, saved games): the cells taken, numbered from 1: "5" or "5-7" -----------
def format_move(move: Move) -> str:
    start, count = move
    return str(start + 1) if count == 1 else f"{start + 1}-{start + count}"


def parse_move(state: RowState, text: str) -> Move:
    parts = text.strip().split("-")
    try:
        first, last = (int(parts[0]), int(parts[-1])) if 1 <= len(parts) <= 2 else (0, -1)
    except ValueError:
        raise IllegalMove("err.bad_notation", text=text) from None
    if last < first:
        raise IllegalMove("err.bad_notation", text=text)
    move = (first - 1, last - first + 1)
    state.check(move)
    return move


# -- text mode (nimarcade.text): the row with its cell numbers, 25 cells a line ------------------
def text_board(state: RowState, ascii: bool = False) -> list[str]:
    match, empty = ("|", ".") if ascii else ("│", "·")
    lines = []
    for start in range(0, state.length, 25):
        cells = state.cells[start:start + 25]
        lines.append("".join(f"{start + i + 1:>3}" for i in range(len(cells))))
        lines.append("".join(f"{match if c else empty:>3}" for c in cells))
    return lines


def text_stages(state: RowState) -> Stage:
    by_start: dict[int, list[int]] = {}
    for start, count in state.legal_moves():
        by_start.setdefault(start, []).append(count)
    return keyed_stage(N_("matches.text_first"), [
        (s + 1, keyed_stage(N_("matches.text_count"), [(k, (s, k)) for k in counts], cell=s + 1))
        for s, counts in by_start.items()])


def text_explain(state: RowState, hint: Any) -> list[Row]:
    """The move and the segments it leaves (the exact solver's verdict), or why it is lost."""
    lengths = [n for _, n in segments(state.cells)]
    segs = words(N_("matches.segments_are"), segs=", ".join(map(str, lengths)))
    if hint.lost or not hint.moves:
        return [words(N_("matches.lost")), segs, words(N_("matches.lost_why"), n=len(state.legal_moves()))]
    start, k = hint.moves[0]
    what = (words(N_("matches.cell_one"), cell=start + 1) if k == 1
            else words(N_("matches.cells_many"), a=start + 1, b=start + k))
    after = ", ".join(str(n) for _, n in segments(state.play(hint.moves[0]).cells))
    lines = [words(N_("matches.why"), what=what, after=after), segs]
    if len(hint.moves) > 1:
        lines.append(words(N_("matches.others"), n=len(hint.moves) - 1))
    return lines
