"""``python -m nimarcade.games.awele.tools.build_tables [--max-seeds N] [--variant RULE|both]
[--quiet] [--lang fr|en]``: build the bigger Awélé endgame tables into the user's folder, in this
process, below the game's priority. The game starts it in the background
(:func:`nimarcade.games.awele.engine.tables.start`); a player may run it by hand."""
from __future__ import annotations

import os
import sys
import time

from nimarcade.games.awele.engine import endgame, tables


def build_parser():
    """The command line's parser, in the language set now."""
    from nimarcade.core.args import Parser, add_lang_option
    from nimarcade.i18n import tr

    ap = Parser(prog="python -m nimarcade.games.awele.tools.build_tables", description=tr("cli.tables.description"), add_help=False)
    ap.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    ap.add_argument("--max-seeds", metavar="N", type=int, default=tables.TARGET, help=tr("cli.tables.max_seeds", n=tables.TARGET))
    ap.add_argument("--variant", choices=[*tables.VARIANTS, "both"], default="both", help=tr("cli.tables.variant"))
    ap.add_argument("--quiet", action="store_true", help=tr("cli.tables.quiet"))
    add_lang_option(ap)
    return ap


def main(argv: list[str] | None = None) -> int:
    from nimarcade.core.args import prepare
    from nimarcade.i18n import tr

    args = prepare(argv)
    ap = build_parser()
    ns = ap.parse_args(args)
    if not endgame.DEFAULT_MAX_SEEDS < ns.max_seeds <= 16:
        ap.error(tr("cli.tables.bad_seeds", low=endgame.DEFAULT_MAX_SEEDS + 1, high=16))
    if os.name != "nt":
        try:
            os.nice(15)   # the game's window and its search come first
        except OSError:
            pass
    variants = tables.VARIANTS if ns.variant == "both" else (ns.variant,)
    shown = (lambda fraction, line: None) if ns.quiet else (
        lambda fraction, line: print(f"{100 * fraction:5.1f} %  {line}", flush=True))
    t0 = time.perf_counter()
    try:
        paths = tables.build(ns.max_seeds, variants, shown)
    except tables.Busy:
        print(tr("cli.tables.failed", reason=tr("cli.tables.busy")), file=sys.stderr)
        return 1
    except RuntimeError as exc:
        print(tr("cli.tables.failed", reason=str(exc)), file=sys.stderr)
        return 1
    if not ns.quiet:
        for path in paths:
            print(tr("cli.tables.written", path=path.name, size=path.stat().st_size), flush=True)
        print(tr("cli.tables.done", seconds=f"{time.perf_counter() - t0:.0f}"), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
