"""``nimarcade lab CODE [--misere] [--values N] [--position H1,H2,…] [--json]`` (also ``python -m
nimarcade.lab``): an octal game's Grundy sequence with its period proved, or one position's
outcome and winning moves.

Without ``--position``: G(0)…G(N-1), the least period and preperiod proved by the octal
periodicity theorem (``proof_bound``: the values the proof looked at), or, when the search ran out
of time (``--seconds``, 30 by default) or the code has no largest take, ``period`` null and how
far it went. With ``--position``: "N" (the player to move wins) or "P", and every winning move in
the game's notation, under the chosen convention; only what that position needs is computed.
A bad code or position: one line in the chosen language (``--lang``), exit 2.
"""
from __future__ import annotations

import json
import sys
from typing import Any, Sequence

from nimarcade import i18n
from nimarcade.i18n import N_, tr

#: What ``--values`` gives by default.
VALUES = 40
BAD = 2


def build_parser() -> Any:
    from nimarcade.core.args import Parser, checked, language_code
    from nimarcade.games.takeaway.grundy import PROOF_SECONDS

    p = Parser(prog="nimarcade lab", description=tr("lab.description"), add_help=False)
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("code", metavar="CODE", help=tr("lab.code_help"))
    p.add_argument("--misere", action="store_true", help=tr("lab.misere_help"))
    p.add_argument("--values", metavar="N", type=checked(_count, N_("lab.values_help")), default=VALUES,
                   help=tr("lab.values_help"))
    p.add_argument("--position", metavar="H1,H2,…", help=tr("lab.position_help"))
    p.add_argument("--seconds", metavar="S", type=checked(float, N_("lab.seconds_help")), default=PROOF_SECONDS,
                   help=tr("lab.seconds_help"))
    p.add_argument("--json", action="store_true", help=tr("lab.json_help"))
    p.add_argument("--lang", metavar="fr|en", type=checked(language_code, N_("text.cli_lang")), help=tr("cli.lang"))
    return p


def _count(text: str) -> int:
    n = int(text)
    if not 0 <= n <= 1_000_000:
        raise ValueError(text)
    return n


def sequence_report(code: Any, count: int, seconds: float) -> dict[str, Any]:
    from nimarcade.games.takeaway import grundy

    proof = grundy.prove(code, seconds=seconds)
    out: dict[str, Any] = {
        "code": str(code),
        "values": grundy.sequence(code).values(count),
        "period": proof.period,
        "preperiod": proof.preperiod,
        "proved": proof.proved,
        "proof_bound": proof.proof_bound,
    }
    if not proof.proved:
        out["searched"] = proof.searched
        out["seconds"] = round(proof.seconds, 3)
        out["stopped"] = proof.stopped
    return out


def position_report(code_text: str, heaps: list[int], misere: bool) -> dict[str, Any]:
    from nimarcade.games.octal import solver
    from nimarcade.games.octal.rules import OctalState, format_move

    state = OctalState.new(heaps, code_text, misere)
    v = solver.verdict(state)
    if v.wins is None:
        return {"outcome": None, "winning_moves": None, "method": "none"}
    return {"outcome": "N" if v.wins else "P", "winning_moves": [format_move(m) for m in v.moves or ()],
            "method": v.method}


def main(argv: Sequence[str] | None = None) -> int:
    from nimarcade.core.args import asked_language
    from nimarcade.core.positions import numbers
    from nimarcade.core.rules import RulesError
    from nimarcade.games.takeaway.code import CodeError, OctalCode

    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = asked_language(args_list)
    if lang:
        i18n.set_language(lang)
    args = build_parser().parse_args(args_list)
    try:
        code = OctalCode.parse(args.code)
    except CodeError as err:
        print(tr("lab.bad_code", why=tr(err.key, **err.params)), file=sys.stderr)
        return BAD
    if args.position is not None:
        try:
            heaps = numbers(args.position, N_("lab.bad_position"))
            report = position_report(str(code), heaps, args.misere)
        except RulesError as err:
            key = err.key if err.key == N_("lab.bad_position") else None
            text = tr(key, **err.params) if key else tr("lab.bad_position", text=args.position[:40]) + \
                " " + tr(err.key, **err.params)
            print(text, file=sys.stderr)
            return BAD
        if args.json:
            print(json.dumps(report))
        else:
            pos = ",".join(map(str, heaps))
            if report["outcome"] is None:
                print(tr("lab.out_unknown", pos=pos))
            else:
                method = tr(f"lab.method_{report['method']}")
                print(tr(N_("lab.out_outcome_n") if report["outcome"] == "N" else N_("lab.out_outcome_p"), pos=pos,
                         method=method))
                if report["winning_moves"]:
                    print(tr("lab.out_moves", moves=", ".join(report["winning_moves"])))
        return 0
    report = sequence_report(code, args.values, args.seconds)
    if args.json:
        print(json.dumps(report))
        return 0
    print(tr("lab.out_code", code=report["code"], name=tr(N_("lab.name_misere") if args.misere else N_("lab.name_normal"))))
    if report["values"]:
        print(tr("lab.out_values", last=len(report["values"]) - 1, values=" ".join(map(str, report["values"]))))
    if report["proved"]:
        print(tr("lab.out_period", p=report["period"], n0=report["preperiod"], last=report["preperiod"] - 1,
                 bound=report["proof_bound"]))
    elif report.get("stopped") == "infinite":
        print(tr("lab.out_infinite"))
    else:
        print(tr("lab.out_no_period", n=report["searched"], s=i18n.decimal(report["seconds"], 1, trim=False)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
