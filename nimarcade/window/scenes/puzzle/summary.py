"""The end of a series: how many were solved, the rating before and after, the streaks, and one
row per puzzle (solved or missed, its game and level, its rating, the rating's change)."""
from __future__ import annotations

from functools import lru_cache

import pygame

from nimarcade.core import registry
from nimarcade.i18n import language, tr
from nimarcade.puzzles.session import Session
from nimarcade.puzzles.puzzle import Puzzle
from nimarcade.window.ui import theme

from nimarcade.window.scenes.puzzle.panels import draw_check
from nimarcade.window.ui.widgets import shorten

ROWS_TOP, ROW = 262, 32
ROWS = pygame.Rect(0, ROWS_TOP, 760, ROW * 10)
ROWS.centerx = theme.WIDTH // 2


@lru_cache(maxsize=64)
def title_of(puzzle: Puzzle, lang: str) -> str:
    """The puzzle as its screen names it (« La reine au puits — problème »), with the position
    played in the game's own notation, not the level it came from (« 3 reines » for one queen);
    in ``lang``, the current one."""
    config = puzzle.match().config
    title = tr("puzzle.board_title", game=tr("game." + config.card.key))
    spec = registry.get(puzzle.game)
    if spec.position is None:
        return title
    return tr("puzzle.summary_position", title=title, position=spec.position.write(puzzle.state))


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def draw_summary(surface: pygame.Surface, session: Session) -> None:
    surface.blit(theme.background(), (0, 0))
    mid = theme.WIDTH // 2
    theme.blit_text(surface, tr("puzzle.summary_title"), (mid, 34), 60, theme.ACCENT, "midtop", shadow=True)
    answers = session.answers
    before, after = session.first, session.record
    change = round(after.rating.rating) - round(before.rating.rating)
    lines = [(tr("puzzle.summary_solved", n=session.solved, total=len(answers)), 32, theme.TEXT),
             (tr("puzzle.summary_rating", before=before.rating.shown(), after=after.rating.shown(), change=signed(change)),
              28, theme.GOOD if change >= 0 else theme.BAD),
             (tr("puzzle.summary_streak", streak=after.streak, best=after.best_streak), 24, theme.TEXT_DIM)]
    if session.player is None:
        lines.append((tr("puzzle.summary_guest"), 20, theme.TEXT_DIM))
    y = 110
    for text, size, color in lines:
        theme.blit_text(surface, text, (mid, y), theme.fit_size(text, size, theme.WIDTH - 80), color, "midtop")
        y += size + 10
    top = max(ROWS_TOP, y + 8)
    for i, answer in enumerate(answers[-10:]):
        row = pygame.Rect(ROWS.left, top + i * ROW, ROWS.width, ROW - 4)
        theme.panel(surface, row, theme.PANEL, theme.PANEL_EDGE, radius=8, width=1)
        draw_check(surface, (row.left + 22, row.centery), answer.solved, 8)
        title = title_of(answer.puzzle, language())
        text = tr("puzzle.summary_row", title=title, rating=answer.puzzle.rating)
        size = theme.fit_size(text, 20, row.width - 140, 16)
        text = shorten(text, size, row.width - 140)
        theme.blit_text(surface, text, (row.left + 44, row.centery), size, theme.TEXT, "midleft")
        theme.blit_text(surface, signed(answer.change), (row.right - 16, row.centery), 20,
                        theme.GOOD if answer.solved else theme.BAD, "midright")
    keys = tr("puzzle.summary_keys")
    theme.blit_text(surface, keys, (mid, theme.HEIGHT - 26), theme.fit_size(keys, 20, theme.WIDTH - 40), theme.TEXT_DIM,
                    "center")
