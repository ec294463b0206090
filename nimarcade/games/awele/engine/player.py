"""The computer's Awélé player at four levels, on top of :mod:`.engine`. What each level does
is one table, :data:`LEVELS` (its depths, times and noise are there, nowhere else):

==========  =================================================================================
level 1     débutant: a shallow fixed depth, every move scored, then Gaussian noise on the scores
level 2     moyen: a deeper fixed depth, every move scored, smaller noise
level 3     expert: iterative deepening for its whole time a move (``time_limit`` seconds if
            given), an interrupted last iteration still counting when it found a better move
level 4     maître: the same for a longer time a move (``time_limit`` if given)
==========  =================================================================================

Levels 3 and 4 play the opening book's move while the game is in it (:mod:`.book`) and use
the endgame tables (exact values of every board with at most 12 seeds, :mod:`.endgame`;
bigger ones built on the player's machine when :data:`.tables.LEVEL_SEEDS` asks for them).
Every level runs on the compiled core when it is loaded (:mod:`.core`), else on the
pure-Python engine, 3-4 plies shallower. Levels 3 and 4 search with :func:`default_threads`
threads (lazy SMP: the machine's cores minus one, so the window keeps one; ``NIMARCADE_THREADS``
overrides it). With ``bank`` (off by default: :data:`USE_BANK`) they keep the time a book move,
a forced move or an early proof saved in a bank that hard moves draw on (at most ``EXTRA`` times
their time, within the game's budget).

The person's hint and the analysis overlay are one analysis (:func:`analyse`: every move scored
by the master's engine for :data:`ANALYSIS_TIME` seconds, on the compiled core): :func:`hint`
gives its best move (:func:`advice`), :func:`analyse_move` its scores; :class:`Reading` is what
a search says of a position, for the info line.

``rng`` drives all randomness (noise, order of equal moves): with the same seed and a depth
limit the choice is reproducible. Levels 3 and 4 keep one engine each so the transposition
table carries over from one move to the next.
"""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from nimarcade.games.awele.rules import AweleState
from nimarcade.core.rules.errors import OptionError

from nimarcade.core.computer import ComputerLevel, LevelTable, check_level, default_threads
from nimarcade.games.awele.engine import core as awele_core
from nimarcade.games.awele.engine import eval as awele_eval
from nimarcade.games.awele.engine.engine import LMR_FROM, MATE_BOUND, SearchResult
from nimarcade.core.hints import Hint
from nimarcade.i18n import N_


#: A hard move may think at most this many times its time beyond it, from the bank...
EXTRA = 1.5
#: ...which holds at most this many moves' time.
BANK_MAX = 8.0
#: Whether the levels bank time by default: off, since it did not win in the arena (at 0.05 s and
#: at 0.25 s a move it scored lower than the same engine without it; docs/BENCHMARKS.md, « Awélé engine, 2026-11-24 »).
USE_BANK = False


@dataclass(frozen=True)
class AweleLevel(ComputerLevel):
    """An Awélé level: the shared record (a fixed ``depth`` at levels 1-2, ``seconds`` a move at
    levels 3-4, ``noise`` in seeds on the root scores) and what this engine adds."""

    endgame: bool = False
    evaluation: str = awele_eval.DEFAULT
    #: timed levels: start no new iteration after this fraction of the time (None: search until
    #: the time is up and keep what the interrupted iteration proved)
    soft: float | None = None
    #: play the opening book's move when the position is in it (:mod:`.book`)
    book: bool = False


#: Awélé's table of levels (its spec's ``engine.computer_levels``), read by the players, the spec's
#: times, the README's paragraph (checked by ``tests/games/awele/test_levels_table.py``).
LEVELS: LevelTable[AweleLevel] = LevelTable((
    AweleLevel(1, depth=2, noise=2.0),
    AweleLevel(2, depth=5, noise=0.35),
    AweleLevel(3, seconds=1.0, endgame=True, evaluation="learned", book=True),
    AweleLevel(4, seconds=5.0, endgame=True, evaluation="learned", book=True),
))


class AwelePlayer:
    """A level's player. ``depth`` / ``time`` override the level's defaults (arena, tests)."""

    def __init__(self, level: int, *, depth: int | None = None, time: float | None = None,
                 evaluation: str | None = None, endgame: bool | None = None,
                 wait_for_core: bool = True, book: bool | None = None, threads: int | None = None,
                 bank: bool | None = None, lmr: int | None = None) -> None:
        """``wait_for_core``: load the compiled core now if it is not loaded (arena, bench,
        tests); the game passes False and plays in pure Python until its worker has warmed it.
        ``threads``: search threads of a timed level (None: :func:`default_threads`; levels 1-2
        and fixed depths search with one, so their choices are reproducible). ``bank``: time
        saved on easy moves goes to hard ones (None: :data:`USE_BANK`). ``lmr``: the late-move
        reduction mode (:data:`.engine.LMR_FROM`; None: the engine's own, 1)."""
        spec = LEVELS[level]
        self.level = level
        self.spec = spec
        self.depth = depth if depth is not None else spec.depth
        self.time = time if time is not None else spec.seconds
        use_table = spec.endgame if endgame is None else endgame
        table = None
        if use_table:
            from nimarcade.games.awele.engine import endgame as awele_endgame

            if use_table is True:   # the levels' tables (bigger ones once built here: awele_tables)
                from nimarcade.games.awele.engine import tables as awele_tables

                table = awele_endgame.load(awele_tables.LEVEL_SEEDS, wait=wait_for_core)
            else:
                table = awele_endgame.load(int(use_table))
        self.evaluation = evaluation or spec.evaluation
        self.engine = awele_core.make_engine(self.evaluation, table, wait=wait_for_core)
        self.book = None
        if spec.book if book is None else book:
            from nimarcade.games.awele.engine import book as awele_book

            self.book = awele_book.load()
        self.last: SearchResult | None = None
        self.lmr = lmr
        self.set_threads(threads)
        self.use_bank = USE_BANK if bank is None else bank
        #: seconds saved on easy moves of this game (book, forced, proven early)
        self.bank = 0.0
        self._seen: tuple[int, int] | None = None     # (total, captured) of the last position

    def set_threads(self, threads: int | None) -> None:
        self.threads = threads if threads is not None else default_threads()
        if isinstance(self.engine, awele_core.CoreEngine):
            self.engine.threads = self.threads if self.depth is None and not self.spec.noise else 1
        if self.lmr is not None:
            self.engine.lmr = self.lmr

    def _new_game(self, state: AweleState) -> None:
        """Empty the bank when ``state`` is not later in the same game as the last position
        (the window keeps a level's player from game to game)."""
        mark = (state.total, sum(state.stores))
        if self._seen is None or mark[0] != self._seen[0] or mark[1] < self._seen[1] or (
                mark[1] == 0 and len(set(state.houses)) == 1):
            self.bank = 0.0
            self.last = None
        self._seen = mark

    def _save(self, limit: float | None, used: float) -> None:
        if limit is not None and self.use_bank:
            self.bank = min(BANK_MAX * limit, max(0.0, self.bank + limit - used))

    def _upgrade(self) -> None:
        """Switch to the compiled core once it is ready (it may finish warming mid-game)."""
        if not isinstance(self.engine, awele_core.CoreEngine) and awele_core.ready():
            self.engine = awele_core.CoreEngine(self.evaluation, self.engine.endgame)
            self.set_threads(self.threads)

    def choose(self, state: AweleState, rng: random.Random, time_limit: float | None = None, *,
               cancel: threading.Event | None = None, info: dict | None = None) -> int:
        self._upgrade()
        legal = state.legal_moves()
        timed = self.depth is None and not self.spec.noise
        limit = time_limit if time_limit is not None else self.time
        if timed:
            self._new_game(state)
        if len(legal) == 1:
            if info is not None:
                info.update(depth=0, score=0, nodes=0, move=legal[0], pv=[legal[0]], mate=None)
            if timed:
                self._save(limit, 0.0)
            return legal[0]
        if self.spec.noise:
            # fixed depth, every root move scored exactly, then noise: a fresh table each time
            # so that the choice only depends on the position and the rng
            engine = type(self.engine)(self.evaluation, self.engine.endgame, tt_max=100_000)
            result = engine.search(state, time_limit, self.depth, cancel, info, all_scores=True)
            self.last = result
            scores = result.scores or {}
            if not scores:
                return result.move
            sigma = self.spec.noise * awele_eval.SEED
            noisy = {}
            for m in legal:
                s = scores.get(m, result.score)
                noisy[m] = s if abs(s) > MATE_BOUND else s + rng.gauss(0.0, sigma)
            return max(legal, key=lambda m: noisy[m])
        if self.book is not None and self.depth is None:
            hit = self.book.lookup(state)
            if hit is not None:
                if info is not None:
                    info.update(depth=hit.depth, score=hit.score, nodes=0, move=hit.move, pv=[hit.move],
                                mate=None, book=True)
                self.last = SearchResult(hit.move, hit.score, hit.depth, 0, [hit.move])
                self._save(limit, 0.0)
                return hit.move
        soft = None if limit is None or self.spec.soft is None else limit * self.spec.soft
        extra = None
        expected = None
        if timed and limit is not None and self.use_bank:
            extra = min(self.bank, EXTRA * limit)
            expected = self.last.score if self.last is not None else None
        result = self.engine.search(state, limit, self.depth, cancel, info, rng=rng, soft_time=soft,
                                    extra_time=extra, expected=expected)
        self.last = result
        if timed:
            self._save(limit, result.elapsed)
        return result.move


#: The one analysis of a person's position (their hint, the analysis overlay, the info line on
#: their turn): the master's engine (its evaluation and endgame tables) on the compiled core,
#: every move scored, for this many seconds: as deep as the computer's own search at level 3
#: (one second, best move only) and nearly as deep as level 4's five seconds.
ANALYSIS_LEVEL = 4
ANALYSIS_TIME = 2.0
#: Seconds an analysis waits for the compiled core in a worker process that has not loaded it.
CORE_WAIT = 5.0

_PLAYERS: dict[int, AwelePlayer] = {}
_THREADS: list[int | None] = [None]
_LOCK = threading.Lock()


def set_threads(threads: int | None) -> None:
    """Search threads of the levels' players from now on (None: :func:`default_threads`); the
    protocol engine's ``Threads`` option."""
    with _LOCK:
        _THREADS[0] = threads
        for p in _PLAYERS.values():
            p.set_threads(threads)


def player(level: int) -> AwelePlayer:
    with _LOCK:
        if level not in _PLAYERS:
            awele_core.start_warming()  # never wait for the compiler in the game
            _PLAYERS[level] = AwelePlayer(level, wait_for_core=False, threads=_THREADS[0])
        return _PLAYERS[level]


def choose_move(
    state: AweleState,
    level: int,
    rng: random.Random,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> int:
    """The computer's move (a house index in ``state.legal_moves()``) at ``level`` 1-4.

    ``time_limit`` caps the thinking time in seconds (levels 3-4 use it as their budget; levels
    1-2 search a fixed depth and stop early only if it runs out). ``cancel`` (a threading.Event)
    stops the search within a few milliseconds with the best move so far. ``info`` is updated in
    place while searching: "depth" (last completed depth), "score" (hundredths of a seed for the
    side to move), "nodes", "move", "pv" (the expected line) and "mate" (plies to a forced end of
    the game, > 0 won, < 0 lost, None unknown).
    """
    check_level(level)
    return player(level).choose(state, rng, time_limit, cancel=cancel, info=info)


def hint(
    state: AweleState,
    level: int = ANALYSIS_LEVEL,
    rng: random.Random | None = None,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> Hint:
    """The player's hint: :func:`analyse` (every move scored, ``info["scores"]``), then its best
    move as :func:`advice` reads it, with its score and depth. The window's analysis overlay and
    info line show the same analysis; the text mode asks this same function."""
    found: dict = {} if info is None else info
    result = analyse(state, level, time_limit if time_limit is not None else ANALYSIS_TIME, cancel=cancel,
                     info=found)
    return advice(found) or Hint((result.move,), False, advice=True, score=result.score, depth=result.depth)


def advice(info: Mapping[str, Any]) -> Hint | None:
    """The hint an analysis gives (``info``: its result or its progress): the best-scored move
    (the engine's own choice among equals), its score and the depth; None before a depth is done."""
    scores = info.get("scores")
    if not scores:
        return None
    best = max(scores.values())
    move = info.get("move")
    if scores.get(move) != best:
        move = min(m for m, s in scores.items() if s == best)
    return Hint((move,), False, advice=True, score=best, depth=info.get("depth"))


def ponder_move(
    state: AweleState,
    level: int,
    rng: random.Random | None = None,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> int:
    """Think on the player's time (``state``: the player to move) with the level's own engine, so
    its transposition table holds the answers when the computer's turn comes. Searches until
    ``cancel`` (or ``time_limit``), then returns the player's best move as far as it can tell.

    While the compiled core is being prepared in this process, pondering first waits for it: a
    pure-Python search here would hold the interpreter the compiler needs (measured: the cold
    compile took 100 s instead of 15 behind a pondering search), for a table the
    compiled core can't use."""
    check_level(level)
    if cancel is None and time_limit is None:
        raise ValueError("pondering needs a cancel event or a time limit")
    p = player(level)
    if awele_core.current_state() == "warming":
        waited = time.perf_counter()
        awele_core.wait_ready(float("inf") if time_limit is None else time_limit, cancel)
        if time_limit is not None:
            time_limit = max(0.01, time_limit - (time.perf_counter() - waited))
    p._upgrade()
    return p.engine.search(state, time_limit, None, cancel, info).move


def analyse(state: AweleState, level: int = ANALYSIS_LEVEL, time_limit: float | None = ANALYSIS_TIME, *,
            max_depth: int | None = None, cancel: threading.Event | None = None,
            info: dict | None = None) -> SearchResult:
    """The analysis of a position: every legal move's value for the player to move, a SearchResult
    whose ``scores`` maps each house to its score in hundredths of a seed (``info["scores"]`` after
    each depth), searched with the level's evaluation and tables on the compiled core (waited for,
    :data:`CORE_WAIT` seconds at most, in a worker that has not loaded it yet)."""
    awele_core.wait_ready(CORE_WAIT, cancel)
    p = player(level)
    p._upgrade()
    engine = type(p.engine)(p.evaluation, p.engine.endgame, tt_max=400_000)
    if isinstance(engine, awele_core.CoreEngine):
        engine.threads = p.threads
    return engine.search(state, time_limit, max_depth, cancel, info, all_scores=True)


def analyse_move(
    state: AweleState,
    level: int = ANALYSIS_LEVEL,
    rng: random.Random | None = None,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> int:
    """:func:`analyse` with the chooser's signature (the analysis overlay's request): returns the
    best move; ``info["scores"]`` holds every move's score. The same search as :func:`hint`."""
    if info is None:
        info = {}
    result = analyse(state, level, time_limit if time_limit is not None else ANALYSIS_TIME, cancel=cancel,
                     info=info)
    info["scores"] = dict(result.scores or {})
    return result.move


def _on_off(value: str) -> bool:
    return {"on": True, "off": False}[value]


def _lmr_mode(value: str) -> int:
    mode = int(value)
    if not 0 <= mode < len(LMR_FROM):
        raise ValueError(value)
    return mode


def _evaluation(value: str) -> str:
    """An evaluation the engine can read (a preset, weights, ``learned:FILE``), checked now."""
    try:
        awele_eval.tables(value)
    except FileNotFoundError as exc:
        raise OptionError(N_("awele.eval_missing"), value=value) from exc
    except OSError as exc:
        raise OptionError(N_("awele.eval_file"), value=value, why=exc.strerror or str(exc)) from exc
    return value


#: The engine options the arena passes on (``--opt-a depth=8``...): how each is read.
ARENA_OPTIONS: dict[str, Callable[[str], Any]] = {
    "depth": int, "eval": _evaluation, "table": lambda v: _on_off(v) if v in ("on", "off") else int(v),
    "threads": int, "bank": _on_off, "book": _on_off, "lmr": _lmr_mode}


class ArenaPlayer:
    """A fresh player of its own at a level, for the arena (its tables are its own: two sides at
    the same level never share them), with engine options: depth (fixed plies), time (seconds a
    move), eval (an evaluation preset of :mod:`.eval`), table (on/off: the endgame tables; a
    number: the tables of that many seeds built in the user's folder, :func:`.endgame.user_dir`),
    threads (search threads, default :func:`default_threads`), bank (on/off: time management),
    book (on/off: the opening book, on by default at levels 3 and 4), lmr (the late-move
    reduction mode, 0 to 4: :data:`.engine.LMR_FROM`).
    A chooser: (state, level, rng, time_limit, *, cancel, info) -> house."""

    def __init__(self, level: int, options: dict[str, str]) -> None:
        read = {}
        for k, v in options.items():
            try:
                if k not in ARENA_OPTIONS:
                    raise OptionError(N_("awele.option_unknown"), name=k)
                try:
                    read[k] = ARENA_OPTIONS[k](v)
                except OptionError:
                    raise
                except (KeyError, ValueError):
                    raise OptionError(N_("awele.option_value"), name=k, value=v) from None
            except OptionError as exc:
                given = ", ".join(f"{a}={b}" for a, b in options.items())
                raise OptionError(N_("awele.engine_options"), known=", ".join(ARENA_OPTIONS), lmr=len(LMR_FROM) - 1,
                                  given=given, why=exc) from exc
        self.player = AwelePlayer(level, depth=read.get("depth"), evaluation=read.get("eval"),
                                  endgame=read.get("table"), threads=read.get("threads"),
                                  bank=read.get("bank"), book=read.get("book"), lmr=read.get("lmr"))

    def __call__(self, state: AweleState, level: int, rng: random.Random, time_limit: float | None = None,
                 *, cancel: threading.Event | None = None, info: dict | None = None) -> int:
        return self.player.choose(state, rng, time_limit, cancel=cancel, info=info)


@dataclass(frozen=True)
class Reading:
    """What one search says of a position (the info line): the deepest depth it finished, its
    score for the player to move (hundredths of a seed), the expected line, every move's score
    (an analysis), nodes per second, and whether the move came from the opening book."""

    depth: int
    score: int
    pv: tuple[int, ...] = ()
    scores: tuple[tuple[int, int], ...] = ()
    nps: float | None = None
    book: bool = False

    @classmethod
    def of(cls, progress: Mapping[str, Any]) -> "Reading | None":
        """The reading of a search's progress (:attr:`~nimarcade.core.worker.AiController.progress`) or of its final
        ``info``; None before its first depth is done."""
        if not progress.get("depth") and not progress.get("book"):
            return None
        scores = progress.get("scores") or {}
        return cls(int(progress.get("depth", 0)), int(progress.get("score", 0)), tuple(progress.get("pv", ())),
                   tuple(sorted(scores.items())), progress.get("nps"), bool(progress.get("book")))
