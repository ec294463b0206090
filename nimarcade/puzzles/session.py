"""A series of puzzles for one player (the puzzle screen's bookkeeping): which puzzle comes next,
how an answer is rated, and the summary at the end. Pure Python, no pygame.

* **The pool.** Puzzles come from two places: the store of puzzles made from edited positions
  (:class:`~nimarcade.puzzles.store.PuzzleStore`, offered at once and given first: a teacher's
  puzzles come before the drawn ones) and the generator
  (:func:`nimarcade.puzzles.puzzle.make`), which the screen runs off the UI thread in batches of
  :data:`BATCH` (:func:`generate` is the worker's function): first a batch of each chosen game,
  then, when the pool runs low, of the game it holds fewest puzzles of. A game whose generations
  keep bringing nothing new (a small board holds few puzzles) is asked last.
  A puzzle the player already answered (``PuzzleRecord.seen``) is not offered again, unless the
  chosen games have nothing new any more (a small board holds few puzzles): then the ones seen
  longest ago come back.
* **The next puzzle** is one of the :data:`NEAREST` puzzles of the pool whose rating is closest
  to the player's (« adapted to my rating »), or to the difficulty chosen (:data:`DIFFICULTIES`),
  drawn with the session's random stream: near the level asked, never the same order twice. With
  several games, each puzzle of a game already given counts :data:`MIX` points further: the games
  take turns, as far as the level asked allows.
* **An answer** is rated once, the first time (Glicko-2, :mod:`nimarcade.people.rating`); a retry is not.
  A named player's rating and streaks go to their profile (saved at once); the unnamed player's
  live in the session's :class:`~nimarcade.people.profiles.PuzzleRecord` only.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from nimarcade.analysis import verdicts as analysis
from nimarcade.core import registry
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.i18n import N_, tr
from nimarcade.people.profiles import Profiles, PuzzleRecord
from nimarcade.puzzles.puzzle import Puzzle
from nimarcade.people.rating import Rating

#: Puzzles in a series, then its summary.
SERIES = 10
#: Puzzles one generation asks for, and how few ready ones make the screen ask for more.
BATCH = 6
LOW = 3
#: The next puzzle is drawn among this many puzzles nearest the player's rating.
NEAREST = 3
#: Generations in a row that brought nothing new before seen puzzles may come back (and before a
#: game is asked last).
DRY_ROUNDS = 2
#: Rating points a puzzle counts further from the level asked for each puzzle of its game given.
MIX = 150
#: The difficulties a player may choose instead of their own rating: the puzzle rating aimed at
#: (the generator's puzzles go from about 1200 to 2600, :func:`nimarcade.puzzles.puzzle.rating_of`).
DIFFICULTIES = {"easy": 1300, "medium": 1650, "hard": 2000}
#: Depth of the search that values every move of a puzzle without an exact strategy (its
#: explanation): fixed, so that the same puzzle is always explained the same way.
VALUES_DEPTH = 9


def generate(state: Any = None, level: int = 0, rng: random.Random | None = None, time_limit: float | None = None,
             *, cancel: Any = None, info: dict | None = None, game: str, count: int, seed: int) -> list[Puzzle]:
    """The AI worker's function (a chooser's signature, picklable through ``functools.partial``):
    ``count`` puzzles of ``game`` at every level whose board the window shows large enough to
    click, drawn with ``seed``."""
    return puzzles.make(game, None, count, seed, clickable=True)


def values(state: Any, level: int = 0, rng: random.Random | None = None, time_limit: float | None = None,
           *, cancel: Any = None, info: dict | None = None, depth: int = VALUES_DEPTH) -> analysis.MoveValues:
    """The AI worker's function that values every move of a puzzle's position (to a fixed depth)."""
    return analysis.position_values(state, analysis.Budget(None, depth), cancel)


def exact(puzzle: Puzzle) -> bool:
    """The puzzle's game has an exact strategy: its solutions are every winning move."""
    return registry.get(puzzle.game).winning_moves is not None


def known_values(puzzle: Puzzle) -> analysis.MoveValues | None:
    """Every move's value when the puzzle already proves them (an exact game: the solutions win,
    every other move loses), without asking the solver again; None otherwise."""
    if not exact(puzzle):
        return None
    won = set(puzzle.solutions)
    moves = puzzle.state.legal_moves()
    return analysis.MoveValues({m: 1.0 if m in won else -1.0 for m in moves},
                               {m: analysis.WIN if m in won else analysis.LOSS for m in moves})


def question_key(puzzle: Puzzle, values: analysis.MoveValues | None) -> str:
    """The puzzle's question: « find the winning move » when a winning move is proved (an exact
    game, or every move's result proved and one wins), else « find the best move »."""
    if exact(puzzle):
        return N_("puzzle.question_win")
    if values is not None and values.solved and max(values.exact.values()) == analysis.WIN:
        return N_("puzzle.question_win")
    return N_("puzzle.question_best")


def missed_reason(values: analysis.MoveValues | None, move: Any, words: str) -> str:
    """Why ``move`` (``words``: the move as the board says it) is not the answer: what it throws
    away, proved (a win turned into a loss...) or by the engine's scores (seeds given away)."""
    if values is None or move not in values.scores:
        return ""
    if values.solved:
        best, got = max(values.exact.values()), values.exact[move]
        return tr({(analysis.WIN, analysis.LOSS): N_("puzzle.threw_win"), (analysis.WIN, analysis.DRAW): N_("puzzle.threw_to_draw"),
                   (analysis.DRAW, analysis.LOSS): N_("puzzle.threw_draw")}.get((best, got), N_("puzzle.worse")), move=words)
    lost = max(0.0, values.best_score - values.scores[move])
    return tr("puzzle.lost", x=int(lost + 0.5), move=words) if lost >= 0.5 else tr("puzzle.worse", move=words)


def solution_note(puzzle: Puzzle, values: analysis.MoveValues | None) -> str:
    """What the solution is worth against the other moves, and whether it is proved."""
    parts = []
    legal, k = puzzle.legal, len(puzzle.solutions)
    if values is not None and values.solved:
        best = max(values.exact.values())
        if best == analysis.WIN:
            parts.append(tr("puzzle.only_win", n=legal) if k == 1 else tr("puzzle.some_win", k=k, n=legal))
        elif best == analysis.DRAW:
            parts.append(tr("puzzle.only_draw"))
    elif values is not None and len(values.scores) > 1:
        others = [(s, m) for m, s in values.scores.items() if m not in puzzle.solutions]
        if others:
            score, move = max(others, key=lambda sm: sm[0])
            lost = max(0.0, values.best_score - score)
            spec = registry.get(puzzle.game)
            parts.append(tr("puzzle.runner_up", move=spec.notation.format_move(move), x=max(1, int(lost + 0.5)),
                            depth=values.depth or VALUES_DEPTH))
    parts.append(tr("puzzle.proved") if puzzle.proved else tr("puzzle.searched"))
    return " ".join(parts)


@dataclass(frozen=True)
class Answer:
    """A rated answer: the puzzle, the move played, and the player's record before and after."""

    puzzle: Puzzle
    move: Any
    solved: bool
    before: PuzzleRecord
    after: PuzzleRecord

    @property
    def change(self) -> int:
        """The rating's change as shown (+12, -9)."""
        return round(self.after.rating.rating) - round(self.before.rating.rating)


class Session:
    """One series for one player: ``player`` a profile's name (None: unnamed, whose record is
    ``guest``), ``chosen`` the games' ids, ``difficulty`` a key of :data:`DIFFICULTIES` (None:
    adapted to the player's rating)."""

    def __init__(self, chosen: Sequence[str], player: str | None, profiles: Profiles,
                 guest: PuzzleRecord | None = None, rng: random.Random | None = None, length: int = SERIES,
                 difficulty: str | None = None) -> None:
        self.chosen = list(chosen)
        self.difficulty = difficulty
        self.player = player
        self.profiles = profiles
        self.guest = guest or PuzzleRecord()
        self.rng = rng or random.Random(0)
        self.length = length
        self.pool: list[Puzzle] = []
        self.answers: list[Answer] = []
        self.given: list[str] = []           # the puzzles shown in this series, in order
        self.turn = 0                        # the next game to generate puzzles for
        self.dry = 0                         # generations in a row that brought nothing new
        self.dry_games: dict[str, int] = {}  # the same, game by game
        self.drawn: list[str] = []           # the games of the puzzles given, in order
        self.first_ids: set[str] = set()     # puzzles given before any other (the store's)
        self.first = self.record

    # -- the player ------------------------------------------------------------------------------
    @property
    def record(self) -> PuzzleRecord:
        if self.player is None:
            return self.guest
        profile = self.profiles.get(self.player)
        return profile.puzzles if profile is not None else PuzzleRecord()

    @property
    def rating(self) -> Rating:
        return self.record.rating

    @property
    def target(self) -> float:
        """The puzzle rating aimed at: the difficulty chosen, else the player's rating."""
        if self.difficulty is None:
            return self.rating.rating
        return DIFFICULTIES[self.difficulty]

    # -- the pool ---------------------------------------------------------------------------------
    def pooled(self, game: str) -> int:
        return sum(p.game == game for p in self.pool)

    def exhausted(self, game: str) -> bool:
        return self.dry_games.get(game, 0) >= DRY_ROUNDS

    def next_game(self) -> str:
        """The game the next generation is for: the one the pool holds fewest puzzles of (the
        chosen ones in turn on a tie), an exhausted one last."""
        n = len(self.chosen)
        best = min(range(n), key=lambda i: (self.exhausted(self.chosen[i]), self.pooled(self.chosen[i]),
                                            (i - self.turn) % n))
        self.turn = best + 1
        return self.chosen[best]

    def offer(self, found: Iterable[Puzzle], game: str | None = None, first: bool = False) -> int:
        """Add the puzzles the player has not seen to the pool (``game``: the game they were
        generated for; ``first``: given before the others); when generations keep bringing nothing new and nothing is left, the ones
        seen longest ago (not in this series). Returns how many were added."""
        found = [p for p in found if p.game in self.chosen]
        waiting = {p.id for p in self.pool} | set(self.given)
        seen = set(self.record.seen)
        fresh = [p for p in found if p.id not in waiting and p.id not in seen]
        if game is not None:
            self.dry_games[game] = 0 if fresh else self.dry_games.get(game, 0) + 1
        if fresh:
            self.dry = 0
        else:
            self.dry += 1
            if self.dry >= DRY_ROUNDS and not self.pool:
                order = {pid: i for i, pid in enumerate(self.record.seen)}
                fresh = sorted((p for p in found if p.id not in waiting), key=lambda p: order.get(p.id, -1))
        added = 0
        for p in fresh:
            if p.id not in waiting:
                waiting.add(p.id)
                self.pool.append(p)
                added += 1
                if first:
                    self.first_ids.add(p.id)
        return added

    @property
    def wants_more(self) -> bool:
        """Few puzzles are ready, or a chosen game has none in the pool (and may still bring some)."""
        if self.done:
            return False
        return len(self.pool) < LOW or any(not self.pooled(g) and not self.exhausted(g) for g in self.chosen)

    def draw(self) -> Puzzle | None:
        """The next puzzle (taken from the pool), near the rating aimed at; None when none is ready."""
        if not self.pool or self.done:
            return None
        target = self.target
        ranked = sorted(self.pool, key=lambda p: (p.id not in self.first_ids,
                                                  abs(p.rating - target) + MIX * self.drawn.count(p.game), p.id))
        firsts = sum(p.id in self.first_ids for p in self.pool)
        if firsts:
            ranked = ranked[:firsts]
        puzzle = ranked[self.rng.randrange(min(NEAREST, len(ranked)))]
        self.pool.remove(puzzle)
        self.given.append(puzzle.id)
        self.drawn.append(puzzle.game)
        return puzzle

    # -- answers ----------------------------------------------------------------------------------
    def answer(self, puzzle: Puzzle, move: Any) -> tuple[Answer, str | None]:
        """Rate the first answer to ``puzzle``: the answer, and a problem key when the profile
        could not be saved (the rating is kept for the session all the same)."""
        solved = puzzle.is_solution(move)
        before = self.record
        problem = None
        if self.player is not None and self.profiles.get(self.player) is not None:
            self.profiles.answer_puzzle(self.player, puzzle.id, puzzle.rating, solved)
            problem = self.profiles.save()
        else:
            self.guest = self.guest.answered(puzzle.id, puzzle.rating, solved)
        answer = Answer(puzzle, move, solved, before, self.record)
        self.answers.append(answer)
        return answer, problem

    @property
    def done(self) -> bool:
        return len(self.answers) >= self.length

    @property
    def solved(self) -> int:
        return sum(a.solved for a in self.answers)
