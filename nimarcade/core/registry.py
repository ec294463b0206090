"""The game registry: the one place every generic part of Nim Arcade asks about a game.

A game is a :class:`GameSpec`: its parameters, its starting state, its rule in a sentence, its
menu cards, its notation and the record formats it reads and writes beside ours
(:class:`NotationSpec`), its computer players and hint and the capabilities of its engine
(pondering, analysis, a warm-up at start-up: :class:`EngineSpec`), and, named by
``"module:attribute"`` strings, its scene, menu preview and position editor (:class:`SceneSpec`).
Everything generic (the window, the text mode, the demo, the arena, level files, saves,
statistics, the tests over every game) iterates over the registry and asks the spec; none of it
names a game or tests a state's type. Each game registers beside itself: its spec lives in a
pure module of that game's folder (``nimarcade/games/<id>/spec.py``, ending with
``SPEC = GameSpec(...)``), and :func:`spec_modules` finds those modules by name, every folder of
the games' package with a spec being a game (:func:`game_folders`, in the menu order that
``nimarcade/games/__init__.py`` gives), as OpenSpiel's games end with their own ``register_game``.
Adding a game means writing its folder; a game defined elsewhere (a test, a plug-in) calls
:func:`register`.

The spec is generic in the game's state and move types, ``GameSpec[S, M]``: each game's
``spec.py`` declares its ``SPEC: GameSpec[SticksState, int]``, so that the type checker sees its
parts agree (its factory makes an ``S``, its exact strategy takes an ``S`` and lists ``M``, its
notation writes an ``M``...); a sticks spec given the heaps' solver fails ``mypy``
(tests/core/test_registry_types.py). Generic code asks the registry, which hands out
``GameSpec[Any, Any]``: the parts agree where the spec is built.

Variants are cards of the menu that point at a level of a game, as python-chess keeps its variants
and finds them with ``find_variant()``: Fort Boyard is the Sticks game at its ``fort-boyard`` level.

The spec and its parts are defined in :mod:`.gamespec` (named here too).

Pure Python (never imports pygame). The game modules are imported when the registry is first
read, by name, so this module imports none of them.
"""
from __future__ import annotations

import importlib
import pkgutil
import random
import threading
from pathlib import Path
from typing import Any

from nimarcade.core import computer as ai
from nimarcade.core.folders import GAMES_PACKAGE
from nimarcade.core.params import Param as Param, ParamKind as ParamKind, Problem as Problem  # the spec's schema, named here too
# What a game is (:mod:`.gamespec`), importable from here as it always was.
from nimarcade.core.gamespec import (
    S as S,
    M as M,
    AI_LEVELS as AI_LEVELS,
    HUMAN as HUMAN,
    DEMO_AI_TIME as DEMO_AI_TIME,
    Variant as Variant,
    TextSpec as TextSpec,
    RecordFormat as RecordFormat,
    ProtocolSpec as ProtocolSpec,
    PositionSpec as PositionSpec,
    PuzzleSpec as PuzzleSpec,
    TeacherCase as TeacherCase,
    SolvedPosition as SolvedPosition,
    JudgeSpec as JudgeSpec,
    SceneSpec as SceneSpec,
    S_in as S_in,
    R_out as R_out,
    Chooser as Chooser,
    Advisor as Advisor,
    EngineSpec as EngineSpec,
    NotationSpec as NotationSpec,
    GameSpec as GameSpec,
    load_attr as load_attr,
)

#: The module of a game's folder that defines its ``SPEC``; the games' package
#: (:data:`~nimarcade.core.folders.GAMES_PACKAGE`) says the menu order (its ``MENU_ORDER``) and the
#: folders the games share (its ``SHARED``).
SPEC_MODULE = "spec"



def game_folders() -> tuple[str, ...]:
    """The games of :data:`GAMES_PACKAGE`: the list of games, the only one. Each folder of that
    package with a ``spec`` module is a game, save the folders the games share (its ``SHARED``); in
    its ``MENU_ORDER``, then the others by name. Read from the disk and by name: this module
    imports no game."""
    package = importlib.import_module(GAMES_PACKAGE)
    shared = set(package.SHARED)
    found = {info.name for where in package.__path__ for info in pkgutil.iter_modules([where])
             if info.ispkg and info.name not in shared and (Path(where) / info.name / f"{SPEC_MODULE}.py").exists()}
    order = [game for game in package.MENU_ORDER if game in found]
    return (*order, *sorted(found - set(order)))


def spec_modules() -> tuple[str, ...]:
    """The spec module of every game of :func:`game_folders`, in menu order."""
    return tuple(f"{GAMES_PACKAGE}.{game}.{SPEC_MODULE}" for game in game_folders())



# -- the registry --------------------------------------------------------------------------------
_REGISTRY: dict[str, GameSpec[Any, Any]] = {}
_loaded = False
_load_lock = threading.RLock()


def _registry() -> dict[str, GameSpec[Any, Any]]:
    global _loaded
    if not _loaded:
        with _load_lock:
            if not _loaded:
                for name in spec_modules():
                    spec = importlib.import_module(name).SPEC
                    _REGISTRY[spec.id] = spec
                _loaded = True
    return _REGISTRY


def register(spec: GameSpec[S, M]) -> GameSpec[S, M]:
    """Add a game defined outside :data:`GAMES_PACKAGE` (a test's, a plug-in's); it comes last in
    the menu. ValueError if the id or one of its cards is taken."""
    registry = _registry()
    if spec.id in registry:
        raise ValueError(f"a game called {spec.id!r} is already registered")
    taken = {v.key for v in variants()}
    if any(v.key in taken for v in spec.variants):
        raise ValueError(f"a card of {spec.id!r} has the key of a registered card")
    registry[spec.id] = spec
    return spec


def unregister(game: str) -> None:
    """Take a game added by :func:`register` out again (a test cleaning up)."""
    _registry().pop(game, None)


def commands() -> dict[str, str]:
    """Every subcommand the games add: name -> ``"module:function"`` (:attr:`GameSpec.commands`)."""
    return {name: target for spec in specs() for name, target in spec.commands.items()}


def specs() -> tuple[GameSpec[Any, Any], ...]:
    """Every game, in menu order (a tuple: it may be read twice, indexed and measured)."""
    return tuple(_registry().values())


def variants() -> tuple[Variant, ...]:
    """Every menu card, in menu order."""
    return tuple(v for spec in specs() for v in spec.variants)


def __getattr__(name: str) -> Any:
    """``REGISTRY`` (id -> spec), ``GAMES`` (the ids) and ``VARIANTS`` (the cards), read from the
    registry as it is now."""
    if name == "REGISTRY":
        return _registry()
    if name == "GAMES":
        return tuple(_registry())
    if name == "VARIANTS":
        return variants()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def get(game: str) -> GameSpec[Any, Any]:
    """The spec of ``game``; KeyError for an unknown id."""
    return _registry()[game]


def get_one(game: str) -> GameSpec[Any, Any]:
    """The spec of ``game``, importing only its own module while the registry is not loaded: a
    player's host plays one game, and loading every game's spec was almost half of its start
    (docs/BENCHMARKS.md). The same spec :func:`get` gives; KeyError for an unknown id."""
    if not _loaded and game in game_folders():
        spec: GameSpec[Any, Any] = importlib.import_module(f"{GAMES_PACKAGE}.{game}.{SPEC_MODULE}").SPEC
        if spec.id == game:
            return spec
    return get(game)


def spec_of(state: Any) -> GameSpec[Any, Any]:
    """The spec of a state's game."""
    for spec in specs():
        if isinstance(state, spec.state_type):
            return spec
    raise KeyError(type(state).__name__)


def find_variant(name: str) -> Variant:
    """A card by its key, by a game id, or by a level it points at (as python-chess's
    ``find_variant``); KeyError when nothing matches."""
    cards = variants()
    for v in cards:
        if name == v.key:
            return v
    for v in cards:
        if name == v.level:
            return v
    registry = _registry()
    if name in registry:
        return registry[name].main_variant
    raise KeyError(name)


def variant_for(game: str, level_id: str | None) -> Variant:
    """The card that shows a level: the one pointing at it, or the game's own card."""
    spec = get(game)
    return next((v for v in spec.variants if level_id is not None and v.level == level_id), spec.main_variant)


# -- the exact strategies, through the registry ----------------------------------------------------
def winning_moves(state: Any) -> list[Any]:
    """Every move that leaves the opponent lost against perfect play (exactly solved games)."""
    found = spec_of(state).winning_moves
    if found is None:
        raise TypeError(f"no exact strategy for {type(state).__name__}")
    return found(state)


def winning_move(state: Any) -> Any:
    """A move that leaves the opponent lost, or None when every move loses."""
    spec = spec_of(state)
    if spec.best_move is None:
        raise TypeError(f"no exact strategy for {type(state).__name__}")
    return spec.best_move(state)


def is_winning(state: Any) -> bool:
    """True when the player to move wins with perfect play (at the end: when they have won, as in
    seed 004, where a terminal position is « gagnante » for the player to move in misère play)."""
    if state.is_over:
        return bool(state.winner == state.to_move)
    return winning_move(state) is not None


def choose_move(state: Any, level: int, rng: random.Random, time_limit: float | None = None, *,
                cancel: threading.Event | None = None, info: ai.SearchInfo | None = None) -> Any:
    """The computer's move in ``state``'s game at ``level``, as its spec plays it."""
    ai.check_level(level)
    chooser = spec_of(state).engine.chooser
    assert chooser is not None                     # GameSpec.__post_init__ saw to it
    return chooser(state, level, rng, time_limit, cancel=cancel, info=info)
