"""The example players of examples/ and the sessions of docs/PROTOCOL.md, run for real.

The Python example and the C example play whole games of every game against the computer's
level 1 without forfeiting (the C one also under each value of the games' on/off and choice
rules: both grand slam rules of Awélé, normal and misère play of the lab), and find the winning
moves of exactly solved positions. The C example plays the lab's games (a code, a subtraction set,
normal and misère) against our level 4 and itself, and the judge finds no fault in it.
The Sticks session the protocol's documentation shows is what our engine answers, and the
example engines.toml loads.
"""
from __future__ import annotations

import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.registry import ParamKind
from nimarcade.i18n import tr
from nimarcade.judge import judge as judge_mod
from nimarcade.players import catalog, protocol, referee
from nimarcade.players.program import ProgramPlayer, ProgramSource
from nimarcade.players.sandbox import PACKAGE_ROOT

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PYTHON_PLAYER = EXAMPLES / "python_player.py"
C_SOURCE = EXAMPLES / "c_player" / "nimplayer.c"
DOC = ROOT / "docs" / "PROTOCOL.md"
EXACT_GAMES = [spec.id for spec in registry.specs() if spec.winning_moves is not None]
#: The games the C example knows (its own GAME_IDS): the seeds' games and the lab's octal games; a game
#: added to the registry later is not in it until the example learns it.
C_GAMES = re.search(r"GAME_IDS\[NGAMES\] = \{([^}]*)\}", C_SOURCE.read_text(encoding="utf-8")).group(1)
C_GAMES = [g.strip().strip('"') for g in C_GAMES.split(",")]


def smallest_level(spec: registry.GameSpec) -> levels.Level:
    """The level whose game is the shortest (a random game, fixed seed): the quickest to play whole."""
    def plies(level: levels.Level) -> int:
        state, rng, count = spec.new_state(level.params), random.Random(0), 0
        while not state.is_over:
            state, count = state.play(state.random_move(rng)), count + 1
        return count

    return min(levels.load(spec.id), key=plies)


def rule_variants(spec: registry.GameSpec, params: dict[str, Any]) -> list[dict[str, Any]]:
    """The level's parameters, then each other value of its on/off and choice parameters."""
    found = [dict(params)]
    for p in spec.params:
        if p.kind in (ParamKind.BOOL, ParamKind.CHOICE):
            found += [{**params, p.name: v} for v in p.values() if v != params.get(p.name)]
    return found


def play_level_one(seat: str, game: str, params: dict[str, Any], found: catalog.Catalog | None = None,
                   first_seat: int = 0) -> referee.Played:
    """A whole game of ``seat`` against the computer's level 1; it must end on the board."""
    level = smallest_level(registry.get(game))
    config = referee.config_for(game, params, (seat, 1), level.id)
    played = referee.play(config, [referee.SeatPlayer(seat), referee.SeatPlayer(1)], first_seat, seed=1,
                          found=found)
    lost = played.match.forfeited
    assert lost is None, "\n".join([tr(lost.key, **lost.params), *lost.details])
    assert played.match.state.is_over and not played.stopped and played.moves[0] > 0
    return played


def positions(spec: registry.GameSpec, params: dict[str, Any], games_played: int):
    """(state, the moves that led to it) along random games from the start, fixed seeds."""
    for seed in range(games_played):
        rng, state, moves = random.Random(seed), spec.new_state(params), []
        while not state.is_over:
            yield state, tuple(moves)
            move = state.random_move(rng)
            state, moves = state.play(move), moves + [move]


# -- the Python example -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", registry.GAMES)
def test_the_python_example_plays_a_whole_game_against_level_one(game: str) -> None:
    level = smallest_level(registry.get(game))
    play_level_one(str(PYTHON_PLAYER), game, dict(level.params), first_seat=len(game) % 2)


def test_the_python_example_finds_the_winning_moves() -> None:
    module_spec = importlib.util.spec_from_file_location("python_player_example", PYTHON_PLAYER)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    for game in EXACT_GAMES:
        spec = registry.get(game)
        player = module.Exemple()
        checked = 0
        for state, _ in positions(spec, smallest_level(spec).params, 4):
            winning = spec.winning_moves(state)
            if winning:
                assert player.choose_move(state) in winning, (game, state)
                checked += 1
        assert checked, game


# -- the C example --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def c_player(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The C example, built as `make examples` builds it (its flags read from the Makefile)."""
    compiler = os.environ.get("CC", "cc").split()
    if shutil.which(compiler[0]) is None:
        pytest.skip(f"no C compiler ({compiler[0]}) on this machine to build examples/c_player")
    built = tmp_path_factory.mktemp("c_player") / "nimplayer"
    if shutil.which("make"):
        starters = built.parent / "starters"        # the starters built beside it, not in the repository
        starters.mkdir()
        command = ["make", "--no-print-directory", "-s", "examples", f"NIMPLAYER={built}",
                   f"STARTER_C={starters / 'player'}", f"STARTER_JAVA={starters}"]
    else:
        flags = re.search(r"^EXAMPLE_FLAGS\s*\?=(.*)$", (ROOT / "Makefile").read_text(), re.M).group(1).split()
        command = [*compiler, *flags, "-o", str(built), str(C_SOURCE)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0 and built.is_file(), result.stderr
    assert "warning" not in result.stderr + result.stdout, result.stderr
    return built


def c_catalog(binary: Path) -> catalog.Catalog:
    return catalog.Catalog((ProgramSource("nimplayer", (str(binary),), share=(str(binary),)),))


@pytest.mark.parametrize("game", C_GAMES)
def test_the_c_example_plays_whole_games_against_level_one(c_player: Path, game: str) -> None:
    spec = registry.get(game)
    for n, params in enumerate(rule_variants(spec, smallest_level(spec).params)):
        play_level_one("nimplayer", game, params, c_catalog(c_player), first_seat=n % 2)


@pytest.mark.parametrize("game", [g for g in EXACT_GAMES if g in C_GAMES])
def test_the_c_example_finds_the_winning_moves(c_player: Path, game: str) -> None:
    """At the smallest levels every position is small enough for its exact strategies (a row of
    matches is searched exactly up to 20 matches)."""
    spec = registry.get(game)
    source = c_catalog(c_player).programs[0]
    for params in rule_variants(spec, smallest_level(spec).params):
        player = ProgramPlayer(source, spec, params)
        try:
            checked = 0
            for state, moves in positions(spec, params, 8):
                winning = spec.winning_moves(state)
                if winning:
                    assert player(state, 1, random.Random(1), moves=moves) in winning, (params, moves)
                    checked += 1
            assert checked, params
            announced = {"Game"} | {protocol.option_name(p.name) for s in registry.specs() if s.id in C_GAMES
                                    for p in s.params}
            assert announced <= set(player.options)
        finally:
            player.close()


def test_the_c_example_shrugs_off_what_it_does_not_expect(c_player: Path) -> None:
    """Unknown commands, bad options and positions, a very long line: ignored (its notes go to
    stderr), and it answers every go with a move of the position it could build."""
    junk = "\n".join([
        "", "   ", "hello", "go", "setoption", "setoption name", "setoption name Heaps value 1 x",
        "setoption name Game value chess", "setoption name Rows value 99", "position", "position fen",
        "setoption name Game value grid", "position startpos moves (9,9)-(1,1)", "go movetime 10",
        "position startpos moves " + "1 " * 100_000, "setoption name Game value awele",
        "position fen 1-2-3 moves Zz", "go infinite", "stop", "\x00\x01\xff", "isready", "quit", "",
    ])
    result = subprocess.run([str(c_player)], input=junk.encode("latin-1"), capture_output=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.decode().split("\n") == ["bestmove A", "bestmove (2,1)-(3,1)", "bestmove A", "readyok", ""]
    assert b"no game chess" in result.stderr and b"move (9,9)-(1,1) refused" in result.stderr


# -- the C example on the lab's games --------------------------------------------------------------------
#: (level of levels/octal.toml, its code): Kayles, a subtraction set, a misère subtraction set, and a
#: level too large for a search (three heaps of Kayles: Grundy values only).
LAB_LEVELS = [("kayles", "0.77"), ("subtraction", "0.3033"), ("sticks", "0.333"), ("grand", "0.77")]


def lab_params(level_id: str) -> dict[str, Any]:
    params = dict(levels.find_level("octal", level_id).params)
    spec = registry.get("octal")
    return {p.name: params.get(p.name, p.default) for p in spec.params if params.get(p.name, p.default) is not None}


def first_player_wins(params: dict[str, Any]) -> bool:
    spec = registry.get("octal")
    return bool(spec.winning_moves(spec.new_state(params)))


def play_lab_game(c_player: Path, level_id: str, seats: tuple[referee.Seat, referee.Seat],
                  first_seat: int) -> referee.Played:
    params = lab_params(level_id)
    config = referee.config_for("octal", params, seats, level_id)
    played = referee.play(config, [referee.SeatPlayer(seat) for seat in seats], first_seat, seed=3,
                          found=c_catalog(c_player))
    lost = played.match.forfeited
    assert lost is None, "\n".join([tr(lost.key, **lost.params), *lost.details])
    assert played.match.state.is_over and not played.stopped
    return played


@pytest.mark.parametrize("level_id", [level for level, _ in LAB_LEVELS[:3]])
def test_the_c_example_beats_level_four_from_a_won_position_on_the_lab(c_player: Path, level_id: str) -> None:
    """Level 4 always plays a winning move: whoever starts in a won position wins. The C example
    takes each seat in turn; the winner is always the side the position favours."""
    params = lab_params(level_id)
    assert registry.get("octal").new_state(params).octal.ascii == dict(LAB_LEVELS)[level_id]
    favoured = 0 if first_player_wins(params) else 1       # 0: who moves first wins
    for first_seat in (0, 1):
        played = play_lab_game(c_player, level_id, ("nimplayer", 4), first_seat)
        winner_seat = played.points.index(1.0)
        assert winner_seat == (first_seat if favoured == 0 else 1 - first_seat), (level_id, first_seat)


@pytest.mark.parametrize("level_id", [level for level, _ in LAB_LEVELS])
def test_the_c_example_against_itself_the_favoured_side_wins(c_player: Path, level_id: str) -> None:
    params = lab_params(level_id)
    played = play_lab_game(c_player, level_id, ("nimplayer", "nimplayer"), 0)
    assert played.points[0 if first_player_wins(params) else 1] == 1.0


@pytest.mark.parametrize("level_id", [level for level, _ in LAB_LEVELS])
def test_the_judge_finds_no_fault_in_the_c_example_on_the_lab(c_player: Path, level_id: str) -> None:
    """Every won position of the sample is kept, nothing is forfeited, and against the computer's
    levels it never loses by forfeit."""
    spec = registry.get("octal")
    report = judge_mod.judge(spec, level_id, lab_params(level_id), "nimplayer", positions=12, games_per_level=1,
                             move_time=2.0, found=c_catalog(c_player))
    assert report.won and report.kept == len(report.won), [(v.position.moves, v.move) for v in report.mistakes]
    assert not report.forfeits and not report.not_asked
    assert report.levels and not any(score.forfeits for score in report.levels)


def c_session(c_player: Path, lines: list[str]) -> tuple[list[str], str]:
    result = subprocess.run([str(c_player)], input="\n".join([*lines, "quit", ""]), capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines(), result.stderr


def test_the_c_example_reads_the_lab_s_codes_and_moves_as_the_lab_does(c_player: Path) -> None:
    """Each code's form (a subtraction set, a repeating code with … or ..., d0 = 4), the move
    notation (a split names either side), and its answers are the lab's winning moves."""
    spec = registry.get("octal")
    cases = [("0.77", [10], ["1:1:4", "2:2"]), ("{1, 3, 4}", [30], ["1:4"]), ("4.3...", [3, 5, 7], []),
             ("0.3…", [3, 4, 5], ["2:1"]), ("0.137", [9], []), ("0.07", [12], ["1:2:6"])]
    for code, heaps, moves in cases:
        out, err = c_session(c_player, ["setoption name Game value octal", f"setoption name Code value {code}",
                                        "setoption name Heaps value " + " ".join(map(str, heaps)),
                                        "position startpos moves " + " ".join(moves), "go movetime 100"])
        state = spec.new_state({"code": code, "heaps": heaps, "misere": False})
        for move in moves:
            state = state.play(spec.notation.parse_move(state, move))
        assert len(out) == 1 and out[0].startswith("bestmove "), (code, out, err)
        answer = spec.notation.parse_move(state, out[0].split()[1])
        winning = spec.winning_moves(state)
        assert answer in winning if winning else answer in state.legal_moves(), (code, moves, out)


def test_the_c_example_says_what_it_cannot_do_and_still_plays_a_legal_move(c_player: Path) -> None:
    """A misère position too large for its search, a move it can't replay, a code it can't read:
    an ``info string`` (or a note on stderr), then a legal move, never a made-up one."""
    spec = registry.get("octal")
    big = {"code": "0.77", "heaps": [40, 55, 70], "misere": True}
    out, _ = c_session(c_player, ["setoption name Game value octal", "setoption name Code value 0.77",
                                  "setoption name Misere value true", "setoption name Heaps value 40 55 70",
                                  "position startpos", "go movetime 100"])
    assert out[0].startswith("info string misere") and out[1].startswith("bestmove ")
    state = spec.new_state(big)
    assert spec.notation.parse_move(state, out[1].split()[1]) in state.legal_moves()

    out, err = c_session(c_player, ["setoption name Game value octal", "setoption name Heaps value 10",
                                    "setoption name Code value 0.9", "position startpos moves 1:1:4 9:9",
                                    "go movetime 100"])
    assert "Code 0.9 refused" in err and "move 9:9 refused" in err
    assert out[0].startswith("info string") and out[1].startswith("bestmove ")
    state = spec.new_state({"code": "0.77", "heaps": [10]}).play((0, 1, 4))
    assert spec.notation.parse_move(state, out[1].split()[1]) in state.legal_moves()


# -- docs/PROTOCOL.md and examples/engines.toml --------------------------------------------------------
def documented_session(name: str) -> list[tuple[str, str]]:
    """The lines of the session under ``<!-- session: NAME -->``: ("<" or ">", the line)."""
    block = re.search(rf"<!-- session: {name} -->\s*```\w*\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, f"no session {name} in {DOC.name}"
    return [(line[0], line[2:]) for line in block.group(1).splitlines() if line[:2] in ("> ", "< ")]


def steady(line: str) -> str:
    """A line without what changes from run to run: times, speeds, the version."""
    line = re.sub(r"\b(time|nps|nodes) \d+", r"\1 N", line)
    line = re.sub(r"^(option name Threads type spin default) \d+", r"\1 N", line)  # the machine's cores
    return re.sub(r"^id name Nim Arcade .*", "id name Nim Arcade VERSION", line)


def engine_answers(sent: list[str]) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
    result = subprocess.run([sys.executable, "-m", "nimarcade.engine"], input="\n".join(sent) + "\n",
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_the_documented_sticks_session_is_what_our_engine_says() -> None:
    session = documented_session("sticks")
    answers = engine_answers([line for side, line in session if side == ">"])
    assert [steady(line) for line in answers] == [steady(line) for side, line in session if side == "<"]
    assert "bestmove 2" in answers and "uciok" in answers and "readyok" in answers


def test_the_documented_awele_session_answers_as_shown() -> None:
    """The search's info lines vary with the machine; the rest does not."""
    session = documented_session("awele")
    answers = engine_answers([line for side, line in session if side == ">"])
    shown = [line for side, line in session if side == "<" and not line.startswith(("info", "bestmove"))]
    assert [steady(a) for a in answers if not a.startswith(("info", "bestmove"))] == [steady(s) for s in shown]
    assert sum(a.startswith("bestmove") for a in answers) == sum(line.startswith("go") for _, line in session)


def test_the_example_engines_toml_loads_with_every_entry(tmp_path: Path) -> None:
    text = (EXAMPLES / "engines.toml").read_text(encoding="utf-8")
    (tmp_path / "engines.toml").write_text(text, encoding="utf-8")
    found = catalog.load(tmp_path)
    assert [p.name for p in found.programs] == ["nimplayer", "nimarcade"] and not found.problems
    uncommented = re.sub(r"^# (\[|\w+ =)", r"\1", text, flags=re.M)
    (tmp_path / "engines.toml").write_text(uncommented, encoding="utf-8")
    found = catalog.load(tmp_path)
    assert [p.name for p in found.programs] == ["nimplayer", "nimarcade", "aalina"] and not found.problems
    aalina = found.find("aalina")
    assert aalina.fits("awele", {"seeds": 4, "grand_slam": "capture_nothing"})
    assert not aalina.fits("awele", {"seeds": 4, "grand_slam": "forbidden"}) and not aalina.fits("sticks", {})
