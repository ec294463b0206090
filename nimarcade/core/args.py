"""The command line in the player's language: argparse's own words (usage, errors, help) come from
our gettext catalogues natively, since :func:`nimarcade.i18n.set_language` makes ``nimarcade`` the
process's gettext domain and names the language in ``LANGUAGE`` (the catalogues carry argparse's
English msgids, marked ``#. argparse``). The language is that of ``--lang`` or else the one already
chosen (the front door, :mod:`nimarcade.cli`, reads the saved settings before any subcommand runs);
it must be set before a parser is made, since argparse reads the -h option's help and the group
titles then."""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Sequence

from nimarcade import i18n
from nimarcade.i18n import tr


def asked_language(argv: Sequence[str]) -> str | None:
    """The language of ``--lang`` on the line, if given and known (read before anything else, so
    that even a command-line error speaks it)."""
    args = list(argv)
    for i, a in enumerate(args):
        value = a.split("=", 1)[1] if a.startswith("--lang=") else (args[i + 1] if a == "--lang" and i + 1 < len(args) else None)
        if value in i18n.LANGUAGES or value == i18n.PSEUDO:
            return value
    return None


class Parser(argparse.ArgumentParser):
    """The commands' parser: argparse's own, whose words (usage, errors, -h) the standard library's
    ``gettext`` reads from our catalogues in the current language; nothing of argparse is patched."""


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
    """A language of ``--lang``: one of the game's, or the pseudo-locale (to see what a translation
    would break, on the command line too)."""
    if text not in i18n.LANGUAGES and text != i18n.PSEUDO:
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
