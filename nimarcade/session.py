"""What a game needs before it starts: the level, the board, who plays and who starts.

Pure Python, no pygame: the setup screen builds a :class:`MatchConfig`, the game screen turns it
into a :class:`Match` (players seated in the rules' order, the first state, the history).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping

from nimarcade import games
from nimarcade.i18n import tr
from nimarcade.levels import Level

HUMAN = 0  # an opponent level of 0 means a human


@dataclass(frozen=True)
class PlayerSpec:
    """One seat: ``level`` 0 is a human, 1-4 the computer at that level."""

    name_key: str           # translation key: "player.one", "player.two", "player.computer"...
    level: int = HUMAN
    seat: int = 0           # 0: the "me" seat (Joueur 1, bottom of the screen), 1: the other

    @property
    def is_human(self) -> bool:
        return self.level == HUMAN


@dataclass(frozen=True)
class MatchConfig:
    game: str
    level: Level
    params: Mapping[str, Any] = field(hash=False)
    #: Seat 0 ("me") and seat 1 (the opponent): 0 human, 1-4 computer level.
    seats: tuple[int, int] = (HUMAN, 3)
    #: Who moves first: "human"/"me" (seat 0), "computer"/"other" (seat 1) or "random".
    first: str = "random"
    demo: bool = False
    #: The menu card this game was chosen from (``games.VARIANTS``); "" for the game's own card.
    variant: str = ""

    @classmethod
    def from_level(cls, level: Level, opponent: int | None = None, demo: bool = False) -> "MatchConfig":
        opp = level.opponent if opponent is None else opponent
        return cls(level.game, level, dict(level.params), (HUMAN, opp), level.first, demo,
                   games.variant_for(level.game, level.id).key)

    @property
    def card(self) -> "games.Variant":
        """The menu card: names the game on screens (Fort Boyard is a card of Sticks)."""
        if self.variant:
            return games.find_variant(self.variant)
        return games.variant_for(self.game, self.level.id)

    @property
    def customized(self) -> bool:
        """True when the board differs from the level's."""
        return dict(self.params) != dict(self.level.params)

    def title(self) -> str:
        """"Game — level" as screens show it ("custom" once the board was changed)."""
        game = tr("game." + self.card.key)
        level = tr("setup.custom") if self.customized else self.level.name()
        return game if level == game else f"{game} — {level}"

    def seat_specs(self) -> tuple[PlayerSpec, PlayerSpec]:
        a, b = self.seats
        if a == HUMAN and b == HUMAN:
            return PlayerSpec("player.one", HUMAN, 0), PlayerSpec("player.two", HUMAN, 1)
        if a == HUMAN:
            return PlayerSpec("player.one", HUMAN, 0), PlayerSpec("player.computer", b, 1)
        return PlayerSpec("player.computer_a", a, 0), PlayerSpec("player.computer_b", b, 1)

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

    @classmethod
    def start(cls, config: MatchConfig, rng: random.Random) -> "Match":
        return cls.begin(config, config.first_seat(rng))

    @classmethod
    def begin(cls, config: MatchConfig, first_seat: int) -> "Match":
        """A new game in which the player of seat ``first_seat`` (0: "me", 1: the other) moves first."""
        seats = config.seat_specs()
        players = (seats[first_seat], seats[1 - first_seat])
        state = games.get(config.game).new_state(config.params, first=0)
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

    def play(self, move: Any) -> Any:
        """Apply a legal move (raises the rules' errors otherwise); returns the new state."""
        new = self.state.play(move)
        self.states.append(new)
        self.moves.append(move)
        if self.future and self.future[-1] == move:
            self.future.pop()               # the move that was taken back: the rest still follows
        else:
            self.future.clear()
        return new

    def undo(self) -> bool:
        """Take back moves until it is a human's turn again; False when there is nothing to undo."""
        if len(self.states) < 2:
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
        if not self.future:
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
        name = tr(spec.name_key)
        return name if spec.is_human else f"{name} ({tr(f'ai.level{spec.level}')})"

    def seat_of(self, rules_player: int) -> int:
        return self.players[rules_player].seat

    def rules_player_of_seat(self, seat: int) -> int:
        return 0 if self.players[0].seat == seat else 1
