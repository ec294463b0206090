"""Programs from outside, run for real in their sandbox: a student's Python file plays, and the
ways a program fails that need a real process (a crash with its traceback, a hang past its real
time, a kill from outside, its CPU limit, a program that isn't there) lose that game by forfeit
with its message, while nothing of the game is lost. What it answers (garbage, an illegal move,
not a move, an exit code, a death in the middle of a game) is the dialog's:
tests/players/test_session.py plays it on a scripted transport."""
from __future__ import annotations

import os
import random
import signal
import sys
import textwrap
from pathlib import Path

import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.core.computer import Forfeit
from nimarcade.core.worker import AiController
from nimarcade.i18n import error_text, tr
from nimarcade.players import catalog
from nimarcade.players.program import ProgramPlayer, ProgramSource, forfeit_text, python_source
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.people.stats import Stats
from nimarcade.core.turns import FORFEIT, MOVE, TurnController

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

STICKS = {"sticks": 13, "max_take": 3, "last_loses": True}


def player_file(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def program(path: Path, time_limit: float = 2.0, params: dict | None = None, game: str = "sticks") -> ProgramPlayer:
    return ProgramPlayer(python_source(path), registry.get(game), params or STICKS, time_limit)


def forfeit_of(player: ProgramPlayer, state, moves=()) -> Forfeit:
    with pytest.raises(Forfeit) as caught:
        player(state, 0, random.Random(1), moves=moves)
    assert player.closed and (player.box is None or player.box.process.poll() is not None)
    return caught.value


def start_state(params=STICKS, game: str = "sticks"):
    return registry.get(game).new_state(params)


# -- a good player ---------------------------------------------------------------------------------
def test_a_player_class_plays_the_moves_it_chooses(tmp_path) -> None:
    path = player_file(tmp_path, "mine", """
        from nimarcade.players import Player

        class Greedy(Player):
            name = "Greedy"
            def choose_move(self, state):
                print("thinking about", state)          # goes to the error output, not the protocol
                return max(state.legal_moves())
    """)
    player = program(path)
    try:
        state = start_state()
        info: dict = {}
        assert player(state, 0, random.Random(1), info=info) == 3
        after = state.play(3).play(1)
        assert player(after, 0, random.Random(1), moves=(3, 1)) == 3    # the history travels
        assert player.engine_name == "Greedy" and len(player.times) == 2
    finally:
        player.close()
    assert any("thinking about" in line for line in player.errors)   # all read once it has ended
    assert player.box.process.poll() is not None and not player.box.folder.exists()


def test_a_plain_choose_move_function_plays_every_game(tmp_path) -> None:
    path = player_file(tmp_path, "first", """
        def choose_move(state):
            return state.legal_moves()[-1]
    """)
    for spec in registry.specs():
        level = levels.load(spec.id)[0]
        state = spec.new_state(level.params)
        player = program(path, params=dict(level.params), game=spec.id)
        try:
            moves = []
            for _ in range(3):                      # a few moves in, by both sides
                if state.is_over:
                    break
                move = player(state, 0, random.Random(1), moves=tuple(moves))
                assert move == state.legal_moves()[-1], spec.id
                moves.append(move)
                state = state.play(move)
        finally:
            player.close()


def test_a_host_started_for_one_game_loads_and_announces_that_game_alone(tmp_path) -> None:
    """The game names its game to the host (``NIMARCADE_HOST_GAME``): the host imports that game's
    spec alone (every game's was a quarter of a box's start), announces it alone, and plays it;
    without the name it announces every game, as any program may be asked any game."""
    import subprocess

    from nimarcade.players.host import ALLOW_SOLVER_VARIABLE, GAME_VARIABLE

    path = player_file(tmp_path, "first", "def choose_move(state):\n    return state.legal_moves()[0]\n")
    script = ("import sys\nfrom nimarcade.players import host\n"
              "code = host.main([sys.argv[1]])\n"
              "print('LOADED', sorted(m.split('.')[2] for m in sys.modules if m.endswith('.spec') "
              "and m.startswith('nimarcade.games.')))\n")
    talk = ("uci\nsetoption name Game value wythoff\nsetoption name Rows value 8\nsetoption name Cols value 8\n"
            "setoption name Queens value 1\nisready\nposition startpos\ngo movetime 1000\nquit\n")
    # the solver allowed: the guard would take the specs out of sys.modules, where this counts them
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), GAME_VARIABLE: "wythoff",
           ALLOW_SOLVER_VARIABLE: "1"}
    out = subprocess.run([sys.executable, "-c", script, str(path)], input=talk, capture_output=True, text=True,
                         env=env, timeout=60).stdout.splitlines()
    assert "option name Game type combo default wythoff var wythoff" in out
    assert not any(line.startswith("option name Sticks") for line in out)      # another game's parameter
    assert any(line.startswith("bestmove ") for line in out) and out[-1] == "LOADED ['wythoff']", out
    env.pop(GAME_VARIABLE)
    out = subprocess.run([sys.executable, "-c", script, str(path)], input="uci\nquit\n", capture_output=True,
                         text=True, env=env, timeout=60).stdout.splitlines()
    announced = next(line for line in out if line.startswith("option name Game "))
    assert all(f"var {game}" in announced for game in registry.GAMES)
    assert out[-1] == f"LOADED {sorted(registry.GAMES)}"


def test_get_one_gives_the_registrys_own_spec() -> None:
    for game in registry.GAMES:
        assert registry.get_one(game) is registry.get(game)
    with pytest.raises(KeyError):
        registry.get_one("chess")


# -- broken players lose by forfeit -------------------------------------------------------------------
def test_a_crash_forfeits_with_the_players_own_traceback(tmp_path) -> None:
    path = player_file(tmp_path, "crash", """
        def choose_move(state):
            return helper(state)

        def helper(state):
            return 1 / 0
    """)
    lost = forfeit_of(program(path), start_state())
    assert lost.key == "forfeit.python_error" and lost.params["name"] == "crash"
    assert any("ZeroDivisionError" in line for line in lost.details)
    assert any("crash.py" in line and "helper" in line for line in lost.details)   # the student's frames
    text = forfeit_text(lost)
    assert lost.params["exception"] == "ZeroDivisionError: division by zero"
    assert text[0] == tr("forfeit.with_exception", reason=tr("forfeit.python_error", name="crash", code=4),
                         exception="ZeroDivisionError: division by zero")
    assert text[1] == tr("forfeit.its_output", name="crash") and text[-1].startswith("  | ZeroDivisionError")


def test_a_file_that_is_not_a_player_forfeits_and_says_why(tmp_path) -> None:
    path = player_file(tmp_path, "nothing", "x = 1\n")
    lost = forfeit_of(program(path), start_state())
    assert lost.key == "forfeit.python_no_player"
    assert tr("players.no_player", file="nothing.py") in lost.details


def test_a_hang_forfeits_after_its_time_and_stop(tmp_path) -> None:
    path = player_file(tmp_path, "hang", """
        import time
        def choose_move(state):
            while True:
                time.sleep(0.05)
    """)
    player = program(path, time_limit=0.3)
    lost = forfeit_of(player, start_state())
    assert lost.key == "forfeit.too_slow" and lost.params["s"] == 0.3 and "(0,3 s par coup)" in error_text(lost, "fr")


def test_a_program_killed_from_outside_forfeits(tmp_path) -> None:
    path = player_file(tmp_path, "victim", """
        import time
        def choose_move(state):
            time.sleep(30)
    """)
    player = program(path, time_limit=10.0)
    player.start()
    pid = player.box.process.pid
    os.killpg(pid, signal.SIGKILL)                 # the whole sandbox goes
    lost = forfeit_of(player, start_state())
    assert lost.key in ("forfeit.signal", "forfeit.exited", "forfeit.closed")


def test_a_program_that_is_not_there_forfeits_at_once(tmp_path) -> None:
    source = ProgramSource("ghost", (str(tmp_path / "no-such-program"),))
    player = ProgramPlayer(source, registry.get("sticks"), STICKS)
    with pytest.raises(Forfeit) as caught:
        player(start_state(), 0, random.Random(1))
    assert caught.value.key == "forfeit.no_start" and "ghost" in tr(caught.value.key, **caught.value.params)


def test_cpu_time_is_limited(tmp_path) -> None:
    """A program that burns its whole game's CPU time is stopped by the system, and forfeits."""
    from nimarcade.players.sandbox import Limits

    path = player_file(tmp_path, "burner", """
        def choose_move(state):
            while True:
                pass
    """)
    player = ProgramPlayer(python_source(path, limits=Limits(cpu=1)), registry.get("sticks"), STICKS, 10.0)
    lost = forfeit_of(player, start_state())
    assert lost.key == "forfeit.cpu" and lost.params["s"] == 1


def test_a_program_runs_in_a_folder_of_its_own(tmp_path) -> None:
    path = player_file(tmp_path, "where", """
        import os, sys
        def choose_move(state):
            sys.stderr.write("cwd=" + os.getcwd() + "\\n")
            open("scratch.txt", "w").write("mine")
            return 1
    """)
    player = program(path)
    try:
        player(start_state(), 0, random.Random(1))
        folder = player.box.folder
        # in a box its folder is a tmpfs of its own at that path: nothing it writes lands on the disk
        assert (folder / "scratch.txt").is_file() is not player.box.boxed
        assert folder != Path.cwd() and folder.parent != tmp_path
    finally:
        player.close()
    assert f"cwd={folder}" in player.errors and not folder.exists()


# -- through the turn controller: the game is kept ---------------------------------------------------
def test_a_forfeit_ends_the_match_for_the_other_player_and_nothing_is_lost(tmp_path) -> None:
    path = player_file(tmp_path, "late", """
        def choose_move(state):
            if state.sticks < 10:
                raise RuntimeError("my bug")
            return 1
    """)
    results: list = []
    ports = {kind: AiController(lambda r, kind=kind: results.append((kind, r)), synchronous=True) for kind in (MOVE, "hint")}
    level = levels.load("sticks")[1]
    config = MatchConfig("sticks", level, dict(level.params), (HUMAN, str(path)), "me", program_time=3.0)
    turns = TurnController(registry.get("sticks"), config, random.Random(1), ports[MOVE], ports["hint"],
                           start_program=catalog.start_program)
    try:
        turns.play(1)                                # 13 -> 12
        assert turns.request_move()
        accepted = turns.accept(*results.pop())
        assert accepted.kind == MOVE
        turns.play(turns.take_ai_move())             # 12 -> 11
        turns.play(2)                                # 11 -> 9
        assert turns.request_move()
        accepted = turns.accept(*results.pop())
        assert accepted.kind == FORFEIT and turns.match.is_over and not turns.state.is_over
        assert turns.match.winner == turns.match.rules_player_of_seat(0)
        assert turns.match.outcome.reason == "end.forfeit" and "late" in turns.match.outcome.params["why"]
        assert any("my bug" in line for line in turns.match.forfeited.details)
        assert turns.match.moves == [1, 1, 2] and not turns.can_undo()      # the game is kept as played
        assert not turns.programs and not turns.request_move()
        # it is kept as any game: its record says who forfeited and why, and reads back the same
        text = records.write(turns.match)
        assert f'[Seat2 "program {path}"]' in text and '[Termination "forfeit"]' in text
        back = records.read(text)
        assert back.forfeited.key == turns.match.forfeited.key and back.outcome == turns.match.outcome
        assert back.moves == [1, 1, 2] and back.players[1].program == str(path)
        stats = Stats(None)
        stats.record(turns.match)
        (line,) = stats.lines()
        assert (line.opponent, line.won, line.played) == (str(path), 1, 1)
    finally:
        turns.close()


def test_a_program_seat_whose_program_is_gone_forfeits_at_its_turn(tmp_path) -> None:
    level = levels.load("sticks")[1]
    config = MatchConfig("sticks", level, dict(level.params), (str(tmp_path / "gone.py"), HUMAN), "me")
    port = AiController(lambda r: None, synchronous=True)
    turns = TurnController(registry.get("sticks"), config, random.Random(1), port, port,
                           start_program=catalog.start_program)
    assert not turns.request_move()
    assert turns.match.forfeited.key == "forfeit.missing" and turns.match.winner == turns.match.rules_player_of_seat(1)


def test_a_program_seat_where_no_program_can_be_started_forfeits(tmp_path) -> None:
    """A turn controller given no ``start_program`` (core knows no program from outside) lets
    none play: the program's seat loses by forfeit at its turn, and nothing is started."""
    path = player_file(tmp_path, "fine", """
        def choose_move(state):
            return 1
    """)
    level = levels.load("sticks")[1]
    config = MatchConfig("sticks", level, dict(level.params), (str(path), HUMAN), "me")
    port = AiController(lambda r: None, synchronous=True)
    turns = TurnController(registry.get("sticks"), config, random.Random(1), port, port)
    assert not turns.request_move() and not turns.programs
    assert turns.match.forfeited.key == "forfeit.missing" and turns.match.winner == turns.match.rules_player_of_seat(1)


# -- engines.toml --------------------------------------------------------------------------------
def test_engines_toml_lists_programs_and_where_they_fit(tmp_path) -> None:
    (tmp_path / "engines.toml").write_text(textwrap.dedent(f"""
        [[engine]]
        name = "aalina"
        command = ["java", "-jar", "/somewhere/Aalina.jar", "service"]
        protocol = "uci"
        games = ["awele"]
        memory_mb = 0
        [engine.params]
        grand_slam = ["capture_nothing"]

        [[engine]]
        name = "ours"
        command = ["{sys.executable}", "-m", "nimarcade.engine"]

        [[engine]]
        name = "broken"
        command = []
    """), encoding="utf-8")
    found = catalog.load(tmp_path)
    assert [p.name for p in found.programs] == ["aalina", "ours"]
    assert len(found.problems) == 1 and found.problems[0].params["entry"] == "broken"
    aalina = found.find("aalina")
    assert aalina.limits.memory is None and aalina.limits.cpu == 600
    assert aalina.fits("awele", {"seeds": 4, "grand_slam": "capture_nothing"})
    assert not aalina.fits("awele", {"seeds": 4, "grand_slam": "forbidden"})
    assert not aalina.fits("sticks", STICKS)
    assert [p.name for p in found.for_game("sticks", STICKS)] == ["ours"]
    assert catalog.parse_seat("ours", found) == "ours" and catalog.parse_seat("h", found) == 0
    assert catalog.parse_seat("3", found) == 3
    with pytest.raises(ValueError):
        catalog.parse_seat("nobody", found)


def test_a_broken_engines_toml_says_where(tmp_path) -> None:
    (tmp_path / "engines.toml").write_text("[[engine]\nname = ", encoding="utf-8")
    found = catalog.load(tmp_path)
    assert found.programs == () and found.problems[0].key == "engines.syntax"
    assert catalog.load(tmp_path / "nowhere") == catalog.Catalog()


def test_our_engine_plays_the_board_it_is_given_not_its_first_level() -> None:
    """Every game's parameters are announced at ``uci``, so a GUI can set them: heaps (2, 2, 9)
    is played as such (its first level is 1 3 7), at level 4 its only winning move."""
    import subprocess

    commands = ["uci", "setoption name Game value heaps", "setoption name Heaps value 2 2 9",
                "setoption name Level value 4", "isready", "position startpos", "go movetime 500", "quit"]
    out = subprocess.run([sys.executable, "-m", "nimarcade.engine"], input="\n".join(commands) + "\n",
                         capture_output=True, text=True, timeout=60).stdout.splitlines()
    assert {"option name Heaps type string", "option name Sticks type spin min 1 max 60"} <= set(out)
    spec = registry.get("heaps")
    state = spec.new_state({"heaps": (2, 2, 9), "misere": False})
    assert out[-1] == "bestmove " + spec.notation.format_move(spec.winning_moves(state)[0])
    # and through our client, which sets the options it was told of
    player = ProgramPlayer(ProgramSource("ours", (sys.executable, "-m", "nimarcade.engine")), spec,
                           {"heaps": (2, 2, 9), "misere": False}, 0.5)
    try:
        move = player(state, 0, random.Random(1))
        assert move in state.legal_moves() and "Heaps" in player.options
        later = state.play((0, 2))                           # a heap of 2 emptied: (0, 2, 9)
        assert player(later, 0, random.Random(1), moves=((0, 2),)) in later.legal_moves()
    finally:
        player.close()
