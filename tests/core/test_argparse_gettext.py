"""argparse speaks the player's language through gettext, natively: its own English
msgids are in both catalogues (marked ``#. argparse``), French in fr.po, and nothing of the argparse
module is patched; its usage line and its errors come out in the language set by set_language."""
from __future__ import annotations

import argparse
import ast
import contextlib
import gettext
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from nimarcade import i18n
from nimarcade.core.args import Parser
from nimarcade.i18n.catalogue import DOMAIN, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
#: What the project is made of (the game, its door, its tools).
SOURCES = [*(ROOT / "nimarcade").rglob("*.py"), ROOT / "main.py", *(ROOT / "tools").glob("*.py")]


def argparse_msgids() -> set[str | tuple[str, str]]:
    """Every text the running Python's argparse passes to ``_()`` (a literal, or the literal
    default of ``kwargs.pop("title", "subcommands")``) and every ``ngettext`` (singular, plural)."""
    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    found: set[str | tuple[str, str]] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        if node.func.id == "_":
            arg = node.args[0]
            if isinstance(arg, ast.Call) and len(arg.args) == 2:       # _(kwargs.pop(name, default))
                arg = arg.args[1]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
        elif node.func.id == "ngettext":
            singular, plural = node.args[:2]
            assert isinstance(singular, ast.Constant) and isinstance(plural, ast.Constant)
            found.add((singular.value, plural.value))
    return found


def po(lang: str):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as f:
        return read_po(f)


def test_the_walk_finds_argparses_words() -> None:
    found = argparse_msgids()
    assert {"usage: ", "%(prog)s: error: %(message)s\n", "expected one argument", "subcommands"} <= found
    assert ("expected %s argument", "expected %s arguments") in found and len(found) > 30


@pytest.mark.parametrize("msgid", sorted(argparse_msgids(), key=str), ids=str)
def test_every_argparse_msgid_is_in_both_catalogues(msgid) -> None:
    fr, en = po("fr"), po("en")
    key = msgid[0] if isinstance(msgid, tuple) else msgid
    for cat in (fr, en):
        entry = cat.get(key)                       # no msgctxt: argparse calls plain (n)gettext
        assert entry is not None and "argparse" in entry.auto_comments, (cat.locale, msgid)
        assert entry.id == msgid and not entry.fuzzy, (cat.locale, msgid)
    french = fr.get(key).string
    if isinstance(msgid, tuple):
        assert len(french) == 2 and all(french) and french != msgid, french
    else:
        assert french and french != msgid, french
    assert en.get(key).string == (msgid if isinstance(msgid, tuple) else msgid)


def test_every_argparse_entry_is_marked_and_plain() -> None:
    """The entries marked ``#. argparse`` are argparse's words, none of them symbolic keys."""
    for lang in ("fr", "en"):
        marked = [m for m in po(lang) if "argparse" in m.auto_comments]
        assert marked and all(m.context is None for m in marked)
        assert not any("." in str(m.id).split(" ")[0] and " " not in str(m.id) for m in marked)


def patches(source: str) -> list[int]:
    """The lines of ``source`` that assign to (or delete, setattr, delattr) an attribute of the
    argparse module, under its name or an ``import argparse as ...`` alias."""
    tree = ast.parse(source)
    names = {"argparse"} | {alias.asname for node in ast.walk(tree) if isinstance(node, ast.Import)
                            for alias in node.names if alias.name == "argparse" and alias.asname}
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"setattr", "delattr"}
              and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in names):
            found.append(node.lineno)
        if any(isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id in names
               for target in targets for part in ast.walk(target)):
            found.append(node.lineno)
    return found


def test_the_scan_sees_a_patch() -> None:
    sample = "import argparse as ap\nimport argparse\nap._ = str\nsetattr(argparse, '_', str)\nx = argparse.SUPPRESS\n"
    assert patches(sample) == [3, 4]


def test_nothing_of_argparse_is_patched() -> None:
    found = {str(path.relative_to(ROOT)): lines for path in SOURCES
             if (lines := patches(path.read_text(encoding="utf-8")))}
    assert found == {}
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext


@pytest.fixture
def language():
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


def said(lang: str, argv: list[str]) -> tuple[str, str, int]:
    """(usage, what the parser said on stderr, exit code), made after ``lang`` was set."""
    i18n.set_language(lang)
    p = Parser(prog="nimarcade")
    p.add_argument("game")
    p.add_argument("--level")
    p.add_argument("--pair", nargs=2)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as done:
        p.parse_args(argv)
    return p.format_usage(), err.getvalue(), int(done.value.code)


EXPECTED = {
    "fr": {
        "usage": "usage : nimarcade",
        "unknown": "nimarcade : erreur : arguments inconnus : --bogus",
        "missing": "nimarcade : erreur : ces arguments sont obligatoires : game",
        "one": "nimarcade : erreur : option --level : une valeur est attendue",
        "two": "nimarcade : erreur : option --pair : 2 valeurs attendues",
        "help": ("\noptions :\n", "afficher cette aide et quitter", "\narguments :\n"),
    },
    "en": {
        "usage": "usage: nimarcade",
        "unknown": "nimarcade: error: unrecognized arguments: --bogus",
        "missing": "nimarcade: error: the following arguments are required: game",
        "one": "nimarcade: error: argument --level: expected one argument",
        "two": "nimarcade: error: argument --pair: expected 2 arguments",
        "help": ("\noptions:\n", "show this help message and exit", "\npositional arguments:\n"),
    },
}


@pytest.mark.parametrize("lang", ["fr", "en", "fr"])
def test_a_parser_speaks_the_language_set(language, lang: str) -> None:
    want = EXPECTED[lang]
    usage, err, code = said(lang, ["heaps", "--bogus"])
    assert code == 2 and usage.startswith(want["usage"]) and err.startswith(want["usage"])
    assert want["unknown"] in err
    assert want["missing"] in said(lang, [])[1]
    assert want["one"] in said(lang, ["heaps", "--level"])[1]
    assert want["two"] in said(lang, ["heaps", "--pair", "x"])[1]
    i18n.set_language(lang)
    p = Parser(prog="nimarcade")
    p.add_argument("game")
    text = p.format_help()
    assert all(words in text for words in want["help"]), text


def run(*args: str, env_language: str) -> subprocess.CompletedProcess[str]:
    """``python -m nimarcade judge ...`` in a fresh process, with no saved settings and whatever
    ``LANGUAGE`` the parent's environment names."""
    env = dict(os.environ, LANGUAGE=env_language, NIMARCADE_CONFIG_DIR=os.environ.get("NIMARCADE_CONFIG_DIR", ""))
    return subprocess.run([sys.executable, "-m", "nimarcade", "judge", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_a_new_process_speaks_french_by_default_and_english_when_asked(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))      # no saved language: French
    done = run("--game", env_language="en")                         # the shell's LANGUAGE is not ours
    assert done.returncode == 2 and done.stderr.startswith("usage : ")
    assert "judge : erreur : option --game : une valeur est attendue" in done.stderr
    done = run("--lang", "en", "--game", env_language="fr")
    assert done.returncode == 2 and done.stderr.startswith("usage: ")
    assert "judge: error: argument --game: expected one argument" in done.stderr
