"""Level files: ``levels/<game>.toml`` -> validated, frozen :class:`Level` values.

A level names itself in French and English, sets the board, the default opponent and who starts.
Every value is checked on load; a bad file raises :class:`LevelError` whose message names the
file, the level and the key, so a teacher editing a level knows exactly what to fix.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from nimarcade.i18n import tr
from nimarcade.rules import GAMES, RulesError
from nimarcade.rules.awele import VARIANTS, AweleState
from nimarcade.rules.grid import MAX_SIZE, MIN_SIZE, GridState
from nimarcade.rules.heaps import HeapsState
from nimarcade.rules.matches import RowState
from nimarcade.rules.sticks import SticksState

#: The longest row a level may set: the exact solver's first move costs ~10 s cold at 60
#: (docs/BENCHMARKS.md), while the rules accept longer rows.
MAX_MATCHES = 60

LEVELS_DIR = Path(__file__).resolve().parent.parent / "levels"
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
    name_fr: str
    name_en: str
    #: Board parameters, as keyword arguments of the game's state constructor.
    params: Mapping[str, Any] = field(hash=False, compare=True)
    #: Default opponent: 0 for a human, 1-4 for the computer's level.
    opponent: int = 3
    #: Who starts by default: "human" (player 1), "computer" or "random".
    first: str = "random"
    source: str = ""

    def name(self, lang: str | None = None) -> str:
        from nimarcade.i18n import language

        return self.name_en if (lang or language()) == "en" else self.name_fr

    def new_state(self, first: int = 0, **overrides: Any):
        """The starting state of this level; ``overrides`` replace board parameters."""
        return make_state(self.game, {**self.params, **overrides}, first)


def make_state(game: str, params: Mapping[str, Any], first: int = 0):
    """Build a game's starting state from board parameters (level keys)."""
    p = dict(params)
    if game == "sticks":
        return SticksState.new(p["sticks"], p.get("max_take", 3), p.get("last_loses", False), first)
    if game == "heaps":
        return HeapsState.new(p["heaps"], p.get("misere", False), first)
    if game == "grid":
        return GridState.new(p["rows"], p["cols"], p["pawns"], first)
    if game == "matches":
        if p.get("pattern"):
            return RowState.from_pattern(p["pattern"], p.get("max_take", 3), first)
        return RowState.new(p.get("length", 21), p.get("max_take", 3), first)
    if game == "awele":
        return AweleState.new(p.get("seeds", 4), p.get("grand_slam", "forbidden"), first)
    raise ValueError(f"unknown game {game!r}")


# -- validation ----------------------------------------------------------------------------------
def _int(lo: int, hi: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, int) or isinstance(v, bool):
            return tr("lvl.want_int", lo=lo, hi=hi)
        if not lo <= v <= hi:
            return tr("lvl.range", lo=lo, hi=hi, v=v)
        return None

    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else tr("lvl.want_bool")


def _choice(options: tuple[str, ...]) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v in options else tr("lvl.choice", options=", ".join(options))

    return check


def _heaps(v: Any) -> str | None:
    if not isinstance(v, list) or not 1 <= len(v) <= 8:
        return tr("lvl.heaps_list")
    for h in v:
        if not isinstance(h, int) or isinstance(h, bool) or not 1 <= h <= 25:
            return tr("lvl.heaps_list")
    return None


def _pattern(v: Any) -> str | None:
    """1 to MAX_MATCHES cells (as the ``length`` key) with at least one match: never a finished game."""
    if not isinstance(v, str):
        return tr("lvl.pattern")
    try:
        row = RowState.from_pattern(v)
    except RulesError:
        return tr("lvl.pattern")
    if row.length > MAX_MATCHES or row.is_over:
        return tr("lvl.pattern")
    return None


#: Per game: key -> (required, check, default).
SCHEMAS: dict[str, dict[str, tuple[bool, Callable[[Any], str | None], Any]]] = {
    "sticks": {
        "sticks": (True, _int(1, 60), None),
        "max_take": (False, _int(2, 9), 3),
        "last_loses": (False, _bool, False),
    },
    "heaps": {"heaps": (True, _heaps, None), "misere": (False, _bool, False)},
    "grid": {
        "rows": (True, _int(MIN_SIZE, MAX_SIZE), None),
        "cols": (True, _int(MIN_SIZE, MAX_SIZE), None),
        "pawns": (True, _int(1, MAX_SIZE), None),
    },
    "matches": {
        "length": (False, _int(1, MAX_MATCHES), 21),
        "pattern": (False, _pattern, ""),
        "max_take": (False, _int(1, 5), 3),
    },
    "awele": {
        "seeds": (False, _int(3, 6), 4),
        "grand_slam": (False, _choice(VARIANTS), "forbidden"),
    },
}
COMMON = {"id", "name", "opponent", "first"}


def load(game: str) -> list[Level]:
    """The levels of ``game`` from ``levels/<game>.toml``."""
    if game not in GAMES:
        raise LevelError("lvl.unknown_game", game=game, games=", ".join(GAMES))
    return load_file(LEVELS_DIR / f"{game}.toml", game)


def load_file(path: str | Path, game: str | None = None) -> list[Level]:
    """The levels in one file. The game is the file's ``game`` key, or else its name."""
    path = Path(path)
    where = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LevelError("lvl.missing", file=where) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LevelError("lvl.unreadable", file=where, why=str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise LevelError("lvl.syntax", file=where, why=str(exc)) from None
    game = data.get("game", game or path.stem)
    if game not in SCHEMAS:
        raise LevelError("lvl.unknown_game", game=game, games=", ".join(GAMES))
    raw_levels = data.get("level")
    if not isinstance(raw_levels, list) or not raw_levels:
        raise LevelError("lvl.no_levels", file=where)
    levels, ids = [], set()
    for n, raw in enumerate(raw_levels, 1):
        level = _level(game, raw, where, n)
        if level.id in ids:
            raise LevelError("lvl.bad", file=where, level=level.id, key="id", why=tr("lvl.dup_id"))
        ids.add(level.id)
        levels.append(level)
    return levels


def _level(game: str, raw: Any, where: str, n: int) -> Level:
    label = str(n)
    if not isinstance(raw, dict):
        raise LevelError("lvl.bad", file=where, level=label, key="level", why=tr("lvl.want_table"))
    ident = raw.get("id")
    if not isinstance(ident, str) or not ident.strip():
        raise LevelError("lvl.bad", file=where, level=label, key="id", why=tr("lvl.want_text"))
    label = ident

    def bad(key: str, why: str) -> LevelError:
        return LevelError("lvl.bad", file=where, level=label, key=key, why=why)

    schema = SCHEMAS[game]
    for key in raw:
        if key not in schema and key not in COMMON:
            raise bad(key, tr("lvl.unknown_key"))
    name = raw.get("name")
    if not isinstance(name, dict) or not all(isinstance(name.get(l), str) and name.get(l) for l in ("fr", "en")):
        raise bad("name", tr("lvl.want_names"))
    opponent = raw.get("opponent", 3)
    why = _int(0, 4)(opponent)
    if why:
        raise bad("opponent", why)
    first = raw.get("first", "random")
    why = _choice(FIRST_CHOICES)(first)
    if why:
        raise bad("first", why)
    params: dict[str, Any] = {}
    for key, (required, check, default) in schema.items():
        if key not in raw:
            if required:
                raise bad(key, tr("lvl.required"))
            params[key] = default
            continue
        why = check(raw[key])
        if why:
            raise bad(key, why)
        params[key] = tuple(raw[key]) if isinstance(raw[key], list) else raw[key]
    if game == "grid" and params["pawns"] > params["rows"]:
        raise bad("pawns", tr("lvl.range", lo=1, hi=params["rows"], v=params["pawns"]))
    try:
        make_state(game, params)
    except RulesError as exc:
        raise bad(next(iter(schema)), exc.message()) from None
    return Level(game, ident, name["fr"], name["en"], params, opponent, first, where)
