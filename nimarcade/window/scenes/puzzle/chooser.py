"""The puzzle screen's first page: which game (every game that has puzzles, or all of them), how
hard (adapted to the player's rating, or easy, medium, hard) and who solves (a named player, a
new one typed in, or nobody: then the rating lasts for the session).

A new player's name is typed in the entry the players' screen uses
(:class:`~nimarcade.window.ui.text_entry.TextEntry`): Enter creates the player (or says why the name
can't be used), Esc or « Annuler » closes it.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from nimarcade.core import registry
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.i18n import N_, error_text, tr
from nimarcade.people.profiles import MAX_NAME, ProfileError, PuzzleRecord
from nimarcade.puzzles.session import DIFFICULTIES
from nimarcade.window.ui import theme
from nimarcade.window.ui.text_entry import TextEntry
from nimarcade.window.ui.widgets import Item, Menu

#: app.prefs: the game and difficulty chosen last, and the unnamed player's record (for the session).
GAME_PREF, LEVEL_PREF, GUEST_PREF = N_("puzzle.game"), N_("puzzle.difficulty"), N_("puzzle.guest")
MENU_TOP = 172
INFO_Y = 562
#: The menu's « Commencer »: where the focus is when the page opens.
START = 4


def puzzle_games() -> list[str]:
    """The games that have puzzles, in the registry's order."""
    return [spec.id for spec in registry.specs() if puzzles.has_puzzles(spec)]


def game_label(game: str | None) -> str:
    return tr("puzzle.all_games") if game is None else tr("game." + game)


def difficulty_label(difficulty: str | None) -> str:
    return tr(N_("puzzle.adapted") if difficulty is None else "puzzle.difficulty_" + difficulty)


def guest_record(services: Any) -> PuzzleRecord:
    return services.prefs.get(GUEST_PREF) or PuzzleRecord()


class Chooser:
    """``start(games, player, difficulty)`` begins a series (``player`` None: unnamed; ``difficulty``
    None: adapted to the player's rating); ``back()`` leaves."""

    def __init__(self, services: Any, start: Callable[[list[str], str | None, str | None], None],
                 back: Callable[[], object]) -> None:
        self.services = services
        self.on_start, self.on_back = start, back
        self.games: list[str | None] = [None, *puzzle_games()]
        last = services.prefs.get(GAME_PREF)
        current = services.profiles.current
        self.game_item = Item(lambda: tr("puzzle.game"), values=self.games, fmt=game_label, name="game",
                              index=self.games.index(last) if last in self.games else 0)
        levels: list[str | None] = [None, *DIFFICULTIES]
        chosen = services.prefs.get(LEVEL_PREF)
        self.level_item = Item(lambda: tr("puzzle.difficulty"), values=levels, fmt=difficulty_label, name="difficulty",
                               index=levels.index(chosen) if chosen in levels else 0)
        self.player_item = Item(lambda: tr("puzzle.player"), values=[], fmt=self.player_label, name="player")
        self.menu = Menu([self.game_item, self.level_item, self.player_item,
                          Item(lambda: tr("puzzle.new_player"), self.open_entry, name="new"),
                          Item(lambda: tr("puzzle.start"), self.start, name="start"),
                          Item(lambda: tr("puzzle.back"), back, name="back")],
                         theme.WIDTH // 2, MENU_TOP, width=700, item_height=52, gap=10, sounds=services.sounds,
                         value_width=380)
        self.menu.focus = START
        self.refresh_players(current.name if current is not None else None)
        self.entry: TextEntry | None = None

    # -- the players -----------------------------------------------------------------------------
    @staticmethod
    def player_label(name: str | None) -> str:
        return tr("puzzle.guest") if name is None else name

    def refresh_players(self, chosen: str | None) -> None:
        names: list[str | None] = [*self.services.profiles.names(), None]
        self.player_item.values = names
        self.player_item.index = names.index(chosen) if chosen in names else len(names) - 1

    @property
    def player(self) -> str | None:
        return self.player_item.value

    @property
    def chosen_games(self) -> list[str]:
        game = self.game_item.value
        return [g for g in self.games if g is not None] if game is None else [game]

    def open_entry(self) -> None:
        self.entry = TextEntry(tr("puzzle.name_prompt"), self.create, self.close_entry, max_len=MAX_NAME,
                               sounds=self.services.sounds)

    def close_entry(self) -> None:
        self.entry = None

    def create(self, text: str) -> str | None:
        """The new player, chosen; or why the name can't be used (the entry stays open)."""
        try:
            profile = self.services.profiles.add(text)
        except ProfileError as err:
            return error_text(err)
        problem = self.services.profiles.save()
        if problem:
            self.services.notify(tr(problem), "error")
        self.entry = None
        self.refresh_players(profile.name)
        self.menu.focus = START
        self.services.notify(tr("puzzle.created", name=profile.name))
        return None

    def start(self) -> None:
        self.services.prefs[GAME_PREF] = self.game_item.value
        self.services.prefs[LEVEL_PREF] = self.level_item.value
        if self.player is not None:
            self.services.profiles.choose(self.player)
            problem = self.services.profiles.save()
            if problem:
                self.services.notify(tr(problem), "error")
        self.on_start(self.chosen_games, self.player, self.level_item.value)

    # -- scene parts -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.entry is not None:
            return self.entry.handle(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.on_back()
            return True
        return self.menu.handle(event)

    def info_lines(self) -> list[str]:
        name = self.player
        if name is None:
            lines = [tr("puzzle.guest_info", rating=guest_record(self.services).rating.shown())]
        else:
            profile = self.services.profiles.get(name)
            rec = profile.puzzles if profile is not None else PuzzleRecord()
            lines = [tr("puzzle.player_info", rating=rec.rating.shown(), solved=rec.solved, tried=rec.tried,
                        streak=rec.streak, best=rec.best_streak)]
        stored = sum(1 for p in self.services.puzzle_store.puzzles if p.game in self.chosen_games)
        if stored:
            lines.append(tr("puzzle.stored", n=stored))
        return lines

    def draw(self, surface: pygame.Surface, time: float) -> None:
        surface.blit(theme.background(), (0, 0))
        theme.blit_text(surface, tr("puzzle.title"), (theme.WIDTH // 2, 44), 64, theme.ACCENT, "midtop", shadow=True)
        sub = tr("puzzle.subtitle")
        theme.blit_text(surface, sub, (theme.WIDTH // 2, 124), theme.fit_size(sub, 26, theme.WIDTH - 80),
                        theme.TEXT_DIM, "midtop")
        self.menu.draw(surface, time)
        for i, line in enumerate(self.info_lines()):
            theme.blit_text(surface, line, (theme.WIDTH // 2, INFO_Y + 34 * i), theme.fit_size(line, 24, theme.WIDTH - 80),
                            theme.TEXT if i == 0 else theme.TEXT_DIM, "midtop")
        keys = tr("puzzle.chooser_keys")
        theme.blit_text(surface, keys, (theme.WIDTH // 2, theme.HEIGHT - 30), theme.fit_size(keys, 20, theme.WIDTH - 40),
                        theme.TEXT_DIM, "center")
        if self.entry is not None:
            self.entry.draw(surface, time)
