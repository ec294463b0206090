"""A named player's profile as the players screen draws it: the puzzle rating and streaks, the
results by game and opponent, and the recent games (newest first; one whose record was kept
opens in review). Drawing only: the players screen owns the input."""
from __future__ import annotations

import datetime

import pygame

from nimarcade.storage import dates
from nimarcade.i18n import N_, tr
from nimarcade.people.profiles import Profile, RecentGame
from nimarcade.people.roster import opponent_label, result_word
from nimarcade.window.ui import theme

RESULT_ROWS = 4
GAME_ROWS = 5
GAME_ROW_H = 32
RESULT_COLOURS = {"won": theme.GOOD, "lost": theme.BAD, "drawn": theme.ACCENT}


def when(game: RecentGame) -> str:
    try:
        return dates.day(datetime.date.fromisoformat(game.date))
    except ValueError:
        return game.date


def puzzle_line(profile: Profile) -> str:
    p = profile.puzzles
    if not p.tried:
        return tr("profile_view.no_puzzles")
    shown = str(round(p.rating.rating))
    rating = tr("profile_view.provisional", rating=shown) if p.rating.provisional else shown
    return tr("profile_view.puzzles", rating=rating, solved=p.solved, tried=p.tried, streak=p.streak,
              best=p.best_streak)


def games_rects(panel: pygame.Rect) -> list[pygame.Rect]:
    """Where the recent games' rows are (newest first), for clicks and drawing."""
    top = panel.top + 312
    return [pygame.Rect(panel.left + 14, top + i * GAME_ROW_H, panel.width - 28, GAME_ROW_H - 2)
            for i in range(GAME_ROWS)]


def newest_first(profile: Profile) -> list[RecentGame]:
    return list(reversed(profile.recent))


def draw_profile(surface: pygame.Surface, panel: pygame.Rect, profile: Profile, current: bool,
                 chosen_game: int | None, first_game: int) -> None:
    """``chosen_game``: the recent game the keyboard is on (an index in :func:`newest_first`),
    ``first_game``: the first one shown."""
    theme.panel(surface, panel)
    left, width = panel.left + 20, panel.width - 40
    theme.blit_text(surface, profile.name, (left, panel.top + 12), theme.fit_size(profile.name, 34, width - 220),
                    theme.ACCENT)
    if current:
        said = theme.blit_text(surface, tr("profile_view.current"), (panel.right - 20, panel.top + 22), 20, theme.GOOD,
                               "topright")
        pygame.draw.circle(surface, theme.GOOD, (said.left - 12, said.centery), 6)
    line = puzzle_line(profile)
    theme.blit_text(surface, line, (left, panel.top + 58), theme.fit_size(line, 21, width), theme.TEXT)
    draw_results(surface, panel, profile)
    draw_games(surface, panel, profile, chosen_game, first_game)


def draw_results(surface: pygame.Surface, panel: pygame.Rect, profile: Profile) -> None:
    left = panel.left + 20
    total = profile.total("")
    head = tr("profile_view.results", n=total, won=profile.total("won"), lost=profile.total("lost"),
              drawn=profile.total("drawn"))
    theme.blit_text(surface, head, (left, panel.top + 96), theme.fit_size(head, 22, panel.width - 40), theme.ACCENT)
    if not profile.tallies:
        theme.blit_text(surface, tr("profile_view.no_games"), (left, panel.top + 130), 20, theme.TEXT_DIM)
        return
    columns = ((0, "topleft", N_("profile_view.col_game")), (330, "topleft", N_("profile_view.col_opponent")),
               (610, "topright", N_("profile_view.col_won")), (680, "topright", N_("profile_view.col_lost")),
               (750, "topright", N_("profile_view.col_drawn")))
    y = panel.top + 126
    for x, anchor, key in columns:
        theme.blit_text(surface, tr(key), (left + x, y), 18, theme.TEXT_DIM, anchor)
    shown = sorted(profile.tallies, key=lambda t: -t.played)[:RESULT_ROWS]
    for row, tally in enumerate(shown):
        y = panel.top + 150 + row * 26
        cells = (tr("game." + tally.card), opponent_label(tally.opponent), str(tally.won), str(tally.lost),
                 str(tally.drawn))
        for (x, anchor, _), cell in zip(columns, cells):
            theme.blit_text(surface, cell, (left + x, y), theme.fit_size(cell, 20, 270), theme.TEXT, anchor)
    hidden = len(profile.tallies) - len(shown)
    if hidden > 0:
        theme.blit_text(surface, tr("profile_view.more_results", n=hidden), (left, panel.top + 150 + RESULT_ROWS * 26),
                        17, theme.TEXT_DIM)


def draw_games(surface: pygame.Surface, panel: pygame.Rect, profile: Profile, chosen: int | None, first: int) -> None:
    left = panel.left + 20
    theme.blit_text(surface, tr("profile_view.recent"), (left, panel.top + 280), 22, theme.ACCENT)
    recent = newest_first(profile)
    if not recent:
        theme.blit_text(surface, tr("profile_view.no_recent"), (left, panel.top + 314), 20, theme.TEXT_DIM)
        return
    for i, rect in enumerate(games_rects(panel)):
        index = first + i
        if index >= len(recent):
            break
        game = recent[index]
        if index == chosen:
            theme.panel(surface, rect, theme.PANEL_LIGHT, theme.ACCENT, radius=8, width=2)
        cells = ((6, when(game), 150, theme.TEXT_DIM), (160, tr("game." + game.card), 220, theme.TEXT),
                 (390, opponent_label(game.opponent), 190, theme.TEXT),
                 (590, result_word(game.result), 90, RESULT_COLOURS.get(game.result, theme.TEXT)),
                 (690, tr("stats.moves", n=game.moves), 70, theme.TEXT_DIM))
        for x, text, room, colour in cells:
            theme.blit_text(surface, text, (rect.left + x, rect.centery), theme.fit_size(text, 20, room), colour,
                            "midleft")
    more = len(recent) - GAME_ROWS
    if more > 0:
        last = min(len(recent), first + GAME_ROWS)
        theme.blit_text(surface, tr("profile_view.shown", first=first + 1, last=last, n=len(recent)),
                        (panel.right - 20, panel.top + 284), 18, theme.TEXT_DIM, "topright")
