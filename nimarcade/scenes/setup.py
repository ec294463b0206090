"""Setup: the level, the two players, who starts, and the board within the seeds' limits."""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.i18n import tr
from nimarcade.levels import Level
from nimarcade.rules import RulesError
from nimarcade.rules.grid import MAX_SIZE, MIN_SIZE
from nimarcade.session import HUMAN, MatchConfig
from nimarcade.ui import theme
from nimarcade.ui.widgets import Item, Menu

from .base import Scene

FIRSTS = ("human", "computer", "random")


def player_label(level: int) -> str:
    return tr("setup.human") if level == HUMAN else tr("setup.computer_level", level=tr(f"ai.level{level}"))


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app, game: str, levels: list[Level], level_id: str | None = None,
                 config: MatchConfig | None = None, card_index: int = 0) -> None:
        super().__init__(app)
        self.game = game
        self.levels = levels
        self.card_index = card_index
        index = 0
        if config is not None:
            index = next((i for i, lv in enumerate(levels) if lv.id == config.level.id), 0)
        elif level_id is not None:
            index = next((i for i, lv in enumerate(levels) if lv.id == level_id), 0)
        self.level = levels[index]
        self.params: dict[str, Any] = dict(config.params if config else self.level.params)
        self.seats = list(config.seats if config else (HUMAN, self.level.opponent))
        self.first = config.first if config else self.level.first
        self.heap_index = 0
        self.level_index = index
        self.build()

    # -- the menu --------------------------------------------------------------------------------
    def build(self) -> None:
        items = [
            Item(lambda: tr("setup.level"), values=list(range(len(self.levels))), index=self.level_index,
                 fmt=lambda i: self.levels[i].name(), on_change=self.set_level, name="level"),
            Item(lambda: tr("setup.seat0"), values=[0, 1, 2, 3, 4], index=self.seats[0], fmt=player_label,
                 on_change=lambda v: self.set_seat(0, v), name="seat0"),
            Item(lambda: tr("setup.seat1"), values=[0, 1, 2, 3, 4], index=self.seats[1], fmt=player_label,
                 on_change=lambda v: self.set_seat(1, v), name="seat1"),
            Item(lambda: tr("setup.first"), values=FIRSTS, index=FIRSTS.index(self.first) if self.first in FIRSTS else 2,
                 fmt=lambda v: tr(f"setup.first_{v}"), on_change=self.set_first, name="first"),
        ]
        items += self.param_items()
        items += [
            Item(lambda: tr("setup.play"), self.play, name="play"),
            Item(lambda: tr("menu.back"), self.back, name="back"),
        ]
        focus = getattr(self, "menu", None).focus if getattr(self, "menu", None) else len(items) - 2
        self.menu = Menu(items, theme.WIDTH // 2, 120, width=820, item_height=44, gap=6, sounds=self.app.sounds, size=28)
        self.menu.focus = min(focus, len(items) - 1)

    def num(self, key: str, label: str, lo: int, hi: int, name: str | None = None) -> Item:
        value = max(lo, min(hi, int(self.params.get(key, lo))))
        return Item(lambda: tr(label), values=list(range(lo, hi + 1)), index=value - lo,
                    on_change=lambda v: self.set_param(key, v), name=name or key)

    def toggle(self, key: str, label: str, fmt) -> Item:
        return Item(lambda: tr(label), values=[False, True], index=1 if self.params.get(key) else 0, fmt=fmt,
                    on_change=lambda v: self.set_param(key, v), name=key)

    def param_items(self) -> list[Item]:
        p = self.params
        if self.game == "sticks":
            return [
                self.num("sticks", "setup.sticks", 1, 60),
                self.num("max_take", "setup.max_take", 2, 9),
                self.toggle("last_loses", "setup.last", lambda v: tr("setup.last_loses" if v else "setup.last_wins")),
            ]
        if self.game == "heaps":
            heaps = list(p["heaps"])
            self.heap_index = min(self.heap_index, len(heaps) - 1)
            return [
                Item(lambda: tr("setup.heap_count"), values=list(range(1, 9)), index=len(heaps) - 1,
                     on_change=self.set_heap_count, name="heap_count"),
                Item(lambda: tr("setup.heap_pick"), values=list(range(len(heaps))), index=self.heap_index,
                     fmt=lambda i: tr("setup.heap_n", n=i + 1, size=self.params["heaps"][i]),
                     on_change=self.pick_heap, name="heap_pick"),
                Item(lambda: tr("setup.heap_size"), values=list(range(1, 26)), index=heaps[self.heap_index] - 1,
                     on_change=self.set_heap_size, name="heap_size"),
                self.toggle("misere", "setup.misere", lambda v: tr("setup.misere_on" if v else "setup.misere_off")),
            ]
        if self.game == "matches":
            length = len(p["pattern"]) if p.get("pattern") else p.get("length", 21)
            return [
                Item(lambda: tr("setup.length"), values=list(range(1, 61)), index=length - 1,
                     fmt=lambda v: (tr("setup.pattern", n=v) if self.params.get("pattern") else str(v)),
                     on_change=self.set_length, name="length"),
            ]
        if self.game == "grid":
            return [
                self.num("rows", "setup.rows", MIN_SIZE, MAX_SIZE),
                self.num("cols", "setup.cols", MIN_SIZE, MAX_SIZE),
                self.num("pawns", "setup.pawns", 1, int(p["rows"])),
            ]
        if self.game == "awele":
            return [
                self.num("seeds", "setup.seeds", 3, 6),
                Item(lambda: tr("setup.variant"), values=["forbidden", "capture_nothing"],
                     index=0 if p.get("grand_slam", "forbidden") == "forbidden" else 1,
                     fmt=lambda v: tr(f"setup.variant_{v}"), on_change=lambda v: self.set_param("grand_slam", v),
                     name="grand_slam"),
            ]
        return []

    # -- changes ---------------------------------------------------------------------------------
    def set_level(self, index: int) -> None:
        self.level_index = index
        self.level = self.levels[index]
        self.params = dict(self.level.params)
        self.seats[1] = self.level.opponent
        self.first = self.level.first
        self.heap_index = 0
        self.build()

    def set_seat(self, seat: int, value: int) -> None:
        self.seats[seat] = value

    def set_first(self, value: str) -> None:
        self.first = value

    def set_param(self, key: str, value: Any) -> None:
        self.params[key] = value
        if self.game == "grid" and key == "rows":
            self.params["pawns"] = min(self.params["pawns"], value)
            self.build()

    def set_heap_count(self, n: int) -> None:
        heaps = list(self.params["heaps"])
        while len(heaps) < n:
            heaps.append(min(25, 2 * len(heaps) + 1))
        self.params["heaps"] = tuple(heaps[:n])
        self.build()

    def pick_heap(self, i: int) -> None:
        self.heap_index = i
        self.build()

    def set_heap_size(self, size: int) -> None:
        heaps = list(self.params["heaps"])
        heaps[self.heap_index] = size
        self.params["heaps"] = tuple(heaps)
        self.build()

    def set_length(self, n: int) -> None:
        self.params["pattern"] = ""
        self.params["length"] = n

    # -- leave -----------------------------------------------------------------------------------
    def config(self) -> MatchConfig:
        return MatchConfig(self.game, self.level, dict(self.params), (self.seats[0], self.seats[1]), self.first)

    def play(self) -> None:
        from .games import start_game

        config = self.config()
        try:
            start_game(self.app, config)
        except RulesError as err:
            self.app.sounds.play("invalid")
            self.app.notify(err.message(), "error")

    def back(self) -> None:
        from .select import SelectScene

        self.app.manager.switch(SelectScene(self.app, focus=self.card_index))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return True
        return self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        key = "fort_boyard" if self.level.id == "fort-boyard" else self.game
        theme.blit_text(surface, tr("setup.title", game=tr("game." + key)), (theme.WIDTH // 2, 30), 46,
                        theme.ACCENT, "midtop")
        theme.blit_text(surface, tr("rule." + key), (theme.WIDTH // 2, 82), 22, theme.TEXT_DIM, "midtop")
        self.menu.draw(surface, self.time)
        theme.blit_text(surface, tr("setup.keys"), (theme.WIDTH // 2, theme.HEIGHT - 22), 20, theme.TEXT_DIM, "center")
