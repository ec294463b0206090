"""A class's results as CSV, for a teacher's spreadsheet: one row per named player (games, won,
lost, drawn, puzzles solved and tried, puzzle rating, last played), and one row per recent game
(date, game, level, player, opponent, result, moves).

The columns are headed in the language of the moment. French files are separated by semicolons,
English ones by commas: a French spreadsheet (Excel, LibreOffice in a French locale) writes
decimals with a comma and so expects « ; » between cells, and opens a semicolon file in columns
at once, where a comma file lands in a single column. Files are UTF-8 with a byte-order mark, so
that Excel reads the accents of « Zoé » right; dates are ISO (2026-11-24), which every
spreadsheet reads as a date.

``nimarcade people --csv FILE [--games FILE] [--data DIR] [--lang fr|en]`` (also
``python -m nimarcade.people``, and under its older name ``nimarcade players`` or
``python -m nimarcade.players``: the same options and exit codes) writes them from the command line, from the data folder's ``profiles.json``, which it only reads (a broken
file is said and left as it is). Exit codes: 0 written, 1 the players can't be read or the file
can't be written, 2 a bad command line (a data folder that does not exist). Pure Python, no pygame.
"""
from __future__ import annotations

import csv
import datetime
import io
import sys
from pathlib import Path
from typing import Sequence, TextIO

from nimarcade.storage import files as storage
from nimarcade.storage.csvcells import safe_row
from nimarcade.core.args import Parser, add_lang_option, parse_or_exit_code, prepare
from nimarcade.i18n import tr
from nimarcade.people.profiles import PLAYER_PREFIX, Profile, Profiles, fold
from nimarcade.people.roster import opponent_label, result_word

PROG = "nimarcade people"
PLAYER_COLUMNS = ("name", "games", "won", "lost", "drawn", "solved", "tried", "rating", "provisional", "last")
GAME_COLUMNS = ("date", "game", "level", "player", "opponent", "result", "moves")


def delimiter(lang: str | None = None) -> str:
    """« ; » for French spreadsheets (their decimal comma), « , » otherwise."""
    return tr("export.delimiter", lang)


def player_row(profile: Profile) -> list[str]:
    puzzles = profile.puzzles
    return [profile.name, str(profile.total("")), str(profile.total("won")), str(profile.total("lost")),
            str(profile.total("drawn")), str(puzzles.solved), str(puzzles.tried), str(round(puzzles.rating.rating)),
            tr("export.yes") if puzzles.rating.provisional else tr("export.no"), profile.last_played]


def player_rows(book: Profiles) -> list[list[str]]:
    """The headings, then every player in alphabetical order."""
    return [[tr(f"export.col_{c}") for c in PLAYER_COLUMNS],
            *(player_row(p) for name in book.names() if (p := book.get(name)) is not None)]


def game_rows(book: Profiles) -> list[list[str]]:
    """The headings, then every recent game of every player, newest first; a game between two
    named players is written once."""
    rows: list[tuple[str, list[str]]] = []
    seen: set[tuple] = set()
    for name in book.names():
        profile = book.get(name)
        for game in profile.recent if profile is not None else ():
            other = game.opponent[len(PLAYER_PREFIX):] if game.opponent.startswith(PLAYER_PREFIX) else ""
            if other:
                both = frozenset((fold(name), fold(other)))
                key = (game.date, game.card, game.level, game.moves, game.record, both)
                if key in seen:
                    continue
                seen.add(key)
            rows.append((game.date, [game.date, tr("game." + game.card), level_name(game.card, game.level), name,
                                     opponent_label(game.opponent),
                                     result_word(game.result), str(game.moves)]))
    rows.sort(key=lambda r: r[0], reverse=True)             # stable: a player's games stay in order
    return [[tr(f"export.col_{c}") for c in GAME_COLUMNS], *(row for _, row in rows)]


def level_name(card: str, level_id: str) -> str:
    """A level as players know it (« Classique (13, dernier perd) »), not its id; « personnalisé »
    for a board changed on the setup screen; the id itself when the level is gone."""
    from nimarcade.core import levels, registry
    from nimarcade.people.stats import CUSTOM

    if level_id == CUSTOM:
        return tr("setup.custom")
    try:
        return levels.find_level(registry.find_variant(card).game, level_id).name()
    except (KeyError, levels.LevelError):
        return level_id


def csv_text(rows: list[list[str]], lang: str | None = None) -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter(lang), lineterminator="\r\n").writerows(safe_row(r) for r in rows)
    return out.getvalue()


def write_csv(path: Path, rows: list[list[str]]) -> None:
    """Written whole or not at all (:func:`storage.atomic_write_bytes`), with a byte-order mark."""
    storage.atomic_write_bytes(path, csv_text(rows).encode("utf-8-sig"))


def export(book: Profiles, folder: Path, now: datetime.datetime | None = None) -> tuple[Path, Path]:
    """Both files, in ``folder``, named by the moment so that none is overwritten."""
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    players = folder / (tr("export.players_file") + f"-{stamp}.csv")
    played = folder / (tr("export.games_file") + f"-{stamp}.csv")
    write_csv(players, player_rows(book))
    write_csv(played, game_rows(book))
    return players, played


# -- the command line -------------------------------------------------------------------------------
def build_parser() -> Parser:
    p = Parser(prog=PROG, description=tr("export.description"), add_help=False)
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("--csv", metavar=tr("cli.file"), required=True, help=tr("export.opt_csv"))
    p.add_argument("--games", metavar=tr("cli.file"), help=tr("export.opt_games"))
    p.add_argument("--data", metavar="DIR", help=tr("export.opt_data"))
    add_lang_option(p)
    return p


def run(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    args, code = parse_or_exit_code(build_parser(), prepare(argv), out, err)
    if args is None:
        return code or 0
    folder = Path(args.data) if args.data else storage.data_dir()
    if not folder.is_dir():
        err.write(tr("cli.says", prog=PROG, message=tr("export.no_data_folder", folder=str(folder))) + "\n")
        return 2
    file = folder / "profiles.json"
    book = Profiles(folder, read_only=True)         # an export never changes what it reads
    loaded = book.load()
    if loaded.problem:
        err.write(tr("cli.says", prog=PROG, message=tr("export.unreadable", file=str(file))) + "\n")
        return 1
    jobs = [(Path(args.csv), player_rows(book))] + ([(Path(args.games), game_rows(book))] if args.games else [])
    for path, _ in jobs:                # a folder that isn't there is a mistake to say, not to make
        if not path.parent.exists():
            err.write(tr("cli.says", prog=PROG, message=tr("export.missing_folder", folder=str(path.parent))) + "\n")
            return 2
    for path, rows in jobs:
        try:
            write_csv(path, rows)
        except OSError as exc:
            err.write(tr("cli.says", prog=PROG, message=tr("export.cannot_write", file=str(path), why=exc.strerror or exc)) + "\n")
            return 1
        out.write(tr("export.written", file=str(path), n=len(rows) - 1) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(list(sys.argv[1:] if argv is None else argv), sys.stdout, sys.stderr)
