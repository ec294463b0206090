"""The starters of examples/starters/ (Python, C, Java), as a student gets them: each is built with
its compiler (skipped, with the reason, where there is none), plays whole games of Kayles against
the computer's level 1 and is judged on the lab's level ``kayles`` without a forfeit (a starter
plays legal moves, not good ones); and ``nimarcade class`` on a Moodle-shaped folder of the three
judges every one of them (skipped while the command isn't there).
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from nimarcade.core import levels
from nimarcade.core import registry
from nimarcade.i18n import tr
from nimarcade.judge import judge as judge_mod
from nimarcade.players import catalog, referee
from nimarcade.players.program import ProgramSource
from nimarcade.players.sandbox import named_paths

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the players' box and its limits are POSIX's")

ROOT = Path(__file__).resolve().parents[2]
STARTERS = ROOT / "examples" / "starters"
LEVEL = "kayles"


def example_flags() -> list[str]:
    """The C flags `make examples` uses (the Makefile's EXAMPLE_FLAGS)."""
    return re.search(r"^EXAMPLE_FLAGS\s*\?=(.*)$", (ROOT / "Makefile").read_text(), re.M).group(1).split()


def build_c(into: Path) -> Path:
    """The C starter's folder with its program built, as a student hands it in."""
    compiler = os.environ.get("CC", "cc").split()
    if shutil.which(compiler[0]) is None:
        pytest.skip(f"no C compiler ({compiler[0]}) on this machine to build examples/starters/c")
    shutil.copytree(STARTERS / "c", into)
    result = subprocess.run([*compiler, *example_flags(), "-o", "player", "player.c"], cwd=into,
                            capture_output=True, text=True)
    assert result.returncode == 0 and (into / "player").is_file(), result.stderr
    assert "warning" not in result.stderr + result.stdout, result.stderr
    return into


def build_java(into: Path) -> Path:
    """The Java starter's folder with Player.class built beside Player.java."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("no Java compiler (javac) or virtual machine (java) on this machine")
    shutil.copytree(STARTERS / "java", into)
    result = subprocess.run(["javac", "-Xlint:all", "Player.java"], cwd=into, capture_output=True, text=True)
    assert result.returncode == 0 and (into / "Player.class").is_file(), result.stderr
    assert "warning" not in result.stderr + result.stdout, result.stderr
    return into


def toml_command(folder: Path) -> tuple[str, ...]:
    """The folder's player.toml command, its words that name the folder's files made absolute (as
    ``nimarcade class`` reads it)."""
    words = tomllib.loads((folder / "player.toml").read_text(encoding="utf-8"))["command"]
    return tuple(str((folder / w).resolve()) if (folder / w).exists() and not w.startswith("-") else w
                 for w in words)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each language's starter folder, built where its compiler is (absent: not in the dict)."""
    base = tmp_path_factory.mktemp("starters")
    folders = {"python": STARTERS / "python"}
    for language, build in (("c", build_c), ("java", build_java)):
        try:
            folders[language] = build(base / language)
        except pytest.skip.Exception:
            pass
    return folders


def seat_of(language: str, built: dict[str, Path]) -> tuple[str, catalog.Catalog | None]:
    """The starter as a seat: the Python file itself, or a program of a catalog."""
    if language not in built:
        needs = {"c": "a C compiler (cc)", "java": "javac and java"}[language]
        pytest.skip(f"the {language} starter could not be built here: it needs {needs}")
    if language == "python":
        return str(built["python"] / "player.py"), None
    command = toml_command(built[language])     # engines.toml's: its box shows the paths it names
    return "starter", catalog.Catalog((ProgramSource("starter", command, share=named_paths(command)),))


def kayles() -> tuple[registry.GameSpec, dict]:
    spec = registry.get("octal")
    return spec, dict(levels.find_level("octal", LEVEL).params)


# -- each starter alone ----------------------------------------------------------------------------
def test_the_starters_are_what_the_readme_says() -> None:
    readme = (STARTERS / "README.md").read_text(encoding="utf-8")
    for path in ("python/player.py", "c/player.c", "c/player.toml", "java/Player.java", "java/player.toml"):
        assert (STARTERS / path).is_file(), path
        assert Path(path).name in readme, path
    python = (STARTERS / "python" / "player.py").read_text(encoding="utf-8")
    assert "from nimarcade.players import Player" in python and "TODO" in python and "name =" in python
    for source in ("c/player.c", "java/Player.java"):
        assert "TODO" in (STARTERS / source).read_text(encoding="utf-8"), source
    for language in ("c", "java"):        # the README shows each player.toml as it is
        command = tomllib.loads((STARTERS / language / "player.toml").read_text(encoding="utf-8"))["command"]
        shown = re.search(rf"\*\*{'C' if language == 'c' else 'Java'}\*\*.*?```toml\n(.*?)```", readme, re.S)
        assert shown and tomllib.loads(shown.group(1))["command"] == command, language


@pytest.mark.parametrize("language", ["python", "c", "java"])
def test_a_starter_plays_whole_games_of_kayles_with_legal_moves(built: dict[str, Path], language: str) -> None:
    seat, found = seat_of(language, built)
    _spec, params = kayles()
    for first_seat in (0, 1):
        config = referee.config_for("octal", params, (seat, 1), LEVEL)
        played = referee.play(config, [referee.SeatPlayer(seat), referee.SeatPlayer(1)], first_seat, seed=5,
                              found=found)
        lost = played.match.forfeited
        assert lost is None, "\n".join([tr(lost.key, **lost.params), *lost.details])
        assert played.match.state.is_over and played.moves[0] > 0


@pytest.mark.parametrize("language", ["python", "c", "java"])
def test_a_starter_is_judged_without_a_forfeit(built: dict[str, Path], language: str) -> None:
    """Every position asked gets a legal move; a starter keeps few wins (it plays the first move)."""
    seat, found = seat_of(language, built)
    spec, params = kayles()
    report = judge_mod.judge(spec, LEVEL, params, seat, positions=6, games_per_level=0, move_time=5.0, found=found)
    assert report.verdicts and not report.forfeits and not report.not_asked
    for verdict in report.verdicts:
        assert verdict.move in verdict.position.state.legal_moves(), verdict


def test_the_c_and_java_starters_keep_the_heaps_as_nim_arcade_does(built: dict[str, Path]) -> None:
    """After splits, the first heap they answer for is Nim Arcade's first heap: the move they play
    (one pin of heap 1) is legal in the position the lab computes, whatever was split before."""
    spec = registry.get("octal")
    moves = ["1:1:7", "2:1:1", "3:2:2"]          # 10 -> 1 8 ... -> smaller part first each time
    state = spec.new_state({"code": "0.77", "heaps": [10, 20], "misere": False})
    for move in moves:
        state = state.play(spec.notation.parse_move(state, move))
    lines = ["uci", "setoption name Game value octal", "setoption name Code value 0.77",
             "setoption name Heaps value 10 20", "isready", "position startpos moves " + " ".join(moves),
             "go movetime 100", "quit", ""]
    languages = [language for language in ("c", "java") if language in built]
    if not languages:
        pytest.skip("neither the C nor the Java starter could be built here (no cc, no javac)")
    for language in languages:
        result = subprocess.run(toml_command(built[language]), input="\n".join(lines), capture_output=True,
                                text=True, timeout=60, cwd=built[language])
        assert result.returncode == 0 and "not understood" not in result.stderr, (language, result.stderr)
        out = result.stdout.splitlines()
        assert out[-1].startswith("bestmove ") and "uciok" in out and "readyok" in out, (language, out)
        assert spec.notation.parse_move(state, out[-1].split()[1]) in state.legal_moves(), (language, out)


# -- nimarcade class on the three -------------------------------------------------------------------
def class_command_missing() -> str | None:
    """Why ``nimarcade class`` can't run here yet, or None when it can."""
    try:
        import nimarcade.classroom  # noqa: F401
        from nimarcade import cli
    except ImportError as exc:
        return f"nimarcade.classroom can't be imported yet ({exc})"
    if "class" not in cli.available():
        return "nimarcade class is not a command yet (nimarcade.cli has no 'class')"
    return None


def moodle_folder(built: dict[str, Path], into: Path) -> dict[str, str]:
    """A folder as Moodle's "Download all submissions" gives it, one student per starter built;
    returns each student's name -> language."""
    students = {"Alice Martin": "python", "Bruno Petit": "c", "Chloé Durand": "java", "Denis Roux": "java"}
    for n, (name, language) in enumerate(students.items()):
        if language not in built:
            continue
        folder = into / f"{name}_{101 + n}_assignsubmission_file_"
        if language == "python":
            folder.mkdir(parents=True)
            shutil.copy(built["python"] / "player.py", folder / "player.py")
        else:
            shutil.copytree(built[language], folder)
        if name == "Denis Roux":        # the system's Java by its absolute path: runs, and nothing is chmod-ed
            toml = folder / "player.toml"
            java = os.path.realpath(shutil.which("java") or "java")
            toml.write_text(toml.read_text(encoding="utf-8").replace('["java",', f'["{java}",'), encoding="utf-8")
    return {name: language for name, language in students.items() if language in built}


def test_nimarcade_class_judges_the_three_starters(built: dict[str, Path], tmp_path: Path) -> None:
    missing = class_command_missing()
    if missing:
        pytest.skip(missing)
    java_mode = Path(os.path.realpath(shutil.which("java") or "/")).stat().st_mode & 0o777
    submissions, out = tmp_path / "submissions", tmp_path / "report"
    students = moodle_folder(built, submissions)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NIMARCADE_CONFIG_DIR": str(tmp_path / "config")}
    result = subprocess.run([sys.executable, "-m", "nimarcade", "class", str(submissions), "--game", "octal",
                             "--level", LEVEL, "--positions", "4", "--out", str(out), "--lang", "en"],
                            capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads((out / "class.json").read_text(encoding="utf-8"))
    judged = {s["name"]: s for s in data["students"]}
    assert set(judged) == set(students), judged.keys()
    for name, entry in judged.items():
        assert entry["status"] == "judged" and not entry["error"], (students[name], entry["error"])
        assert entry["asked"] > 0 and not entry["forfeits"], (students[name], entry["forfeits"])
    rows = list(csv.DictReader(io.StringIO((out / "grades.csv").read_text(encoding="utf-8-sig"))))
    assert {row["Full name"] for row in rows} == set(students)
    assert {row["Identifier"] for row in rows} == {f"Participant {101 + n}" for n, name in
                                                   enumerate(["Alice Martin", "Bruno Petit", "Chloé Durand",
                                                              "Denis Roux"])
                                                   if name in students}
    assert (out / "index.html").is_file()
    if "java" in built:                 # the system's program a command names is never made runnable again
        java = Path(os.path.realpath(shutil.which("java") or "java"))
        assert java.stat().st_mode & 0o777 == java_mode

