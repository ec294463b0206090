"""The one command: ``nimarcade SUB ...``, argparse subparsers with one setup of the
language and the errors; every subcommand's ``--help`` in the chosen language, at once, running
nothing; the older doors (``python -m nimarcade.judge`` ...) kept, one process each."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nimarcade import cli, i18n
from nimarcade.core.rules.errors import OptionError  # noqa: F401 - the commands' errors

ROOT = Path(__file__).resolve().parent
OURS = sorted(cli.COMMANDS)


def run_help(capsys, argv: list[str]) -> tuple[int, str]:
    try:
        code = cli.main(argv)
    except SystemExit as done:
        code = int(done.code or 0)
    return code, capsys.readouterr().out


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("command", sorted(cli.available()))
def test_every_subcommand_says_its_help_in_the_language(capsys, command: str, lang: str) -> None:
    code, out = run_help(capsys, [command, "--help", "--lang", lang])
    assert code == 0 and out.startswith(i18n.catalogue(lang).gettext("usage: "))
    assert i18n.tr("cli.help", lang) in out
    if lang == "fr":
        assert "show this help message" not in out and "usage:" not in out


def test_the_bench_help_runs_no_bench(capsys, monkeypatch) -> None:
    """``bench frames --help`` used to run the whole 3.5-minute bench."""
    from nimarcade.compete.bench import run

    ran = []
    monkeypatch.setattr(run, "machine", lambda: ran.append("machine") or "?")
    code, out = run_help(capsys, ["bench", "frames", "--help", "--lang", "en"])
    assert code == 0 and ran == [] and "--review" in out and "--quick" in out
    with pytest.raises(SystemExit) as done:
        cli.main(["bench", "nothing", "--lang", "en"])
    assert done.value.code == 2 and "unknown suite: nothing" in capsys.readouterr().err


def test_the_table_of_subcommands_and_a_misspelt_one(capsys) -> None:
    code, out = run_help(capsys, ["--help", "--lang", "fr"])
    assert code == 0 and "sous-commandes" in out and all(name in out for name in cli.available())
    assert "--game" in out                                   # then play's own options
    with pytest.raises(SystemExit) as done:
        cli.main(["jugde", "--lang", "en"])
    assert done.value.code == 2 and "invalid choice: 'jugde'" in capsys.readouterr().err


def test_a_line_that_starts_with_an_option_plays(monkeypatch) -> None:
    assert cli.split(["--game", "awele"], list(cli.COMMANDS)) == ("play", ["--game", "awele"])
    assert cli.split(["judge", "--game", "sticks"], list(cli.COMMANDS)) == ("judge", ["--game", "sticks"])
    assert cli.split([], list(cli.COMMANDS)) == ("play", [])


def test_the_saved_language_is_everyones_without_lang(tmp_path, monkeypatch, capsys) -> None:
    from nimarcade.storage.settings import Settings, SettingsStore

    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))
    SettingsStore.default().save(Settings(language="en"))
    code, out = run_help(capsys, ["judge", "--help"])
    assert code == 0 and out.startswith("usage: ")
    code, out = run_help(capsys, ["judge", "--help", "--lang", "fr"])
    assert out.startswith("usage : ")


def test_a_game_adds_its_own_subcommands_through_the_registry() -> None:
    from nimarcade.core import registry

    added = registry.commands()
    assert set(added) <= set(cli.available()) and not set(added) & set(cli.COMMANDS)
    for target in added.values():
        assert target.startswith("nimarcade.games.") and ":" in target


DOORS = ["analyse", "arena", "bench", "judge", "tournament", "puzzles", "people", "text", "lab"]


@pytest.mark.parametrize("door", DOORS)
def test_each_older_door_is_one_process_that_answers(door: str) -> None:
    done = subprocess.run([sys.executable, "-m", f"nimarcade.{door}", "--help", "--lang", "en"],
                          cwd=ROOT.parent, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("usage: "), done.stderr[-500:]


def test_the_one_command_and_main_py_and_the_engine_door() -> None:
    for argv in (["-m", "nimarcade", "judge", "--help", "--lang", "en"], ["main.py", "--help", "--lang", "en"]):
        done = subprocess.run([sys.executable, *argv], cwd=ROOT.parent, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stdout.startswith("usage: "), done.stderr[-500:]
    engine = subprocess.run([sys.executable, "-m", "nimarcade.engine"], input="uci\nquit\n", cwd=ROOT.parent,
                            capture_output=True, text=True, timeout=120)
    assert engine.returncode == 0 and "uciok" in engine.stdout
