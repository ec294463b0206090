"""``nimarcade [SUB] ...`` (also ``python -m nimarcade`` and ``python main.py``): the one command of
Nim Arcade, as git, pip and cargo have one.

Subcommands: ``play`` (the default: the window), ``text`` (the terminal), ``analyse``, ``puzzles``,
``judge``, ``arena``, ``tournament``, ``engine``, ``people``, ``bench`` and ``class``, and those a game adds
through its registry entry (``GameSpec.commands``: the lab's ``lab``). Each is the ``main(argv)``
of the module that does it, imported only when asked for, so that ``nimarcade judge --help``
answers at once and never loads the window. The older doors stay, as thin modules that
call this one: ``python -m nimarcade.judge|tournament|engine|analyse|puzzles|people|arena|bench``
and ``nimarcade-engine``. ``players`` is the older name of ``people`` (the named players' results
as CSV), kept as an alias, with its door ``python -m nimarcade.players``: the package
:mod:`nimarcade.players` is the outside programs', not the people's.

One setup for every subcommand: the language (``--lang`` anywhere on the line, else the saved
setting) is chosen before anything is said, the subcommands are an argparse sub-parser table whose
help and errors speak that language, and an interrupt (Ctrl+C) or a closed pipe ends quietly.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from typing import Iterator, Sequence

from nimarcade import i18n
from nimarcade.core.args import Parser, asked_language
from nimarcade.i18n import tr

#: Subcommand -> the module whose ``main(argv)`` runs it.
COMMANDS: dict[str, str] = {
    "play": "nimarcade.window.app",
    "text": "nimarcade.text.cli",
    "analyse": "nimarcade.analysis.cli",
    "puzzles": "nimarcade.puzzles.puzzle",
    "judge": "nimarcade.judge.judge",
    "arena": "nimarcade.compete.arena",
    "tournament": "nimarcade.compete.tournament.cli",
    "engine": "nimarcade.players.server",
    "people": "nimarcade.people.class_export",
    "players": "nimarcade.people.class_export",   # the older name of ``people``, kept as an alias
    "bench": "nimarcade.compete.bench.run",
    "class": "nimarcade.classroom.cli",
}
DEFAULT = "play"
#: Exit code of a command stopped by Ctrl+C (the shell's own for SIGINT).
INTERRUPTED = 130


def available() -> dict[str, str]:
    """Every subcommand: name -> ``"module:function"`` (ours, then the games')."""
    from nimarcade.core import registry

    found = {name: f"{module}:main" for name, module in COMMANDS.items()}
    for name, target in registry.commands().items():
        found.setdefault(name, target)
    return found


def run(target: str, argv: list[str]) -> int:
    """Call ``"module:function"`` with the subcommand's arguments."""
    module, _, function = target.partition(":")
    return int(getattr(importlib.import_module(module), function or "main")(argv) or 0)


def build_parser() -> argparse.ArgumentParser:
    """The table of subcommands, in the chosen language (for the help and a misspelt name)."""
    p = Parser(prog="nimarcade", description=tr("front.description"), add_help=False,
               formatter_class=argparse.RawDescriptionHelpFormatter, epilog=tr("front.epilog"))
    sub = p.add_subparsers(dest="command", title=tr("front.commands"), metavar=tr("front.command"))
    for name in available():
        sub.add_parser(name, help=tr(f"front.{name}"), add_help=False)   # a game's: its own text
    return p


def split(argv: Sequence[str], names: Sequence[str]) -> tuple[str, list[str]]:
    """``(subcommand, its arguments)``: a line that starts with an option plays (``nimarcade --game
    awele`` is ``nimarcade play --game awele``)."""
    if argv and argv[0] in names:
        return argv[0], list(argv[1:])
    return DEFAULT, list(argv)


def lang_first(argv: Sequence[str], names: Sequence[str]) -> list[str]:
    """The line with a ``--lang X`` (or ``--lang=X``) that stands before the subcommand moved
    after it: ``nimarcade --lang en text ...`` is ``nimarcade text --lang en ...`` (every
    subcommand takes ``--lang``; left where it was, the subcommand's name would be read as an
    argument of ``play``)."""
    args = list(argv)
    if args[:1] == ["--lang"] and len(args) >= 3:
        lang, rest = args[:2], args[2:]
    elif args[:1] and args[0].startswith("--lang=") and len(args) >= 2:
        lang, rest = args[:1], args[1:]
    else:
        return args
    if rest[0] in names:
        return [rest[0], *lang, *rest[1:]]
    return args


def saved_language() -> str:
    """The language of the saved settings, else French (a broken settings file is said later, in
    the window)."""
    try:
        from nimarcade.storage.settings import SettingsStore

        return SettingsStore.default().load().settings.language
    except Exception:  # noqa: BLE001 - any broken file: the default language, the game still starts
        return i18n.DEFAULT_LANGUAGE


@contextlib.contextmanager
def player_levels() -> Iterator[None]:
    """While a command runs, it reads the player's own levels (the lab's, saved by the window in
    the data folder's ``levels/<game>.toml``) after the shipped ones, as the window does; the
    process's choice before it comes back after it (a test's command leaves nothing behind)."""
    from nimarcade.core import levels
    from nimarcade.storage.files import data_dir

    before = levels.user_folder()
    levels.set_user_folder(data_dir() / "levels")
    try:
        yield
    finally:
        levels.set_user_folder(before)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    i18n.set_language(asked_language(args) or saved_language())
    if args[:1] and args[0].startswith("--lang"):
        args = lang_first(args, list(available()))
    if args[:1] in (["-h"], ["--help"]):          # the table of subcommands, then play's own options
        print(build_parser().format_help())
        args = [DEFAULT, *args]
    found = COMMANDS if args[:1] and args[0] in COMMANDS else available()   # ours need no registry
    if args and not args[0].startswith("-") and args[0] not in found:
        build_parser().parse_args(args[:1])      # says "invalid choice" in the language, exit 2
    command, rest = split(args, list(found))
    try:
        target = found[command]
        with player_levels():
            if command != DEFAULT:               # the window says them on its first screen
                from nimarcade.storage.aside import own_levels

                for line in own_levels():        # a level of the player's own left out: one line each
                    print(line, file=sys.stderr)
            return run(target if ":" in target else f"{target}:main", rest)
    except KeyboardInterrupt:
        return 0 if command == DEFAULT else INTERRUPTED    # the window: a player's way to close it
    except BrokenPipeError:                      # the reader went away (``| head``): nobody to tell
        try:
            sys.stdout = open(__import__("os").devnull, "w")
        except OSError:
            pass
        return 0


def door(command: str) -> None:
    """What ``python -m nimarcade.<command>`` runs: the subcommand, with this process's arguments."""
    sys.exit(main([command, *sys.argv[1:]]))
