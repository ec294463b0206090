"""Positions as text (GameSpec.position): every game writes a position and reads it back, refuses
a bad one with a reason in both languages, and a record of a game from an edited position replays."""
from __future__ import annotations

import random

import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.i18n import error_text
from nimarcade.core.rules import InvalidSetup, RulesError
from nimarcade.core.match import HUMAN, Match, MatchConfig
from tests.core.test_registry import smallest_level

SPECS = list(registry.specs())


def as_mover_zero(state):
    """The state as its player to move sees it, who becomes the rules' player 0."""
    spec = registry.spec_of(state)
    return spec.position.read(spec.position.write(state), dict(levels.load(spec.id)[0].params) | params_of(state))


def params_of(state) -> dict:
    """The rule parameters a position text leaves to the level."""
    return {k: getattr(state, k) for k in ("max_take", "last_loses", "misere", "grand_slam", "rows", "cols")
            if hasattr(state, k)}


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_every_game_writes_and_reads_its_positions(spec: registry.GameSpec) -> None:
    assert spec.position is not None, f"{spec.id} has no position text: the editor can't set it up"
    rng = random.Random(1)
    for level in levels.load(spec.id):
        state = spec.new_state(level.params)
        for _ in range(40):
            if state.is_over:
                break
            back = as_mover_zero(state)
            assert back.to_move == 0
            assert spec.position.write(back) == spec.position.write(state)
            # the same game from here: the same moves, the same winners
            assert len(back.legal_moves()) == len(state.legal_moves())
            if spec.winning_moves is not None:
                assert bool(spec.winning_moves(back)) == bool(spec.winning_moves(state))
            state = state.play(state.random_move(rng))


def test_awele_turns_the_board_round_for_north() -> None:
    spec = registry.get("awele")
    state = spec.new_state({"seeds": 4, "grand_slam": "forbidden"}).play(0)     # South sowed A: North to move
    text = spec.position.write(state)
    assert text == "4-4-4-4-4-4-0-5-5-5-5-4-0-0"
    back = spec.position.read(text, {"grand_slam": "forbidden"})
    assert back.to_move == 0 and back.houses[:6] == state.houses[6:] and back.houses[6:] == state.houses[:6]


BAD = [
    ("sticks", " ", "err.pos.sticks"), ("sticks", "3 4", "err.pos.sticks"), ("sticks", "0", "err.sticks.count"),
    ("heaps", "three", "err.pos.heaps"), ("heaps", "0 0", "err.position_over"),
    ("matches", "||x|", "err.matches.pattern"), ("matches", "...", "err.position_over"),
    ("grid", "(1,1) (9,9)", "err.grid.off_grid"), ("grid", "(1,1) 2", "err.pos.cells"),
    ("wythoff", "(0,1)", "err.wythoff.off_board"),
    ("awele", "4-4-4", "err.pos.awele"), ("awele", "-".join(["9"] * 14), "err.awele.seed_total"),
]


@pytest.mark.parametrize("game,text,key", BAD)
def test_a_bad_position_is_refused_with_its_reason(game: str, text: str, key: str) -> None:
    spec = registry.get(game)
    params = dict(smallest_level(spec).params)
    with pytest.raises(RulesError) as info:
        spec.start_state(params, text)
    assert info.value.key == key
    for lang in ("fr", "en"):
        said = error_text(info.value, lang)
        assert said and key not in said and "{" not in said


def test_a_game_from_an_edited_position_is_recorded_and_replayed() -> None:
    level = levels.find_level("heaps", "1-3-5-7")
    config = MatchConfig("heaps", level, dict(level.params), (HUMAN, 4), "me", start="0 3 5 6")
    match = Match.begin(config, 1)             # seat 2 moves first
    assert match.state.heaps == (0, 3, 5, 6) and match.current.seat == 1
    match.play((1, 1))
    text = records.write(match)
    assert '[Position "0 3 5 6"]' in text
    back = records.read(text, "edited")
    assert back.state == match.state and back.config.start == "0 3 5 6" and back.moves == [(1, 1)]
    broken = text.replace('[Position "0 3 5 6"]', '[Position "0 x"]')
    with pytest.raises(records.RecordError) as info:
        records.read(broken, "edited.txt")
    assert info.value.key == "rec.bad_position"
    assert "edited.txt" in error_text(info.value, "fr") and "0 x" in error_text(info.value, "en")


def test_a_finished_position_cannot_start_a_game() -> None:
    spec = registry.get("sticks")
    with pytest.raises(InvalidSetup):
        spec.start_state({"sticks": 10, "max_take": 3, "last_loses": True}, "0")
