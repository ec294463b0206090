"""The box, closed: the attacker's cases, each in a real box.

- nothing a command names is shown to its program: ``/``, the home folder, a decoy folder and an
  X11-like socket folder named in its command are not in its box, and a system program
  (``python3``, ``/bin/sh``) still runs;
- as root, the box's programs are nobody outside too: a root-only file stays unread by the
  kernel's own check, and their real uid, seen from outside, is not 0;
- as an ordinary user (no control groups: the watchdog), the limits hold: flooding /tmp, /dev/shm
  or the working folder ends the box for its memory (2 GB written land nowhere on the disk), a
  nested user and PID namespace can't be made, 400 threads and a fork bomb end it as too many
  tasks. As root the tests make an ordinary user where they can: a mount namespace of their own
  where the folder that hides Python from others (/root is 0700) is replaced by an open one with
  Python bound back, then ``setpriv`` to nobody runs a driver that starts the boxes.

Skipped, with the reason, where bubblewrap can't open a box, or where no ordinary user can be made.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import uuid
from pathlib import Path
from typing import Any, Iterator

import pytest

from nimarcade.core import registry
from nimarcade.core.computer import Forfeit
from nimarcade.i18n import tr
from nimarcade.players import isolation, sandbox
from nimarcade.players.program import ProgramPlayer, python_source
from nimarcade.players.sandbox import Limits

BOX = isolation.isolation()
pytestmark = pytest.mark.skipif(not BOX.boxed, reason=f"no box here: {BOX.why} (install bubblewrap)")
SECRET = "decoy-" + uuid.uuid4().hex
ROOT = os.name == "posix" and os.geteuid() == 0


def run(command: list[str], limits: Limits = Limits(cpu=20, memory=256, tasks=32),
        share: tuple[str, ...] = ()) -> tuple[int, str, str]:
    """A command in a fresh box until it ends: (the supervisor's exit code, its output, its errors)."""
    box = sandbox.start(command, limits, share=share)
    try:
        out, err = box.process.communicate(timeout=60)
    finally:
        box.kill()
    return box.process.returncode, out.decode(errors="replace"), err.decode(errors="replace")


def python(code: str, *args: str) -> list[str]:
    return [sys.executable, "-I", "-c", textwrap.dedent(code), *args]


@pytest.fixture(params=["cgroups", "watchdog"])
def limits_by(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "watchdog":
        monkeypatch.setenv(sandbox.NO_CGROUPS_VARIABLE, "1")
    return str(request.param)


# -- nothing a command names ---------------------------------------------------------------------
def test_nothing_a_command_names_is_in_its_box(tmp_path: Path) -> None:
    decoy = tmp_path / "teacher"
    decoy.mkdir()
    (decoy / "id_rsa").write_text(SECRET, encoding="utf-8")
    x11 = tmp_path / ".X11-unix"                 # a display server's socket folder, like /tmp/.X11-unix
    x11.mkdir()
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(x11 / "X0"))
    server.listen(1)
    server.settimeout(0.2)
    spy = python("""
        import os, socket, sys
        for path in sys.argv[1:]:
            try:
                print("LIST", path, sorted(os.listdir(path)))
            except OSError as exc:
                print("LIST", path, type(exc).__name__)
        for path in sys.argv[3:]:
            for folder, _, files in os.walk(path):
                for name in files:
                    try:
                        print("READ", open(os.path.join(folder, name), errors="replace").read(200))
                    except OSError:
                        pass
        try:
            client = socket.socket(socket.AF_UNIX)
            client.connect(sys.argv[4] + "/X0")
            print("CONNECTED")
        except OSError as exc:
            print("NO DISPLAY", type(exc).__name__)
    """, "/", str(Path.home()), str(decoy), str(x11))
    code, out, err = run(spy, share=())
    with pytest.raises(socket.timeout):
        server.accept()
    server.close()
    assert code == 0, err
    assert SECRET not in out + err and "CONNECTED" not in out and "NO DISPLAY" in out
    listed = {line.split(" ", 2)[1]: line.split(" ", 2)[2] for line in out.splitlines() if line.startswith("LIST ")}
    assert listed[str(decoy)] == listed[str(x11)] == "FileNotFoundError"
    # the box's root holds the system's folders and those above Python's and the package's, nothing else
    allowed = {Path(name).name for name in sandbox.SYSTEM} | {"dev", "proc", "tmp"} | {
        p.parts[1] for p in sandbox.shared_paths(())}
    assert set(eval(listed["/"])) <= allowed, listed["/"]


def test_a_system_program_runs_and_one_outside_the_box_is_missing(tmp_path: Path) -> None:
    assert run(["python3", "-I", "-c", "print('py ok')"])[1].strip() == "py ok"
    assert run(["/bin/sh", "-c", "echo sh ok"])[1].strip() == "sh ok"
    script = tmp_path / "engine.sh"
    script.write_text("#!/bin/sh\necho engine ok\n", encoding="utf-8")
    script.chmod(0o755)
    with pytest.raises(sandbox.CannotStart) as caught:
        run([str(script)])                      # not given to the box: not there
    assert caught.value.why == "missing"
    assert run([str(script)], share=(str(script),))[1].strip() == "engine ok"      # given: there
    assert sandbox.named_paths(["/bin/sh", str(script), "-x", "/", "relative"]) == ("/bin/sh", str(script))


# -- as root ---------------------------------------------------------------------------------------
@pytest.mark.skipif(not ROOT, reason="the game runs as an ordinary user here: the box is that user")
def test_as_root_a_root_only_file_stays_unread_and_nobody_is_nobody_outside(tmp_path: Path) -> None:
    assert BOX.drop
    given = tmp_path / "given"
    given.mkdir()
    given.chmod(0o755)
    (given / "open.txt").write_text("open to all", encoding="utf-8")
    secret = given / "root-only.txt"
    secret.write_text(SECRET, encoding="utf-8")
    secret.chmod(0o600)
    marker = "marker-" + uuid.uuid4().hex
    reader = python(f"""
        import os, sys
        print("UID", os.getuid(), os.geteuid(), flush=True)
        for path in sys.argv[1:]:
            try:
                print("READ", open(path).read(), flush=True)
            except OSError as exc:
                print("REFUSED", path, type(exc).__name__, flush=True)
        print("READY", flush=True)
        sys.stdin.read()   # {marker}
    """, str(given / "open.txt"), str(secret), "/etc/shadow")
    box = sandbox.start(reader, Limits(cpu=20, memory=256, tasks=32), share=(str(given),))
    try:
        assert box.process.stdout is not None
        lines: list[str] = []
        while not lines or lines[-1] not in ("READY", ""):      # "": its output ended
            lines.append(box.process.stdout.readline().decode().strip())
        uids = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    words = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
                    # the program's processes: in the box's PID namespace, bubblewrap's own aside (the
                    # supervisor's and bubblewrap's command lines name the marker too)
                    if marker.encode() in b" ".join(words) and Path(words[0].decode()).name != "bwrap" \
                            and os.readlink(f"/proc/{entry}/ns/pid") != os.readlink("/proc/self/ns/pid"):
                        status = Path(f"/proc/{entry}/status").read_text()
                        uids[int(entry)] = status
                except OSError:
                    continue
    finally:
        box.kill()
    assert lines[0] == f"UID {sandbox.BOX_UID} {sandbox.BOX_UID}"
    assert "READ open to all" in lines and SECRET not in "\n".join(lines)
    assert f"REFUSED {secret} PermissionError" in lines
    assert uids, "the box's program was not seen from outside"
    for status in uids.values():
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        assert fields["Uid"].split() == [str(sandbox.BOX_UID)] * 4      # real, effective, saved, file system
        assert fields["Gid"].split() == [str(sandbox.BOX_UID)] * 4 and fields["Groups"].strip() == ""
        assert fields["NoNewPrivs"].strip() == "1" and int(fields["CapEff"], 16) == 0
    closed = tmp_path / "closed"                 # what nobody can't read is said, not half-run
    closed.mkdir(mode=0o700)
    with pytest.raises(sandbox.CannotStart) as caught:
        sandbox.start(reader, Limits(), share=(str(closed),))
    assert caught.value.why == "closed"


NESTED = """
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
print("UNSHARE", libc.unshare(0x10000000 | 0x20000000), ctypes.get_errno(), flush=True)
"""


@pytest.mark.skipif(not ROOT, reason="the game runs as an ordinary user here (its case is below)")
def test_as_root_no_user_namespace_can_be_made() -> None:
    """No --disable-userns without a user namespace: a seccomp filter refuses them (EPERM)."""
    code, out, err = run(python(NESTED))
    assert code == 0 and out.split() == ["UNSHARE", "-1", "1"], out + err


@pytest.mark.skipif(not ROOT, reason="an ordinary user's box can make no user namespace (--disable-userns)")
def test_a_nested_pid_namespace_hides_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a nested user and PID namespace made (the filter off), the watchdog still counts the
    processes in it: every descendant of the box's first process."""
    monkeypatch.setenv(sandbox.NO_CGROUPS_VARIABLE, "1")
    monkeypatch.setattr(sandbox, "userns_filter", lambda: None)
    hider = python("""
        import ctypes, os, time
        print("UNSHARE", ctypes.CDLL(None).unshare(0x10000000 | 0x20000000), flush=True)
        if os.fork() == 0:
            for _ in range(40):
                if os.fork() == 0:
                    time.sleep(30)
            time.sleep(30)
        time.sleep(30)
    """)
    code, out, _ = run(hider, Limits(cpu=20, memory=1024, tasks=16))
    assert out.split()[:2] == ["UNSHARE", "0"] and code == sandbox.TASKS_EXIT, out


def test_a_fork_bomb_is_named_as_one(tmp_path: Path, limits_by: str) -> None:
    """A player's fork bomb forfeits as too many tasks, not as the memory its copies add up."""
    bomb = tmp_path / "bomb.py"
    bomb.write_text(textwrap.dedent("""
        import os, time
        from nimarcade.players import Player


        class Bomb(Player):
            def choose_move(self, state):
                while True:
                    try:
                        os.fork()
                    except OSError:
                        time.sleep(0.001)
    """), encoding="utf-8")
    spec = registry.get("sticks")
    params = {"sticks": 13, "max_take": 3, "last_loses": True}
    program = ProgramPlayer(python_source(bomb, limits=Limits(cpu=20, memory=256, tasks=32)), spec, params, 10.0)
    try:
        with pytest.raises(Forfeit) as lost:
            program(spec.new_state(params), 0, random.Random(1))
    finally:
        program.close()
    assert lost.value.key == "forfeit.tasks"
    assert "32" in tr(lost.value.key, **lost.value.params)


# -- as an ordinary user ---------------------------------------------------------------------------
FLOOD = """
import os, sys, time
target = os.getcwd() if sys.argv[1] == "." else sys.argv[1]
written = 0
try:
    for i in range(256):                 # 2 GB, 8 MB a file (16 MB is a file's limit)
        with open(os.path.join(target, f"f{i}"), "wb") as f:
            for _ in range(8):
                f.write(b"x" * (1 << 20))
                written += 1 << 20
except OSError as exc:
    print("STOPPED", written >> 20, exc.errno, flush=True)
time.sleep(20)
"""
THREADS = """
import threading, time
threading.stack_size(256 * 1024)
started = 0
for _ in range(400):
    try:
        threading.Thread(target=time.sleep, args=(30,), daemon=True).start()
        started += 1
    except RuntimeError:
        break
print("THREADS", started, flush=True)
time.sleep(20)
"""
BOMB = """
import os, time
while True:
    try:
        os.fork()
    except OSError:
        time.sleep(0.001)
"""
#: name -> (program, its argument, the box's memory in MB)
CASES = {"tmp": (FLOOD, "/tmp", 64), "shm": (FLOOD, "/dev/shm", 64), "folder": (FLOOD, ".", 64),
         "threads": (THREADS, "", 256), "bomb": (BOMB, "", 64), "nested": (NESTED, "", 64)}
DRIVER = """
import json, os, sys
from nimarcade.players import isolation, sandbox
from nimarcade.players.sandbox import Limits
cases = json.loads(sys.argv[1])
found = isolation.isolation()
print(json.dumps({"uid": os.getuid(), "drop": found.drop, "no_userns": found.no_userns}), flush=True)
for name, (code, arg, mb) in cases.items():
    box = sandbox.start([sys.executable, "-I", "-c", code, *([arg] if arg else [])], Limits(cpu=20, memory=mb, tasks=32))
    out, err = box.process.communicate(timeout=60)
    left = [p.name for p in box.folder.iterdir()]
    box.kill()
    print(json.dumps({"case": name, "code": box.process.returncode, "out": out.decode(), "err": err.decode()[-500:],
                      "left": left}), flush=True)
"""


def _closed_above(paths: list[Path]) -> list[Path]:
    """The outermost folders above ``paths`` that others may not enter (/root is 0700)."""
    closed: list[Path] = []
    for path in paths:
        for folder in [*reversed(path.parents), path]:
            if str(folder) != "/" and not os.stat(folder).st_mode & 0o001:
                if folder == path:
                    raise LookupError(f"{path} itself is closed to others")
                if folder not in closed:
                    closed.append(folder)
                break
    return closed


def _as_nobody(workspace: Path) -> list[str]:
    """The command that runs the driver as nobody, in a mount namespace where every folder that
    hides Python or the package from others is an open tmpfs with them bound back."""
    needed = sorted({*sandbox.python_paths(), sandbox.PACKAGE_ROOT}, key=lambda p: len(p.parts))
    needed = [p for p in needed if p.exists()]
    lines = ["set -e"]
    closed = _closed_above([Path(os.path.realpath(p)) for p in needed])
    for n, top in enumerate(closed):
        inside = [Path(os.path.realpath(p)) for p in needed if top in Path(os.path.realpath(p)).parents]
        outer = [p for p in inside if not any(o in p.parents for o in inside)]
        stages = []
        for m, path in enumerate(outer):
            stage = workspace / f"stage-{n}-{m}"
            stage.mkdir()
            lines.append(f"mount --bind '{path}' '{stage}'")
            stages.append((stage, path))
        lines.append(f"mount -t tmpfs -o mode=0755 tmpfs '{top}'")
        for stage, path in stages:
            lines += [f"mkdir -p '{path}'", f"mount --move '{stage}' '{path}'"]
    lines.append('exec setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"')
    script = workspace / "enter.sh"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return ["unshare", "--mount", "--propagation", "private", "/bin/sh", str(script)]


@pytest.fixture(scope="module")
def ordinary() -> Iterator[dict[str, Any]]:
    """The cases played once in boxes started by an ordinary user, without control groups: each
    case's exit code, output and what was left in the machine's working folder."""
    if ROOT:
        missing = [tool for tool in ("unshare", "setpriv") if shutil.which(tool) is None]
        if missing:
            pytest.skip(f"no ordinary user can be made here: {', '.join(missing)} not found (util-linux)")
    workspace = Path(tempfile.mkdtemp(prefix="nimarcade-ordinary-"))
    try:
        workspace.chmod(0o755)
        (workspace / "driver.py").write_text(DRIVER, encoding="utf-8")
        prefix: list[str] = []
        if ROOT:
            try:
                prefix = _as_nobody(workspace)
            except LookupError as exc:
                pytest.skip(f"no ordinary user can run this Python here: {exc}")
        env = {"PATH": "/usr/bin:/bin", "HOME": str(workspace), "LANG": "C.UTF-8",
               "PYTHONPATH": str(sandbox.PACKAGE_ROOT), sandbox.NO_CGROUPS_VARIABLE: "1",
               "NIMARCADE_CONFIG_DIR": str(workspace / "config"), "NIMARCADE_DATA_DIR": str(workspace / "data")}
        done = subprocess.run([*prefix, sys.executable, str(workspace / "driver.py"), json.dumps(CASES)],
                              cwd=workspace, env=env, capture_output=True, text=True, timeout=120)
        lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        if ROOT and not lines:
            pytest.skip(f"no ordinary user can be made here: {done.stderr.strip()[-300:]}")
        assert lines and len(lines) == 1 + len(CASES), done.stdout + done.stderr
        results: dict[str, Any] = {line["case"]: line for line in lines[1:]}
        results["who"] = lines[0]
        yield results
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


def test_the_ordinary_user_is_one(ordinary: dict[str, Any]) -> None:
    assert ordinary["who"]["uid"] != 0 and not ordinary["who"]["drop"]
    assert ordinary["who"]["no_userns"] is (BOX.version >= isolation.SIZED_VERSION)


@pytest.mark.parametrize("case", ["tmp", "shm", "folder"])
def test_flooding_a_tmpfs_ends_the_box_for_its_memory(ordinary: dict[str, Any], case: str) -> None:
    """/tmp, /dev/shm and the working folder are tmpfs of the box's memory (64 MB here), counted in
    it: 2 GB tried, at most 64 MB written, none of it on the machine's disk."""
    result = ordinary[case]
    assert result["code"] == sandbox.MEMORY_EXIT, result
    assert result["left"] == []
    stopped = [line for line in result["out"].splitlines() if line.startswith("STOPPED")]
    assert not stopped or int(stopped[0].split()[1]) <= 64


def test_no_nested_user_or_pid_namespace(ordinary: dict[str, Any]) -> None:
    """--disable-userns (bubblewrap 0.8; before it, the seccomp filter) refuses them."""
    result = ordinary["nested"]
    assert result["code"] == 0 and result["out"].split()[:2] == ["UNSHARE", "-1"], result


@pytest.mark.parametrize("case", ["threads", "bomb"])
def test_threads_and_a_fork_bomb_are_too_many_tasks(ordinary: dict[str, Any], case: str) -> None:
    result = ordinary[case]
    assert result["code"] == sandbox.TASKS_EXIT, result
    if case == "threads" and result["out"]:       # (under load the watchdog may end the box
        assert int(result["out"].split()[1]) < 400    # before the print) RLIMIT_NPROC refused the rest
