"""The command line in the player's language: argparse's own words (usage, errors, help) go
through the translation table, in the language of ``--lang`` or else the one already chosen (the
front door, :mod:`nimarcade.cli`, reads the saved settings before any subcommand runs)."""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Sequence

from nimarcade import i18n
from nimarcade.i18n import tr

#: argparse's English templates -> our translation keys (the %-placeholders stay as they are).
ARGPARSE_WORDS = {
    "usage: ": "cli.usage",
    "options": "cli.options",
    "positional arguments": "cli.positional",
    "show this help message and exit": "cli.help",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.invalid_choice",
    "invalid %(type)s value: %(value)r": "cli.invalid_value",
    "expected one argument": "cli.expected_one",
    "unrecognized arguments: %s": "cli.unrecognized",
    "the following arguments are required: %s": "cli.required",
    "ambiguous option: %(option)s could match %(matches)s": "cli.ambiguous",
    "%(prog)s: error: %(message)s\n": "cli.error",
    "argument %(argument_name)s: %(message)s": "cli.argument",
}


def _translate(text: str) -> str:
    key = ARGPARSE_WORDS.get(text)
    return tr(key) if key else text


def asked_language(argv: Sequence[str]) -> str | None:
    """The language of ``--lang`` on the line, if given and known (read before anything else, so
    that even a command-line error speaks it)."""
    args = list(argv)
    for i, a in enumerate(args):
        value = a.split("=", 1)[1] if a.startswith("--lang=") else (args[i + 1] if a == "--lang" and i + 1 < len(args) else None)
        if value in i18n.LANGUAGES:
            return value
    return None


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose messages are translated. argparse looks its words up when it needs
    them: the -h option's help and the group titles as the parser is made, the rest as it parses or
    formats; each of those steps runs with the translation in place."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._run(super().__init__, *args, **kwargs)

    def _run(self, method: Any, *args: Any, **kwargs: Any) -> Any:
        saved = argparse._
        argparse._ = _translate  # type: ignore[attr-defined]
        try:
            return method(*args, **kwargs)
        finally:
            argparse._ = saved  # type: ignore[attr-defined]

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        return self._run(super().parse_args, args, namespace)

    def format_help(self) -> str:
        return self._run(super().format_help)

    def error(self, message: str) -> Any:  # type: ignore[override]
        """A usage error found after parsing (the command's own checks), said like argparse's."""
        return self._run(super().error, message)

    def format_usage(self) -> str:
        return self._run(super().format_usage)


def prepare(argv: Sequence[str] | None) -> list[str]:
    """The arguments, with the language of their ``--lang`` set for every message that follows;
    without one, the language stays the one chosen before (by :mod:`nimarcade.cli`, from the saved
    settings, for every subcommand)."""
    args = list(sys.argv[1:] if argv is None else argv)
    lang = asked_language(args)
    if lang is not None:
        i18n.set_language(lang)
    return args


# -- argparse types shared by the commands (the text mode, the tournament...) -------------------
def checked(convert: Callable[[str], Any], key: str) -> Callable[[str], Any]:
    """An argparse type: ``convert``, its ValueError said in the player's language (``key`` with
    ``{value}``)."""
    def check(text: str) -> Any:
        try:
            return convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(tr(key, value=text)) from None
    return check


def card_key(text: str) -> str:
    """A game or a menu card (``sticks``, ``fort_boyard``...) -> the card's key."""
    from nimarcade.core import registry as games

    try:
        return games.find_variant(text).key
    except KeyError:
        raise ValueError(text) from None


def seconds(text: str) -> float:
    """Seconds a move: 0.05 to 3600."""
    value = float(text)
    if not 0.05 <= value <= 3600:
        raise ValueError(text)
    return value


def at_least(lo: int) -> Callable[[str], int]:
    """A whole number of at least ``lo`` (ValueError otherwise); say it with ``cli.count``."""
    def read(text: str) -> int:
        value = int(text)
        if value < lo:
            raise ValueError(text)
        return value
    return read


def language_code(text: str) -> str:
    if text not in i18n.LANGUAGES:
        raise ValueError(text)
    return text


def parse_or_exit_code(parser: argparse.ArgumentParser, args: Sequence[str], out: Any, err: Any) -> tuple[Any, int | None]:
    """``(arguments, None)``, or ``(None, exit code)`` once ``--help`` (0) or a bad command line
    (2) was said on ``out``/``err``."""
    import contextlib

    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return parser.parse_args(args), None
    except SystemExit as exc:
        return None, int(exc.code or 0)
