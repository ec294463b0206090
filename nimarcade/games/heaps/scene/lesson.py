"""The lesson of the Heaps scene (seed 001, part 2): why the hinted move wins, in words, and
seed 001's binary table (one row of bits per heap, then the "somme de nim" row)."""
from __future__ import annotations

import pygame

from nimarcade.games.heaps.solver import nim_sum
from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, tr
from nimarcade.games.heaps.rules import HeapsState
from nimarcade.window.ui import theme


def bits(n: int, width: int) -> str:
    return format(n, f"0{width}b")


def objs(n: int) -> str:
    """'1 objet', '5 objets' (French keeps 0 singular, as seed 001 writes 'tas 0 (0 objet)')."""
    return tr(N_("heaps.objs0") if n == 0 else N_("heaps.objs1") if n == 1 else N_("heaps.objs"), n=n)


def misere_endgame(state: HeapsState) -> bool:
    """Misère with at most one heap above 1: the nim-sum rule needs its correction."""
    return state.misere and sum(1 for h in state.heaps if h > 1) <= 1


def explain_lines(state: HeapsState, hint: Hint, width: int) -> list[str]:
    """The hint panel's lines: the move, then the nim-sum reasoning (``width`` bits a heap)."""
    heaps = state.heaps
    x = nim_sum(heaps)
    expr = " xor ".join(str(h) for h in heaps)
    ones = sum(1 for h in heaps if h == 1)
    if hint.lost:
        if misere_endgame(state):
            return [tr("heaps.lost_end"), tr("heaps.end_lost", ones=ones), tr("heaps.end_sum", x=x)]
        lines = [tr("heaps.lost"), tr("heaps.lost_sum", expr=expr), tr("heaps.lost_move"),
                 tr("heaps.lost_after")]
        if state.misere:
            lines.insert(1, tr("heaps.misere_note"))
        return lines
    i, c = hint.moves[0]
    h = heaps[i]
    t = h - c
    if misere_endgame(state):
        first = tr("heaps.hint_take_end", what=objs(c), heap=i + 1)
        if h > 1:
            return [first, tr("heaps.end_big", heap=i + 1),
                    tr("heaps.end_keep", ones=ones, t=t, heap=i + 1), tr("heaps.end_then"),
                    tr("heaps.end_sum", x=x)]
        return [first, tr("heaps.end_ones", ones=ones), tr("heaps.end_then"), tr("heaps.end_sum", x=x)]
    w = width
    powers = [f"2^{k}" for k in range(w - 1, -1, -1) if x >> k & 1]
    cols = powers[0] if len(powers) == 1 else ", ".join(powers[:-1]) + " " + tr("heaps.and") + f" {powers[-1]}"
    lines = [
        tr("heaps.hint_take", what=objs(c), heap=i + 1),
        tr("heaps.why_sum", expr=expr, x=x, bits=bits(x, w)),
        tr("heaps.why_heap", heap=i + 1, hbits=bits(h, w), k=x.bit_length() - 1),
        tr("heaps.why_flip", cols=cols, hbits=bits(h, w), tbits=bits(t, w), t=t),
        tr("heaps.why_take", h=h, t=t, c=c),
    ]
    if state.misere:
        lines.append(tr("heaps.misere_note"))
    return lines


def status_line(state: HeapsState) -> str:
    """Under the table: what the nim-sum says about the player to move (nothing once it is over)."""
    if state.is_over:
        return ""
    if misere_endgame(state):
        return tr("heaps.status_misere_end")
    return tr(N_("heaps.status_zero") if nim_sum(state.heaps) == 0 else N_("heaps.status_nonzero"))


def draw_table(surf: pygame.Surface, inner: pygame.Rect, y: int, state: HeapsState, width: int,
               hint: Hint | None) -> int:
    """Seed 001's table: one row of bits per heap, then the nim-sum row. Returns the y below."""
    heaps = state.heaps
    w = width
    x = nim_sum(heaps)
    n = len(heaps)
    rh = 26 if n <= 5 else 22 if n <= 6 else 20
    label_w = 130
    col_w = min(48, (inner.width - label_w) // w)
    left = inner.left + (inner.width - label_w - col_w * w) // 2
    move = hint.moves[0] if hint is not None and not hint.lost else None
    flip = x if move is not None and not misere_endgame(state) else 0
    theme.blit_text(surf, tr("heaps.table_title"), (inner.centerx, y), 20, theme.ACCENT, "midtop")
    y += 26
    theme.blit_text(surf, tr("heaps.bit_of"), (left, y + 4), 16, theme.TEXT_DIM)
    for k in range(w):
        cx = left + label_w + col_w * (w - 1 - k) + col_w // 2
        base = theme.text("2", 20, theme.TEXT_DIM)
        exp = theme.text(str(k), 14, theme.TEXT_DIM)
        total = base.get_width() + exp.get_width()
        surf.blit(base, (cx - total // 2, y + 4))
        surf.blit(exp, (cx - total // 2 + base.get_width(), y))
    y += rh
    for i, h in enumerate(heaps):
        row = pygame.Rect(left - 6, y - 2, label_w + col_w * w + 12, rh)
        if move is not None and move[0] == i:
            pygame.draw.rect(surf, (36, 70, 52), row, border_radius=6)
        theme.blit_text(surf, tr("heaps.row", n=i + 1, size=h), (left, y + 3), 18,
                        theme.TEXT if h else theme.TEXT_DIM)
        for k in range(w):
            cx = left + label_w + col_w * (w - 1 - k) + col_w // 2
            changed = move is not None and move[0] == i and flip >> k & 1
            if changed:
                pygame.draw.rect(surf, theme.GOOD, (cx - 11, y, 22, rh - 4), 2, border_radius=5)
            color = theme.GOOD if changed else (theme.TEXT if h >> k & 1 else theme.TEXT_DIM)
            theme.blit_text(surf, str(h >> k & 1), (cx, y + 2), 22, color, "midtop")
        y += rh
    pygame.draw.line(surf, theme.PANEL_EDGE, (left - 6, y), (left + label_w + col_w * w + 6, y), 2)
    y += 4
    theme.blit_text(surf, tr("heaps.sum_row"), (left, y + 3), 18, theme.ACCENT)
    for k in range(w):
        cx = left + label_w + col_w * (w - 1 - k) + col_w // 2
        top_bit = x and k == x.bit_length() - 1
        if top_bit and move is not None and not misere_endgame(state):
            pygame.draw.rect(surf, theme.ACCENT, (cx - 11, y, 22, rh - 4), 2, border_radius=5)
        color = theme.ACCENT if x >> k & 1 else theme.TEXT
        theme.blit_text(surf, str(x >> k & 1), (cx, y + 2), 22, color, "midtop")
    return y + rh + 8
