"""What the lab's game screen draws around the board, and where: the screen's rectangles, the
code's Grundy strip with its caption (or the n and G(n) under the mouse), the « Labo » and « Code
octal ? » buttons, the person's turn (the hint's run, the run pointed at, the « Prendre » buttons
and the line that says the move in words) and the side panel (the code read digit by digit, or why
the hint's move wins). Functions of what they draw (:class:`~nimarcade.games.octal.scene.scene.OctalScene`
hands them its state), so each can be drawn and tested alone.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

import pygame

from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, language, tr
from nimarcade.window.scenes.game import BOARD
from nimarcade.window.scenes.generic import row_text
from nimarcade.window.ui import theme

from nimarcade.games.octal import explain
from nimarcade.games.octal.scene import choice as ch
from nimarcade.games.octal.scene import proofs, quotients, takebar
from nimarcade.games.octal.scene.art import draw_game_strip, strip_count
from nimarcade.games.octal.scene.board import Layout, draw_hint, draw_run
from nimarcade.games.octal.scene.lab_panel import period_text
from nimarcade.games.octal.scene.lesson import render_side

PANEL_W = 372
PANEL = pygame.Rect(BOARD.right - PANEL_W, BOARD.top, PANEL_W, BOARD.height)
LEFT = pygame.Rect(BOARD.left, BOARD.top, BOARD.width - PANEL_W - 16, BOARD.height)
STRIP = pygame.Rect(LEFT.left + 14, BOARD.top + 8, LEFT.width - 28, 44)
AREA = pygame.Rect(LEFT.left, BOARD.top + 90, LEFT.width, 332)
TAKE_Y = AREA.bottom + 8
READOUT = pygame.Rect(LEFT.left, TAKE_Y + 50, LEFT.width, 40)
LAB_BUTTON = pygame.Rect(PANEL.left + 10, PANEL.top + 8, 150, 40)
CODE_BUTTON = pygame.Rect(LAB_BUTTON.right + 8, PANEL.top + 8, PANEL.right - 10 - LAB_BUTTON.right - 8, 40)

#: The side panel as last drawn: what it showed, and its picture.
SideCache = tuple[Any, pygame.Surface]


def misere_quotient(state: Any) -> Any:
    """In misère play, the code's misère quotient once its worker has built it (None: normal
    play, still being built, or none found within the window's bounds)."""
    if not state.misere:
        return None
    found = quotients.quotient(state.octal)
    return found[0] if found is not None else None


def strip_values(state: Any) -> list[int]:
    """What the strip shows for ``state``'s code: in normal play the Grundy values (its period
    when it is proved); in misère play, once it is known, the element of each heap in the misère
    quotient (what decides misère play; G(n) does not); at least every heap of the position."""
    q = misere_quotient(state)
    if q is not None:
        top = strip_count(STRIP.width) if q.period is not None else min(strip_count(STRIP.width), q.max_heap + 1)
        return [q.element(n) for n in range(top)]
    found = proofs.proof(state.octal)
    count = strip_count(STRIP.width)
    if found is not None and found.proved:
        count = min(count, max(24, found.preperiod + found.period + 1))
    count = max(count, min(strip_count(STRIP.width), max(state.heaps, default=0) + 1))
    return proofs.values(state.octal, count)


def draw_strip(surface: pygame.Surface, state: Any, hover: int | None) -> None:
    """The strip, and under it its caption, or the n and G(n) of the cell ``hover`` (None: no
    cell under the mouse, or a panel over the board)."""
    values = strip_values(state)
    found = proofs.proof(state.octal)
    q = misere_quotient(state)
    n = hover
    if n is not None and n < len(values):
        heaps = [i + 1 for i, h in enumerate(state.heaps) if h == n]
        if q is not None:
            line = tr("octal.strip_tip_misere", n=n, e=values[n], outcome=alone_outcome(q, n))
        else:
            line = tr("octal.strip_tip", n=n, g=values[n])
        if heaps:
            line += " " + tr("octal.strip_tip_heaps", heaps=", ".join(map(str, heaps)))
    else:
        n = None
        if q is not None:
            line = tr("octal.strip_title_misere", code=state.code)
        else:
            line = tr("octal.strip_title", code=state.code) + "  " + (
                period_text(found) if found else tr("lab.searching"))
            if state.misere:        # the quotient is not there (yet): these values do not decide
                line = tr("lab.strip_normal", said=line)
    if q is not None:
        period = SimpleNamespace(period=q.period[1], preperiod=q.period[0]) if q.period is not None else None
        draw_game_strip(surface, STRIP, values, period, tuple(state.heaps), line, n)
        return
    draw_game_strip(surface, STRIP, values, found, tuple(state.heaps), line, n)


def alone_outcome(q: Any, n: int) -> str:
    """A heap of ``n`` alone in misère play: lost or won for the player who must play on it
    (its element in the P-portion or not)."""
    return tr(N_("octal.alone_lost") if q.P[q.element(n)] else N_("octal.alone_won"))


def heaps_alone(state: Any) -> str:
    """In misère play, each heap of the position taken alone (what the quotient says of it), in a
    line; "" in normal play or while the quotient is being built."""
    q = misere_quotient(state)
    if q is None or not state.heaps:
        return ""
    try:
        said = ", ".join(tr("octal.heap_alone", n=h, e=q.element(h), outcome=alone_outcome(q, h))
                         for h in state.heaps)
        whole = q.classify(state.heaps)
    except IndexError:              # a heap past what the quotient knows
        return ""
    return tr("octal.heaps_alone", heaps=said, e=whole,
              outcome=tr(N_("octal.position_lost") if q.P[whole] else N_("octal.position_won")))


def draw_buttons(surface: pygame.Surface, hot: str | None) -> None:
    """« Labo (C) » and « Code octal ? (O) », the one under the mouse (``hot``) lit."""
    for name, rect, key in (("lab", LAB_BUTTON, N_("lab.open")),
                            ("codes", CODE_BUTTON, N_("octal.codes_button"))):
        theme.panel(surface, rect, theme.PANEL_LIGHT if hot == name else theme.PANEL, theme.ACCENT, radius=10)
        label = tr(key)
        theme.blit_text(surface, label, rect.center, theme.fit_size(label, 20, rect.width - 12, 12), theme.TEXT,
                        "center")


def draw_turn(surface: pygame.Surface, state: Any, board: Layout, hint: Hint | None, time: float,
              found: ch.Choice | None, rects: dict[int | str, pygame.Rect], take: int, mouse: tuple[int, int],
              hovering: bool, why: str = "") -> None:
    """The hint's run (``hint``: the one shown, None while it is looked for), the run pointed at
    (``found``) with its split, the take buttons and the line that says the move in words
    (``hovering``: the mouse is over a token where nothing can be taken; ``why``: why the run lit
    is not the one under the mouse, said instead of the move)."""
    if hint is not None and hint.moves and not hint.lost:
        run = ch.choice_of(state, hint.moves[0])
        draw_hint(surface, board, run.heap, run.start, run.take, time)
    if found is not None:
        draw_run(surface, board, found.heap, found.start, found.take, theme.ACCENT)
    takebar.draw(surface, rects, take, mouse)
    if found is not None and why:
        text, color = why, theme.TEXT
    elif found is not None:
        text = row_text(explain.move_words(state, found.move(state)))
        text = text[:1].upper() + text[1:]
        color = theme.ACCENT
    elif hovering:
        text, color = tr("octal.no_take_here", k=take), theme.BAD
    else:
        text, color = tr("octal.how_to_play"), theme.TEXT_DIM
    theme.blit_text(surface, text, READOUT.midtop, theme.fit_size(text, 22, READOUT.width - 8, 13), color, "midtop")


def draw_side(surface: pygame.Surface, state: Any, hint: Hint | None,
              explain_rows: Callable[[Any, Hint], Any] | None, cached: SideCache | None) -> SideCache:
    """The code read digit by digit, or with a hint shown (``hint``), why its move wins
    (``explain_rows``: the game's explanation); drawn once for what it shows: ``cached`` is what
    the last call returned, and the new one is returned."""
    box = pygame.Rect(PANEL.left, LAB_BUTTON.bottom + 8, PANEL.width, PANEL.bottom - LAB_BUTTON.bottom - 8)
    alone = heaps_alone(state) if hint is None else ""
    key = (state, hint, language(), alone)
    if cached is None or cached[0] != key:
        rows = values = move = None
        if hint is not None:
            rows = explain_rows(state, hint) if explain_rows is not None else None
            normal = not state.misere and not getattr(hint, "advice", False)
            known = proofs.values(state.octal, max(state.heaps, default=0) + 1)   # never waits for a search
            values = [known[h] for h in state.heaps] if normal and state.heaps else []
            move = hint.moves[0] if hint.moves and not hint.lost else None
        cached = (key, render_side(box.size, state, rows, values or [], move, alone))
    surface.blit(cached[1], box.topleft)
    return cached
