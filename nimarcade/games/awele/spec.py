"""Awélé / Oware (seed 002): sowing, captures of 2 or 3, never starve the opponent. No exact
strategy: the computer and the hint are a search engine (``ai/awele_*``), which ponders on the
person's time, scores every move in one analysis that the hint and the analysis overlay share
(said in words by :mod:`.advice`, in the window as in the text mode), loads its compiled
core at start-up in the AI worker, and whose games also go to Aualé as OGN files."""
from __future__ import annotations

from typing import Any, Mapping

from nimarcade.games.awele.engine import core as awele_core
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.core.registry import (EngineSpec, GameSpec, JudgeSpec, NotationSpec, Param, ParamKind, PositionSpec,
                             Problem, ProtocolSpec, SceneSpec, TextSpec, Variant)
from nimarcade.core.positions import numbers
from nimarcade.core.rules import InvalidSetup, RulesError
from nimarcade.games.awele import rules
from nimarcade.games.awele.rules import VARIANTS, AweleState

from nimarcade.games.awele import advice as awele_advice
from nimarcade.games.awele import judge as awele_judge
from nimarcade.games.awele import ogn as awele_ogn
from nimarcade.games.awele import puzzles as awele_puzzles
from nimarcade.games.awele import review as awele_review
from nimarcade.i18n import N_
from nimarcade.puzzles.puzzle import SidedPuzzleSpec


#: The most seeds a board may hold: six a house.
MAX_SEEDS = 72


def rule(s: AweleState) -> Problem:
    return f"awele.rule_{s.grand_slam}", {}


def from_fen(text: str, params: Mapping[str, Any]) -> AweleState:
    """Aualé's diagram: the 12 houses (South's A-F, then North's a-f), South's store, North's
    store and the player to move, joined by dashes: ``4-4-4-4-4-4-4-4-4-4-4-4-0-0-S``."""
    parts = text.strip().split("-")
    if len(parts) != 15 or parts[14] not in ("S", "N") or not all(p.isdigit() for p in parts[:14]):
        raise ValueError(f"not an Oware diagram: {text}")
    counts = [int(p) for p in parts[:14]]
    try:
        return AweleState.from_board(counts[:12], counts[12:], 0 if parts[14] == "S" else 1,
                                     params.get("grand_slam", "capture_nothing"))
    except RulesError as err:
        raise ValueError(str(err)) from None


def write_position(s: AweleState) -> str:
    """The mover's six houses (A to F), the opponent's (a to f), the mover's store and the
    opponent's: ``4-4-4-4-4-4-4-4-4-4-4-4-0-0`` (the board turned round when North moves)."""
    me = s.to_move
    houses = s.houses[6 * me:6 * me + 6] + s.houses[6 - 6 * me:12 - 6 * me]
    return "-".join(map(str, houses + (s.stores[me], s.stores[1 - me])))


def read_position(text: str, params: Mapping[str, Any]) -> AweleState:
    counts = numbers(text, N_("err.pos.awele"))
    if len(counts) != 14:
        raise InvalidSetup("err.pos.awele", text=text[:40])
    if not 0 < sum(counts) <= MAX_SEEDS:
        raise InvalidSetup("err.awele.seed_total", n=sum(counts), max=MAX_SEEDS)
    return AweleState.from_board(counts[:12], counts[12:], 0, params["grand_slam"])


SPEC: GameSpec[AweleState, int] = GameSpec(
    position=PositionSpec(write_position, read_position),
    id="awele",
    notation=NotationSpec(rules.format_move, rules.parse_move, formats=(awele_ogn.FORMAT,)),
    text=TextSpec(board=rules.text_board, stages=rules.text_stages, legend=rules.text_legend,
                  explain=awele_advice.text_explain),
    state_type=AweleState,
    factory=lambda p, first: AweleState.new(p["seeds"], p["grand_slam"], first),
    params=(
        Param("seeds", ParamKind.INT, 4, 3, 6, label=N_("setup.seeds")),
        Param("grand_slam", ParamKind.CHOICE, "forbidden", choices=VARIANTS, label=N_("setup.variant"),
              value_keys={v: f"setup.variant_{v}" for v in VARIANTS}, help=N_("awele.setup_slam_help")),
    ),
    rule=rule,
    variants=(Variant("awele", "awele"),),
    window=SceneSpec(scene="nimarcade.games.awele.scene:AweleScene",
                     preview="nimarcade.games.awele.scene.art:draw_preview",
                     editor="nimarcade.games.awele.scene.editor:AweleEditor"),
    engine=EngineSpec(
        chooser=awele_player.choose_move,
        arena_player=awele_player.ArenaPlayer,
        ai_time={level.number: level.seconds for level in awele_player.LEVELS},
        computer_levels=awele_player.LEVELS,
        # one analysis of the person's position, asked alike by the hint (window and text mode) and
        # the analysis overlay: the master's engine, every move scored
        hint=awele_player.hint,
        hint_level=awele_player.ANALYSIS_LEVEL,
        hint_time=awele_player.ANALYSIS_TIME,
        ponder=awele_player.ponder_move,
        ponder_levels=(3, 4),
        analyse=awele_player.analyse_move,
        analysis_time=awele_player.ANALYSIS_TIME,
        review=awele_review.move_values,
        warm_up=awele_core.warm_up,
        set_threads=awele_player.set_threads,
    ),
    protocol=ProtocolSpec(joined=True, from_fen=from_fen, engine_params={"grand_slam": "capture_nothing"},
                          engine_default=True),
    demo_ok=lambda p: p["seeds"] <= 4,
    largest_level="longue",
    # shown from the solver's side: a puzzle with North to move is turned round (A-F at the bottom)
    puzzles=SidedPuzzleSpec(awele_puzzles.positions, awele_puzzles.solve, rules.mirror, rules.mirror_move),
    judge=JudgeSpec(solved_positions=awele_judge.solved_positions, positions=50, games=2),
)
