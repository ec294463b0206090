"""The review's words: the line under the board, the verdict on the move that led to the position
shown, in words (:func:`verdict`), in its mark's colour, and what the marks mean, beside the graph
(:func:`draw_marks_help`). Proved verdicts say what lost and what won
(« ?? : 2 perdait ; gagnait : 1 »); an engine's say the seeds lost, as
``python -m nimarcade.analyse`` does (:func:`nimarcade.analysis.cli.comment`)."""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.analysis import verdicts as analysis
from nimarcade.analysis.cli import comment
from nimarcade.analysis.verdicts import Ply
from nimarcade.i18n import decimal, tr
from nimarcade.core.match import Match
from nimarcade.window.ui import theme

from nimarcade.window.scenes.movelist import MARK_COLORS


def said(spec: Any, ply: Ply, proved: bool) -> str:
    """What the verdict on ``ply`` says (its mark included), "" when there is nothing to say."""
    text = spec.notation.format_move(ply.move)
    moves = ", ".join(spec.notation.format_move(m) for m in (ply.missed or ply.best))
    exact = proved or ply.values.solved
    if ply.mark == "??" and exact and ply.missed:
        return tr("review.lost", mark=ply.mark, move=text, moves=moves)
    if ply.mark == "?" and exact and ply.missed:
        return tr("review.half", mark=ply.mark, move=text, moves=moves)
    if ply.mark == "!":
        return tr("review.only", move=text)
    words = comment(spec, ply, proved)
    return f"{text}{ply.mark} — {words}" if words else f"{text}{ply.mark}"


def verdict(spec: Any, match: Match, at: int, ply: Ply | None, proved: bool,
            waiting: bool = True) -> tuple[str, tuple]:
    """The line and its colour for the position after ``at`` moves (``ply``: the verdict on the
    last of them, None while it is not known: ``waiting`` for it, or there will be none)."""
    if at == 0:
        return tr("review.verdict_start"), theme.TEXT_DIM
    before = match.states[at - 1]
    who = match.player_name(before.to_move)
    move = spec.notation.format_move(match.moves[at - 1])
    if ply is None and not waiting:
        return tr("review.verdict_plain", who=who, move=move), theme.TEXT
    if ply is None:
        return tr("review.verdict_wait", who=who, move=move), theme.TEXT_DIM
    return (tr("review.verdict_plain", who=who, move=said(spec, ply, proved)),
            MARK_COLORS.get(ply.mark, theme.TEXT))


def draw_marks_help(surface: pygame.Surface, spec: Any, box: pygame.Rect) -> None:
    """What the marks mean for ``spec``'s game (proofs, or the engine's thresholds in seeds), from
    the top of ``box`` down to the bottom of the screen."""
    text = (tr("review.help_exact") if spec.winning_moves is not None else
            tr("review.help_engine", a=decimal(analysis.INACCURACY), b=decimal(analysis.MISTAKE),
               c=decimal(analysis.BLUNDER)))
    rect = pygame.Rect(box.left, box.top, box.width, theme.HEIGHT - box.top - 4)
    theme.blit_paragraph(surface, text, rect, 15, theme.TEXT_DIM, spacing=1)
