"""Game records: a PGN-like text file for every game of the registry, and the other programs' formats
that a game's registry entry offers (``GameSpec.notation.formats``: Awélé's OGN, which Aualé opens).

::

    [Format "nimarcade-record 1"]
    [Game "sticks"]
    [Card "fort_boyard"]
    [Level "fort-boyard"]
    [Param_sticks "20"]
    [Param_max_take "3"]
    [Param_last_loses "true"]
    [Seat1 "human"]
    [Seat2 "computer 3"]                 (or "program NAME": engines.toml's, or a .py path)
    [Name1 "Zoé"]                        (a named player's seat only)
    [First "2"]
    [Date "2026.11.23"]
    [Result "0-1"]

    1. 3 2 2. 1 3 ... 0-1

Tags name the game, the menu card, the level, each board parameter (written by its kind in the
registry's schema), who sits where (seat 1 is "me", the bottom of the screen; "human",
"computer N" or "program NAME"; ``Name1``/``Name2``: the named player of a person's seat),
which seat moved first, the date and the result (the first
mover's score first, as in PGN); ``[Opening "2"]``: the first plies were imposed on both players
(a tournament's random opening), not chosen by them; a game given up by a program adds ``Termination "forfeit"``,
the seat that forfeited and why (``ForfeitReason``, ``ForfeitParams``: read back; ``ForfeitMessage``:
the sentence a person reads, in the language it was written in). A board changed on the
setup screen is written ``[Level "custom"]``, with the level it was made from as
``[BaseLevel "21"]``, and reads back as custom; a game from an edited position says it
(``Position``, in the game's position text, whose player to move moves first). Moves are in each
game's own notation (``GameSpec.notation.format_move``/``parse_move``), numbered every two moves;
``{comments}`` and ``(variations)`` are skipped on reading.

Reading replays every move through the rules: a record is never trusted. Any problem raises a
:class:`RecordError` that names the file (its name only), the line and the move as the record
numbers it ("2." and whether it was played first or second in that pair). The result the record
announces is checked against its moves: a contradiction is refused, and a record that stops
before the end it announces (or ends where it says it goes on) raises :class:`RecordWarning`,
which carries the replayed match so that a caller may open it and say why. Pure Python, no pygame.
"""
from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.i18n import N_, error_text, tr
from nimarcade.core.names import ProfileError, check_name
from nimarcade.records.text import (RecordError, RecordWarning, Token, check_result, escape, move_error,
                                   move_lines, read_text, split, strip_numbers)
from nimarcade.core.rules import RulesError
from nimarcade.core.match import HUMAN, Match, MatchConfig, Seat

FORMAT = "nimarcade-record 1"
FORMAT_NAME, FORMAT_VERSION = FORMAT.rsplit(" ", 1)
#: The ``Level`` tag of a board changed on the setup screen (``BaseLevel`` names its level).
CUSTOM = "custom"
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


# -- replaying -------------------------------------------------------------------------------------
def replay(config: MatchConfig, first_seat: int, moves: list[Token], file: str,
           parse: Any = None) -> Match:
    """A match with every move played through the rules; RecordError at the first bad one."""
    spec = registry.get(config.game)
    parse = parse or spec.notation.parse_move
    match = Match.begin(config, first_seat)
    for index, token in enumerate(moves, 1):
        try:
            move = parse(match.state, token.text)
            match.play(move)
        except RulesError as err:
            raise move_error(N_("rec.bad_move"), file, token, index, why=error_text(err)) from None
    return match


def config_for(game: str, level_id: str | None, params: dict[str, Any], seats: tuple[Seat, Seat],
               card: str = "", file: str = "", start: str = "", names: tuple[str, str] = ("", "")) -> MatchConfig:
    """The configuration of a record: its level (or the game's first one, with its parameters)."""
    found = levels.load(game)
    level = next((lv for lv in found if lv.id == level_id), None)
    if level is None:
        level = next((lv for lv in found if dict(lv.params) == {**lv.params, **params}), found[0])
    full = {**level.params, **params}
    problem = registry.get(game).check_params(full)
    if problem:
        name, (key, values) = problem
        raise RecordError(N_("rec.bad_param"), file=file, name=name, why=error_text(RulesError(key, **values)))
    if card:
        try:
            if registry.find_variant(card).game != game:
                card = ""
        except KeyError:
            card = ""
    if start:
        try:
            registry.get(game).start_state(full, start)
        except RulesError as err:
            raise RecordError(N_("rec.bad_position"), file=file, why=error_text(err)) from None
    return MatchConfig(game, level, full, seats, "me", False, card or registry.variant_for(game, level.id).key,
                       start=start, names=names)


# -- our format ------------------------------------------------------------------------------------
def seat_text(seat: Seat) -> str:
    if isinstance(seat, str):
        return f"program {seat}"
    return "human" if seat == HUMAN else f"computer {seat}"


def _seat_value(text: str) -> Seat:
    if text == "human":
        return HUMAN
    kind, _, rest = text.partition(" ")
    if kind == "program" and rest.strip():
        return rest.strip()
    if kind != "computer" or not rest.isdigit() or int(rest) not in registry.AI_LEVELS:
        raise ValueError(text)
    return int(rest)


def named(config: MatchConfig) -> tuple[str, str]:
    """The named players of the two seats ("" where a seat holds no named person)."""
    first, second = (name if seat == HUMAN else "" for seat, name in zip(config.seats, config.names))
    return first, second


def _names(tags: dict[str, str], seats: tuple[Seat, Seat], file: str) -> tuple[str, str]:
    out = []
    for seat in (0, 1):
        text = tags.get(f"Name{seat + 1}", "")
        try:
            out.append(check_name(text) if text and seats[seat] == HUMAN else "")
        except ProfileError:
            raise RecordError(N_("rec.bad_tag_value"), file=file, tag=f"Name{seat + 1}", value=text[:40]) from None
    return out[0], out[1]


def result_of(match: Match) -> str:
    outcome = match.outcome
    return "*" if outcome is None else outcome.result


def _forfeit_tags(match: Match) -> list[tuple[str, str]]:
    """A game given up: who, and why (the message's key and parameters, so it reads back)."""
    lost = match.forfeited
    if lost is None:
        return []
    params = {k: v for k, v in lost.params.items() if isinstance(v, (str, int, float, bool))}
    return [("Termination", "forfeit"), ("Forfeit", str(match.seat_of(lost.loser) + 1)),
            ("ForfeitReason", lost.key), ("ForfeitParams", json.dumps(params, ensure_ascii=False, sort_keys=True)),
            ("ForfeitMessage", tr(lost.key, **params))]


def _read_forfeit(tags: dict[str, str], match: Match, file: str) -> None:
    if tags.get("Termination") != "forfeit":
        return
    seat = tags.get("Forfeit", "")
    if seat not in ("1", "2"):
        raise RecordError(N_("rec.bad_tag_value"), file=file, tag="Forfeit", value=seat)
    try:
        params = json.loads(tags.get("ForfeitParams", "{}"))
        if not isinstance(params, dict):
            raise ValueError(params)
    except ValueError:
        raise RecordError(N_("rec.bad_tag_value"), file=file, tag="ForfeitParams",
                          value=tags.get("ForfeitParams", "")[:40]) from None
    key = tags.get("ForfeitReason", N_("forfeit.closed"))
    match.forfeit(match.rules_player_of_seat(int(seat) - 1), key if key.startswith("forfeit.") else N_("forfeit.closed"),
                  params)


UNKNOWN_DATE = "????.??.??"


def write(match: Match, date: datetime.date | None = None, dated: bool = True) -> str:
    """The record of ``match`` in our format (``dated=False``: the date unknown, as PGN writes it,
    so that the same game always gives the same text)."""
    cfg = match.config
    spec = registry.get(cfg.game)
    tags = [("Format", FORMAT), ("Game", cfg.game), ("Card", cfg.card.key)]
    tags += [("Level", CUSTOM), ("BaseLevel", cfg.level.id)] if cfg.customized else [("Level", cfg.level.id)]
    tags += [(f"Param_{p.name}", p.to_text(cfg.params.get(p.name))) for p in spec.params
             if cfg.params.get(p.name) is not None]
    if cfg.start:
        tags.append(("Position", cfg.start))
    tags += [("Seat1", seat_text(cfg.seats[0])), ("Seat2", seat_text(cfg.seats[1]))]
    tags += [(f"Name{seat + 1}", name) for seat, name in enumerate(named(cfg)) if name]
    tags += [("First", str(match.first_seat + 1)),
             ("Date", (date or datetime.date.today()).strftime("%Y.%m.%d") if dated else UNKNOWN_DATE),
             ("Result", result_of(match))]
    if match.opening:
        tags.append(("Opening", str(match.opening)))
    tags += _forfeit_tags(match)
    head = [f'[{k} "{escape(v)}"]' for k, v in tags]
    body = move_lines([spec.notation.format_move(m) for m in match.moves], result_of(match))
    return "\n".join(head + [""] + body) + "\n"


def read(text: str, file: str = "record") -> Match:
    """A match from a record in our format, replayed through the rules (RecordError otherwise)."""
    tags, tokens = split(text, file)
    _check_format(tags.get("Format"), file)
    game = tags.get("Game", "")
    if game not in registry.REGISTRY:
        raise RecordError(N_("rec.unknown_game"), file=file, game=game,
                          games=", ".join(tr("game." + g) for g in registry.GAMES))
    spec = registry.get(game)
    params: dict[str, Any] = {}
    for p in spec.params:
        if f"Param_{p.name}" in tags:
            try:
                params[p.name] = p.from_text(tags[f"Param_{p.name}"])
            except ValueError:
                raise RecordError(N_("rec.bad_tag_value"), file=file, tag=f"Param_{p.name}",
                                  value=tags[f"Param_{p.name}"]) from None
    try:
        seats = (_seat_value(tags.get("Seat1", "human")), _seat_value(tags.get("Seat2", "human")))
    except ValueError:
        raise RecordError(N_("rec.bad_tag_value"), file=file, tag="Seat1/Seat2",
                          value=f"{tags.get('Seat1')} / {tags.get('Seat2')}") from None
    first = tags.get("First", "1")
    if first not in ("1", "2"):
        raise RecordError(N_("rec.bad_tag_value"), file=file, tag="First", value=first)
    level = tags.get("BaseLevel") if tags.get("Level") == CUSTOM else tags.get("Level")
    config = config_for(game, level, params, seats, tags.get("Card", ""), file, tags.get("Position", ""),
                        _names(tags, seats, file))
    moves = strip_numbers(tokens)
    claimed = tags.get("Result")
    if moves and moves[-1].text in RESULTS:
        final = moves.pop().text
        claimed = claimed or final
    if claimed is not None and claimed not in RESULTS:
        raise RecordError(N_("rec.bad_tag_value"), file=file, tag="Result", value=claimed)
    match = replay(config, int(first) - 1, moves, file)
    opening = tags.get("Opening", "0")
    if not opening.isdigit() or int(opening) > len(match.moves):
        raise RecordError(N_("rec.bad_tag_value"), file=file, tag="Opening", value=opening[:40])
    match.opening = int(opening)
    _read_forfeit(tags, match, file)
    if claimed is not None:
        check_result(claimed, result_of(match), match, file)
    return match


def _check_format(found: str | None, file: str) -> None:
    """Our format, or a message that says what the file is instead (nothing of ours, or a record
    that a newer version of Nim Arcade wrote)."""
    if found == FORMAT:
        return
    if found is None:
        raise RecordError(N_("rec.not_a_record"), file=file)
    name, _, version = found.rpartition(" ")
    if name == FORMAT_NAME and version.isdigit() and int(version) > int(FORMAT_VERSION):
        raise RecordError(N_("rec.newer"), file=file, version=version)
    raise RecordError(N_("rec.not_ours"), file=file, found=found)


def load_file(path: str | Path, notes: list[RecordWarning] | None = None) -> Match:
    """A record file in our format or in one a game offers (OGN...), told apart by their first
    lines. A :class:`RecordWarning` is raised, or with ``notes`` added to it and its match
    returned."""
    path = Path(path)
    text = read_text(path)
    try:
        for spec in registry.specs():
            for fmt in spec.notation.formats:
                if fmt.looks_like(text):
                    return fmt.read(text, path.name)
        return read(text, path.name)
    except RecordWarning as warning:
        if notes is None:
            raise
        notes.append(warning)
        return warning.match


def save_file(match: Match, folder: Path, date: datetime.datetime | None = None) -> Path:
    """Write the record in ``folder``, and beside it the game's other formats that can hold it
    (OGN for an Abapa game); the path of ours."""
    from nimarcade.storage.files import atomic_write_text

    now = date or datetime.datetime.now()
    stem = f"{match.config.card.key}-{now.strftime('%Y%m%d-%H%M%S')}"   # the card: fort_boyard-…
    path = folder / f"{stem}.txt"
    atomic_write_text(path, write(match, now.date()))
    for fmt in registry.get(match.config.game).notation.formats:
        if fmt.can_write(match):
            atomic_write_text(folder / f"{stem}{fmt.suffix}", fmt.write(match, now.date()))
    return path
