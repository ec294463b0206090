"""Level files: ``levels/<game>.toml`` -> validated, frozen :class:`Level` values.

A shipped level is named by the catalogues, ``level.<game>.<id>`` (:meth:`Level.name`): a translator
names it with every other text, and its file keeps only its id. A level the catalogues don't know
(the player's own, saved by the lab: :mod:`nimarcade.games.octal.userlevels`; a teacher's new one)
names itself in each language (``name = { fr = "…", en = "…" }``, a table by language code; the older
``name_fr``/``name_en`` keys still read), and its own name wins. A level sets the board, the
default opponent and who starts.
Every value is checked on load; a bad file raises :class:`LevelError` whose message names the
file, the level and the key, so a teacher editing a level knows exactly what to fix.
"""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from nimarcade.core import registry
from nimarcade.i18n import DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, N_, has, tr
from nimarcade.core.resources import data_dir
from nimarcade.core.rules.protocol import GameState

LEVELS_DIR = data_dir("levels")
FIRST_CHOICES = ("human", "computer", "random")


class LevelError(ValueError):
    """A level file is missing, malformed, or holds a value out of range."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(tr(key, **params))

    def message(self, lang: str | None = None) -> str:
        return tr(self.key, lang, **self.params)


@dataclass(frozen=True)
class Level:
    game: str
    id: str
    #: Its own name by language code (``{"fr": ..., "en": ...}``): every language its file gives;
    #: empty for a shipped level, which the catalogues name (:meth:`name`).
    names: Mapping[str, str] = field(hash=False, compare=True)
    #: Board parameters, as keyword arguments of the game's state constructor.
    params: Mapping[str, Any] = field(hash=False, compare=True)
    #: Default opponent: 0 for a human, 1-4 for the computer's level.
    opponent: int = 3
    #: Who starts by default: "human" (player 1), "computer" or "random".
    first: str = "random"
    source: str = ""

    @property
    def key(self) -> str:
        """Its name's catalogue key, ``level.<game>.<id>``."""
        return catalogue_key(self.game, self.id)

    def name(self, lang: str | None = None) -> str:
        """Its name in ``lang``: its own (a level of the player's) when its file gives one, else
        the catalogues' ``level.<game>.<id>``, a template like every entry (a brace written ``{{``,
        « Bâtons {{1,2,3}} »), filled: it may say ``{id}``."""
        from nimarcade.i18n import own_words

        return own_words(self.names, lang) if self.names else tr(self.key, lang, id=self.id)

    def every_name(self) -> set[str]:
        """Its names in every language the game has (and its own, in any language)."""
        from nimarcade.i18n import languages

        return {self.name(lang) for lang in languages()} | set(self.names.values())

    def new_state(self, first: int = 0, **overrides: Any) -> GameState:
        """The starting state of this level; ``overrides`` replace board parameters."""
        return make_state(self.game, {**self.params, **overrides}, first)


def catalogue_key(game: str, ident: str) -> str:
    """The catalogue key naming a level: ``level.<game>.<id>``."""
    return f"level.{game}.{ident}"


def make_state(game: str, params: Mapping[str, Any], first: int = 0) -> GameState:
    """Build a game's starting state from board parameters (level keys)."""
    if game not in registry.REGISTRY:
        raise ValueError(f"unknown game {game!r}")
    state: GameState = registry.get(game).new_state(params, first)
    return state


# -- validation: against each game's parameter schema (nimarcade.core.registry) ---------------------------
def _why(problem: registry.Problem) -> str:
    key, params = problem
    return tr(key, **params)


def _int(lo: int, hi: int) -> Callable[[Any], str | None]:
    param = registry.Param("", registry.ParamKind.INT, lo=lo, hi=hi)
    return lambda v: _why(p) if (p := param.check(v)) else None


def _choice(options: tuple[str, ...]) -> Callable[[Any], str | None]:
    param = registry.Param("", registry.ParamKind.CHOICE, choices=options)
    return lambda v: _why(p) if (p := param.check(v)) else None


COMMON = {"id", "name", "opponent", "first"}
#: The older way to name a level, one key a language: ``name_fr = "…"``, ``name_en = "…"``.
OLD_NAME = "name_"
#: The languages every level names itself in: the default one and the one others fall back to
#: (a level without a name in another language shows its English name there).
NAMES_REQUIRED = tuple(dict.fromkeys((DEFAULT_LANGUAGE, FALLBACK_LANGUAGE)))


#: The player's own level files (``<folder>/<game>.toml``, the lab's saved levels), read after the
#: shipped ones; set by the window from the player's data folder (None: none, as in the tests).
#: The same, for the worker processes a command starts (a tournament's ``--jobs``: fresh
#: interpreters that must find the level the command found): the environment they inherit.
USER_FOLDER_VARIABLE = "NIMARCADE_USER_LEVELS"
_user_folder: Path | None = Path(os.environ[USER_FOLDER_VARIABLE]) if os.environ.get(USER_FOLDER_VARIABLE) else None


def set_user_folder(folder: Path | None) -> None:
    """Read the player's own levels from ``folder`` (``<data>/levels``; None: none). The window
    sets it from its data folder, and the front door (:mod:`nimarcade.cli`) for every command."""
    global _user_folder
    _user_folder = folder
    if folder is None:
        os.environ.pop(USER_FOLDER_VARIABLE, None)
    else:
        os.environ[USER_FOLDER_VARIABLE] = str(folder)


def user_folder() -> Path | None:
    """The folder of the player's own levels now read (:func:`set_user_folder`)."""
    return _user_folder


def load(game: str) -> list[Level]:
    """The levels of ``game`` from its level file (``levels/<game>.toml`` unless its registry
    entry names another), then the player's own (:func:`set_user_folder`), whose ids the shipped
    levels don't already use. A broken level of the player's own is left out alone (the others
    of the file stay; :func:`own_problems` says what was wrong), a file that can't be read at
    all leaves the shipped levels: the player's file never hides them nor stops a command."""
    if game not in registry.REGISTRY:
        raise LevelError(N_("lvl.unknown_game"), game=game, games=", ".join(registry.GAMES))
    shipped = load_file(registry.get(game).level_file or LEVELS_DIR / f"{game}.toml", game)
    own = _user_folder / f"{game}.toml" if _user_folder is not None else None
    _problems.pop(game, None)
    if own is None or not own.exists():    # a FIFO or a folder there is named, never opened
        return shipped
    extra, problems = _load_tolerant(own, game)
    if problems:
        _problems[game] = problems
    ids = {lv.id for lv in shipped}
    return shipped + [lv for lv in extra if lv.id not in ids]


#: Game -> what was wrong in the player's own file the last time it was read (:func:`load`).
_problems: dict[str, list[LevelError]] = {}


def own_problems(game: str) -> list[LevelError]:
    """The errors of the player's own level file of ``game`` found by the last :func:`load`
    (each names the file, the level and the key), for a command that wants to say them."""
    return list(_problems.get(game, ()))


def _load_tolerant(path: Path, game: str) -> tuple[list[Level], list[LevelError]]:
    """The good levels of the player's own file, and the errors of the others."""
    try:
        data = _read(path)
    except LevelError as exc:
        return [], [exc]
    if data.get("game", game) != game or not isinstance(data.get("level"), list):
        return [], [LevelError(N_("lvl.no_levels"), file=path.name)]
    found, ids, problems = [], set(), []
    for n, raw in enumerate(data["level"], 1):
        try:
            level = _level(game, raw, path.name, n)
        except LevelError as exc:
            problems.append(exc)
            continue
        if level.id not in ids:
            ids.add(level.id)
            found.append(level)
    return found, problems


def find_level(game: str | None, level: str | None) -> Level:
    """A level asked for on a command line: by id (or name) within ``game`` or any game; the
    game's first level when ``level`` is None. LevelError names what exists otherwise."""
    wanted = [game] if game else list(registry.GAMES)
    ids: list[str] = []
    for g in wanted:
        found = load(g)
        if level is None:
            return found[0]
        for lv in found:
            if level == lv.id or level in lv.every_name():
                return lv
        ids += [lv.id for lv in found]
        for problem in own_problems(g):      # the level is the player's own, and broken: say why
            if problem.params.get("level") == level:
                raise problem
    raise LevelError(N_("lvl.no_such_level"), level=level, where=game or ", ".join(registry.GAMES),
                     levels=", ".join(dict.fromkeys(ids)))


def load_file(path: str | Path, game: str | None = None) -> list[Level]:
    """The levels in one file. The game is the file's ``game`` key, or else its name."""
    path = Path(path)
    where = path.name
    data = _read(path)
    game = data.get("game", game or path.stem)
    if game not in registry.REGISTRY:
        raise LevelError(N_("lvl.unknown_game"), game=game, games=", ".join(registry.GAMES))
    raw_levels = data.get("level")
    if not isinstance(raw_levels, list) or not raw_levels:
        raise LevelError(N_("lvl.no_levels"), file=where)
    levels, ids = [], set()
    for n, raw in enumerate(raw_levels, 1):
        level = _level(game, raw, where, n)
        if level.id in ids:
            raise LevelError(N_("lvl.bad"), file=where, level=level.id, key="id", why=tr("lvl.dup_id"))
        ids.add(level.id)
        levels.append(level)
    return levels


#: A level file larger than this is not read (a level file is a few kilobytes).
MAX_FILE = 16 * 1024 * 1024


def _read(path: Path) -> dict[str, Any]:
    """A level file's TOML; LevelError (naming the file, and where it stopped) otherwise."""
    where = path.name
    try:
        if path.exists() and (not path.is_file() or path.stat().st_size > MAX_FILE):
            raise LevelError(N_("lvl.unreadable"), file=where)     # a FIFO is never opened (it would wait)
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LevelError(N_("lvl.missing"), file=where) from None
    except (OSError, UnicodeDecodeError):
        raise LevelError(N_("lvl.unreadable"), file=where) from None
    except tomllib.TOMLDecodeError as exc:
        # The parser's words are English: keep only where it stopped, and say it in our words.
        at = re.search(r"line (\d+), column (\d+)", str(exc))
        if at:
            raise LevelError(N_("lvl.syntax_at"), file=where, line=int(at.group(1)), col=int(at.group(2))) from None
        raise LevelError(N_("lvl.syntax"), file=where) from None
    return data


def _level(game: str, raw: Any, where: str, n: int) -> Level:
    label = str(n)
    if not isinstance(raw, dict):
        raise LevelError(N_("lvl.bad"), file=where, level=label, key="level", why=tr("lvl.want_table"))
    ident = raw.get("id")
    if not isinstance(ident, str) or not ident.strip():
        raise LevelError(N_("lvl.bad"), file=where, level=label, key="id", why=tr("lvl.want_text"))
    label = ident

    def bad(key: str, why: str) -> LevelError:
        return LevelError(N_("lvl.bad"), file=where, level=label, key=key, why=why)

    spec = registry.get(game)
    known = {p.name for p in spec.params}
    for key in raw:
        if key not in known and key not in COMMON and not key.startswith(OLD_NAME):
            raise bad(key, tr("lvl.unknown_key"))
    name = _names(raw)
    if name is None:
        raise bad("name", tr("lvl.want_names_in", required=", ".join(NAMES_REQUIRED)))
    if not name and not has(catalogue_key(game, ident)):
        raise bad("name", tr("lvl.want_name_or_key", key=catalogue_key(game, ident),
                             required=", ".join(NAMES_REQUIRED)))
    opponent = raw.get("opponent", 3)
    why = _int(0, max(registry.AI_LEVELS))(opponent)
    if why:
        raise bad("opponent", why)
    first = raw.get("first", "random")
    why = _choice(FIRST_CHOICES)(first)
    if why:
        raise bad("first", why)
    params: dict[str, Any] = {}
    for p in spec.params:
        if p.name not in raw:
            if p.required:
                raise bad(p.name, tr("lvl.required"))
            params[p.name] = p.default
            continue
        value = raw[p.name]
        params[p.name] = tuple(value) if isinstance(value, list) else value
    problem = spec.check_params(params)
    if problem:
        key, why_problem = problem
        raise bad(key, _why(why_problem))
    return Level(game, ident, name, params, opponent, first, where)


def _names(raw: Mapping[str, Any]) -> dict[str, str] | None:
    """A level's own names by language: its ``name`` table, over the older ``name_<lang>`` keys
    (empty when it gives none: the catalogues name it); None when they are not texts, one is
    empty, or a language every level that names itself must name is missing."""
    name = raw.get("name", {})
    if not isinstance(name, dict):
        return None
    found = {key.removeprefix(OLD_NAME): value for key, value in raw.items() if key.startswith(OLD_NAME)}
    found.update(name)
    if not all(isinstance(text, str) and text.strip() for text in found.values()):
        return None
    if not found:
        return found
    if not all(found.get(lang) for lang in NAMES_REQUIRED):
        return None
    return found
