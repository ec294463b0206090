"""What a game screen decides without pygame: what is kept for resume and counted in the
statistics (keeper.Keeper), and the turn controller's part of a resumed game, the hint key and the
end of a game (turns.TurnController)."""
from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

from nimarcade.core import registry
from nimarcade.records.autosave import Autosave
from nimarcade.records.keeper import Keeper
from nimarcade.core.match import HUMAN, Match
from nimarcade.people.stats import Stats
from nimarcade.core.turns import HINT, MOVE, TurnController

from tests.core.test_history import FakePort, config, play_random

ROOT = Path(__file__).resolve().parents[2]


class Store:
    """An autosave and statistics that remember what they were handed (and answer ``problem``)."""

    def __init__(self, problem: str | None = None) -> None:
        self.kept: list[int] = []
        self.recorded: list[int] = []
        self.problem = problem

    def keep(self, match: Match) -> str | None:
        self.kept.append(len(match.moves))
        return self.problem

    def record(self, match: Match) -> str | None:
        self.recorded.append(len(match.moves))
        return self.problem


def controller(seats=(HUMAN, 3), demo: bool = False, first_seat: int = 0) -> TurnController:
    cfg = dataclasses.replace(config(seats), demo=demo)
    turns = TurnController(registry.get("heaps"), cfg, random.Random(1), FakePort(), FakePort())
    turns.match = Match.begin(cfg, first_seat)
    return turns


def keeper(turns: TurnController, store: Store, watched: bool = False) -> tuple[Keeper, list[str]]:
    reported: list[str] = []
    return Keeper(turns, store, store, watched=watched, report=reported.append), reported


def finish(turns: TurnController, seed: int = 5) -> None:
    rng = random.Random(seed)
    while not turns.state.is_over:
        turns.play(turns.state.random_move(rng))


def test_the_keeper_does_not_import_pygame() -> None:
    code = ("import sys, nimarcade.records.keeper\n"
            "print(','.join(sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_a_game_played_is_kept_after_every_change_and_its_problems_reported() -> None:
    turns, store = controller(), Store("storage.write_failed")
    keep, reported = keeper(turns, store)
    turns.play(turns.state.legal_moves()[0])
    keep.keep()
    turns.undo()
    keep.keep()
    assert store.kept == [1, 0] and reported == ["storage.write_failed"] * 2


def test_a_watched_or_frozen_game_is_never_kept_nor_counted() -> None:
    for watched, frozen in ((True, False), (False, True)):
        turns, store = controller(), Store()
        turns.frozen = frozen
        keep, reported = keeper(turns, store, watched=watched)
        finish(turns)
        keep.keep()
        keep.count()
        assert store.kept == store.recorded == [] and reported == []


def test_a_finished_game_is_counted_once_even_undone_and_finished_again() -> None:
    turns, store = controller((HUMAN, HUMAN)), Store()
    keep, _ = keeper(turns, store)
    finish(turns)
    keep.count()
    assert turns.undo()
    finish(turns)
    keep.count()
    assert len(store.recorded) == 1


def test_with_the_real_files_a_finished_game_is_forgotten_and_a_demo_never_saved() -> None:
    autosave, stats = Autosave(None), Stats(None)
    turns = controller()
    keep = Keeper(turns, autosave, stats, watched=False, report=lambda key: None)
    turns.play(turns.state.legal_moves()[0])
    keep.keep()
    assert autosave.match is turns.match
    finish(turns)
    keep.keep()
    keep.count()
    assert autosave.match is None and [line.played for line in stats.lines()] == [1]
    demo = controller(demo=True)
    demo.play(demo.state.legal_moves()[0])
    Keeper(demo, autosave, stats, watched=False, report=lambda key: None).keep()
    assert autosave.match is None


def test_adopting_a_match_drops_what_was_asked_for_the_old_one() -> None:
    turns = controller()
    turns.play(turns.state.legal_moves()[0])
    assert turns.request_move() and turns.pending[MOVE] is not None
    resumed = Match.begin(turns.config, 0)
    play_random(resumed, 2)
    turns.adopt(resumed)
    assert turns.match is resumed and turns.pending[MOVE] is None and turns.ports[MOVE].cancels == 1


def test_the_hint_key_asks_then_hides() -> None:
    turns = controller()
    turns.toggle_hint()
    assert turns.hint_pending and turns.ports[HINT].requests == 1
    turns.toggle_hint()                                  # still looking: nothing more is asked
    assert turns.ports[HINT].requests == 1
    turns.pending[HINT], turns.hint = None, turns.state.legal_moves()[0]
    turns.toggle_hint()
    assert turns.hint is None and not turns.hint_pending


def test_lost_to_computer_only_when_the_one_person_lost() -> None:
    outcomes = set()
    for seats in ((HUMAN, 3), (HUMAN, HUMAN), (2, 3)):
        for seed in range(8):
            turns = controller(seats, first_seat=seed % 2)
            finish(turns, seed)
            computer_won = turns.match.seat_of(turns.state.winner) == 1
            assert turns.lost_to_computer() == (seats == (HUMAN, 3) and computer_won)
            outcomes.add((seats, computer_won))
    assert ((HUMAN, 3), True) in outcomes and ((HUMAN, 3), False) in outcomes
