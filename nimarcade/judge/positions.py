"""The positions the judge (:mod:`nimarcade.judge.judge`) asks a player about, with the moves that lead
to each from the level's start (the protocol sends them) and each one's winning moves.

A game with an exact strategy is enumerated breadth-first from the level's start: every position
when its won ones are few enough, else a sample of won positions spread evenly over the game's
shapes from a seeded offset (only won positions count in a score), and positions drawn from
seeded random games when the board has too many to count. A game without one gives its own exactly
solved positions (:attr:`nimarcade.core.registry.JudgeSpec.solved_positions`). Each position has a size,
how much of the game is left (the longest game from it, or its registry's measure), so that
mistakes can be shown simplest first. Pure Python, no pygame.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from nimarcade.core import registry

#: The breadth-first enumeration stops after this many positions; beyond, positions are drawn by
#: random play (a sample of a board too big to count).
ENUMERATION_LIMIT = 50_000
#: Random games played per position wanted when drawing positions by random play.
PLAYOUTS_PER_POSITION = 5
#: A random game is cut after this many moves (a board of a million tokens, which a code's period
#: solves, would take a million); its positions are drawn from the moves played.
MAX_PLIES = 2_000

# How the judged positions were chosen.
ALL, SAMPLED, RANDOM_PLAY, SOLVED = "all", "sampled", "random_play", "solved"


@dataclass(frozen=True)
class Position:
    """A judged position: the moves from the level's start, the state, every winning move of the
    player to move (none: it can't win), and its size (how much of the game is left)."""

    moves: tuple[Any, ...]
    state: Any
    winning: tuple[Any, ...]
    size: int


@dataclass(frozen=True)
class Sample:
    """The positions asked, and how they were chosen: ``how`` (ALL, SAMPLED, RANDOM_PLAY or
    SOLVED), ``reachable`` (the positions counted, None when there are more than ``limit``) and
    ``won`` (the won ones among them, None when not counted). A SAMPLED sample holds won positions
    only: "N won positions of ``won``"."""

    positions: list[Position]
    how: str
    reachable: int | None
    limit: int = ENUMERATION_LIMIT
    won: int | None = None


class Tree:
    """The positions reachable from a start, breadth-first, each with the move that first reached
    it (so the moves from the start are the shortest way there). ``complete`` is False when the
    enumeration stopped at its limit."""

    def __init__(self, start: Any, limit: int = ENUMERATION_LIMIT) -> None:
        self.states = [start]
        self.index = {start: 0}
        self.parent: list[tuple[int, Any]] = [(-1, None)]
        self.children: list[list[int]] = []
        self.complete = True
        i = 0
        while i < len(self.states):
            state = self.states[i]
            kids = []
            for move in ([] if state.is_over else state.legal_moves()):
                child = state.play(move)
                j = self.index.get(child)
                if j is None:
                    if len(self.states) >= limit:
                        self.complete = False
                        return
                    j = len(self.states)
                    self.index[child] = j
                    self.states.append(child)
                    self.parent.append((i, move))
                kids.append(j)
            self.children.append(kids)
            i += 1

    def path(self, i: int) -> tuple[Any, ...]:
        moves = []
        while self.parent[i][0] >= 0:
            i, move = self.parent[i]
            moves.append(move)
        return tuple(reversed(moves))

    def path_to(self, state: Any) -> tuple[Any, ...] | None:
        i = self.index.get(state)
        return None if i is None else self.path(i)

    def depths(self) -> list[int]:
        """The moves from the start to each position (breadth-first: a parent comes before its
        children)."""
        depth = [0] * len(self.states)
        for i in range(1, len(self.states)):
            depth[i] = depth[self.parent[i][0]] + 1
        return depth

    def heights(self) -> list[int]:
        """The longest game left from each position (the enumeration must be complete; these games
        never repeat a position)."""
        height = [-1] * len(self.states)
        for root in range(len(self.states)):
            stack = [root]
            while stack:
                i = stack[-1]
                if height[i] >= 0:
                    stack.pop()
                    continue
                todo = [j for j in self.children[i] if height[j] < 0]
                if todo:
                    stack.extend(todo)
                else:
                    height[i] = 1 + max((height[j] for j in self.children[i]), default=-1)
                    stack.pop()
        return height


def exact_sample(spec: registry.GameSpec, tree: Tree, count: int, rng: random.Random) -> Sample:
    """Every position of a complete enumeration, or ``count`` of them drawn with ``rng``; from an
    incomplete one, ``count`` positions drawn by random play from the start (the puzzles' draw:
    the judge's is :func:`won_sample`)."""
    if not tree.complete:
        return Sample(_played(spec, tree.states[0], count, rng), RANDOM_PLAY, None)
    open_ = [i for i, s in enumerate(tree.states) if not s.is_over]
    chosen = open_ if len(open_) <= count else sorted(rng.sample(open_, count))
    height = tree.heights()
    positions = [Position(tree.path(i), tree.states[i], tuple(spec.winning(tree.states[i])), height[i])
                 for i in chosen]
    return Sample(positions, ALL if chosen is open_ else SAMPLED, len(open_))


def won_sample(spec: registry.GameSpec, tree: Tree, count: int, rng: random.Random) -> Sample:
    """The judge's positions: every position of a complete enumeration when it has at most
    ``count`` won ones, else ``count`` won positions spread over the game (:func:`spread`, from an
    offset drawn with ``rng``); from an incomplete enumeration, ``count`` positions drawn by random
    play from the start.

    Only won positions count in the score (the share kept), so a sample asks won ones only: a lost
    position changes nothing in the grade, whatever the player answers there, and each one asked
    in their place would leave a won one out. Drawing them at random (``rng.sample``) made the
    grade move with the draw: on Kayles (a row of 10, 135 won positions of 176), a player that
    crashes on three heaps got 4.5 to 11/20 on 40 positions for 7.5/20 on all (100 seeds, sd
    1.4); spread evenly, 6.5 to 9.5 (sd 0.8). It costs the winning moves of every position (a
    few seconds on the biggest levels, 34,000 positions)."""
    if not tree.complete:
        return Sample(_played(spec, tree.states[0], count, rng), RANDOM_PLAY, None)
    open_ = [i for i, s in enumerate(tree.states) if not s.is_over]
    height = tree.heights()
    winning = {i: tuple(spec.winning(tree.states[i])) for i in open_}
    won = [i for i in open_ if winning[i]]
    chosen = open_ if len(won) <= count else sorted(spread(won, tree.depths(), height, count, rng))
    positions = [Position(tree.path(i), tree.states[i], winning[i], height[i]) for i in chosen]
    return Sample(positions, ALL if chosen is open_ else SAMPLED, len(open_), won=len(won))


def spread(indices: list[int], depth: list[int], height: list[int], count: int, rng: random.Random) -> list[int]:
    """``count`` of ``indices`` (positions of a tree), evenly spaced in the order of the game's
    shapes: by the moves from the start (``depth``), then by the longest game left (``height``),
    the other way round on every other depth (a serpentine, so that neighbours in the order are
    alike), from an offset drawn with ``rng``. A systematic sample of a sorted list: every depth
    and size is represented in its share, which a random draw only does on average. Only generic
    measures of the tree, nothing of a game's own: measured against random draws (100 seeds, 40
    positions, Kayles of 10 and Dawson's Kayles of 20), it narrowed the spread of the grade for a
    player that crashes on three heaps, a random one and the first-move one, and left a greedy
    one's about as it was."""
    if count >= len(indices):
        return list(indices)
    order = sorted(indices, key=lambda i: (depth[i], height[i] if depth[i] % 2 else -height[i], i))
    step = len(order) / count
    offset = rng.random() * step
    return [order[int(offset + k * step)] for k in range(count)]


def _played(spec: registry.GameSpec, start: Any, count: int, rng: random.Random) -> list[Position]:
    """Up to ``count`` distinct positions, each one position of a random game from the start; its
    size is what that game went on for after it (at least: a game is cut after
    :data:`MAX_PLIES` moves)."""
    found: dict[Any, Position] = {}
    for _ in range(count * PLAYOUTS_PER_POSITION):
        if len(found) >= count:
            break
        state, line = start, [start]
        moves: list[Any] = []
        while not state.is_over and len(moves) < MAX_PLIES:
            move = state.random_move(rng)
            moves.append(move)
            state = state.play(move)
            line.append(state)
        k = rng.randrange(len(line) - 1)
        if line[k] not in found:
            found[line[k]] = Position(tuple(moves[:k]), line[k], tuple(spec.winning(line[k])),
                                      len(line) - 1 - k)
    return list(found.values())


def solved_sample(spec: registry.GameSpec, params: Mapping[str, Any], count: int, rng: random.Random) -> Sample:
    """The positions a game without an exact strategy solves some other way (its registry's)."""
    start = spec.new_state(params)
    positions = []
    solved = spec.judge.solved_positions
    if solved is None:
        raise TypeError(f"{spec.id} has no way to solve positions")
    for moves, winning, size in solved(params, count, rng):
        state = start
        for move in moves:
            state = state.play(move)
        positions.append(Position(tuple(moves), state, tuple(winning), size))
    return Sample(positions, SOLVED, None)
