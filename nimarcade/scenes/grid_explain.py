"""Why the hinted Pawns move wins, in the seed's words (section 4.2): each pawn's nimber, their
nim-addition p, and the pawn to move so that p becomes 0 (or why the position is lost)."""
from __future__ import annotations

from collections import Counter

from nimarcade.ai.exact import grid_nim_sum
from nimarcade.ai.hints import Hint
from nimarcade.i18n import tr
from nimarcade.rules.grid import GridState, nimber
from nimarcade.ui.richtext import OPLUS


def explain_lines(st: GridState, hint: Hint) -> list[str]:
    """The hint's first line, then the reasoning (the scene's side panel shows lines 2 on)."""
    nims = [nimber(r, c, st.rows, st.cols) for r, c in st.pawns]
    p = grid_nim_sum(st)
    lines: list[str] = []
    if hint.lost or not hint.moves:
        lines.append(tr("grid.lost_line"))
    else:
        (r, c), (r2, c2) = hint.moves[0]
        lines.append(tr("grid.hint_line", r=r, c=c, r2=r2, c2=c2))
    if len(st.pawns) <= 8:
        lines.append(tr("grid.nimbers_of"))
        counts = Counter(st.pawns)
        lines.append("  ·  ".join(
            f"({r},{c}) : {nimber(r, c, st.rows, st.cols)}" + (f" ×{k}" if k > 1 else "")
            for (r, c), k in sorted(counts.items())))
        terms = [str(n) for n in nims]
    else:
        tally = Counter(nims)
        lines.append(tr("grid.nimber_counts", n=len(nims)) + " " + "  ·  ".join(
            f"{tally[v]} × {v}" for v in range(4) if tally[v]))
        lines.append(tr("grid.pairs_cancel", xor=OPLUS))
        terms = [str(v) for v in range(1, 4) if tally[v] % 2] or ["0"]
    if len(terms) == 1:
        lines.append(f"p = {p}")
    else:
        lines.append(tr("grid.p_value", terms=f" {OPLUS} ".join(terms), p=p))
    if hint.lost or not hint.moves:
        lines += [tr("grid.lost_why", xor=OPLUS), tr("grid.lost_advice")]
    else:
        (r, c), (r2, c2) = hint.moves[0]
        n = nimber(r, c, st.rows, st.cols)
        lines.append(tr("grid.nonzero"))
        lines.append(tr("grid.why_move", r=r, c=c, n=n, p=p, m=n ^ p, r2=r2, c2=c2, xor=OPLUS))
        lines.append(tr("grid.why_after"))
        others = [tr("grid.move_short", r=a, c=b, r2=x, c2=y) for (a, b), (x, y) in hint.moves[1:4]]
        if others:
            lines.append(tr("grid.others", moves=", ".join(others)))
    return lines
