"""Classic Nim on several heaps (seed 001, part 2), normal play or misère (Marienbad)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.rules.textual import Row, Stage, keyed_stage, words
from nimarcade.core.rules.errors import GameOver, IllegalMove, InvalidSetup
from nimarcade.i18n import N_

Move = tuple[int, int]  # (heap index, count), 0-based


@dataclass(frozen=True)
class HeapsState:
    heaps: tuple[int, ...]
    misere: bool = False
    to_move: int = 0

    @classmethod
    def new(cls, heaps: Iterable[int], misere: bool = False, first: int = 0) -> "HeapsState":
        heaps = tuple(heaps)
        if not heaps:
            raise InvalidSetup("err.heaps.none")
        for h in heaps:
            if not isinstance(h, int) or isinstance(h, bool) or h < 0:
                raise InvalidSetup("err.heaps.negative")
        if first not in (0, 1):
            raise InvalidSetup("err.first")
        return cls(heaps, bool(misere), first)

    @property
    def is_over(self) -> bool:
        return not any(self.heaps)

    @property
    def winner(self) -> int | None:
        if any(self.heaps):
            return None
        # The previous player took the last object.
        return self.to_move if self.misere else 1 - self.to_move

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome(self.winner, N_("end.heaps.took_last_lost") if self.misere else N_("end.heaps.took_last_won"))

    def legal_moves(self) -> list[Move]:
        return [(i, c) for i, h in enumerate(self.heaps) for c in range(1, h + 1)]

    def check(self, move: object) -> None:
        if self.is_over:
            raise GameOver("err.game_over")
        try:
            parts: Any = move       # anything a player sent: unpacked, then checked
            i, c = parts
        except (TypeError, ValueError):
            raise IllegalMove("err.bad_move", move=move) from None
        if not isinstance(i, int) or not 0 <= i < len(self.heaps):
            raise IllegalMove("err.heaps.no_heap", heap=i + 1 if isinstance(i, int) else i)
        size = self.heaps[i]
        if size == 0:
            raise IllegalMove("err.heaps.empty", heap=i + 1)
        if not isinstance(c, int) or isinstance(c, bool) or not 1 <= c <= size:
            raise IllegalMove("err.heaps.take_range", heap=i + 1, size=size)

    def play(self, move: Move) -> "HeapsState":
        self.check(move)
        i, c = move
        heaps = self.heaps[:i] + (self.heaps[i] - c,) + self.heaps[i + 1:]
        return HeapsState(heaps, self.misere, 1 - self.to_move)

    def random_move(self, rng: random.Random) -> Move:
        i = rng.choice([i for i, h in enumerate(self.heaps) if h])
        return i, rng.randint(1, self.heaps[i])


# -- notation (text mode, saved games): "heap:count", heaps numbered from 1 ----------------------
def format_move(move: Move) -> str:
    heap, count = move
    return f"{heap + 1}:{count}"


def parse_move(state: HeapsState, text: str) -> Move:
    """``"2:3"`` (or ``"2 3"``) -> take 3 from heap 2."""
    parts = text.replace(":", " ").replace("-", " ").split()
    try:
        heap, count = (int(p) for p in parts)
    except ValueError:
        raise IllegalMove("err.bad_notation", text=text) from None
    move = (heap - 1, count)
    state.check(move)
    return move


# -- text mode (nimarcade.text): heaps as rows of objects, seed 001's binary table ---------------
def text_board(state: HeapsState, ascii: bool = False) -> list[str]:
    """One row a heap: its number, its objects (``*`` as seed 001), its count."""
    obj = "*" if ascii else "●"
    w, wide = len(str(len(state.heaps))), 2 * max(state.heaps) - 1
    return [f"{i + 1:>{w}} : " + (" ".join(obj * h) if h else "-").ljust(max(wide, 1)) + f"  ({h})"
            for i, h in enumerate(state.heaps)]


def text_stages(state: HeapsState) -> Stage:
    return keyed_stage(N_("heaps.text_heap"), [
        (i + 1, keyed_stage(N_("heaps.text_count"), [(c, (i, c)) for c in range(1, h + 1)], heap=i + 1))
        for i, h in enumerate(state.heaps) if h])


def text_table(state: HeapsState) -> list[Row]:
    """Seed 001's table: each heap's bits, then the nim-sum, one column per power of 2."""
    width = max(1, max(state.heaps).bit_length())
    total = 0
    rows = [Row(cells=" ".join(f"2^{k}" for k in range(width - 1, -1, -1)))]
    for i, h in enumerate(state.heaps):
        total ^= h
        size = words(N_("heaps.objs0") if h == 0 else N_("heaps.objs1") if h == 1 else N_("heaps.objs"), n=h)
        rows.append(Row(N_("heaps.row"), {"n": i + 1, "size": size}, _bits(h, width)))
    rows.append(Row(N_("heaps.sum_row"), {}, _bits(total, width)))
    return rows


def _bits(n: int, width: int) -> str:
    return " ".join(f"{b:>3}" for b in format(n, f"0{width}b"))


def text_explain(state: HeapsState, hint: Any) -> list[Row]:
    """The move, the nim-sum in decimal and binary, then seed 001's table."""
    expr = " xor ".join(map(str, state.heaps))
    total = 0
    for h in state.heaps:
        total ^= h
    if hint.lost or not hint.moves:
        lines = [words(N_("heaps.lost")), words(N_("heaps.lost_sum"), expr=expr)]
    else:
        i, c = hint.moves[0]
        what = words(N_("heaps.objs1") if c == 1 else N_("heaps.objs"), n=c)
        endgame = state.misere and sum(1 for h in state.heaps if h > 1) <= 1
        lines = [words(N_("heaps.hint_take_end") if endgame else N_("heaps.hint_take"), what=what, heap=i + 1)]
        if total and not endgame:
            lines.append(words(N_("heaps.why_sum"), expr=expr, x=total, bits=format(total, "b")))
    if state.misere:
        lines.append(words(N_("heaps.misere_note")))
    return lines + text_table(state)
