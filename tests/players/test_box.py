"""The box around a player's program: hostile players, each locked in its bubblewrap
box, against a decoy file, the config folder, the package and the results being written. Each
test plays the hostile program for real through the referee's own ProgramPlayer and checks that
nothing moved: the decoy unread (its content appears nowhere) and unwritten, no file written
outside the player's folder, no process left behind (setsid daemons included), the limits held
for the whole box, and the giant line forfeited while the referee stays small.

Skipped, with the reason, where bubblewrap can't open a box (macOS, Windows, no bwrap)."""
from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from nimarcade.core import registry
from nimarcade.core.computer import Forfeit
from nimarcade.i18n import tr
from nimarcade.players import isolation, sandbox
from nimarcade.players.program import ProgramPlayer, forfeit_text, python_source, shown
from nimarcade.players.sandbox import Limits

BOX = isolation.isolation()
pytestmark = pytest.mark.skipif(not BOX.boxed, reason=f"no box here: {BOX.why} (install bubblewrap)")

STICKS = {"sticks": 13, "max_take": 3, "last_loses": True}
SECRET = "decoy-" + uuid.uuid4().hex


def player(folder: Path, body: str, name: str = "hostile") -> Path:
    """A Python player whose ``choose_move`` first runs ``body`` (indented for the method)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    code = textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
    path.write_text("import os, sys, subprocess, signal, time, socket\n"
                    "from nimarcade.players import Player\n\n\n"
                    f"class Hostile(Player):\n    name = {name!r}\n\n"
                    f"    def choose_move(self, state):\n{code}\n"
                    "        return state.legal_moves()[0]\n", encoding="utf-8")
    return path


def play_once(path: Path, limits: Limits = Limits(), move_time: float = 10.0) -> tuple[object, list[str]]:
    """One move of the player in a fresh box: (its move or its Forfeit, its error output)."""
    spec = registry.get("sticks")
    program = ProgramPlayer(python_source(path, limits=limits), spec, STICKS, move_time)
    try:
        result: object = program(spec.new_state(STICKS), 0, random.Random(1))
    except Forfeit as lost:
        result = lost
    finally:
        program.close()
    return result, list(program.errors)


@pytest.fixture(params=["cgroups", "watchdog"])
def limits_by(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The box's limits held by control groups (where the kernel lets us make them), then by the
    watchdog alone (a machine without them)."""
    if request.param == "watchdog":
        monkeypatch.setenv(sandbox.NO_CGROUPS_VARIABLE, "1")
    return str(request.param)


@pytest.fixture
def decoy(tmp_path: Path) -> Path:
    """A file outside any player's folder, and one beside the player's own file."""
    path = tmp_path / "teacher" / "secret.txt"
    path.parent.mkdir()
    path.write_text(SECRET, encoding="utf-8")
    return path


def test_a_spy_reads_nothing_outside_its_folder(tmp_path: Path, decoy: Path) -> None:
    neighbour = tmp_path / "players" / "classmate.py"
    neighbour.parent.mkdir()
    neighbour.write_text(f"# {SECRET}\n", encoding="utf-8")
    spy = player(tmp_path / "players", f"""
        found = []
        for p in ({str(decoy)!r}, {str(neighbour)!r}, os.path.expanduser("~/.config/nimarcade/settings.json")):
            try:
                found.append(open(p).read())
            except OSError as exc:
                found.append(type(exc).__name__)
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    found.append(open(f"/proc/{{pid}}/cmdline").read())
                except OSError:
                    pass
        found.append(repr(sorted(os.environ)))
        print("FOUND", found, file=sys.stderr)
    """)
    move, errors = play_once(spy)
    assert not isinstance(move, Forfeit), forfeit_text(move)
    seen = "\n".join(errors)
    assert "FOUND" in seen and "FileNotFoundError" in seen     # it ran, and the files weren't there
    assert SECRET not in seen
    assert "pytest" not in seen                                # no process of the machine in its /proc
    assert "NIMARCADE_CONFIG_DIR" not in seen and "NIMARCADE_DATA_DIR" not in seen


def test_a_writer_changes_nothing_outside_its_own_folder(tmp_path: Path, decoy: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "config"
    config.mkdir()
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(config))
    results = tmp_path / "tournament" / "results.jsonl"
    results.parent.mkdir()
    results.write_text('{"game": 1}\n', encoding="utf-8")
    package_file = Path(sandbox.__file__).with_name("referee.py")
    before = package_file.read_bytes()
    writer = player(tmp_path / "players", f"""
        outcome = []
        for p in ({str(decoy)!r}, {str(results)!r}, {str(package_file)!r},
                  {str(config / "engines.toml")!r}, os.environ.get("NIMARCADE_CONFIG_DIR", "/nowhere") + "/x",
                  {str(tmp_path / "new.txt")!r}):
            try:
                with open(p, "a") as f:
                    f.write("pwned")
                outcome.append("WROTE " + p)
            except OSError as exc:
                outcome.append(type(exc).__name__)
        with open("mine.txt", "w") as f:          # its own folder: allowed
            f.write("ok")
        outcome.append("OWN " + open("mine.txt").read())
        print(outcome, file=sys.stderr)
    """)
    move, errors = play_once(writer)
    assert not isinstance(move, Forfeit), forfeit_text(move)
    seen = "\n".join(errors)
    # new.txt may be written in the box's private /tmp (the folders above its file are made
    # there), never in the machine's: checked below
    assert "OWN ok" in seen and [w for w in seen.split("'") if w.startswith("WROTE") and "new.txt" not in w] == []
    assert decoy.read_text(encoding="utf-8") == SECRET
    assert results.read_text(encoding="utf-8") == '{"game": 1}\n'
    assert package_file.read_bytes() == before
    assert list(config.iterdir()) == [] and not (tmp_path / "new.txt").exists()


def _processes_marked(marker: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if marker.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.append(int(entry))
            except OSError:
                continue
    return found


def test_setsid_daemons_end_with_the_game(tmp_path: Path) -> None:
    marker = "daemon-" + uuid.uuid4().hex
    daemon = (f"import os, signal, time; os.setsid(); signal.signal(signal.SIGTERM, signal.SIG_IGN); "
              f"time.sleep(600)  # {marker}")
    spawner = player(tmp_path, f"""
        for _ in range(5):
            subprocess.Popen([sys.executable, "-c", {daemon!r}, {marker!r}],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
    """)
    spec = registry.get("sticks")
    program = ProgramPlayer(python_source(spawner), spec, STICKS, 10.0)
    try:
        program(spec.new_state(STICKS), 0, random.Random(1))
        assert len(_processes_marked(marker)) == 5          # they ran, outside the player's group
    finally:
        program.close()
    assert _processes_marked(marker) == []


def test_a_giant_line_forfeits_and_the_referee_stays_small(tmp_path: Path) -> None:
    """400 MB without a newline: the referee reads 64 KB of it, forfeits the program with that
    reason, and never holds more (its peak memory, measured in a process of its own)."""
    giant = player(tmp_path, """
        chunk = "x" * (1 << 20)
        for _ in range(400):
            sys.__stdout__.write(chunk)
        sys.__stdout__.flush()
    """)
    script = textwrap.dedent(f"""
        import random, sys
        from nimarcade.core import registry
        from nimarcade.core.computer import Forfeit
        from nimarcade.players.program import ProgramPlayer, python_source
        spec = registry.get("sticks")
        params = {STICKS!r}
        program = ProgramPlayer(python_source({str(giant)!r}), spec, params, 10.0)
        try:
            program(spec.new_state(params), 0, random.Random(1))
            print("MOVED")
        except Forfeit as lost:
            print("FORFEIT", lost.key)
        program.close()
        # this process's own peak (VmHWM: ru_maxrss would keep the peak of the process it was
        # forked from, a test worker of hundreds of MB, through exec)
        peak = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0].split()[1]
        print("PEAK", int(peak) // 1024)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(sandbox.PACKAGE_ROOT)})
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    assert lines.get("FORFEIT") == "forfeit.line_too_long", done.stdout + done.stderr
    assert int(lines["PEAK"]) < 100, f"the referee held {lines['PEAK']} MB"


def test_memory_is_limited_for_the_whole_box(tmp_path: Path, limits_by: str) -> None:
    """Three children of 120 MB each, under a limit of 256 MB for the box: each alone fits, all
    three don't."""
    hog = "import time; b = bytearray(120 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096]); time.sleep(30)"
    greedy = player(tmp_path, f"""
        children = [subprocess.Popen([sys.executable, "-c", {hog!r}]) for _ in range(3)]
        for child in children:
            child.wait()
    """)
    result, _ = play_once(greedy, Limits(cpu=60, memory=256), move_time=20.0)
    assert isinstance(result, Forfeit) and result.key == "forfeit.memory"
    assert "256" in tr(result.key, **result.params)


def test_processes_are_counted_for_the_whole_box(tmp_path: Path, limits_by: str) -> None:
    forker = player(tmp_path, """
        children = []
        for _ in range(40):
            children.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]))
        time.sleep(30)
    """)
    result, _ = play_once(forker, Limits(cpu=60, memory=2048, tasks=16), move_time=20.0)
    assert isinstance(result, Forfeit) and result.key == "forfeit.tasks"


def test_cpu_time_is_counted_for_the_whole_box(tmp_path: Path, limits_by: str) -> None:
    """Two children that spin: neither reaches 2 s of CPU alone before the box, together, does."""
    spin = "while True: pass"
    spinner = player(tmp_path, f"""
        children = [subprocess.Popen([sys.executable, "-c", {spin!r}]) for _ in range(3)]
        time.sleep(30)
    """)
    result, _ = play_once(spinner, Limits(cpu=2, memory=1024), move_time=20.0)
    assert isinstance(result, Forfeit) and result.key == "forfeit.cpu"


def test_no_network_in_the_box(tmp_path: Path) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.5)
    port = server.getsockname()[1]
    caller = player(tmp_path, f"""
        try:
            socket.create_connection(("127.0.0.1", {port}), timeout=1).close()
            print("CONNECTED", file=sys.stderr)
        except OSError as exc:
            print("REFUSED", type(exc).__name__, file=sys.stderr)
    """)
    move, errors = play_once(caller)
    with pytest.raises(socket.timeout):
        server.accept()
    server.close()
    assert any("REFUSED" in line for line in errors) and not any("CONNECTED" in line for line in errors)


def test_escapes_in_a_programs_output_are_shown_not_sent(tmp_path: Path) -> None:
    crasher = player(tmp_path, r"""
        print("\x1b[2J\x1b]0;pwned\x07 cleared", file=sys.stderr)
        raise RuntimeError("\x1b[31mred")
    """)
    result, _ = play_once(crasher)
    assert isinstance(result, Forfeit)
    text = "\n".join(forfeit_text(result))
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b[2J" in text and "\\x1b[31mred" in text


def test_shown_makes_every_control_character_visible() -> None:
    assert shown("a\x1b[0m\rb\x00\u202e") == "a\\x1b[0m\\x0db\\x00\\u202e"
    assert shown("tab\there") == "tab    here"
    assert shown("é à « »") == "é à « »"
    assert shown("x" * 10, 4) == "xxxx…"


def test_the_working_folder_is_removed_after_the_game(tmp_path: Path) -> None:
    writer = player(tmp_path, """
        os.makedirs("deep/er", exist_ok=True)
        open("deep/er/f", "w").write("x")
        os.chmod("deep/er", 0o500)
        print("AT", os.getcwd(), file=sys.stderr)
    """)
    _, errors = play_once(writer)
    where = next(line.split(" ", 1)[1] for line in errors if line.startswith("AT "))
    assert not Path(where).exists()


def test_folders_left_by_games_long_gone_are_swept(tmp_path: Path) -> None:
    old = tmp_path / (sandbox.FOLDER_PREFIX + "old")
    (old / "sub").mkdir(parents=True)
    (old / "sub" / "f").write_text("x", encoding="utf-8")
    os.chmod(old / "sub", 0o500)
    recent = tmp_path / (sandbox.FOLDER_PREFIX + "now")
    recent.mkdir()
    other = tmp_path / "not-ours"
    other.mkdir()
    os.utime(old, (1, 1))
    assert sandbox.sweep_folders(tmp_path, older_than=3600) == 1
    assert not old.exists() and recent.exists() and other.exists()
