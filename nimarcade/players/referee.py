"""One game between two players, without a window: the arena's and the tournament's referee.

A seat is a computer level (played by a fresh player of the game's engine, so the two sides never
share an engine's tables), or a program from outside (started for this game in its sandbox, and
killed at its end). The game is a real :class:`~nimarcade.core.match.Match`: it can be written as a
record, and a program that fails loses it by forfeit as it would in the window.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.computer import Forfeit
from nimarcade.core.match import PROGRAM_TIME, Match, MatchConfig, Seat

from nimarcade.players import catalog as catalog_mod
from nimarcade.players.program import ProgramPlayer, ProgramSource
from nimarcade.i18n import N_

#: A game still running after this many plies is stopped and counted as a draw. It does not
#: happen with the registry's games (each ends; Awélé's repetitions end its loops).
MAX_PLIES = 1000


@dataclass
class Played:
    """A finished game: the match (for its record), the plies each side thought for, and how
    long (by seat)."""

    match: Match
    times: tuple[float, float]
    moves: tuple[int, int]
    stopped: bool = False          # MAX_PLIES reached (counted as a draw)

    @property
    def points(self) -> tuple[float, float]:
        """Each seat's points: 1 a win, ½ a draw (seat 0 first)."""
        winner = self.match.winner
        if winner is None:
            return 0.5, 0.5
        seat = self.match.seat_of(winner)
        return (1.0, 0.0) if seat == 0 else (0.0, 1.0)


@dataclass(frozen=True)
class SeatPlayer:
    """What plays a seat: its text (a level or a program), and engine options for a level (a
    program's ``setoption`` values); ``make``: builds the chooser itself (the arena's players from
    a file); ``source``: how to start a program that is in no catalog (the arena's command line)."""

    seat: Seat
    options: Mapping[str, str] = field(default_factory=dict)
    time: float | None = None           # seconds a move (None: the level's, or PROGRAM_TIME)
    make: Callable[[], Any] | None = field(default=None, compare=False)
    source: ProgramSource | None = None


#: Random openings drawn before one is kept that leaves the game open (then the last is kept).
OPENING_TRIES = 50


def opening(spec: registry.GameSpec[Any, Any], params: Mapping[str, Any], plies: int, seed: Any) -> list[Any]:
    """``plies`` random moves from the start, the same for both games of a pair, drawn again
    while they decide the game by themselves (:func:`decided`): a paired opening should test the
    players, not hand the game to whoever moves next."""
    rng = random.Random(f"{spec.id}-opening-{seed}")
    line: list[Any] = []
    for _ in range(OPENING_TRIES):
        state = spec.new_state(params)
        line = []
        for _ in range(plies):
            if state.is_over:
                break
            move = state.random_move(rng)
            line.append(move)
            state = state.play(move)
        if not line or not decided(state):
            return line
    return line


def decided(state: Any) -> bool:
    """Whether a position is settled within two plies: the game is over, the player to move wins
    at once, or every move of theirs lets the other win at once (« 2:3 1:1 » leaving heaps 0, 0, 7:
    take the seven)."""
    if state.is_over:
        return True
    mover = state.to_move
    afters = [state.play(move) for move in state.legal_moves()]
    if any(after.is_over and after.winner == mover for after in afters):
        return True
    # lost at once whatever it plays: each move ends the game or lets the other win at once
    return all(after.is_over or any(_wins_at_once(after, reply) for reply in after.legal_moves())
               for after in afters)


def _wins_at_once(state: Any, move: Any) -> bool:
    after = state.play(move)
    return bool(after.is_over and after.winner == state.to_move)


def config_for(game: str, params: Mapping[str, Any], seats: tuple[Seat, Seat], level_id: str | None = None,
               program_time: float = PROGRAM_TIME) -> MatchConfig:
    """The configuration of an unattended game (the level's card, these parameters)."""
    level = levels.find_level(game, level_id)
    return MatchConfig(game, level, dict(params), seats, "me", False, registry.variant_for(game, level.id).key,
                       program_time=program_time)


def play(config: MatchConfig, players: Sequence[SeatPlayer], first_seat: int = 0,
         opening_moves: Sequence[Any] = (), seed: Any = 0,
         found: catalog_mod.Catalog | None = None) -> Played:
    """Play ``config`` to its end: ``players[seat]`` plays each seat, the player of
    ``first_seat`` moves first, after ``opening_moves`` (played for both)."""
    spec = registry.get(config.game)
    match = Match.begin(config, first_seat)
    for move in opening_moves:
        match.play(move)
    match.opening = len(match.moves)        # imposed on both: the record says so
    choosers: dict[int, Any] = {}
    programs: list[ProgramPlayer] = []
    for seat, player in enumerate(players):
        if player.make is not None:
            choosers[seat] = player.make()
        elif isinstance(player.seat, str):
            try:
                source = player.source or catalog_mod.source_of(player.seat, found)
            except LookupError:
                match.forfeit(match.rules_player_of_seat(seat), N_("forfeit.missing"),
                              {"name": match.players[match.rules_player_of_seat(seat)].name})
                return Played(match, (0.0, 0.0), (0, 0))
            program = ProgramPlayer(source, spec, config.params, player.time or config.program_time, player.options)
            programs.append(program)
            choosers[seat] = program
        elif spec.engine.arena_player is not None:
            choosers[seat] = spec.engine.arena_player(player.seat, dict(player.options))
        else:
            choosers[seat] = spec.engine.chooser
    rngs = [random.Random(f"{seed}-{seat}") for seat in (0, 1)]
    spent, count = [0.0, 0.0], [0, 0]
    try:
        while not match.is_over and len(match.moves) < MAX_PLIES:
            current = match.current
            seat = current.seat
            limit = players[seat].time if players[seat].time is not None else (
                config.program_time if current.program else spec.time_for(current.level))
            t0 = time.perf_counter()
            try:
                if current.program:
                    move = choosers[seat](match.state, current.level, rngs[seat], limit, moves=tuple(match.moves))
                else:
                    move = choosers[seat](match.state, current.level, rngs[seat], limit)
            except Forfeit as lost:
                match.forfeit(match.state.to_move, lost.key, lost.params, lost.details)
                break
            finally:
                spent[seat] += time.perf_counter() - t0
                count[seat] += 1
            match.play(move)
    finally:
        for program in programs:
            program.close()
    return Played(match, (spent[0], spent[1]), (count[0], count[1]), stopped=not match.is_over)
