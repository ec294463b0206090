"""What a game is, as the registry (:mod:`.registry`) holds it: :class:`GameSpec`, generic in the
game's state and move types, and its parts: the menu cards (:class:`Variant`), the text mode
(:class:`TextSpec`), the record formats (:class:`RecordFormat`), outside players
(:class:`ProtocolSpec`), positions (:class:`PositionSpec`), puzzles (:class:`PuzzleSpec`), the
judge (:class:`JudgeSpec`), the window (:class:`SceneSpec`), the computer (:class:`EngineSpec`)
and the notation (:class:`NotationSpec`). Each name is importable from the registry too.

Pure Python (never imports pygame), and imports no game.
"""
from __future__ import annotations

import importlib
import random
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Generic, Mapping, Protocol, TypeVar

from nimarcade.core import computer as ai
from nimarcade.core.hints import ExactHint, Hint
from nimarcade.core.params import Param as Param, ParamKind as ParamKind, Problem as Problem  # the spec's schema, named here too
from nimarcade.core.rules import RulesError
from nimarcade.core.rules.protocol import GameState
from nimarcade.core.rules.textual import Row, Stage
from nimarcade.i18n import N_

#: A game's state type (an immutable :class:`GameState`), and its move type (an int, a tuple...).
S = TypeVar("S", bound=GameState)
M = TypeVar("M")

#: The computer's levels: 1 beginner, 2 medium, 3 expert, 4 master (seed 003, plus a perfect one).
AI_LEVELS: tuple[int, ...] = ai.LEVELS
HUMAN = 0
#: In the demo, moves come at a watchable pace whatever the level (seconds of thinking at most).
DEMO_AI_TIME = 1.0


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
class TextSpec(Generic[S, M]):
    """How a game plays in a terminal (:mod:`nimarcade.text`); every part is optional.

    ``board(state, ascii)``: the board in symbols and numbers (default: none, the moves say it all);
    ``stages(state)``: the first :class:`~nimarcade.core.rules.textual.Stage` of numbered choices
    (default: one numbered list of every legal move in notation); ``move(move)``: how a played move
    is announced (default: ``format_move``); ``table(state)``: rows shown on request, key ``t``
    (seed 001's binary table); ``legend(state)``: rows said at the start and in the help;
    ``explain(state, hint)``: rows that say why the hint's move wins. Rows are
    :class:`~nimarcade.core.rules.textual.Row`: translation keys and symbols.
    """

    board: Callable[[S, bool], list[str]] | None = None
    stages: Callable[[S], Stage] | None = None
    move: Callable[[M], str] | None = None
    table: Callable[[S], list[Row]] | None = None
    legend: Callable[[S], list[Row]] | None = None
    explain: Callable[[S, Hint], list[Row]] | None = None


# -- record formats ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RecordFormat:
    """Another program's game file that a game reads and writes beside our own record
    (:mod:`nimarcade.records.record`): Awélé's OGN, which Aualé opens.

    ``looks_like(text)`` tells its files apart (from their first lines); ``read(text, file)``
    returns the replayed :class:`~nimarcade.core.match.Match` (a RecordError otherwise);
    ``can_write(match)`` says whether this match can be written in it, ``write(match, date)``
    writes it; ``suffix`` is its file name ending.
    """

    name: str
    suffix: str
    looks_like: Callable[[str], bool]
    read: Callable[[str, str], Any]
    can_write: Callable[[Any], bool]
    write: Callable[..., str]


# -- outside players -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ProtocolSpec(Generic[S]):
    """How the game's positions travel over the outside players' protocol (docs/PROTOCOL.md).

    ``joined``: the moves of ``position ... moves`` are written one after the other without spaces
    (Aualé's Oware dialect, ``EcCf``). ``from_fen(text, params)``: the state of a ``position fen``
    diagram, ValueError for a bad one (None: the game knows only ``startpos``). ``engine_params``:
    the parameters our engine starts with when no option says otherwise (Awélé: Aualé's rule).
    ``engine_default``: our engine plays this game when no ``Game`` option is given.
    """

    joined: bool = False
    engine_default: bool = False
    from_fen: Callable[[str, Mapping[str, Any]], S] | None = None
    engine_params: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)


# -- positions -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PositionSpec(Generic[S]):
    """A position of the game as a line of text, and back: a record's ``Position`` tag (a game
    that starts from an edited position), the position editor, the review's « play on ».

    The text holds the board as seen by the player to move, who is always the rules' player 0 of
    the state ``read`` returns (a game whose two sides differ, as Awélé's rows, turns its board
    round in ``write``). ``write(state)``: the text. ``read(text, params)``: the state, under the
    level's rule (``params``: how many may be taken, misère...); the rules' InvalidSetup with the
    reason for an illegal or finished setup, and the same for text that doesn't parse.
    """

    write: Callable[[S], str]
    read: Callable[[str, Mapping[str, Any]], S]


# -- puzzles -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PuzzleSpec(Generic[S, M]):
    """The puzzles of a game without an exact strategy (:mod:`nimarcade.puzzles.puzzle`).

    ``positions(params, count, rng)``: up to ``count`` tuples (moves from the level's start, every
    solution, how much of the game is left, proved). ``solve(state)``: a position's solutions and
    whether they are proved, or None when it is no puzzle (no move stands out): an edited
    position given as a puzzle is checked by it.
    """

    positions: Callable[[Mapping[str, Any], int, random.Random], list[tuple[tuple[M, ...], tuple[M, ...], int, bool]]]
    solve: Callable[[S], tuple[tuple[M, ...], bool] | None]


# -- the judge -----------------------------------------------------------------------------------
#: A teacher's unit test of a computer's choice: (label, its position as states, the moves it
#: expects). The first state reachable from the level's start is asked: a teacher's position may
#: be several states of ours (the same pile with either player to move).
TeacherCase = tuple[str, tuple[S, ...], tuple[M, ...]]
#: A position solved exactly: (moves from the level's start, its winning moves, its size: how
#: much of the game is left, smaller being simpler).
SolvedPosition = tuple[tuple[M, ...], tuple[M, ...], int]


@dataclass(frozen=True)
class JudgeSpec(Generic[S, M]):
    """What the judge (``python -m nimarcade.judge``) needs to know of a game beyond its exact
    strategy; every part is optional.

    ``teacher_cases(params)``: a teacher's unit tests that apply with these parameters (seed 001's
    ``choix_ordinateur`` under Fort Boyard's rule), [] where none do; a case whose position the
    level's start never reaches is reported as not applying. ``solved_positions
    (params, count, rng)``: for a game without an exact strategy, up to ``count`` positions whose
    moves' values are known exactly (Awélé: by its endgame tables), reached by seeded play.
    ``positions``: how many positions the judge asks by default; ``games``: how many games it
    plays by default against each computer level (for a game it can judge on few positions).
    """

    teacher_cases: Callable[[Mapping[str, Any]], list[TeacherCase[S, M]]] | None = None
    solved_positions: Callable[[Mapping[str, Any], int, random.Random], list[SolvedPosition[M]]] | None = None
    positions: int = 1000
    games: int = 0


# -- the window ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SceneSpec:
    """The game in the window (:mod:`nimarcade.window`), named by ``"module:attribute"`` strings that
    only the window loads (:func:`load_attr`), so that this pure module imports none of it.

    ``scene``: the game scene class, built as ``(services, config, director=)`` (default: the
    generic scene, which shows the text mode's board and the moves as buttons); ``preview``: the
    menu card's animated preview, drawn as ``(surface, rect, t, card)``; ``editor``: the position
    editor's board, built as ``(spec, params, text, sounds)`` (default: a text field where the
    position's text is typed, the level's start shown as the example).
    """

    scene: str = "nimarcade.window.scenes.generic:MovesScene"
    preview: str = "nimarcade.window.scenes.generic:draw_preview"
    editor: str = "nimarcade.window.scenes.board_edit:TextEditor"


# -- the computer --------------------------------------------------------------------------------
S_in = TypeVar("S_in", contravariant=True)
R_out = TypeVar("R_out", covariant=True)


class Chooser(Protocol[S_in, R_out]):
    """A computer player: ``(state, level, rng, time_limit, *, cancel=, info=)`` -> its move.
    ``cancel`` stops a search early; ``info`` is the :class:`~nimarcade.core.computer.SearchInfo`
    it fills as it goes. Module-level functions and small frozen objects, so that they go to the AI
    worker process."""

    def __call__(self, state: S_in, level: int, rng: random.Random, time_limit: float | None, /, *,
                 cancel: threading.Event | None = ..., info: Any = ...) -> R_out: ...


class Advisor(Protocol[S_in, R_out]):
    """A chooser that may be asked without a random generator (``rng`` None): the hint (-> a
    :class:`~nimarcade.core.hints.Hint`), pondering and the analysis (-> a move)."""

    def __call__(self, state: S_in, level: int, rng: random.Random | None, time_limit: float | None, /, *,
                 cancel: threading.Event | None = ..., info: Any = ...) -> R_out: ...


@dataclass(frozen=True)
class EngineSpec(Generic[S, M]):
    """The computer: its move at each level, the hint, pondering, analysis, review, the compiled
    core's warm-up; every part is optional. An exact game gets its chooser and hint from its
    exact strategy (:attr:`GameSpec.winning_moves`) when it gives none.
    """

    #: The computer's move at a level (default for an exact game: seed 003's levels over its
    #: exact strategy, :class:`~nimarcade.core.computer.ExactPlayer`).
    chooser: Chooser[S, M] | None = None
    #: A fresh computer player at a level with engine options (``{"depth": "8"}``), for the arena
    #: (None: the game's chooser, which takes no options). ValueError for an unknown option.
    arena_player: Callable[[int, dict[str, str]], Chooser[S, M]] | None = None
    #: Seconds the computer may think at each level (None: the level decides, e.g. a fixed depth).
    ai_time: Mapping[int, float | None] = field(default_factory=dict, hash=False, compare=False)
    #: What the computer does at each level (:class:`~nimarcade.core.computer.LevelTable`; default:
    #: seed 003's random-move rates, :data:`~nimarcade.core.computer.DEFAULT_LEVELS`).
    computer_levels: ai.LevelTable[ai.ComputerLevel] = ai.DEFAULT_LEVELS
    #: The hint (a :class:`~nimarcade.core.hints.Hint`), asked at ``hint_level`` with at most
    #: ``hint_time`` seconds (default for an exact game: its winning moves).
    hint: Advisor[S, Hint] | None = None
    hint_level: int = 4
    hint_time: float | None = None
    #: Engine capabilities. ``ponder``: a chooser that searches the person's position on their
    #: time at the computer's level (in ``ponder_levels``), never delivered, so the engine's
    #: tables are warm when its turn comes. ``analyse``: a chooser that scores every move of the
    #: player to move (``info["scores"]``: {move: hundredths of a seed}; moves are small ints),
    #: searched for ``analysis_time`` seconds. ``warm_up(publish)``: run once in the AI worker
    #: process at start-up (it loads a compiled core), calling ``publish`` with its state
    #: (:data:`nimarcade.core.worker.WARM_STATES`).
    ponder: Advisor[S, M] | None = None
    ponder_levels: tuple[int, ...] = ()
    analyse: Advisor[S, M] | None = None
    analysis_time: float = 2.0
    #: The analysis of a played game, for a game without an exact strategy (an exact game's
    #: verdicts come from ``winning_moves``): ``(state, seconds, depth, cancel)`` -> every legal
    #: move's :class:`~nimarcade.analysis.verdicts.MoveValues` (:mod:`nimarcade.analysis.verdicts`).
    review: Callable[[S, float | None, int | None, threading.Event | None], Any] | None = None
    warm_up: Callable[[Callable[[str], None]], None] | None = None
    #: The engine's search threads from now on (None: :func:`nimarcade.core.computer.default_threads`), for
    #: an engine that searches with several (the protocol engine's ``Threads`` option).
    set_threads: Callable[[int | None], None] | None = None


# -- notation ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class NotationSpec(Generic[S, M]):
    """The game's notation: a move as text and back (the text mode, saved games, the outside
    players' protocol), and the record formats of other programs it reads and writes."""

    #: The game's notation (text mode, saved games): move -> text, and (state, text) -> a legal
    #: move (the rules' IllegalMove otherwise).
    format_move: Callable[[M], str] = str
    parse_move: Callable[[S, str], M] | None = None
    #: Other programs' record formats this game reads and writes (Awélé: OGN).
    formats: tuple[RecordFormat, ...] = ()


# -- the spec ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameSpec(Generic[S, M]):
    """A game: its states are ``S``, its moves ``M`` (see the module's docstring)."""

    id: str
    state_type: type[S]
    #: (params, first) -> the starting state; params are the level keys, already validated.
    factory: Callable[[Mapping[str, Any], int], S]
    params: tuple[Param, ...]
    #: The rule in force, from a state: a translation key and its parameters.
    rule: Callable[[S], Problem]
    #: The menu cards of this game; the first one is the game itself.
    variants: tuple[Variant, ...]
    #: The game in the window: its scene, its card's preview, its position editor (:class:`SceneSpec`).
    window: SceneSpec = field(default_factory=SceneSpec, hash=False, compare=False)
    #: The exact strategy: every winning move of a state (None: no exact solution, e.g. Awélé),
    #: and a faster one-move version for the computer (default: the first of them).
    winning_moves: Callable[[S], list[M]] | None = None
    best_move: Callable[[S], M | None] | None = None
    #: The computer: its move at each level, the hint, pondering, analysis, review, warm-up
    #: (:class:`EngineSpec`; an exact game's chooser and hint default to its exact strategy).
    engine: EngineSpec[S, M] = field(default_factory=EngineSpec, hash=False, compare=False)
    #: Subcommands this game adds to the one command (``nimarcade NAME ...``): name ->
    #: ``"module:function"``, a ``main(argv) -> int`` (the lab's ``lab``). Named, so the command
    #: line imports the game's module only when its subcommand runs.
    commands: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    #: Cross-parameter checks of a level or a setup: None when fine, else (the parameter at
    #: fault, the problem).
    validate: Callable[[Mapping[str, Any]], tuple[str, Problem] | None] | None = None
    #: The demo plays a level only if this says it is short enough to watch.
    demo_ok: Callable[[Mapping[str, Any]], bool] = lambda params: True
    #: The puzzle screen draws its puzzles from a level only if this says its board is shown large
    #: enough to click (a 30×30 board's cells are 14 pixels: too small to aim at).
    puzzle_ok: Callable[[Mapping[str, Any]], bool] = lambda params: True
    #: The largest level (by board), for the frame bench.
    largest_level: str = ""
    #: The level file (default: ``levels/<id>.toml``).
    level_file: Path | None = None
    #: The game's notation: move -> text, text -> move, other programs' formats (:class:`NotationSpec`).
    notation: NotationSpec[S, M] = field(default_factory=NotationSpec, hash=False, compare=False)
    #: Text mode: the board, the numbered choices, the hint's reasons (:class:`TextSpec`).
    text: TextSpec[S, M] = field(default_factory=TextSpec, hash=False, compare=False)
    #: Outside players: how positions travel over the protocol (:class:`ProtocolSpec`).
    protocol: ProtocolSpec[S] = field(default_factory=ProtocolSpec, hash=False, compare=False)
    #: Positions the rules bench times the exact strategy on: rng -> [(label, state)...].
    bench_positions: Callable[[random.Random], list[tuple[str, S]]] | None = None
    #: The judge of outside players: a teacher's cases, exactly solved positions (:class:`JudgeSpec`).
    judge: JudgeSpec[S, M] = field(default_factory=JudgeSpec, hash=False, compare=False)
    #: Positions as text (:class:`PositionSpec`): the editor, records of edited positions.
    position: PositionSpec[S] | None = None
    #: Puzzles of a game without an exact strategy (:class:`PuzzleSpec`; an exact game's come from
    #: ``winning_moves``).
    puzzles: PuzzleSpec[S, M] | None = None

    def __post_init__(self) -> None:
        if self.winning_moves is not None:
            best = self.best_move
            if best is None:
                best = ai.FirstWinning(self.winning_moves)
                object.__setattr__(self, "best_move", best)
            engine = self.engine
            if engine.chooser is None or engine.hint is None:
                chooser = engine.chooser if engine.chooser is not None else ai.ExactPlayer(best, engine.computer_levels)
                hint = engine.hint if engine.hint is not None else ExactHint(self.winning_moves)
                object.__setattr__(self, "engine", replace(engine, chooser=chooser, hint=hint))
        if self.engine.chooser is None or self.engine.hint is None:
            raise ValueError(f"game {self.id!r}: give winning_moves, or an engine.chooser and an engine.hint")

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

    def new_state(self, params: Mapping[str, Any], first: int = 0) -> S:
        return self.factory({**self.defaults(), **params}, first)

    def start_state(self, params: Mapping[str, Any], position: str = "") -> S:
        """The first state of a game: the level's start, or an edited ``position`` (its text)."""
        if not position:
            return self.new_state(params)
        if self.position is None:
            raise RulesError(N_("err.no_position"))
        state = self.position.read(position, {**self.defaults(), **params})
        if state.is_over:
            raise RulesError(N_("err.position_over"))
        return state

    def position_text(self, state: S) -> str:
        """``state`` as a position's text (see :class:`PositionSpec`)."""
        if self.position is None:
            raise RulesError(N_("err.no_position"))
        return self.position.write(state)

    def winning(self, state: S) -> list[M]:
        """Every winning move of ``state`` by the exact strategy (the judge's, the class's and the
        analysis's games are exactly solved: another is a programming error)."""
        if self.winning_moves is None:
            raise TypeError(f"{self.id} has no exact strategy")
        return self.winning_moves(state)

    def read_move(self, state: S, text: str) -> M:
        """The move ``text`` names in ``state``, by the game's notation (a saved game's, a
        program's); a game without one is a programming error."""
        if self.notation.parse_move is None:
            raise TypeError(f"{self.id} has no notation")
        return self.notation.parse_move(state, text)

    def time_for(self, level: int, demo: bool = False) -> float | None:
        limit = self.engine.ai_time.get(level)
        if limit is not None and demo:
            limit = min(limit, DEMO_AI_TIME)
        return limit

    def chooser_for(self, player: Any) -> Chooser[S, M] | None:
        """What plays for a seat (a :class:`~nimarcade.core.match.PlayerSpec`): None for a person,
        the computer's chooser at its level otherwise."""
        if player.is_human:
            return None
        ai.check_level(player.level)
        return self.engine.chooser

    def ask_hint(self, state: S, rng: random.Random | None = None, time_limit: float | None = None, *,
                 cancel: threading.Event | None = None, info: ai.SearchInfo | None = None) -> Hint:
        """The hint at this game's hint level and time."""
        engine = self.engine
        assert engine.hint is not None             # __post_init__ saw to it
        hint: Hint = engine.hint(state, engine.hint_level, rng, time_limit or engine.hint_time,
                                 cancel=cancel, info=info)
        return hint

    def pondering_level(self, levels: list[int]) -> int | None:
        """The computer's level to ponder at when one person plays one computer at ``levels``."""
        if self.engine.ponder is None or len(levels) != 1 or levels[0] not in self.engine.ponder_levels:
            return None
        return levels[0]

    @property
    def main_variant(self) -> Variant:
        return self.variants[0]


def load_attr(path: str) -> Any:
    """``"package.module:name"`` -> the object (used for scene-side entries)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
