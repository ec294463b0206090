"""The text mode as a terminal program: the command-line contract, end of input, Ctrl+C, a real
pseudo-terminal, no pygame, command-line errors in the chosen language."""
from __future__ import annotations

import contextlib
import io
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nimarcade.core import registry
from nimarcade import i18n
from nimarcade.i18n import tr
from nimarcade.text import cli

from tests.text.cases import ROOT, env, run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="signals and pseudo-terminals are POSIX")


def read_until(fd: int, marker: bytes, seconds: float = 60.0) -> bytes:
    """Everything from ``fd`` up to and including the first ``marker`` (the test fails after
    ``seconds`` without it)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"{marker!r} never came; got {seen[-400:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:            # the pseudo-terminal closed
                chunk = b""
            assert chunk, f"{marker!r} never came before the end; got {seen[-400:]!r}"
            seen += chunk
    return seen


# -- the contract --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", list(registry.REGISTRY))
def test_two_computers_and_no_input_play_one_whole_game(game: str) -> None:
    out = run(["--game", game, "--players", "1,2", "--seed", "3"])
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    assert "C'est terminé" in out.stdout and "Fin de partie : " in out.stdout
    assert out.stdout.count("(fin de l'entrée : réponse par défaut)") == 1     # at the level, the first question
    assert out.stdout.rstrip().endswith("Nouvelle partie ? (o/n) [n] : n   (réponse par défaut)")


def test_end_of_input_in_the_middle_of_a_game_exits_0_with_a_short_message() -> None:
    out = run(["--game", "sticks", "--players", "human,3", "--first", "1", "--seed", "1"], ["1"])
    assert out.returncode == 0
    assert out.stderr == ""
    assert out.stdout.rstrip().endswith("Fin de l'entrée : au revoir.")
    out = run(["--game", "grid", "--level", "5x5", "--players", "human,human", "--lang", "en"], ["1"])
    assert out.returncode == 0 and out.stdout.rstrip().endswith("End of input: goodbye.")


def test_q_ends_the_game_and_the_program() -> None:
    out = run(["--game", "heaps", "--level", "1-3-7", "--players", "human,2", "--first", "1"], ["q"])
    assert out.returncode == 0 and out.stdout.rstrip().endswith("Partie abandonnée.")
    out = run(["--game", "heaps"], ["q"])           # during the setup too
    assert out.returncode == 0 and out.stdout.rstrip().endswith("Partie abandonnée.")


def test_a_new_game_is_offered_and_played() -> None:
    out = run(["--game", "sticks", "--level", "petit", "--players", "2,3", "--first", "2", "--seed", "8"], ["o"])
    assert out.returncode == 0
    assert out.stdout.count("C'est parti !") == 2 and out.stdout.count("C'est terminé") == 2


# -- Ctrl+C ----------------------------------------------------------------------------------------
def _interrupt_when(args: list[str], marker: bytes) -> subprocess.CompletedProcess:
    proc = subprocess.Popen([sys.executable, "main.py", "--text", *args], cwd=ROOT, env=env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        read_until(proc.stdout.fileno(), marker)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out.decode(), err.decode())


def test_ctrl_c_while_waiting_for_an_answer_exits_130_without_a_traceback() -> None:
    out = _interrupt_when(["--game", "grid", "--level", "5x5", "--players", "human,3", "--first", "1"], b"---> ")
    assert out.returncode == 130
    assert "Traceback" not in out.stderr and out.stderr == ""
    assert out.stdout.rstrip().endswith("Interrompu.")


def test_ctrl_c_stops_the_computer_while_it_thinks() -> None:
    """Awélé's master thinks 5 s a move: Ctrl+C during its search ends the program with 130 and a
    short word, no traceback (its search thread is cancelled; a hang would meet the 30 s limit of
    ``_interrupt_when``)."""
    out = _interrupt_when(["--game", "awele", "--level", "classique", "--players", "4,4", "--first", "1",
                                     "--lang", "en"], b"A   B")
    assert out.returncode == 130 and "Traceback" not in out.stderr
    assert out.stdout.rstrip().endswith("Interrupted.")


# -- a real terminal -------------------------------------------------------------------------------
def test_a_session_in_a_pseudo_terminal() -> None:
    """In a terminal: the terminal echoes the answers (the program does not echo them twice), the
    computer's thinking shows on a line that the next output replaces, colours are on."""
    master, slave = os.openpty()
    e = {**env(), "TERM": "xterm", "COLUMNS": "80", "LINES": "24"}
    e.pop("NO_COLOR")
    proc = subprocess.Popen([sys.executable, "main.py", "--text", "--game", "sticks", "--level", "petit",
                             "--players", "human,3", "--first", "1", "--seed", "4"],
                            cwd=ROOT, env=e, stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    try:
        seen = read_until(master, b"---> ")
        assert "À vous de jouer".encode() in seen and b"\x1b[" in seen   # colour on a terminal
        os.write(master, b"2\n")
        seen = read_until(master, b"---> ")
        assert seen.count(b"2\r\n") == 1                                 # echoed once, by the terminal
        assert "réfléchit".encode() in seen and b"L'ordinateur joue" in seen
        os.write(master, b"q\n")
        read_until(master, "Partie abandonnée.".encode())
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        os.close(master)


# -- no pygame -------------------------------------------------------------------------------------
def test_a_text_session_never_imports_pygame() -> None:
    code = (
        "import io, sys\n"
        "from nimarcade.window.app import main\n"
        "sys.stdin = io.StringIO('2\\nh\\nu\\n1\\n')\n"
        "rc = main(['--text', '--game', 'grid', '--level', '5x5', '--players', 'human,2', '--seed', '1'])\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
        "print('RESULT', rc, ','.join(bad) or 'clean')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env(), capture_output=True, text=True,
                         encoding="utf-8", timeout=120)
    assert out.stdout.rstrip().splitlines()[-1] == "RESULT 0 clean", out.stderr


def test_it_plays_where_pygame_cannot_even_be_imported(tmp_path: Path) -> None:
    fake = tmp_path / "pygame"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('no pygame on this machine')\n")
    out = subprocess.run([sys.executable, "main.py", "--text", "--game", "heaps", "--players", "2,3", "--seed", "5"],
                         cwd=ROOT, env={**env(), "PYTHONPATH": str(tmp_path)}, capture_output=True, text=True,
                         encoding="utf-8", timeout=120, stdin=subprocess.DEVNULL)
    assert out.returncode == 0, out.stderr
    assert "C'est terminé" in out.stdout


# -- the command line --------------------------------------------------------------------------------
@pytest.mark.parametrize("args, fr, en", [
    (["--players", "5,x"], "deux joueurs séparés par une virgule", "two players separated by a comma"),
    (["--bogus"], "arguments inconnus : --bogus", "unrecognized arguments: --bogus"),
    (["--game", "chess"], "jeu inconnu « chess »", "unknown game \u201cchess\u201d"),
    (["--first", "3"], "1, 2 ou random attendu", "expected 1, 2 or random"),
    (["--seed", "abc"], "un nombre entier est attendu", "expected a whole number"),
    (["--game"], "option --game : une valeur est attendue", "argument --game: expected one argument"),
    (["--game", "grid", "--level", "9x9"], "aucun niveau « 9x9 » dans grid", "no level \u201c9x9\u201d in grid"),
])
def test_command_line_errors_speak_the_chosen_language(args: list[str], fr: str, en: str) -> None:
    """In this process (the text mode's own entry, argparse's messages to the real stderr); the
    test below runs the program for one of them."""
    before = i18n.language()
    try:
        for lang, said in (("fr", fr), ("en", en)):
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stderr(err):
                code = cli.run([*args, "--lang", lang] if lang != "fr" else args, io.StringIO(), out, err)
            assert code == 2 and said in err.getvalue() and "Traceback" not in err.getvalue(), lang
            assert out.getvalue() == ""
    finally:
        i18n.set_language(before)


def test_a_command_line_error_of_the_program_itself_speaks_the_chosen_language() -> None:
    out = run(["--players", "5,x"])
    assert out.returncode == 2 and "deux joueurs séparés par une virgule" in out.stderr and out.stdout == ""
    out = run(["--game", "grid", "--level", "9x9", "--lang", "en"])
    assert out.returncode == 2 and "no level \u201c9x9\u201d in grid" in out.stderr and "Traceback" not in out.stderr


def test_help_lists_the_options_in_each_language() -> None:
    out = run(["--help"])
    assert out.returncode == 0 and "--players A,B" in out.stdout and "qui commence" in out.stdout
    assert "afficher cette aide" in out.stdout
    assert "who starts" in run(["--help", "--lang", "en"]).stdout


def test_python_m_nimarcade_text_is_the_same_program() -> None:
    out = subprocess.run([sys.executable, "-m", "nimarcade.text", "--game", "sticks", "--players", "4,4", "--seed", "2",
                          "--lang", "en"], cwd=ROOT, env=env(), capture_output=True, text=True, encoding="utf-8",
                         timeout=120, stdin=subprocess.DEVNULL)
    assert out.returncode == 0 and "It's over: Computer " in out.stdout and "End of the game" in out.stdout


def test_ascii_output_is_plain_ascii() -> None:
    out = run(["--game", "awele", "--level", "rapide", "--players", "human,1", "--first", "1", "--ascii"],
              ["?", "h", "1", "q"])
    assert out.returncode == 0
    assert out.stdout.isascii() and "A vous de jouer !" in out.stdout and "erreur" not in out.stdout


# -- the terminal mode speaks the saved language ---------------------------------------------
@pytest.mark.parametrize("door", [["text"], ["--text"]])
def test_the_text_mode_speaks_the_saved_language_without_lang(tmp_path, door: list[str]) -> None:
    from nimarcade.storage.settings import Settings, SettingsStore

    env = {**os.environ, "NIMARCADE_CONFIG_DIR": str(tmp_path)}
    was = os.environ.get("NIMARCADE_CONFIG_DIR")
    os.environ["NIMARCADE_CONFIG_DIR"] = str(tmp_path)
    try:
        SettingsStore.default().save(Settings(language="en"))
    finally:
        if was is None:
            del os.environ["NIMARCADE_CONFIG_DIR"]
        else:
            os.environ["NIMARCADE_CONFIG_DIR"] = was
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "main.py", *door, "--game", "sticks"], input="q\n", cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)
    assert tr("text.setup_title", "en") in done.stdout, done.stdout[:400]
    assert tr("text.setup_title", "fr") not in done.stdout
