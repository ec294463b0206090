"""Setup: the level, the two players, who starts, and the board, built from the game's parameter
schema in the registry (the same schema that validates the level files).

Enter plays from any row, as the footer says; left/right (or the ‹ › arrows) change a value. The
line under the title always states the rule of the board that will be played, and the level reads
"custom" once the board differs from the level's.

The choices made for a menu card (level, board, players, who starts) are kept for the session in
``app.prefs`` and come back when the card is chosen again. Playing a card whose game in progress is
kept asks first: the new game would take its place.

« Éditer une position » (E) opens the position editor for the game. A game from an edited position
(``MatchConfig.start``, set by the editor's « Jouer », or by the review's « continue from here »)
keeps its level and board: only the players and who starts are chosen again; E opens the editor
with the position, and Esc goes back where the setup was opened from (``back``: a scene's name and
its arguments), by default to the editor with the position.
"""
from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from nimarcade.storage import dates
from nimarcade.core import registry
from nimarcade.core.registry import ParamKind
from nimarcade.i18n import N_, error_text, language, tr
from nimarcade.core.levels import FIRST_CHOICES, Level
from nimarcade.core.rules import RulesError
from nimarcade.core.match import HUMAN, MatchConfig, Seat, program_name
from nimarcade.window.ui import theme
from nimarcade.window.ui.list_editor import ListItem
from nimarcade.window.ui.widgets import Item, Menu

from nimarcade.window.scenes.base import Scene

PLAYER_CHOICES = (HUMAN, *registry.AI_LEVELS)
#: From this computer level on, the setup names the lower ones (« Ordinateur (expert) »).
EXPERT = 3
#: ``app.prefs`` key of a card's last setup (a MatchConfig), followed by the card's key.
PREFS = "setup:"
#: Added to that key: the current named player when the card was left (a player chosen since then
#: takes a seat the card remembered as « Humain »).
CURRENT = ":current"


def player_label(seat: Seat | tuple[str, str]) -> str:
    if isinstance(seat, tuple):                 # a named player: their name
        return seat[1]
    if isinstance(seat, str):
        key = N_("setup.python_player") if seat.endswith(".py") else N_("setup.program")
        return tr(key, name=program_name(seat))
    return tr("setup.human") if seat == HUMAN else tr("setup.computer_level", level=tr(f"ai.level{seat}"))


class SetupScene(Scene):
    name = "setup"

    def __init__(self, services, game: str, levels: list[Level], level_id: str | None = None,
                 config: MatchConfig | None = None, card_index: int = 0, variant: str = "",
                 back: tuple[str, dict] | None = None) -> None:
        super().__init__(services)
        remembered = config is None and bool(variant)
        if remembered:
            config = services.prefs.get(PREFS + variant)         # this card's choices, earlier this session
        self.spec = registry.get(game)
        self.game = game
        self.levels = levels
        self.card_index = card_index
        wanted = config.level.id if config is not None else level_id
        index = next((i for i, lv in enumerate(levels) if lv.id == wanted), 0)
        self.level = levels[index]
        self.level_index = index
        self.variant = variant or (config.variant if config else "") or registry.variant_for(game, self.level.id).key
        self.params: dict[str, Any] = dict(config.params if config else self.level.params)
        self.seats = list(config.seats if config else (HUMAN, self.level.opponent))
        current = services.profiles.current           # the named player of seat 1 by default: the current one
        self.names = list(config.names if config else (current.name if current else "", ""))
        if (remembered and config is not None and current is not None and current.name not in self.names
                and self.seats[0] == HUMAN and not self.names[0]
                and services.prefs.get(PREFS + variant + CURRENT, "") != current.name):
            self.names[0] = current.name      # the card remembered « Humain »; a player was chosen since
        self.first = config.first if config else self.level.first
        #: an edited position the game starts from ("" for the level's start)
        self.start = config.start if config else ""
        self.back_to = back
        self._winnable: tuple[Any, str | None] | None = None
        self.tip_rect: pygame.Rect | None = None     # where the beginner's tip was drawn (a click takes it)
        self.list_index: dict[str, int] = {}
        self.menu: Menu | None = None
        self._rule: tuple[tuple[str, str, str], str] | None = None
        self.build()

    # -- the menu --------------------------------------------------------------------------------
    def player_choices(self, seat: int = 1) -> list[Seat | tuple[str, str]]:
        """A person (unnamed, then each named player but the other seat's), the computer's levels,
        then the programs that can play this board (from engines.toml, and the Python players
        dropped on the window)."""
        programs = [p.name for p in self.services.catalog.for_game(self.game, self.params)]
        named = [("player", name) for name in self.services.profiles.names() if name != self.names[1 - seat]]
        return [HUMAN, *named, *PLAYER_CHOICES[1:], *programs, *self.services.player_files]

    def seat_value(self, seat: int) -> Seat | tuple[str, str]:
        return ("player", self.names[seat]) if self.seats[seat] == HUMAN and self.names[seat] else self.seats[seat]

    def build(self) -> None:
        for seat in (0, 1):                       # a player renamed or deleted since
            profile = self.services.profiles.get(self.names[seat]) if self.names[seat] else None
            self.names[seat] = profile.name if profile is not None else ""
        choices = [self.player_choices(0), self.player_choices(1)]
        for seat in (0, 1):                       # a program that can't play this board any more
            if self.seat_value(seat) not in choices[seat]:
                self.seats[seat] = HUMAN if seat == 0 else self.level.opponent
        items = [] if self.start else [
            Item(lambda: tr("setup.level"), values=list(range(len(self.levels))), index=self.level_index,
                 fmt=self.level_label, on_change=self.set_level, name="level")]
        items += [
            *(Item(functools.partial(tr, f"setup.seat{seat}"), values=choices[seat],
                   index=choices[seat].index(self.seat_value(seat)),
                   fmt=player_label, on_change=functools.partial(self.set_seat, seat), name=f"seat{seat}")
              for seat in (0, 1)),
            Item(lambda: tr("setup.first"), values=FIRST_CHOICES,
                 index=FIRST_CHOICES.index(self.first) if self.first in FIRST_CHOICES else 2,
                 fmt=lambda v: tr(f"setup.first_{v}"), on_change=self.set_first, name="first"),
        ]
        for param in self.spec.params:
            if param.setup and not self.start:
                items += self.param_items(param)
        if self.spec.position is not None:
            items.append(Item(lambda: tr(N_("editor.setup_change") if self.start else N_("editor.setup_edit")), self.edit,
                              name="edit"))
        items += [
            Item(lambda: tr("setup.play"), self.play, name="play"),
            Item(lambda: tr("menu.back"), self.back, name="back"),
        ]
        focus = self.menu.focus if self.menu is not None else len(items) - 2
        self.menu = Menu(items, theme.WIDTH // 2, 120, width=860, item_height=44, gap=6, sounds=self.services.sounds, size=28,
                         value_width=470)
        self.menu.focus = min(focus, len(items) - 1)

    def level_label(self, index: int) -> str:
        if index == self.level_index and self.customized:
            return tr("setup.custom")
        return self.levels[index].name()

    @property
    def customized(self) -> bool:
        return dict(self.params) != dict(self.level.params)

    def param_items(self, p: registry.Param) -> list[Item]:
        label = lambda: tr(p.label)  # noqa: E731
        value = self.params.get(p.name, p.default)
        if p.kind is ParamKind.INT:
            lo, hi = p.bounds(self.params)
            over = self.overriding(p)
            if over is not None:
                value = len(self.params[over])
            value = max(lo, min(hi, int(value)))
            fmt = (lambda v: tr("setup.pattern", n=v)) if over is not None else str
            return [Item(label, values=list(range(lo, hi + 1)), index=value - lo, fmt=fmt,
                         on_change=lambda v: self.set_param(p.name, v), name=p.name)]
        if p.kind in (ParamKind.BOOL, ParamKind.CHOICE):
            values = p.values()
            return [Item(label, values=values, index=values.index(value) if value in values else 0,
                         fmt=lambda v: tr(p.value_keys[v]) if v in p.value_keys else str(v),
                         on_change=lambda v: self.set_param(p.name, v), name=p.name)]
        if p.kind is ParamKind.INT_LIST:
            numbers = list(value)
            hi = p.hi if p.setup_hi is None else p.setup_hi
            return [ListItem(label, numbers=numbers, lo=p.lo, hi=hi, max_len=p.max_len,
                             selected=min(self.list_index.get(p.name, 0), len(numbers) - 1),
                             on_list=lambda v: self.set_list(p, v), name=p.name)]
        return []

    def overriding(self, p: registry.Param) -> str | None:
        """The parameter that replaces this number right now (a level's match pattern), or None."""
        return p.overridden_by if p.overridden_by and self.params.get(p.overridden_by) else None

    # -- changes ---------------------------------------------------------------------------------
    def set_level(self, index: int) -> None:
        if self.customized:             # « personnalisé »: the next level is first the level itself
            index = self.level_index
        self.level_index = index
        self.level = self.levels[index]
        self.params = dict(self.level.params)
        self.seats[1] = self.level.opponent
        self.first = self.level.first
        self.list_index = {}
        self.build()

    def set_seat(self, seat: int, value: Seat | tuple[str, str]) -> None:
        if isinstance(value, tuple):         # a named player: a person, with a name
            self.seats[seat] = HUMAN
            was, self.names[seat] = self.names[seat], value[1]
        else:
            self.seats[seat] = value
            was, self.names[seat] = self.names[seat], ""
        if was != self.names[seat]:
            self.build()                # the other seat offers every named player but this one

    def set_first(self, value: str) -> None:
        self.first = value

    # -- a winnable game for a beginner (not a lost start with no way out) -------------------------------------------------
    def winnable_first(self) -> str | None:
        """Who must start for the person to be able to win against a perfect opponent ("human" or
        "computer"), in a game with an exact strategy; None otherwise (computed once per board)."""
        if self.spec.winning_moves is None:
            return None
        key = (repr(sorted(self.params.items())), self.start)
        if self._winnable is None or self._winnable[0] != key:
            try:
                won = bool(self.spec.winning_moves(self.spec.start_state(self.params, self.start)))
                self._winnable = (key, "human" if won else "computer")
            except RulesError:
                self._winnable = (key, None)
        return self._winnable[1]

    def tip(self) -> tuple[str, str]:
        """The beginner's line under the menu and what a click on it does ("first": the start that
        can be won; "weaker": an opponent one level down), or ("", "") when there is nothing to say:
        a start the computer wins whatever the person plays is said before the game, with its way
        out, and the lower levels are named where the default is the expert."""
        opponent = self.seats[1]
        if self.seats[0] != HUMAN or not isinstance(opponent, int) or opponent == HUMAN:
            return "", ""
        good = self.winnable_first()
        if good is not None and self.first != good:
            return tr("setup.tip_first", first=tr(f"setup.first_{good}")), "first"
        if opponent >= EXPERT:
            return tr("setup.tip_weaker"), "weaker"
        return "", ""

    def take_tip(self) -> None:
        """A click on the tip (or B): what it says."""
        _, action = self.tip()
        if action == "first":
            good = self.winnable_first()
            if good is not None:
                self.set_first(good)
        elif action == "weaker" and isinstance(self.seats[1], int):
            self.set_seat(1, self.seats[1] - 1)
        else:
            return
        self.services.sounds.play("click", 0.6)
        self.build()

    def set_param(self, key: str, value: Any) -> None:
        self.params[key] = value
        for p in self.spec.params:
            if p.name == key and p.overridden_by:
                self.params[p.overridden_by] = self.spec.param(p.overridden_by).default
            if p.hi_param == key and isinstance(self.params.get(p.name), int):
                self.params[p.name] = min(self.params[p.name], p.bounds(self.params)[1])
        self.build()

    def set_list(self, p: registry.Param, numbers: tuple[int, ...]) -> None:
        self.params[p.name] = numbers
        shown = self.menu.item(p.name) if self.menu else None
        self.list_index[p.name] = shown.selected if isinstance(shown, ListItem) else 0

    # -- leave -----------------------------------------------------------------------------------
    def config(self) -> MatchConfig:
        return MatchConfig(self.game, self.level, dict(self.params), (self.seats[0], self.seats[1]), self.first,
                           variant=self.variant, names=(self.names[0], self.names[1]), start=self.start)

    def play(self) -> None:
        config = self.config()
        try:
            self.spec.start_state(config.params, config.start)
        except RulesError as err:
            self.services.sounds.play("invalid")
            self.services.notify(error_text(err), "error")
            return
        kept = self.services.autosave.for_card(config.card.key)
        if kept is None:
            self.services.manager.go("game", config=config)
            return
        info = tr("kept.moves", n=len(kept.match.moves))
        if kept.saved:
            info = f"{info}, " + tr("kept.left", when=dates.moment(kept.saved))
        self.services.manager.open("confirm", question=tr("kept.replace"),
                              detail=tr("kept.replace_detail", game=kept.match.config.title(), info=info),
                              on_yes=lambda: self.services.manager.go("game", config=config))

    def exit(self) -> None:
        self.services.prefs[PREFS + self.variant] = replace(self.config(), start="")   # the card's own start next time
        current = self.services.profiles.current
        self.services.prefs[PREFS + self.variant + CURRENT] = current.name if current else ""

    def back(self) -> None:
        if self.back_to is not None:
            name, kwargs = self.back_to
            self.services.manager.go(name, **kwargs)
        elif self.start:
            self.edit()
        else:
            self.services.manager.go("select", focus=self.card_index)

    def edit(self) -> None:
        """The position editor for this game: with the edited position, or the level's start (the
        editor this setup came from, if it did, keeps its own way back)."""
        if self.back_to is not None and self.back_to[0] == "editor":
            self.back()
            return
        self.services.manager.go("editor", game=self.game, levels=self.levels, level_id=self.level.id,
                            params=dict(self.params), text=self.start, variant=self.variant,
                            card_index=self.card_index, seats=(self.seats[0], self.seats[1]),
                            names=(self.names[0], self.names[1]))

    def handle(self, event: pygame.event.Event) -> bool:
        dropped = str(Path(event.file).resolve()) if event.type == pygame.DROPFILE else None
        if dropped in self.services.player_files:
            self.seats[1] = dropped                # a Python player dropped here: it takes the other seat
            self.build()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return True
            if event.key == pygame.K_e and self.spec.position is not None:
                self.edit()
                return True
            if event.key == pygame.K_b and self.tip()[1]:
                self.take_tip()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.built.items[self.built.focus].name != "back":
                self.play()     # Enter plays from any row, as the footer says
                return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tip_rect is not None
                and self.tip_rect.collidepoint(event.pos) and self.tip()[1]):
            self.take_tip()
            return True
        return self.built.handle(event)

    @property
    def built(self) -> Menu:
        """The menu (:meth:`build` made it in the constructor)."""
        if self.menu is None:
            raise RuntimeError("the setup's menu is not built")
        return self.menu

    def rule_line(self) -> str:
        """The rule of the board as set now (built once per board and language, not per frame)."""
        key = (repr(sorted(self.params.items())), self.start, language())
        if self._rule is None or self._rule[0] != key:
            try:
                rule, params = self.spec.rule(self.spec.start_state(self.params, self.start))
                text = tr(rule, **params)
            except RulesError as err:
                text = error_text(err)
            if self.start:
                shown = self.start if len(self.start) <= 48 else self.start[:45] + "..."
                text = f"{text} · " + tr("editor.setup_start", text=shown)
            self._rule = (key, text)
        return self._rule[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        theme.blit_text(surface, tr("setup.title", game=tr("game." + self.variant)), (theme.WIDTH // 2, 30), 46,
                        theme.ACCENT, "midtop")
        rule = self.rule_line()
        theme.blit_text(surface, rule, (theme.WIDTH // 2, 82), theme.fit_size(rule, 22, theme.WIDTH - 80), theme.TEXT_DIM,
                        "midtop")
        self.built.draw(surface, self.time)
        tip = self.tip()[0]
        self.tip_rect = None
        if tip:
            top = self.built.items[-1].rect.bottom + 18
            self.tip_rect = theme.blit_text(surface, tip, (theme.WIDTH // 2, top),
                                            theme.fit_size(tip, 22, theme.WIDTH - 80), theme.ACCENT, "midtop")
        focused = self.built.items[self.built.focus]
        keys = tr("setup.keys_list") if isinstance(focused, ListItem) else tr("setup.keys")
        self.draw_keys(surface, keys, theme.HEIGHT - 22)
