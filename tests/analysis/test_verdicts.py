"""The verdicts of the analysis (nimarcade.analysis.verdicts) against brute force, and the command
``python -m nimarcade.analyse``.

The oracle is plain memoised minimax over the states' own ``legal_moves()`` and ``play()``: it
never calls the exact strategies. For every position of small boards and every legal move, the
mark must be ``??`` exactly when the position is won and the move leaves the opponent a win, ``!``
exactly when it is the only winning move among several, and nothing otherwise.
"""
from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from nimarcade.analysis import verdicts as analysis
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.analysis.cli import run
from nimarcade.analysis.verdicts import Budget
from nimarcade.games.heaps.rules import HeapsState
from nimarcade.games.sticks.rules import SticksState
from nimarcade.core.match import Match, MatchConfig
from tests.core.test_registry import smallest_level


class Oracle:
    def __init__(self) -> None:
        self.memo: dict[Any, bool] = {}

    def wins(self, state: Any) -> bool:
        value = self.memo.get(state)
        if value is None:
            if state.is_over:
                value = state.winner == state.to_move
            else:
                value = any(not self.wins(state.play(m)) for m in state.legal_moves())
            self.memo[state] = value
        return value

    def expected_mark(self, state: Any, move: Any) -> str:
        moves = state.legal_moves()
        winning = [m for m in moves if not self.wins(state.play(m))]
        if winning and move not in winning:
            return "??"
        if move in winning and len(winning) == 1 and len(moves) > 1:
            return "!"
        return ""


def reachable(start: Any, limit: int = 3000) -> list[Any]:
    seen, todo = {start}, [start]
    while todo and len(seen) < limit:
        state = todo.pop()
        for move in ([] if state.is_over else state.legal_moves()):
            child = state.play(move)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return [s for s in seen if not s.is_over]


def check_every_move(states: list[Any]) -> int:
    oracle = Oracle()
    checked = 0
    for state in states:
        values = analysis.position_values(state)
        assert values.solved
        for move in state.legal_moves():
            assert analysis.mark_of(values, move) == oracle.expected_mark(state, move), (state, move)
            checked += 1
    return checked


def test_sticks_every_pile_up_to_25_every_rule() -> None:
    states = [SticksState(n, k, last, who) for n in range(1, 26) for k in (2, 3, 4, 5)
              for last in (False, True) for who in (0, 1)]
    assert check_every_move(states) > 500


def test_heaps_every_position_up_to_three_heaps_of_four() -> None:
    states = []
    for misere in (False, True):
        states += reachable(HeapsState.new([4, 4, 4], misere))
    assert check_every_move(states) > 300


@pytest.mark.parametrize("game", [s.id for s in registry.specs() if s.winning_moves is not None])
def test_every_exact_game_on_its_smallest_level(game: str) -> None:
    spec = registry.get(game)
    assert check_every_move(reachable(spec.new_state(smallest_level(spec).params), 600)) > 0


def test_the_issues_examples() -> None:
    ten = SticksState(10, 3, True)          # 10 sticks, take 1 to 3, the last one loses
    values = analysis.position_values(ten)
    assert analysis.mark_of(values, 2) == "??"
    assert analysis.mark_of(values, 1) == "!"         # the only winning move of three
    # a heaps game whose nim-sum is spoiled by one move: 3 4 5 (nim-sum 2) -> 1 4 5 wins,
    # 3 4 4 (nim-sum 3) throws it away
    heaps = HeapsState.new([3, 4, 5])
    states, moves = [heaps], [(0, 2), (2, 1)]
    for move in moves:
        states.append(states[-1].play(move))
    found = analysis.review(states, moves)
    assert [p.mark for p in found.plies] == ["!", ""]      # 1 4 5 has nim-sum 0: every reply loses
    spoiled = analysis.review([heaps, heaps.play((2, 1))], [(2, 1)])
    assert spoiled.plies[0].mark == "??" and spoiled.plies[0].missed == ((0, 2),)
    assert spoiled.advantage == (1.0, -1.0)      # player 0 was winning, now player 1 (to move) wins


def test_the_advantage_follows_the_proofs() -> None:
    states = [SticksState(10, 3, True)]
    for move in (2, 3, 1):
        states.append(states[-1].play(move))
    found = analysis.review(states, [2, 3, 1])
    # 10: won for player 0 (+1); 8: won for player 1 (-1); 5: lost for player 0 (-1); 4: won for player 1
    assert found.advantage == (1.0, -1.0, -1.0, -1.0)
    assert found.proved and [p.mover for p in found.plies] == [0, 1, 0]


# -- Awélé: the engine and the tables ------------------------------------------------------------------
def awele_match(seed: int, plies: int, level: str = "classique") -> Match:
    config = MatchConfig.from_level(levels.find_level("awele", level))
    match = Match.begin(config, 0)
    rng = random.Random(seed)
    while not match.state.is_over and len(match.moves) < plies:
        match.play(match.state.random_move(rng))
    return match


def test_awele_marks_follow_the_seeds_lost_at_a_fixed_depth() -> None:
    match = awele_match(3, 16)
    found = analysis.review_match(match, Budget(None, 5))
    again = analysis.review_match(match, Budget(None, 5))
    assert [p.mark for p in found.plies] == [p.mark for p in again.plies]     # a fixed depth: the same
    for ply in found.plies:
        lost = ply.values.best_score - ply.values.scores[ply.move]
        expected = "??" if lost >= 4 else "?" if lost >= 2 else "?!" if lost >= 1 else ""
        if not ply.values.exact:
            assert ply.mark == expected, ply
        assert abs(ply.lost - lost) < 1e-9
    assert not found.proved and len(found.advantage) == len(match.moves) + 1
    assert all(-1.0 <= a <= 1.0 for a in found.advantage)


def test_awele_endgames_are_judged_by_the_tables() -> None:
    from nimarcade.games.awele.engine import endgame as awele_endgame
    from nimarcade.games.awele.judge import move_result

    table = awele_endgame.load_table("forbidden")
    if table is None:
        pytest.skip("the endgame tables are not built")
    rng = random.Random(5)
    seen = 0
    for _ in range(60):
        line = awele_match(rng.randrange(10**6), 200)
        for state in line.states:
            if state.is_over or sum(state.houses) > table.max_seeds:
                continue
            results = {m: move_result(state, m, table) for m in state.legal_moves()}
            if None in results.values():
                continue
            values = analysis.position_values(state)
            assert values.solved and dict(values.exact) == results
            best = max(results.values())
            for move, result in results.items():
                mark = analysis.mark_of(values, move)
                if result < best:
                    assert mark == ("??" if (best, result) == (1, -1) else "?")
                else:
                    assert mark in ("", "!")
            seen += 1
    assert seen >= 20


# -- the command --------------------------------------------------------------------------------------
def write_record(tmp_path: Path, match: Match) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(records.write(match), encoding="utf-8")
    return path


def sticks_match() -> Match:
    config = MatchConfig.from_level(levels.find_level("sticks", "petit"))
    match = Match.begin(config, 0)
    for move in (2, 3, 1):
        match.play(move)
    return match


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_command_prints_json(tmp_path: Path) -> None:
    path = write_record(tmp_path, sticks_match())
    code, out, _ = call(str(path), "--json", "--lang", "en")
    assert code == 0
    assert json.loads(out) == [{"ply": 1, "move": "2", "mark": "??"}, {"ply": 2, "move": "3", "mark": "!"},
                               {"ply": 3, "move": "1", "mark": ""}]


def test_the_command_explains_in_words_in_both_languages(tmp_path: Path) -> None:
    path = write_record(tmp_path, sticks_match())
    code, out, _ = call(str(path), "--lang", "fr")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Analyse : Bâtons")
    assert any("1. Joueur 1 : 2??" in line and "il fallait jouer 1" in line for line in lines)
    assert any("seul coup gagnant" in line for line in lines)
    assert "Joueur 1 : 2 coups ; 0 ! ; 0 ?! ; 0 ? ; 1 ??" in lines
    code, out, _ = call(str(path), "--lang", "en")
    assert any("the winning move was 1" in line for line in out.splitlines())


def test_the_command_reads_ogn_and_awele_records(tmp_path: Path) -> None:
    match = awele_match(8, 10, "tournoi")
    spec = registry.get("awele")
    fmt = spec.notation.formats[0]
    assert fmt.can_write(match)
    ogn = tmp_path / "game.ogn"
    ogn.write_text(fmt.write(match, None), encoding="utf-8")
    code, out, _ = call(str(ogn), "--json", "--depth", "4")
    assert code == 0
    found = json.loads(out)
    assert [f["ply"] for f in found] == list(range(1, 11))
    assert [f["move"] for f in found] == [spec.notation.format_move(m) for m in match.moves]
    assert all(f["mark"] in analysis.MARKS for f in found)
    ours = write_record(tmp_path, match)
    assert json.loads(call(str(ours), "--json", "--depth", "4")[1]) == found


def test_a_bad_file_is_said_in_the_players_language(tmp_path: Path) -> None:
    code, out, err = call(str(tmp_path / "missing.txt"), "--lang", "fr")
    assert code == 1 and out == "" and "missing.txt" in err and "introuvable" in err.lower()
    broken = tmp_path / "broken.txt"
    broken.write_text(records.write(sticks_match()).replace("1. 2 3", "1. 2 9"), encoding="utf-8")
    code, _, err = call(str(broken), "--lang", "en")
    assert code == 1 and "broken.txt" in err and "Traceback" not in err
    code, _, err = call("--depth", "0", str(broken), "--lang", "en")
    assert code == 2 and "depth" in err
