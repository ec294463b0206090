"""OGN, the Oware game notation of Aualé: read and write Awélé games so they move between programs.

As Aualé writes it: one tag per line (``[Variant "Abapa"]``, then Event, Site, Date, Round,
South, North, Result, with ``?`` for what is unknown), a blank line, then numbered moves wrapped
under 80 columns: ``A``-``F`` for South's houses and ``a``-``f`` for North's, each from its
owner's left, a ``+n`` mark after a move that captured n seeds, ``{comments}``, and the result
as the two final scores (``25-23``, South first) or ``*``. South always moves first.

Aualé plays Oware Abapa: 4 seeds a house, and a grand slam is legal but captures nothing, which is
our ``grand_slam="capture_nothing"``. South is our rules player 0 and Aualé numbers the houses
as our rules do (0-5 South, 6-11 North, sowing by increasing number), so a letter is our move
notation as it is (:func:`nimarcade.games.awele.rules.format_move`). A ``FEN`` start position is not
supported (our games always start from the full board): such a file is refused with a message.

A record is checked against its moves: a ``+n`` that is not what the move captured, or a final
score that the moves do not give, is refused; a score announced by a game whose moves stop
before the end (or no score for a game they end) opens with a warning
(:class:`~nimarcade.records.record.RecordWarning`).

The Awélé spec offers it to :mod:`nimarcade.records.record` as :data:`FORMAT`. Pure Python, no pygame.
"""
from __future__ import annotations

import datetime
import re

from nimarcade.core.registry import RecordFormat
from nimarcade.records.record import (RecordError, Token, check_result, config_for, escape, move_error, move_lines,
                               replay, split, strip_numbers)
from nimarcade.games.awele.rules import AweleState, format_move, parse_move
from nimarcade.core.match import HUMAN, Match
from nimarcade.i18n import N_

PARAMS = {"seeds": 4, "grand_slam": "capture_nothing"}
ROSTER = ("Variant", "Event", "Site", "Date", "Round", "South", "North", "Result")
MOVE = re.compile(r"^([A-Fa-f])(\+\d+)?$")
RESULT = re.compile(r"^(\d+-\d+|\*)$")


def looks_like(text: str) -> bool:
    """Aualé's files start with their Variant tag."""
    return text.lstrip().startswith("[Variant")


def can_write(match: Match) -> bool:
    """Only Abapa games from the full board can go to Aualé (the records module asks for Awélé
    games only): OGN has no diagram for an edited position."""
    params = match.config.params
    return not match.config.start and all(params.get(k) == v for k, v in PARAMS.items())


def read(text: str, file: str = "record.ogn") -> Match:
    """An Abapa game from an OGN text, replayed through our rules (RecordError otherwise)."""
    tags, tokens = split(text, file, variations=True)
    variant = tags.get("Variant", "")
    if "abapa" not in variant.lower():
        raise RecordError(N_("rec.ogn_variant"), file=file, value=variant)
    if tags.get("FEN"):
        raise RecordError(N_("rec.ogn_fen"), file=file)
    moves: list[Token] = []
    written: list[Token] = []                 # each move as the file writes it, "f+2"
    claimed = tags.get("Result", "?")
    body = strip_numbers(tokens)
    for i, token in enumerate(body):
        m = MOVE.match(token.text)
        if m:
            moves.append(Token(m.group(1), token.line))
            written.append(token)
        elif i == len(body) - 1 and RESULT.match(token.text):
            claimed = token.text if claimed in ("?", "") else claimed
        else:
            raise move_error(N_("rec.bad_move"), file, token, len(moves) + 1, why=_bad_notation(token.text))
    config = config_for("awele", None, dict(PARAMS), (HUMAN, HUMAN), "awele", file)
    match = replay(config, 0, moves, file, parse_move)
    _check_captures(match, written, file)
    if RESULT.match(claimed):
        check_result(claimed, result(match.state), match, file, _score_words)
    elif claimed not in ("?", ""):
        raise RecordError(N_("rec.bad_tag_value"), file=file, tag="Result", value=claimed)
    return match


def _check_captures(match: Match, written: list[Token], file: str) -> None:
    """Each ``+n`` of the file against what its move captured (a move written without one
    claims nothing)."""
    for index, (token, gain) in enumerate(zip(written, gains(match)), 1):
        read = MOVE.match(token.text)
        said = read.group(2) if read is not None else None
        if said is not None and int(said[1:]) != gain:
            raise move_error(N_("rec.capture_differs"), file, token, index, said=int(said[1:]), gain=gain)


def gains(match: Match) -> list[int]:
    """The seeds each move of ``match`` captured."""
    return [after.stores[before.to_move] - before.stores[before.to_move]
            for before, after in zip(match.states, match.states[1:])]


def result(state: AweleState) -> str:
    """The result as OGN writes it: the final scores, South first, or ``*`` for a game going on."""
    return "%d-%d" % scores(state) if state.is_over else "*"


def _score_words(text: str) -> str:
    """The final scores in words ("South 25, North 23")."""
    from nimarcade.i18n import tr

    south, north = text.split("-")
    return tr("ogn.means_score", south=south, north=north)


def _bad_notation(text: str) -> str:
    from nimarcade.i18n import tr

    return tr("err.bad_notation", text=text)


def scores(state: AweleState) -> tuple[int, int]:
    """The result as Aualé writes it: the stores, plus each row's seeds when the game ended
    without a majority (no move left, or a repetition)."""
    half = state.total // 2
    if any(2 * s > state.total for s in state.stores) or state.stores[0] == state.stores[1] == half:
        return state.stores
    return state.final_scores()


def player_tag(match: Match, player: int) -> str:
    """How the South (0) or North (1) tag names a player: a named person's or a program's name,
    the computer with its level; ``?`` for a person nobody named."""
    spec = match.player(player)
    if spec.is_human and not spec.person:
        return "?"
    return match.player_name(player)


def write(match: Match, date: datetime.date | None = None, south: str | None = None,
          north: str | None = None) -> str:
    """The OGN text of an Abapa game (the caller checks :func:`can_write`); South and North are
    the match's players unless given."""
    final = result(match.state)
    south = player_tag(match, 0) if south is None else south
    north = player_tag(match, 1) if north is None else north
    values = {"Variant": "Abapa", "Date": (date or datetime.date.today()).strftime("%Y.%m.%d"),
              "South": south, "North": north, "Result": final}
    head = ['[%s "%s"]' % (tag, escape(values.get(tag, "?"))) for tag in ROSTER]
    tokens = [format_move(move) + (f"+{gain}" if gain else "")
              for move, gain in zip(match.moves, gains(match))]
    body = move_lines(tokens, "" if final == "*" else final) if tokens else []
    return "\n".join(head + ([""] + body if body else [])) + "\n"


#: OGN as a record format of the Awélé game (``GameSpec.notation.formats``).
FORMAT = RecordFormat("OGN", ".ogn", looks_like, read, can_write, write)
