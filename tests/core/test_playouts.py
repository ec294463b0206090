"""Random playouts of every game, checking the common contract at every step.

At each step: legal_moves() is a deterministic list, empty exactly when the game is over; every
legal move plays; a random move that is not legal raises IllegalMove; hash and equality are
stable; nothing is created or lost (sticks, objects, pawns, matches, seeds); winner is None while
playing. After the end, play() raises GameOver. Everything is driven by seeded random.Random.
"""
from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

import pytest

from nimarcade.core.rules import GameOver, IllegalMove
from nimarcade.games.awele.rules import MAJORITY, HALF, NO_MOVE, REPETITION, AweleState
from nimarcade.games.grid.rules import GridState
from nimarcade.games.heaps.rules import HeapsState
from nimarcade.games.matches.rules import RowState
from nimarcade.games.sticks.rules import SticksState


# -- per game: a random move from the whole move space, and a measure that moves conserve -------
def any_sticks_move(s: SticksState, rng: random.Random) -> Any:
    return rng.choice([rng.randint(-2, s.max_take + 2), 0, s.sticks + 1, 1.5, None])


def any_heaps_move(s: HeapsState, rng: random.Random) -> Any:
    return (rng.randint(-1, len(s.heaps)), rng.randint(-1, max(s.heaps) + 1))


def any_grid_move(s: GridState, rng: random.Random) -> Any:
    def cell() -> tuple[int, int]:
        return (rng.randint(0, s.rows + 1), rng.randint(0, s.cols + 1))

    if s.pawns and rng.random() < 0.5:
        return (rng.choice(s.pawns), cell())
    return (cell(), cell())


def any_matches_move(s: RowState, rng: random.Random) -> Any:
    return (rng.randint(-1, s.length), rng.randint(0, s.max_take + 1))


def any_awele_move(s: AweleState, rng: random.Random) -> Any:
    return rng.randint(-1, 12)


def check_sticks_step(before: SticksState, move: int, after: SticksState) -> None:
    assert after.sticks == before.sticks - move >= 0
    assert (after.max_take, after.last_loses) == (before.max_take, before.last_loses)


def check_heaps_step(before: HeapsState, move: tuple[int, int], after: HeapsState) -> None:
    i, c = move
    assert sum(after.heaps) == sum(before.heaps) - c
    assert all(h >= 0 for h in after.heaps) and len(after.heaps) == len(before.heaps)
    assert after.heaps[:i] == before.heaps[:i] and after.heaps[i + 1:] == before.heaps[i + 1:]


def check_grid_step(before: GridState, move, after: GridState) -> None:
    src, dst = move
    dropped = dst == before.sink
    assert len(after.pawns) == len(before.pawns) - (1 if dropped else 0)
    assert list(after.pawns) == sorted(after.pawns)
    assert all(1 <= r <= after.rows and 1 <= c <= after.cols and (r, c) != after.sink for r, c in after.pawns)
    assert after.count_at(src) == before.count_at(src) - 1
    if not dropped:
        assert after.count_at(dst) == before.count_at(dst) + 1


def check_matches_step(before: RowState, move: tuple[int, int], after: RowState) -> None:
    start, count = move
    assert after.remaining == before.remaining - count
    assert after.length == before.length
    assert all(a <= b for a, b in zip(after.cells, before.cells))  # matches never come back


def check_awele_step(before: AweleState, move: int, after: AweleState) -> None:
    assert sum(after.houses) + sum(after.stores) == before.total  # seeds are conserved
    assert all(h >= 0 for h in after.houses) and len(after.houses) == 12
    assert after.houses[move] == 0 or before.houses[move] >= 12  # the origin is skipped
    gain = after.stores[before.to_move] - before.stores[before.to_move]
    assert gain >= 0 and after.stores[1 - before.to_move] == before.stores[1 - before.to_move]
    assert gain == before.sowing(move).gain
    assert (after.houses, after.stores, after.to_move) in after.seen
    if gain:
        assert len(after.seen) == 1  # a capture forgets the history
    if after.is_over:
        total = after.total
        assert after.end in (MAJORITY, HALF, NO_MOVE, REPETITION)
        if after.end == MAJORITY:
            assert max(after.stores) * 2 > total
        a, b = after.final_scores()
        assert a + b == total
        assert after.winner == (None if a == b else (0 if a > b else 1))
    else:
        # The player to move has seeds: nobody is ever starved by a legal move.
        mine = after.houses[0:6] if after.to_move == 0 else after.houses[6:12]
        assert any(mine)


# -- the driver ---------------------------------------------------------------------------------
def playout(
    state: Any,
    rng: random.Random,
    any_move: Callable[[Any, random.Random], Any],
    check_step: Callable[[Any, Any, Any], None],
    max_steps: int,
    draws_allowed: bool = False,
    every_move: bool = True,
) -> Any:
    """Play ``state`` out at random; ``every_move=False`` checks only the move actually played."""
    last_move = None
    for step in range(max_steps):
        legal = state.legal_moves()
        assert isinstance(legal, list) and legal == state.legal_moves()
        assert len(set(legal)) == len(legal)
        assert state.to_move in (0, 1)
        # Hash and equality are stable, and a copy is equal.
        twin = dataclasses.replace(state)
        assert twin == state and hash(twin) == hash(state) and hash(state) == hash(state)
        if state.is_over:
            assert legal == []
            if draws_allowed:
                assert state.winner in (0, 1, None)
            else:
                assert state.winner in (0, 1)
            for move in (last_move, any_move(state, rng)):
                with pytest.raises(GameOver):
                    state.play(move)
            return state
        assert legal, "a running game always has a legal move"
        assert state.winner is None
        # Every legal move plays, and the same move gives the same state.
        children = {}
        for move in legal if every_move else [state.random_move(rng)]:
            child = state.play(move)
            assert child.to_move == 1 - state.to_move
            check_step(state, move, child)
            children[move] = child
        # A random move that is not legal is refused (with a bounded number of tries).
        for _ in range(20):
            bad = any_move(state, rng)
            try:
                is_legal = bad in legal
            except TypeError:  # junk that cannot even be compared is never legal
                is_legal = False
            if not is_legal:
                with pytest.raises(IllegalMove):
                    state.play(bad)
                break
        last_move = state.random_move(rng) if every_move else next(iter(children))
        assert last_move in children and last_move in legal
        if every_move or step % 8 == 0:
            again = state.play(last_move)
            assert again == children[last_move] and hash(again) == hash(children[last_move])
        state = children[last_move]
    raise AssertionError(f"the game did not end in {max_steps} moves")


def test_sticks_playouts() -> None:
    rng = random.Random(1001)
    winners = set()
    for g in range(200):
        s = SticksState.new(rng.randint(1, 60), rng.randint(2, 9), rng.random() < 0.5, g % 2)
        end = playout(s, rng, any_sticks_move, check_sticks_step, max_steps=61)
        winners.add(end.winner)
    assert winners == {0, 1}


def test_heaps_playouts() -> None:
    rng = random.Random(1002)
    winners = set()
    for g in range(200):
        heaps = [rng.randint(0, 9) for _ in range(rng.randint(1, 6))]
        if not any(heaps):
            heaps[0] = 1
        s = HeapsState.new(heaps, misere=g % 3 == 0, first=rng.randint(0, 1))
        end = playout(s, rng, any_heaps_move, check_heaps_step, max_steps=sum(heaps) + 1)
        winners.add(end.winner)
    assert winners == {0, 1}


def test_grid_playouts() -> None:
    rng = random.Random(1003)
    winners = set()
    for g in range(200):
        rows, cols = rng.randint(3, 7), rng.randint(3, 7)
        if g % 2:
            s = GridState.new(rows, cols, rng.randint(1, rows), first=rng.randint(0, 1))
        else:  # any position, stacked pawns included
            cells = [(rng.randint(1, rows), rng.randint(1, cols)) for _ in range(rng.randint(1, 4))]
            s = GridState.from_pawns(rows, cols, cells + [cells[0]], first=rng.randint(0, 1))
        bound = sum(rows - r + cols - c for r, c in s.pawns) + 1
        end = playout(s, rng, any_grid_move, check_grid_step, max_steps=bound)
        winners.add(end.winner)
    assert winners == {0, 1}


def test_matches_playouts() -> None:
    rng = random.Random(1004)
    winners = set()
    for g in range(200):
        if g % 2:
            s = RowState.new(rng.randint(1, 24), rng.randint(1, 5), first=rng.randint(0, 1))
        else:
            text = "".join(rng.choice("1|.0") for _ in range(rng.randint(1, 24)))
            if not any(ch in "1|" for ch in text):
                text += "1"
            s = RowState.from_pattern(text, rng.randint(1, 4), first=rng.randint(0, 1))
        end = playout(s, rng, any_matches_move, check_matches_step, max_steps=s.remaining + 1)
        winners.add(end.winner)
    assert winners == {0, 1}


@pytest.mark.parametrize("variant", ["forbidden", "capture_nothing"])
@pytest.mark.parametrize("seeds", [3, 4, 5, 6])
def test_awele_playouts(variant: str, seeds: int) -> None:
    """12 games per configuration (48 per variant): the first 2 play every legal move at every
    step, the others check only the move played (a full check costs six plays per step)."""
    rng = random.Random(2000 + seeds * 10 + (variant == "forbidden"))
    ends = set()
    for g in range(12):
        s = AweleState.new(seeds, variant, first=g % 2)
        end = playout(
            s, rng, any_awele_move, check_awele_step, max_steps=3000, draws_allowed=True, every_move=g < 2
        )
        assert end.total == 12 * seeds
        ends.add(end.end)
    assert MAJORITY in ends  # random games mostly end with a majority of captures
