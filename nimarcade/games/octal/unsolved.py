"""``nimarcade lab --table unsolved [--values N] [--seconds S] [--codes C1,C2,…] [--results DIR]
[--markdown FILE] [--csv FILE] [--kept]``: the octal games still unsolved, each computed to N values (``2^20``
is read as 1,048,576) with the figures of the published tables: the largest value and where it
first comes, the rare mask, how many rare positions and the last one.

The list of codes, and the figures published for four of them, are copied as data from the open
octal-games solver's table (T. Czajka, github.com/tczajka/octal-games, ``UnsolvedGames.md``):
:data:`CODES`, :data:`PUBLISHED`. Grundy's game, first on that list, is no octal code: the lab
computes it as ``nimarcade lab grundy`` (:mod:`nimarcade.games.octal.grundylab`), not here.

Each code runs with the lab's sequence (:mod:`nimarcade.games.takeaway.grundy`: the sparse-space
loops where a rare mask holds) and its period search (:func:`nimarcade.games.takeaway.grundy.prove`),
within ``--seconds`` for that code. A code whose period the theorem proves is said so, loudly (it
would no longer be unsolved). Its result is kept in a file of the results folder (``lab/unsolved``
under the data folder by default), one per code; a code already done to N values (or proved) is
skipped, and one stopped by the clock resumes from the lab's checkpoint
(:mod:`nimarcade.games.takeaway.checkpoint`, kept for a finished code too: a larger N resumes
from it). The figures at a published size are compared with
the published ones whenever the values reach it: a difference is printed as one.

The table is printed in Markdown (as the published one), and written to ``--markdown`` and
``--csv`` when asked; ``--kept`` prints it from the results kept, computing nothing.
"""
from __future__ import annotations

import csv
import io
import json
import re
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from nimarcade import i18n
from nimarcade.i18n import N_, tr

#: The source of :data:`CODES` and :data:`PUBLISHED`.
SOURCE = "tczajka/octal-games, UnsolvedGames.md"

#: The unsolved octal codes of the source's list, in its order (Grundy's game, its first row, left out).
CODES: tuple[str, ...] = (
    "0.6", "0.04", "0.06", "0.14", "0.36", "0.64", "0.74", "0.76",
    "0.004", "0.005", "0.006", "0.014", "0.015", "0.016", "0.024", "0.026", "0.034", "0.054",
    "0.064", "0.104", "0.106", "0.114", "0.125", "0.126", "0.135", "0.136", "0.142", "0.143",
    "0.146", "0.161", "0.162", "0.163", "0.164", "0.166", "0.167", "0.172", "0.174", "0.204",
    "0.205", "0.206", "0.207", "0.224", "0.244", "0.245", "0.264", "0.314", "0.324", "0.334",
    "0.336", "0.342", "0.344", "0.346", "0.362", "0.364", "0.366", "0.371", "0.374", "0.404",
    "0.414", "0.416", "0.444", "0.454", "0.564", "0.604", "0.606", "0.744", "0.764", "0.774",
    "0.776", "4.004", "4.007", "4.026", "4.044", "4.045", "4.064", "4.324", "4.327", "4.344",
    "4.364", "4.367", "4.404", "4.406",
)

#: The source's figures: code -> (values, largest_at, largest, rare mask, rare count, last rare).
PUBLISHED: dict[str, tuple[int, int, int, int, int, int]] = {
    "0.6": (1 << 21, 1274955, 319, 0x1EE, 1584, 20627),
    "0.04": (1 << 17, 109363, 1024, 0x7B8, 18860, 131003),
    "0.06": (1 << 17, 127083, 1045, 0x5A0, 52923, 131070),
}

#: What ``--values`` gives by default, and the most it takes.
VALUES = 1 << 20
MAX_VALUES = 1 << 30
#: The default budget of one code, in seconds.
SECONDS = 60.0
#: The results' format, and the version of their figures (a result of another is computed again,
#: from the code's checkpoint: 2 took the published tables' mask, :func:`least_rare_mask`).
KIND, FORMAT, FIGURES = "nimarcade-unsolved", 1, 2
BAD = 2


def count_arg(text: str) -> int:
    """``--values``: a count of values, 64 to 2^30, written out or as ``2^k``."""
    m = re.fullmatch(r"\s*2\s*\^\s*(\d+)\s*", text)
    n = 1 << int(m.group(1)) if m and int(m.group(1)) <= 40 else int(text.replace("_", ""))
    if not 64 <= n <= MAX_VALUES:
        raise ValueError(text)
    return n


def build_parser() -> Any:
    from nimarcade.core.args import Parser, add_lang_option, budget, checked

    p = Parser(prog="nimarcade lab", description=tr("unsolved.description"), add_help=False)
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("--table", choices=["unsolved"], required=True, help=tr("unsolved.table_help"))
    p.add_argument("--values", metavar="N", type=checked(count_arg, N_("unsolved.values_bad")), default=VALUES,
                   help=tr("unsolved.values_help"))
    p.add_argument("--seconds", metavar="S", type=checked(budget, N_("unsolved.seconds_bad")), default=SECONDS,
                   help=tr("unsolved.seconds_help"))
    p.add_argument("--codes", metavar="C1,C2,…", help=tr("unsolved.codes_help"))
    p.add_argument("--results", metavar="DIR", help=tr("unsolved.results_help"))
    p.add_argument("--markdown", metavar="FILE", help=tr("unsolved.markdown_help"))
    p.add_argument("--csv", metavar="FILE", help=tr("unsolved.csv_help"))
    p.add_argument("--kept", action="store_true", help=tr("unsolved.kept_help"))
    add_lang_option(p)
    return p


# -- the figures -------------------------------------------------------------------------------------
def figures(values: Any, n: int) -> dict[str, Any]:
    """The published tables' figures over G[:n]: ``largest``, ``largest_at`` (its first position),
    ``rare_mask`` (:func:`least_rare_mask`; None past the widest mask tried),
    ``rare_count`` (positions 0 <= i < n whose value is rare), ``last_rare``."""
    import numpy as np

    from nimarcade.games.takeaway import sparse

    G = np.asarray(values[:n])
    at = int(np.argmax(G))
    out: dict[str, Any] = {"values": int(n), "largest": int(G[at]), "largest_at": at,
                           "rare_mask": None, "rare_count": None, "last_rare": None}
    mask = least_rare_mask(G, np)
    if mask:
        out["rare_mask"] = int(mask)
        out["rare_count"], out["last_rare"] = sparse.rare_stats(G, mask, np)
    return out


def least_rare_mask(G: Any, np: Any) -> int:
    """The mask that leaves the fewest rare positions in ``G`` (ties: in its later half, then the
    smallest mask), whatever their share: the published tables' choice (their .06 at 2^17: 0x5a0,
    52,923 rare, where the fewest in the later half would be 0x640, 61,439 rare), and one for every
    code (:func:`nimarcade.games.takeaway.sparse.best_mask`, which picks the loops' mask, weighs
    the later half and gives none past its share); 0 when the values pass the widest mask tried
    (:data:`nimarcade.games.takeaway.sparse.MASK_BITS`)."""
    from nimarcade.games.takeaway import sparse

    n = len(G)
    top = int(G.max()) if n else 0
    bits = max(1, top.bit_length())
    if n < 64 or bits > sparse.MASK_BITS:
        return 0
    late = sparse.tally(G[n // 2:], 1 << bits, np)          # (by slices: no 8-byte copy of G)
    whole = sparse.tally(G, 1 << bits, np)
    v = np.arange(1 << bits, dtype=np.int64)
    table = np.array([sparse.parity(i, -1) for i in range(1 << bits)], dtype=np.int64)
    best, best_key = 0, (n + 1, n + 1)
    for m in range(1, 1 << bits):
        rare = table[v & m] == 0
        key = (int(whole[rare].sum()), int(late[rare].sum()))
        if key < best_key:
            best, best_key = m, key
    return best


def compare(code: str, values: Any, n: int) -> dict[str, Any] | None:
    """The published figures of ``code`` against ours at the published size (None: none published,
    or fewer values known): ``equal`` and both sets."""
    pub = PUBLISHED.get(code)
    if pub is None or n < pub[0]:
        return None
    size, at, largest, mask, count, last = pub
    theirs = {"values": size, "largest": largest, "largest_at": at, "rare_mask": mask,
              "rare_count": count, "last_rare": last}
    ours = figures(values, size)
    return {"equal": ours == theirs, "ours": ours, "published": theirs}


# -- one code ----------------------------------------------------------------------------------------
def results_dir(given: str | None = None) -> Path:
    if given:
        return Path(given)
    from nimarcade.storage.files import data_dir

    return data_dir() / "lab" / "unsolved"


def result_path(folder: Path, code: str) -> Path:
    return folder / (re.sub(r"[^0-9A-Za-z]+", "_", code).strip("_") + ".json")


def load_result(folder: Path, code: str) -> dict[str, Any] | None:
    try:
        data = json.loads(result_path(folder, code).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("kind") != KIND or data.get("format") != FORMAT \
            or data.get("code") != code:
        return None
    return data


def finished(result: dict[str, Any] | None, size: int) -> bool:
    """Whether a kept result answers ``size`` values: reached them, or its period is proved."""
    return result is not None and result.get("figures") == FIGURES and (
        result.get("period") is not None or (bool(result.get("done")) and int(result.get("values", 0)) >= size))


def run_code(code_text: str, size: int, seconds: float, folder: Path,
             progress: Any = None) -> dict[str, Any]:
    """Compute one code to ``size`` values within ``seconds`` (resuming from its checkpoint), write
    and return its result."""
    from nimarcade.games.takeaway import checkpoint, grundy
    from nimarcade.games.takeaway.code import OctalCode
    from nimarcade.storage.files import atomic_write_bytes

    code = OctalCode.parse(code_text)
    before = load_result(folder, code_text)
    spent_before = float(before.get("seconds", 0.0)) if before else 0.0
    start = time.monotonic()
    grundy.forget(code)
    seq = grundy.sequence(code)
    kept = checkpoint.load(code)
    if kept is not None and len(kept[0]) > seq.n:
        seq.restore(kept[0][:size] if len(kept[0]) > size else kept[0], kept[1], adopt=True)   # (no copy)
    keeper = checkpoint.Keeper(code, seq, True, 30.0, progress)
    try:
        proof = grundy.prove(code, seconds=seconds, max_n=size, progress=keeper.step)
    except KeyboardInterrupt:
        keeper.keep()
        raise
    n = seq.n if proof.proved else min(seq.n, size)
    keeper.keep()                  # (also when done: a larger size resumes from there)
    out: dict[str, Any] = {"kind": KIND, "format": FORMAT, "figures": FIGURES, "code": code_text, "asked": size,
                           "done": proof.proved or n >= size,
                           "seconds": round(spent_before + time.monotonic() - start, 2),
                           "period": proof.period, "preperiod": proof.preperiod,
                           "proof_bound": proof.proof_bound}
    out.update(figures(seq.G, n))
    out["published_check"] = compare(code_text, seq.G, n)
    grundy.forget(code)
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(result_path(folder, code_text), json.dumps(out, indent=1).encode("utf-8"))
    return out


# -- the table ---------------------------------------------------------------------------------------
COLUMNS = (N_("unsolved.col_game"), N_("unsolved.col_n"), N_("unsolved.col_largest_at"),
           N_("unsolved.col_largest"), N_("unsolved.col_mask"), N_("unsolved.col_rare"),
           N_("unsolved.col_last_rare"), N_("unsolved.col_status"), N_("unsolved.col_seconds"),
           N_("unsolved.col_published"))


def _size(n: int) -> str:
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


def row(code: str, result: dict[str, Any] | None) -> list[str]:
    short = code[1:] if code.startswith("0.") else code
    if result is None:
        return [short] + [""] * 6 + [tr("unsolved.status_not_run"), "", _published(code, None)]
    mask = result.get("rare_mask")
    if result.get("period") is not None:
        status = tr("unsolved.status_periodic", p=result["period"], n0=result["preperiod"])
    elif result.get("done"):
        status = tr("unsolved.status_open")
    else:
        status = tr("unsolved.status_partial", asked=_size(int(result["asked"])))
    return [short, _size(int(result["values"])), str(result["largest_at"]), str(result["largest"]),
            f"{mask:x}" if mask else tr("unsolved.no_mask"),
            str(result["rare_count"]) if mask else "", str(result["last_rare"]) if mask else "",
            status, i18n.decimal(float(result["seconds"]), 1, trim=False), _published(code, result)]


def _published(code: str, result: dict[str, Any] | None) -> str:
    if code not in PUBLISHED:
        return ""
    check = result.get("published_check") if result else None
    if check is None:
        return tr("unsolved.published_not_reached", n=_size(PUBLISHED[code][0]))
    key = N_("unsolved.published_equal") if check["equal"] else N_("unsolved.published_differs")
    return tr(key, n=_size(PUBLISHED[code][0]))


def markdown(rows: list[list[str]]) -> str:
    head = [tr(k) for k in COLUMNS]
    lines = ["| " + " | ".join(head) + " |",
             "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | :--- | ---: | :--- |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def csv_text(codes: Sequence[str], results: dict[str, dict[str, Any] | None]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["code", "asked", "values", "largest_at", "largest", "rare_mask", "rare_count", "last_rare",
                "period", "preperiod", "proof_bound", "seconds", "published_equal"])
    for c in codes:
        r = results.get(c)
        if r is None:
            w.writerow([c] + [""] * 12)
            continue
        check = r.get("published_check")
        w.writerow([c, r["asked"], r["values"], r["largest_at"], r["largest"],
                    f"{r['rare_mask']:x}" if r.get("rare_mask") else "", r.get("rare_count") or "",
                    r.get("last_rare") or "", r.get("period") or "", "" if r.get("preperiod") is None
                    else r["preperiod"], r.get("proof_bound") or "", r["seconds"],
                    "" if check is None else ("yes" if check["equal"] else "no")])
    return buf.getvalue()


def main(argv: Sequence[str]) -> int:
    from nimarcade.core.args import asked_language
    from nimarcade.games.takeaway.code import CodeError, OctalCode

    args_list = list(argv)
    lang = asked_language(args_list)
    if lang:
        i18n.set_language(lang)
    args = build_parser().parse_args(args_list)
    codes: list[str] = list(CODES)
    if args.codes:
        codes = []
        for text in args.codes.split(","):
            try:
                codes.append(str(OctalCode.parse(text.strip())))
            except CodeError as err:
                print(tr("lab.bad_code", why=tr(err.key, **err.params)), file=sys.stderr)
                return BAD
    folder = results_dir(args.results)
    results: dict[str, dict[str, Any] | None] = {}
    for c in codes:
        kept = load_result(folder, c)
        if args.kept:                       # the table of the results kept, nothing computed
            results[c] = kept
            continue
        if finished(kept, args.values):
            print(tr("unsolved.skipped", code=c, n=i18n.decimal(int(kept["values"]) if kept else 0, 0)),
                  file=sys.stderr)
            results[c] = kept
            continue
        try:
            r = run_code(c, args.values, args.seconds, folder)
        except KeyboardInterrupt:
            print(tr("unsolved.interrupted", code=c), file=sys.stderr)
            return 130
        results[c] = r
        print(tr("unsolved.done", code=c, n=i18n.decimal(int(r["values"]), 0),
                 s=i18n.decimal(float(r["seconds"]), 1, trim=False)), file=sys.stderr)
        if r["period"] is not None:
            print(tr("unsolved.periodic", code=c, p=r["period"], n0=r["preperiod"], bound=r["proof_bound"]),
                  file=sys.stderr)
        check = r.get("published_check")
        if check is not None and not check["equal"]:
            print(tr("unsolved.differs", code=c, ours=json.dumps(check["ours"]),
                     theirs=json.dumps(check["published"])), file=sys.stderr)
    table = markdown([row(c, results.get(c)) for c in codes])
    print(table, end="")
    from nimarcade.storage.files import atomic_write_bytes

    if args.markdown:
        atomic_write_bytes(Path(args.markdown), table.encode("utf-8"))
    if args.csv:
        atomic_write_bytes(Path(args.csv), csv_text(codes, results).encode("utf-8"))
    return 0
