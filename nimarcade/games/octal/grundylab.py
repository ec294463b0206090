"""``nimarcade lab grundy``: Grundy's game in the lab (:mod:`nimarcade.games.takeaway.grundygame`:
split one heap into two heaps of different sizes), a named preset beside the octal codes.

Without ``--position``: G(0)…G(N-1), computed within ``--seconds`` (the whole command's budget,
30 by default) and no further: at once when they are known (``stopped`` "values"; "time" when the
budget ran out first); ``--values 0`` lists none and pushes the sparse-space method as far as
``--seconds`` go ("time", or "size" past the most values kept). N is a whole number or ``2^k``, up
to :data:`nimarcade.games.takeaway.grundygame.MAX_VALUES` (2^31): past
:data:`nimarcade.games.octal.lab.MAX_VALUES` (a million) the values are computed to N exactly and
their figures given, but not listed (one line says so; ``--json``: ``values`` empty, ``listed``
false), and without ``--seconds`` such a run has no clock: it goes to N (hours for 2^28), Ctrl+C
stops it and the same command resumes. The figures (``rare_mask``, ``rare_count``, ``last_rare``,
``largest``, ``largest_at``) are those of G(0)…G(N-1) (``figures_upto``) even when a checkpoint
knows more, so that they compare with a published table at N; with ``--values 0``, of every value
known. No period is known for Grundy's
game, none is proved (``period`` null, ``known_period`` false), with the same JSON fields as an octal code (``rare_mask``, ``rare_count``, ``last_rare``, ``largest``,
``largest_at``, ``convention``…). A run past a few seconds shows its progress and keeps its values
in a checkpoint of the data folder (``lab/grundy.npz``), resumed by the next run; Ctrl+C keeps them
too (exit 130). With ``--position``: N or P by the xor of the heaps' values, and every winning
move as ``heap:0:part`` (the octal notation of a split that takes nothing: heap 1 of 7 split into
2 and 5 is ``1:0:2``). Misère play is not offered (exit 2).
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any, Callable, cast

from nimarcade import i18n
from nimarcade.i18n import N_, tr

BAD = 2
INTERRUPTED = 130
#: Seconds between two checkpoints of a long run (the values of 100 million heaps weigh 100 MB).
CHECKPOINT_SECONDS = 60.0
#: The largest heap ``--position`` takes (its values are computed first: about 5 s for a million).
MAX_HEAP = 10_000_000
#: Values asked up to this many are computed afresh (well under a second), the checkpoint left alone.
FRESH = 10_000
#: Winning moves listed at most (the others counted).
MOVES_SHOWN = 1000
#: The most values listed (:data:`nimarcade.games.octal.lab.MAX_VALUES`): past them, computed and
#: described by their figures only.
LISTED = 1_000_000


def resume() -> int:
    """Take the checkpoint's values when it has more than the process: how many (0: none taken)."""
    from nimarcade.games.takeaway import checkpoint
    from nimarcade.games.takeaway import grundygame as gg

    seq = gg.sequence()
    kept = checkpoint.load(cast(Any, gg.GAME))
    if kept is not None and len(kept[0]) > seq.n:
        count = len(kept[0])
        seq.restore(*kept, adopt=True)       # the array just read becomes the sequence's own
        return count
    return 0


def sequence_report(count: int, seconds: float, progress: Callable[[int], None] | None = None,
                    checkpoints: bool = True, resumed: int | None = None) -> dict[str, Any]:
    """The values of Grundy's game G(0)…G(count-1), computed within ``seconds`` and no further
    (``stopped`` "values": they are known, at once when a checkpoint or an earlier run has them;
    "time": the budget ran out first), from the checkpoint when there is one (``resumed``: already
    taken by :func:`resume`, that many values); ``count`` 0 asks for none to be listed and computes
    as far as ``seconds`` go (``stopped`` "time", or "size" at the most values kept: how the
    frontier is pushed). ``progress(n)`` as the values grow (it may raise KeyboardInterrupt: the
    values so far are kept)."""
    from nimarcade.games.takeaway import checkpoint, grundy
    from nimarcade.games.takeaway import grundygame as gg

    start = time.monotonic()
    deadline = start + max(0.05, seconds) * 0.97
    seq = gg.sequence()
    game: Any = gg.GAME             # the checkpoint reads its name, as an octal code's
    if resumed is None:
        resumed = resume() if checkpoints else 0
    keeper = checkpoint.Keeper(game, seq, checkpoints, CHECKPOINT_SECONDS, progress)
    try:
        target = min(count, gg.MAX_VALUES) if count else gg.MAX_VALUES
        done = grundy.grow(cast(Any, seq), target, deadline, keeper.step)   # (grow reads n and ensure)
    except KeyboardInterrupt:
        keeper.keep()
        raise
    if time.monotonic() - start > 3.0:
        keeper.keep()
    listed = count <= LISTED
    out: dict[str, Any] = {
        "code": gg.NAME,
        "convention": "normal",
        "values": [int(v) for v in seq.G[:min(count, seq.n)]] if listed else [],
        "listed": listed,
        "period": None,
        "preperiod": None,
        "proved": False,
        "proof_bound": None,
        "known_period": False,
    }
    upto = min(count, seq.n) if count else seq.n
    out.update(figures(seq, upto))
    out["figures_upto"] = upto
    if resumed:
        out["resumed"] = resumed
    out["searched"] = seq.n
    out["seconds"] = round(time.monotonic() - start, 3)
    out["stopped"] = "time" if not done else "values" if count else "size"
    return out


def figures(seq: Any, upto: int) -> dict[str, Any]:
    """The published table's figures of G(0)…G(upto-1): the sequence's own
    (:meth:`~nimarcade.games.takeaway.grundygame.GrundySequence.stats`) when it knows no more, else
    read off the first ``upto`` values (a checkpoint may know more than asked), by slices, so that
    no copy of the values is made."""
    from nimarcade.games.takeaway import grundygame as gg

    if upto >= seq.n:
        return cast(dict[str, Any], seq.stats())
    G = seq.G
    if not hasattr(G, "dtype"):          # the Python loop's list (a few thousand values)
        vals = [int(v) for v in G[:upto]]
        at = max(range(upto), key=lambda i: (vals[i], -i))
        top = vals[at]
        rare = [i for i in range(1, upto) if gg.parity(vals[i], seq.mask) == 0]
        count, last = len(rare), rare[-1] if rare else 0
    else:
        import numpy as np

        at = int(np.argmax(G[:upto]))
        top = int(G[at])
        table = np.array([gg.parity(v, seq.mask) == 0 for v in range(top + 1)], dtype=bool)
        count, last = 0, 0
        for lo in range(1, upto, SLICE):
            where = np.flatnonzero(table[G[lo:min(upto, lo + SLICE)]])
            if len(where):
                count += len(where)
                last = lo + int(where[-1])
    return {"rare_mask": seq.mask & ((1 << max(1, top.bit_length())) - 1) or None,
            "rare_count": count + 1, "last_rare": last, "largest": top, "largest_at": at}


#: The values read at a time by :func:`figures` (16 MB of flags).
SLICE = 1 << 24


def position_report(heaps: list[int]) -> dict[str, Any]:
    """N or P for the heaps (empty ones kept in the numbering) and the winning moves."""
    from nimarcade.core.rules.errors import InvalidSetup
    from nimarcade.games.takeaway import grundygame as gg

    big = max(heaps, default=0)
    if big > MAX_HEAP:
        raise InvalidSetup(N_("lab.grundy_heap_big"), max=MAX_HEAP, n=big)
    seq = gg.sequence()
    seq.ensure(big + 1)
    G = seq.G
    total = 0
    for h in heaps:
        total ^= int(G[h])
    if total == 0:
        return {"outcome": "P", "winning_moves": [], "method": "grundy", "winning_count": 0}
    moves: list[str] = []
    found = 0
    for i, h in enumerate(heaps):
        want = total ^ int(G[h])
        for a, b in gg.splits(h):
            if int(G[a]) ^ int(G[b]) == want:
                found += 1
                if len(moves) < MOVES_SHOWN:
                    moves.append(f"{i + 1}:0:{a}")
    return {"outcome": "N", "winning_moves": moves, "method": "grundy", "winning_count": found}


def main(args: Any, progress: Callable[[Any], Any], heaps_of: Callable[[str], list[int]],
         print_position: Callable[[dict[str, Any], list[int], str], None]) -> int:
    """The lab's command for ``grundy`` (:mod:`.lab` calls it): ``args`` the lab's parsed arguments,
    ``progress`` its progress display (made of the sequence), ``heaps_of`` its reader of
    ``--position``, ``print_position`` its way of saying a position's report."""
    from nimarcade.core.rules import RulesError
    from nimarcade.games.takeaway import checkpoint
    from nimarcade.games.takeaway import grundygame as gg

    if args.misere:
        print(tr("lab.grundy_misere"), file=sys.stderr)
        return BAD
    if args.position is not None:
        try:
            heaps = heaps_of(args.position)
            report = position_report(heaps)
        except RulesError as err:
            print(tr(err.key, **err.params), file=sys.stderr)
            return BAD
        if args.json:
            print(json.dumps(report))
            return 0
        print_position(report, heaps, "grundy")
        return 0
    start = time.monotonic()
    few = 0 < args.values <= FRESH  # computed at once: no checkpoint read (it may weigh 100 MB) nor written
    resumed = 0 if few else resume()   # before the progress display: its rate counts new values only
    shown = progress(gg.sequence())
    try:
        report = sequence_report(args.values, max(0.05, args.seconds - (time.monotonic() - start)),
                                 progress=shown, resumed=resumed, checkpoints=not few)
    except KeyboardInterrupt:
        shown.done()
        print(tr("lab.interrupted", n=i18n.decimal(gg.sequence().n, 0), path=str(checkpoint.path(cast(Any, gg.GAME)))),
              file=sys.stderr)
        return INTERRUPTED
    shown.done()
    if report.get("resumed"):
        print(tr("lab.resumed", n=i18n.decimal(report["resumed"], 0), path=str(checkpoint.path(cast(Any, gg.GAME)))),
              file=sys.stderr)
    if args.json:
        print(json.dumps(report))
        return 0
    print(tr("lab.out_grundy", name=tr("lab.name_normal")))
    if report["values"]:
        print(tr("lab.out_values", last=len(report["values"]) - 1, values=" ".join(map(str, report["values"]))))
    print(tr("lab.out_grundy_no_period", n=i18n.decimal(report["searched"], 0),
             s=i18n.decimal(report["seconds"], 1, trim=False)))
    if not report["listed"]:
        print(tr("lab.grundy_not_listed", most=i18n.decimal(LISTED, 0), asked=i18n.decimal(args.values, 0)))
    if report["stopped"] == "time" and args.values:
        print(tr("lab.grundy_values_short", n=i18n.decimal(report["searched"], 0),
                 asked=i18n.decimal(args.values, 0)))
    if report["figures_upto"] < report["searched"]:
        print(tr("lab.grundy_figures_upto", last=i18n.decimal(report["figures_upto"] - 1, 0),
                 known=i18n.decimal(report["searched"], 0)))
    print(tr("lab.out_sparse", mask=report["rare_mask"], count=report["rare_count"], last=report["last_rare"],
             largest=report["largest"], at=report["largest_at"]))
    return 0
