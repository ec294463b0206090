"""The words of « La reine au puits »: the side panel's lines, and why the hinted move wins, at two
depths. For the player: the move and a sentence (a cold cell; a position lost for the opponent).
The theory, on demand (T): one queen, its distances to the sink, the table of cold pairs
(⌊kφ⌋, ⌊kφ²⌋) with the golden ratio and the cold pair the move reaches; several queens, each
queen's Grundy value, their xor x, and the queen whose value changes so that x becomes 0 (as the
Pawns explanation does with nimbers).
"""
from __future__ import annotations

from collections import Counter

from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, tr
from nimarcade.games.sinkboard.rules import Cell
from nimarcade.games.wythoff.rules import WythoffState, cold_pairs
from nimarcade.window.ui import theme
from nimarcade.window.ui.richtext import OPLUS

from nimarcade.games.sinkboard.art import Line


def panel_lines(st: WythoffState, waiting: str | None, selected: Cell | None, auto: bool, focus: Cell | None,
                look: Cell | None, reasons: list[str] | None) -> list[Line]:
    """What the side panel says: the queens left, whose turn (``waiting``: the other player's name),
    the queen chosen and the destination looked at, a stack under ``look``, the hint's ``reasons``."""
    out: list[Line] = [
        (tr("wythoff.queens_left", n=len(st.queens)) if st.queens else tr("wythoff.none_left"), 26, theme.TEXT),
        (tr("wythoff.sink", row=st.rows, col=st.cols), 20, theme.TEXT_DIM),
        ("", 6, theme.TEXT),
    ]
    if st.is_over:
        return out
    if waiting is not None:
        return out + [(tr("wythoff.waiting", name=waiting), 22, theme.TEXT_DIM)]
    if selected is not None:
        r, c = selected
        if auto:
            out.append((tr("wythoff.only_one", row=r, col=c), 20, theme.TEXT))
        out.append((tr("wythoff.selected", row=r, col=c), 22, theme.ACCENT))
        if focus is not None:
            key = N_("wythoff.target_sink") if focus == st.sink else N_("wythoff.target")
            out.append((tr(key, row=focus[0], col=focus[1]), 22, theme.TEXT))
        if reasons is None:
            out.append((tr("wythoff.keys_dest"), 18, theme.TEXT_DIM))
    else:
        out.append((tr("wythoff.choose_queen"), 22, theme.ACCENT))
        out.append((tr("wythoff.keys_queen"), 18, theme.TEXT_DIM))
    if look is not None and st.count_at(look) > 1:
        out.append((tr("wythoff.stacked", n=st.count_at(look), row=look[0], col=look[1]), 18, theme.TEXT_DIM))
    if reasons is not None:
        out.append(("", 4, theme.TEXT))
        out += [(line, 18, theme.GOOD) for line in reasons]
    return out


def preferred(st: WythoffState, hint: Hint):
    """The winning move to show: one into the sink when there is one (it ends the game, or takes a
    queen away), else the first winning move; None when the position is lost."""
    if hint.lost or not hint.moves:
        return None
    return next((m for m in hint.moves if m[1] == st.sink), hint.moves[0])


def cold_table(rows: int, cols: int) -> str:
    """The cold pairs (k = 0, 1, 2...) that fit on the board: « (0,0) · (1,2) · (3,5) · ... »."""
    limit = max(rows, cols) - 1
    return "  ·  ".join(f"({a},{b})" for a, b in cold_pairs(limit) if b <= limit)


def explain_lines(st: WythoffState, hint: Hint) -> list[str]:
    """The hint for the player: its first line (the move, or the lost position), then why in a
    sentence (the scene's side panel shows lines 2 on). The theory is :func:`theory_lines`."""
    best = preferred(st, hint)
    one = len(st.queens) == 1
    if best is None:
        return [tr(N_("wythoff.lost_one") if one else N_("wythoff.lost_many")), tr("wythoff.lost_advice")]
    (r, c), (r2, c2) = best
    if one and (r2, c2) == st.sink:
        return [tr("wythoff.hint_sink", r=r, c=c)] + _others(hint, best)
    if one:
        return [tr("wythoff.hint_one", r=r, c=c, r2=r2, c2=c2), tr("wythoff.plain_one", r2=r2, c2=c2)] + \
            _others(hint, best)
    return [tr("wythoff.hint_many", r=r, c=c, r2=r2, c2=c2), tr("wythoff.plain_many")] + _others(hint, best)


def theory_lines(st: WythoffState, hint: Hint) -> list[str]:
    """Why, for who wants the theory (T): one queen, its distances, the cold pairs (⌊kφ⌋, ⌊kφ²⌋)
    and the pair the move reaches; several queens, their Grundy values, their xor, and the queen
    whose value changes so that it becomes 0."""
    if len(st.queens) == 1:
        return _one_queen(st, hint)
    return _several(st, hint)


def _one_queen(st: WythoffState, hint: Hint) -> list[str]:
    (q,) = st.queens
    a, b = st.distances(q)
    lines = [tr("wythoff.distances", a=a, b=b), tr("wythoff.cold_def"), cold_table(st.rows, st.cols)]
    best = preferred(st, hint)
    if best is None:
        return lines + [tr("wythoff.cold_rule")]
    (_, (r2, c2)) = best
    a2, b2 = st.distances((r2, c2))
    return lines + [tr("wythoff.why_one", r2=r2, c2=c2, a=a2, b=b2, k=abs(b2 - a2), lo=min(a2, b2)),
                    tr("wythoff.why_after")]


def _several(st: WythoffState, hint: Hint) -> list[str]:
    values = [st.grundy(q) for q in st.queens]
    x = st.nim_sum()
    lines = [tr("wythoff.grundy_def")]
    if len(st.queens) <= 6:
        lines.append(tr("wythoff.grundy_of"))
        counts = Counter(st.queens)
        lines.append("  ·  ".join(
            f"({r},{c}) : {st.grundy((r, c))}" + (f" ×{k}" if k > 1 else "")
            for (r, c), k in sorted(counts.items())))
        terms = [str(v) for v in values]
    else:
        tally = Counter(values)
        lines.append(tr("wythoff.grundy_counts", n=len(values)) + " " + "  ·  ".join(
            f"{tally[v]} × {v}" for v in sorted(tally)))
        lines.append(tr("wythoff.pairs_cancel", xor=OPLUS))
        terms = [str(v) for v in sorted(tally) if tally[v] % 2] or ["0"]
    lines.append(f"x = {x}" if len(terms) == 1 else tr("wythoff.x_value", terms=f" {OPLUS} ".join(terms), x=x))
    best = preferred(st, hint)
    if best is None:
        return lines + [tr("wythoff.lost_why")]
    (r, c), (r2, c2) = best
    n = st.grundy((r, c))
    return lines + [tr("wythoff.why_move", r=r, c=c, n=n, x=x, m=n ^ x, r2=r2, c2=c2, xor=OPLUS),
                    tr("wythoff.why_after_many")]


def _others(hint: Hint, best) -> list[str]:
    every = [m for m in hint.moves if m != best]
    others = [tr("wythoff.move_short", r=a, c=b, r2=x, c2=y) for (a, b), (x, y) in every[:3]]
    more = len(every) - len(others)                     # not listed: said, not hidden (a count, not silence)
    return [tr("wythoff.others", moves=", ".join(others) + (tr("hint.more_moves", n=more) if more > 0 else ""))] \
        if others else []
