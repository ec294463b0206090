"""A series of puzzles (nimarcade.puzzles.session): the next puzzle near the player's rating, the
puzzles already answered left out (until nothing new is left), an answer rated once into the
profile or the unnamed player's record, the words of a verdict, and the worker's functions."""
from __future__ import annotations

import functools
import pickle
import random
from dataclasses import replace

from nimarcade.analysis import verdicts as analysis
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.i18n import tr
from nimarcade.people.profiles import Profiles, PuzzleRecord
from nimarcade.puzzles.session import (DIFFICULTIES, DRY_ROUNDS, NEAREST, Session, generate, known_values, missed_reason,
                                      solution_note, values)


def some(game: str = "heaps", n: int = 8, seed: int = 3) -> list[puzzles.Puzzle]:
    return puzzles.make(game, None, n, seed)


def test_the_next_puzzle_is_near_the_players_rating() -> None:
    found = some(n=8)
    ratings = [700, 1480, 1510, 1530, 2400, 2500, 900, 2600]
    pool = [replace(p, rating=r) for p, r in zip(found, ratings)]
    for seed in range(10):
        session = Session(["heaps"], None, Profiles(None), rng=random.Random(seed))
        session.offer(pool)
        first = session.draw()
        assert first.rating in (1480, 1510, 1530)               # the NEAREST closest to 1500
        assert first not in session.pool and first.id in session.given
    assert NEAREST == 3


def test_answered_puzzles_are_left_out_until_nothing_new_is_left() -> None:
    found = some(n=4)
    seen = PuzzleRecord(seen=(found[2].id, found[0].id))        # found[2] seen longest ago
    session = Session(["heaps"], None, Profiles(None), guest=seen)
    assert session.offer(found) == 2 and {p.id for p in session.pool} == {found[1].id, found[3].id}
    assert session.offer(found) == 0                             # nothing twice
    session = Session(["heaps"], None, Profiles(None), guest=seen)
    for _ in range(DRY_ROUNDS - 1):
        assert session.offer(found[:1] + found[2:3]) == 0
    assert session.offer(found[:1] + found[2:3]) == 2            # dry: the oldest seen come back
    assert [p.id for p in session.pool] == [found[2].id, found[0].id]
    assert session.offer(some("sticks", 2)) == 0                 # not a chosen game


def test_several_games_take_turns_in_the_pool_and_in_the_series() -> None:
    chosen = ["sticks", "heaps", "matches"]
    session = Session(chosen, None, Profiles(None), rng=random.Random(1))
    asked = []
    while session.wants_more:                                    # first a batch of every game
        game = session.next_game()
        asked.append(game)
        session.offer(puzzles.make(game, None, 4, 7), game)
    assert asked == chosen and {session.pooled(g) for g in chosen} == {4}
    assert session.next_game() == "sticks"                       # a tie: in turn
    # A game whose generations bring nothing new is asked last, and no longer waited for.
    session.pool = [p for p in session.pool if p.game != "matches"]
    assert session.wants_more and session.next_game() == "matches"
    for _ in range(DRY_ROUNDS):
        session.offer([], "matches")
    assert session.exhausted("matches") and not session.wants_more and session.next_game() != "matches"
    # Drawn near the rating, each game's puzzles a little further once the game was given.
    session = Session(chosen, None, Profiles(None), rng=random.Random(2))
    for game in chosen:
        session.offer([replace(p, rating=1500) for p in puzzles.make(game, None, 4, 7)], game)
    drawn = [session.draw().game for _ in range(6)]
    assert sorted(drawn[:3]) == sorted(chosen) and sorted(drawn[3:]) == sorted(chosen)


def test_a_difficulty_is_aimed_at_instead_of_the_rating() -> None:
    found = some(n=6)
    pool = [replace(p, rating=r) for p, r in zip(found, [1300, 1500, 1650, 1700, 2000, 2050])]
    session = Session(["heaps"], None, Profiles(None), rng=random.Random(0), difficulty="hard")
    session.offer(pool)
    assert session.target == DIFFICULTIES["hard"] == 2000 and session.rating.rating == 1500
    assert session.draw().rating in (1700, 2000, 2050)


def test_an_answer_is_rated_into_the_profile_and_saved() -> None:
    profiles = Profiles(None)
    profiles.add("Zoé")
    session = Session(["heaps"], "Zoé", profiles)
    puzzle = some(n=1)[0]
    answer, problem = session.answer(puzzle, puzzle.solutions[0])
    assert problem is None and answer.solved and answer.change > 0
    kept = profiles.get("zoé").puzzles
    assert kept == session.record == answer.after and kept.streak == 1 and kept.seen == (puzzle.id,)
    wrong = next(m for m in puzzle.state.legal_moves() if m not in puzzle.solutions)
    missed, _ = session.answer(some(n=2)[1], wrong)
    assert not missed.solved and missed.change < 0 and session.record.streak == 0 and session.solved == 1


def test_the_unnamed_players_record_lives_in_the_session() -> None:
    profiles = Profiles(None)
    session = Session(["heaps"], None, profiles, length=1)
    puzzle = some(n=1)[0]
    session.answer(puzzle, puzzle.solutions[0])
    assert profiles.names() == [] and session.guest.solved == 1 and session.record is session.guest
    assert session.done and session.draw() is None


def test_the_words_of_a_verdict() -> None:
    puzzle = next(p for p in some("matches", 6) if len(p.solutions) > 1)
    known = known_values(puzzle)
    assert known.solved and set(known.best()) == set(puzzle.solutions)
    wrong = next(m for m in puzzle.state.legal_moves() if m not in puzzle.solutions)
    assert missed_reason(known, wrong, "w") == tr("puzzle.threw_win", move="w")
    note = solution_note(puzzle, known)
    assert note.startswith(tr("puzzle.some_win", k=len(puzzle.solutions), n=puzzle.legal))
    assert note.endswith(tr("puzzle.proved"))
    scored = analysis.MoveValues({0: 5.0, 1: 2.5, 2: -1.0}, {}, 9)
    assert missed_reason(scored, 1, "house 2") == tr("puzzle.lost", x=3, move="house 2")
    assert missed_reason(scored, 7, "house 8") == ""           # not a move of the position
    searched = replace(puzzle, solutions=(0,), proved=False, game="awele")
    assert tr("puzzle.searched") in solution_note(searched, scored) and "environ 3 graines" in solution_note(searched, scored)


def test_the_workers_functions_travel_to_a_process() -> None:
    job = functools.partial(generate, game="heaps", count=2, seed=5)
    made = pickle.loads(pickle.dumps(job))(None, 0, None, None, cancel=None, info={})
    assert [p.id for p in made] == [p.id for p in puzzles.make("heaps", None, 2, 5)]
    assert pickle.loads(pickle.dumps(made))[0].state == made[0].state
    valued = values(made[0].state)
    assert set(valued.best()) == set(made[0].solutions) and pickle.dumps(valued)


def test_a_puzzles_position_is_its_match_without_the_moves_before() -> None:
    for game in ("heaps", "awele"):
        puzzle = puzzles.make(game, None, 1, 4)[0]
        whole, alone = puzzle.match(), puzzle.position()
        assert alone.state == whole.state == puzzle.state and alone.moves == [] and len(alone.states) == 1
        assert alone.players == whole.players and alone.config == whole.config
        assert alone.current == whole.current and alone.current.is_human      # the player to move is « me »
