"""The tournament's command line (the contract is in the package's docstring): it reads the
players, plays what is missing of the round robin, keeps every game as it ends, then shows and
writes the tables. The board is a level's (the player's own levels read after the shipped ones)
changed by ``--code``, ``--misere`` and ``--param`` as on every command
(:func:`nimarcade.core.args.add_game_options`). ``--players`` names players, or folders whose
every ``.py`` file is one. Where a player's program is not boxed, one line says so before the
first game (``--require-isolation``: exit 2 instead). Exit codes: 0 when every game is played, 2
for a bad command line, a folder of another tournament or one another run is using now (its lock,
:mod:`nimarcade.compete.tournament.store`), 130 after Ctrl+C (the finished games are kept)."""
from __future__ import annotations

import argparse
import contextlib
import errno
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence, TextIO

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.args import (GameOptionError, Parser, add_game_options, changed_params, changed_text,
                                  level_and_params, prepare)
from nimarcade.players import isolation
from nimarcade.i18n import N_, error_text, tr
from nimarcade.players import catalog as catalog_mod
from nimarcade.players import referee
from nimarcade.players.files import PlayerFileError
from nimarcade.core.match import PROGRAM_TIME, Seat
from nimarcade.core.args import card_key, checked, add_lang_option, seconds

from nimarcade.compete.tournament import runners
from nimarcade.compete.tournament import schedule
from nimarcade.compete.tournament import tables
from nimarcade.compete.tournament.progress import Progress
from nimarcade.compete.tournament.store import OtherTournament, Store
from nimarcade.storage import locks

INTERRUPTED = 130
BAD_COMMAND = 2
GAMES_PER_PAIR = 10


def _at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m nimarcade.tournament", description=tr("tourney.description"), add_help=False,
               epilog=tr("tourney.epilog"))
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("--game", metavar="G", required=True, type=checked(card_key, N_("text.cli_game")),
                   help=tr("tourney.opt_game", games=", ".join(v.key for v in registry.variants())))
    p.add_argument("--level", metavar="L", help=tr("tourney.opt_level"))
    add_game_options(p)
    p.add_argument("--players", metavar="A,B,C", required=True, help=tr("tourney.opt_players_folder"))
    count = checked(_at_least_one, N_("tourney.bad_count"))
    p.add_argument("--games", metavar="N", type=count, default=GAMES_PER_PAIR,
                   help=tr("tourney.opt_games", n=GAMES_PER_PAIR))
    p.add_argument("--time", metavar="S", type=checked(seconds, N_("text.cli_time")), default=PROGRAM_TIME,
                   help=tr("tourney.opt_time", s=PROGRAM_TIME))
    p.add_argument("--jobs", metavar="J", type=count, default=1, help=tr("tourney.opt_jobs"))
    p.add_argument("--out", metavar="DIR", type=Path, help=tr("tourney.opt_out"))
    p.add_argument("--cluster", metavar="ADDRESS", help=tr("tourney.opt_cluster"))
    p.add_argument("--seed", metavar="N", type=checked(int, N_("text.cli_seed")), default=1,
                   help=tr("tourney.opt_seed"))
    add_lang_option(p)
    isolation.add_option(p)
    return p


def player_words(parser: argparse.ArgumentParser, text: str) -> list[str]:
    """The words of ``--players``, a folder replaced by its ``.py`` files (by name); a folder
    without any is refused."""
    words: list[str] = []
    for word in (w.strip() for w in text.split(",")):
        folder = Path(word).expanduser() if word else None
        if folder is not None and folder.is_dir():
            files = sorted(f for f in folder.glob("*.py") if f.is_file())
            if not files:
                parser.error(tr("tourney.empty_folder", folder=word))
            words += [str(f) for f in files]
        else:
            words.append(word)
    return words


def _seats(parser: argparse.ArgumentParser, text: str, found: catalog_mod.Catalog, game: str,
           params: dict[str, Any], err: TextIO) -> list[Seat]:
    """The players of ``--players``, each checked (a person, an unknown name, a program that
    does not play this game, a player named twice: the command line is refused)."""
    seats: list[Seat] = []
    for word in player_words(parser, text):
        try:
            seat = catalog_mod.parse_seat(word, found)
        except ValueError:
            parser.error(tr("cli.bad_player", player=word))
        except PlayerFileError as bad:      # a .py player that can't play: one line
            err.write(f"{parser.prog}: {bad.message}\n")
            raise SystemExit(BAD_COMMAND) from None
        if seat == 0:
            parser.error(tr("tourney.no_human", player=word))
        if isinstance(seat, str) and not catalog_mod.source_of(seat, found).fits(game, params):
            parser.error(tr("tourney.cannot_play", player=word))
        if seat in seats:
            parser.error(tr("tourney.twice", player=word))
        seats.append(seat)
    if len(seats) < 2:
        parser.error(tr("tourney.too_few"))
    return seats


def _outcome_text(result: schedule.GameResult, by_ident: dict[str, schedule.Entrant]) -> str:
    a, b = (by_ident[s].label for s in result.seats)
    return f"{a} – {b} {result.result}"


def _stem(result: schedule.GameResult, by_ident: dict[str, schedule.Entrant]) -> str:
    """A game's file name: its seats, first mover first, and its number in their match."""
    names = [by_ident[s].file_label for s in result.seats]
    return f"{names[0]}-{names[1]}-{int(result.key.rsplit('|', 1)[1]):03d}"


@dataclass
class Command:
    """What the command line asks for, checked."""

    args: argparse.Namespace
    card: registry.Variant
    level: levels.Level
    players: list[schedule.Entrant]
    #: The board played: the level's, changed by --code, --misere and --param.
    params: dict[str, Any]

    @property
    def settings(self) -> dict[str, Any]:
        """What a rerun must repeat to resume (more games or players may be added)."""
        return {"game": self.card.game, "level": self.level.id, "params": dict(self.params),
                "seed": self.args.seed, "time": self.args.time}

    @property
    def folder(self) -> Path:
        """``--out``, else ``tournament-<card>-<level>``, with the changed parameters' values
        (``tournament-octal-kayles-0.137``) so that another board never meets this one's games."""
        if self.args.out:
            return self.args.out
        changed = changed_params(registry.get(self.card.game), self.level.params, self.params)
        extra = "".join("-" + schedule.file_stem(v) for v in changed.values())
        return Path(f"tournament-{self.card.key}-{self.level.id}{extra}")

    def tasks(self) -> list[schedule.Task]:
        """Every game of the round robin."""
        return schedule.tasks(self.players, self.card.game, self.level.id, self.params, self.args.games,
                              self.args.seed, self.args.time)


def read_command(argv: Sequence[str], err: TextIO) -> Command:
    """The command line, checked (SystemExit after --help or a refusal, already said)."""
    parser = build_parser()
    args = parser.parse_args(list(argv))
    card = registry.find_variant(args.game)
    try:
        level, params = level_and_params(card.game, args.level or card.level, args)
    except (levels.LevelError, GameOptionError) as exc:
        parser.error(error_text(exc))
    found = catalog_mod.load()
    for line in catalog_mod.problem_lines(found):
        err.write(line + "\n")
    seats = _seats(parser, args.players, found, card.game, params, err)
    players = tables.labelled(schedule.entrants(seats, found, tr("tourney.level")))
    return Command(args, registry.variant_for(card.game, level.id), level, players, params)


def _play(command: Command, every: list[schedule.Task], store: Store, client: Any, err: TextIO) -> None:
    """Play the games of ``every`` not yet in ``store``, keeping each as it ends."""
    args, by_ident = command.args, {p.ident: p for p in command.players}
    todo = [t for t in every if t.key not in store.results]
    progress = Progress(len(every), len(every) - len(todo), err)
    if len(todo) < len(every):
        err.write(tr("tourney.resumed", n=len(every) - len(todo), left=len(todo)) + "\n")
    if client is not None:
        source = runners.cluster(todo, client)
    elif args.jobs > 1 and len(todo) > 1:
        source = runners.processes(todo, min(args.jobs, len(todo)))
    else:
        source = runners.here(todo)
    try:
        with contextlib.closing(source) as results:
            for result in results:
                store.add(result, _stem(result, by_ident))
                progress.advance(_outcome_text(result, by_ident))
    finally:
        progress.close()


#: Why a folder can't be written, by errno, in the player's words (else the system's own).
WRITE_ERRORS = {errno.ENOTDIR: N_("tourney.why_not_dir"), errno.EEXIST: N_("tourney.why_file"),
                errno.ENOENT: N_("tourney.why_missing"), errno.EACCES: N_("tourney.why_denied"),
                errno.EPERM: N_("tourney.why_denied"), errno.EROFS: N_("tourney.why_read_only"),
                errno.ENOSPC: N_("tourney.why_full")}


def cannot_write(folder: Path, exc: OSError) -> str:
    """One line: the tournament's folder can't be written, and why."""
    key = WRITE_ERRORS.get(exc.errno or 0)
    why = tr(key) if key else (exc.strerror or type(exc).__name__)
    return tr("tourney.cannot_write", folder=str(folder), path=str(exc.filename or folder), why=why)


def run(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    """The tournament of ``argv`` (its ``--lang`` spoken from the first word), its tables on
    ``out`` and its progress on ``err``; the exit code."""
    argv = prepare(argv)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):     # --help, refusals
            command = read_command(argv, err)
    except SystemExit as exc:               # --help (0), or a bad command line (2), already said
        return int(exc.code or 0)
    if any(p.level is None for p in command.players):     # a program: said once where it is not boxed
        refused = isolation.announce(err, command.args.require_isolation)
        if refused is not None:
            return refused
    client = None
    if command.args.cluster:
        try:
            client = runners.connect(command.args.cluster)
        except runners.ClusterMissing:
            err.write(tr("tourney.no_dask") + "\n")
            return BAD_COMMAND
        except runners.ClusterUnreachable as exc:
            err.write(tr("tourney.no_cluster", address=command.args.cluster, why=exc.why) + "\n")
            return BAD_COMMAND
    folder = command.folder
    try:
        store = Store(folder, command.settings)
    except locks.Busy:                      # another run plays in this folder now: said in one line
        if client is not None:
            client.close()
        err.write(tr("tourney.busy", folder=str(folder)) + "\n")
        return BAD_COMMAND
    except OtherTournament as other:
        if client is not None:
            client.close()
        found = ", ".join(f"{k} {v}" for k, v in other.found.items() if k != "format")
        err.write(tr("tourney.other_folder", folder=str(folder), found=found) + "\n")
        return BAD_COMMAND
    except OSError as exc:                  # --out can't be written: said in one line
        if client is not None:
            client.close()
        err.write(cannot_write(folder, exc) + "\n")
        return BAD_COMMAND
    with store:                             # the folder is this run's until its tables are written
        return _run_in(command, store, client, out, err)


def _run_in(command: Command, store: Store, client: Any, out: TextIO, err: TextIO) -> int:
    """The games still to play, then the tables, in the store's folder (held by this run)."""
    folder = command.folder
    every = command.tasks()
    try:
        _play(command, every, store, client, err)
    except KeyboardInterrupt:
        kept = sum(t.key in store.results for t in every)
        err.write(tr("tourney.interrupted", n=kept, total=len(every), folder=str(folder)) + "\n")
        return INTERRUPTED
    except OSError as exc:                  # the folder went away or filled up during the games
        err.write(cannot_write(folder, exc) + "\n")
        return BAD_COMMAND
    standings = tables.Standings.of(command.players, [store.results[t.key] for t in every])
    board = referee.config_for(command.card.game, command.params, (1, 2), command.level.id)
    title = tr("tourney.title", name=board.title(), n=command.args.games)
    changed = changed_text(registry.get(command.card.game), command.level.params, command.params)
    if changed:
        title = tr("judge.title_changed", title=title, changed=changed)
    try:
        paths = tables.write_all(folder, standings, title, command.settings)
    except OSError as exc:
        err.write(cannot_write(folder, exc) + "\n")
        return BAD_COMMAND
    out.write(tables.markdown(standings, title))
    names = ", ".join(p.name for p in paths.values())
    err.write(tr("tourney.written", folder=str(folder), files=names) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The tournament on this process's terminal."""
    args = prepare(argv)
    try:
        return run(args, sys.stdout, sys.stderr)
    except KeyboardInterrupt:               # before the games began: nothing to keep
        return INTERRUPTED
