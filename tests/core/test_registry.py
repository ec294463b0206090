"""Tests over every registered game, in the style of OpenSpiel's ``games_sim_test``: a game gets
them by being registered in :mod:`nimarcade.core.registry`. Each check is a function of a spec, so that a
game registered elsewhere (tests/test_ninth_game.py) runs the very same checks."""
from __future__ import annotations

import pickle
import random
from functools import lru_cache

import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.rules import RulesError
from nimarcade.core.rules.protocol import GameState, Outcome

SPECS = list(registry.REGISTRY.values())
IDS = [s.id for s in SPECS]


def smallest_level(spec: registry.GameSpec) -> levels.Level:
    """The level with the smallest board (fewest legal moves from the start): cheap to play out."""
    found = levels.load(spec.id)
    return min(found, key=lambda lv: len(spec.new_state(lv.params).legal_moves()))


def test_the_contract_ids_are_registered() -> None:
    assert {"sticks", "heaps", "grid", "matches", "awele"} <= set(registry.REGISTRY)
    assert registry.find_variant("fort-boyard").game == "sticks"
    assert registry.find_variant("fort_boyard").level == "fort-boyard"
    for spec in SPECS:
        assert registry.find_variant(spec.id).game == spec.id
        assert spec.variants[0].game == spec.id and all(v.game == spec.id for v in spec.variants)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_level_file_loads_and_names_existing_levels(spec: registry.GameSpec) -> None:
    check_levels(spec)


def check_levels(spec: registry.GameSpec) -> None:
    found = {lv.id: lv for lv in levels.load(spec.id)}
    assert spec.largest_level in found
    for v in spec.variants:
        assert v.level is None or v.level in found
    for lv in found.values():
        assert spec.check_params(lv.params) is None
        assert isinstance(spec.new_state(lv.params), GameState)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_random_playouts_keep_the_invariants(spec: registry.GameSpec) -> None:
    check_playouts(spec)


def check_playouts(spec: registry.GameSpec) -> None:
    rng = random.Random(spec.id)
    for lv in levels.load(spec.id):
        for first in (0, 1):
            state = spec.new_state(lv.params, first)
            assert state.to_move == first
            seen = 0
            while not state.is_over:
                moves = state.legal_moves()
                assert moves, "a running game always has a move"
                assert state.winner is None and state.outcome is None
                move = rng.choice(moves)
                state.check(move)                         # a legal move passes the check
                text = spec.notation.format_move(move)
                assert spec.notation.parse_move(state, text) == move   # the notation reads back
                nxt = state.play(move)
                assert nxt is not state and hash(nxt) is not None
                assert nxt.to_move == 1 - state.to_move
                state = nxt
                seen += 1
                assert seen < 5000
            assert state.legal_moves() == []
            with pytest.raises(RulesError):
                state.check(moves[0])
            outcome = state.outcome
            assert isinstance(outcome, Outcome) and outcome.winner == state.winner
            assert outcome.reason.startswith("end.")


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_bad_notation_is_refused_with_a_rules_error(spec: registry.GameSpec) -> None:
    check_notation(spec)


def check_notation(spec: registry.GameSpec) -> None:
    state = spec.new_state(smallest_level(spec).params)
    for text in ("", "zz", "99:99", "(0,0)-(0,0)", "-", "1-", "x1"):
        try:
            move = spec.notation.parse_move(state, text)
        except RulesError:
            continue
        assert move in state.legal_moves()


def brute_force_wins(state) -> bool:
    """Whether the player to move wins with perfect play, by exhaustive search (the oracle)."""
    @lru_cache(maxsize=None)
    def wins(s) -> bool:
        if s.is_over:
            return s.winner == s.to_move
        return any(not wins(s.play(m)) for m in s.legal_moves())

    return wins(state)


EXACT = [s for s in SPECS if s.winning_moves is not None]


@pytest.mark.parametrize("spec", EXACT, ids=[s.id for s in EXACT])
def test_exact_solver_agrees_with_brute_force_along_random_games(spec: registry.GameSpec) -> None:
    check_exact(spec)


def check_exact(spec: registry.GameSpec) -> None:
    rng = random.Random(7)
    state = spec.new_state(smallest_level(spec).params)
    checked = 0
    for _ in range(6):
        s = state
        while not s.is_over and checked < 200:
            winning = spec.winning_moves(s)
            assert bool(winning) == brute_force_wins(s)
            for m in winning:
                assert not brute_force_wins(s.play(m))
            assert registry.winning_move(s) in (winning or [None])
            checked += 1
            s = s.play(rng.choice(s.legal_moves()))
    assert checked > 0


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_states_and_the_computer_travel_to_the_worker_process(spec: registry.GameSpec) -> None:
    check_pickling(spec)


def check_pickling(spec: registry.GameSpec) -> None:
    """States go to the AI worker process by pickle, with the chooser and the hint: each comes
    back equal (same hash), and plays on the same."""
    engine = spec.engine
    for fn in (engine.chooser, engine.hint, engine.ponder, engine.analyse, engine.warm_up):
        if fn is not None:
            assert pickle.loads(pickle.dumps(fn)) == fn
    rng = random.Random(spec.id + "-pickle")
    state = spec.new_state(smallest_level(spec).params)
    while True:
        back = pickle.loads(pickle.dumps(state))
        assert back == state and hash(back) == hash(state) and type(back) is type(state)
        assert back.legal_moves() == state.legal_moves() and back.to_move == state.to_move
        if state.is_over:
            assert back.outcome == state.outcome
            break
        move = rng.choice(state.legal_moves())
        assert back.play(move) == state.play(move)
        state = state.play(move)


def check_all(spec: registry.GameSpec) -> None:
    """Every check above, for one game."""
    check_levels(spec)
    check_playouts(spec)
    check_notation(spec)
    check_pickling(spec)
    if spec.winning_moves is not None:
        check_exact(spec)
