"""The Awélé opening book: positions of the first moves of a game, searched offline far longer
than a game move can be (``nimarcade/games/awele/tools/build_book.py``), shipped in ``assets/awele/opening-book.bin``.

**Building it: drop-out expansion** (T. Lincke, 2000). The book grows one searched position at a
time from the starting position of each seed count and rule. Every searched position has a score
for *each* of its moves (a search of all root moves with a full window); a position's value is
the best of its moves' values, where a move leading to a searched position takes that position's
(negated) value instead of its own search score, so values are backed up through the tree by
minimax. The next position to search is the unsearched position of lowest *priority* for one of
the two colours in turn: priority = plies from the start + ``own`` × the errors (in seeds, below
the best move's value) of that colour's moves on the way + ``other`` × the errors of the other
colour's moves. So the book goes deep along the lines good play follows, covers every reply of
the opponent first and its blunders less deeply, and when a line's value falls after a deeper
look, the second-best move there (known from the same search) is expanded in turn.

The book kept for the game holds, for every searched position, the move of best backed-up value
(its score and the depth of the position's own search). Positions are stored from the mover's
side (a position with North to move is rotated by six houses, as the endgame tables do), keyed by
rule, houses and stores: a game with another seed count or rule never finds a position of this
one. A book move is played only when it is legal and does not repeat a position of the game.

Pure Python; never imports pygame.
"""
from __future__ import annotations

import struct
import threading
import zlib
from dataclasses import dataclass, field
from typing import Callable, Iterable

from nimarcade.core.resources import data_dir
from nimarcade.games.awele.rules import VARIANTS, AweleState

PATH = data_dir("assets") / "awele" / "opening-book.bin"
MAGIC = b"AWEB"
VERSION = 1
_RECORD = struct.Struct("<B12s2sBBi")   # rule, houses, stores, move (0-5), depth, score
SEED = 100


@dataclass(frozen=True)
class BookMove:
    move: int        # a house index of the position as given (not rotated)
    depth: int       # the depth of the search of that position
    score: int       # its backed-up score, hundredths of a seed for the player to move


def _key(state: AweleState) -> tuple:
    """(rule, houses from the mover's side, mover's store, other store)."""
    p = state.to_move
    houses = state.houses[6 * p:] + state.houses[:6 * p]
    return state.grand_slam, houses, state.stores[p], state.stores[1 - p]


def _state(key: tuple) -> AweleState:
    """The position of a key, South to move (its history forgotten)."""
    variant, houses, mine, other = key
    return AweleState.from_board(houses, (mine, other), 0, variant)


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
        if state.play(move).end == "repetition":  # the book knows positions, not the game's history
            return None
        return BookMove(move, hit[1], hit[2])

    def add(self, state: AweleState, move: int, depth: int, score: int) -> None:
        self.entries[_key(state)] = (move % 6, depth, score)

    def counts(self) -> dict[tuple[str, int], int]:
        """Positions per (rule, seeds a house)."""
        out: dict[tuple[str, int], int] = {}
        for (variant, houses, a, b) in self.entries:
            seeds = (sum(houses) + a + b) // 12
            out[(variant, seeds)] = out.get((variant, seeds), 0) + 1
        return out

    # -- file --------------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """``AWEB``, version, count (uint32), then zlib of 21-byte records sorted by key."""
        raw = b"".join(_RECORD.pack(VARIANTS.index(v), bytes(h), bytes((a, b)), m, d, s)
                       for (v, h, a, b), (m, d, s) in sorted(self.entries.items()))
        return MAGIC + bytes([VERSION]) + struct.pack("<I", len(self.entries)) + zlib.compress(raw, 9)

    @classmethod
    def from_bytes(cls, data: bytes) -> "Book":
        if data[:4] != MAGIC or data[4] != VERSION:
            raise ValueError("not an Awélé opening book")
        (count,) = struct.unpack("<I", data[5:9])
        raw = zlib.decompress(data[9:])
        if len(raw) != count * _RECORD.size:
            raise ValueError("damaged Awélé opening book")
        entries = {}
        for v, h, st, m, d, s in _RECORD.iter_unpack(raw):
            entries[(VARIANTS[v], tuple(h), st[0], st[1])] = (m, d, s)
        return cls(entries)


_LOADED: list = []
_LOCK = threading.Lock()


def load() -> Book:
    """The shipped book (an empty one when the file is missing or damaged)."""
    with _LOCK:
        if not _LOADED:
            try:
                _LOADED.append(Book.from_bytes(PATH.read_bytes()))
            except (OSError, ValueError, IndexError, struct.error, zlib.error):
                _LOADED.append(Book())
        return _LOADED[0]


# -- building: drop-out expansion ---------------------------------------------------------------
@dataclass
class Node:
    """A searched position: the score of each of its moves (relative house -> hundredths of a
    seed for the mover) and the depth of that search."""

    depth: int
    scores: dict[int, int] = field(default_factory=dict)


#: search(state) -> (depth, {house of the state: score}), every legal move scored
Search = Callable[[AweleState], tuple[int, dict[int, int]]]


class Tree:
    """The book tree of one seed count and rule, grown by :meth:`expand`."""

    def __init__(self, seeds: int, variant: str, own: float = 3.0, other: float = 0.5,
                 max_error: float = 10.0, nodes: dict[tuple, Node] | None = None) -> None:
        """``own`` / ``other``: plies of priority a seed of error costs on the moves of the
        colour the book is grown for / of its opponent; ``max_error`` caps an error (seeds)."""
        self.root = _key(AweleState.new(seeds, variant))
        self.own, self.other, self.max_error = own, other, max_error
        self.nodes: dict[tuple, Node] = nodes if nodes is not None else {}
        self._kids: dict[tuple, dict[int, tuple | None]] = {}
        self.turn = 0          # the colour (0: the first mover) the next expansion is for
        self.full = False      # nothing left to search (a tiny game)

    def children(self, key: tuple) -> dict[int, tuple | None]:
        """Relative move -> the key of the position it leads to (None: the game ends there)."""
        kids = self._kids.get(key)
        if kids is None:
            state = _state(key)
            kids = {}
            for m in state.legal_moves():
                nxt = state.play(m)
                kids[m] = None if nxt.is_over else _key(nxt)
            self._kids[key] = kids
        return kids

    def values(self) -> dict[tuple, int]:
        """The backed-up value of every searched position reachable from the root."""
        memo: dict[tuple, int] = {}
        active: set[tuple] = set()

        def value(key: tuple) -> int:
            if key in memo:
                return memo[key]
            node = self.nodes[key]
            active.add(key)
            best = None
            for m, child in self.children(key).items():
                v = node.scores.get(m)
                if child is not None and child in self.nodes and child not in active:
                    v = -value(child)
                if v is not None and (best is None or v > best):
                    best = v
            active.discard(key)
            memo[key] = best if best is not None else 0
            return memo[key]

        if self.root in self.nodes:
            value(self.root)
        return memo

    def move_values(self, key: tuple, values: dict[tuple, int]) -> dict[int, int]:
        """Each scored move's backed-up value at a searched position."""
        out = {}
        for m, child in self.children(key).items():
            v = self.nodes[key].scores.get(m)
            if child is not None and child in values:
                v = -values[child]
            if v is not None:
                out[m] = v
        return out

    def next_position(self, colour: int) -> tuple | None:
        """The unsearched position of lowest priority for ``colour`` (0: the first mover)."""
        if self.root not in self.nodes:
            return self.root
        values = self.values()
        best: dict[tuple, tuple[float, tuple | None]] = {}
        active: set[tuple] = set()

        def walk(key: tuple, mine: bool) -> tuple[float, tuple | None]:
            memo = (key, mine)
            if memo in best:
                return best[memo]
            active.add(key)
            found: tuple[float, tuple | None] = (float("inf"), None)
            moves = self.move_values(key, values)
            top = max(moves.values()) if moves else 0
            weight = self.own if mine else self.other
            for m, child in self.children(key).items():
                if child is None or child in active or m not in moves:
                    continue
                error = min(self.max_error, (top - moves[m]) / SEED)
                cost = 1.0 + weight * error
                if child in self.nodes:
                    sub, leaf = walk(child, not mine)
                    cost += sub
                else:
                    leaf = child
                if leaf is not None and cost < found[0]:
                    found = (cost, leaf)
            active.discard(key)
            best[memo] = found
            return found

        return walk(self.root, colour == 0)[1]

    def expand(self, search: Search) -> tuple | None:
        """Search the next position (for each colour in turn); its key, or None when the tree
        has nothing left to search."""
        key = self.next_position(self.turn)
        if key is None:
            key = self.next_position(1 - self.turn)
        self.turn = 1 - self.turn
        if key is None:
            self.full = True
            return None
        depth, scores = search(_state(key))
        self.nodes[key] = Node(depth, {m: s for m, s in scores.items()})
        return key

    def book(self, into: Book | None = None) -> Book:
        """The book of this tree: every searched position's move of best backed-up value."""
        book = Book() if into is None else into
        values = self.values()
        for key, node in self.nodes.items():
            moves = self.move_values(key, values)
            if not moves:
                continue
            m = max(sorted(moves), key=lambda h: moves[h])
            book.entries[key] = (m, node.depth, values.get(key, moves[m]))
        return book


def build(search: Search, positions: int, seeds: int = 4, variant: str = "forbidden",
          tree: Tree | None = None, progress: Callable[[tuple, Node, int], None] | None = None,
          **weights: float) -> Tree:
    """Grow the tree of ``seeds`` and ``variant`` to ``positions`` searched positions (a given
    ``tree`` resumes); ``progress(key, node, count)`` after each search."""
    tree = Tree(seeds, variant, **weights) if tree is None else tree  # type: ignore[arg-type]  # weights: own, other, max_error
    while len(tree.nodes) < positions:
        key = tree.expand(search)
        if key is None:
            break
        if progress:
            progress(key, tree.nodes[key], len(tree.nodes))
    return tree


def merge(books: Iterable[Book]) -> Book:
    out = Book()
    for b in books:
        out.entries.update(b.entries)
    return out
