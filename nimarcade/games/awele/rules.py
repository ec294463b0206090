"""Awélé (Oware, seed 002): sowing counter-clockwise, captures of 2 or 3, no starving.

Houses are numbered 0-11: 0-5 belong to player 0 (bottom row, left to right), 6-11 to player 1
(top row, right to left). Sowing goes to increasing indices mod 12 and skips the starting house.

Two rule variants for the grand slam (a move that would take every seed the opponent has):
``"forbidden"`` (the seed's rule: a move may never leave the opponent without seeds) and
``"capture_nothing"`` (tournament rule: such a move is legal but captures nothing).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable
from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.rules.textual import Choice, Row, Stage, words
from nimarcade.core.rules.errors import GameOver, IllegalMove, InvalidSetup
from nimarcade.i18n import N_

VARIANTS = ("forbidden", "capture_nothing")
HOUSES = 12

# Why a game ended (keys of the translation table: "end.awele.<reason>").
MAJORITY, HALF, NO_MOVE, REPETITION = "majority", "half", "no_move", "repetition"


def own_range(player: int) -> range:
    return range(0, 6) if player == 0 else range(6, 12)


def owner(house: int) -> int:
    return 0 if house < 6 else 1


def house_label(house: int) -> int:
    """A house's rank on its owner's row, 1-6 from the owner's left (the keys 1-6 choose it; the
    board and every text name it by its letter, :func:`format_move`)."""
    return house % 6 + 1


@dataclass(frozen=True)
class Sowing:
    """What one move does: for the rules, the AI and the animation."""

    houses: tuple[int, ...]            # the board after sowing and captures
    path: tuple[int, ...]              # every house that received a seed, in order
    captured: tuple[tuple[int, int], ...]  # (house, seeds) taken, in capture order
    grand_slam: bool                   # the move would have taken all the opponent's seeds
    starves: bool                      # after the move the opponent has no seed

    @property
    def gain(self) -> int:
        return sum(n for _, n in self.captured)


def sow(houses: tuple[int, ...], house: int, grand_slam: str = "forbidden") -> Sowing:
    """Sow ``house`` on ``houses`` (no legality checks beyond the grand-slam variant)."""
    board = list(houses)
    seeds, board[house] = board[house], 0
    player = owner(house)
    pos, path = house, []
    while seeds:
        pos = (pos + 1) % HOUSES
        if pos == house:
            continue
        board[pos] += 1
        path.append(pos)
        seeds -= 1
    opp = own_range(1 - player)
    captured = []
    p = pos
    while p in opp and board[p] in (2, 3):
        captured.append((p, board[p]))
        p -= 1
    after = list(board)
    for h, _ in captured:
        after[h] = 0
    slam = bool(captured) and not any(after[h] for h in opp)
    if slam and grand_slam == "capture_nothing":
        captured, after = [], board
    starves = not any(after[h] for h in opp)
    return Sowing(tuple(after), tuple(path), tuple(captured), slam, starves)


#: A position as the repetition rule compares it: (houses, stores, to_move).
Key = tuple[tuple[int, ...], tuple[int, ...], int]


def _key(houses: tuple[int, ...], stores: tuple[int, ...], to_move: int) -> Key:
    return (houses, stores, to_move)


@dataclass(frozen=True)
class AweleState:
    houses: tuple[int, ...]
    stores: tuple[int, int]
    to_move: int = 0
    grand_slam: str = "forbidden"
    #: Positions (houses, stores, to_move) seen since the last capture, this one included.
    seen: frozenset[Key] = field(default=frozenset(), repr=False)
    #: Why the game ended (MAJORITY, HALF, NO_MOVE, REPETITION), or None while playing.
    end: str | None = None
    #: The legal moves, computed once (part of the value, derived from the fields above).
    _moves: tuple[int, ...] = field(default=(), repr=False, compare=False)

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, seeds: int = 4, grand_slam: str = "forbidden", first: int = 0) -> "AweleState":
        if not isinstance(seeds, int) or isinstance(seeds, bool) or not 3 <= seeds <= 6:
            raise InvalidSetup("err.awele.seeds", n=seeds)
        return cls.from_board((seeds,) * HOUSES, (0, 0), first, grand_slam)

    @classmethod
    def from_board(cls, houses: Iterable[int], stores: Iterable[int], to_move: int,
                   grand_slam: str = "forbidden") -> "AweleState":
        houses, stores = tuple(houses), tuple(stores)
        if grand_slam not in VARIANTS:
            raise InvalidSetup("err.awele.variant", name=grand_slam)
        if len(houses) != HOUSES or len(stores) != 2:
            raise InvalidSetup("err.awele.board")
        for v in houses + stores:
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise InvalidSetup("err.awele.board")
        if to_move not in (0, 1):
            raise InvalidSetup("err.first")
        return cls._make(houses, (stores[0], stores[1]), to_move, grand_slam, frozenset(), repeated=False)

    @classmethod
    def _make(cls, houses: tuple[int, ...], stores: tuple[int, int], to_move: int, grand_slam: str,
              seen: frozenset[Key], repeated: bool) -> "AweleState":
        key = _key(houses, stores, to_move)
        total = sum(houses) + sum(stores)
        moves = tuple(_legal(houses, to_move, grand_slam))
        end = None
        if any(2 * s > total for s in stores):
            end = MAJORITY
        elif total and 2 * stores[0] == total == 2 * stores[1]:
            end = HALF
        elif repeated:
            end = REPETITION
        elif not moves:
            end = NO_MOVE
        return cls(houses, stores, to_move, grand_slam, seen | {key}, end, () if end else moves)

    # -- the common protocol ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def total(self) -> int:
        return sum(self.houses) + sum(self.stores)

    def final_scores(self) -> tuple[int, int]:
        """Stores plus the seeds left in each player's own row (how a finished game is scored)."""
        return (self.stores[0] + sum(self.houses[0:6]), self.stores[1] + sum(self.houses[6:12]))

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        a, b = self.final_scores()
        return None if a == b else (0 if a > b else 1)

    @property
    def outcome(self) -> Outcome | None:
        """Why it ended, and each player's total: seeds captured plus seeds left in their row."""
        if not self.is_over:
            return None
        totals = self.final_scores()
        lines = tuple((N_("awele.final_line"), p, {"captured": self.stores[p], "left": totals[p] - self.stores[p],
                                               "total": totals[p]}) for p in (0, 1))
        return Outcome(self.winner, f"end.awele.{self.end}", {"lines": lines})

    def legal_moves(self) -> list[int]:
        return list(self._moves)

    def check(self, move: object) -> Sowing:
        """Raise the error ``play(move)`` would raise; return the sowing when the move is legal."""
        if self.is_over:
            raise GameOver("err.game_over")
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < HOUSES:
            raise IllegalMove("err.awele.no_house", house=move)
        if owner(move) != self.to_move:
            raise IllegalMove("err.awele.not_yours", house=format_move(move))
        if self.houses[move] == 0:
            raise IllegalMove("err.awele.empty", house=format_move(move))
        result = sow(self.houses, move, self.grand_slam)
        if result.starves:
            if self.grand_slam == "forbidden":
                raise IllegalMove("err.awele.starve")
            raise IllegalMove("err.awele.must_feed")
        return result

    def sowing(self, move: int) -> Sowing:
        """What ``move`` does (path of the seeds, captures), for animation and explanation."""
        return self.check(move)

    def play(self, move: int) -> "AweleState":
        result = self.check(move)
        stores = list(self.stores)
        stores[self.to_move] += result.gain
        stores_t = (stores[0], stores[1])
        nxt = 1 - self.to_move
        if result.gain:
            seen: frozenset[Key] = frozenset()
            repeated = False
        else:
            seen = self.seen
            repeated = _key(result.houses, stores_t, nxt) in seen
        return AweleState._make(result.houses, stores_t, nxt, self.grand_slam, seen, repeated)

    def random_move(self, rng: random.Random) -> int:
        return rng.choice(self._moves)


def mirror_move(move: int) -> int:
    """The same house seen from the other side of the board: South's A is North's a, and back
    (its own inverse)."""
    return (move + 6) % HOUSES


def _mirror_key(key: Key) -> Key:
    houses, stores, to_move = key
    return (houses[6:] + houses[:6], (stores[1], stores[0]), 1 - to_move)


def mirror(state: AweleState) -> AweleState:
    """The same position with the sides swapped: North's row, store and turn become South's and
    back (the positions seen for the repetition rule too). Sowing and captures go the same way
    round, so the mirrored state's moves are the state's, each through :func:`mirror_move`, and
    play the same: ``mirror(s).play(mirror_move(m)) == mirror(s.play(m))``. Its own inverse.
    A puzzle where North is to move is shown mirrored, its solver's houses lettered A-F (the
    puzzle spec in :mod:`nimarcade.games.awele.spec`, :meth:`nimarcade.puzzles.puzzle.Puzzle.shown`)."""
    houses, stores, to_move = _mirror_key((state.houses, state.stores, state.to_move))
    seen = frozenset(_mirror_key(k) for k in state.seen)
    moves = tuple(sorted(mirror_move(m) for m in state._moves))
    return AweleState(houses, (stores[0], stores[1]), to_move, state.grand_slam, seen, state.end, moves)


def _legal(houses: tuple[int, ...], player: int, grand_slam: str) -> list[int]:
    return [h for h in own_range(player) if houses[h] and not sow(houses, h, grand_slam).starves]


# -- notation (text mode, saved games): as Aualé's OGN, A-F for the houses of player 0 (South),
# a-f for player 1 (North), each from its owner's left --------------------------------------------
def format_move(move: int) -> str:
    return ("ABCDEF" if move < 6 else "abcdef")[move % 6]


def parse_move(state: AweleState, text: str) -> int:
    t = text.strip()
    if len(t) == 1 and t in "ABCDEFabcdef":
        move = "ABCDEFabcdef".index(t)
    elif t.isdigit() and 1 <= int(t) <= 6:           # a house number of the player to move
        move = int(t) - 1 + (6 if state.to_move == 1 else 0)
    else:
        raise IllegalMove("err.bad_notation", text=text)
    state.check(move)
    return move


# -- text mode (nimarcade.text): both rows, the stores, and the houses' letters -------------------
def text_board(state: AweleState, ascii: bool = False) -> list[str]:
    """North's row on top (its houses f..a read from the board's left), South's below (A..F); each
    store beside its owner's row; the letters over North's row and under South's, as in Aualé."""
    pad = " " * 6
    line = " " * 4 + "+" + "---+" * 6
    north = [state.houses[h] for h in range(11, 5, -1)]
    south = [state.houses[h] for h in range(6)]
    return [
        pad + "   ".join("fedcba"),
        line,
        f"[{state.stores[1]:>2}]|" + "".join(f"{n:>2} |" for n in north),
        " " * 4 + "|" + "".join(f"{n:>2} |" for n in south) + f"[{state.stores[0]:>2}]",
        line,
        pad + "   ".join("ABCDEF"),
    ]


def text_legend(state: AweleState) -> list[Row]:
    return [words(N_("awele.text_sides"))]


def text_stages(state: AweleState) -> Stage:
    """The houses the player to move may sow, by their letters."""
    return Stage(N_("awele.text_house"), tuple(Choice(format_move(h), "", h) for h in state.legal_moves()))
