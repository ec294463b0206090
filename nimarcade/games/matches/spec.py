"""Matches in a row (seed 004): take 1 to 3 adjacent matches; whoever takes the last one loses.
The exact strategy is the misère quotient of the octal game 0.777 (``nimarcade/games/matches/solver.py``)."""
from __future__ import annotations

from typing import Any, Mapping

from nimarcade.games.matches import solver as matches_solver
from nimarcade.core.registry import (GameSpec, NotationSpec, Param, ParamKind, PositionSpec, Problem, SceneSpec,
                                      TextSpec, Variant)
from nimarcade.core.rules import RulesError
from nimarcade.games.matches import rules
from nimarcade.games.matches.rules import Move, RowState
from nimarcade.i18n import N_

#: The longest row a level may set. The misère quotient of 0.777 (ai/misere_quotient.py) makes
#: any row up to the rules' 120 exact in about a millisecond; 100 keeps a match wide enough to click.
MAX_MATCHES = 100


def rule(s: RowState) -> Problem:
    return (N_("matches.rule_one"), {}) if s.max_take == 1 else (N_("matches.rule"), {"max": s.max_take})


def length(p: Mapping[str, Any]) -> int:
    return len(p["pattern"]) if p.get("pattern") else p.get("length", 21)


def validate(p: Mapping[str, Any]) -> tuple[str, Problem] | None:
    """A pattern has 1 to MAX_MATCHES cells with at least one match: never a finished game."""
    pattern = p.get("pattern")
    if pattern is None:
        return None
    try:
        row = RowState.from_pattern(pattern)
    except RulesError:
        return "pattern", (N_("lvl.pattern"), {"hi": MAX_MATCHES})
    if row.length > MAX_MATCHES or row.is_over:
        return "pattern", (N_("lvl.pattern"), {"hi": MAX_MATCHES})
    return None


def new_state(p: Mapping[str, Any], first: int) -> RowState:
    if p.get("pattern"):
        return RowState.from_pattern(p["pattern"], p.get("max_take", 3), first)
    return RowState.new(p.get("length", 21), p.get("max_take", 3), first)


def read_position(text: str, params: Mapping[str, Any]) -> RowState:
    """The row, ``|`` a match and ``.`` a cell taken: ``|||.||``."""
    return RowState.from_pattern(text, params.get("max_take", 3))


SPEC: GameSpec[RowState, Move] = GameSpec(
    position=PositionSpec(lambda s: "".join("|" if c else "." for c in s.cells), read_position),
    id="matches",
    notation=NotationSpec(rules.format_move, rules.parse_move),
    text=TextSpec(board=rules.text_board, stages=rules.text_stages, explain=rules.text_explain),
    state_type=RowState,
    factory=new_state,
    params=(
        Param("length", ParamKind.INT, 21, 1, MAX_MATCHES, label=N_("setup.length"), overridden_by="pattern"),
        Param("pattern", ParamKind.TEXT, None, setup=False),
        Param("max_take", ParamKind.INT, 3, 1, 5, label="setup.max_take_matches", setup=False),
    ),
    rule=rule,
    variants=(Variant("matches", "matches"),),
    window=SceneSpec(scene="nimarcade.games.matches.scene:MatchesScene",
                     preview="nimarcade.games.matches.scene.art:draw_preview",
                     editor="nimarcade.games.matches.scene.editor:MatchesEditor"),
    winning_moves=matches_solver.winning_moves,
    best_move=matches_solver.winning_move,
    validate=validate,
    demo_ok=lambda p: length(p) <= 30,
    largest_level="100",
)
