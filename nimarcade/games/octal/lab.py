"""``nimarcade lab CODE [--misere] [--values N] [--position H1,H2,…] [--json]`` (also ``python -m
nimarcade.lab``): an octal game's Grundy sequence with its period proved, or one position's
outcome and winning moves.

``--values N`` is a whole number or ``2^k`` (``2^20``): up to :data:`MAX_VALUES` (a million) for
an octal code, up to :data:`MAX_GRUNDY_VALUES` (2^31) for ``grundy``, whose values past a million
are computed and described, not listed; such a run of ``grundy`` has no clock unless ``--seconds``
gives one (:mod:`nimarcade.games.octal.grundylab`). Out of its range, one sentence says the range.

Without ``--position``: G(0)…G(N-1), the least period and preperiod proved by the octal
periodicity theorem (``proof_bound``: the values the proof looked at), or, when the search ran out
of time (``--seconds``, 30 by default) or the code has no largest take, ``period`` null and how
far it went. With ``--position``: "N" (the player to move wins) or "P", and every winning move in
the game's notation (``heap:take[:left]``, the heaps numbered as the position is written, empty
ones counted: ``0,3`` is won by ``2:1:1``), under the chosen convention; only what that position
needs is computed; in normal play a heap may have any size where the code's period is proved
(read from the period), and past 1,000 winning moves the first ones are listed with
``winning_count``. A bad code or position: one line in the chosen language (``--lang``), exit 2.

With ``--misere`` (:mod:`nimarcade.games.octal.misere`): the genus of each heap instead of the
normal values (``--json``: ``"convention": "misere"``, ``genus``, ``values`` the misère values of
single heaps, ``first_wild``, ``quotient``: its size, P-portion and map from heap size to element,
and the period of that map, ``period_proved`` when it is proved, so that heaps of any size are read
from it, else only observed),
and positions decided by the tame rule, the quotient or a search bounded by positions and time:
a heap of any size where the quotient's period is proved (its moves counted and listed by residue
runs, :func:`nimarcade.games.octal.solver.quotient_runs`, in memory that does not grow with it),
within ``--seconds`` for the whole question (past them: no answer, method "none").
``--quotient`` (misère play, with or without ``--misere``): the quotient's presentation, as
:mod:`nimarcade.games.octal.quotientlab` prints it (generators, relations, P-portion, heap map).
Without it, ``"convention": "normal"``.

``--seconds`` (above 0, finite) is the budget of the whole command: the proof, then the values
(past a proved period they are read off it; else computed by chunks sized to the time left, fewer
when it runs out). A run past a few seconds shows its progress on the error output (values,
values per second, rare values so far) and keeps its values in a checkpoint of the data folder
(every half minute, at the end, and on Ctrl+C, which exits 130): the same command resumes from
there. Without a proof, what the
values looked at rule out (``ruled_out``: no period of length at most ``lengths_upto`` has a
preperiod of ``preperiod_upto`` or less, :attr:`nimarcade.games.takeaway.grundy.Proof.ruled_out`)
and the closest candidate (``candidate``: a period holding over the last quarter of the values at
least, and the values its proof would need). ``--json`` also gives the
sparse space of the values known (``rare_mask``, ``rare_count``, ``last_rare``) and the largest
value (``largest``, first at ``largest_at``), the fields of the published tables.

``nimarcade lab --table unsolved``: the table of the unsolved octal games, :mod:`nimarcade.games.octal.unsolved`.

``CODE`` may also be ``grundy``: Grundy's game, no octal game (:mod:`nimarcade.games.octal.grundylab`).
"""
from __future__ import annotations

import json
import math
import sys
from typing import Any, Sequence

from nimarcade import i18n
from nimarcade.i18n import N_, tr

#: What ``--values`` gives by default.
VALUES = 40
BAD = 2
#: The exit code of a run stopped by Ctrl+C (its work kept in the checkpoint).
INTERRUPTED = 130


def build_parser() -> Any:
    from nimarcade.core.args import Parser, add_lang_option, budget, checked
    from nimarcade.games.takeaway.grundy import PROOF_SECONDS

    p = Parser(prog="nimarcade lab", description=tr("lab.description"), add_help=False)
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("code", metavar="CODE", help=tr("lab.code_help"))
    p.add_argument("--misere", action="store_true", help=tr("lab.misere_help"))
    p.add_argument("--quotient", action="store_true", help=tr("lab.quotient_help"))
    p.add_argument("--values", metavar="N", type=checked(_count, N_("lab.values_bad")), default=VALUES,
                   help=tr("lab.values_help"))
    p.add_argument("--position", metavar="H1,H2,…", help=tr("lab.position_help"))
    p.add_argument("--seconds", metavar="S", type=checked(budget, N_("lab.seconds_bad")), default=None,
                   help=tr("lab.seconds_help", s=i18n.decimal(PROOF_SECONDS, 0)))
    p.add_argument("--json", action="store_true", help=tr("lab.json_help"))
    add_lang_option(p)
    return p


#: The most values ``--values`` gives for an octal code, and the most any command lists (its
#: message says the range).
MAX_VALUES = 1_000_000
#: The most values ``--values`` asks of Grundy's game (computed, and listed up to :data:`MAX_VALUES`):
#: :data:`nimarcade.games.takeaway.grundygame.MAX_VALUES`, 2^31.
MAX_GRUNDY_VALUES = 1 << 31


class Count(int):
    """``--values`` read: the number, and the text it was written as (for the range message)."""

    text: str


def _count(text: str) -> int:
    """A whole number or ``2^k`` (``2^20``), from 0 to :data:`MAX_GRUNDY_VALUES` (an octal code's
    narrower range, 0 to :data:`MAX_VALUES`, is checked once the code is read); ValueError else."""
    import re

    power = re.fullmatch(r"\s*2\s*\^\s*(\d{1,3})\s*", text)
    n = 1 << int(power.group(1)) if power else int(text)
    if not 0 <= n <= MAX_GRUNDY_VALUES:
        raise ValueError(text)
    out = Count(n)
    out.text = text
    return out



def negative_position(argv: list[str]) -> list[str]:
    """``--position -3,4`` read as the position it is (``--position=-3,4``, which
    :func:`heaps_of` then refuses with its reason), not as an unknown option."""
    out: list[str] = []
    for word in argv:
        if out and out[-1] == "--position" and word[:1] == "-" and word[1:2].isdigit():
            out[-1] = "--position=" + word
        else:
            out.append(word)
    return out


def heaps_of(text: str) -> list[int]:
    """The heaps of ``--position``, in the player's order, empty ones (0) kept; InvalidSetup
    ``lab.empty_heap`` for a field with no size (``3,,4``), ``lab.negative_heap`` for a size with a
    minus sign (``-3,4``), ``lab.bad_position`` for anything else that is no list of sizes."""
    import re

    from nimarcade.core.positions import numbers
    from nimarcade.core.rules.errors import InvalidSetup

    negative = re.search(r"(?:^|[\s,;])(-\s*\d+)", text)
    if negative:                        # a dash between sizes separates them; one before a size is a sign
        raise InvalidSetup(N_("lab.negative_heap"), text=text[:40], n=negative.group(1).replace(" ", ""))
    if re.search(r"[,;]", text):
        fields = re.split(r"[,;]", text)
        for i, field in enumerate(fields):
            if not field.strip():
                raise InvalidSetup(N_("lab.empty_heap"), text=text[:40], heap=i + 1)
    return numbers(text, N_("lab.bad_position"))


#: A run longer than this shows its progress on the error output, and leaves a checkpoint.
PROGRESS_AFTER = 3.0
#: Seconds between two checkpoints of a long run.
CHECKPOINT_SECONDS = 30.0


class Progress:
    """The progress of a long run on the error output (values, values per second, rare values
    so far), at most once a second and only past :data:`PROGRESS_AFTER` seconds."""

    def __init__(self, seq: Any, stream: Any = None) -> None:
        import time

        self.seq, self.stream = seq, stream if stream is not None else sys.stderr
        self.start = self.last = time.monotonic()
        self.first = seq.n
        self.shown = False

    def __call__(self, n: int) -> None:
        import time

        now = time.monotonic()
        if now - self.start < PROGRESS_AFTER or now - self.last < 1.0:
            return
        self.last = now
        rate = (n - self.first) / max(1e-9, now - self.start)
        rare = self.seq.rare_so_far()
        text = tr("lab.progress", n=i18n.decimal(n, 0), rate=i18n.decimal(rate, 0),
                  rare=tr("lab.progress_rare", count=rare) if rare is not None else tr("lab.progress_no_rare"))
        print("\r" + text, end="", file=self.stream, flush=True)
        self.shown = True

    def done(self) -> None:
        if self.shown:
            print(file=self.stream, flush=True)
            self.shown = False


def sequence_report(code: Any, count: int, seconds: float, progress: Any = None,
                    checkpoints: bool = True) -> dict[str, Any]:
    """The sequence of a code and its period, within ``seconds`` for the whole (the proof, then
    the values: past a proved period they are read off it, else computed while time remains,
    and the list is shorter when it ran out). ``progress(n)`` is called as the values grow (it may
    raise KeyboardInterrupt: the values so far are kept in the checkpoint, which the next run
    resumes from)."""
    import time

    from nimarcade.games.takeaway import checkpoint, grundy

    start = time.monotonic()
    deadline = start + max(0.05, seconds)
    seq = grundy.sequence(code)
    resumed = 0
    if checkpoints and code.max_take is not None:
        kept = checkpoint.load(code)
        if kept is not None and len(kept[0]) > seq.n:
            seq.restore(*kept, adopt=True)       # the array just read becomes the sequence's own
            resumed = len(kept[0])
    keeper = checkpoint.Keeper(code, seq, checkpoints and code.max_take is not None, CHECKPOINT_SECONDS, progress)
    try:
        proof = grundy.prove(code, seconds=max(0.05, (deadline - time.monotonic()) * 0.95), progress=keeper.step)
        values = _values(seq, proof, count, deadline, keeper.step)
    except KeyboardInterrupt:
        keeper.keep()
        raise
    if time.monotonic() - start > PROGRESS_AFTER and not proof.proved:
        keeper.keep()
    out: dict[str, Any] = {
        "code": str(code),
        "convention": "normal",
        "values": values,
        "period": proof.period,
        "preperiod": proof.preperiod,
        "proved": proof.proved,
        "proof_bound": proof.proof_bound,
    }
    out.update(seq.stats())
    if resumed:
        out["resumed"] = resumed
    if not proof.proved:
        out["searched"] = max(proof.searched, seq.n)
        out["seconds"] = round(time.monotonic() - start, 3)
        out["stopped"] = proof.stopped
        ruled = proof.ruled_out     # what the values looked at rule out: [L, S] (no period <= L from <= S)
        out["ruled_out"] = {"values": proof.looked, "lengths_upto": ruled[0], "preperiod_upto": ruled[1]} \
            if ruled else None
        out["candidate"] = {"period": proof.candidate[0], "preperiod": proof.candidate[1],
                            "proof_bound": grundy.bound(proof.candidate[1], proof.candidate[0], code.max_take)} \
            if proof.candidate and code.max_take is not None else None
    return out


def print_position(report: dict[str, Any], heaps: Sequence[int], method: str) -> None:
    """A position's report (its outcome, found by ``method``: a ``lab.method_*`` key's end, and its
    winning moves) as a person reads it."""
    pos = ",".join(map(str, heaps))
    if report["outcome"] is None:
        print(tr("lab.out_unknown", pos=pos))
        if report.get("quotient_heap_reached"):
            print(tr("lab.out_unknown_reached", n=report["quotient_heap_reached"]))
        return
    print(tr(N_("lab.out_outcome_n") if report["outcome"] == "N" else N_("lab.out_outcome_p"), pos=pos,
             method=tr(f"lab.method_{method}")))
    if report["winning_moves"]:
        print(tr("lab.out_moves", moves=", ".join(report["winning_moves"])))
    if report["winning_count"] > len(report["winning_moves"]):
        print(tr("lab.out_moves_more", n=report["winning_count"] - len(report["winning_moves"])))


def _values(seq: Any, proof: Any, count: int, deadline: float, step: Any) -> list[int]:
    """G(0)…G(count-1): past a proved period read off it; else computed by chunks until the
    deadline (fewer when it comes first), by chunks that fit the time left."""
    from nimarcade.games.takeaway import grundy

    if proof.proved:
        known = min(count, seq.n)
        out = [int(v) for v in seq.G[:known]]
        n0, p = proof.preperiod, proof.period
        out.extend(int(seq.G[n0 + (n - n0) % p]) for n in range(known, count))
        return out
    grundy.grow(seq, count, deadline, step)
    return [int(v) for v in seq.G[:min(count, seq.n)]]


def _unanswered(code_text: str, misere: bool) -> dict[str, Any]:
    """No answer within the time: in misère play, with how far the quotient got
    (``quotient_heap_reached``: the heaps it answers exactly), when it was tried."""
    out: dict[str, Any] = {"outcome": None, "winning_moves": None, "method": "none"}
    if misere:
        from nimarcade.games.octal import quotientlab
        from nimarcade.games.takeaway.code import OctalCode

        r = quotientlab.reached(OctalCode.parse(code_text))
        if r is not None:
            out["quotient_heap_reached"] = r.heap_reached
    return out


def position_report(code_text: str, heaps: list[int], misere: bool, seconds: float | None = None) -> dict[str, Any]:
    """A position's outcome and winning moves (the first :data:`nimarcade.games.octal.solver.MOVES_SHOWN`,
    and ``winning_count``); in misère play within ``seconds`` for the whole (outcome None, method
    "none", when they ran out), a heap of any size where the quotient's period is proved."""
    import time

    from nimarcade.games.octal import solver
    from nimarcade.games.octal.rules import OctalState, format_move

    if misere:   # the tame rule, the quotient, then a search bounded by positions and time
        from nimarcade.games.octal import misere as misere_play

        start = time.monotonic()
        budget = misere_play.SECONDS if seconds is None else max(0.05, seconds)
        if not misere_play.heaps_answered(code_text, max(heaps, default=0), budget / 2):
            return _unanswered(code_text, misere)     # out of time
        state = OctalState.new(heaps, code_text, misere)
        v = misere_play.verdict(state, budget - (time.monotonic() - start), limit=solver.MOVES_SHOWN)
    else:
        state = OctalState.new(heaps, code_text, misere)
        v = solver.verdict(state, limit=solver.MOVES_SHOWN)
    if v.wins is None:
        return _unanswered(code_text, misere)
    kept = [i for i, h in enumerate(heaps) if h]       # the state's heap i is the player's kept[i]
    return {"outcome": "N" if v.wins else "P",
            "winning_moves": [format_move((kept[i], k, a)) for i, k, a in v.moves or ()],
            "method": v.method, "winning_count": len(v.moves or ()) if v.count is None else v.count}


def main(argv: Sequence[str] | None = None) -> int:
    from nimarcade.core.args import asked_language
    from nimarcade.core.rules import RulesError
    from nimarcade.games.takeaway.code import CodeError, OctalCode

    args_list = negative_position(list(sys.argv[1:] if argv is None else argv))
    if any(a == "--table" or a.startswith("--table=") for a in args_list):   # :mod:`.unsolved`
        from nimarcade.games.octal import unsolved

        return unsolved.main(args_list)
    lang = asked_language(args_list)
    if lang:
        i18n.set_language(lang)
    parser = build_parser()
    args = parser.parse_args(args_list)
    from nimarcade.games.takeaway.grundy import PROOF_SECONDS
    from nimarcade.games.takeaway.grundygame import is_grundy

    if is_grundy(args.code):     # Grundy's game, a named preset (no octal code)
        from nimarcade.games.octal import grundylab

        if args.seconds is None:     # past the values listed, no clock: the run goes to the end
            args.seconds = math.inf if args.values > grundylab.LISTED and args.position is None else PROOF_SECONDS
        return grundylab.main(args, Progress, heaps_of, print_position)
    if args.values > MAX_VALUES:     # an octal code's values are listed: its narrower range
        import argparse

        option = parser._option_string_actions["--values"]
        parser.error(str(argparse.ArgumentError(option, tr("lab.values_bad", value=getattr(args.values, "text",
                                                                                           str(args.values))))))
    if args.seconds is None:
        args.seconds = PROOF_SECONDS
    try:
        code = OctalCode.parse(args.code)
    except CodeError as err:
        print(tr("lab.bad_code", why=tr(err.key, **err.params)), file=sys.stderr)
        return BAD
    if args.position is not None:
        try:
            heaps = heaps_of(args.position)
            report = position_report(str(code), heaps, args.misere, seconds=args.seconds)
        except RulesError as err:
            key = err.key if err.key in (N_("lab.bad_position"), N_("lab.empty_heap"), N_("lab.negative_heap")) \
                else None
            text = tr(key, **err.params) if key else \
                tr("lab.bad_position_why", text=args.position[:40], why=tr(err.key, **err.params).rstrip("."))
            print(text, file=sys.stderr)
            return BAD
        if args.json:
            print(json.dumps(report))
        else:
            print_position(report, heaps, report["method"])
        return 0
    if args.quotient:   # the misère quotient's presentation (:mod:`nimarcade.games.octal.quotientlab`)
        from nimarcade.games.octal import quotientlab

        shown_q = quotientlab.report(code, args.seconds)
        if args.json:
            print(json.dumps(shown_q))
        else:
            quotientlab.print_report(shown_q)
        return 0
    if args.misere:   # misère play: the genus, the tame rule, the quotient (not the normal values)
        from nimarcade.games.octal import misere as misere_play

        misere_report = misere_play.sequence_report(code, args.values, args.seconds)
        if args.json:
            print(json.dumps(misere_report))
        else:
            misere_play.print_report(misere_report, args.values)
        return 0
    from nimarcade.games.takeaway import checkpoint, grundy

    shown = Progress(grundy.sequence(code))
    try:
        report = sequence_report(code, args.values, args.seconds, progress=shown)
    except KeyboardInterrupt:
        shown.done()
        seq = grundy.sequence(code)
        print(tr("lab.interrupted", n=i18n.decimal(seq.n, 0), path=str(checkpoint.path(code))), file=sys.stderr)
        return INTERRUPTED
    shown.done()
    if report.get("resumed"):
        print(tr("lab.resumed", n=i18n.decimal(report["resumed"], 0), path=str(checkpoint.path(code))),
              file=sys.stderr)
    if args.json:
        print(json.dumps(report))
        return 0
    print(tr("lab.out_code", code=report["code"], name=tr(N_("lab.name_misere") if args.misere else N_("lab.name_normal"))))
    if report["values"]:
        print(tr("lab.out_values", last=len(report["values"]) - 1, values=" ".join(map(str, report["values"]))))
    if report["proved"] and report["preperiod"] == 0:       # no exception: none to name
        print(tr("lab.out_period_pure", p=report["period"], bound=report["proof_bound"]))
    elif report["proved"]:
        print(tr("lab.out_period", p=report["period"], n0=report["preperiod"], last=report["preperiod"] - 1,
                 bound=report["proof_bound"]))
    elif report.get("stopped") == "infinite":
        print(tr("lab.out_infinite"))
    elif report.get("stopped") == "time":                   # the clock stopped it: more time may do
        print(tr("lab.out_no_period_time", n=report["searched"], s=i18n.decimal(report["seconds"], 1, trim=False),
                 more=math.ceil(args.seconds * 4)))
    else:
        print(tr("lab.out_no_period", n=report["searched"], s=i18n.decimal(report["seconds"], 1, trim=False)))
    if report.get("ruled_out"):
        r = report["ruled_out"]
        print(tr("lab.out_ruled_out", n=i18n.decimal(r["values"], 0), p=i18n.decimal(r["lengths_upto"], 0),
                 n0=i18n.decimal(r["preperiod_upto"], 0)))
    if report.get("candidate"):
        c = report["candidate"]
        print(tr("lab.out_candidate", p=c["period"], n0=c["preperiod"], bound=i18n.decimal(c["proof_bound"], 0)))
    if len(report["values"]) < args.values:
        print(tr("lab.out_values_short", n=len(report["values"]), asked=args.values))
    if report["rare_mask"] is not None:
        print(tr("lab.out_sparse", mask=report["rare_mask"], count=report["rare_count"], last=report["last_rare"],
                 largest=report["largest"], at=report["largest_at"]))
    else:
        print(tr("lab.out_no_sparse", largest=report["largest"], at=report["largest_at"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
