"""Named players' games: a finished game is added to the profile of each named player who sat at
it (:meth:`nimarcade.people.profiles.Profiles.add_game`: their recent games, with the record so that it
opens again, and their results counted by card and opponent), and opponents are named the way
screens and exports show them. Generic: it reads the :class:`~nimarcade.core.match.Match` only, never
a game by name. Pure Python, no pygame.
"""
from __future__ import annotations

import datetime
from typing import Any

from nimarcade.records import record as records
from nimarcade.i18n import tr
from nimarcade.people.profiles import PLAYER_PREFIX, Profiles, RecentGame, profile_name
from nimarcade.core.match import Match, program_name
from nimarcade.people.stats import CUSTOM


def opponent_text(match: Match, seat: int) -> str:
    """Who sat in ``seat`` as a profile remembers it: "player NAME" for a named player, else the
    record's seat text ("human", "computer 3", "program NAME")."""
    cfg = match.config
    name = records.named(cfg)[seat]
    return profile_name(name) if name else records.seat_text(cfg.seats[seat])


def opponent_label(text: str) -> str:
    """An opponent's text in words: « Zoé », « un humain », « ordinateur expert », « mine »."""
    kind, _, rest = text.partition(" ")
    if text.startswith(PLAYER_PREFIX):
        return text[len(PLAYER_PREFIX):]
    if kind == "computer" and rest.isdigit():
        return tr("roster.computer", level=tr(f"ai.level{rest}"))
    if kind == "program" and rest:
        return program_name(rest)
    return tr("stats.human")


def result_word(result: str) -> str:
    """« gagnée », « perdue », « nulle »."""
    return tr(f"roster.{result}") if result in ("won", "lost", "drawn") else result


def games_of(match: Match, today: datetime.date | None = None) -> list[tuple[str, RecentGame]]:
    """(name, the game as that player's profile keeps it) for each named seat of a finished game
    (none for a demo, a game going on, or one with no named player)."""
    cfg = match.config
    names = records.named(cfg)
    if cfg.demo or not match.is_over or not any(names):
        return []
    when = today or datetime.date.today()
    text = records.write(match, when)
    level = CUSTOM if cfg.customized else cfg.level.id
    out = []
    for seat, name in enumerate(names):
        if not name:
            continue
        winner = match.winner
        result = "drawn" if winner is None else ("won" if match.seat_of(winner) == seat else "lost")
        out.append((name, RecentGame(when.isoformat(), cfg.card.key, level, opponent_text(match, 1 - seat), result,
                                     len(match.moves) - match.opening, text)))     # the players' own moves
    return out


class Counting:
    """What the game screen's keeper counts a finished game in: the machine's statistics, and
    the profiles of the named players who played it. A problem saving is handed back as a key."""

    def __init__(self, stats: Any, profiles: Profiles) -> None:
        self.stats, self.profiles = stats, profiles

    def record(self, match: Match) -> str | None:
        problem = self.stats.record(match)
        played = games_of(match)
        for name, game in played:
            self.profiles.add_game(name, game)
        if played:
            self.profiles.choose(played[0][0])          # who played last is offered first next time
            problem = self.profiles.save() or problem
        return problem

