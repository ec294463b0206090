"""``python -m nimarcade.analyse FILE [--json] [--time S | --depth N] [--lang fr|en]``: the
analysis of a saved game, without a window.

It reads our records and the other formats a game offers (Awélé's OGN), replays them through the
rules, and gives every move its verdict (:mod:`nimarcade.analysis.verdicts`): one line a move, then each
player's count of marks. With ``--json``, a list of objects ``{"ply", "move", "mark"}``: the
half-move from 1, the move in the record's notation, and one of ``""``, ``"!"``, ``"?!"``,
``"?"``, ``"??"``. An exactly solved game is analysed by proof, at once; a game with an engine
(Awélé) by its search, ``--time`` seconds a position or to ``--depth`` plies (the same marks every
time). Exit codes: 0 done, 1 a record that can't be read, 2 a bad command line.
"""
from __future__ import annotations

import contextlib
import json
import math
import sys
from typing import Any, Sequence, TextIO

from nimarcade.analysis import verdicts as analysis
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.analysis.verdicts import Budget, Ply, Review
from nimarcade.core.args import Parser, checked, add_lang_option, prepare, seconds
from nimarcade.i18n import N_, decimal, error_text, tr
from nimarcade.core.rules.textual import Row
from nimarcade.core.match import Match

PROG = "nimarcade analyse"
DEFAULT_TIME = 1.0


def _depth(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 40:
        raise ValueError(text)
    return value


def build_parser() -> Parser:
    p = Parser(prog=PROG, description=tr("analyse.description"), add_help=False)
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("file", metavar=tr("cli.file"), help=tr("analyse.opt_file"))
    p.add_argument("--json", action="store_true", help=tr("analyse.opt_json"))
    how = p.add_mutually_exclusive_group()
    how.add_argument("--time", metavar="S", type=checked(seconds, N_("text.cli_time")), default=DEFAULT_TIME,
                     help=tr("analyse.opt_time", s=decimal(DEFAULT_TIME)))
    how.add_argument("--depth", metavar="N", type=checked(_depth, N_("analyse.cli_depth")), help=tr("analyse.opt_depth"))
    add_lang_option(p)
    return p


# -- the report in words ----------------------------------------------------------------------------
def _moves(spec: registry.GameSpec, moves: Sequence[Any]) -> str:
    return ", ".join(spec.notation.format_move(m) for m in moves)


def comment(spec: registry.GameSpec, ply: Ply, proved: bool) -> str:
    """What a move's verdict says, in words."""
    values, mark = ply.values, ply.mark
    best = _moves(spec, ply.missed or ply.best)
    if mark == "!":
        return tr("analyse.only_win")
    if proved or (values.solved and mark in ("?", "??")):
        if mark == "??":
            return tr("analyse.threw_win", moves=best)
        if mark == "?":
            return tr("analyse.threw_half", moves=best)
        result = values.result()
        if result == analysis.LOSS:
            return tr("analyse.all_lose")
        return tr("analyse.keeps_win") if result == analysis.WIN else ""
    if mark:
        lost = math.floor(ply.lost * 10 + 1e-9) / 10      # never shown at the next threshold (3.96: 3.9)
        return tr("analyse.lost_seeds", x=decimal(lost), moves=best)
    return tr("analyse.best") if ply.move in ply.best else ""


def explanation(spec: registry.GameSpec, state: Any, ply: Ply, names: dict[str, str]) -> list[str]:
    """The game's own explanation of the winning moves that were missed (the nim-sum table...)."""
    if not ply.missed or not ply.values.solved or spec.text.explain is None:   # proofs only
        return []
    from nimarcade.core.hints import Hint
    from nimarcade.text.play import render_rows

    rows: list[Row] = spec.text.explain(state, Hint(tuple(ply.missed), False))
    return render_rows(rows, names)


def report_lines(match: Match, result: Review) -> list[str]:
    spec = registry.get(match.config.game)
    names = {f"p{i}": match.player_name(i) for i in (0, 1)}
    lines = [tr("analyse.title", game=match.config.title()),
             tr("analyse.players", p0=names["p0"], p1=names["p1"])]
    if not result.plies:
        return lines + [tr("analyse.no_moves")]
    lines.append(tr("analyse.proved") if result.proved else tr("analyse.estimated"))
    lines.append("")
    imposed = [ply for ply in result.plies if ply.imposed]
    if imposed:           # a tournament's opening: said once, never judged nor counted
        lines.append(tr("analyse.opening", n=len(imposed), moves=" ".join(ply.text for ply in imposed)))
    for ply in result.plies:
        if ply.imposed:
            continue
        who = names[f"p{ply.mover}"]
        said = comment(spec, ply, result.proved)
        head = tr("analyse.line", n=f"{ply.ply:>3}", name=who, move=ply.text + ply.mark)
        lines.append(f"{head}  — {said}" if said else head)
        lines += ["       " + line for line in explanation(spec, match.states[ply.ply - 1], ply, names)]
    lines.append("")
    for player in (0, 1):
        marks = [p.mark for p in result.plies if p.mover == player and not p.imposed]
        counts = {m: marks.count(m) for m in analysis.MARKS if m}
        lines.append(tr("analyse.summary", name=names[f"p{player}"], moves=len(marks),
                        good=counts["!"], inaccuracies=counts["?!"], mistakes=counts["?"], blunders=counts["??"]))
    return lines


def run(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    args_in = prepare(argv)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = build_parser().parse_args(args_in)
    except SystemExit as exc:           # --help (0), or a bad command line (2), already said
        return int(exc.code or 0)
    try:
        match = records.load_file(args.file)
    except (records.RecordError, levels.LevelError) as exc:   # a bad record, or its level file
        err.write(tr("cli.says", prog=PROG, message=error_text(exc)) + "\n")
        return 1
    spec = registry.get(match.config.game)
    if not analysis.can_analyse(spec):
        why = tr("analyse.cannot", game=tr("game." + match.config.card.key))
        err.write(tr("cli.says", prog=PROG, message=why) + "\n")
        return 1
    budget = Budget(None if args.depth else args.time, args.depth)
    total = len(match.moves)

    def progress(done: int, count: int) -> None:
        if not args.json and not spec.winning_moves and err.isatty():
            err.write("\r" + tr("analyse.progress", done=min(done, total), total=total))
            err.flush()

    result = analysis.review_match(match, budget, progress=progress)
    if not args.json and not spec.winning_moves and err.isatty():
        err.write("\n")
    if args.json:
        out.write(json.dumps(result.as_json(), ensure_ascii=False) + "\n")
    else:
        out.write("\n".join(report_lines(match, result)) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(list(sys.argv[1:] if argv is None else argv), sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
