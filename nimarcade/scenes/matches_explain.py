"""Why the hinted run of matches wins, in words: the segments of the row before and after the
move, what the move does to the segment it touches, and how to read a lost position."""
from __future__ import annotations

from nimarcade.ai.hints import Hint
from nimarcade.i18n import tr
from nimarcade.rules.matches import RowState, segments

Run = tuple[int, int]  # (start index, count), like a rules move


def run_cells(run: Run) -> range:
    return range(run[0], run[0] + run[1])


def cells_text(run: Run) -> str:
    """A run of cells, numbered from 1 as in the rules' messages ("case 5", "cases 4 à 6")."""
    start, n = run
    if n == 1:
        return tr("matches.cell_one", cell=start + 1)
    return tr("matches.cells_many", a=start + 1, b=start + n)


def segments_text(lengths: list[int]) -> str:
    """Segment lengths left to right; a long list is summarised as counts ("1 ×12, 2 ×3")."""
    if len(lengths) <= 14:
        return ", ".join(map(str, lengths))
    return ", ".join(f"{n} ×{lengths.count(n)}" if lengths.count(n) > 1 else str(n) for n in sorted(set(lengths)))


def effect_text(state: RowState, move: Run) -> str:
    """How the move changes the one segment it touches."""
    start, k = move
    seg_start, n = next((s, n) for s, n in segments(state.cells) if s <= start < s + n)
    left, right = start - seg_start, seg_start + n - start - k
    if left and right:
        return tr("matches.effect_cut", n=n, a=left, b=right)
    if left or right:
        return tr("matches.effect_shorten", n=n, m=left + right)
    return tr("matches.effect_remove", n=n)


def explain_lines(state: RowState, hint: Hint) -> list[str]:
    """The hint panel's lines: the move and the segments it leaves, or why the position is lost."""
    lengths = [n for _, n in segments(state.cells)]
    segs = tr("matches.segments_are", segs=segments_text(lengths))
    if hint.lost or not hint.moves:
        lines = [tr("matches.lost"), segs, tr("matches.lost_why", n=len(state.legal_moves()))]
        if max(lengths) == 1:
            lines.append(tr("matches.lost_singles", n=len(lengths)))
        else:
            lines.append(tr("matches.lost_advice"))
        return lines
    move = hint.moves[0]
    after = [n for _, n in segments(state.play(move).cells)]
    after_text = segments_text(after)
    lines = [tr("matches.why", what=cells_text(move), after=after_text), segs, effect_text(state, move)]
    if max(after) == 1:
        lines.append(tr("matches.singles", n=len(after)))
    else:
        lines.append(tr("matches.exhaustive", after=after_text))
    if len(hint.moves) > 1:
        lines.append(tr("matches.others", n=len(hint.moves) - 1))
    return lines
