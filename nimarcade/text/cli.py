"""``python main.py --text``: the command line of the text mode, in the chosen language.

The board is a level's (the player's own levels read after the shipped ones), changed by
``--code``, ``--misere`` and ``--param`` as on every command
(:func:`nimarcade.core.args.add_game_options`; without ``--level``, on the game's first level).
Where a seat is a program that runs outside a box, one line says so before the first game
(``--require-isolation``: exit 2 instead).

Exit codes: 0 after a game (or at the end of the input), 2 for a bad command line, 130 after
Ctrl+C. Never imports pygame.
"""
from __future__ import annotations

import argparse
import random
import sys
from typing import Sequence, TextIO

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.i18n import N_, error_text, tr
from nimarcade.i18n.outside import printable
from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.args import (GameOptionError, add_game_options, card_key, checked, add_lang_option,
                                  level_and_params, prepare, seconds)
from nimarcade.players import isolation
from nimarcade.core.match import PROGRAM_TIME, Match, Seat

from nimarcade.players import catalog
from nimarcade.players.files import PlayerFileError
from nimarcade.text.console import Console, Quit
from nimarcade.text.play import TextGame
from nimarcade.text.setup import Answers, SeatRefused, parse_first, parse_seat, setup, start_match

INTERRUPTED = 130


def _players(text: str) -> tuple[Seat, Seat]:
    a, b = text.split(",")
    return parse_seat(a), parse_seat(b)


def build_parser() -> argparse.ArgumentParser:
    """The window's translated parser (nimarcade.core.args), with the text mode's options."""
    from nimarcade.core.args import Parser

    p = Parser(prog="nimarcade --text", description=tr("text.description"))
    p.add_argument("--text", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--game", metavar=tr("text.metavar_game"), type=checked(card_key, N_("text.cli_game")),
                   help=tr("text.opt_game", games=", ".join(v.key for v in registry.VARIANTS)))
    p.add_argument("--level", metavar="ID", help=tr("text.opt_level"))
    add_game_options(p)
    p.add_argument("--players", metavar="A,B", type=checked(_players, N_("text.cli_players")),
                   help=tr("text.opt_players"))
    p.add_argument("--time", metavar="S", type=checked(seconds, N_("text.cli_time")), default=PROGRAM_TIME,
                   help=tr("text.opt_time"))
    p.add_argument("--first", metavar="1|2|random", type=checked(parse_first, N_("text.cli_first")),
                   help=tr("text.opt_first"))
    p.add_argument("--seed", metavar="N", type=checked(int, N_("text.cli_seed")), help=tr("text.opt_seed"))
    add_lang_option(p)
    p.add_argument("--ascii", action="store_true", help=tr("text.opt_ascii"))
    isolation.add_option(p)
    return p


class NotBoxed(Exception):
    """A program seat, ``--require-isolation``, and no box: the command ends with ``code``."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def result_lines(outcome: Outcome, match: Match) -> list[str]:
    """Seed 003's « C'est terminé, TU AS PERDU ! », then why."""
    players = match.players
    names = [p.name for p in players]
    humans = [i for i, p in enumerate(players) if p.is_human]
    if outcome.winner is None:
        lines = [tr("text.over_draw")]
    elif len(humans) == 1:
        lines = [tr(N_("text.over_won") if outcome.winner == humans[0] else N_("text.over_lost"))]
    else:
        lines = [tr("text.over_wins", name=names[outcome.winner])]
    params = dict(outcome.params)
    extra = params.pop("lines", ())
    if outcome.winner is not None:
        params.update(winner=names[outcome.winner], loser=names[1 - outcome.winner])
    lines.append(tr("result.reason", why=tr(outcome.reason, **params)))
    lines += [tr(key, name=names[p], **values) for key, p, values in extra]
    lost = match.forfeited
    if lost is not None and lost.details:
        lines.append(tr("forfeit.its_output", name=names[lost.loser]))
        lines += ["  | " + line for line in lost.details]
    return lines


YES = ("o", "oui", "y", "yes")
NO = ("n", "non", "no")


def again(con: Console) -> bool:
    """« Nouvelle partie ? (o/n) »: yes or no (Enter: no); anything else is asked again."""
    while True:
        answer = con.ask(tr("text.again"), tr("text.no")).strip().lower()
        if answer in YES:
            return True
        if answer in NO or not answer:
            return False
        con.error(tr("text.want_yes_no"))


def play_once(con: Console, given: Answers, rng: random.Random, seed: int, err: TextIO | None = None,
              require: bool = False) -> bool:
    """Set up and play one game; False when the player quit. Before a game with a program in a
    seat, ``err`` is told once where programs are not boxed (NotBoxed with ``require``)."""
    config = setup(con, given)
    if err is not None and any(isinstance(seat, str) for seat in config.seats):
        refused = isolation.announce(err, require)
        if refused is not None:
            raise NotBoxed(refused)
    match = start_match(config, rng)
    game = TextGame(con, registry.get(config.game), match, rng, seed)
    outcome = game.run()
    if outcome is None:
        return False
    con.say()
    for i, line in enumerate(result_lines(outcome, match)):
        con.say(line, "result" if i == 0 else None)
    return True


def run(argv: Sequence[str], inp: TextIO, out: TextIO, err: TextIO) -> int:
    prepare(argv)
    try:
        args = build_parser().parse_args(list(argv))
    except SystemExit as exc:            # --help (0), or a bad command line (2), already said
        return int(exc.code or 0)
    except PlayerFileError as bad:       # a .py player that can't play: said in one line
        err.write(f"nimarcade --text: {printable(bad.message)}\n")
        return 2
    if args.lang:
        i18n.set_language(args.lang)
    for line in catalog.problem_lines(catalog.load()):     # a broken engines.toml: what and where
        err.write(line + "\n")
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    encoding = (getattr(out, "encoding", None) or "utf-8").lower().replace("-", "")
    con = Console(inp, out, ascii=args.ascii or not encoding.startswith("utf"))   # UTF-8, else ASCII
    game = registry.find_variant(args.game) if args.game else None
    given = Answers(args.game, args.level, args.players, args.first, args.time)
    if args.level is not None:
        try:
            level = levels.find_level(game.game if game else None, args.level)
        except levels.LevelError as exc:
            err.write(f"nimarcade --text: {error_text(exc)}\n")
            return 2
        given.game = given.game or registry.variant_for(level.game, level.id).key
    if args.code is not None or args.misere or args.param:    # a board of the player's own
        if given.game is None:
            err.write(f"nimarcade --text: {tr('args.need_game')}\n")
            return 2
        card = registry.find_variant(given.game)
        try:
            level, given.params = level_and_params(card.game, given.level or card.level, args)
        except (levels.LevelError, GameOptionError) as exc:
            err.write(f"nimarcade --text: {error_text(exc)}\n")
            return 2
        given.level = level.id
    try:
        while play_once(con, given, rng, seed, err, args.require_isolation) and again(con):
            con.say()
    except SeatRefused as refused:       # a program given on the command line can't play this board
        err.write(f"nimarcade --text: {printable(refused.message)}\n")
        return 2
    except NotBoxed as refused:
        return refused.code
    except Quit:
        con.say(tr("text.quit"))
    except EOFError:
        con.say(tr("text.eof"))
    except KeyboardInterrupt:
        con.clear_transient()
        con.write("\n")
        con.say(tr("text.interrupted"))
        return INTERRUPTED
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The text mode on this process's terminal."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]  # any TextIO: AttributeError below
        except (AttributeError, ValueError):
            pass
    try:
        return run(list(sys.argv[1:] if argv is None else argv), sys.stdin, sys.stdout, sys.stderr)
    except KeyboardInterrupt:      # between two questions, before the console exists
        return INTERRUPTED
    except BrokenPipeError:        # the reader went away (``| head``): nobody to tell
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
