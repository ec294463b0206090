"""Sticks (seed 000: take 1..max, the last stick loses) and Fort Boyard (seed 001: 20 sticks,
take 1 to 3, the last stick wins): one game with two menu cards."""
from __future__ import annotations

import random
from typing import Any, Mapping

from nimarcade.games.sticks import solver as strategy
from nimarcade.core.registry import (GameSpec, JudgeSpec, NotationSpec, Param, ParamKind, PositionSpec, Problem,
                                      TeacherCase, SceneSpec, TextSpec, Variant)
from nimarcade.core.positions import numbers
from nimarcade.core.rules import InvalidSetup
from nimarcade.games.sticks import rules
from nimarcade.games.sticks.rules import SticksState
from nimarcade.i18n import N_


def rule(s: SticksState) -> Problem:
    return (N_("sticks.rule_loses") if s.last_loses else N_("sticks.rule_wins")), {"max": s.max_take}


#: Seed 001's unit tests of ``choix_ordinateur(nb_objet)``: sticks left -> the sticks to take.
CHOIX_ORDINATEUR = ((18, 2), (15, 3), (3, 3), (9, 1))


def teacher_cases(params: Mapping[str, Any]) -> list[TeacherCase[SticksState, int]]:
    """Seed 001's asserts, which hold under Fort Boyard's rule only (take 1 to 3, whoever takes
    the last stick wins); its function knows only the sticks left, not whose turn it is."""
    if params["max_take"] != 3 or params["last_loses"]:
        return []
    return [(f"choix_ordinateur({n}) == {take}", (SticksState.new(n, first=0), SticksState.new(n, first=1)), (take,))
            for n, take in CHOIX_ORDINATEUR]


def bench_positions(rng: random.Random) -> list[tuple[str, SticksState]]:
    return [("sticks: 60, take 1-5, last loses", SticksState.new(60, 5, True)),
            ("sticks: 1,000,000, take 1-3", SticksState.new(1_000_000))]


def read_position(text: str, params: Mapping[str, Any]) -> SticksState:
    """The sticks left: ``13``."""
    found = numbers(text, N_("err.pos.sticks"))
    if len(found) != 1:
        raise InvalidSetup("err.pos.sticks", text=text[:40])
    return SticksState.new(found[0], params["max_take"], params["last_loses"])


SPEC: GameSpec[SticksState, int] = GameSpec(
    position=PositionSpec(lambda s: str(s.sticks), read_position),
    id="sticks",
    notation=NotationSpec(rules.format_move, rules.parse_move),
    text=TextSpec(board=rules.text_board, stages=rules.text_stages, explain=rules.text_explain),
    state_type=SticksState,
    factory=lambda p, first: SticksState.new(p["sticks"], p["max_take"], p["last_loses"], first),
    params=(
        Param("sticks", ParamKind.INT, None, 1, 60, required=True, label=N_("setup.sticks")),
        Param("max_take", ParamKind.INT, 3, 2, 9, label=N_("setup.max_take")),
        Param("last_loses", ParamKind.BOOL, False, label=N_("setup.last"),
              value_keys={False: N_("setup.last_wins"), True: N_("setup.last_loses")}),
    ),
    rule=rule,
    variants=(Variant("sticks", "sticks", "mgl7160"), Variant("fort_boyard", "sticks", "fort-boyard")),
    window=SceneSpec(scene="nimarcade.games.sticks.scene:SticksScene",
                     preview="nimarcade.games.sticks.scene.art:draw_preview",
                     editor="nimarcade.games.sticks.scene.editor:SticksEditor"),
    winning_moves=strategy.winning_moves,
    largest_level="grande-pile",
    bench_positions=bench_positions,
    judge=JudgeSpec(teacher_cases=teacher_cases),
)
