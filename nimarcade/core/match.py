"""What a game needs before it starts: the level, the board, who plays and who starts.

Pure Python, no pygame: the setup screen builds a :class:`MatchConfig`, the game screen turns it
into a :class:`Match` (players seated in the rules' order, the first state, the history).

A seat holds a person (0), the computer at a level (1-4), or a program from outside (a text: the
name of an ``engines.toml`` entry, or the path of a Python player's ``.py`` file;
:mod:`nimarcade.players`). A person's seat may carry a named player's name
(:mod:`nimarcade.people.profiles`): screens, records and statistics then show and count that name.
"""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from nimarcade.core import registry
from nimarcade.i18n import N_, tr
from nimarcade.core.levels import Level
from nimarcade.core.rules import GameOver
from nimarcade.core.rules.protocol import Outcome

HUMAN = 0  # an opponent level of 0 means a human
#: A seat: HUMAN, a computer level 1-4, or a program (its engines.toml name or its .py path).
Seat = int | str
#: Seconds a move of a program from outside (``--time``).
PROGRAM_TIME = 5.0


def program_name(seat: str) -> str:
    """How a program seat is named: its engines.toml name, or for a ``.py`` player the ``name``
    its Player class declares (docs/PROTOCOL.md), else its file's name; a player's folder (an
    absolute path, :mod:`nimarcade.players.folder`) by the folder's name."""
    if seat.endswith(".py"):
        return declared_player_name(Path(seat))
    return Path(seat).name if Path(seat).is_absolute() and Path(seat).is_dir() else seat


def declared_player_name(path: Path) -> str:
    """A Python player's ``name = "..."`` (a plain text in a class's body), read from its syntax
    without running it; the file's name when it declares none or can't be read."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return path.stem
    return _declared_name(str(path), stamp)


@functools.lru_cache(maxsize=64)
def _declared_name(path: str, stamp: int) -> str:
    import ast

    file = Path(path)
    try:
        tree = ast.parse(file.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return file.stem
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or not node.bases:
            continue
        for item in node.body:
            targets = item.targets if isinstance(item, ast.Assign) else (
                [item.target] if isinstance(item, ast.AnnAssign) and item.value is not None else [])
            value = getattr(item, "value", None)
            if (any(isinstance(t, ast.Name) and t.id == "name" for t in targets)
                    and isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value.strip()):
                return value.value.strip()
    return file.stem


@dataclass(frozen=True)
class PlayerSpec:
    """One seat: ``level`` 0 is a human, 1-4 the computer at that level; ``program``: a program
    from outside (its engines.toml name or its .py path)."""

    name_key: str           # translation key: "player.one", "player.two", "player.computer"...
    level: int = HUMAN
    seat: int = 0           # 0: the "me" seat (Joueur 1, bottom of the screen), 1: the other
    program: str = ""
    #: A named player's name (a person's seat), "" for « Joueur 1 »/« Joueur 2 ».
    person: str = ""

    @property
    def is_human(self) -> bool:
        return self.level == HUMAN and not self.program

    @property
    def name(self) -> str:
        """The player's name as screens and messages show it."""
        if self.program:
            return program_name(self.program)
        return self.person or tr(self.name_key)


@dataclass(frozen=True)
class Forfeited:
    """A game a player gave up: a program that crashed, hung, sent garbage or played an illegal
    move. ``key``/``params`` say why (translated where shown), ``details`` are what the program
    wrote (a student's traceback)."""

    loser: int                          # the rules' player number
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    details: tuple[str, ...] = ()


@dataclass(frozen=True)
class MatchConfig:
    game: str
    level: Level
    params: Mapping[str, Any] = field(hash=False)
    #: Seat 0 ("me") and seat 1 (the opponent): 0 human, 1-4 computer level, or a program.
    seats: tuple[Seat, Seat] = (HUMAN, 3)
    #: Who moves first: "human"/"me" (seat 0), "computer"/"other" (seat 1) or "random".
    first: str = "random"
    demo: bool = False
    #: The menu card this game was chosen from (``registry.VARIANTS``); "" for the game's own card.
    variant: str = ""
    #: Seconds a move of a program from outside.
    program_time: float = PROGRAM_TIME
    #: An edited starting position (``GameSpec.position``'s text; its player to move moves
    #: first), "" for the level's own start.
    start: str = ""
    #: The named players of seat 0 and seat 1 (a person's seat only), "" for none.
    names: tuple[str, str] = ("", "")

    @classmethod
    def from_level(cls, level: Level, opponent: int | None = None, demo: bool = False) -> "MatchConfig":
        opp = level.opponent if opponent is None else opponent
        return cls(level.game, level, dict(level.params), (HUMAN, opp), level.first, demo,
                   registry.variant_for(level.game, level.id).key)

    @property
    def card(self) -> "registry.Variant":
        """The menu card: names the game on screens (Fort Boyard is a card of Sticks)."""
        if self.variant:
            return registry.find_variant(self.variant)
        return registry.variant_for(self.game, self.level.id)

    @property
    def customized(self) -> bool:
        """True when the board differs from the level's."""
        return dict(self.params) != dict(self.level.params)

    def title(self) -> str:
        """"Game — level" as screens show it ("custom" once the board was changed, "chosen position"
        for a game from an edited position: its title follows the position, not the level)."""
        game = tr("game." + self.card.key)
        if self.start:                          # an edited position: the level's name would be wrong
            return game + " — " + tr("setup.position_title")
        level = tr("setup.custom") if self.customized else self.level.name()
        return game if level == game else f"{game} — {level}"

    def seat_specs(self) -> tuple[PlayerSpec, PlayerSpec]:
        """Each seat named for what it is: « Joueur 1 »/« Joueur 2 » a person by seat,
        « Ordinateur » a lone computer whichever seat it takes (A and B when both are), a program
        by its name; a named player by their name."""
        levels = [s for s in self.seats if isinstance(s, int) and s != HUMAN]
        out = []
        for seat, value in enumerate(self.seats):
            if isinstance(value, str):
                out.append(PlayerSpec("", HUMAN, seat, program=value))
            elif value == HUMAN:
                out.append(PlayerSpec((N_("player.one"), N_("player.two"))[seat], HUMAN, seat, person=self.names[seat]))
            else:
                key = N_("player.computer") if len(levels) == 1 else (N_("player.computer_a"), N_("player.computer_b"))[seat]
                out.append(PlayerSpec(key, value, seat))
        return out[0], out[1]

    def first_seat(self, rng: random.Random) -> int:
        if self.first in ("human", "me"):
            return 0
        if self.first in ("computer", "other"):
            return 1
        return rng.randint(0, 1)


@dataclass
class Match:
    """A game being played: players in rules order (index = the rules' player number)."""

    config: MatchConfig
    players: tuple[PlayerSpec, PlayerSpec]
    states: list[Any]
    moves: list[Any] = field(default_factory=list)
    #: Moves taken back, the next one to redo last: redo replays them, any other move clears them.
    future: list[Any] = field(default_factory=list)
    #: Set when a player gave the game up (the game is then over, whatever the board).
    forfeited: Forfeited | None = None
    #: The first plies imposed on both players (a tournament's or the judge's random opening):
    #: no player chose them, so no analysis, review or statistic should count them as theirs.
    opening: int = 0

    @classmethod
    def start(cls, config: MatchConfig, rng: random.Random) -> "Match":
        return cls.begin(config, config.first_seat(rng))

    @classmethod
    def begin(cls, config: MatchConfig, first_seat: int) -> "Match":
        """A new game in which the player of seat ``first_seat`` (0: "me", 1: the other) moves first."""
        seats = config.seat_specs()
        players = (seats[first_seat], seats[1 - first_seat])
        state = registry.get(config.game).start_state(config.params, config.start)
        return cls(config, players, [state])

    @property
    def first_seat(self) -> int:
        return self.players[0].seat

    @property
    def state(self) -> Any:
        return self.states[-1]

    def player(self, rules_player: int) -> PlayerSpec:
        return self.players[rules_player]

    @property
    def current(self) -> PlayerSpec:
        return self.players[self.state.to_move]

    # -- how it ended ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """The rules ended the game, or a player gave it up."""
        return self.forfeited is not None or self.state.is_over

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (a forfeit: the other player wins), None while it goes on."""
        f = self.forfeited
        if f is not None:
            return Outcome(1 - f.loser, N_("end.forfeit"), {"why": tr(f.key, **f.params)})
        outcome: Outcome | None = self.state.outcome
        return outcome

    @property
    def winner(self) -> int | None:
        outcome = self.outcome
        return None if outcome is None else outcome.winner

    def forfeit(self, loser: int, key: str, params: Mapping[str, Any] | None = None,
                details: tuple[str, ...] = ()) -> None:
        """``loser`` (a rules player) gives the game up; it can't be taken back."""
        self.forfeited = Forfeited(loser, key, dict(params or {}), tuple(details))
        self.future.clear()

    def play(self, move: Any) -> Any:
        """Apply a legal move (raises the rules' errors otherwise); returns the new state."""
        if self.forfeited is not None:
            raise GameOver("err.game_over")
        new = self.state.play(move)
        self.states.append(new)
        self.moves.append(move)
        if self.future and self.future[-1] == move:
            self.future.pop()               # the move that was taken back: the rest still follows
        else:
            self.future.clear()
        return new

    def undo(self) -> bool:
        """Take back moves until it is a human's turn again; False when there is nothing to undo
        (or the game was given up)."""
        if len(self.states) < 2 or self.forfeited is not None:
            return False
        self._take_back()
        while len(self.states) > 1 and not self.players[self.state.to_move].is_human:
            self._take_back()
        return True

    def _take_back(self) -> None:
        self.states.pop()
        self.future.append(self.moves.pop())

    def redo(self) -> bool:
        """Replay what :meth:`undo` took back, up to the next human turn; False when nothing is."""
        if not self.future or self.forfeited is not None:
            return False
        self.play(self.future[-1])
        while self.future and not self.state.is_over and not self.players[self.state.to_move].is_human:
            self.play(self.future[-1])
        return True

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    @property
    def move_count(self) -> int:
        return len(self.moves)

    def player_name(self, rules_player: int) -> str:
        """The player's name as screens show it, with the computer's level."""
        spec = self.players[rules_player]
        if spec.is_human or spec.program:
            return spec.name
        return f"{spec.name} ({tr(f'ai.level{spec.level}')})"

    def seat_of(self, rules_player: int) -> int:
        return self.players[rules_player].seat

    def rules_player_of_seat(self, seat: int) -> int:
        return 0 if self.players[0].seat == seat else 1
