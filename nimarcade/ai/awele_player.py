"""The computer's Awélé player at four levels, on top of :mod:`.awele_engine`.

==========  =================================================================================
level 1     débutant: 2 plies, every move scored, then Gaussian noise (σ = 2 seeds) on the scores
level 2     moyen: 5 plies, every move scored, small noise (σ = 0.35 seed)
level 3     expert: iterative deepening for its whole second a move (``time_limit`` seconds if
            given), an interrupted last iteration still counting when it found a better move
level 4     maître: the same for its whole 5 s a move (``time_limit`` if given)
==========  =================================================================================

Levels 3 and 4 play the opening book's move while the game is in it (:mod:`.awele_book`) and use
the endgame tables (exact values of every board with at most 12 seeds, :mod:`.awele_endgame`).
Every level runs on the compiled core when it is loaded (:mod:`.awele_core`), else on the
pure-Python engine, 3-4 plies shallower. Levels 3 and 4 search with :func:`default_threads`
threads (lazy SMP: the machine's cores minus one, so the window keeps one; ``NIMARCADE_THREADS``
overrides it), and keep the time a book move, a forced move or an early proof saved in a bank
that hard moves draw on (at most ``EXTRA`` times their time, within the game's budget).

``rng`` drives all randomness (noise, order of equal moves): with the same seed and a depth
limit the choice is reproducible. Levels 3 and 4 keep one engine each so the transposition
table carries over from one move to the next.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from nimarcade.rules.awele import AweleState

from . import awele_core, awele_eval, default_threads
from .awele_engine import MATE_BOUND, SearchResult
from .hints import Hint


#: A hard move may think at most this many times its time beyond it, from the bank...
EXTRA = 1.5
#: ...which holds at most this many moves' time.
BANK_MAX = 8.0


@dataclass(frozen=True)
class LevelSpec:
    depth: int | None          # fixed depth (levels 1-2), None: by time
    time: float | None         # default seconds a move (levels 3-4)
    noise: float               # σ of the Gaussian noise on root scores, in seeds (0: none)
    endgame: bool = False
    evaluation: str = awele_eval.DEFAULT
    #: timed levels: start no new iteration after this fraction of the time (None: search until
    #: the time is up and keep what the interrupted iteration proved)
    soft: float | None = None
    #: play the opening book's move when the position is in it (:mod:`.awele_book`)
    book: bool = False


LEVELS: dict[int, LevelSpec] = {
    1: LevelSpec(depth=2, time=None, noise=2.0),
    2: LevelSpec(depth=5, time=None, noise=0.35),
    3: LevelSpec(depth=None, time=1.0, noise=0.0, endgame=True, book=True),
    4: LevelSpec(depth=None, time=5.0, noise=0.0, endgame=True, book=True),
}


class AwelePlayer:
    """A level's player. ``depth`` / ``time`` override the level's defaults (arena, tests)."""

    def __init__(self, level: int, *, depth: int | None = None, time: float | None = None,
                 evaluation: str | None = None, endgame: bool | None = None,
                 wait_for_core: bool = True, book: bool | None = None, threads: int | None = None,
                 bank: bool = True) -> None:
        """``wait_for_core``: load the compiled core now if it is not loaded (arena, bench,
        tests); the game passes False and plays in pure Python until its worker has warmed it.
        ``threads``: search threads of a timed level (None: :func:`default_threads`; levels 1-2
        and fixed depths search with one, so their choices are reproducible). ``bank``: time
        saved on easy moves goes to hard ones."""
        spec = LEVELS[level]
        self.level = level
        self.spec = spec
        self.depth = depth if depth is not None else spec.depth
        self.time = time if time is not None else spec.time
        use_table = spec.endgame if endgame is None else endgame
        table = None
        if use_table:
            from . import awele_endgame

            table = awele_endgame.load(None if use_table is True else int(use_table))
        self.evaluation = evaluation or spec.evaluation
        self.engine = awele_core.make_engine(self.evaluation, table, wait=wait_for_core)
        self.book = None
        if spec.book if book is None else book:
            from . import awele_book

            self.book = awele_book.load()
        self.last: SearchResult | None = None
        self.set_threads(threads)
        self.use_bank = bank
        #: seconds saved on easy moves of this game (book, forced, proven early)
        self.bank = 0.0
        self._seen: tuple[int, int] | None = None     # (total, captured) of the last position

    def set_threads(self, threads: int | None) -> None:
        self.threads = threads if threads is not None else default_threads()
        if isinstance(self.engine, awele_core.CoreEngine):
            self.engine.threads = self.threads if self.depth is None and not self.spec.noise else 1

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
    if level not in LEVELS:
        raise ValueError(f"the computer's level must be one of {tuple(LEVELS)}, not {level!r}")
    return player(level).choose(state, rng, time_limit, cancel=cancel, info=info)


def hint(
    state: AweleState,
    level: int = 3,
    rng: random.Random | None = None,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> Hint:
    """The player's hint: the engine's advised move at ``level`` (advice, not a proof), with
    its score and depth."""
    found: dict = {} if info is None else info
    move = choose_move(state, level, rng or random.Random(0), time_limit, cancel=cancel, info=found)
    return Hint((move,), False, advice=True, score=found.get("score"), depth=found.get("depth"))


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
    ``cancel`` (or ``time_limit``), then returns the player's best move as far as it can tell."""
    if level not in LEVELS:
        raise ValueError(f"the computer's level must be one of {tuple(LEVELS)}, not {level!r}")
    p = player(level)
    p._upgrade()
    if cancel is None and time_limit is None:
        raise ValueError("pondering needs a cancel event or a time limit")
    return p.engine.search(state, time_limit, None, cancel, info).move


def analyse(state: AweleState, level: int = 4, time_limit: float | None = 1.0, *,
            max_depth: int | None = None, cancel: threading.Event | None = None,
            info: dict | None = None):
    """Every legal move's value for the player to move (the analysis overlay): a SearchResult
    whose ``scores`` maps each house to its score in hundredths of a seed (``describe`` in
    :mod:`.awele_engine` reads one), searched with the level's evaluation and tables."""
    p = player(level)
    p._upgrade()
    engine = type(p.engine)(p.evaluation, p.engine.endgame, tt_max=400_000)
    if isinstance(engine, awele_core.CoreEngine):
        engine.threads = p.threads
    return engine.search(state, time_limit, max_depth, cancel, info, all_scores=True)


def analyse_move(
    state: AweleState,
    level: int,
    rng: random.Random | None = None,
    time_limit: float | None = None,
    *,
    cancel: threading.Event | None = None,
    info: dict | None = None,
) -> int:
    """:func:`analyse` with the chooser's signature (for the AI controller): returns the best
    move; ``info["scores"]`` holds every move's score."""
    if info is None:
        info = {}
    result = analyse(state, level, time_limit if time_limit is not None else 1.0, cancel=cancel, info=info)
    info["scores"] = dict(result.scores or {})
    return result.move


#: The engine options the arena passes on (``--opt-a depth=8``...): how each is read.
ARENA_OPTIONS = {"depth": int, "eval": str, "table": lambda v: {"on": True, "off": False}[v] if v in ("on", "off") else int(v),
                 "threads": int, "bank": lambda v: {"on": True, "off": False}[v]}


class ArenaPlayer:
    """A fresh player of its own at a level, for the arena (its tables are its own: two sides at
    the same level never share them), with engine options: depth (fixed plies), time (seconds a
    move), eval (an evaluation preset of :mod:`.awele_eval`), table (on/off: the endgame tables; a
    number: the tables of that many seeds built in the user's folder, :func:`awele_endgame.user_dir`),
    threads (search threads, default :func:`default_threads`), bank (on/off: time management).
    A chooser: (state, level, rng, time_limit, *, cancel, info) -> house."""

    def __init__(self, level: int, options: dict[str, str]) -> None:
        try:
            read = {k: ARENA_OPTIONS[k](v) for k, v in options.items()}
        except (KeyError, ValueError) as exc:
            raise ValueError(f"engine options are {', '.join(ARENA_OPTIONS)} "
                             f"(table=on|off, bank=on|off), not {options!r}") from exc
        self.player = AwelePlayer(level, depth=read.get("depth"), evaluation=read.get("eval"),
                                  endgame=read.get("table"), threads=read.get("threads"),
                                  bank=read.get("bank", True))

    def __call__(self, state: AweleState, level: int, rng: random.Random, time_limit: float | None = None,
                 *, cancel: threading.Event | None = None, info: dict | None = None) -> int:
        return self.player.choose(state, rng, time_limit, cancel=cancel, info=info)


@dataclass(frozen=True)
class Thinking:
    """What the info line shows, from the point of view of ``viewer`` (the human player)."""

    depth: int
    seeds: float | None      # the expected margin in seeds for the viewer (None: a forced end)
    mate: int | None         # plies to a forced end, > 0 the viewer wins, < 0 loses
    pv: tuple[str, ...]      # the expected line as "S3", "N5"... (house numbers 1-6 per row)
    nps: float | None        # nodes per second
    book: bool


def thinking(progress: dict, state: AweleState, viewer: int) -> Thinking | None:
    """The info line of a search of ``state`` (``progress``: :attr:`AiController.progress` or
    a search's ``info``), or None before the first depth is done."""
    from nimarcade.rules.awele import house_label

    from .awele_engine import TB_BOUND, TB_WIN, WIN

    if not progress.get("depth") and not progress.get("book"):
        return None
    score = progress.get("score", 0)
    sign = 1 if state.to_move == viewer else -1
    mate = None
    seeds = None
    if abs(score) > MATE_BOUND:
        plies = WIN - abs(score)
        mate = sign * (plies if score > 0 else -plies)
    elif abs(score) > TB_BOUND:  # an endgame-table result: the exact final margin
        margin = (abs(score) - TB_WIN) / awele_eval.SEED
        seeds = sign * (margin if score > 0 else -margin)
    else:
        seeds = sign * score / awele_eval.SEED
    pv = tuple(f"{'S' if m < 6 else 'N'}{house_label(m)}" for m in progress.get("pv", ()))
    return Thinking(progress.get("depth", 0), seeds, mate, pv, progress.get("nps"), bool(progress.get("book")))
