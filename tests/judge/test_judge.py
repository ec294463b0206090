"""The judge, with real players: our levels called directly, and students' .py files run for real
in their sandbox. Every report is checked against the exact strategy itself; nothing is timed."""
from __future__ import annotations

import dataclasses
import functools
import io
import json
import os
import textwrap
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.judge import judge
from nimarcade.core import levels
from nimarcade.i18n import tr
from nimarcade.judge.positions import ALL, SAMPLED, SOLVED, Tree

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

#: Seconds a move: generous, so that a busy machine never turns a slow reply into a forfeit.
TIME = 10.0
EXACT = [spec for spec in registry.specs() if spec.winning_moves is not None]
NO_EXACT = [spec for spec in registry.specs() if spec.judge.solved_positions is not None]


def player_file(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return str(path)


def perfect(tmp_path: Path) -> str:
    return player_file(tmp_path, "perfect", """
        from nimarcade import games

        def choose_move(state):
            move = games.winning_move(state)
            return move if move is not None else state.legal_moves()[0]
    """)


def first_move(tmp_path: Path) -> str:
    return player_file(tmp_path, "first", """
        def choose_move(state):
            return state.legal_moves()[0]
    """)


@functools.lru_cache(maxsize=None)
def small_level(game: str) -> levels.Level:
    """The level with the fewest reachable positions."""
    spec = registry.get(game)
    sizes = []
    for level in levels.load(game):
        tree = Tree(spec.new_state(level.params), limit=20_000)
        if tree.complete:
            sizes.append((len(tree.states), level.id, level))
    return min(sizes)[2]


def run_judge(spec: registry.GameSpec, level: levels.Level, seat, positions: int = 300, **kw) -> judge.Report:
    return judge.judge(spec, level.id, level.params, seat, positions=positions, games_per_level=0,
                       move_time=TIME, **kw)


def replay(spec: registry.GameSpec, params, moves):
    state = spec.new_state(params)
    for move in moves:
        state = state.play(move)
    return state


# -- perfect and bad players ---------------------------------------------------------------------
@pytest.mark.parametrize("spec", EXACT, ids=lambda s: s.id)
def test_a_perfect_player_keeps_every_win(spec: registry.GameSpec, tmp_path: Path) -> None:
    level = small_level(spec.id)
    for seat in (4, perfect(tmp_path)):
        report = run_judge(spec, level, seat, positions=60)
        assert len(report.verdicts) == {ALL: report.sample.reachable, SAMPLED: 60}[report.sample.how]
        assert report.sample.how == ALL or all(v.position.winning for v in report.verdicts)   # N won ones
        assert report.won and report.kept == len(report.won), (spec.id, seat)
        assert report.mistakes == [] and report.forfeits == [] and report.not_asked == 0
        assert len(report.times) >= len(report.verdicts)


@pytest.mark.parametrize("spec", EXACT, ids=lambda s: s.id)
def test_a_bad_players_mistakes_are_real_won_positions_it_loses(spec: registry.GameSpec, tmp_path: Path) -> None:
    level = small_level(spec.id)
    for seat in (first_move(tmp_path), 1):
        report = run_judge(spec, level, seat)
        assert report.kept < len(report.won), (spec.id, seat)
        assert report.mistakes and report.forfeits == []
        for v in report.mistakes:
            state = replay(spec, level.params, v.position.moves)
            assert state == v.position.state
            winning = spec.winning_moves(state)
            assert winning and v.move in state.legal_moves() and v.move not in winning
            assert set(v.position.winning) == set(winning)
        sizes = [v.position.size for v in report.mistakes]
        assert sizes == sorted(sizes)                      # the simplest first


def test_a_board_too_big_to_count_is_sampled_by_random_play(tmp_path: Path) -> None:
    spec = registry.get("heaps")
    level = next(lv for lv in levels.load("heaps") if not Tree(spec.new_state(lv.params), limit=5000).complete)
    report = judge.judge(spec, level.id, level.params, 4, positions=30, games_per_level=0, seed=3)
    again = judge.judge(spec, level.id, level.params, 4, positions=30, games_per_level=0, seed=3)
    assert len(report.verdicts) == 30 and report.sample.reachable is None
    assert [v.position.moves for v in report.verdicts] == [v.position.moves for v in again.verdicts]
    for v in report.verdicts:
        assert replay(spec, level.params, v.position.moves) == v.position.state
    assert report.kept == len(report.won)


# -- the teacher's cases -------------------------------------------------------------------------
FORT_BOYARD = registry.find_variant("fort_boyard")


def fort_boyard() -> tuple[registry.GameSpec, levels.Level]:
    return registry.get(FORT_BOYARD.game), levels.find_level(FORT_BOYARD.game, FORT_BOYARD.level)


def test_the_teachers_cases_pass_for_a_good_fort_boyard_player(tmp_path: Path) -> None:
    good = player_file(tmp_path, "choix_ordinateur", """
        def choose_move(state):
            return state.sticks % 4 or 1
    """)
    spec, level = fort_boyard()
    report = run_judge(spec, level, good)
    assert [t.label for t in report.teacher] == ["choix_ordinateur(18) == 2", "choix_ordinateur(15) == 3",
                                                 "choix_ordinateur(3) == 3", "choix_ordinateur(9) == 1"]
    assert all(t.passed for t in report.teacher)
    assert report.kept == len(report.won)


def test_a_bad_fort_boyard_player_fails_the_teachers_cases_and_the_report_says_which(tmp_path: Path) -> None:
    spec, level = fort_boyard()
    report = run_judge(spec, level, first_move(tmp_path))     # always takes 1
    assert [t.passed for t in report.teacher] == [False, False, False, True]
    from nimarcade.judge.report import as_dict, as_markdown

    text = as_markdown(report, "Fort Boyard")
    assert tr("judge.teacher_failed", "fr", label="choix_ordinateur(15) == 3", played="1").split(" (")[0] in text
    assert tr("judge.teacher_ok", "fr", label="choix_ordinateur(9) == 1") in text
    cases = as_dict(report)["teacher"]
    assert [(c["played"], c["passed"]) for c in cases] == [("1", False), ("1", False), ("1", False), ("1", True)]


def test_the_teachers_cases_apply_only_under_their_rule_and_where_their_position_is_reached() -> None:
    spec, level = fort_boyard()
    assert spec.judge.teacher_cases({**level.params, "last_loses": True}) == []
    assert spec.judge.teacher_cases({**level.params, "max_take": 4}) == []
    report = judge.judge(spec, level.id, {**level.params, "sticks": 16}, 4, positions=100, games_per_level=0)
    applies = {t.label: t.verdict is not None for t in report.teacher}
    assert applies == {"choix_ordinateur(18) == 2": False, "choix_ordinateur(15) == 3": True,
                       "choix_ordinateur(3) == 3": True, "choix_ordinateur(9) == 1": True}
    assert all(t.passed for t in report.teacher if t.verdict is not None)


# -- forfeits --------------------------------------------------------------------------------------
def test_a_crashing_player_forfeits_positions_and_the_judge_goes_on(tmp_path: Path) -> None:
    crash = player_file(tmp_path, "crash", """
        def choose_move(state):
            if state.sticks % 3 == 0:
                raise RuntimeError("three")
            if state.sticks % 5 == 0:
                return 99                                    # an illegal move
            return 1
    """)
    spec, level = fort_boyard()
    level = dataclasses.replace(level, params={**level.params, "sticks": 12})    # 6 forfeits, each a restart
    report = run_judge(spec, level, crash)
    assert len(report.verdicts) == report.sample.reachable and report.not_asked == 0
    keys = {v.forfeit.key for v in report.forfeits}
    assert keys == {"forfeit.python_error", "forfeit.illegal"}
    assert all(v.position.state.sticks % 3 == 0 or v.position.state.sticks % 5 == 0 for v in report.forfeits)
    after = [v for v in report.verdicts if v.forfeit is None]
    assert after and all(v.move == 1 for v in after)            # restarted, it answered again
    from nimarcade.judge.report import as_dict, illegal_count

    data = as_dict(report)
    assert data["illegal"] == illegal_count(report) == sum(1 for v in report.forfeits if v.position.state.sticks % 5 == 0
                                                          and v.position.state.sticks % 3)
    assert any("RuntimeError: three" in line for f in data["forfeits"] for line in f["details"])


def test_a_player_that_always_crashes_is_given_up_and_never_praised(tmp_path: Path) -> None:
    """Given up after a few forfeits in a row. « gain gardé dans 0 » then « Aucune
    erreur » contradicted each other, and the same traceback came 10 times."""
    crash = player_file(tmp_path, "broken", "def choose_move(state):\n    return 1 / 0\n")
    spec, level = fort_boyard()
    report = run_judge(spec, level, crash)
    assert len(report.forfeits) == judge.FORFEITS_IN_A_ROW
    assert report.not_asked == report.sample.reachable - judge.FORFEITS_IN_A_ROW > 0
    from nimarcade.judge.report import as_markdown

    before = i18n.language()
    i18n.set_language("fr")
    try:
        out = as_markdown(report, "Fort Boyard")
    finally:
        i18n.set_language(before)
    assert tr("judge.mistakes_none", "fr") not in out and tr("judge.mistakes_never_played", "fr") in out
    assert "Perdues par forfait : " in out            # the won positions it forfeited are counted
    # the traceback once, and its exception line once more in the forfeit's reason
    assert out.count("Traceback") == 1 and out.count("ZeroDivisionError: division by zero") == 2
    assert tr("judge.forfeit_same", "fr", n=judge.FORFEITS_IN_A_ROW - 1) in out


# -- Awélé: positions the endgame tables solve ---------------------------------------------------
@pytest.mark.parametrize("spec", NO_EXACT, ids=lambda s: s.id)
def test_our_best_level_beats_a_random_player_on_solved_positions(spec: registry.GameSpec, tmp_path: Path) -> None:
    rand = player_file(tmp_path, "rand", """
        import random

        def choose_move(state):
            return random.Random(repr(state)).choice(state.legal_moves())
    """)
    level = levels.load(spec.id)[0]
    best = judge.judge(spec, level.id, level.params, 4, positions=12, games_per_level=0, move_time=0.3)
    randomly = judge.judge(spec, level.id, level.params, rand, positions=12, games_per_level=0, move_time=TIME)
    assert best.sample.how == SOLVED and len(best.verdicts) == 12 and best.won
    assert [v.position.moves for v in best.verdicts] == [v.position.moves for v in randomly.verdicts]
    assert best.kept > randomly.kept
    for v in best.verdicts:                       # every judged position: its moves lead there
        assert replay(spec, level.params, v.position.moves) == v.position.state
        assert set(v.position.winning) <= set(v.position.state.legal_moves())


def test_games_against_the_levels_are_scored(tmp_path: Path) -> None:
    spec, level = fort_boyard()
    scores = judge.level_scores(spec, level.id, level.params, perfect(tmp_path), 2, TIME, 1, opponents=(1, 4))
    assert [s.level for s in scores] == [1, 4] and all(s.games == 2 and s.forfeits == 0 for s in scores)
    # after a pair's opening the side to move wins with perfect play, and it is each side in turn
    assert (scores[1].wins, scores[1].losses) == (1, 1) and scores[0].wins >= 1


# -- the command line -----------------------------------------------------------------------------
def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = judge.run(list(args), out, err)
    return code, out.getvalue(), err.getvalue()


def test_json_holds_the_numbers(tmp_path: Path) -> None:
    code, out, _ = cli("--game", "fort_boyard", "--player", first_move(tmp_path), "--json", "--time", str(TIME))
    assert code == 0
    data = json.loads(out)
    assert data["game"] == FORT_BOYARD.game and data["level"] == FORT_BOYARD.level
    assert data["positions"]["how"] == ALL and data["positions"]["asked"] == data["positions"]["reachable"]
    assert 0 < data["kept"] < data["won"] and data["share"] == pytest.approx(data["kept"] / data["won"])
    assert len(data["mistakes"]) == data["won"] - data["kept"]
    mistake = data["mistakes"][0]
    assert mistake["played"] == "1" and mistake["winning"] and mistake["board"] and mistake["moves"]
    assert data["illegal"] == 0 and data["forfeits"] == []
    assert data["time_per_move"]["moves"] >= data["positions"]["asked"] and data["time_per_move"]["max"] >= 0
    assert len(data["teacher"]) == 4 and data["levels"] == []


def test_markdown_speaks_french_by_default_and_english_when_asked(tmp_path: Path) -> None:
    bad = first_move(tmp_path)
    code, fr, _ = cli("--game", "fort_boyard", "--player", bad, "--time", str(TIME))
    assert code == 0 and fr.startswith("# Jugement de first")
    assert f"## {tr('judge.teacher_title', 'fr')}" in fr and "Coup joué : 1." in fr and "```" in fr
    code, en, _ = cli("--game", "fort_boyard", "--player", bad, "--time", str(TIME), "--lang", "en")
    assert code == 0 and en.startswith("# Judgement of first")
    assert "## The teacher's tests" in en and "Move played: 1." in en


def test_a_level_is_judged_from_the_command_line() -> None:
    code, out, _ = cli("--game", "heaps", "--level", "1-3-7", "--player", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["player"] == tr("judge.level", n=4) and data["share"] == 1.0


@pytest.mark.parametrize("args, key, value", [
    (("--game", "chess", "--player", "4"), "text.cli_game", "chess"),
    (("--game", "heaps", "--player", "human"), "judge.cli_player", "human"),
    (("--game", "heaps", "--player", "4", "--positions", "0"), "cli.count", "0"),
    (("--game", "heaps", "--player", "4", "--time", "0"), "text.cli_time", "0"),
])
def test_a_bad_command_line_exits_2_with_a_translated_message(args, key, value) -> None:
    for lang in ("fr", "en"):
        code, out, err = cli(*args, "--lang", lang)
        assert code == 2 and out == "" and tr(key, lang, value=value) in err, (lang, err)


def test_a_player_file_that_is_not_there_is_said_so_and_exits_2() -> None:
    """« nobody.py » was refused by the seat's general rule, not as a missing file."""
    for lang in ("fr", "en"):
        code, out, err = cli("--game", "heaps", "--player", "nobody.py", "--lang", lang)
        assert code == 2 and out == "" and tr("players.file_missing", lang, file="nobody.py") in err, (lang, err)


def test_an_unknown_level_exits_2_in_the_chosen_language() -> None:
    code, _, err = cli("--game", "heaps", "--level", "nowhere", "--player", "4", "--lang", "en")
    assert code == 2 and "nowhere" in err and "1-3-7" in err
