"""Pawns into the sink (seed 003): push a pawn 1 or 2 cells right or down; whoever drops the last
pawn into the sink wins. The exact strategy is the nim-sum of the pawns' nimbers."""
from __future__ import annotations

import random

from nimarcade.games.grid import solver as strategy
from nimarcade.core.registry import GameSpec, NotationSpec, Param, ParamKind, SceneSpec, TextSpec, Variant
from nimarcade.core.positions import sink_board
from nimarcade.games.grid import rules
from nimarcade.games.grid.rules import MAX_SIZE, MIN_SIZE, GridState
from nimarcade.games.sinkboard.rules import Move
from nimarcade.i18n import N_


def bench_positions(rng: random.Random) -> list[tuple[str, GridState]]:
    return [("grid: 30×30, 30 pawns (start)", GridState.new(30, 30, 30)),
            ("grid: 30×30, 30 random pawns",
             GridState.from_pawns(30, 30, [(rng.randint(1, 30), rng.randint(1, 30)) for _ in range(30)]))]


SPEC: GameSpec[GridState, Move] = GameSpec(
    position=sink_board(GridState.from_pawns),
    id="grid",
    notation=NotationSpec(rules.format_move, rules.parse_move),
    text=TextSpec(board=rules.text_board, stages=rules.text_stages, move=rules.text_move, table=rules.text_table,
                  explain=rules.text_explain),
    state_type=GridState,
    factory=lambda p, first: GridState.new(p["rows"], p["cols"], p["pawns"], first),
    params=(
        Param("rows", ParamKind.INT, None, MIN_SIZE, MAX_SIZE, required=True, label=N_("setup.rows")),
        Param("cols", ParamKind.INT, None, MIN_SIZE, MAX_SIZE, required=True, label=N_("setup.cols")),
        Param("pawns", ParamKind.INT, None, 1, MAX_SIZE, required=True, hi_param="rows", label=N_("setup.pawns")),
    ),
    rule=lambda s: (N_("grid.rule"), {}),
    variants=(Variant("grid", "grid"),),
    window=SceneSpec(scene="nimarcade.games.grid.scene:GridScene",
                     preview="nimarcade.games.grid.scene.art:draw_preview",
                     editor="nimarcade.games.grid.scene.editor:GridEditor"),
    winning_moves=strategy.winning_moves,
    demo_ok=lambda p: p["rows"] * p["cols"] <= 15 * 15,
    puzzle_ok=lambda p: max(p["rows"], p["cols"]) <= 15,     # cells of 28 pixels at least
    largest_level="30x30",
    bench_positions=bench_positions,
)
