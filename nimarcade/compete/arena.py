"""``python -m nimarcade.arena GAME --a 3 --b 2 --games 20 [--level ID] [--time 1.0] [--seed N]``

Plays two computer players of any registered game against each other. Games go in pairs: both
games of a pair start with the same few random moves (drawn from ``--seed``) and the players swap
sides, so an opening that favours one side favours both players once. Prints each result, then the
pentanomial count (how many pairs gave A 0, ½, 1, 1½, 2 points), A's score (wins + half the
draws) with a 95% interval from the pairs' spread (:mod:`nimarcade.compete.sprt`: the two games of a
pair are not independent), and each side's average time per move.

``--sprt ELO0,ELO1`` plays pairs until fishtest's sequential test decides (α = β = 0.05) between "A
is ELO0 Elo stronger than B" (H0) and "ELO1 stronger" (H1), printing the log-likelihood ratio after
each pair; ``--games`` is then the most games it may play (default 1000, rounded down to whole
pairs).

Each side is a computer level (``--a``, ``--b``), played by the game's own engine as its registry
entry builds it for the arena (a fresh player for each game, so the two sides never share an
engine's tables). ``--opt-a KEY=VALUE`` / ``--opt-b`` pass engine options (each game's own, read by the
arena player of its registry entry, ``GameSpec.engine.arena_player``); ``--depth-a``,
``--eval-a`` and ``--table-a`` (and ``-b``) are short for them. ``--time S`` scales the timed
levels' seconds a move (Awélé: level 3 gets S seconds and level 4 five times S); ``--time-a`` /
``--time-b`` set one side's seconds a move exactly. ``--player-a FILE.py`` (or ``-b``) gives that
side the player of a Python file that defines ``arena_player(level, options)``; ``--baseline b``
(or ``a``) is short for the Awélé engine of revision ``BASELINE_REV`` (before its threads, deeper
book and capture term) played on its pure-Python path, and ``--baseline-core b`` for the same
revision's compiled engine (its ``--base``), so changes are measured against a fixed opponent. ``--engine-a "COMMAND ..."`` (or
``-b``) gives that side a program that speaks the protocol of docs/PROTOCOL.md, started for each
game (no sandbox limits: the arena's programs are the experimenter's own), its ``--opt-a`` sent as
``setoption`` values: ``--engine-b "python -m nimarcade.engine" --opt-b Level=4 --opt-b Threads=1``
is our own engine through the protocol; its time is ``--time-b``, or ``--time`` times its
``Level``'s. ``--level`` picks the board (a level of the game's
file, the player's own levels read after the shipped ones; default its first), ``--code``,
``--misere`` and ``--param KEY=VALUE`` change it as on every command
(:func:`nimarcade.core.args.add_game_options`: ``--param grand_slam=capture_nothing``,
``--param heaps=9,12``). Where a side is a program (a file, an engines.toml entry, a command) that
runs outside a box, one line says so before the first game (``--require-isolation``: exit 2
instead). ``--jobs N`` plays N games at a time in separate processes (use 1,
the default, when timing matters).
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import math
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generator

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.compete import base, sprt
from nimarcade.core.args import (GameOptionError, Parser, add_game_options, at_least, checked, add_lang_option,
                                  level_and_params, pairs, prepare, seconds)
from nimarcade.players import isolation
from nimarcade.i18n import N_, error_text, tr
from nimarcade.players import catalog, referee
from nimarcade.players.files import PlayerFileError
from nimarcade.players.program import ProgramSource
from nimarcade.players.referee import SeatPlayer
from nimarcade.players.sandbox import Limits, named_paths
from nimarcade.core.rules.errors import OptionError
from nimarcade.core.match import Seat, program_name

#: The revision whose engine ``--baseline-core`` plays (the compiled Awélé engine of before its
#: threads, deeper book and capture term, once a frozen copy in the repository, now played from its
#: revision as ``--base`` does); ``--baseline`` plays its pure-Python path. The first frozen engine
#: (68f5c40's, also once a copy in the repository) predates the protocol engine: docs/BENCHMARKS.md,
#: « Baselines from history ».
BASELINE_REV = "1a10da1"
BASELINE_PURE_ENV = {"NIMARCADE_NO_JIT": "1"}


@dataclass
class Side:
    seat: Seat                           # a computer level, or a program (engines.toml, a .py file)
    time: float | None = None
    options: dict[str, str] = field(default_factory=dict)
    player_file: str | None = None
    source: ProgramSource | None = None        # a program started from the command line

    @property
    def level(self) -> int:
        return self.seat if isinstance(self.seat, int) else 0

    def label(self) -> str:
        bits = [tr("arena.level_seat", n=self.seat) if isinstance(self.seat, int) else program_name(self.seat)]
        if self.player_file:
            bits.insert(0, Path(self.player_file).parent.name if Path(self.player_file).stem == "arena"
                        else Path(self.player_file).stem)
        if self.time is not None and "depth" not in self.options:
            bits.append(f"{self.time:g}s")
        bits += [f"{k}={v}" for k, v in self.options.items()]
        return "/".join(bits)

    def player(self, spec: registry.GameSpec) -> SeatPlayer:
        """How the referee plays this side (a fresh player each game)."""
        make = None
        if self.player_file:
            module = load_player_file(self.player_file)
            make = lambda: module.arena_player(self.level, dict(self.options))  # noqa: E731
        elif self.options and spec.engine.arena_player is None and not isinstance(self.seat, str):
            raise OptionError(N_("arena.err_no_options"), game=spec.id)
        return SeatPlayer(self.seat, dict(self.options), self.time, make, self.source)


@dataclass
class GameResult:
    index: int
    a_first: bool                # A moved first
    a_points: float              # 1 A won, ½ a draw, 0 A lost
    result: str                  # "1-0", "0-1", "1/2-1/2" (the first mover's score first)
    end: str                     # the key of the sentence that says why (``end.<game>.<why>``)
    plies: int
    times: tuple[float, float]   # total thinking seconds of A, of B
    moves: tuple[int, int]       # moves played by A, by B
    end_params: dict[str, Any] = field(default_factory=dict)


def load_player_file(path: str) -> Any:
    """The module of a player file (a package's module when its folder is a package, so that the
    frozen engine's relative imports work)."""
    file = Path(path).resolve()
    if not file.is_file():
        raise OptionError(N_("arena.err_no_file"), path=path)
    if (file.parent / "__init__.py").is_file():
        root = str(file.parent.parent)
        if root not in sys.path:
            sys.path.insert(0, root)
        return importlib.import_module(f"{file.parent.name}.{file.stem}")
    spec = importlib.util.spec_from_file_location(f"arena_player_{file.stem}", file)
    if spec is None or spec.loader is None:           # not a file Python can load
        raise OptionError(N_("arena.err_no_file"), path=path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_game(args: tuple) -> GameResult:
    """Game ``index`` of the match: A sits in seat 0 and moves first in the even games; both games
    of a pair start from the same random opening."""
    game, level_id, params, index, a, b, seed, plies = args
    spec = registry.get(game)
    config = referee.config_for(game, params, (a.seat, b.seat), level_id)
    line = referee.opening(spec, params, plies, f"{seed}-{index // 2}")
    played = referee.play(config, [a.player(spec), b.player(spec)], index % 2, line, f"{seed}-{index}")
    outcome = played.match.outcome
    return GameResult(index, index % 2 == 0, played.points[0], outcome.result if outcome else "1/2-1/2",
                      outcome.reason if outcome else N_("arena.max_plies"), len(played.match.moves), played.times,
                      played.moves, {k: v for k, v in dict(outcome.params if outcome else {}).items()
                                     if isinstance(v, (int, float, str))})


def summary(results: list[GameResult], test: sprt.Sprt | None = None) -> dict[str, Any]:
    """A's score over the games played, its standard error from the pairs' spread (game by game
    before the second pair), the pentanomial count, and with ``test`` its LLR, bounds and verdict."""
    n = len(results)
    pts = [r.a_points for r in results]
    mean = sum(pts) / n
    penta = sprt.pentanomial(pts)
    if sum(penta) >= 2:
        se = sprt.pair_score(penta)[1]
    else:
        var = sum((p - mean) ** 2 for p in pts) / (n - 1) if n > 1 else 0.0
        se = math.sqrt(var / n)
    extra: dict[str, Any] = {}
    if test is not None:
        extra = {"sprt": [test.elo0, test.elo1], "llr": test.llr(penta), "bounds": list(test.bounds),
                 "verdict": test.verdict(penta)}
    return {
        "games": n, "score": mean, "se": se, "pairs": sum(penta), "pentanomial": list(penta), **extra,
        "low": max(0.0, mean - 1.96 * se), "high": min(1.0, mean + 1.96 * se),
        "wins": sum(1 for p in pts if p == 1.0), "draws": sum(1 for p in pts if p == 0.5),
        "losses": sum(1 for p in pts if p == 0.0),
        "a_time": sum(r.times[0] for r in results) / max(1, sum(r.moves[0] for r in results)),
        "b_time": sum(r.times[1] for r in results) / max(1, sum(r.moves[1] for r in results)),
    }


def _pairs(texts: list[str], what: str, ap: argparse.ArgumentParser) -> dict[str, str]:
    try:
        return pairs(texts, what)
    except GameOptionError as bad:
        ap.error(bad.message)


def _side(spec: registry.GameSpec, seat: Seat, scale: float | None, exact: float | None, options: dict[str, str],
          player_file: str | None, source: ProgramSource | None = None) -> Side:
    t = exact
    level = seat if isinstance(seat, int) else int(options["Level"]) if options.get("Level", "").isdigit() else None
    if t is None and scale is not None and "depth" not in options and level is not None:
        default = spec.engine.ai_time.get(level)
        t = None if default is None else scale * default
    return Side(seat, t, options, player_file, source)


def command_source(command: str) -> ProgramSource:
    """A program from its command line, named after it (``python -m nimarcade.engine``:
    nimarcade.players.server), without sandbox limits."""
    words = shlex.split(command)
    if not words:
        raise OptionError(N_("arena.err_empty_command"))
    name = Path(words[0]).name
    if "-m" in words[:-1]:
        name = words[words.index("-m") + 1]
    elif len(words) > 1 and name.startswith("python"):
        name = Path(words[1]).stem
    return ProgramSource(name, tuple(words), limits=Limits(cpu=None, memory=None), share=named_paths(words))


GAMES_DEFAULT, SEED_DEFAULT, OPENING_DEFAULT = 20, 1, 4
#: The most games ``--sprt`` plays when ``--games`` is not given.
SPRT_GAMES_DEFAULT = 1000


def build_parser() -> argparse.ArgumentParser:
    """The command line, its help and its errors in the current language."""
    ap = Parser(prog="nimarcade arena", description=tr("arena.description"), add_help=False)
    ap.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    ap.add_argument("game", choices=registry.GAMES, help=tr("arena.opt_game"))
    count, secs = checked(at_least(1), N_("cli.count")), checked(seconds, N_("text.cli_time"))
    for s in ("a", "b"):
        ap.add_argument(f"--{s}", default=None, help=tr("arena.opt_side", side=s.upper()))
        ap.add_argument(f"--time-{s}", type=secs, default=None, metavar="S", help=tr("arena.opt_time_side"))
        ap.add_argument(f"--opt-{s}", action="append", default=[], metavar="KEY=VALUE", help=tr("arena.opt_opt"))
        ap.add_argument(f"--depth-{s}", default=None, metavar="N", help=tr("arena.opt_short", side=s, option="depth=N"))
        ap.add_argument(f"--eval-{s}", default=None, metavar="NAME", help=tr("arena.opt_short", side=s, option="eval=NAME"))
        ap.add_argument(f"--table-{s}", choices=["on", "off"], default=None,
                        help=tr("arena.opt_short", side=s, option="table=on|off"))
        ap.add_argument(f"--player-{s}", default=None, metavar="FILE.py", help=tr("arena.opt_player"))
        ap.add_argument(f"--engine-{s}", default=None, metavar="COMMAND", help=tr("arena.opt_engine"))
    ap.add_argument("--base", default=None, metavar="REV", help=tr("arena.opt_base"))
    ap.add_argument("--base-side", choices=["a", "b"], default="b", help=tr("arena.opt_base_side"))
    ap.add_argument("--baseline", choices=["a", "b"], default=None, help=tr("arena.opt_baseline", rev=BASELINE_REV))
    ap.add_argument("--baseline-core", choices=["a", "b"], default=None,
                    help=tr("arena.opt_baseline_core", rev=BASELINE_REV))
    ap.add_argument("--games", type=count, default=None, metavar="N", help=tr("arena.opt_games", n=GAMES_DEFAULT))
    ap.add_argument("--sprt", type=checked(sprt.parse, N_("arena.cli_sprt")), default=None, metavar="ELO0,ELO1",
                    help=tr("arena.opt_sprt", n=SPRT_GAMES_DEFAULT))
    ap.add_argument("--time", type=secs, default=None, metavar="S", help=tr("arena.opt_time"))
    ap.add_argument("--level", default=None, metavar="ID", help=tr("arena.opt_level"))
    add_game_options(ap)
    ap.add_argument("--seed", type=checked(int, N_("text.cli_seed")), default=SEED_DEFAULT, metavar="N",
                    help=tr("arena.opt_seed", n=SEED_DEFAULT))
    ap.add_argument("--opening", type=checked(at_least(0), N_("cli.count")), default=OPENING_DEFAULT, metavar="N",
                    help=tr("arena.opt_opening", n=OPENING_DEFAULT))
    ap.add_argument("--jobs", type=count, default=1, metavar="N", help=tr("arena.opt_jobs"))
    ap.add_argument("--quiet", action="store_true", help=tr("arena.opt_quiet"))
    add_lang_option(ap)
    isolation.add_option(ap)
    return ap


def base_sides(ns: argparse.Namespace) -> dict[str, tuple[str, dict[str, str]]]:
    """Side -> (revision, environment) of the sides an older revision plays."""
    found: dict[str, tuple[str, dict[str, str]]] = {}
    if ns.base:
        found[ns.base_side] = (ns.base, {})
    if ns.baseline_core:
        found[ns.baseline_core] = (BASELINE_REV, {})
    if ns.baseline:
        found[ns.baseline] = (BASELINE_REV, dict(BASELINE_PURE_ENV))
    return found


def main(argv: list[str] | None = None) -> int:
    args = prepare(argv)   # the language first: every message below speaks it
    ap = build_parser()
    ns = ap.parse_args(args)
    spec = registry.get(ns.game)
    try:
        level, params = level_and_params(ns.game, ns.level, ns)
    except (levels.LevelError, GameOptionError) as exc:
        ap.error(error_text(exc))
    found = catalog.load()
    for line in catalog.problem_lines(found):      # a broken engines.toml: what and where, as every command
        print(line, file=sys.stderr)
    bases = base_sides(ns)
    sides = []
    for s in ("a", "b"):
        options = _pairs(getattr(ns, f"opt_{s}"), f"--opt-{s}", ap)
        for key in ("depth", "eval", "table"):
            if getattr(ns, f"{key}_{s}") is not None:
                options[key] = getattr(ns, f"{key}_{s}")
        player_file = getattr(ns, f"player_{s}")
        command = getattr(ns, f"engine_{s}")
        if not command and getattr(ns, s) is None:
            ap.error(tr("arena.err_no_side", side=s.upper(), flag=s))
        try:
            source: ProgramSource | None
            if s in bases:
                rev, env = bases[s]
                source = base.engine_source(rev, env=env)
                options.setdefault("Level", str(getattr(ns, s)))
                base.warm(source, ns.game)
            else:
                source = command_source(command) if command else None
            try:
                seat = source.name if source else catalog.parse_seat(getattr(ns, s), found)
            except ValueError:
                raise OptionError(N_("cli.bad_player"), player=getattr(ns, s)) from None
            except PlayerFileError as bad:
                ap.error(bad.message)
            if seat == registry.HUMAN:
                raise OptionError(N_("arena.err_person"))
            scale = ns.time if ns.time is not None or s not in bases else 1.0   # a base plays its level's time
            side = _side(spec, seat, scale, getattr(ns, f"time_{s}"), options, player_file, source)
            seat_player = side.player(spec)
            # a bad engine option is said now, before the first game, not as a traceback in it
            if seat_player.make is not None:
                seat_player.make()
            elif options and spec.engine.arena_player is not None and isinstance(seat, int):
                spec.engine.arena_player(seat, dict(options))
        except (ValueError, OSError, ImportError, AttributeError) as exc:
            ap.error(tr("arena.err_side", side=s.upper(), why=error_text(exc)))
        sides.append(side)
    a, b = sides
    if ns.games is None:
        ns.games = GAMES_DEFAULT if ns.sprt is None else SPRT_GAMES_DEFAULT
    if ns.sprt is not None:
        ns.games = max(2, ns.games - ns.games % 2)     # the test weighs whole pairs
    if any(isinstance(side.seat, str) for side in sides):    # a program: said once where it is not boxed
        refused = isolation.announce(sys.stderr, ns.require_isolation)
        if refused is not None:
            return refused
    print(tr("arena.header", game=ns.game, a=a.label(), b=b.label(), games=ns.games, level=level.id,
             params=params_text(spec, params), opening=ns.opening, seed=ns.seed), flush=True)
    if ns.sprt is not None:
        low, high = ns.sprt.bounds
        print(tr("arena.sprt_start", elo0=_elo(ns.sprt.elo0), elo1=_elo(ns.sprt.elo1), low=_llr(low), high=_llr(high),
                 games=ns.games), flush=True)
    jobs = [(ns.game, level.id, params, i, a, b, ns.seed, ns.opening) for i in range(ns.games)]
    results: list[GameResult] = []
    games_played = _played(jobs, ns.jobs)
    try:
        for r in games_played:
            results.append(r)
            _report(r, ns.quiet)
            if ns.sprt is not None and len(results) % 2 == 0 and _pair_decides(ns.sprt, results, ns.quiet):
                break
    finally:
        games_played.close()      # a test that decided: the games still under way in the pool stop
    totals = summary(results, ns.sprt)
    print()
    print(tr("arena.pentanomial", pairs=totals["pairs"], counts=" / ".join(map(str, totals["pentanomial"]))))
    if ns.sprt is not None:
        low, high = totals["bounds"]
        print(tr("arena.sprt", elo0=_elo(ns.sprt.elo0), elo1=_elo(ns.sprt.elo1), llr=_llr(totals["llr"]),
                 low=_llr(low), high=_llr(high)))
        verdicts = {"H1": N_("arena.sprt_h1"), "H0": N_("arena.sprt_h0"), None: N_("arena.sprt_open")}
        print(tr(verdicts[totals["verdict"]], elo0=_elo(ns.sprt.elo0), elo1=_elo(ns.sprt.elo1), games=totals["games"],
                 pairs=totals["pairs"]))
    print(tr("arena.score", a=a.label(), b=b.label(), wins=totals["wins"], draws=totals["draws"],
             losses=totals["losses"], score=_pct(totals["score"]), margin=_pct(1.96 * totals["se"]),
             low=_pct(totals["low"]), high=_pct(totals["high"])))
    print(tr("arena.times", a=i18n.decimal(totals["a_time"], 3, trim=False),
             b=i18n.decimal(totals["b_time"], 3, trim=False)))
    return 0


def _played(jobs: list[tuple], n_jobs: int) -> Generator[GameResult, None, None]:
    """The games' results in order, ``n_jobs`` games at a time (closing it stops the pool)."""
    if n_jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(n_jobs) as pool:
            yield from pool.imap(play_game, jobs)
    else:
        for job in jobs:
            yield play_game(job)


def _pair_decides(test: sprt.Sprt, results: list[GameResult], quiet: bool) -> bool:
    """After a pair: its LLR said (unless ``quiet``), and whether the test has decided."""
    penta = sprt.pentanomial([r.a_points for r in results])
    if not quiet:
        low, high = test.bounds
        print(tr("arena.sprt_pair", pair=sum(penta), llr=_llr(test.llr(penta)), low=_llr(low), high=_llr(high)),
              flush=True)
    return test.verdict(penta) is not None


def _elo(x: float) -> str:
    return i18n.decimal(x, 1, sign=True) if x else "0"


def _llr(x: float) -> str:
    return i18n.decimal(x, 2, trim=False, sign=True)


def params_text(spec: registry.GameSpec, params: dict[str, Any]) -> str:
    """The board's parameters as one reads them on a command line, ``(sticks=13, max_take=3)``
    (a list with commas, as ``--param heaps=9,12`` takes it), never as a Python dict."""
    words = []
    for p in spec.params:
        if p.name not in params or params[p.name] is None:
            continue
        value = params[p.name]
        words.append(f"{p.name}={','.join(map(str, value)) if isinstance(value, (list, tuple)) else p.to_text(value)}")
    return f"({', '.join(words)})" if words else ""


def _pct(x: float) -> str:
    return i18n.decimal(100 * x, 1, trim=False)


def _report(r: GameResult, quiet: bool) -> None:
    if quiet:
        return
    who = tr({1.0: N_("arena.a_wins"), 0.5: N_("arena.draw"), 0.0: N_("arena.b_wins")}[r.a_points])
    order = tr(N_("arena.first") if r.a_first else N_("arena.second"))
    winner, loser = ("A", "B") if r.a_points == 1.0 else ("B", "A")
    end = tr(r.end, **{"winner": winner, "loser": loser, **r.end_params})
    print(tr("arena.game", n=f"{r.index + 1:3d}", order=order, who=who, end=end, plies=r.plies), flush=True)


if __name__ == "__main__":
    sys.exit(main())
