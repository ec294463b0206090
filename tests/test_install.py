"""Install like a Python game: ``pip install .`` ships levels/ and assets/ inside the package and
gives a ``nimarcade`` command.

The packaging rules are checked here on every run; the real install into a fresh virtual
environment (network, ~20 s) runs with ``NIMARCADE_INSTALL_TEST=1`` (``make install-check``)."""
from __future__ import annotations

import fnmatch
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from nimarcade.core import resources

ROOT = Path(__file__).resolve().parent.parent


def _setup_args() -> dict:
    captured: dict = {}
    import setuptools

    real = setuptools.setup
    setuptools.setup = lambda **kw: captured.update(kw)
    try:
        exec(compile((ROOT / "setup.py").read_text(), "setup.py", "exec"), {"__name__": "setup"})
    finally:
        setuptools.setup = real
    return captured


def test_every_level_and_asset_is_shipped_inside_the_package() -> None:
    args = _setup_args()
    for package, folder in args["package_dir"].items():
        assert package in args["packages"] and (ROOT / folder).is_dir()
        patterns = args["package_data"][package]
        files = [p.relative_to(ROOT / folder).as_posix() for p in (ROOT / folder).rglob("*") if p.is_file()]
        assert files
        missing = [f for f in files if not any(fnmatch.fnmatch(f, pat) and f.count("/") == pat.count("/")
                                               for pat in patterns)]
        assert missing == []
    assert "nimarcade.window.scenes" in args["packages"] and not any(p.startswith("tests") for p in args["packages"])


def test_the_catalogues_are_shipped_inside_the_package() -> None:
    patterns = _setup_args()["package_data"]["nimarcade.i18n"]
    folder = ROOT / "nimarcade" / "i18n"
    files = [p.relative_to(folder).as_posix() for p in (folder / "locale").rglob("*") if p.is_file()]
    assert {"locale/fr/LC_MESSAGES/nimarcade.mo", "locale/en/LC_MESSAGES/nimarcade.mo"} <= set(files)
    assert [f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in patterns)] == []


def test_the_command_and_the_dependencies_are_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["nimarcade"] == "nimarcade.cli:main"
    assert project["scripts"]["nimarcade-engine"] == "nimarcade.players.server:main"
    pins = {line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines()}
    assert set(project["dependencies"]) <= pins


def test_data_folders_found_from_a_checkout() -> None:
    assert (resources.data_dir("levels") / "awele.toml").exists()
    assert (resources.data_dir("assets") / "sounds").is_dir()


@pytest.mark.skipif(not os.environ.get("NIMARCADE_INSTALL_TEST"), reason="set NIMARCADE_INSTALL_TEST=1 (network)")
def test_pip_install_into_a_fresh_venv(tmp_path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(bindir / "python"), "-m", "pip", "install", "-q", str(ROOT)], check=True)
    out = subprocess.run([str(bindir / "nimarcade"), "--help"], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0 and "--load" in out.stdout
    env = {**os.environ, "NIMARCADE_CONFIG_DIR": str(tmp_path / "cfg"), "SDL_VIDEODRIVER": "dummy"}
    shot = tmp_path / "shot.png"
    run = subprocess.run([str(bindir / "nimarcade"), "--headless", "--frames", "5", "--game", "awele",
                          "--screenshot", str(shot)], cwd=tmp_path, env=env)
    assert run.returncode == 0 and shot.exists()
    engine = subprocess.run([str(bindir / "nimarcade-engine")], input="uci\nquit\n", capture_output=True, text=True,
                            cwd=tmp_path, env=env)
    assert engine.returncode == 0 and "uciok" in engine.stdout.splitlines()
    # the installed package finds its own data (Matches' quotient tables) and runs a sandboxed player
    (tmp_path / "mine.py").write_text("def choose_move(state):\n    return state.legal_moves()[0]\n")
    check = ("from nimarcade import i18n\n"
             "assert i18n.tr('menu.play', 'fr') != 'menu.play' and not i18n.said()\n"
             "from nimarcade.games.matches import solver as matches_solver\n"
             "assert matches_solver.quotient(3) is not None\n"
             "import random\n"
             "from nimarcade import games\n"
             "from nimarcade.players.program import ProgramPlayer, python_source\n"
             "spec = games.get('sticks'); params = {'sticks': 13, 'max_take': 3, 'last_loses': True}\n"
             "p = ProgramPlayer(python_source('mine.py'), spec, params, 5.0)\n"
             "assert p(spec.new_state(params), 0, random.Random(1)) == 1\n"
             "p.close()\n")
    assert subprocess.run([str(bindir / "python"), "-c", check], cwd=tmp_path, env=env).returncode == 0
