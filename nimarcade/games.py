"""The game registry: one :class:`GameSpec` per game, the one place that knows a game.

Everything generic (level validation, the setup screen, the demo, the frame bench, the tests over
every game, the text mode, saves and statistics) iterates over :data:`REGISTRY` and never tests a
game id. A game is added by writing its rules module, its scene (with its art and explanation
files), its level file, its text table and one entry here.

Variants are cards of the menu that point at a level of a game, as python-chess keeps its variants
in ``VARIANTS`` and finds them with ``find_variant()``: Fort Boyard is the Sticks game at its
``fort-boyard`` level.

Pure Python: scene-side things (the scene class, the menu preview, the hint's explanation) are
named by ``"module:attribute"`` paths and imported only by the scenes, so this module (like the
rules and the AI) never imports pygame.
"""
from __future__ import annotations

import importlib
import random
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from nimarcade import ai
from nimarcade.ai import awele_player
from nimarcade.ai.hints import Hint, compute_hint
from nimarcade.rules import RulesError
from nimarcade.rules.awele import VARIANTS as AWELE_VARIANTS, AweleState
from nimarcade.rules.grid import MAX_SIZE as GRID_MAX, MIN_SIZE as GRID_MIN, GridState
from nimarcade.rules.heaps import HeapsState
from nimarcade.rules.matches import RowState
from nimarcade.rules import awele as awele_rules, grid as grid_rules, heaps as heaps_rules
from nimarcade.rules import matches as matches_rules, sticks as sticks_rules
from nimarcade.rules.protocol import GameState
from nimarcade.rules.textual import Stage, piece_stages
from nimarcade.rules.sticks import SticksState
from nimarcade.rules import wythoff as wythoff_rules
from nimarcade.rules.wythoff import MAX_SIZE as WYTHOFF_MAX, MIN_SIZE as WYTHOFF_MIN, WythoffState

#: A problem with a value: a translation key and its parameters (translated where it is shown).
Problem = tuple[str, dict[str, Any]]

#: The computer's levels: 1 beginner, 2 medium, 3 expert, 4 master (seed 003, plus a perfect one).
AI_LEVELS: tuple[int, ...] = ai.LEVELS
HUMAN = 0
#: In the demo, moves come at a watchable pace whatever the level (seconds of thinking at most).
DEMO_AI_TIME = 1.0


# -- parameters ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Param:
    """One board parameter of a game: a key of its level file and a row of its setup screen.

    ``kind`` is ``"int"``, ``"bool"``, ``"choice"``, ``"int_list"`` (each item within lo..hi, at
    most ``max_len`` items) or ``"text"`` (checked by the game's ``validate``). ``hi_param`` makes
    the upper bound the value of another parameter (no more pawns than rows).
    """

    name: str
    kind: str
    default: Any = None
    lo: int = 0
    hi: int = 0
    required: bool = False
    choices: tuple[Any, ...] = ()
    max_len: int = 0
    hi_param: str | None = None
    #: The setup row's label, and the translation key of each value (bool and choice).
    label: str = ""
    value_keys: Mapping[Any, str] = field(default_factory=dict, hash=False, compare=False)
    #: False: kept from the level but not offered on the setup screen.
    setup: bool = True
    #: A text parameter that, when set, replaces this number (a match pattern sets the length):
    #: the setup row then shows that, and changing the number clears it.
    overridden_by: str | None = None

    def bounds(self, params: Mapping[str, Any]) -> tuple[int, int]:
        hi = self.hi
        if self.hi_param is not None:
            other = params.get(self.hi_param)
            if isinstance(other, int) and not isinstance(other, bool):
                hi = min(hi, other)
        return self.lo, hi

    def check(self, value: Any, params: Mapping[str, Any] | None = None) -> Problem | None:
        """None when ``value`` is acceptable, else the reason (a translation key and params)."""
        lo, hi = self.bounds(params or {})
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return "lvl.want_int", {"lo": lo, "hi": hi}
            if not lo <= value <= hi:
                return "lvl.range", {"lo": lo, "hi": hi, "v": value}
        elif self.kind == "bool":
            if not isinstance(value, bool):
                return "lvl.want_bool", {}
        elif self.kind == "choice":
            if value not in self.choices:
                return "lvl.choice", {"options": ", ".join(map(str, self.choices))}
        elif self.kind == "int_list":
            if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= self.max_len or any(
                not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi for v in value
            ):
                return "lvl.int_list", {"n": self.max_len, "lo": lo, "hi": hi}
        elif self.kind == "text":
            if value is not None and not isinstance(value, str):   # None: not given
                return "lvl.want_text", {}
        return None


# -- variants (menu cards) -----------------------------------------------------------------------
@dataclass(frozen=True)
class Variant:
    """A card of the game menu: ``game.<key>`` names it, ``rule.<key>`` says its rule in a line.
    ``level`` preselects a level of the game (None: the game's first level)."""

    key: str
    game: str
    level: str | None = None


# -- text mode -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TextSpec:
    """How a game plays in a terminal (:mod:`nimarcade.text`); every part is optional.

    ``board(state, ascii)``: the board in symbols and numbers (default: none, the moves say it all);
    ``stages(state)``: the first :class:`~nimarcade.rules.textual.Stage` of numbered choices
    (default: one numbered list of every legal move in notation); ``move(move)``: how a played move
    is announced (default: ``format_move``); ``table(state)``: rows shown on request, key ``t``
    (seed 001's binary table); ``legend(state)``: rows said at the start and in the help;
    ``explain(state, hint)``: rows that say why the hint's move wins. Rows are
    :class:`~nimarcade.rules.textual.Row`: translation keys and symbols.
    """

    board: Callable[[Any, bool], list[str]] | None = None
    stages: Callable[[Any], Any] | None = None
    move: Callable[[Any], str] | None = None
    table: Callable[[Any], list] | None = None
    legend: Callable[[Any], list] | None = None
    explain: Callable[[Any, Any], list] | None = None

    @classmethod
    def of(cls, module: Any) -> "TextSpec":
        """The ``text_board``, ``text_stages``... functions a rules module defines."""
        return cls(*(getattr(module, f"text_{name}", None) for name in cls.__dataclass_fields__))


# -- the spec ------------------------------------------------------------------------------------
Chooser = Callable[..., Any]


@dataclass(frozen=True)
class GameSpec:
    id: str
    state_type: type
    #: (params, first) -> the starting state; params are the level keys, already validated.
    factory: Callable[[Mapping[str, Any], int], GameState]
    params: tuple[Param, ...]
    #: The rule in force, from a state: a translation key and its parameters.
    rule: Callable[[Any], Problem]
    #: The menu cards of this game; the first one is the game itself.
    variants: tuple[Variant, ...]
    #: Scene-side, imported by the scenes only: the scene class, the card's animated preview.
    scene: str
    preview: str
    #: The exact strategy: every winning move of a state (None: no exact solution, e.g. Awélé).
    winning_moves: Callable[[Any], list] | None = None
    #: The computer's move: (state, level, rng, time_limit, cancel=, info=) -> move.
    chooser: Chooser = ai.choose_move
    #: Seconds the computer may think at each level (None: the level decides, e.g. a fixed depth).
    ai_time: Mapping[int, float | None] = field(default_factory=dict, hash=False, compare=False)
    #: The hint: (state, level, rng, time_limit, cancel=, info=) -> Hint, asked at ``hint_level``
    #: with at most ``hint_time`` seconds.
    hint: Chooser = compute_hint
    hint_level: int = 4
    hint_time: float | None = None
    #: Cross-parameter checks of a level or a setup: None when fine, else (the parameter at
    #: fault, the problem).
    validate: Callable[[Mapping[str, Any]], tuple[str, Problem] | None] | None = None
    #: The demo plays a level only if this says it is short enough to watch.
    demo_ok: Callable[[Mapping[str, Any]], bool] = lambda params: True
    #: The largest level (by board), for the frame bench.
    largest_level: str = ""
    #: The game's notation (text mode, saved games): move -> text, and (state, text) -> a legal
    #: move (the rules' IllegalMove otherwise).
    format_move: Callable[[Any], str] = str
    parse_move: Callable[[Any, str], Any] | None = None
    #: Text mode: the board, the numbered choices, the hint's reasons (:class:`TextSpec`).
    text: TextSpec = field(default_factory=TextSpec, hash=False, compare=False)

    # -- helpers ---------------------------------------------------------------------------------
    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def check_params(self, params: Mapping[str, Any]) -> tuple[str, Problem] | None:
        """The first problem of a full set of parameters, as (parameter name, problem)."""
        for p in self.params:
            problem = p.check(params.get(p.name), params)
            if problem:
                return p.name, problem
        if self.validate is not None:
            found = self.validate(params)
            if found:
                return found
        try:
            self.factory(params, 0)
        except RulesError as err:
            return self.params[0].name, (err.key, dict(err.params))
        return None

    def new_state(self, params: Mapping[str, Any], first: int = 0) -> GameState:
        return self.factory({**self.defaults(), **params}, first)

    def time_for(self, level: int, demo: bool = False) -> float | None:
        limit = self.ai_time.get(level)
        if limit is not None and demo:
            limit = min(limit, DEMO_AI_TIME)
        return limit

    def ask_hint(self, state: Any, rng: random.Random | None = None, time_limit: float | None = None, *,
                 cancel: threading.Event | None = None, info: dict | None = None) -> Hint:
        """The hint at this game's hint level and time (the function the hint worker runs)."""
        return self.hint(state, self.hint_level, rng, time_limit or self.hint_time, cancel=cancel, info=info)

    @property
    def main_variant(self) -> Variant:
        return self.variants[0]


def load_attr(path: str) -> Any:
    """``"package.module:name"`` -> the object (used for scene-side entries)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


# -- the games -----------------------------------------------------------------------------------
def _sticks_rule(s: SticksState) -> Problem:
    return ("sticks.rule_loses" if s.last_loses else "sticks.rule_wins"), {"max": s.max_take}


def _heaps_rule(s: HeapsState) -> Problem:
    return ("heaps.rule_misere" if s.misere else "heaps.rule_normal"), {}


def _matches_rule(s: RowState) -> Problem:
    return ("matches.rule_one", {}) if s.max_take == 1 else ("matches.rule", {"max": s.max_take})


def _awele_rule(s: AweleState) -> Problem:
    return f"awele.rule_{s.grand_slam}", {}


#: The longest row a level may set. The misère quotient of 0.777 (ai/misere_quotient.py) makes
#: any row up to the rules' 120 exact in about a millisecond; 100 keeps a match wide enough to click.
MAX_MATCHES = 100


def _matches_length(p: Mapping[str, Any]) -> int:
    return len(p["pattern"]) if p.get("pattern") else p.get("length", 21)


def _matches_validate(p: Mapping[str, Any]) -> tuple[str, Problem] | None:
    """A pattern has 1 to MAX_MATCHES cells with at least one match: never a finished game."""
    pattern = p.get("pattern")
    if pattern is None:
        return None
    try:
        row = RowState.from_pattern(pattern)
    except RulesError:
        return "pattern", ("lvl.pattern", {"hi": MAX_MATCHES})
    if row.length > MAX_MATCHES or row.is_over:
        return "pattern", ("lvl.pattern", {"hi": MAX_MATCHES})
    return None


def _matches_state(p: Mapping[str, Any], first: int) -> RowState:
    if p.get("pattern"):
        return RowState.from_pattern(p["pattern"], p.get("max_take", 3), first)
    return RowState.new(p.get("length", 21), p.get("max_take", 3), first)


def _wythoff_stages(s: WythoffState) -> Stage:
    """The pawns' questions of seed 003, asked about queens (text mode)."""
    return piece_stages(s.queens, s.destinations, "wythoff.text_queen", "grid.text_dest", "wythoff.text_only_one")


_AWELE_TIMES = {level: spec.time for level, spec in awele_player.LEVELS.items()}

_SPECS = (
    GameSpec(
        id="sticks",
        format_move=sticks_rules.format_move,
        parse_move=sticks_rules.parse_move,
        text=TextSpec.of(sticks_rules),
        state_type=SticksState,
        factory=lambda p, first: SticksState.new(p["sticks"], p["max_take"], p["last_loses"], first),
        params=(
            Param("sticks", "int", None, 1, 60, required=True, label="setup.sticks"),
            Param("max_take", "int", 3, 2, 9, label="setup.max_take"),
            Param("last_loses", "bool", False, label="setup.last",
                  value_keys={False: "setup.last_wins", True: "setup.last_loses"}),
        ),
        rule=_sticks_rule,
        variants=(Variant("sticks", "sticks", "mgl7160"), Variant("fort_boyard", "sticks", "fort-boyard")),
        scene="nimarcade.scenes.sticks.scene:SticksScene",
        preview="nimarcade.scenes.sticks.art:draw_preview",
        winning_moves=ai.exact.sticks_winning_moves,
        largest_level="grande-pile",
    ),
    GameSpec(
        id="heaps",
        format_move=heaps_rules.format_move,
        parse_move=heaps_rules.parse_move,
        text=TextSpec.of(heaps_rules),
        state_type=HeapsState,
        factory=lambda p, first: HeapsState.new(p["heaps"], p["misere"], first),
        params=(
            Param("heaps", "int_list", None, 1, 25, required=True, max_len=8, label="setup.heap"),
            Param("misere", "bool", False, label="setup.misere",
                  value_keys={False: "setup.misere_off", True: "setup.misere_on"}),
        ),
        rule=_heaps_rule,
        variants=(Variant("heaps", "heaps"),),
        scene="nimarcade.scenes.heaps.scene:HeapsScene",
        preview="nimarcade.scenes.heaps.art:draw_preview",
        winning_moves=ai.exact.heaps_winning_moves,
        largest_level="geant",
    ),
    GameSpec(
        id="matches",
        format_move=matches_rules.format_move,
        parse_move=matches_rules.parse_move,
        text=TextSpec.of(matches_rules),
        state_type=RowState,
        factory=_matches_state,
        params=(
            Param("length", "int", 21, 1, MAX_MATCHES, label="setup.length", overridden_by="pattern"),
            Param("pattern", "text", None, setup=False),
            Param("max_take", "int", 3, 1, 5, label="setup.max_take_matches", setup=False),
        ),
        rule=_matches_rule,
        variants=(Variant("matches", "matches"),),
        scene="nimarcade.scenes.matches.scene:MatchesScene",
        preview="nimarcade.scenes.matches.art:draw_preview",
        winning_moves=ai.exact.matches_winning_moves,
        validate=_matches_validate,
        demo_ok=lambda p: _matches_length(p) <= 30,
        largest_level="100",
    ),
    GameSpec(
        id="grid",
        format_move=grid_rules.format_move,
        parse_move=grid_rules.parse_move,
        text=TextSpec.of(grid_rules),
        state_type=GridState,
        factory=lambda p, first: GridState.new(p["rows"], p["cols"], p["pawns"], first),
        params=(
            Param("rows", "int", None, GRID_MIN, GRID_MAX, required=True, label="setup.rows"),
            Param("cols", "int", None, GRID_MIN, GRID_MAX, required=True, label="setup.cols"),
            Param("pawns", "int", None, 1, GRID_MAX, required=True, hi_param="rows", label="setup.pawns"),
        ),
        rule=lambda s: ("grid.rule", {}),
        variants=(Variant("grid", "grid"),),
        scene="nimarcade.scenes.grid.scene:GridScene",
        preview="nimarcade.scenes.grid.art:draw_preview",
        winning_moves=ai.exact.grid_winning_moves,
        demo_ok=lambda p: p["rows"] * p["cols"] <= 15 * 15,
        largest_level="30x30",
    ),
    GameSpec(
        id="awele",
        format_move=awele_rules.format_move,
        parse_move=awele_rules.parse_move,
        text=TextSpec.of(awele_rules),
        state_type=AweleState,
        factory=lambda p, first: AweleState.new(p["seeds"], p["grand_slam"], first),
        params=(
            Param("seeds", "int", 4, 3, 6, label="setup.seeds"),
            Param("grand_slam", "choice", "forbidden", choices=AWELE_VARIANTS, label="setup.variant",
                  value_keys={v: f"setup.variant_{v}" for v in AWELE_VARIANTS}),
        ),
        rule=_awele_rule,
        variants=(Variant("awele", "awele"),),
        scene="nimarcade.scenes.awele.scene:AweleScene",
        preview="nimarcade.scenes.awele.art:draw_preview",
        ai_time=_AWELE_TIMES,
        hint_level=3,
        hint_time=0.5,
        demo_ok=lambda p: p["seeds"] <= 4,
        largest_level="longue",
    ),
    GameSpec(
        id="wythoff",
        format_move=wythoff_rules.format_move,
        parse_move=wythoff_rules.parse_move,
        state_type=WythoffState,
        factory=lambda p, first: WythoffState.new(p["rows"], p["cols"], p["queens"], first),
        params=(
            Param("rows", "int", None, WYTHOFF_MIN, WYTHOFF_MAX, required=True, label="setup.rows"),
            Param("cols", "int", None, WYTHOFF_MIN, WYTHOFF_MAX, required=True, label="setup.cols"),
            Param("queens", "int", 1, 1, WYTHOFF_MAX, label="setup.queens"),
        ),
        rule=lambda s: ("rule.wythoff", {}),
        variants=(Variant("wythoff", "wythoff"),),
        scene="nimarcade.scenes.wythoff.scene:WythoffScene",
        preview="nimarcade.scenes.wythoff.art:draw_preview",
        winning_moves=WythoffState.winning_moves,
        text=TextSpec(board=lambda s, ascii: grid_rules.text_board(s, ascii, "Q"), stages=_wythoff_stages,
                      move=grid_rules.text_move),
        demo_ok=lambda p: p["rows"] * p["cols"] <= 15 * 15,
        largest_level="30x30-12",
    ),
)

#: Every game, by id, in menu order.
REGISTRY: dict[str, GameSpec] = {spec.id: spec for spec in _SPECS}
#: Every menu card, in menu order.
VARIANTS: tuple[Variant, ...] = tuple(v for spec in _SPECS for v in spec.variants)
GAMES: tuple[str, ...] = tuple(REGISTRY)


def get(game: str) -> GameSpec:
    """The spec of ``game``; KeyError for an unknown id."""
    return REGISTRY[game]


def spec_of(state: Any) -> GameSpec:
    """The spec of a state's game."""
    for spec in _SPECS:
        if isinstance(state, spec.state_type):
            return spec
    raise KeyError(type(state).__name__)


def find_variant(name: str) -> Variant:
    """A card by its key, by a game id, or by a level it points at (as python-chess's
    ``find_variant``); KeyError when nothing matches."""
    for v in VARIANTS:
        if name == v.key:
            return v
    for v in VARIANTS:
        if name == v.level:
            return v
    if name in REGISTRY:
        return REGISTRY[name].main_variant
    raise KeyError(name)


def variant_for(game: str, level_id: str | None) -> Variant:
    """The card that shows a level: the one pointing at it, or the game's own card."""
    spec = REGISTRY[game]
    return next((v for v in spec.variants if level_id is not None and v.level == level_id), spec.main_variant)
