"""The command line in the player's language: argparse's own words (usage, errors, help) come from
our gettext catalogues natively, since :func:`nimarcade.i18n.set_language` makes ``nimarcade`` the
process's gettext domain and names the language in ``LANGUAGE`` (the catalogues carry argparse's
English msgids, marked ``#. argparse``). The language is that of ``--lang`` or else the one already
chosen (the front door, :mod:`nimarcade.cli`, reads the saved settings before any subcommand runs);
it must be set before a parser is made, since argparse reads the -h option's help and the group
titles then."""
from __future__ import annotations

import argparse
import math
import sys
from typing import Any, Callable, Sequence

from nimarcade import i18n
from nimarcade.i18n import N_, tr


def asked_language(argv: Sequence[str]) -> str | None:
    """The language of ``--lang`` on the line, if given and known (read before anything else, so
    that even a command-line error speaks it)."""
    args = list(argv)
    for i, a in enumerate(args):
        value = a.split("=", 1)[1] if a.startswith("--lang=") else (args[i + 1] if a == "--lang" and i + 1 < len(args) else None)
        if value is not None and (value in i18n.languages() or value == i18n.PSEUDO):
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
    from nimarcade.core import registry

    try:
        return registry.find_variant(text).key
    except KeyError:
        raise ValueError(text) from None


def seconds(text: str) -> float:
    """Seconds a move: 0.05 to 3600."""
    value = float(text)
    if not 0.05 <= value <= 3600:
        raise ValueError(text)
    return value


def budget(text: str) -> float:
    """Seconds of a computation's budget: any finite number above 0 (``nan``, ``inf``, 0 and
    below refused)."""
    value = float(text)
    if not math.isfinite(value) or value <= 0:
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
    if text not in i18n.languages() and text != i18n.PSEUDO:
        raise ValueError(text)
    return text


def add_lang_option(parser: argparse.ArgumentParser) -> argparse.Action:
    """Every command's ``--lang``, made here once from the catalogues found on disk: its choices
    in the usage (``fr|en``), a wrong one said in the player's language with the list."""
    def language(text: str) -> str:
        try:
            return language_code(text)
        except ValueError:
            raise argparse.ArgumentTypeError(tr("cli.lang_expected", value=text, languages=i18n.language_list())) from None
    return parser.add_argument("--lang", metavar=i18n.language_list(), type=language,
                               help=tr("cli.lang_help", languages=i18n.language_list(), default=i18n.DEFAULT_LANGUAGE))


def parse_or_exit_code(parser: argparse.ArgumentParser, args: Sequence[str], out: Any, err: Any) -> tuple[Any, int | None]:
    """``(arguments, None)``, or ``(None, exit code)`` once ``--help`` (0) or a bad command line
    (2) was said on ``out``/``err``."""
    import contextlib

    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return parser.parse_args(args), None
    except SystemExit as exc:
        return None, int(exc.code or 0)


# -- the game's variant, the same on every command (judge, tournament, puzzles, text, arena, class) --
class GameOptionError(ValueError):
    """``--code``, ``--misere`` or ``--param`` can't be applied: ``key``/``params`` say why in the
    player's language (:func:`nimarcade.i18n.error_text`, or ``str()``)."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(tr(key, **params))

    @property
    def message(self) -> str:
        return tr(self.key, **self.params)

    def __str__(self) -> str:
        return self.message


#: The parameters that ``--code`` and ``--misere`` set, in any game that declares them.
CODE, MISERE = "code", "misere"


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--code CODE``, ``--misere`` and ``--param KEY=VALUE`` (repeatable): the board of the
    level changed, read by :func:`game_params`. ``--code`` takes what ``nimarcade lab`` takes
    (an octal code ``0.77``, a subtraction set ``{1,3,4}``); without ``--level`` the other
    parameters (the heaps) are those of the game's first level (the card's)."""
    parser.add_argument("--code", metavar="CODE", help=tr("args.opt_code"))
    parser.add_argument("--misere", action="store_true", default=None, help=tr("args.opt_misere"))
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE", help=tr("args.opt_param"))


def param_value(spec: Any, key: str, text: str) -> Any:
    """The value of parameter ``key`` of ``spec`` written on a command line (``--param``): as a
    record's tag reads it (:meth:`nimarcade.core.params.Param.from_text`), a list of numbers
    written with spaces or commas alike (``heaps=9,12``, ``"heaps=9 12"``, ``heaps=[9, 12]``).
    GameOptionError when the game has no such parameter or the text is none of its values."""
    from nimarcade.core.params import ParamKind

    names = [p.name for p in spec.params]
    if key not in names:
        raise GameOptionError(N_("arena.err_no_param"), game=spec.id, key=key, known=", ".join(names))
    param = spec.param(key)
    if param.kind is ParamKind.INT_LIST:
        text = text.strip().strip("[]").replace(",", " ")
    elif param.kind is ParamKind.BOOL:
        text = text.strip().lower()
    try:
        return param.from_text(text)
    except ValueError:
        raise GameOptionError(N_("arena.err_param_value"), key=key, text=text) from None


def pairs(texts: Sequence[str], option: str = "--param") -> dict[str, str]:
    """``KEY=VALUE`` texts -> {key: value} (the last one of a key wins); GameOptionError for a
    text without ``=``."""
    out: dict[str, str] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise GameOptionError(N_("arena.err_pair"), option=option, text=text)
        out[key.strip()] = value.strip()
    return out


def game_params(spec: Any, level: Any, args: argparse.Namespace) -> dict[str, Any]:
    """The board to play: ``level.params``, then ``--code``, ``--misere``, then each ``--param``
    (the last word wins), checked as a level file is (the game's own ``validate``: the lab's
    code read exactly as ``nimarcade lab`` reads it). Generic: ``--code`` needs a parameter named
    ``code``, ``--misere`` one named ``misere``; GameOptionError (translated) otherwise, or when
    a value is refused. ``args`` may lack the options (a parser without :func:`add_game_options`)."""
    names = {p.name for p in spec.params}
    params = dict(level.params)
    code = getattr(args, "code", None)
    if code is not None:
        if CODE not in names:
            raise GameOptionError(N_("args.no_code"), game=spec.id)
        params[CODE] = code.strip()
    if getattr(args, "misere", None):
        if MISERE not in names:
            raise GameOptionError(N_("args.no_misere"), game=spec.id)
        params[MISERE] = True
    for key, text in pairs(getattr(args, "param", None) or []).items():
        params[key] = param_value(spec, key, text)
    problem = spec.check_params(params)
    if problem:
        key, (why_key, why_params) = problem
        if key == CODE and code is not None:
            raise GameOptionError(N_("args.bad_code"), code=code, why=tr(why_key, **why_params))
        raise GameOptionError(N_("arena.err_param"), key=key, why=tr(why_key, **why_params))
    return params


def level_and_params(game: str, level_id: str | None, args: argparse.Namespace) -> tuple[Any, dict[str, Any]]:
    """The level of ``--level`` (``level_id``; None: the game's first, the player's own levels
    read after the shipped ones) and the board :func:`game_params` makes of it. Raises
    :class:`nimarcade.core.levels.LevelError` or :class:`GameOptionError`, both translated
    (``str()``): a command says it in one line and exits 2."""
    from nimarcade.core import levels
    from nimarcade.core import registry

    level = levels.find_level(game, level_id)
    return level, game_params(registry.get(game), level, args)


def changed_params(spec: Any, base: Any, params: Any) -> dict[str, str]:
    """The parameters whose value differs from ``base`` (a level's), as a record writes them
    (``{"code": "0.137"}``): what a title or a folder's name adds to the level's."""
    return {p.name: p.to_text(params.get(p.name)) for p in spec.params
            if params.get(p.name) != base.get(p.name)}


def changed_text(spec: Any, base: Any, params: Any) -> str:
    """The parameters changed from the level's (``base``), in the reader's language as the setup
    screen says them (« Code : 0.137, Tas : 20, Le dernier coup : perd (misère) »), "" when none
    changed: what a title adds to the game's name (a folder's name takes :func:`changed_params`)."""
    words = []
    for p in spec.params:
        value = params.get(p.name)
        if value == base.get(p.name):
            continue
        shown = tr(p.value_keys[value]) if value in p.value_keys else p.to_text(value)
        words.append(tr("judge.changed", name=tr(p.label) if p.label else p.name, value=shown))
    return ", ".join(words)


def board_title(spec: Any, card: Any, level: Any, params: Any) -> str:
    """The board a command plays, for a title: the game and the level (« Le labo des jeux octaux,
    Quilles (Kayles, 0.77) »), then what differs from the level, in words (« (Tas : 20) »); with
    another code, the game's name alone and what changed (« Le labo des jeux octaux (Code : 0.137,
    Tas : 20) »): the level's name would name another game. ``card`` the game's card
    (:class:`nimarcade.core.registry.Variant`)."""
    game, name = tr("game." + card.key), level.name()
    title = game if name == game or CODE in changed_params(spec, level.params, params) else f"{game}, {name}"
    changed = changed_text(spec, level.params, params)
    return tr("judge.title_changed", title=title, changed=changed) if changed else title
