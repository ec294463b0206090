"""Puzzles (nimarcade.puzzles.puzzle): every solution list is complete and exact, every record replays to
its position, the same seed gives the same puzzles, and the command's JSON."""
from __future__ import annotations

import io
import json

import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.records import record as records
from nimarcade.puzzles.puzzle import run
from tests.analysis.test_verdicts import Oracle

EXACT = [s.id for s in registry.specs() if s.winning_moves is not None]
#: Levels small enough for brute force (the oracle) on every generated puzzle.
SMALL = {"sticks": None, "heaps": "1-3-7", "matches": "td4", "grid": "5x5", "wythoff": "5x8-cold"}


@pytest.mark.parametrize("game", EXACT)
def test_every_solution_list_is_complete_and_exact(game: str) -> None:
    oracle = Oracle()
    level = SMALL.get(game)
    found = puzzles.make(game, level, 12, seed=4)
    assert len(found) == 12
    for puzzle in found:
        state = puzzle.state
        winning = tuple(m for m in state.legal_moves() if not oracle.wins(state.play(m)))
        assert puzzle.solutions == winning, puzzle
        assert puzzle.proved and 1 <= len(winning) and 3 * len(winning) <= puzzle.legal
        assert puzzles.MIN_RATING <= puzzle.rating <= puzzles.MAX_RATING


@pytest.mark.parametrize("game", EXACT)
def test_big_levels_give_the_solvers_winning_moves(game: str) -> None:
    spec = registry.get(game)
    found = puzzles.make(game, spec.largest_level or None, 4, seed=9)
    assert found
    for puzzle in found:
        assert puzzle.solutions == tuple(spec.winning_moves(puzzle.state))
        assert 3 * len(puzzle.solutions) <= puzzle.legal


@pytest.mark.parametrize("game", [s.id for s in registry.specs() if puzzles.has_puzzles(s)])
def test_each_record_replays_to_its_position(game: str) -> None:
    for puzzle in puzzles.make(game, None, 3, seed=2):
        match = records.read(puzzle.record(), "puzzle")
        assert match.state == puzzle.state
        assert match.players[match.state.to_move].seat == 0        # the solver sits in seat 1
        assert not match.players[match.state.to_move].program and match.current.is_human


def test_the_same_seed_gives_the_same_puzzles() -> None:
    first = [p.as_json() for p in puzzles.make("heaps", None, 6, seed=11)]
    assert first == [p.as_json() for p in puzzles.make("heaps", None, 6, seed=11)]
    assert first != [p.as_json() for p in puzzles.make("heaps", None, 6, seed=12)]
    assert len({p["id"] for p in first}) == 6
    assert {p["level"] for p in first} == {lv.id for lv in levels.load("heaps")}   # every level in turn


def test_harder_puzzles_rate_higher() -> None:
    assert puzzles.rating_of(3, 1, 4) < puzzles.rating_of(12, 1, 4) < puzzles.rating_of(12, 1, 30)
    assert puzzles.rating_of(12, 4, 10) < puzzles.rating_of(12, 1, 10)


def test_awele_puzzles_are_proved_by_the_tables_or_two_searches() -> None:
    from nimarcade.games.awele.engine import endgame as awele_endgame
    from nimarcade.games.awele.judge import move_result
    from nimarcade.games.awele import puzzles as awele_puzzles

    found = puzzles.make("awele", "classique", 6, seed=3)
    assert len(found) == 6 and {p.proved for p in found} == {True, False}
    table = awele_endgame.load_table("forbidden")
    for puzzle in found:
        state = puzzle.state
        assert len(puzzle.solutions) == 1
        if puzzle.proved:
            results = {m: move_result(state, m, table) for m in state.legal_moves()}
            best = max(results.values())
            assert [m for m, r in results.items() if r == best] == list(puzzle.solutions)
            assert min(results.values()) < best
        else:
            assert awele_puzzles.searched_solution(state) == puzzle.solutions[0]


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return run(list(argv), out, err), out.getvalue(), err.getvalue()


def test_the_command_prints_json() -> None:
    code, out, _ = call("--game", "fort_boyard", "--count", "3", "--seed", "5", "--json")
    assert code == 0
    found = json.loads(out)
    assert len(found) == 3
    for item in found:
        assert item["game"] == "sticks" and item["level"] == "fort-boyard"
        assert item["params"] == {"sticks": 20, "max_take": 3, "last_loses": False}
        match = records.read(item["record"], "puzzle")
        spec = registry.get("sticks")
        assert item["solutions"] == [spec.notation.format_move(m) for m in spec.winning_moves(match.state)]
    assert call("--game", "fort_boyard", "--count", "3", "--seed", "5", "--json")[1] == out


def test_the_command_speaks_the_players_language() -> None:
    code, out, _ = call("--game", "heaps", "--level", "1-3-7", "--count", "2", "--lang", "fr")
    assert code == 0 and "Problème 1" in out and "Solutions" in out
    code, out, _ = call("--game", "heaps", "--level", "1-3-7", "--count", "2", "--lang", "en")
    assert code == 0 and "Puzzle 1" in out and "find the winning move" in out
    code, _, err = call("--game", "heaps", "--level", "nowhere", "--count", "2", "--lang", "en")
    assert code == 2 and "nowhere" in err
    code, _, err = call("--game", "heaps", "--count", "0", "--lang", "fr")
    assert code == 2 and "1 à 1000" in err


# -- edited positions as puzzles, and the store --------------------------------------------------------
def test_an_edited_position_becomes_a_puzzle_or_says_why_not() -> None:
    puzzle = puzzles.from_position("heaps", "1-3-5-7", {}, "1 3 5 6")
    assert puzzle.solutions == tuple(registry.get("heaps").winning_moves(puzzle.state)) and puzzle.proved
    match = records.read(puzzle.record(), "edited")
    assert match.state == puzzle.state and match.moves == [] and match.config.start == "1 3 5 6"
    for text, key in (("1 3 5 7", "puzzles.no_win"), ("0 0 0 1", "puzzles.all_win")):
        with pytest.raises(puzzles.NotAPuzzle) as info:
            puzzles.from_position("heaps", "1-3-5-7", {}, text)
        assert info.value.key == key
    spec = registry.get("awele")
    made = next(p for p in puzzles.make("awele", "classique", 4, seed=3) if p.proved)
    text = spec.position_text(made.state)            # the same position, edited by hand
    again = puzzles.from_position("awele", "classique", {}, text)
    assert again.proved and spec.position_text(again.state) == text
    assert len(again.solutions) == 1
    if made.state.to_move == 0:                      # not turned round: the very same house
        assert again.solutions == made.solutions


def test_the_store_keeps_puzzles_and_drops_a_damaged_one(tmp_path) -> None:
    from nimarcade.puzzles.store import PuzzleStore

    store = PuzzleStore(tmp_path)
    first = puzzles.from_position("heaps", "1-3-5-7", {}, "1 3 5 6")
    second = puzzles.from_position("sticks", "petit", {}, "6")
    assert store.add(first) is None and store.add(second) is None and store.add(first) is None
    again = PuzzleStore(tmp_path)
    assert again.load().problem is None
    assert [p.id for p in again.puzzles] == [second.id, first.id]
    assert again.puzzles[1].solutions == first.solutions and again.puzzles[1].state == first.state
    raw = json.loads((tmp_path / "puzzles.json").read_text())
    raw["puzzles"][0]["record"] = raw["puzzles"][0]["record"].replace('"6"', '"0"')
    (tmp_path / "puzzles.json").write_text(json.dumps(raw))
    damaged = PuzzleStore(tmp_path)
    loaded = damaged.load()
    assert loaded.problem == "puzzles.store_damaged" and [p.id for p in damaged.puzzles] == [first.id]
    assert (tmp_path / "puzzles.json.broken").exists()
