"""Where a seat's player comes from: ``human``, a computer level ``1``-``4``, the name of a program
in ``engines.toml`` (in the config folder, ``$NIMARCADE_CONFIG_DIR`` or the platform's), the
path of a Python player's ``.py`` file, or a player's folder or its ``player.toml`` (read as
``nimarcade class`` reads a student's: :mod:`nimarcade.players.folder`). The name of an entry that
engines.toml's problems left out is answered with those problems, not as an unknown name.

An entry of ``engines.toml``::

    [[engine]]
    name = "aalina"
    command = ["java", "-jar", "/path/to/Aalina.jar", "service"]
    protocol = "uci"
    games = ["awele"]
    memory_mb = 0            # no memory limit (a Java VM reserves a lot); default 1024
    cpu_seconds = 3600       # CPU time for a whole game; default 600
    [engine.params]
    grand_slam = ["capture_nothing"]

``games`` and ``params`` say where the program can play: it is offered only there. A broken file
or entry is reported (file, entry, key, in the player's language) and left out; the rest loads.
Pure Python, no pygame.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from nimarcade.core import registry
from nimarcade.i18n import N_, tr
from nimarcade.storage import files as storage
from nimarcade.storage.regular import TEXT_LIMIT, read_regular_text
from nimarcade.core.match import program_name
from nimarcade.players import folder as folder_mod
from nimarcade.players.files import PlayerFileError, check_python_player
from nimarcade.players.program import ProgramPlayer, ProgramSource, python_source
from nimarcade.players.sandbox import Limits, named_paths

FILE = "engines.toml"
HUMAN_WORDS = ("human", "humain", "h", "0")
PROTOCOLS = ("uci",)


@dataclass(frozen=True)
class Problem:
    """Something wrong in engines.toml: a translation key and its parameters."""

    key: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Catalog:
    programs: tuple[ProgramSource, ...] = ()
    problems: tuple[Problem, ...] = ()

    def find(self, name: str) -> ProgramSource | None:
        return next((p for p in self.programs if p.name == name), None)

    def for_game(self, game: str, params: Mapping[str, Any]) -> list[ProgramSource]:
        """The programs that can play this game with these parameters."""
        return [p for p in self.programs if p.fits(game, params)]


def path(folder: Path | None = None) -> Path:
    return (folder or storage.config_dir()) / FILE


def load(folder: Path | None = None) -> Catalog:
    """The programs of engines.toml (none when there is no such file). Each problem names the
    file, the line, the entry and the key, and says what is wrong in the player's language."""
    file = path(folder)
    try:
        text = read_regular_text(file, TEXT_LIMIT)      # never a FIFO, never without bound
        data = tomllib.loads(text)
    except FileNotFoundError:
        return Catalog()
    except (OSError, UnicodeDecodeError):
        return Catalog((), (Problem(N_("engines.unreadable"), {"file": str(file)}),))
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = found.group(1) if found else str(max(1, len(text.splitlines())))   # "at end of document"
        why = re.sub(r" \(at (line \d+, column \d+|end of document)\)$", "", str(exc))
        return Catalog((), (Problem(N_("engines.syntax"), {"file": str(file), "line": line, "why": why}),))
    places = _places(text)
    entries = data.get("engine", [])
    if not isinstance(entries, list):
        return Catalog((), (Problem(N_("engines.bad"), {"file": str(file), "line": 1, "entry": "engine", "key": "engine",
                                                    "why": tr("engines.want_entries")}),))
    programs: list[ProgramSource] = []
    problems: list[Problem] = []
    for n, raw in enumerate(entries, 1):
        lines = places[n - 1] if n - 1 < len(places) else {}
        where = {"file": str(file), "line": lines.get("", "?")}
        label = raw["name"].strip() if isinstance(raw, dict) and isinstance(raw.get("name"), str) and raw["name"].strip() \
            else str(n)
        for key in (raw if isinstance(raw, dict) else {}):
            if key not in KEYS:
                problems.append(Problem(N_("engines.unknown_key"), {**where, "line": lines.get(key, where["line"]),
                                                                "entry": label, "key": key,
                                                                "known": ", ".join(KEYS)}))
        try:
            source = _entry(raw, n)
        except _Bad as bad:
            problems.append(Problem(N_("engines.bad"), {**where, "line": lines.get(bad.params["key"], where["line"]),
                                                    **bad.params}))
            continue
        if any(p.name == source.name for p in programs):
            problems.append(Problem(N_("engines.bad"), {**where, "line": lines.get("name", where["line"]),
                                                    "entry": source.name, "key": "name",
                                                    "why": tr("engines.want_unique")}))
            continue
        programs.append(source)
    return Catalog(tuple(programs), tuple(problems))


#: The keys of an ``[[engine]]`` entry; any other is named as unknown (a misspelt ``comand``).
KEYS = ("name", "command", "protocol", "games", "params", "cpu_seconds", "memory_mb")
_HEADER = re.compile(r"^\s*\[\[\s*engine\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*engine\.(\w+)\s*\]")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+|\"[^\"]*\")\s*=")


def _places(text: str) -> list[dict[str, int]]:
    """For each ``[[engine]]`` entry of the file, the line of its header (key "") and of each of
    its keys (a sub-table ``[engine.params]`` by its name), counted from 1."""
    entries: list[dict[str, int]] = []
    in_sub = False
    for number, line in enumerate(text.splitlines(), 1):
        if _HEADER.match(line):
            entries.append({"": number})
            in_sub = False
        elif entries and (table := _TABLE.match(line)):
            entries[-1].setdefault(table.group(1), number)
            in_sub = True
        elif entries and line.lstrip().startswith("["):
            in_sub = True                   # another table: not this entry's keys
        elif entries and not in_sub and (key := _KEY.match(line)):
            entries[-1].setdefault(key.group(1).strip('"'), number)
    return entries


class _Bad(ValueError):
    def __init__(self, entry: str, key: str, why: str, **values: Any) -> None:
        self.params = {"entry": entry, "key": key, "why": tr(f"engines.want_{why}", **values)}
        super().__init__(f"{entry}: {key}: {why}")


def _entry(raw: Any, n: int) -> ProgramSource:
    label = str(n)
    if not isinstance(raw, dict):
        raise _Bad(label, "engine", "table")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip() or name in HUMAN_WORDS or name.isdigit() or name.endswith(".py"):
        if isinstance(name, str) and name.strip():
            label = name.strip()            # named by its own name, even a refused one
        raise _Bad(label, "name", "name" if isinstance(name, str) else ("missing" if name is None else "text"))
    command = raw.get("command")
    if command is None:
        raise _Bad(name, "command", "missing")
    if isinstance(command, str):
        command = command.split()
    if not isinstance(command, list) or not command or not all(isinstance(c, str) and c for c in command):
        raise _Bad(name, "command", "list")
    if "/" in command[0] and not Path(command[0]).expanduser().is_absolute():
        # the box runs it in a folder of its own: a relative path would fail at its first move
        raise _Bad(name, "command", "absolute", command=command[0])
    command = [str(Path(command[0]).expanduser()), *command[1:]]
    protocol = raw.get("protocol", "uci")
    if protocol not in PROTOCOLS:
        raise _Bad(name, "protocol", "one_of", values=", ".join(PROTOCOLS))
    wanted = raw.get("games", [])
    if not isinstance(wanted, list) or any(g not in registry.REGISTRY for g in wanted):
        raise _Bad(name, "games", "games", values=", ".join(registry.GAMES))
    params_raw = raw.get("params", {})
    if not isinstance(params_raw, dict):
        raise _Bad(name, "params", "table")
    params = {}
    for key, values in params_raw.items():
        if not isinstance(values, list):
            values = [values]
        params[key] = tuple(tuple(v) if isinstance(v, list) else v for v in values)
    limits = Limits(cpu=_number(raw, name, "cpu_seconds", 600), memory=_number(raw, name, "memory_mb", 1024))
    # the person's own program: its box shows the paths its command names (its executable, its
    # jar), never a student's (nimarcade.classroom shares a student's copy alone)
    return ProgramSource(name.strip(), tuple(command), tuple(wanted), params, limits, share=named_paths(command))


def _number(raw: dict[str, Any], name: str, key: str, default: int) -> int | None:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _Bad(name, key, "count")
    return value or None


def problem_lines(found: Catalog) -> list[str]:
    """What is wrong in engines.toml, one translated line a problem (every command says it)."""
    return [tr(p.key, **p.params) for p in found.problems]


# -- a seat's player -------------------------------------------------------------------------------
def parse_seat(text: str, catalog: Catalog | None = None) -> int | str:
    """``human`` (``h``, ``humain``, ``0``) -> 0; ``1``-``4`` -> that computer level; a program's
    name in the catalog, an existing ``.py`` file's path, or a player's folder (or its
    ``player.toml``: :mod:`.folder`, as ``nimarcade class`` reads a student's) -> that text (the
    path made absolute: a folder's own). ValueError otherwise;
    :class:`~nimarcade.players.files.PlayerFileError` for a ``.py`` file that isn't there or holds
    no player it could run (a syntax error...), a folder without a player, a notebook, or the name
    of an engines.toml entry left out for its problems, whose message says why."""
    t = text.strip()
    low = t.lower()
    if low in HUMAN_WORDS:
        return 0
    if low.isdigit() and int(low) in registry.AI_LEVELS:
        return int(low)
    if t.endswith(".py"):
        file = Path(t).expanduser()
        if not file.exists():           # said as such, not as the seat's general rule
            raise PlayerFileError(N_("players.file_missing"), file=t)
        if not file.is_file():
            raise ValueError(t)
        check_python_player(file)        # PlayerFileError: a syntax error, no player in it
        return str(file.resolve())
    if catalog is not None and catalog.find(t) is not None:
        return t
    if catalog is not None and (broken := [tr(p.key, **p.params) for p in catalog.problems
                                           if p.params.get("entry") == t]):
        raise PlayerFileError(N_("engines.seat_broken"), name=t, problems=" ".join(broken))
    given = Path(t).expanduser() if t else None
    if given is not None and given.suffix.lower() in (".ipynb", ".zip") and given.is_file():
        raise folder_mod.nothing_to_play([given])       # what to do with it, in one sentence
    if given is not None and (given.is_dir() or given.name == folder_mod.PLAYER_TOML and given.is_file()):
        top = given if given.is_dir() else given.parent
        found = folder_mod.choose(top, folder_mod.files_of(top))       # FolderError: why not
        if found.python is not None:
            check_python_player(found.python)
        return str(top.resolve())
    raise ValueError(t)


def is_folder_seat(seat: str) -> bool:
    """Whether a seat's text is a player's folder (:func:`parse_seat` makes it absolute)."""
    return Path(seat).is_absolute() and Path(seat).is_dir()


def folder_source(seat: str) -> ProgramSource:
    """The program of a player's folder: its Python player (named as it declares) or its command,
    its box showing it that folder; :class:`~.folder.FolderError` when it has none any more."""
    top = Path(seat)
    found = folder_mod.choose(top, folder_mod.files_of(top))
    if found.python is not None:
        return python_source(found.python, share=(top,))
    return ProgramSource(top.name, tuple(found.command or ()), share=(str(top),))


def source_of(seat: str, catalog: Catalog | None = None) -> ProgramSource:
    """The program of a seat's text (a catalog name, a ``.py`` path or a player's folder);
    LookupError if gone."""
    if seat.endswith(".py"):
        if not Path(seat).is_file():
            raise LookupError(seat)
        return python_source(seat)
    if is_folder_seat(seat):
        try:
            return folder_source(seat)
        except PlayerFileError:
            raise LookupError(seat) from None
    found = (catalog or load()).find(seat)
    if found is None:
        raise LookupError(seat)
    return found


def start_program(seat: str, spec: Any, params: Mapping[str, Any], time_limit: float,
                  catalog: Catalog | None = None) -> ProgramPlayer:
    """A seat's program from outside (a catalog name or a ``.py`` path), to be started for one game
    (the turn controller's ``start_program``, :class:`~nimarcade.core.turns.TurnController`);
    LookupError if it is gone."""
    return ProgramPlayer(source_of(seat, catalog), spec, params, time_limit)


def display_name(seat: str) -> str:
    """How a program seat is named on the screen: its catalog name, or the name its Python file
    declares (``name = "..."`` in its Player class), else the file's name."""
    return program_name(seat)
