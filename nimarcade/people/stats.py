"""Statistics: for each game, level and opponent, games played, won, lost and drawn, the current
and best winning streaks, and the fastest win (fewest moves).

Counted from the point of view of seat 1 ("me", the bottom of the screen) when a person sits
there; a game between two people counts for Joueur 1. One versioned JSON file, written
atomically (:mod:`nimarcade.storage.files`); a broken one is kept aside. Each game is merged into
the file as it is when the game ends, under its lock, so that two windows (or a window and a
command) on one data folder both count. Pure Python, no pygame.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from nimarcade.core import registry
from nimarcade.storage import files as storage
from nimarcade.core.match import Match

KIND = "nimarcade-stats"
VERSION = 1
NAME = "stats.json"
CUSTOM = "*custom"


@dataclass
class Line:
    game: str
    card: str
    level: str           # a level id, or CUSTOM for a board changed on the setup screen
    opponent: int | str  # 0 a person, 1-4 the computer's level, or a program (its name or .py path)
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    streak: int = 0
    best_streak: int = 0
    fastest_win: int | None = None    # moves

    @property
    def key(self) -> tuple[str, str, str, int | str]:
        return self.game, self.card, self.level, self.opponent

    def add(self, won: bool | None, moves: int) -> None:
        """``won``: True, False, or None for a draw."""
        self.played += 1
        if won:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.fastest_win = moves if self.fastest_win is None else min(self.fastest_win, moves)
        else:
            self.streak = 0
            if won is None:
                self.drawn += 1
            else:
                self.lost += 1


def _check(line: Line) -> Line:
    counts = (line.played, line.won, line.lost, line.drawn, line.streak, line.best_streak)
    if line.game not in registry.REGISTRY or any(type(n) is not int or n < 0 for n in counts):
        raise storage.FormatError("line")
    if line.won + line.lost + line.drawn != line.played or line.streak > line.best_streak:
        raise storage.FormatError("counts")
    if line.fastest_win is not None and not isinstance(line.fastest_win, int):
        raise storage.FormatError("fastest")
    return line


def _decode(raw: dict, version: int) -> dict[tuple, Line]:
    names = {f.name for f in fields(Line)}
    lines = [_check(Line(**{k: v for k, v in item.items() if k in names})) for item in raw["lines"]]
    return {line.key: line for line in lines}


def _encode(table: dict[tuple, Line]) -> dict[str, Any]:
    return {"lines": [asdict(line) for line in table.values()]}


def line_key(match: Match) -> tuple[str, str, str, int | str] | None:
    """Where a finished game counts; None when nobody sits in seat 1 (computer against computer).
    A game from another position than the level's start (``MatchConfig.start``) counts as a
    custom board's."""
    cfg = match.config
    if cfg.demo or cfg.seats[0] != 0:
        return None
    return cfg.game, cfg.card.key, CUSTOM if cfg.customized or cfg.start else cfg.level.id, cfg.seats[1]


class Stats:
    """``folder=None`` keeps them in memory only (tests, --no-save)."""

    def __init__(self, folder: Path | None) -> None:
        self.file = storage.VersionedFile(folder / NAME if folder else None, KIND, VERSION, _decode, _encode)
        self.table: dict[tuple, Line] = {}

    def load(self) -> storage.Loaded[dict]:
        loaded = self.file.load()
        self.table = dict(loaded.value or {})
        return loaded

    def record(self, match: Match) -> str | None:
        """Count a finished game; a problem key when it could not be saved. The count is merged
        with the file as it is now (another window's or a command's games stay counted)."""
        key = line_key(match)
        if key is None or not match.is_over:
            return None
        winner = match.winner
        won = None if winner is None else winner == match.rules_player_of_seat(0)
        moves = len(match.moves) - match.opening          # the opening is no one's

        def counted(table: dict[tuple, Line] | None) -> dict[tuple, Line]:
            table = dict(table or {})
            table.setdefault(key, Line(*key)).add(won, moves)
            return table

        self.table, problem = self.file.update(counted, self.table)
        return problem

    def lines(self) -> list[Line]:
        """In menu order: game cards as the registry lists them, then level, then opponent."""
        order = {v.key: i for i, v in enumerate(registry.VARIANTS)}
        return sorted(self.table.values(), key=lambda l: (order.get(l.card, 99), l.level, str(l.opponent)))

    def reset(self) -> str | None:
        self.table = {}
        return self.file.save(self.table)
