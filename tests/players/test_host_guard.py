"""A Python player's host keeps the arcade's own solver from the player (the registry, the specs,
the solvers, the engines, the lab's tables), in the box and by its file's text; a player of
several modules imports its own; a crash says its exception line; and the referee holds a bounded
number of a program's lines however much it writes while nobody reads them."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from nimarcade.classroom.judging import Task, judge_student
from nimarcade.core import registry
from nimarcade.core.computer import Forfeit
from nimarcade.players import host, sandbox
from nimarcade.players.files import PlayerFileError, check_python_player, solver_imports
from nimarcade.players.program import (PENDING, Pending, ProgramPlayer, ProgramSource, forfeit_reason,
                                       python_source)

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the sandbox's limits are POSIX's")

#: 14 sticks, take 1 to 3, the last one loses: taking 1 is the one winning move.
STICKS = {"sticks": 14, "max_take": 3, "last_loses": True}
CHEAT = """
    from nimarcade.core import registry

    def choose_move(state):
        return registry.get("sticks").winning_moves(state)[0]
"""


def write(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def play(source: ProgramSource) -> object:
    """The program's first move at the start of :data:`STICKS`, or its Forfeit."""
    spec = registry.get("sticks")
    player = ProgramPlayer(source, spec, STICKS, 5.0)
    try:
        return player(spec.new_state(STICKS), 0, random.Random(1))
    except Forfeit as lost:
        return lost
    finally:
        player.close()


# -- the arcade's own solver -----------------------------------------------------------------------
def test_a_player_that_calls_the_registry_forfeits_as_using_the_arcades_solver(tmp_path: Path) -> None:
    """The four-line perfect player: its import is refused in the box, so it can't load, and it
    loses by ``forfeit.uses_solver`` naming the module; allowed (``--allow-solver``), it plays
    the winning move, so the guard is what stopped it."""
    cheat = write(tmp_path, "cheat.py", CHEAT)
    lost = play(python_source(cheat))
    assert isinstance(lost, Forfeit), lost
    assert lost.key == "forfeit.uses_solver" and lost.params["module"] == "nimarcade.core.registry"
    assert any(line.startswith("ImportError: nimarcade.core.registry") for line in lost.details), lost.details
    assert not any(host.REFUSED_MARK.strip() in line for line in lost.details)     # the host's line, not shown
    assert play(python_source(cheat, allow_solver=True)) == 1
    around = write(tmp_path, "around.py", """
        import sys

        def choose_move(state):
            sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "Guard"]
            from nimarcade.core import registry             # a fresh copy, behind the guard's back
            return registry.get("sticks").winning_moves(state)[0]
    """)
    lost = play(python_source(around))
    assert isinstance(lost, Forfeit) and lost.key == "forfeit.uses_solver", lost
    assert lost.params["module"] == "sys.meta_path"


def test_the_guard_refuses_every_way_to_import_the_solver_and_leaves_the_rules(tmp_path: Path) -> None:
    """In the host's own process (the guard is in it, box or not): an import by statement, by
    importlib, by ``__import__``, of a module already loaded, through a package's attribute, the
    ``nimarcade.games.get`` door, ``sys.modules`` or ``__main__``: none reaches the registry, a
    spec, a solver or the lab's tables; the rules and the Player API import, and the player plays."""
    prober = write(tmp_path, "prober.py", """
        import importlib, sys
        import nimarcade, nimarcade.core, nimarcade.games
        from nimarcade.players import Player
        from nimarcade.core.rules import IllegalMove
        from nimarcade.games.sticks.rules import SticksState

        reached = []
        for name in ("nimarcade.core.registry", "nimarcade.games.sticks.spec", "nimarcade.games.sticks.solver",
                     "nimarcade.games.takeaway.grundy", "nimarcade.core.computer", "nimarcade.judge.positions"):
            for way in (importlib.import_module, __import__):
                try:
                    way(name)
                    reached.append(name)
                except ImportError:
                    pass
        reached += [n for n in sys.modules if n.endswith((".registry", ".spec", ".solver", ".computer"))]
        reached += [a for a in ("registry", "computer", "hints") if hasattr(nimarcade.core, a)]
        reached += ["door"] if hasattr(nimarcade.games, "get") else []
        import __main__
        reached += ["main"] if hasattr(__main__, "games") else []
        print("REACHED", sorted(set(reached)), file=sys.stderr)

        class Probe(Player):
            def choose_move(self, state):
                return state.legal_moves()[0]
    """)
    talk = ("uci\nsetoption name Game value sticks\nsetoption name Sticks value 14\nisready\n"
            "position startpos\ngo movetime 1000\nquit\n")
    env = {**os.environ, "PYTHONPATH": str(sandbox.PACKAGE_ROOT), host.GAME_VARIABLE: "sticks"}
    env.pop(host.ALLOW_SOLVER_VARIABLE, None)
    done = subprocess.run([sys.executable, "-m", "nimarcade.players.host", str(prober)], input=talk,
                          capture_output=True, text=True, env=env, timeout=60)
    assert "REACHED []" in done.stderr, done.stderr
    assert "bestmove 1" in done.stdout.splitlines() and done.returncode == 0, done.stdout + done.stderr
    refused = [line for line in done.stderr.splitlines() if line.startswith(host.REFUSED_MARK)]
    assert f"{host.REFUSED_MARK}nimarcade.core.registry" in refused


def test_a_file_that_imports_the_solver_is_refused_before_it_runs(tmp_path: Path) -> None:
    """The file's text: its line and module, a module of its folder that it imports too; the
    student's own tests under ``if __name__ == "__main__":`` and the rules are left alone."""
    cheat = write(tmp_path, "cheat.py", CHEAT)
    with pytest.raises(PlayerFileError) as refused:
        check_python_player(cheat, allow_solver=False)
    assert refused.value.key == "players.uses_solver"
    assert refused.value.params == {"file": "cheat.py", "line": 2, "module": "nimarcade.core.registry"}
    assert check_python_player(cheat, allow_solver=True) == "cheat"
    frames = write(tmp_path, "frames.py", """
        import sys

        def choose_move(state):
            return sys._getframe(1).f_globals["games"].get("sticks").winning_moves(state)[0]
    """)
    with pytest.raises(PlayerFileError) as refused:
        check_python_player(frames, allow_solver=False)
    assert refused.value.key == "players.reaches_around" and refused.value.params["module"] == "_getframe"
    fair = write(tmp_path, "fair.py", """
        from nimarcade.games.sticks.rules import SticksState
        from nimarcade.players import Player
        import helpers

        class Fair(Player):
            def choose_move(self, state):
                return helpers.first(state)

        if __name__ == "__main__":
            from nimarcade.games.sticks.solver import winning_moves    # the student's own check
    """)
    write(tmp_path, "helpers.py", "def first(state):\n    return state.legal_moves()[0]\n")
    assert check_python_player(fair, allow_solver=False) == "fair"
    write(tmp_path, "helpers.py", "import importlib\nsolver = importlib.import_module('nimarcade.games.sticks.solver')\n")
    assert [(s.file, s.line, s.module) for s in solver_imports(fair)] == [
        ("helpers.py", 2, "nimarcade.games.sticks.solver")]


def test_the_class_says_the_student_uses_the_solver_unless_allowed(tmp_path: Path) -> None:
    """``nimarcade class``: the student is not judged, with the reason; ``--allow-solver``
    (``Task.allow_solver``) judges the same file, which keeps every won position."""
    folder = tmp_path / "alice"
    folder.mkdir()
    cheat = write(folder, "cheat.py", CHEAT)
    task = Task("alice", "Alice", None, "alice/cheat.py", str(cheat), None, None, str(folder), "sticks", "custom",
                STICKS, positions=4, move_time=2.0, lang="en")
    entry = judge_student(task)
    assert entry["status"] == "error" and "nimarcade.core.registry" in entry["error"], entry
    assert "the arcade's own solver" in entry["error"]
    allowed = judge_student(Task(**{**task.__dict__, "allow_solver": True}))
    assert allowed["status"] == "judged" and allowed["won"] and allowed["kept"] == allowed["won"], allowed


# -- a player of several modules, a crash's exception line ------------------------------------------
def test_a_player_of_two_modules_imports_its_own_in_the_box_and_a_crash_says_its_exception(tmp_path: Path) -> None:
    """``from outils import grundy`` with outils.py beside it, the folder shared as a class shares
    it: the player plays; when outils raises, the forfeit carries the exception's line (its text
    and the class's ``exception``), and the traceback names outils.py, not where it lies."""
    folder = tmp_path / "bob"
    folder.mkdir()
    player = write(folder, "joueur.py", """
        from outils import meilleur

        def choose_move(state):
            return meilleur(state)
    """)
    write(folder, "outils.py", """
        def meilleur(state):
            return (state.sticks - 1) % 4 or 1
    """)
    assert play(python_source(player, share=(folder,))) == 1
    write(folder, "outils.py", """
        def meilleur(state):
            return state.batons % 4
    """)
    lost = play(python_source(player, share=(folder,)))
    assert isinstance(lost, Forfeit) and lost.key == "forfeit.python_error", lost
    assert lost.params["exception"] == "AttributeError: 'SticksState' object has no attribute 'batons'"
    assert forfeit_reason(lost).endswith(": AttributeError: 'SticksState' object has no attribute 'batons'")
    assert any('File "outils.py"' in line for line in lost.details) and not any(str(folder) in line
                                                                               for line in lost.details)


# -- the referee's queue of a program's lines --------------------------------------------------------
def test_the_queue_of_lines_drops_the_oldest_info_never_a_reply() -> None:
    pending = Pending(budget=10_000)
    for i in range(5_000):
        pending.put(f"info depth {i} score cp 12")
        if i % 1_000 == 999:
            pending.put(f"bestmove {i}")
    assert pending.size <= 10_000 and pending.dropped > 4_000
    kept = []
    while len(pending):
        kept.append(pending.get(0))
    assert [line for line in kept if line and line.startswith("bestmove")] == [f"bestmove {i}" for i in
                                                                              (999, 1999, 2999, 3999, 4999)]
    assert kept[-2:] == ["info depth 4999 score cp 12", "bestmove 4999"]      # the newest thought is kept
    # nothing but replies held: the reader waits for the referee to read one (its program on its pipe)
    for i in range(89):                     # 89 lines of 48 characters (and 64 each): 9,968
        pending.put(f"garbage {i:>40}")
    writer = threading.Thread(target=pending.put, args=("bestmove 7",), daemon=True)
    writer.start()
    assert pending.get(5) == f"garbage {0:>40}"
    writer.join(5)
    assert not writer.is_alive() and pending.size <= 10_000
    blocked = threading.Thread(target=pending.put, args=("bestmove 8",), daemon=True)
    blocked.start()
    pending.close()                         # the game closed it: nobody will read, nobody waits
    blocked.join(5)
    assert not blocked.is_alive() and len(pending) == 0


def test_a_program_flooding_info_while_nobody_reads_leaves_the_referee_bounded(tmp_path: Path) -> None:
    """After its move, a program writes 50,000 ``info`` lines (2 MB) while nobody asks it
    anything (a person's turn): the referee holds at most :data:`PENDING` characters of them."""
    flood = write(tmp_path, "flood.py", """
        import functools, sys
        print = functools.partial(print, flush=True)
        for line in sys.stdin:
            word = line.split()[0] if line.split() else ""
            if word == "uci":
                print("id name flood")
                print("uciok")
            elif word == "isready":
                print("readyok")
            elif word == "go":
                print("bestmove 1")
                sys.stdout.write("info string thinking aloud during your turn\\n" * 50_000)
                sys.stdout.flush()
                break
    """)
    spec = registry.get("sticks")
    player = ProgramPlayer(ProgramSource("flood", (sys.executable, str(flood)), share=(str(flood),)), spec, STICKS, 5.0)
    try:
        assert player(spec.new_state(STICKS), 0, random.Random(1)) == 1
        player._readers[0].join(60)                 # its output read to its end, nobody asking
        assert not player._readers[0].is_alive()
        assert player.lines.size <= PENDING and player.lines.dropped > 25_000
    finally:
        player.close()
