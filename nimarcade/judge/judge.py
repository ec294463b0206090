"""``nimarcade judge --game G [--level L] [--code CODE] [--misere] [--param KEY=VALUE] --player P
[--pass PERCENT] [--json] [--time S] [--lang fr|en] [--positions N] [--games N] [--seed N]
[--require-isolation]`` (also ``python -m nimarcade.judge``): how well a player plays a level,
measured against the exact strategy.

The board is a level's (``--level``, the player's own levels read after the shipped ones; default
the game's first), changed by ``--code``, ``--misere`` and ``--param`` as on every command
(:func:`nimarcade.core.args.add_game_options`): ``--game octal --code "{1,3,4}"`` judges a
teacher's own game on the heaps of the lab's first level.

The player is a seat's text (:func:`nimarcade.players.catalog.parse_seat`): a ``.py`` file, a
player's folder or its ``player.toml`` (a C or Java student's, read as ``nimarcade class`` reads
it: :mod:`nimarcade.players.folder`, so that a student judges what they will hand in), a program
of engines.toml, or one of our levels 1-4 (called directly, without a process). It is asked
its move in every position reachable from the level's start (breadth-first, each position with
the moves that lead to it, which the protocol sends). A position is *won* when the player to move
has a winning move; the judge counts the won positions where the player keeps the win and lists its
mistakes, simplest first (those with the shortest game left), as the game's text board. A program
that fails a position (a crash, a hang, an illegal move, a move later than ``--time``) forfeits it:
the forfeit is counted, the program restarted, and the judge goes on.

``--positions N`` with more than ``N`` won positions reachable asks a sample: **N won positions of
the M reachable** (a lost position changes nothing in the score, so none is asked), spread evenly
over the game's shapes (by the moves from the start, then the longest game left) from an offset
drawn with ``--seed`` (:func:`nimarcade.judge.positions.spread`): the same positions for every
player with the same ``N`` and seed, and a grade close to the one on all positions (a random draw
moved it by up to ±3/20 on Kayles). The report says how many of how many.

``--time S`` is the rule, not a hint: a program's move that takes longer than ``S`` seconds (and a
grace of :data:`GRACE_SHARE` of ``S`` plus :data:`GRACE_SECONDS`, for the process scheduling and
the pipes between the judge and the program, which the program does not control) loses its
position, by a forfeit that says how long it took. Our own levels, called directly, are not timed.

A grade never depends on where the forfeits fell: every planned position is asked, except when
asking on would only cost time, and then each position not asked is *counted lost* (a won one
stays in the score's denominator: its winning moves are known without asking), with the reason
said. The judge stops asking a program that could not start at its first try, one that forfeited
:data:`FORFEITS_IN_A_ROW` positions in a row without ever having played a move, and one whose
forfeits have cost more than :data:`FORFEIT_BUDGET` seconds in all (a hang costs its time and the
protocol's grace each).

What the judge knows of a game beyond its exact strategy comes from its registry entry
(:class:`nimarcade.core.registry.JudgeSpec`): a teacher's unit tests that apply to the level (seed 001's
``choix_ordinateur`` under Fort Boyard's rule); for a game without an exact strategy, positions
solved exactly some other way (Awélé: by its endgame tables), and a few games against each
computer level (:mod:`nimarcade.players.referee`).

The report is Markdown in the chosen language (:mod:`nimarcade.judge.report`), or JSON with
``--json``. Its *score* is the percent of the won positions where the player kept the win (a
forfeit keeps nothing). Exit codes, for autograding:

- 0: the judge ran; with ``--pass PERCENT``, and the score reached that mark (the score as the
  report shows it, to 0.1 %: 49.96 % is shown 50 % and passes 50);
- 1: with ``--pass``, the score is below the mark;
- 2: a bad command line (an unknown level, a ``--code`` the game has no use for, a player file that
  isn't there, an engines.toml entry left out for its problems, named with them...), or
  ``--require-isolation`` where players can't be boxed;
- 3: the player can't even start: its ``.py`` file has a syntax error or no player (its folder has
  none, or a notebook only: the message says what to do), or its program
  could not start at its first try (a crash or a loop at import, a command that doesn't run): it
  is not started again for each position, nothing else is asked of it, and the report says why
  (with where a loop at import loops).

A player that is a program (a file, an engines.toml entry) is told once, before the first position,
when it runs outside a box (:mod:`nimarcade.players.isolation`).
"""
from __future__ import annotations

import argparse
import contextlib
import random
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, TextIO

from nimarcade.core import registry
from nimarcade.judge import report as judge_report
# The player asked (:mod:`.asker`), importable from here as it always was.
from nimarcade.judge.asker import Asker as Asker, Verdict as Verdict, ask_all as ask_all
from nimarcade.core import levels
from nimarcade.i18n import N_, Said, error_text, tr
from nimarcade.i18n.outside import printable
from nimarcade.judge.positions import SOLVED, Position, Sample, Tree, solved_sample, won_sample
from nimarcade.judge.rules import FLOORS as FLOORS, FORFEIT_BUDGET as FORFEIT_BUDGET
from nimarcade.judge.rules import FORFEITS_IN_A_ROW as FORFEITS_IN_A_ROW, GRACE_SECONDS as GRACE_SECONDS
from nimarcade.judge.rules import GRACE_SHARE as GRACE_SHARE, RULES as RULES
from nimarcade.judge.rules import STOPPED_BUDGET as STOPPED_BUDGET, STOPPED_FORFEITS as STOPPED_FORFEITS
from nimarcade.judge.rules import STOPPED_START as STOPPED_START, allowed as allowed
from nimarcade.players import catalog as catalog_mod
from nimarcade.players import referee
from nimarcade.players.files import PlayerFileError
from nimarcade.core.match import Seat
from nimarcade.core.args import (GameOptionError, add_game_options, at_least, board_title, card_key, checked,
                                  level_and_params, prepare, seconds)
from nimarcade.players import isolation

#: Random plies that open each pair of games against a level (the same for both games of a pair).
OPENING_PLIES = 2
DEFAULT_TIME = 1.0
DEFAULT_SEED = 1
#: The exit codes (the module's docstring says when).
PASSED, BELOW, BAD_COMMAND, CANNOT_START = 0, 1, 2, 3
PROG = "nimarcade judge"


@dataclass(frozen=True)
class TeacherResult:
    """One of a teacher's cases: None for ``verdict`` when its position isn't reachable here."""

    label: str
    expected: tuple[Any, ...]
    verdict: Verdict | None

    @property
    def passed(self) -> bool:
        v = self.verdict
        return v is not None and v.forfeit is None and v.move in self.expected


@dataclass
class LevelScore:
    """The games against one computer level: the player's wins, draws and losses."""

    level: int
    time: float | None                  # the level's seconds a move (None: its own depth)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0                   # games the player lost by forfeit

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2


@dataclass
class Report:
    game: str
    level_id: str
    params: Mapping[str, Any]
    player: str
    seed: int
    time: float
    sample: Sample
    verdicts: list[Verdict] = field(default_factory=list)
    #: the positions not asked (the judge stopped asking: :attr:`stopped` says why), counted lost
    unasked: list[Position] = field(default_factory=list)
    stopped: str | None = None          # STOPPED_START, STOPPED_FORFEITS, STOPPED_BUDGET or None
    times: list[float] = field(default_factory=list)
    teacher: list[TeacherResult] = field(default_factory=list)
    levels: list[LevelScore] = field(default_factory=list)
    opening: int = OPENING_PLIES        # random plies before each pair of games against a level
    pass_mark: float | None = None      # the percent the score must reach (``--pass``), if any
    seat_level: int | None = None       # the computer level judged, when the player is one

    @property
    def score(self) -> float | None:
        """The percent of the won positions (asked or not) where the player kept the win; None
        without any; 0 for a program that could not start (it is asked one position only, maybe
        not a won one)."""
        if self.cannot_start:
            return 0.0
        won = self.won_count
        return 100 * self.kept / won if won else None

    @property
    def shown_score(self) -> float | None:
        """The score as the report writes it (to 0.1): the number the pass mark is checked on."""
        return None if self.score is None else round(self.score, 1)

    @property
    def passed(self) -> bool | None:
        """Whether the score, as shown, reaches the pass mark (None without a mark); no won
        position to judge by passes, since there was nothing to keep."""
        if self.pass_mark is None:
            return None
        shown = self.shown_score
        return shown is None or shown >= self.pass_mark

    @property
    def not_asked(self) -> int:
        """How many positions were not asked (counted lost)."""
        return len(self.unasked)

    @property
    def won_not_asked(self) -> int:
        """The won positions among those not asked: lost, and counted in the score."""
        return sum(1 for p in self.unasked if p.winning)

    @property
    def won_count(self) -> int:
        """Every won position planned, asked or not: the score's denominator."""
        return len(self.won) + self.won_not_asked

    @property
    def cannot_start(self) -> bool:
        """The program could not start in any position it was asked (nothing it did was judged)."""
        return bool(self.verdicts) and all(v.at_start for v in self.verdicts)

    @property
    def won(self) -> list[Verdict]:
        """The won positions asked (:attr:`won_count` counts those not asked too)."""
        return [v for v in self.verdicts if v.position.winning]

    @property
    def kept(self) -> int:
        return sum(1 for v in self.won if v.kept)

    @property
    def mistakes(self) -> list[Verdict]:
        """Won positions where the player's move loses, simplest first."""
        found = [v for v in self.won if v.forfeit is None and not v.kept]
        return sorted(found, key=lambda v: (v.position.size, len(v.position.moves)))

    @property
    def forfeits(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.forfeit is not None]


def floor_scores(positions: Sequence[Position]) -> dict[str, float | None]:
    """What the players a grade's floor may be keep of these positions, in percent of the won
    ones (None without any), computed without asking anyone: ``random`` plays each legal move with
    the same chance (its expected score, exactly: the share of winning moves among the legal ones,
    averaged), ``first`` plays the first legal move (the unchanged starters do)."""
    won = [p for p in positions if p.winning]
    if not won:
        return {"random": None, "first": None}
    chance = first = 0.0
    for p in won:
        legal = list(p.state.legal_moves())
        winning = set(p.winning)
        chance += sum(1 for m in legal if m in winning) / len(legal) if legal else 0.0
        first += bool(legal) and legal[0] in winning
    return {"random": 100 * chance / len(won), "first": 100 * first / len(won)}


_samples: dict[tuple[str, str, int, int], tuple[Sample, Tree]] = {}


def sample_for(spec: registry.GameSpec, params: Mapping[str, Any], positions: int,
               seed: int = DEFAULT_SEED) -> tuple[Sample, Tree | None]:
    """The positions :func:`judge` asks on this board (the same for every player with the same
    ``positions`` and ``seed``), and the tree of the reachable positions when the game is exact.
    The last board's are kept for the next player this process judges (a class judges thirty on
    one board: the biggest level's tree and winning moves cost some 14 s each time)."""
    rng = random.Random(f"judge-{spec.id}-{seed}")
    if spec.winning_moves is not None:
        key = (spec.id, repr(sorted(params.items())), positions, seed)
        if key not in _samples:
            _samples.clear()
            tree = Tree(spec.new_state(params))
            _samples[key] = (won_sample(spec, tree, positions, rng), tree)
        sample, tree = _samples[key]
        return Sample(list(sample.positions), sample.how, sample.reachable, sample.limit, sample.won), tree
    if spec.judge.solved_positions is not None:
        return solved_sample(spec, params, positions, rng), None
    return Sample([], SOLVED, None), None


def teacher_results(spec: registry.GameSpec, params: Mapping[str, Any], tree: Tree | None,
                    asker: Asker) -> list[TeacherResult]:
    """The teacher's cases that apply to these parameters, asked where their position is reached."""
    if spec.judge.teacher_cases is None:
        return []
    results = []
    for label, states, expected in spec.judge.teacher_cases(params):
        reached = [(moves, state) for state in states if (moves := tree.path_to(state)) is not None] if tree else []
        verdict = None
        if reached:
            moves, state = reached[0]
            verdict = asker.ask(Position(moves, state, tuple(spec.winning(state)), 0))
        results.append(TeacherResult(label, tuple(expected), verdict))
    return results


def level_scores(spec: registry.GameSpec, level_id: str, params: Mapping[str, Any], seat: Seat, count: int,
                 move_time: float, seed: int, found: catalog_mod.Catalog | None = None,
                 opponents: Sequence[int] = registry.AI_LEVELS,
                 progress: Callable[[str], object] | None = None) -> list[LevelScore]:
    """``count`` games against each computer level (sides swapped in turn, each pair after the same
    random opening). A level thinks at most ``move_time`` seconds a move, as the player does;
    ``progress`` is told (translated) which level is being played, since games take a while."""
    scores = []
    for opponent in opponents:
        if progress is not None:
            progress(tr("judge.progress_games", games=count, n=opponent))
        own = spec.time_for(opponent)
        score = LevelScore(opponent, None if own is None else min(own, move_time))
        for g in range(count):
            config = referee.config_for(spec.id, params, (seat, opponent), level_id, program_time=move_time)
            opening = referee.opening(spec, params, OPENING_PLIES, f"judge-{seed}-{opponent}-{g // 2}")
            players = [referee.SeatPlayer(seat, time=move_time), referee.SeatPlayer(opponent, time=score.time)]
            played = referee.play(config, players, g % 2, opening, f"judge-{seed}-{opponent}-{g}", found)
            mine = played.points[0]
            score.wins += mine == 1.0
            score.draws += mine == 0.5
            score.losses += mine == 0.0
            lost = played.match.forfeited
            score.forfeits += lost is not None and played.match.seat_of(lost.loser) == 0
        scores.append(score)
    return scores


def judge(spec: registry.GameSpec, level_id: str, params: Mapping[str, Any], seat: Seat, *, positions: int,
          games_per_level: int, move_time: float = DEFAULT_TIME, seed: int = DEFAULT_SEED,
          found: catalog_mod.Catalog | None = None, progress: Callable[[str], object] | None = None,
          pass_mark: float | None = None) -> Report:
    """Judge ``seat`` on the level ``level_id`` (with these parameters); ``pass_mark``: the score
    (percent) it must reach, said in the report. A program that can't start is asked no teacher's
    case and plays no game against the levels."""
    sample, tree = sample_for(spec, params, positions, seed)
    name = catalog_mod.display_name(seat) if isinstance(seat, str) else tr("judge.level", n=seat)
    report = Report(spec.id, level_id, dict(params), name, seed, move_time, sample, pass_mark=pass_mark,
                    seat_level=seat if isinstance(seat, int) else None)
    asker = Asker(spec, params, seat, move_time, seed, found)
    try:
        report.verdicts, report.unasked, report.stopped = ask_all(asker, sample.positions)
        if not report.cannot_start:
            report.teacher = teacher_results(spec, params, tree, asker)
    finally:
        asker.close()
    report.times = asker.times
    if games_per_level and not report.cannot_start:
        report.levels = level_scores(spec, level_id, params, seat, games_per_level, move_time, seed, found,
                                     progress=progress)
    return report


# -- the command line ---------------------------------------------------------------------------
def build_parser(found: catalog_mod.Catalog) -> argparse.ArgumentParser:
    """The judge's translated parser."""
    from nimarcade.core.args import Parser, add_lang_option

    def player(text: str) -> Seat:
        seat = catalog_mod.parse_seat(text, found)
        if seat == registry.HUMAN:
            raise ValueError(text)
        return seat

    p = Parser(prog=PROG, description=tr("judge.description"), add_help=False, epilog=tr("judge.epilog"))
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("--game", required=True, metavar=tr("text.metavar_game"), type=checked(card_key, N_("text.cli_game")),
                   help=tr("judge.opt_game", games=", ".join(v.key for v in registry.VARIANTS)))
    p.add_argument("--level", metavar="ID", help=tr("judge.opt_level"))
    add_game_options(p)
    p.add_argument("--player", required=True, metavar="P", type=checked(player, N_("judge.cli_player")),
                   help=tr("judge.opt_player"))
    p.add_argument("--pass", dest="pass_mark", metavar="PERCENT", type=checked(percent, N_("judge.cli_pass")),
                   help=tr("judge.opt_pass"))
    p.add_argument("--json", action="store_true", help=tr("judge.opt_json"))
    p.add_argument("--time", metavar="S", type=checked(seconds, N_("text.cli_time")), default=DEFAULT_TIME,
                   help=tr("judge.opt_time", s=DEFAULT_TIME))
    p.add_argument("--positions", metavar="N", type=checked(at_least(1), N_("cli.count")),
                   help=tr("judge.opt_positions"))
    p.add_argument("--games", metavar="N", type=checked(at_least(0), N_("cli.count")), help=tr("judge.opt_games"))
    p.add_argument("--seed", metavar="N", type=checked(int, N_("text.cli_seed")), default=DEFAULT_SEED,
                   help=tr("judge.opt_seed", seed=DEFAULT_SEED))
    add_lang_option(p)
    isolation.add_option(p)
    return p


def percent(text: str) -> float:
    """A pass mark: a percent from 0 to 100."""
    value = float(text.strip().rstrip("%").replace(",", "."))
    if not 0 <= value <= 100:
        raise ValueError(text)
    return value


def _say(err: TextIO, message: str) -> None:
    err.write(tr("cli.says", prog=PROG, message=printable(message)) + "\n")


def run(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    """Parse ``argv``, judge, and write the report on ``out``; the exit code (the module's
    docstring says which)."""
    prepare(argv)
    found = catalog_mod.load()
    for line in catalog_mod.problem_lines(found):      # a broken engines.toml: what and where
        err.write(line + "\n")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = build_parser(found).parse_args(list(argv))
    except SystemExit as exc:            # --help (0), or a bad command line (2), already said
        return int(exc.code or 0)
    except PlayerFileError as bad:       # a .py player that can't play (a syntax error, no player)
        _say(err, bad.message)
        return BAD_COMMAND if bad.key in (N_("players.file_missing"), N_("engines.seat_broken")) else CANNOT_START
    card = registry.find_variant(args.game)
    spec = registry.get(card.game)
    try:
        level, params = level_and_params(card.game, args.level or card.level, args)
    except (levels.LevelError, GameOptionError) as exc:
        _say(err, error_text(exc))
        return BAD_COMMAND
    if isinstance(args.player, str) and not catalog_mod.source_of(args.player, found).fits(spec.id, params):
        _say(err, tr("judge.cli_unfit", name=args.player))
        return BAD_COMMAND
    if isinstance(args.player, str):     # a program: said once where it is not boxed
        refused = isolation.announce(err, args.require_isolation)
        if refused is not None:
            return refused
    positions = args.positions if args.positions is not None else spec.judge.positions
    count = args.games if args.games is not None else spec.judge.games
    try:
        report = judge(spec, level.id, params, args.player, positions=positions, games_per_level=count,
                       move_time=args.time, seed=args.seed, found=found,
                       progress=lambda line: err.write(line + "\n"), pass_mark=args.pass_mark)
    except Said as exc:                  # a board the game's solver refuses (too many winning moves)
        _say(err, error_text(exc))
        return BAD_COMMAND
    title = board_title(spec, registry.variant_for(spec.id, level.id), level, params)
    out.write(judge_report.as_json(report) + "\n" if args.json else judge_report.as_markdown(report, title))
    return exit_code(report)


def exit_code(report: Report) -> int:
    """3 when the player could not start, 1 below the pass mark, else 0."""
    if report.cannot_start:
        return CANNOT_START
    return BELOW if report.passed is False else PASSED


def main(argv: Sequence[str] | None = None) -> int:
    return run(list(sys.argv[1:] if argv is None else argv), sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
