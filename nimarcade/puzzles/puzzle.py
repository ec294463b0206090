"""Puzzles: « find the winning move » positions for every game, each with its every solution.

A puzzle is a position reached from one of the game's levels by play, and the full list of its
winning moves. Where they come from, through the registry:

* a game with an exact strategy: positions drawn from seeded random games from the level's start
  (every position of a small board, by :mod:`nimarcade.judge.positions`), kept when the player to
  move has a choice, can win, and few moves win (at most a third of them, at least one losing
  move beside). The solutions are ``winning_moves`` itself, so each puzzle is proved when made.
* a game without one gives its own (``GameSpec.puzzles``): Awélé's come from positions where one
  move does clearly better than every other, proved by the endgame tables where the board is small
  enough, else by two searches of different depths that agree.

A puzzle's ``rating`` says how hard it is, on the players' rating scale (:mod:`nimarcade.people.rating`,
1500 average): harder with fewer winning moves among more moves, and with more of the game left
to see through. ``record`` is the game's record (our format) that replays to the position, with
the puzzle's player in seat 1 and the computer's best level in seat 2: ``python main.py --load``
opens it. Pure Python, no pygame.

``nimarcade puzzles --game G [--level ID] [--code CODE] [--misere] [--param KEY=VALUE]``: the
puzzles of every level of the game, or of one; ``--code``, ``--misere`` and ``--param`` (as on every
command, :func:`nimarcade.core.args.add_game_options`) make them on a teacher's own board, that of
``--level`` or else the game's first level, changed.
"""
from __future__ import annotations

import functools
import hashlib
import math
import random
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.judge.positions import Tree, exact_sample
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.i18n import N_

#: Positions counted from a small board before drawing from random games instead.
TREE_LIMIT = 20_000
#: Candidate positions looked at per puzzle wanted.
CANDIDATES_PER_PUZZLE = 12
#: A puzzle's rating: the average, and its bounds.
BASE_RATING, MIN_RATING, MAX_RATING = 1500, 600, 2600


@dataclass(frozen=True)
class SidedPuzzleSpec(registry.PuzzleSpec[registry.S, registry.M]):
    """The puzzles of a game whose two sides differ on screen (Awélé's rows, lettered A-F for the
    first player and a-f for the second). Every puzzle is shown from its solver's side as the
    first player, as in a game they begin and as an edited position reads (the position text is
    the mover's): ``turn(state)`` is the state with the sides swapped, ``turn_move(move)`` a move
    of it as a move of the other (each its own inverse). See :meth:`Puzzle.shown`."""

    turn: Callable[[registry.S], registry.S]
    turn_move: Callable[[registry.M], registry.M]


@dataclass(frozen=True)
class Found:
    """A position a game proposes as a puzzle: the moves from the level's start, every solution,
    how much of the game is left (its size), and whether the solutions are proved."""

    moves: tuple[Any, ...]
    solutions: tuple[Any, ...]
    size: int
    proved: bool = True


@dataclass(frozen=True)
class Puzzle:
    game: str
    card: str
    level: str
    params: Mapping[str, Any] = field(hash=False)
    moves: tuple[Any, ...]
    state: Any = field(compare=False)
    solutions: tuple[Any, ...]
    legal: int
    size: int
    rating: int
    proved: bool
    #: An edited position the puzzle starts from (its text; "" for the level's start).
    start: str = ""
    #: The puzzle as the game reached it, when this one is it turned round for its solver (:meth:`shown`).
    turned_from: "Puzzle | None" = field(default=None, compare=False, repr=False)

    @property
    def id(self) -> str:
        """A stable name: the same position of the same level gives the same id."""
        spec = registry.get(self.game)
        text = f"{self.game}/{self.level}/{self.start}/" + " ".join(spec.notation.format_move(m) for m in self.moves)
        return f"{self.game}-{hashlib.sha1(text.encode()).hexdigest()[:10]}"

    def shown(self) -> "Puzzle":
        """The puzzle as its solver sees it on the board. In a game whose sides differ
        (:class:`SidedPuzzleSpec`), a position with the second player to move is turned round:
        the solver plays first, on the first player's side (Awélé: their houses at the bottom,
        lettered A-F, whoever was to move in the game it came from); its solutions and the moves
        answered are those of the turned position. The same puzzle all the same: its id, its
        rating, its record (:meth:`match`, :meth:`as_json`) are the game's own."""
        sides = registry.get(self.game).puzzles
        if not isinstance(sides, SidedPuzzleSpec) or self.state.to_move == 0 or self.turned_from is not None:
            return self
        return replace(self, state=sides.turn(self.state), solutions=tuple(map(sides.turn_move, self.solutions)),
                       turned_from=self)

    def _begun(self, name: str = "") -> Match:
        level = levels.find_level(self.game, self.level)
        first_seat = 0 if self.state.to_move == 0 else 1      # seat 1 ("me") is the one to move
        config = MatchConfig(self.game, level, dict(self.params), (HUMAN, registry.AI_LEVELS[-1]), "me",
                             False, self.card, start=self.start, names=(name, ""))
        return Match.begin(config, first_seat)

    def match(self) -> Match:
        """The game up to the puzzle's position: its player in seat 1, the computer in seat 2."""
        if self.turned_from is not None:
            return self.turned_from.match()
        match = self._begun()
        for move in self.moves:
            match.play(move)
        return match

    def position(self, name: str = "") -> Match:
        """The puzzle's position alone, seated as in :meth:`match`, without the moves that led
        there (nothing to undo into, and nothing replayed: what the puzzle screen shows); ``name``:
        the named player who solves it, in the first seat."""
        begun = self._begun(name)
        return Match(begun.config, begun.players, [self.state], [])

    def record(self) -> str:
        return records.write(self.match(), dated=False)

    def is_solution(self, move: Any) -> bool:
        return move in self.solutions

    def as_json(self) -> dict[str, Any]:
        if self.turned_from is not None:
            return self.turned_from.as_json()
        spec = registry.get(self.game)
        return {"id": self.id, "game": self.game, "card": self.card, "level": self.level,
                "params": {p.name: _json_value(self.params.get(p.name)) for p in spec.params
                           if self.params.get(p.name) is not None},
                "to_move": self.state.to_move, "record": self.record(),
                "solutions": [spec.notation.format_move(m) for m in self.solutions],
                "legal_moves": self.legal, "rating": self.rating, "proved": self.proved}


class NotAPuzzle(ValueError):
    """A position that can't be a puzzle: ``key`` says why (nothing wins, everything wins...)."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(key)


def from_position(game: str, level_id: str, params: Mapping[str, Any], start: str) -> Puzzle:
    """An edited position (``start``, the game's position text) as a puzzle, its solutions found
    and checked by the game's solver; the rules' error for a bad position, :class:`NotAPuzzle`
    when no move stands out."""
    spec = registry.get(game)
    level = levels.find_level(game, level_id)
    full = {**level.params, **params}
    state = spec.start_state(full, start)
    legal = len(state.legal_moves())
    if spec.winning_moves is not None:
        solutions, proved = tuple(spec.winning_moves(state)), True
        if not solutions:
            raise NotAPuzzle(N_("puzzles.no_win"))
        if len(solutions) == legal:
            raise NotAPuzzle(N_("puzzles.all_win"))
    elif spec.puzzles is not None:
        found = spec.puzzles.solve(state)
        if found is None:
            raise NotAPuzzle(N_("puzzles.none_stands_out"))
        solutions, proved = found
    else:
        raise NotAPuzzle(N_("puzzles.none"), game=game)
    return Puzzle(game, registry.variant_for(game, level.id).key, level.id, full, (), state, solutions, legal,
                  legal, rating_of(legal, len(solutions), legal), proved, start)


def _json_value(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def rating_of(legal: int, winning: int, size: int) -> int:
    """How hard a puzzle is: about 300 points more each time the share of winning moves halves,
    and up to 500 more the longer the game left (its size, in plies)."""
    odds = 300 * math.log2(max(legal, 1) / max(winning, 1))
    depth = 500 * (1 - math.exp(-max(size - 1, 0) / 12))
    value = BASE_RATING - 700 + odds + depth
    return int(round(min(MAX_RATING, max(MIN_RATING, value)) / 10) * 10)


@functools.lru_cache(maxsize=64)
def tree_of(start: Any, limit: int = TREE_LIMIT) -> Tree:
    """The positions reachable from ``start``, enumerated once per process: every batch of
    puzzles of a level draws from the same tree (states are immutable, the tree is only read).
    Room for every level of every exact game (39 today: 332k positions, 193 MB, 13 s to build
    them all), since a series of every game takes them in turn and a smaller cache would forget
    each one before its turn came again."""
    return Tree(start, limit)


def exact_positions(spec: registry.GameSpec, params: Mapping[str, Any], count: int,
                    rng: random.Random) -> list[Found]:
    """A game with an exact strategy: positions with few winning moves (see the module's doc)."""
    tree = tree_of(spec.new_state(params), TREE_LIMIT)
    sample = exact_sample(spec, tree, count * CANDIDATES_PER_PUZZLE, rng)
    out = []
    for position in sample.positions:
        legal = len(position.state.legal_moves())
        winning = len(position.winning)
        if legal >= 2 and 1 <= winning and 3 * winning <= legal:
            out.append(Found(position.moves, position.winning, position.size))
    return out


def _positions(spec: registry.GameSpec, params: Mapping[str, Any], count: int, rng: random.Random) -> list[Found]:
    if spec.winning_moves is not None:
        return exact_positions(spec, params, count, rng)
    if spec.puzzles is not None:
        return [Found(*found) for found in spec.puzzles.positions(params, count, rng)]
    return []


def has_puzzles(spec: registry.GameSpec) -> bool:
    return spec.winning_moves is not None or spec.puzzles is not None


def _candidates(spec: registry.GameSpec, chosen: Sequence[levels.Level], count: int,
                rng: random.Random, params: Mapping[str, Any] | None = None) -> Iterable[tuple[levels.Level, Found]]:
    """Positions of the chosen levels (on ``params`` instead of their own, when given), the
    levels taken in turn, each shuffled."""
    pools = []
    for level in chosen:
        board = dict(level.params if params is None else params)
        found = _positions(spec, board, max(1, -(-count // len(chosen))), rng)
        rng.shuffle(found)
        pools.append([(level, f) for f in found])
    while any(pools):
        for pool in pools:
            if pool:
                yield pool.pop()


def _position_key(spec: registry.GameSpec, state: Any) -> Any:
    """Positions that make the same puzzle: the same board (whoever is to move, in the games
    whose board is the same for both), as the text mode draws it."""
    if spec.text.board is None:
        return state
    return (tuple(spec.text.board(state, True)), tuple(spec.notation.format_move(m) for m in state.legal_moves()))


def make(game: str, level: str | None, count: int, seed: int,
         accept: Callable[[Puzzle], bool] | None = None, params: Mapping[str, Any] | None = None,
         clickable: bool = False) -> list[Puzzle]:
    """``count`` puzzles of ``game`` (a game or a variant's menu card) at ``level`` (None: every
    level of the game, or the variant's), distinct, drawn with ``seed``; fewer when the levels hold
    fewer. ``params``: the board played instead of the level's (a teacher's own code, checked by
    the caller: :func:`nimarcade.core.args.game_params`), on that one level (None: the game's first).
    ``clickable``: of every level, only those whose board the window shows large enough to click
    (the game's ``puzzle_ok``)."""
    card = registry.find_variant(game)
    spec = registry.get(card.game)
    if level is None and card.key != spec.id:       # a variant's card (Fort Boyard): its level
        level = card.level
    if params is not None:
        chosen = [levels.find_level(spec.id, level)]
    else:
        chosen = [levels.find_level(spec.id, level)] if level is not None else levels.load(spec.id)
        if clickable and level is None:
            chosen = [lv for lv in chosen if spec.puzzle_ok(lv.params)] or chosen
    rng = random.Random(seed)
    out: list[Puzzle] = []
    seen: set[Any] = set()
    for lv, found in _candidates(spec, chosen, count, rng, params):
        if len(out) >= count:
            break
        board = dict(lv.params if params is None else params)
        state = spec.new_state(board)
        for move in found.moves:
            state = state.play(move)
        key = (lv.id, _position_key(spec, state))
        if key in seen:
            continue
        seen.add(key)
        legal = len(state.legal_moves())
        puzzle = Puzzle(spec.id, registry.variant_for(spec.id, lv.id).key, lv.id, board, tuple(found.moves),
                        state, tuple(found.solutions), legal, found.size,
                        rating_of(legal, len(found.solutions), found.size), found.proved)
        if accept is None or accept(puzzle):
            out.append(puzzle)
    return out


# -- the command line -------------------------------------------------------------------------------
PROG = "python -m nimarcade.puzzles"


def _count(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 1000:
        raise ValueError(text)
    return value


def build_parser() -> Any:
    from nimarcade.core.args import Parser, add_game_options, card_key, checked, add_lang_option
    from nimarcade.i18n import tr

    p = Parser(prog=PROG, description=tr("puzzles.description"), add_help=False)
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("--game", required=True, metavar=tr("text.metavar_game"), type=checked(card_key, N_("text.cli_game")),
                   help=tr("puzzles.opt_game", games=", ".join(v.key for v in registry.VARIANTS)))
    p.add_argument("--level", metavar="ID", help=tr("puzzles.opt_level"))
    add_game_options(p)
    p.add_argument("--count", metavar="N", type=checked(_count, N_("puzzles.cli_count")), default=10,
                   help=tr("puzzles.opt_count"))
    p.add_argument("--seed", metavar="N", type=checked(int, N_("text.cli_seed")), default=1, help=tr("puzzles.opt_seed"))
    p.add_argument("--json", action="store_true", help=tr("puzzles.opt_json"))
    add_lang_option(p)
    return p


def text_lines(found: Sequence[Puzzle]) -> list[str]:
    """The puzzles as a teacher prints them: each board and question, then the solutions."""
    from nimarcade.i18n import tr

    lines: list[str] = []
    for n, puzzle in enumerate(found, 1):
        spec = registry.get(puzzle.game)
        match = puzzle.match()
        lines += ["", tr("puzzles.heading", n=n, title=match.config.title(), rating=puzzle.rating)]
        key, params = spec.rule(puzzle.state)
        lines.append("  " + tr(key, **params))
        if spec.text.board is not None:
            lines += ["  " + line for line in spec.text.board(puzzle.state, False)]
        played = " ".join(spec.notation.format_move(m) for m in puzzle.moves)
        if played:
            lines.append("  " + tr("puzzles.reached", moves=played))
        lines.append("  " + tr("puzzles.question", n=puzzle.legal))
    lines += ["", tr("puzzles.solutions")]
    for n, puzzle in enumerate(found, 1):
        spec = registry.get(puzzle.game)
        said = ", ".join(spec.notation.format_move(m) for m in puzzle.solutions)
        lines.append(f"  {n}. {said}" + ("" if puzzle.proved else " " + tr("puzzles.searched")))
    return lines


def run(argv: Sequence[str], out: Any, err: Any) -> int:
    import contextlib
    import json

    from nimarcade.core.args import GameOptionError, level_and_params, prepare
    from nimarcade.i18n import error_text, tr

    args_in = prepare(argv)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = build_parser().parse_args(args_in)
    except SystemExit as exc:           # --help (0), or a bad command line (2), already said
        return int(exc.code or 0)
    spec = registry.get(registry.find_variant(args.game).game)
    if not has_puzzles(spec):
        err.write(tr("cli.says", prog=PROG, message=tr("puzzles.none", game=tr("game." + args.game))) + "\n")
        return 1
    try:
        params = None
        if args.code is not None or args.misere or args.param:     # a board of the teacher's own
            card = registry.find_variant(args.game)
            level, params = level_and_params(card.game, args.level or card.level, args)
            args.level = level.id
        found = make(args.game, args.level, args.count, args.seed, params=params)
    except (levels.LevelError, GameOptionError) as exc:
        err.write(tr("cli.says", prog=PROG, message=error_text(exc)) + "\n")
        return 2
    if args.json:
        out.write(json.dumps([p.as_json() for p in found], ensure_ascii=False, indent=1) + "\n")
    else:
        out.write("\n".join(text_lines(found)) + "\n")
    if len(found) < args.count:
        err.write(tr("cli.says", prog=PROG, message=tr("puzzles.fewer", n=len(found), asked=args.count)) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    import sys

    return run(list(sys.argv[1:] if argv is None else argv), sys.stdout, sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
