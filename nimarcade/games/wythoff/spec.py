"""The queen to the sink (after seed 003): slide a queen right, down or diagonally; whoever sinks
the last queen wins (Wythoff's game; several queens add by xor)."""
from __future__ import annotations

import random

from nimarcade.core.registry import GameSpec, NotationSpec, Param, ParamKind, SceneSpec, TextSpec, Variant
from nimarcade.core.positions import sink_board
from nimarcade.games.sinkboard import rules as sinkboard
from nimarcade.games.wythoff import rules
from nimarcade.core.rules.textual import Stage, piece_stages
from nimarcade.games.sinkboard.rules import Move
from nimarcade.games.wythoff.rules import MAX_SIZE, MIN_SIZE, WythoffState
from nimarcade.i18n import N_


def stages(s: WythoffState) -> Stage:
    """The pawns' questions of seed 003, asked about queens (text mode)."""
    return piece_stages(s.queens, s.destinations, N_("wythoff.text_queen"), N_("grid.text_dest"), N_("wythoff.text_only_one"))


def bench_positions(rng: random.Random) -> list[tuple[str, WythoffState]]:
    return [("wythoff: 30×30, 12 queens (start)", WythoffState.new(30, 30, 12)),
            ("wythoff: 30×30, 30 random queens",
             WythoffState.from_queens(30, 30, [(rng.randint(1, 29), rng.randint(1, 29)) for _ in range(30)]))]


SPEC: GameSpec[WythoffState, Move] = GameSpec(
    position=sink_board(WythoffState.from_queens),
    id="wythoff",
    notation=NotationSpec(rules.format_move, rules.parse_move),
    state_type=WythoffState,
    factory=lambda p, first: WythoffState.new(p["rows"], p["cols"], p["queens"], first),
    params=(
        Param("rows", ParamKind.INT, None, MIN_SIZE, MAX_SIZE, required=True, label=N_("setup.rows")),
        Param("cols", ParamKind.INT, None, MIN_SIZE, MAX_SIZE, required=True, label=N_("setup.cols")),
        Param("queens", ParamKind.INT, 1, 1, MAX_SIZE, label=N_("setup.queens")),
    ),
    rule=lambda s: (N_("wythoff.rule_many") if len(s.queens) > 1 else N_("rule.wythoff"), {}),
    variants=(Variant("wythoff", "wythoff"),),
    window=SceneSpec(scene="nimarcade.games.wythoff.scene:WythoffScene",
                     preview="nimarcade.games.wythoff.scene.art:draw_preview",
                     editor="nimarcade.games.wythoff.scene.editor:WythoffEditor"),
    winning_moves=WythoffState.winning_moves,
    text=TextSpec(board=lambda s, ascii: sinkboard.text_board(s, ascii, "Q"), stages=stages,
                  move=sinkboard.text_move),
    demo_ok=lambda p: p["rows"] * p["cols"] <= 15 * 15,
    puzzle_ok=lambda p: max(p["rows"], p["cols"]) <= 15,     # cells of 28 pixels at least
    largest_level="30x30-12",
    bench_positions=bench_positions,
)
