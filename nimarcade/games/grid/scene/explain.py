"""The words of the Pawns scene: why the hinted move wins, in the seed's words (section 4.2): each
pawn's nimber, their nim-addition p, and the pawn to move so that p becomes 0 (or why the position
is lost); and the side panel's lines."""
from __future__ import annotations

from collections import Counter

from nimarcade.games.grid.solver import nim_sum as grid_nim_sum
from nimarcade.core.hints import Hint
from nimarcade.i18n import tr
from nimarcade.games.grid.rules import GridState, nimber
from nimarcade.games.sinkboard.rules import Cell
from nimarcade.window.ui import theme
from nimarcade.window.ui.richtext import OPLUS

from nimarcade.games.sinkboard.art import Line


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
        more = len(hint.moves) - 1 - len(others)          # not listed: said, not hidden (a count, not silence)
        if others:
            lines.append(tr("grid.others", moves=", ".join(others)
                            + (tr("hint.more_moves", n=more) if more > 0 else "")))
    return lines


def panel_lines(st: GridState, waiting: str | None, selected: Cell | None, auto: bool, look: Cell | None,
                reasons: list[str] | None) -> list[Line]:
    """What the side panel says: the pawns left, whose turn (``waiting``: the other player's name),
    the pawn chosen and its numbered destinations (or the numbered pawns), a stack under ``look``,
    the hint's ``reasons``."""
    out: list[Line] = [
        (tr("grid.pawns_left", n=len(st.pawns)) if st.pawns else tr("grid.none_left"), 26, theme.TEXT),
        (tr("grid.sink", row=st.rows, col=st.cols), 20, theme.TEXT_DIM),
        ("", 8, theme.TEXT),
    ]
    if st.is_over:
        return out
    if waiting is not None:
        out.append((tr("grid.waiting", name=waiting), 22, theme.TEXT_DIM))
        return out
    if selected is not None:
        r, c = selected
        if auto:
            out.append((tr("grid.only_one", row=r, col=c), 22, theme.TEXT))
        out.append((tr("grid.selected", row=r, col=c), 24, theme.ACCENT))
        dests = st.destinations(selected)
        out.append(("   ".join(f"{i + 1}:({a},{b})" for i, (a, b) in enumerate(dests)), 24, theme.TEXT))
        out.append((tr("grid.keys_dest", n=len(dests)), 19, theme.TEXT_DIM))
    else:
        cells = st.pawn_cells()
        out.append((tr("grid.choose_pawn"), 24, theme.ACCENT))
        if len(cells) <= 9:
            menu = "   ".join(f"{i + 1}:({a},{b})" for i, (a, b) in enumerate(cells))
            out.append((menu, 22, theme.TEXT))
            out.append((tr("grid.keys_pawn_digits", n=len(cells)), 19, theme.TEXT_DIM))
        else:
            out.append((tr("grid.keys_pawn"), 19, theme.TEXT_DIM))
    if look is not None and st.count_at(look) > 1:
        out.append((tr("grid.stacked", n=st.count_at(look), row=look[0], col=look[1]), 19, theme.TEXT_DIM))
    if reasons is not None:
        out.append(("", 6, theme.TEXT))
        out += [(line, 19, theme.GOOD) for line in reasons]
    return out
