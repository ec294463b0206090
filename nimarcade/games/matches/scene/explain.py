"""Why the hinted run of matches wins, at two depths: for the player, the move, what it does to the
segment it touches and a sentence on why it wins (or how to play a lost position); for who asks
for the theory, the independent segments and the exhaustive analysis or the misère quotient (the
class of each long segment) that proves it."""
from __future__ import annotations

from nimarcade.games.matches import solver as matches_solver
from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, tr
from nimarcade.games.matches.rules import RowState, segments

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


def classes_text(lengths: list[int], max_take: int) -> str:
    """The segments that play exactly like a shorter one ("35 comme 5, 27 comme 3"), longest first;
    empty when there is none or no quotient table covers them."""
    if not matches_solver.quotient_covers(lengths, max_take):
        return ""
    pairs = []
    for n in sorted(set(lengths), reverse=True):
        m = matches_solver.segment_class(n, max_take)
        if m is not None and m != n:
            pairs.append(tr("matches.class_pair", n=n, m=m))
    return ", ".join(pairs)


def quotient_line(lengths: list[int], max_take: int, key: str, fallback: str, **fields) -> str:
    """The reason in terms of the misère quotient when a table covers these segments (``key``, or
    ``key + "_classes"`` naming the long segments' classes), else the search's reason."""
    q = matches_solver.quotient(max_take)
    if q is None or not matches_solver.quotient_covers(lengths, max_take):
        return tr(fallback, **fields)
    classes = classes_text(lengths, max_take)
    if classes:
        return tr(key + "_classes", size=q.size, classes=classes, **fields)
    return tr(key, size=q.size, **fields)


def explain_lines(state: RowState, hint: Hint) -> list[str]:
    """The hint for the player: its first line (the move and what it leaves, or the lost position),
    then what the move does, in a sentence or two. The theory is :func:`theory_lines`."""
    lengths = [n for _, n in segments(state.cells)]
    if hint.lost or not hint.moves:
        advice = tr("matches.lost_singles", n=len(lengths)) if max(lengths) == 1 else tr("matches.lost_advice")
        return [tr("matches.lost"), advice]
    move = hint.moves[0]
    after = [n for _, n in segments(state.play(move).cells)]
    lines = [tr("matches.why", what=cells_text(move), after=segments_text(after)), effect_text(state, move),
             tr("matches.singles", n=len(after)) if max(after) == 1 else tr("matches.plain_win")]
    if len(hint.moves) > 1:
        lines.append(tr("matches.others", n=len(hint.moves) - 1))
    return lines


def hint_lines(state: RowState, hint: Hint, theory: bool) -> list[str]:
    """The hint's lines, with its theory when it is asked for: after the first line of a lost
    position (the advice « Mais une seule erreur… » continues the theory's « each of your moves
    leaves a winning position », so it comes after it), else after the hint's lines."""
    lines = explain_lines(state, hint)
    if not theory:
        return lines
    if hint.lost or not hint.moves:
        return lines[:1] + theory_lines(state, hint) + lines[1:]
    return lines + theory_lines(state, hint)


def theory_lines(state: RowState, hint: Hint) -> list[str]:
    """Why, for who wants the theory (T): the independent segments, and the exhaustive analysis or
    the misère quotient that proves the position lost for the player to move."""
    lengths = [n for _, n in segments(state.cells)]
    segs = tr("matches.segments_are", segs=segments_text(lengths))
    if hint.lost or not hint.moves:
        return [segs, quotient_line(lengths, state.max_take, N_("matches.lost_quotient"), N_("matches.lost_why"),
                                    n=len(state.legal_moves()))]
    after = [n for _, n in segments(state.play(hint.moves[0]).cells)]
    if max(after) == 1:
        return [segs]
    return [segs, quotient_line(after, state.max_take, N_("matches.quotient"), N_("matches.exhaustive"),
                                after=segments_text(after))]
