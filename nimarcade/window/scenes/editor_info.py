"""What the position editor (:mod:`.editor`) writes in its board's info box: the analysis of the
draft in words, the answer of « give as a puzzle », and the box itself, wrapped to its width.

A line is (text, colour). The analysis reads :class:`~nimarcade.analysis.verdicts.MoveValues` for every game
alike: an exact game says which moves win (or that every move loses), a game with an engine gives
each move's score in its units, and then the board editor adds the game's own explanation.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

import pygame

from nimarcade.analysis.verdicts import DRAW, LOSS, WIN, MoveValues
from nimarcade.puzzles.editing import PuzzleAnswer
from nimarcade.i18n import N_, decimal, tr
from nimarcade.window.ui import theme
from nimarcade.window.ui.richtext import rich_text, wrap_rich
from nimarcade.window.scenes.board_edit import TABLE

Color = tuple[int, int, int]
Line = tuple[str, Color]
#: The sizes tried for the info box, largest first: the first at which everything fits is used.
SIZES = (22, 20, 18, 16)


def sentence(text: str) -> str:
    """A rules' reason (« il faut au moins un tas ») as a sentence."""
    return text[:1].upper() + text[1:] if text else text


def number(value: float) -> str:
    """A score with its sign, one decimal, as the language writes it (« +1,5 »)."""
    return decimal(value, 1, trim=False, sign=True).replace("-", "−")


def move_value(values: MoveValues, move: Any) -> str:
    """One move's value: its proved result in words, else its score."""
    exact = values.exact.get(move)
    if exact is not None:
        return tr({WIN: N_("editor.value_win"), DRAW: N_("editor.value_draw"), LOSS: N_("editor.value_loss")}[exact])
    return number(values.scores[move])


def verdict_lines(spec: Any, values: MoveValues, explained: Sequence[str]) -> list[Line]:
    """The analysis of a position: which moves win in an exact game, every move's value with an
    engine; then the board editor's ``explained`` lines (the game's own words)."""
    label = spec.notation.format_move         # the notation of the move list and the records
    try:
        moves = sorted(values.scores)           # in the board's order (A to F), not the engine's
    except TypeError:
        moves = list(values.scores)
    if not moves:
        return [(tr("editor.no_move"), theme.TEXT_DIM)]
    if spec.winning_moves is not None:
        winners = [m for m in moves if values.exact.get(m) == WIN]
        if winners:
            lines = [(tr("editor.wins", n=len(winners), total=len(moves),
                         moves=", ".join(label(m) for m in winners)), theme.GOOD)]
        else:
            lines = [(tr("editor.all_lose", n=len(moves)), theme.BAD)]
    else:
        best = values.best()
        said = "   ".join(tr("editor.move_value", move=label(m), value=move_value(values, m)) for m in moves)
        head = tr("editor.values_proved", values=said) if values.solved else \
            tr("editor.values", depth=values.depth or 0, values=said)
        lines = [(head, theme.TEXT), (tr("editor.best", n=len(best), moves=", ".join(label(m) for m in best)),
                                      theme.GOOD)]
    return lines + [(line, theme.TEXT_DIM) for line in explained if line]


def puzzle_lines(spec: Any, answer: PuzzleAnswer, problem: str | None) -> list[Line]:
    """« Give as a puzzle »: added (its rating and solutions), or why the position is none."""
    puzzle = answer.puzzle
    if puzzle is None:
        return [(sentence(tr(answer.key, **answer.params)), theme.BAD)]
    if problem:
        return [(tr(problem), theme.BAD)]
    label = spec.notation.format_move         # the notation of the move list and the records
    lines = [(tr("editor.puzzle_added", rating=puzzle.rating), theme.GOOD),
             (tr("editor.puzzle_solutions", n=len(puzzle.solutions),
                 moves=", ".join(label(m) for m in puzzle.solutions)), theme.TEXT)]
    if not puzzle.proved:
        lines.append((tr("editor.puzzle_searched"), theme.TEXT_DIM))
    return lines


def render_box(rect: pygame.Rect, lines: Sequence[Line]) -> pygame.Surface:
    """The info box: a panel with the lines wrapped to its width, at the largest size that fits
    (what still does not fit at the smallest is left out)."""
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.panel(surf, surf.get_rect(), (24, 30, 58), theme.PANEL_EDGE, radius=12)
    inner = surf.get_rect().inflate(-24, -16)
    for size in SIZES:
        wrapped = [(part, color) for text, color in lines
                   for part in ((text,) if TABLE in text else wrap_rich(text, size, inner.width))]
        if len(wrapped) * (size + 5) <= inner.height:
            break
    column = max((theme.font(size).size(part.split(TABLE)[0])[0] for part, _ in wrapped if TABLE in part), default=0)
    y = inner.top
    for part, color in wrapped:
        if y + size > inner.bottom:
            break
        if TABLE in part:
            draw_table_line(surf, part, size, color, (inner.left, y), inner.left + column + size // 2, inner)
        else:
            surf.blit(rich_text(part, size, color), (inner.left, y))
            theme.record(surf, part, rich_text(part, size, color), pygame.Rect(inner.left, y, 0, 0), inner)
        y += size + 5
    return surf


def draw_table_line(surf: pygame.Surface, line: str, size: int, color: Color, at: tuple[int, int], column: int,
                    inner: pygame.Rect) -> None:
    """A line of a table (:func:`~nimarcade.window.scenes.board_edit.table_line`): its label at
    ``at``, then its cells from x ``column``, each character in a cell of one width (a digit's; a
    word is centred on its cells), so the columns of consecutive lines line up as in the terminal."""
    label, cells = line.split(TABLE, 1)
    x, y = at
    if label:
        surf.blit(rich_text(label, size, color), (x, y))
    pitch = theme.font(size).size("0")[0] + 2
    for found in re.finditer(r"\S+", cells):           # each word centred on its cells (« 2^1 », a bit)
        img = theme.text(found.group(), size, color)
        middle = column + round((found.start() + found.end()) / 2 * pitch)
        surf.blit(img, img.get_rect(midtop=(middle, y)))
    width = column + len(cells) * pitch - x
    theme.record(surf, line.replace(TABLE, " "), None, pygame.Rect(x, y, width, size), inner)
