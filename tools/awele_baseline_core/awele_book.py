"""The Awélé opening book: the first moves of the game, searched offline far deeper than a game
move can be (``nimarcade/games/awele/tools/build_book.py``), shipped in ``assets/awele/opening-book.json``.

The book is a tree: from the starting position, at each ply where the engine is to move it holds
the engine's move (the one deep search chose) and follows only that move; where the opponent is
to move it follows every reply. It is built for both colours (the engine moving first or second),
so it covers every game the engine can meet in its first ``plies`` plies, and only those.

Positions are stored from the mover's side (a position with North to move is rotated by six
houses, as the endgame tables do), keyed by variant, houses and stores. A position is in the book
only when no seed has been captured since the start (the only positions of the first plies in
practice), so the game's repetition history does not matter there.

Pure Python; never imports pygame.
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path

from nimarcade.games.awele.rules import AweleState

PATH = Path(__file__).resolve().parent / "opening-book.json"  # baseline: the book of before
FORMAT = "nimarcade-awele-book-1"


@dataclass(frozen=True)
class BookMove:
    move: int        # a house index of the position as given (not rotated)
    depth: int       # the depth of the search that chose it
    score: int       # its score, hundredths of a seed for the player to move


def _key(state: AweleState) -> tuple:
    """(variant, houses from the mover's side, mover's store, other store)."""
    p = state.to_move
    houses = state.houses[6 * p:] + state.houses[:6 * p]
    return state.grand_slam, houses, state.stores[p], state.stores[1 - p]


class Book:
    def __init__(self, entries: dict | None = None) -> None:
        #: key -> (relative house 0-5, depth, score)
        self.entries: dict[tuple, tuple[int, int, int]] = entries or {}

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, state: AweleState) -> BookMove | None:
        if state.is_over:
            return None
        hit = self.entries.get(_key(state))
        if hit is None:
            return None
        move = 6 * state.to_move + hit[0]
        if move not in state.legal_moves():  # a damaged book never makes the engine play illegally
            return None
        return BookMove(move, hit[1], hit[2])

    def add(self, state: AweleState, move: int, depth: int, score: int) -> None:
        self.entries[_key(state)] = (move % 6, depth, score)

    # -- file --------------------------------------------------------------------------------
    def to_json(self) -> str:
        rows = [[v, list(h), a, b, m, d, s] for (v, h, a, b), (m, d, s) in sorted(self.entries.items())]
        lines = ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows)
        return f'{{"format": "{FORMAT}",\n "positions": [\n{lines}\n]}}\n'

    @classmethod
    def from_json(cls, text: str) -> "Book":
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError("not an Awélé opening book")
        entries = {}
        for v, h, a, b, m, d, s in data["positions"]:
            entries[(v, tuple(h), a, b)] = (m, d, s)
        return cls(entries)


_LOADED: list = []
_LOCK = threading.Lock()


def load() -> Book:
    """The shipped book (an empty one when the file is missing or damaged)."""
    with _LOCK:
        if not _LOADED:
            try:
                _LOADED.append(Book.from_json(PATH.read_text(encoding="utf-8")))
            except (OSError, ValueError, KeyError, TypeError):
                _LOADED.append(Book())
        return _LOADED[0]


