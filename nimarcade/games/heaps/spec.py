"""Nim on heaps (seed 001, part 2): take any number from one heap; normal or misère play."""
from __future__ import annotations

import random
from typing import Any, Mapping

from nimarcade.games.heaps import solver as strategy
from nimarcade.core.registry import (GameSpec, NotationSpec, Param, ParamKind, PositionSpec, Problem, SceneSpec,
                                      TextSpec, Variant)
from nimarcade.core.positions import numbers
from nimarcade.games.heaps import rules
from nimarcade.games.heaps.rules import HeapsState, Move
from nimarcade.i18n import N_


def rule(s: HeapsState) -> Problem:
    return (N_("heaps.rule_misere") if s.misere else N_("heaps.rule_normal")), {}


def bench_positions(rng: random.Random) -> list[tuple[str, HeapsState]]:
    return [
        ("heaps: 50 heaps of 1,000,000 (nim-sum 0)", HeapsState.new([1_000_000] * 50)),
        ("heaps: 50 random heaps in [1e6, 2e6)",
         HeapsState.new([rng.randrange(10**6, 2 * 10**6) for _ in range(50)])),
        ("heaps misère: 50 random heaps in [1e6, 2e6)",
         HeapsState.new([rng.randrange(10**6, 2 * 10**6) for _ in range(50)], misere=True)),
    ]


def read_position(text: str, params: Mapping[str, Any]) -> HeapsState:
    """Each heap's size, emptied ones too: ``3 0 5``."""
    return HeapsState.new(numbers(text, N_("err.pos.heaps")), params["misere"])


SPEC: GameSpec[HeapsState, Move] = GameSpec(
    position=PositionSpec(lambda s: " ".join(map(str, s.heaps)), read_position),
    id="heaps",
    notation=NotationSpec(rules.format_move, rules.parse_move),
    text=TextSpec(board=rules.text_board, stages=rules.text_stages, table=rules.text_table,
                  explain=rules.text_explain),
    state_type=HeapsState,
    factory=lambda p, first: HeapsState.new(p["heaps"], p["misere"], first),
    params=(
        Param("heaps", ParamKind.INT_LIST, None, 1, 25, required=True, max_len=8, label=N_("setup.heap")),
        Param("misere", ParamKind.BOOL, False, label=N_("setup.misere"),
              value_keys={False: N_("setup.misere_off"), True: N_("setup.misere_on")}),
    ),
    rule=rule,
    variants=(Variant("heaps", "heaps"),),
    window=SceneSpec(scene="nimarcade.games.heaps.scene:HeapsScene",
                     preview="nimarcade.games.heaps.scene.art:draw_preview",
                     editor="nimarcade.games.heaps.scene.editor:HeapsEditor"),
    winning_moves=strategy.winning_moves,
    largest_level="geant",
    bench_positions=bench_positions,
)
