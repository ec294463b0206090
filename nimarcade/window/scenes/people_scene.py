"""The players screen (from the title): the named players on the left, the chosen one's profile on
the right (:mod:`.profile_view`), and a row of buttons: new, rename, delete (asked first), make
current, export the class's results as CSV, add a Python player's file by its path (as dropping
it on the window does), back.

Mouse: a click picks a player, a click on one of their recent games opens it in review, the
buttons do the rest. Keyboard: up/down pick a player, Tab goes over to their recent games (up/down,
Enter opens one) and back, left/right and Enter use the buttons; N, R, Del, C, E and F are the
buttons' shortcuts, Esc goes back. Typing a name opens a :class:`~nimarcade.window.ui.text_entry.TextEntry`.
"""
from __future__ import annotations

import pygame

from pathlib import Path

from nimarcade.players.files import PlayerFileError, check_python_player
from nimarcade.records import record as records
from nimarcade.people.class_export import export
from nimarcade.i18n import error_text, tr
from nimarcade.people.profiles import MAX_NAME, Profile, ProfileError
from nimarcade.window.ui import theme
from nimarcade.window.ui.text_entry import TextEntry
from nimarcade.window.ui.widgets import HorizontalMenu, Item

from nimarcade.window.scenes.base import Scene
from nimarcade.window.scenes.profile_view import GAME_ROWS, draw_profile, games_rects, newest_first

LIST = pygame.Rect(40, 96, 370, 480)
PROFILE = pygame.Rect(430, 96, 810, 480)
ROW_H = 40
ROOM = (LIST.height - 20) // ROW_H
BUTTONS_Y = 600
FILE_PATH_MAX = 400     # a player's file path, typed


class PlayersScene(Scene):
    name = "players"

    def __init__(self, services, chosen: str | None = None) -> None:
        """``chosen``: the player shown first (back from one of their games), else the current one."""
        super().__init__(services)
        names = services.profiles.names()
        current = services.profiles.current
        if chosen not in names:
            chosen = current.name if current is not None else None
        self.chosen = names.index(chosen) if chosen is not None else 0
        self.first = 0
        self.game: int | None = None            # the recent game the keyboard is on (Tab)
        self.first_game = 0
        self.entry: TextEntry | None = None
        self.pointer = (0, 0)
        some = lambda: self.profile is not None  # noqa: E731
        self.buttons = HorizontalMenu([
            Item(lambda: tr("players.new"), self.ask_new, name="new"),
            Item(lambda: tr("players.rename"), self.ask_rename, name="rename", enabled=some),
            Item(lambda: tr("players.remove"), self.ask_remove, name="remove", enabled=some),
            Item(lambda: tr("players.choose"), self.choose, name="choose", enabled=some),
            Item(lambda: tr("players.export"), self.export, name="export"),
            Item(lambda: tr("players.add_file"), self.ask_file, name="file"),
            Item(lambda: tr("menu.back"), self.back, name="back"),
        ], theme.WIDTH // 2, BUTTONS_Y, width=168, item_height=52, gap=8, sounds=services.sounds, size=22)
        self.buttons.focus = 3 if names else 0
        self.shortcuts = {pygame.K_n: self.ask_new, pygame.K_r: self.ask_rename, pygame.K_DELETE: self.ask_remove,
                          pygame.K_c: self.choose, pygame.K_e: self.export, pygame.K_f: self.ask_file}

    # -- who is shown --------------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return self.services.profiles.names()

    @property
    def profile(self) -> Profile | None:
        names = self.names
        return self.services.profiles.get(names[self.chosen]) if 0 <= self.chosen < len(names) else None

    def pick(self, index: int) -> None:
        names = self.names
        self.chosen = max(0, min(index, len(names) - 1))
        self.first = max(0, min(self.first, self.chosen, len(names) - ROOM))
        if self.chosen >= self.first + ROOM:
            self.first = self.chosen - ROOM + 1
        self.game, self.first_game = None, 0

    def show(self, name: str) -> None:
        found = self.services.profiles.get(name)
        if found is not None:
            self.pick(self.names.index(found.name))

    def row_rect(self, row: int) -> pygame.Rect:
        return pygame.Rect(LIST.left + 10, LIST.top + 10 + row * ROW_H, LIST.width - 20, ROW_H - 4)

    # -- actions ---------------------------------------------------------------------------------
    def saved(self, message: str) -> None:
        """Save the players and say what was done (or that saving failed)."""
        problem = self.services.profiles.save()
        self.services.notify(tr(problem) if problem else message, "error" if problem else "info")

    def ask_new(self) -> None:
        self.entry = TextEntry(tr("players.new_prompt"), self.add, self.close_entry, max_len=MAX_NAME,
                               sounds=self.services.sounds)

    def add(self, text: str) -> str | None:
        try:
            profile = self.services.profiles.add(text)
        except ProfileError as err:
            return error_text(err)
        self.close_entry()
        self.show(profile.name)
        self.saved(tr("players.added_player", name=profile.name))
        return None

    def ask_file(self) -> None:
        """A Python player's file by its path (dropping the file on the window does the same)."""
        self.entry = TextEntry(tr("players.file_prompt"), self.add_file, self.close_entry, max_len=FILE_PATH_MAX,
                               sounds=self.services.sounds)

    def add_file(self, text: str) -> str | None:
        """The file checked (never run), then offered in every game's setup; or why it can't be."""
        path = str(Path(text.strip().strip("\"'")).expanduser())
        try:
            name = check_python_player(path)
        except PlayerFileError as err:
            return err.message
        if not self.services.add_player_file(path):
            return tr("players.not_python", name=Path(path).name)
        self.close_entry()
        self.services.notify(tr("players.added", name=name), "info", 5.0)
        return None

    def ask_rename(self) -> None:
        profile = self.profile
        if profile is None:
            return
        self.entry = TextEntry(tr("players.rename_prompt", name=profile.name), lambda text: self.rename(profile, text),
                               self.close_entry, text=profile.name, max_len=MAX_NAME, sounds=self.services.sounds)

    def rename(self, profile: Profile, text: str) -> str | None:
        try:
            renamed = self.services.profiles.rename(profile.name, text)
        except ProfileError as err:
            return error_text(err)
        self.close_entry()
        self.show(renamed.name)
        self.saved(tr("players.renamed", old=profile.name, name=renamed.name))
        return None

    def close_entry(self) -> None:
        self.entry = None

    def ask_remove(self) -> None:
        profile = self.profile
        if profile is None:
            return
        self.services.manager.open("confirm", question=tr("players.remove_question", name=profile.name),
                              detail=tr("players.remove_detail"), on_yes=lambda: self.remove(profile.name))

    def remove(self, name: str) -> None:
        self.services.profiles.remove(name)
        self.pick(self.chosen)
        self.saved(tr("players.removed", name=name))

    def choose(self) -> None:
        profile = self.profile
        if profile is None:
            return
        self.services.profiles.choose(profile.name)
        self.saved(tr("players.chosen", name=profile.name))

    def export(self) -> None:
        if self.services.data_dir is None:
            self.services.notify(tr("export.no_folder"), "error")
            return
        try:
            players, played = export(self.services.profiles, self.services.data_dir / "exports")
        except OSError:
            self.services.notify(tr("storage.save_failed"), "error")
            return
        self.services.notify(tr("export.saved", file=str(players), games=played.name), "info", 8.0)

    def open_game(self, index: int) -> None:
        profile = self.profile
        recent = newest_first(profile) if profile else []
        if profile is None or not 0 <= index < len(recent):
            return
        if not recent[index].record:
            self.services.notify(tr("players.no_record"), "error")
            return
        try:
            match = records.read(recent[index].record)
        except (records.RecordError, records.RecordWarning) as err:
            self.services.notify(error_text(err), "error")
            return
        self.services.manager.go("review", match=match, back_to=("players", {"chosen": profile.name}))

    def back(self) -> None:
        self.services.manager.go("title")

    # -- input -----------------------------------------------------------------------------------
    def move_game(self, delta: int) -> None:
        count = len(self.profile.recent) if self.profile else 0
        if not count:
            self.game = None
            self.services.sounds.play("invalid")
            return
        self.game = max(0, min(count - 1, (self.game or 0) + delta))
        if self.game < self.first_game:
            self.first_game = self.game
        elif self.game >= self.first_game + GAME_ROWS:
            self.first_game = self.game - GAME_ROWS + 1

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            if self.game is not None:
                self.game = None
            else:
                self.back()
            return True
        if key == pygame.K_TAB:
            self.game = None if self.game is not None else 0
            if self.game is not None:
                self.move_game(0)
            return True
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            delta = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROOM, pygame.K_PAGEDOWN: ROOM}[key]
            if self.game is not None:
                self.move_game(delta)
            else:
                self.pick(self.chosen + delta)
            self.services.sounds.play("hover", 0.6)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.game is not None:
            self.open_game(self.game)
            return True
        if key in self.shortcuts:
            self.shortcuts[key]()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.buttons.handle(event)
        return False

    def handle_click(self, pos: tuple[int, int]) -> bool:
        for row in range(ROOM):
            if self.first + row < len(self.names) and self.row_rect(row).collidepoint(pos):
                self.pick(self.first + row)
                self.services.sounds.play("click", 0.6)
                return True
        if self.profile is not None:
            for i, rect in enumerate(games_rects(PROFILE)):
                if rect.collidepoint(pos) and self.first_game + i < len(self.profile.recent):
                    self.game = self.first_game + i
                    self.open_game(self.game)
                    return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.entry is not None:
            return self.entry.handle(event)
        if event.type == pygame.KEYDOWN:
            done = self.handle_key(event)
            if self.entry is not None:      # N or R opened it: the letter's own text is not the name's
                self.entry.skip = event.unicode
            return done
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.handle_click(event.pos):
            return True
        if event.type == pygame.MOUSEWHEEL:
            if PROFILE.collidepoint(self.pointer) and self.profile and self.profile.recent:
                self.first_game = max(0, min(self.first_game - event.y, len(self.profile.recent) - GAME_ROWS))
            else:
                self.first = max(0, min(self.first - event.y, len(self.names) - ROOM))
            return True
        return self.buttons.handle(event)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        theme.blit_text(surface, tr("players.title"), (theme.WIDTH // 2, 24), 48, theme.ACCENT, "midtop",
                        shadow=True)
        theme.panel(surface, LIST)
        names = self.names
        current = self.services.profiles.current
        for row in range(min(ROOM, len(names) - self.first)):
            index = self.first + row
            rect = self.row_rect(row)
            if index == self.chosen:
                theme.panel(surface, rect, theme.PANEL_LIGHT, theme.ACCENT if self.game is None else theme.PANEL_EDGE,
                            radius=8, width=2)
            name = names[index]
            if current is not None and current.name == name:         # the current player: a green dot
                pygame.draw.circle(surface, theme.GOOD, (rect.right - 18, rect.centery), 6)
            theme.blit_text(surface, name, (rect.left + 12, rect.centery), theme.fit_size(name, 24, rect.width - 48),
                            theme.ACCENT if index == self.chosen else theme.TEXT, "midleft")
        if len(names) > ROOM:
            more = tr("profile_view.shown", first=self.first + 1, last=min(len(names), self.first + ROOM), n=len(names))
            theme.blit_text(surface, more, (LIST.right - 12, LIST.bottom - 8), 16, theme.TEXT_DIM, "bottomright")
        profile = self.profile
        if profile is None:
            theme.panel(surface, PROFILE)
            for i, line in enumerate(theme.wrap(tr("players.none"), 24, PROFILE.width - 80)):
                theme.blit_text(surface, line, (PROFILE.centerx, PROFILE.top + 180 + 32 * i), 24, theme.TEXT_DIM,
                                "midtop")
        else:
            draw_profile(surface, PROFILE, profile, current is not None and current.name == profile.name,
                         self.game, self.first_game)
        self.buttons.draw(surface, self.time)
        keys = tr("players.keys_games") if self.game is not None else tr("players.keys")
        self.draw_keys(surface, keys, theme.HEIGHT - 26, 19)
        if self.entry is not None:
            self.entry.draw(surface, self.time)
