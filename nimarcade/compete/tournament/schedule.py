"""Who plays whom, and one game of the tournament played where it is sent.

A round robin: every pair of entrants plays ``games`` games, two by two. Both games of a pair
start from the same few random moves (the ``p``-th pair of every match gets the same opening,
drawn from the tournament's seed), and the entrants swap seats between them: the one who moves
first in one game moves second in the other. Each game is a :class:`Task` that carries all it
needs (the programs' commands, not the catalog's file), so it can be played in this process, in
a worker process or on a machine of a cluster, and its :class:`GameResult` is plain data (the
record's text included) that the tournament's own process writes down.

A game's key names it for good (the two entrants' canonical texts and its number in their
match), whatever the order of ``--players``: a resumed run knows it by that key.
"""
from __future__ import annotations

import datetime
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Mapping

from nimarcade.core import registry
from nimarcade.records import record as records
from nimarcade.players import catalog as catalog_mod
from nimarcade.players import referee
from nimarcade.players.program import ProgramSource
from nimarcade.core.match import Seat

#: Random plies before the players take over, the same for both games of a pair.
OPENING_PLIES = 2


def ident(seat: Seat) -> str:
    """The canonical text of a player ("level 2", a catalog name, a file's absolute path): the
    games' keys and the results file name players by it."""
    return f"level {seat}" if isinstance(seat, int) else seat


@dataclass(frozen=True)
class Entrant:
    """One player of the tournament: ``seat`` as the referee takes it (a level, a catalog name,
    a ``.py`` file's absolute path), ``label`` as the tables show it, ``source`` its program."""

    seat: Seat
    label: str
    source: ProgramSource | None = None

    @property
    def ident(self) -> str:
        return ident(self.seat)

    @property
    def file_label(self) -> str:
        """Its name in the games' file names, as the tables name it (« niveau_1 » in French,
        « Chloé_Grundy » with its accents)."""
        return file_stem(self.label)

    @property
    def level(self) -> int | None:
        """The built-in level it is, or None for a program."""
        return self.seat if isinstance(self.seat, int) else None


def entrants(seats: list[Seat], found: catalog_mod.Catalog, level_word: str) -> list[Entrant]:
    """The entrants of these seats, each labelled by its level (``level_word`` N) or its name;
    two programs of the same name are told apart by a number."""
    out: list[Entrant] = []
    taken: set[str] = set()
    for seat in seats:
        if isinstance(seat, int):
            label, source = f"{level_word} {seat}", None
        else:
            label, source = catalog_mod.display_name(seat), catalog_mod.source_of(seat, found)
        base, n = label, 2
        while label in taken:
            label, n = f"{base} ({n})", n + 1
        taken.add(label)
        out.append(Entrant(seat, label, source))
    return out


@dataclass(frozen=True)
class Task:
    """One game to play: ``seats`` (the first moves first), after ``opening`` (in the game's
    notation), with the referee's ``seed`` (made of names, not of paths, so that a game comes out
    the same wherever its players' files are)."""

    key: str
    game: str
    level_id: str
    params: Mapping[str, Any] = field(hash=False)
    seats: tuple[Seat, Seat]
    programs: tuple[ProgramSource, ...]
    opening: tuple[str, ...]
    seed: str
    program_time: float


@dataclass
class GameResult:
    """A finished game, as plain data: who sat where (canonical texts), each seat's points, how it
    ended, and its record (ours, then the game's other formats as ``(suffix, text)``)."""

    key: str
    seats: tuple[str, str]
    points: tuple[float, float]
    result: str
    reason: str
    plies: int
    times: tuple[float, float]
    moves: tuple[int, int]
    record: str
    formats: list[tuple[str, str]]
    forfeit: dict[str, Any] | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameResult":
        return cls(data["key"], tuple(data["seats"]), tuple(data["points"]), data["result"], data["reason"],
                   data["plies"], tuple(data["times"]), tuple(data["moves"]), data["record"],
                   [tuple(f) for f in data["formats"]], data.get("forfeit"))


def game_key(a: Entrant, b: Entrant, number: int) -> str:
    """The key of game ``number`` (from 0) between ``a`` and ``b``, whichever is named first."""
    first, second = sorted((a.ident, b.ident))
    return f"{first} | {second} | {number + 1}"


def tasks(players: list[Entrant], game: str, level_id: str, params: Mapping[str, Any], per_pair: int,
          seed: int, program_time: float) -> list[Task]:
    """Every game of the round robin, pair after pair of games, so that an interrupted run has
    played whole pairs as far as it could."""
    spec = registry.get(game)
    matches = [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
    out = []
    for pair in range((per_pair + 1) // 2):
        moves = referee.opening(spec, params, OPENING_PLIES, f"{seed}-{pair}")
        opening = tuple(spec.notation.format_move(m) for m in moves)
        for a, b in matches:
            first, second = sorted((a, b), key=lambda e: e.ident)
            for number in (2 * pair, 2 * pair + 1):
                if number >= per_pair:
                    break
                seated = (first, second) if number % 2 == 0 else (second, first)
                key = game_key(a, b, number)
                out.append(Task(key, game, level_id, dict(params), (seated[0].seat, seated[1].seat),
                                tuple(e.source for e in seated if e.source is not None), opening,
                                f"{seed}-{number}-{first.file_label}-{second.file_label}", program_time))
    return out


def play(task: Task) -> GameResult:
    """Play one game to its end (a program that fails loses it by forfeit) and describe it."""
    spec = registry.get(task.game)
    config = referee.config_for(task.game, task.params, task.seats, task.level_id, task.program_time)
    state = spec.new_state(config.params)
    opening = []
    for text in task.opening:
        move = spec.read_move(state, text)
        opening.append(move)
        state = state.play(move)
    found = catalog_mod.Catalog(task.programs)
    players = [referee.SeatPlayer(s, time=level_time(spec, s, task.program_time)) for s in task.seats]
    played = referee.play(config, players, 0, opening, task.seed, found)
    match = played.match
    today = datetime.date.today()
    formats = [(fmt.suffix, fmt.write(match, today)) for fmt in spec.notation.formats if fmt.can_write(match)]
    lost = match.forfeited
    forfeit = None
    if lost is not None:
        params = {k: v for k, v in lost.params.items() if isinstance(v, (str, int, float, bool))}
        forfeit = {"seat": match.seat_of(lost.loser), "key": lost.key, "params": params,
                   "details": list(lost.details)}
    outcome = match.outcome
    first, second = task.seats
    return GameResult(task.key, (ident(first), ident(second)), played.points,
                      records.result_of(match) if outcome is not None else "1/2-1/2",
                      outcome.reason if outcome is not None else "max_plies", len(match.moves),
                      played.times, played.moves, records.write(match, today), formats, forfeit)


def level_time(spec: registry.GameSpec, seat: Seat, program_time: float) -> float | None:
    """A seat's seconds a move: a level thinks its own time, but never longer than the
    tournament's time a move (``--time``), as the programs; a level that searches to a depth (no
    time of its own), and a program, None (the referee gives a program ``--time``)."""
    if not isinstance(seat, int):
        return None
    own = spec.time_for(seat)
    return None if own is None else min(own, program_time)


def file_stem(text: str) -> str:
    """A label as a file name's part: letters (accented ones too), digits, ``-`` and ``_`` only."""
    return re.sub(r"[^\w-]+", "_", unicodedata.normalize("NFC", text)).strip("_") or "player"
