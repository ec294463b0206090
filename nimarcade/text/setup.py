"""Seed 003's « Paramètres du jeu »: the game, the level or the board, the players, who starts.

Every question offers the level file's default (Enter, or the end of the input, takes it) and keeps
within the parameter schema's limits; each one can be answered on the command line instead.
Generic: the games, their parameters and their levels come from the registry and the level files.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.registry import ParamKind
from nimarcade.i18n import N_, has, tr
from nimarcade.players import catalog
from nimarcade.players.files import PlayerFileError
from nimarcade.core.match import HUMAN, PROGRAM_TIME, Match, MatchConfig, Seat

from nimarcade.text.console import Console, Quit

FIRSTS = {"1": "me", "2": "other", "random": "random"}


@dataclass
class Answers:
    """What the command line already said (None: ask)."""

    game: str | None = None
    level: str | None = None
    seats: tuple[Seat, Seat] | None = None
    first: str | None = None
    #: seconds a move of a program from outside
    time: float = PROGRAM_TIME
    #: the board of ``level`` changed on the command line (--code, --misere, --param), checked
    params: dict[str, Any] | None = None


def parse_seat(text: str) -> Seat:
    """``human`` (or ``h``, ``humain``, ``0``) -> 0; ``1``..``4`` -> that computer level; the name
    of a program of engines.toml, or a Python player's ``.py`` path -> that program."""
    return catalog.parse_seat(text, catalog.load())


def parse_first(text: str) -> str:
    t = text.strip().lower()
    if t in ("hasard", "au hasard"):
        t = "random"
    if t not in FIRSTS:
        raise ValueError(t)
    return FIRSTS[t]


def start_match(config: MatchConfig, rng: random.Random) -> Match:
    """As :meth:`Match.start`: each seat named for what it is (« Joueur 2 » a human in the second
    seat, « Ordinateur » a lone computer whichever seat it takes, a program by its name)."""
    return Match.start(config, rng)


# -- asking --------------------------------------------------------------------------------------
def ask_int(con: Console, label: str, lo: int, hi: int, default: int, key: str = N_("text.ask_int")) -> int:
    while True:
        answer = con.ask(tr(key, label=label, lo=lo, hi=hi, default=default), str(default)).strip()
        if answer.lower() == "q":
            raise Quit
        if not answer:
            return default
        if answer.lstrip("-").isdigit() and lo <= int(answer) <= hi:
            return int(answer)
        con.error(tr("text.want_int", lo=lo, hi=hi))


def ask_menu(con: Console, title: str, options: Sequence[str], default: int) -> int:
    """A numbered list, one option a line; returns the index chosen (0-based)."""
    con.say(title)
    for i, option in enumerate(options, 1):
        con.say(f"  {i} : {option}")
    return ask_int(con, tr("text.choice"), 1, len(options), default + 1) - 1


def ask_inline(con: Console, title: str, options: Sequence[str], default: int) -> int:
    """Seed 003's « l'ordinateur (1) ou le joueur (2) » on one line; returns the 0-based index."""
    listed = ", ".join(f"{o} ({i})" for i, o in enumerate(options, 1))
    return ask_int(con, f"{title} {listed}", 1, len(options), default + 1, N_("text.ask_pick")) - 1


def param_label(p: registry.Param) -> str:
    own = f"text.param.{p.name}"
    return tr(own if has(own) else p.label) if (has(own) or p.label) else p.name


def ask_param(con: Console, p: registry.Param, params: dict[str, Any], default: Any) -> Any:
    label = param_label(p)
    lo, hi = p.bounds(params)
    if p.kind is ParamKind.INT:
        return ask_int(con, label, lo, hi, min(max(default, lo), hi))
    if p.kind in (ParamKind.BOOL, ParamKind.CHOICE):
        values = p.values()
        names = [tr(p.value_keys[v]) if v in p.value_keys else str(v) for v in values]
        return values[ask_inline(con, label, names, values.index(default))]
    if p.kind is ParamKind.INT_LIST:
        shown = " ".join(map(str, default))
        while True:
            question = tr("text.ask_list", label=label, n=p.max_len, lo=lo, hi=hi, default=shown)
            answer = con.ask(question, shown)
            if answer.strip().lower() == "q":
                raise Quit
            try:
                value = tuple(int(v) for v in answer.replace(",", " ").split()) or tuple(default)
            except ValueError:
                value = ()
            if not p.check(value, params):
                return value
            con.error(tr("lvl.int_list", n=p.max_len, lo=lo, hi=hi))
    return default


def choose_card(con: Console, wanted: str | None) -> registry.Variant:
    if wanted is not None:
        return registry.find_variant(wanted)
    cards = registry.VARIANTS
    return cards[ask_menu(con, tr("text.game"), [tr(f"game.{v.key}") for v in cards], 0)]


def choose_level(con: Console, card: registry.Variant,
                 wanted: str | None) -> tuple[levels.Level, dict[str, Any]]:
    if wanted is not None:
        level = levels.find_level(card.game, wanted)
        return level, dict(level.params)
    found = levels.load(card.game)
    start = next((i for i, lv in enumerate(found) if lv.id == card.level), 0)
    names = [lv.name() for lv in found] + [tr("setup.custom")]
    index = ask_menu(con, tr("text.level"), names, start)
    if index < len(found):
        return found[index], dict(found[index].params)
    level = found[start]
    spec = registry.get(card.game)
    while True:
        params = dict(level.params)
        for p in spec.params:
            if p.setup:
                if p.overridden_by:        # a number asked for replaces the level's pattern
                    params[p.overridden_by] = None
                params[p.name] = ask_param(con, p, params, params[p.name])
        problem = spec.check_params(params)
        if not problem:
            return level, params
        con.error(tr(problem[1][0], **problem[1][1]))


class SeatRefused(Exception):
    """A program seat that can't play this game with these parameters (its ``[engine.params]``
    in engines.toml); ``message`` says so in the player's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def unfit(seat: Seat, game: str, params: dict[str, Any]) -> str | None:
    """Why ``seat`` can't play this board (a program whose engines.toml entry leaves it out), or
    None: the text mode refuses what the tournament and the judge refuse."""
    if not isinstance(seat, str):
        return None
    try:
        source = catalog.source_of(seat, catalog.load())
    except LookupError:
        return tr("text.want_player")
    return None if source.fits(game, params) else tr("tourney.cannot_play", player=catalog.display_name(seat))


def choose_seats(con: Console, level: levels.Level, game: str = "", params: dict[str, Any] | None = None
                 ) -> tuple[Seat, Seat]:
    seats = []
    for seat, default in ((1, HUMAN), (2, level.opponent)):
        shown = "h" if default == HUMAN else str(default)
        while True:
            answer = con.ask(tr("text.ask_player", n=seat, default=shown), shown)
            if answer.strip().lower() == "q":
                raise Quit
            try:
                seat_value = parse_seat(answer or shown)
                refused = unfit(seat_value, game or level.game, params if params is not None else dict(level.params))
                if refused is None:
                    seats.append(seat_value)
                    break
                con.error(refused)
            except ValueError:
                con.error(tr("text.want_player"))
            except PlayerFileError as bad:
                con.error(bad.message)
    return seats[0], seats[1]


def choose_first(con: Console, level: levels.Level, names: Sequence[str]) -> str:
    default = {"human": 0, "computer": 1}.get(level.first, 2)
    index = ask_inline(con, tr("text.who_starts"), [*names, tr("setup.first_random")], default)
    return ("me", "other", "random")[index]


def setup(con: Console, given: Answers) -> MatchConfig:
    """Ask what the command line did not say; returns the game to play."""
    if None in (given.game, given.level, given.seats, given.first):
        con.say(tr("text.setup_title"), "title")
        con.say("-" * len(tr("text.setup_title")))
    card = choose_card(con, given.game)
    level, params = choose_level(con, card, given.level)
    if given.params is not None:
        params = dict(given.params)
    if given.seats is not None:
        seats = given.seats
        for seat in seats:
            refused = unfit(seat, card.game, params)
            if refused is not None:
                raise SeatRefused(refused)
    else:
        seats = choose_seats(con, level, card.game, params)
    config = MatchConfig(card.game, level, params, seats, level.first,
                         variant=registry.variant_for(card.game, level.id).key, program_time=given.time)
    first = given.first
    if first is None:
        seats_named = sorted(start_match(config, random.Random(0)).players, key=lambda p: p.seat)
        first = choose_first(con, level, [p.name for p in seats_named])
    from dataclasses import replace

    return replace(config, first=first)
