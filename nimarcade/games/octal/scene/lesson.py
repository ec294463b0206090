"""The lab's side panel: what the code says (digit by digit, in words), or, with a hint, why the
move wins: the reasons in words, then seed 001's binary table of the heaps' nimbers, drawn as
Heaps draws its own (a column a power of two, 2 with its exponent raised, the bits that change
framed in green). Functions of what they draw."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from nimarcade.core.rules.textual import Row
from nimarcade.i18n import N_, tr
from nimarcade.window.scenes.generic import row_text
from nimarcade.window.ui import theme

from nimarcade.games.octal.explain import rule_rows


def _fit_lines(texts: Sequence[str], width: int, height: int, sizes: Sequence[int]) -> tuple[int, list[list[str]]]:
    """The largest size whose wrapped ``texts`` fit ``height``, and the wrapped paragraphs."""
    for size in sizes:
        paras = [theme.wrap(t, size, width) for t in texts]
        if sum(len(p) * (size + 2) + 6 for p in paras) <= height:
            return size, paras
    size = sizes[-1]
    return size, [theme.wrap(t, size, width) for t in texts]


def draw_paragraphs(surface: pygame.Surface, rect: pygame.Rect, texts: Sequence[str], color: tuple[int, int, int],
                    sizes: Sequence[int] = (20, 19, 18, 17, 16, 15, 14)) -> int:
    """``texts`` as paragraphs in ``rect`` at the largest size that fits; returns the y below."""
    size, paras = _fit_lines([t for t in texts if t], rect.width, rect.height, sizes)
    y = rect.top
    for para in paras:
        for line in para:
            if y + size > rect.bottom:
                return y
            theme.blit_text(surface, line, (rect.left, y), size, color)
            y += size + 2
        y += 6
    return y


def draw_power(surface: pygame.Surface, center_x: int, top: int, k: int, color: tuple[int, int, int],
               size: int = 20) -> None:
    """2 with ``k`` raised beside it, centred on ``center_x``."""
    base = theme.text("2", size, color)
    exp = theme.text(str(k), max(10, size * 2 // 3), color)
    total = base.get_width() + exp.get_width()
    surface.blit(base, (center_x - total // 2, top + 4))
    surface.blit(exp, (center_x - total // 2 + base.get_width(), top))


def table_height(rows: int) -> int:
    """The height :func:`draw_table` takes for ``rows`` heaps."""
    rh = _row_h(rows)
    return 26 + rh * (rows + 2) + 14


def _row_h(rows: int) -> int:
    return 24 if rows <= 5 else 20 if rows <= 8 else 16


def draw_table(surface: pygame.Surface, rect: pygame.Rect, y: int, heaps: Sequence[int], values: Sequence[int],
               move_heap: int | None, want: int | None) -> int:
    """The heaps' nimbers in binary: a row a heap (« tas 1 (10) : 2 »), then their xor. The hinted
    heap's row is lit and the bits its move changes (to ``want``) framed. Returns the y below."""
    total = 0
    for v in values:
        total ^= v
    width = max(1, max(list(values) + [total, want or 0], default=1).bit_length())
    n = len(heaps)
    rh = _row_h(n)
    label_w = min(170, rect.width - 40 * width)
    col_w = max(22, min(44, (rect.width - label_w) // width))
    left = rect.left + max(0, (rect.width - label_w - col_w * width) // 2)
    theme.blit_text(surface, tr("octal.table_title"), (rect.centerx, y), 18, theme.ACCENT, "midtop")
    y += 24
    theme.blit_text(surface, tr("heaps.bit_of"), (left, y + 4), 15, theme.TEXT_DIM)

    def cx(k: int) -> int:
        return left + label_w + col_w * (width - 1 - k) + col_w // 2

    for k in range(width):
        draw_power(surface, cx(k), y, k, theme.TEXT_DIM, 18)
    y += rh + 2
    flip = (values[move_heap] ^ want) if move_heap is not None and want is not None else 0
    size = 18 if rh >= 20 else 14
    for i, (h, v) in enumerate(zip(heaps, values)):
        row = pygame.Rect(left - 6, y - 2, label_w + col_w * width + 12, rh)
        if move_heap == i:
            pygame.draw.rect(surface, (36, 70, 52), row, border_radius=6)
        label = tr("octal.table_label", n=i + 1, size=h, v=v)
        theme.blit_text(surface, label, (left, y + 1), theme.fit_size(label, size - 1, label_w - 8, 10), theme.TEXT)
        for k in range(width):
            changed = move_heap == i and flip >> k & 1
            if changed:
                pygame.draw.rect(surface, theme.GOOD, (cx(k) - 10, y - 1, 20, rh - 2), 2, border_radius=5)
            color = theme.GOOD if changed else (theme.TEXT if v >> k & 1 else theme.TEXT_DIM)
            theme.blit_text(surface, str(v >> k & 1), (cx(k), y), size, color, "midtop")
        y += rh
    pygame.draw.line(surface, theme.PANEL_EDGE, (left - 6, y), (left + label_w + col_w * width + 6, y), 2)
    y += 4
    label = tr("octal.table_sum", x=total)
    theme.blit_text(surface, label, (left, y + 1), theme.fit_size(label, size - 1, label_w - 8, 10), theme.ACCENT)
    for k in range(width):
        theme.blit_text(surface, str(total >> k & 1), (cx(k), y), size, theme.ACCENT if total >> k & 1 else theme.TEXT,
                        "midtop")
    return y + rh + 6


def render_side(size: tuple[int, int], state: Any, rows: Sequence[Row] | None, values: Sequence[int],
                move: Any, alone: str = "") -> pygame.Surface:
    """The side panel on a transparent picture of ``size`` (cached by the scene until its content
    changes): without ``rows`` (no hint shown), the code of ``state`` read digit by digit, how the
    game ends and what the strip says; with the hint's ``rows``, its reasons in words and, in normal
    play with a move (``move``) or a lost position, the binary table of the heaps' ``values``. In
    misère play the strip's line says what decides misère play instead (``alone``: each heap of
    the position alone, and the position's element, once the quotient is known)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    box = surf.get_rect()
    theme.panel(surf, box, (24, 30, 58), theme.PANEL_EDGE, radius=12)
    inner = box.inflate(-24, -16)
    if rows is None:
        title = tr("octal.side_title", code=state.code)
        theme.blit_text(surf, title, inner.topleft, theme.fit_size(title, 22, inner.width, 14), theme.ACCENT)
        texts = [row_text(r) for r in rule_rows(state.octal)]
        texts.append(tr(N_("octal.side_end_misere") if state.misere else N_("octal.side_end_normal")))
        if state.misere:
            texts.append(tr("octal.side_strip_misere"))
            texts.append(alone)
        else:
            texts.append(tr("octal.side_strip"))
        texts.append(tr("octal.side_notation", legend=tr("octal.notation")))
        draw_paragraphs(surf, pygame.Rect(inner.left, inner.top + 34, inner.width, inner.height - 34), texts, theme.TEXT)
        return surf
    words = [row_text(r) for r in rows if not r.cells and r.key]
    table = bool(values) and len(values) <= 10
    room = inner.height - (table_height(len(values)) if table else 0)
    y = draw_paragraphs(surf, pygame.Rect(inner.left, inner.top, inner.width, room), words, theme.GOOD,
                        sizes=(19, 18, 17, 16, 15, 14, 13))
    if table:
        total = 0
        for v in values:
            total ^= v
        heap = move[0] if move is not None else None
        want = values[heap] ^ total if heap is not None else None
        top = min(y + 10, inner.bottom - table_height(len(values)) + 6)
        draw_table(surf, inner, top, state.heaps, values, heap, want)
    return surf
