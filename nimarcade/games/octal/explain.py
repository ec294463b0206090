"""Why a move wins, in the seeds' words: each heap's value (its nimber), their xor, seed 001's
binary table; in misère play, the quotient's families in plain words. Rows of translation keys
(:class:`~nimarcade.core.rules.textual.Row`), for the text mode and the window alike. Pure."""
from __future__ import annotations

from typing import Any

from nimarcade.core.rules.textual import Row, words
from nimarcade.games.octal import solver
from nimarcade.games.octal.rules import OctalState, after, format_move
from nimarcade.games.takeaway import genus
from nimarcade.games.takeaway.search import MAX_POSITIONS
from nimarcade.i18n import N_

SHAPES = ((1, N_("octal.shape_all")), (2, N_("octal.shape_one")), (4, N_("octal.shape_two")))


def rule_rows(code) -> list[Row]:
    """The code digit by digit: what taking k may leave."""
    rows = []
    if code.digits[0] & 4:
        rows.append(words(N_("octal.digit_zero")))
    for k in range(1, len(code.digits)):
        d = code.digits[k]
        if d:
            shapes = [words(key) for bit, key in SHAPES if d & bit]
            rows.append(Row(N_("octal.digit"), {"k": k, "d": d, "shapes": _join(shapes)}))
    if code.repeat:
        rows.append(words(N_("octal.digit_repeat"), d=code.digits[-1]))
    return rows


def _join(shapes: list[Row]) -> Row:
    if len(shapes) == 1:
        return shapes[0]
    if len(shapes) == 2:
        return Row(N_("octal.or"), {"a": shapes[0], "b": shapes[1]})
    return Row(N_("octal.or3"), {"a": shapes[0], "b": shapes[1], "c": shapes[2]})


def legend_rows(state: OctalState) -> list[Row]:
    return [words(N_("octal.legend"), code=state.code)] + rule_rows(state.octal)


def _bits(n: int, width: int) -> str:
    return " ".join(f"{b:>3}" for b in format(n, f"0{width}b"))


def table_rows(state: OctalState) -> list[Row]:
    """Seed 001's table over the heaps' values: each value's bits, then their xor."""
    vals = solver.values(state) if state.heaps else []
    width = max(1, max(vals, default=0).bit_length())
    total = 0
    rows = [Row(cells=" ".join(f"2^{k}" for k in range(width - 1, -1, -1)))]
    for i, (h, v) in enumerate(zip(state.heaps, vals)):
        total ^= v
        rows.append(Row(N_("octal.table_row"), {"n": i + 1, "size": h, "v": v}, _bits(v, width)))
    rows.append(Row(N_("octal.table_xor"), {}, _bits(total, width)))
    return rows


def move_words(state: OctalState, move) -> Row:
    """The move in words, its notation beside: « prendre 1, le tas de 10 se coupe en 1 et 8 (1:1:1) »."""
    i, k, a = move
    h = state.heaps[i]
    left, right = after(h, move)
    parts = [x for x in (left, right) if x]
    notation = format_move(move)
    if k == 0:
        return words(N_("octal.move_split"), move=notation, heap=i + 1, size=h, a=left, b=right)
    if not parts:
        return words(N_("octal.move_all"), move=notation, heap=i + 1, k=k)
    if len(parts) == 1:
        return words(N_("octal.move_one"), move=notation, heap=i + 1, k=k, size=h, rest=parts[0])
    return words(N_("octal.move_two"), move=notation, heap=i + 1, k=k, size=h, a=left, b=right)


def hint_rows(state: OctalState, hint: Any) -> list[Row]:
    """The hint's move and why it wins (or why the position is lost, or that no exact move is
    known here)."""
    if getattr(hint, "advice", False) and not hint.lost:
        rows = [words(N_("octal.no_exact"), size=solver.QUOTIENT_SIZE, positions=MAX_POSITIONS)]
        if hint.moves:
            rows.append(words(N_("octal.advice"), move=move_words(state, hint.moves[0])))
        return rows
    if state.misere:
        return _misere_rows(state, hint)
    vals = solver.values(state)
    expr = " xor ".join(map(str, vals))
    total = 0
    for v in vals:
        total ^= v
    if hint.lost or not hint.moves:
        rows = [words(N_("octal.lost")), words(N_("octal.lost_xor"), expr=expr)]
    else:
        move = hint.moves[0]
        i = move[0]
        a, b = after(state.heaps[i], move)
        g = solver.reader(state)               # (a heap of any size: read from the period)
        rows = [words(N_("octal.hint"), what=move_words(state, move)),
                words(N_("octal.why_xor"), expr=expr, x=total, bits=format(total, "b")),
                words(N_("octal.why_heap"), heap=i + 1, v=vals[i], want=vals[i] ^ total,
                      a=a, b=b, ga=g.value(a), gb=g.value(b))]
        if len(hint.moves) > 1:
            rows.append(words(N_("octal.others"), n=len(hint.moves) - 1))
    return rows + table_rows(state)


def _misere_rows(state: OctalState, hint: Any) -> list[Row]:
    if hint.lost or not hint.moves:
        rows = [words(N_("octal.lost"))]
    else:
        rows = [words(N_("octal.hint"), what=move_words(state, hint.moves[0]))]
        if len(hint.moves) > 1:
            rows.append(words(N_("octal.others"), n=len(hint.moves) - 1))
    if state.heaps and genus.genera(state.octal).tame_through(max(state.heaps)):
        return rows + [words(N_("octal.by_tame"))]      # decided by the tame rule (solver.verdict)
    q = solver.misere_quotient(state) if state.heaps else None
    if q is None:
        return rows + [words(N_("octal.by_search"), positions=MAX_POSITIONS)]
    lost = sum(q.P)
    here = q.classify(state.heaps)
    rows.append(words(N_("octal.quotient"), n=q.size, p=lost))
    if hint.lost or not hint.moves:
        rows.append(words(N_("octal.family_lost"), cls=here))
    else:
        i = hint.moves[0][0]
        a, b = after(state.heaps[i], hint.moves[0])
        child = state.heaps[:i] + (a, b) + state.heaps[i + 1:]
        rows.append(words(N_("octal.family_move"), cls=here, to=q.classify(h for h in child if h)))
    rows.append(words(N_("octal.misere_note")))
    return rows
