"""Classic Nim on several heaps (seed 001, part 2), normal play or misère (Marienbad)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from .protocol import Outcome
from .errors import GameOver, IllegalMove, InvalidSetup

Move = tuple[int, int]  # (heap index, count), 0-based


@dataclass(frozen=True)
class HeapsState:
    heaps: tuple[int, ...]
    misere: bool = False
    to_move: int = 0

    @classmethod
    def new(cls, heaps, misere: bool = False, first: int = 0) -> "HeapsState":
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
        return Outcome(self.winner, "end.heaps.took_last_lost" if self.misere else "end.heaps.took_last_won")

    def legal_moves(self) -> list[Move]:
        return [(i, c) for i, h in enumerate(self.heaps) for c in range(1, h + 1)]

    def check(self, move: object) -> None:
        if self.is_over:
            raise GameOver("err.game_over")
        try:
            i, c = move  # type: ignore[misc]
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
