"""The text protocol between Nim Arcade and a player's program (docs/PROTOCOL.md): UCI's command
set, one command a line, as Aualé speaks it for Oware, for every game of the registry.

The game (the GUI) keeps the position and referees; the program is stateless between ``position``
commands and answers ``isready`` at once. The GUI sends::

    uci                                  -> id name ..., option name ... , uciok
    setoption name Game value sticks     (only the options the program announced)
    isready                              -> readyok
    ucinewgame
    position startpos moves 3 2 1        (the moves so far, in the game's record notation)
    go movetime 5000 | go depth 12       -> info depth 3 score cp 100 pv 1 ..., bestmove 2
    stop                                 -> bestmove ... at once
    quit

For Oware the moves are letters (A-F South, a-f North) written one after the other, as Aualé
writes them (``position startpos moves EcCf``), and ``position fen 4-4-...-0-0-S`` gives a
diagram; a game's :class:`~nimarcade.core.registry.ProtocolSpec` says which of these it uses.

Pure Python: both sides of the protocol use these functions (the game's client in
:mod:`.program`, our engine in :mod:`nimarcade.players.server`, the Python host in :mod:`.host`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence, cast

from nimarcade.core.computer import SearchInfo

#: Every command the GUI sends, and every reply a program may make.
GUI_COMMANDS = ("uci", "debug", "isready", "setoption", "ucinewgame", "position", "go", "stop", "ponderhit",
                "quit")
REPLIES = ("id", "option", "uciok", "readyok", "info", "bestmove", "copyprotection", "registration")


def option_name(param: str) -> str:
    """A parameter's option name: ``grand_slam`` -> ``GrandSlam``, ``sticks`` -> ``Sticks``."""
    return "".join(part.capitalize() for part in param.split("_"))


def split(line: str) -> tuple[str, list[str]]:
    """A line's command word and the rest of its words ("" for an empty line)."""
    words = line.split()
    return (words[0], words[1:]) if words else ("", [])


# -- position ------------------------------------------------------------------------------------
def position_command(moves: Sequence[str], joined: bool = False, fen: str | None = None) -> str:
    """``position startpos moves ...`` for the moves so far (in notation)."""
    head = f"position fen {fen}" if fen else "position startpos"
    if not moves:
        return head
    return f"{head} moves {''.join(moves) if joined else ' '.join(moves)}"


@dataclass(frozen=True)
class Position:
    fen: str | None
    moves: tuple[str, ...]


def parse_position(words: Sequence[str], joined: bool = False) -> Position:
    """The words after ``position``; ValueError when they are not ``startpos``/``fen X`` then
    optionally ``moves ...``. With ``joined`` a word of several moves is split letter by letter
    (Aualé's ``EcCf``; spaced moves are read too)."""
    words = list(words)
    if not words:
        raise ValueError("position needs startpos or fen")
    fen = None
    if words[0] == "startpos":
        rest = words[1:]
    elif words[0] == "fen":
        if "moves" in words:
            cut = words.index("moves")
            fen, rest = " ".join(words[1:cut]), words[cut:]
        else:
            fen, rest = " ".join(words[1:]), []
        if not fen:
            raise ValueError("fen needs a diagram")
    else:
        raise ValueError(f"position {words[0]}?")
    if rest and rest[0] != "moves":
        raise ValueError(f"unexpected {rest[0]}")
    moves = rest[1:]
    if joined:
        moves = [ch for word in moves for ch in word]
    return Position(fen, tuple(moves))


# -- go --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Go:
    movetime: float | None = None     # seconds
    depth: int | None = None
    infinite: bool = False


def go_command(movetime: float | None = None, depth: int | None = None) -> str:
    parts = ["go"]
    if depth is not None:
        parts += ["depth", str(depth)]
    if movetime is not None:
        parts += ["movetime", str(max(1, round(movetime * 1000)))]
    return " ".join(parts) if len(parts) > 1 else "go infinite"


def parse_go(words: Sequence[str]) -> Go:
    """``go movetime N`` (milliseconds), ``go depth N``, ``go infinite`` / ``go ponder``; the
    clock commands (wtime, btime...) are read as that side's time left divided by 30."""
    words = list(words)
    movetime = depth = None
    infinite = False
    clock: dict[str, int] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("infinite", "ponder"):
            infinite = True
            i += 1
            continue
        if i + 1 >= len(words):
            raise ValueError(f"{word} needs a number after it")
        try:
            value = int(words[i + 1])
        except ValueError:
            raise ValueError(f"{word} takes a whole number, 0 or more") from None
        if value < 0:
            raise ValueError(f"{word} takes a whole number, 0 or more (not a negative one)")
        if word == "movetime":
            movetime = value / 1000
        elif word == "depth":
            depth = value
        elif word in ("wtime", "btime", "winc", "binc", "movestogo", "nodes", "mate"):
            clock[word] = value
        else:
            raise ValueError(f"{word} is not a word of go (movetime, depth, infinite, wtime...)")
        i += 2
    if movetime is None and ("wtime" in clock or "btime" in clock):
        movetime = max(clock.get("wtime", 0), clock.get("btime", 0)) / 1000 / max(1, clock.get("movestogo", 30))
    return Go(movetime, depth, infinite)


# -- replies ---------------------------------------------------------------------------------------
def bestmove(words: Sequence[str]) -> str | None:
    """The move of a ``bestmove`` reply (None for ``bestmove`` alone or ``0000``/``(none)``)."""
    if not words or words[0] in ("0000", "(none)"):
        return None
    return words[0]


#: The words of an ``info`` line that take one number.
INFO_NUMBERS = ("depth", "seldepth", "time", "nodes", "nps", "multipv", "hashfull", "tbhits", "currmovenumber")


def parse_info(words: Sequence[str], joined: bool = False) -> SearchInfo:
    """What an ``info`` line says: depth, nodes, nps, time (ms), score (``cp``, or ``mate``
    moves), pv (a list of moves in notation), string. Words it does not know are skipped."""
    out: dict[str, Any] = {}
    words = list(words)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "string":
            out["string"] = " ".join(words[i + 1:])
            break
        if word in INFO_NUMBERS and i + 1 < len(words):
            try:
                out[word] = int(words[i + 1])
            except ValueError:
                pass
            i += 2
            continue
        if word == "score" and i + 2 < len(words) and words[i + 1] in ("cp", "mate"):
            try:
                out["mate" if words[i + 1] == "mate" else "score"] = int(words[i + 2])
            except ValueError:
                pass
            i += 3
            continue
        if word == "pv":
            j = i + 1
            pv = []
            while j < len(words) and words[j] not in INFO_NUMBERS + ("score", "string", "pv", "currmove"):
                pv.append(words[j])
                j += 1
            out["pv"] = [ch for w in pv for ch in w] if joined else pv
            i = j
            continue
        i += 1
    return cast(SearchInfo, out)     # SearchInfo's keys, and the protocol's other numbers


def info_command(depth: int | None = None, score: int | None = None, mate: int | None = None,
                 nodes: int | None = None, nps: int | None = None, pv: Sequence[str] = (),
                 joined: bool = False, time_ms: int | None = None) -> str:
    parts = ["info"]
    if depth is not None:
        parts += ["depth", str(depth)]
    if mate is not None:
        parts += ["score", "mate", str(mate)]
    elif score is not None:
        parts += ["score", "cp", str(score)]
    for word, value in (("nodes", nodes), ("nps", nps), ("time", time_ms)):
        if value is not None:
            parts += [word, str(value)]
    if pv:
        parts += ["pv", "".join(pv) if joined else " ".join(pv)]
    return " ".join(parts)


# -- options ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """An option a program announced (``option name X type spin default 3 min 1 max 4``)."""

    name: str
    type: str = "string"
    default: str | None = None
    min: int | None = None
    max: int | None = None
    vars: tuple[str, ...] = field(default=())


def parse_option(words: Sequence[str]) -> Option:
    """The words after ``option``; ValueError without a name."""
    keys = ("name", "type", "default", "min", "max", "var")
    found: dict[str, Any] = {"var": []}
    words = list(words)
    i = 0
    key = None
    values: list[str] = []

    def flush() -> None:
        if key is None:
            return
        text = " ".join(values)
        if key == "var":
            found["var"].append(text)
        else:
            found[key] = text

    while i < len(words):
        if words[i] in keys:
            flush()
            key, values = words[i], []
        else:
            values.append(words[i])
        i += 1
    flush()
    if not found.get("name"):
        raise ValueError("option without a name")

    def number(text: Any) -> int | None:
        try:
            return int(text)
        except (TypeError, ValueError):
            return None

    return Option(found["name"], found.get("type", "string"), found.get("default"), number(found.get("min")),
                  number(found.get("max")), tuple(found["var"]))


def option_command(option: Option) -> str:
    parts = ["option", "name", option.name, "type", option.type]
    if option.default is not None:
        parts += ["default", option.default]
    if option.min is not None:
        parts += ["min", str(option.min)]
    if option.max is not None:
        parts += ["max", str(option.max)]
    for var in option.vars:
        parts += ["var", var]
    return " ".join(parts)


def setoption(words: Sequence[str]) -> tuple[str, str]:
    """``setoption name X value Y`` -> (X, Y); the name may hold spaces, the value may be empty."""
    words = list(words)
    if not words or words[0] != "name":
        raise ValueError("setoption name ...")
    if "value" in words:
        cut = words.index("value")
        return " ".join(words[1:cut]), " ".join(words[cut + 1:])
    return " ".join(words[1:]), ""


def params_as_options(params: Mapping[str, Any], spec: Any) -> dict[str, str]:
    """A level's parameters as the option values a program is sent (``Sticks`` -> "13")."""
    out = {}
    for p in spec.params:
        value = params.get(p.name)
        if value is not None:
            out[option_name(p.name)] = p.to_text(value)
    return out
