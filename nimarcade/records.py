"""Game records: a PGN-like text file for every game of the registry, and the other programs' formats
that a game's registry entry offers (``GameSpec.formats``: Awélé's OGN, which Aualé opens).

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
    [First "2"]
    [Date "2026.11.23"]
    [Result "0-1"]

    1. 3 2 2. 1 3 ... 0-1

Tags name the game, the menu card, the level, each board parameter (written by its kind in the
registry's schema), who sits where (seat 1 is "me", the bottom of the screen; "human",
"computer N" or "program NAME"), which seat moved first, the date and the result (the first
mover's score first, as in PGN); a game given up by a program adds ``Termination "forfeit"``,
the seat that forfeited and why (``ForfeitReason``, ``ForfeitParams``); a game from an edited
position says it (``Position``, in the game's position text, whose player to move is the first). Moves are in each game's own notation (``GameSpec.format_move``/``parse_move``),
numbered every two moves; ``{comments}`` and ``(variations)`` are skipped on reading.

Reading replays every move through the rules: a record is never trusted. Any problem raises a
:class:`RecordError` that names the file, the line and the move. Pure Python, no pygame.
"""
from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from nimarcade import games, levels
from nimarcade.i18n import error_text
from nimarcade.rules import RulesError
from nimarcade.session import HUMAN, Match, MatchConfig, Seat

FORMAT = "nimarcade-record 1"
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
TAG = re.compile(r'\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')


class RecordError(ValueError):
    """A record that cannot be read or replayed: ``key``/``params`` name the message (the file,
    the line, the move)."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(f"{key} {params}")


@dataclass(frozen=True)
class Token:
    text: str
    line: int


# -- reading the text ------------------------------------------------------------------------------
def split(text: str, file: str, variations: bool = False) -> tuple[dict[str, str], list[Token]]:
    """The tags and the move-section tokens (with their line numbers) of a PGN-like text;
    ``{comments}`` are skipped, and ``(variations)`` too when the notation has no brackets."""
    tags: dict[str, str] = {}
    lines = text.splitlines()
    n = 0
    while n < len(lines) and (lines[n].strip().startswith("[") or not lines[n].strip()):
        line = lines[n]
        if line.strip():
            m = TAG.match(line)
            if m is None:
                raise RecordError("rec.bad_tag", file=file, line=n + 1, text=line.strip()[:60])
            tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
        n += 1
    return tags, list(_tokens(lines, n, file, "{(" if variations else "{"))


def _tokens(lines: list[str], start: int, file: str, openers: str) -> Iterator[Token]:
    closing = {"}": "{", ")": "("}
    closing = {c: o for c, o in closing.items() if o in openers}
    depth = {o: 0 for o in openers}
    marks = openers + "".join(closing)
    for number in range(start, len(lines)):
        word = ""
        for ch in lines[number] + " ":
            if ch in openers:
                depth[ch] += 1
            elif ch in closing:
                depth[closing[ch]] -= 1
                if depth[closing[ch]] < 0:
                    raise RecordError("rec.bad_text", file=file, line=number + 1, text=ch)
            elif any(depth.values()):
                continue
            elif ch.isspace():
                if word:
                    yield Token(word, number + 1)
                word = ""
            else:
                word += ch
            if ch in marks and word:
                yield Token(word, number + 1)
                word = ""


def strip_numbers(tokens: list[Token]) -> list[Token]:
    """Drop move numbers ("12." or "12...") and the number glued to a move ("12.A")."""
    out = []
    for t in tokens:
        text = re.sub(r"^\d+\.+", "", t.text)
        if text:
            out.append(Token(text, t.line))
    return out


# -- replaying -------------------------------------------------------------------------------------
def replay(config: MatchConfig, first_seat: int, moves: list[Token], file: str,
           parse: Any = None) -> Match:
    """A match with every move played through the rules; RecordError at the first bad one."""
    spec = games.get(config.game)
    parse = parse or spec.parse_move
    match = Match.begin(config, first_seat)
    for index, token in enumerate(moves, 1):
        try:
            move = parse(match.state, token.text)
            match.play(move)
        except RulesError as err:
            raise RecordError("rec.bad_move", file=file, line=token.line, n=index, move=token.text,
                              why=error_text(err)) from None
    return match


def config_for(game: str, level_id: str | None, params: dict[str, Any], seats: tuple[Seat, Seat],
               card: str = "", file: str = "", start: str = "") -> MatchConfig:
    """The configuration of a record: its level (or the game's first one, with its parameters)."""
    found = levels.load(game)
    level = next((lv for lv in found if lv.id == level_id), None)
    if level is None:
        level = next((lv for lv in found if dict(lv.params) == {**lv.params, **params}), found[0])
    full = {**level.params, **params}
    problem = games.get(game).check_params(full)
    if problem:
        name, (key, values) = problem
        raise RecordError("rec.bad_param", file=file, name=name, why=error_text(RulesError(key, **values)))
    if card:
        try:
            if games.find_variant(card).game != game:
                card = ""
        except KeyError:
            card = ""
    if start:
        try:
            games.get(game).start_state(full, start)
        except RulesError as err:
            raise RecordError("rec.bad_position", file=file, why=error_text(err)) from None
    return MatchConfig(game, level, full, seats, "me", False, card or games.variant_for(game, level.id).key,
                       start=start)


# -- our format ------------------------------------------------------------------------------------
def _seat_text(seat: Seat) -> str:
    if isinstance(seat, str):
        return f"program {seat}"
    return "human" if seat == HUMAN else f"computer {seat}"


def _seat_value(text: str) -> Seat:
    if text == "human":
        return HUMAN
    kind, _, rest = text.partition(" ")
    if kind == "program" and rest.strip():
        return rest.strip()
    if kind != "computer" or not rest.isdigit() or int(rest) not in games.AI_LEVELS:
        raise ValueError(text)
    return int(rest)


def escape(value: str) -> str:
    """A tag value with its backslashes and quotes escaped, as PGN and OGN write them."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


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
            ("ForfeitReason", lost.key), ("ForfeitParams", json.dumps(params, ensure_ascii=False, sort_keys=True))]


def _read_forfeit(tags: dict[str, str], match: Match, file: str) -> None:
    if tags.get("Termination") != "forfeit":
        return
    seat = tags.get("Forfeit", "")
    if seat not in ("1", "2"):
        raise RecordError("rec.bad_tag_value", file=file, tag="Forfeit", value=seat)
    try:
        params = json.loads(tags.get("ForfeitParams", "{}"))
        if not isinstance(params, dict):
            raise ValueError(params)
    except ValueError:
        raise RecordError("rec.bad_tag_value", file=file, tag="ForfeitParams",
                          value=tags.get("ForfeitParams", "")[:40]) from None
    key = tags.get("ForfeitReason", "forfeit.closed")
    match.forfeit(match.rules_player_of_seat(int(seat) - 1), key if key.startswith("forfeit.") else "forfeit.closed",
                  params)


def move_lines(tokens: list[str], result: str, width: int = 79) -> list[str]:
    """Numbered moves ("1. A a 2. B b"), wrapped under ``width`` columns, then the result."""
    words: list[str] = []
    for i, t in enumerate(tokens):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(t)
    if result:
        words.append(result)
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return lines + [line]


UNKNOWN_DATE = "????.??.??"


def write(match: Match, date: datetime.date | None = None, dated: bool = True) -> str:
    """The record of ``match`` in our format (``dated=False``: the date unknown, as PGN writes it,
    so that the same game always gives the same text)."""
    cfg = match.config
    spec = games.get(cfg.game)
    tags = [("Format", FORMAT), ("Game", cfg.game), ("Card", cfg.card.key), ("Level", cfg.level.id)]
    tags += [(f"Param_{p.name}", p.to_text(cfg.params.get(p.name))) for p in spec.params
             if cfg.params.get(p.name) is not None]
    if cfg.start:
        tags.append(("Position", cfg.start))
    tags += [("Seat1", _seat_text(cfg.seats[0])), ("Seat2", _seat_text(cfg.seats[1])),
             ("First", str(match.first_seat + 1)),
             ("Date", (date or datetime.date.today()).strftime("%Y.%m.%d") if dated else UNKNOWN_DATE),
             ("Result", result_of(match))]
    tags += _forfeit_tags(match)
    head = [f'[{k} "{escape(v)}"]' for k, v in tags]
    body = move_lines([spec.format_move(m) for m in match.moves], result_of(match))
    return "\n".join(head + [""] + body) + "\n"


def read(text: str, file: str = "record") -> Match:
    """A match from a record in our format, replayed through the rules (RecordError otherwise)."""
    tags, tokens = split(text, file)
    if tags.get("Format") != FORMAT:
        raise RecordError("rec.not_ours", file=file, found=tags.get("Format", "?"))
    game = tags.get("Game", "")
    if game not in games.REGISTRY:
        raise RecordError("rec.bad_tag_value", file=file, tag="Game", value=game)
    spec = games.get(game)
    params: dict[str, Any] = {}
    for p in spec.params:
        if f"Param_{p.name}" in tags:
            try:
                params[p.name] = p.from_text(tags[f"Param_{p.name}"])
            except ValueError:
                raise RecordError("rec.bad_tag_value", file=file, tag=f"Param_{p.name}",
                                  value=tags[f"Param_{p.name}"]) from None
    try:
        seats = (_seat_value(tags.get("Seat1", "human")), _seat_value(tags.get("Seat2", "human")))
    except ValueError:
        raise RecordError("rec.bad_tag_value", file=file, tag="Seat1/Seat2",
                          value=f"{tags.get('Seat1')} / {tags.get('Seat2')}") from None
    first = tags.get("First", "1")
    if first not in ("1", "2"):
        raise RecordError("rec.bad_tag_value", file=file, tag="First", value=first)
    config = config_for(game, tags.get("Level"), params, seats, tags.get("Card", ""), file,
                        tags.get("Position", ""))
    moves = strip_numbers(tokens)
    if moves and moves[-1].text in RESULTS:
        moves.pop()
    match = replay(config, int(first) - 1, moves, file)
    _read_forfeit(tags, match, file)
    return match


def load_file(path: str | Path) -> Match:
    """A record file in our format or in one a game offers (OGN...), told apart by their first
    lines."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RecordError("rec.missing", file=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError("rec.unreadable", file=str(path), why=str(exc)) from None
    for spec in games.specs():
        for fmt in spec.formats:
            if fmt.looks_like(text):
                return fmt.read(text, path.name)
    return read(text, path.name)


def save_file(match: Match, folder: Path, date: datetime.datetime | None = None) -> Path:
    """Write the record in ``folder``, and beside it the game's other formats that can hold it
    (OGN for an Abapa game); the path of ours."""
    from nimarcade.storage import atomic_write_text

    now = date or datetime.datetime.now()
    stem = f"{match.config.game}-{now.strftime('%Y%m%d-%H%M%S')}"
    path = folder / f"{stem}.txt"
    atomic_write_text(path, write(match, now.date()))
    for fmt in games.get(match.config.game).formats:
        if fmt.can_write(match):
            atomic_write_text(folder / f"{stem}{fmt.suffix}", fmt.write(match, now.date()))
    return path
