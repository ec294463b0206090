"""The lab: any octal game, played exactly and explained (see :mod:`.solver`)."""
from __future__ import annotations

import random
from typing import Any, Mapping

from nimarcade.core.positions import numbers
from nimarcade.core.registry import (EngineSpec, GameSpec, NotationSpec, Param, ParamKind, PositionSpec, Problem,
                                      SceneSpec, TextSpec, Variant)
from nimarcade.core.rules import RulesError
from nimarcade.games.octal import explain, play, rules, solver
from nimarcade.games.octal.rules import BOARDS, HUGE_HEAP, MAX_HEAP, MAX_HEAPS, Move, OctalState
from nimarcade.i18n import N_


def rule(s: OctalState) -> Problem:
    return (N_("octal.rule_misere") if s.misere else N_("octal.rule_normal")), {"code": s.code}


def validate(p: Mapping[str, Any]) -> tuple[str, Problem] | None:
    try:
        rules.parse_code(p.get("code", "0.77"))
    except RulesError as err:
        return "code", (err.key, dict(err.params))
    heaps = p.get("heaps")
    if heaps:
        try:                # above what the window draws: where the period (or a computation) answers
            rules.check_heaps(p.get("code", "0.77"), max(heaps), bool(p.get("misere", False)))
        except RulesError as err:
            return "heaps", (err.key, dict(err.params))
    return None


def new_state(p: Mapping[str, Any], first: int) -> OctalState:
    return OctalState.new(p["heaps"], p.get("code", "0.77"), p.get("misere", False), first,
                          p.get("board", "heaps"))


def write_position(s: OctalState) -> str:
    """The code, then each heap's size: ``0.77 : 3 5 7`` (the code is the game's rule)."""
    return f"{s.code} : " + " ".join(map(str, s.heaps))


def read_position(text: str, params: Mapping[str, Any]) -> OctalState:
    """``0.77 : 3 5 7``, or the heaps alone (``3 5 7``) under the level's code."""
    code, sep, heaps = text.rpartition(":")
    if not sep:
        code, heaps = params.get("code", "0.77"), text
    return OctalState.new(numbers(heaps, N_("err.pos.heaps")), code.strip() or params.get("code", "0.77"),
                          params.get("misere", False), 0, params.get("board", "heaps"))


def bench_positions(rng: random.Random) -> list[tuple[str, OctalState]]:
    return [
        ("octal 0.77: heaps 70, 90, 100", OctalState.new([70, 90, 100], "0.77")),
        ("octal 0.137: 8 random heaps < 200", OctalState.new([rng.randrange(1, 200) for _ in range(8)], "0.137")),
        ("octal 0.777 misère: row of 60", OctalState.new([60], "0.777", True)),
        ("octal 0.07 misère: heaps 9, 11, 13", OctalState.new([9, 11, 13], "0.07", True)),
    ]


SPEC: GameSpec[OctalState, Move] = GameSpec(
    id="octal",
    state_type=OctalState,
    factory=new_state,
    params=(
        Param("code", ParamKind.TEXT, "0.77", label=N_("setup.octal_code")),
        Param("heaps", ParamKind.INT_LIST, None, 0, HUGE_HEAP, required=True, max_len=MAX_HEAPS,
              label=N_("setup.octal_heaps"), setup_hi=MAX_HEAP),
        Param("misere", ParamKind.BOOL, False, label=N_("setup.misere"),
              value_keys={False: N_("setup.misere_off"), True: N_("setup.misere_on")}),
        Param("board", ParamKind.CHOICE, "heaps", choices=BOARDS, label=N_("setup.octal_board"),
              value_keys={"heaps": N_("setup.octal_heaps_board"), "row": N_("setup.octal_row_board")}),
    ),
    rule=rule,
    variants=(Variant("octal", "octal"),),
    window=SceneSpec(scene="nimarcade.games.octal.scene:OctalScene",
                     preview="nimarcade.games.octal.scene.art:draw_preview",
                     editor="nimarcade.games.octal.scene.editor:OctalEditor"),
    winning_moves=solver.winning_moves,
    best_move=play.best_move,
    engine=EngineSpec(hint=play.hint),      # the computer: ExactPlayer over best_move, at the levels' table
    validate=validate,
    demo_ok=lambda p: sum(p.get("heaps") or [99]) <= 30,
    largest_level="grand",
    notation=NotationSpec(rules.format_move, rules.parse_move),
    text=TextSpec(board=rules.text_board, stages=rules.text_stages, move=rules.text_move, table=explain.table_rows,
                  legend=explain.legend_rows, explain=explain.hint_rows),
    position=PositionSpec(write_position, read_position),
    bench_positions=bench_positions,
    commands={"lab": "nimarcade.games.octal.lab:main"},
)
