"""Undo and redo in the game's history (session.Match, turns.TurnController), without pygame."""
from __future__ import annotations

import random

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.core.turns import MOVE, TurnController


class FakePort:
    def __init__(self) -> None:
        self.requests, self.cancels = 0, 0

    def request(self, state, level, rng, time_limit=None, *, chooser=None) -> int:
        self.requests += 1
        return self.requests

    def cancel(self) -> None:
        self.cancels += 1


def config(seats=(HUMAN, 3)) -> MatchConfig:
    level = levels.load("heaps")[1]
    return MatchConfig("heaps", level, dict(level.params), seats, "me")


def play_random(match: Match, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if match.state.is_over:
            return
        match.play(match.state.random_move(rng))


def test_undo_redo_against_the_computer_go_by_human_turns() -> None:
    match = Match.begin(config(), 0)
    play_random(match, 6)
    moves, states = list(match.moves), list(match.states)
    assert match.undo() and match.moves == moves[:4] and match.players[match.state.to_move].is_human
    assert match.undo() and match.undo() and match.moves == []
    assert not match.undo()
    assert match.redo() and match.moves == moves[:2]
    assert match.redo() and match.redo() and match.moves == moves and match.states == states
    assert not match.redo() and not match.can_redo


def test_two_people_undo_one_move_at_a_time() -> None:
    match = Match.begin(config((HUMAN, HUMAN)), 1)
    play_random(match, 5)
    moves = list(match.moves)
    for n in range(5):
        assert match.undo() and match.moves == moves[:4 - n]
    for n in range(5):
        assert match.redo() and match.moves == moves[:n + 1]


def test_the_same_move_keeps_the_rest_another_drops_it() -> None:
    match = Match.begin(config((HUMAN, HUMAN)), 0)
    play_random(match, 4)
    moves = list(match.moves)
    match.undo(), match.undo()
    match.play(moves[2])                                 # the move that was taken back
    assert match.future == [moves[3]]
    match.undo()
    other = next(m for m in match.state.legal_moves() if m != moves[2])
    match.play(other)
    assert match.future == [] and not match.redo()


def test_controller_undo_and_redo_cancel_a_pending_search() -> None:
    ai, hint = FakePort(), FakePort()
    turns = TurnController(registry.get("heaps"), config(), random.Random(1), ai, hint)
    turns.match = Match.begin(config(), 0)
    turns.play(turns.state.legal_moves()[0])
    assert turns.request_move() and turns.pending[MOVE] is not None
    assert turns.undo() and turns.pending[MOVE] is None and ai.cancels == 1
    assert turns.redo() and turns.match.moves and turns.pending[MOVE] is None
    turns.frozen = True                                  # a game under review never asks
    assert not turns.request_move()
