"""Buttons, menus with choice rows, and toasts. Mouse and keyboard reach every widget.

A :class:`Menu` is a vertical list of items: up/down (or Tab) moves the focus, Enter or Space
activates, left/right changes a choice; the mouse focuses on hover, clicks activate, and clicking
the ‹ › arrows of a choice changes it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pygame

from nimarcade.window.ui import theme

Label = Callable[[], str]


@dataclass
class Item:
    label: Label
    action: Callable[[], object] | None = None     # what it returns is not used
    #: For a choice row: the values, the index shown, how to show a value, what to do on change.
    values: Sequence[Any] | None = None
    index: int = 0
    fmt: Callable[[Any], str] = str
    on_change: Callable[[Any], None] | None = None
    enabled: Callable[[], bool] = lambda: True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    left_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    right_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    name: str = ""
    #: A choice drawn as a slider (a bar that fills with the value); a click on the bar sets it.
    slider: bool = False

    @property
    def is_choice(self) -> bool:
        return self.values is not None

    @property
    def value(self) -> Any:
        return self.values[self.index] if self.values else None

    def step(self, delta: int) -> bool:
        if not self.values:
            return False
        new = max(0, min(len(self.values) - 1, self.index + delta))
        if new == self.index:
            return False
        self.index = new
        if self.on_change:
            self.on_change(self.value)
        return True

    def set_value(self, value: Any) -> None:
        if self.values and value in self.values:
            self.index = list(self.values).index(value)


class Menu:
    def __init__(
        self,
        items: list[Item],
        center_x: int,
        top: int,
        width: int = 520,
        item_height: int = 56,
        gap: int = 10,
        sounds: Any = None,
        size: int = 30,
        value_width: int = 300,
    ) -> None:
        self.value_width = value_width
        self.items = items
        self.center_x, self.top, self.width = center_x, top, width
        self.item_height, self.gap, self.size = item_height, gap, size
        self.focus = 0
        self.sounds = sounds
        self.layout()

    def layout(self) -> None:
        y = self.top
        for item in self.items:
            item.rect = pygame.Rect(0, 0, self.width, self.item_height)
            item.rect.midtop = (self.center_x, y)
            if item.is_choice or hasattr(item, "draw_value"):
                item.left_rect = pygame.Rect(item.rect.right - self.value_width, item.rect.top, 44, item.rect.height)
                item.right_rect = pygame.Rect(item.rect.right - 48, item.rect.top, 44, item.rect.height)
            y += self.item_height + self.gap

    def fit(self, bottom: int) -> None:
        """Shrink the rows (and their text with them) until the last one ends above ``bottom``."""
        n = len(self.items)
        while self.top + n * (self.item_height + self.gap) - self.gap > bottom and self.item_height > 32:
            self.item_height -= 1
            self.gap = min(self.gap, max(4, self.item_height // 8))
        self.size = min(self.size, self.item_height - 14)
        self.layout()

    def item(self, name: str) -> Item:
        for it in self.items:
            if it.name == name:
                return it
        raise KeyError(name)

    def _sound(self, name: str) -> None:
        if self.sounds:
            self.sounds.play(name, 0.6)

    def _move_focus(self, delta: int) -> None:
        n = len(self.items)
        for _ in range(n):
            self.focus = (self.focus + delta) % n
            if self.items[self.focus].enabled():
                break
        self._sound("hover")

    def handle(self, event: pygame.event.Event) -> bool:
        # A row that edits in place (a list of numbers) has the first say on its own input.
        for i, it in enumerate(self.items):
            own = getattr(it, "handle_event", None)
            if own is None:
                continue
            if event.type == pygame.MOUSEBUTTONDOWN and it.rect.collidepoint(event.pos):
                self.focus = i
            done = own(event, i == self.focus)
            if done is not None:
                self._sound("click" if done else "invalid")
                return True
        if event.type == pygame.KEYDOWN:
            item = self.items[self.focus]
            if event.key in (pygame.K_UP, pygame.K_w) or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            ):
                self._move_focus(-1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self._move_focus(1)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_a, pygame.K_RIGHT, pygame.K_d) and item.is_choice:
                delta = -1 if event.key in (pygame.K_LEFT, pygame.K_a) else 1
                self._sound("click" if item.step(delta) else "invalid")
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.activate(item)
        elif event.type == pygame.MOUSEMOTION:
            for i, item in enumerate(self.items):
                if item.rect.collidepoint(event.pos) and item.enabled() and i != self.focus:
                    self.focus = i
                    self._sound("hover")
                    return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for i, item in enumerate(self.items):
                if item.rect.collidepoint(event.pos) and item.enabled():
                    self.focus = i
                    if item.slider and self.bar_rect(item).inflate(0, 20).collidepoint(event.pos):
                        bar = self.bar_rect(item)
                        frac = min(1.0, max(0.0, (event.pos[0] - bar.left) / max(1, bar.width)))
                        new = round(frac * (len(item.values or ()) - 1))
                        self._sound("click" if item.step(new - item.index) else "hover")
                        return True
                    if item.is_choice:
                        if item.left_rect.collidepoint(event.pos):
                            delta = -1
                        elif item.right_rect.collidepoint(event.pos):
                            delta = 1
                        else:
                            delta = -1 if event.button == 3 else 1
                            if item.index + delta >= len(item.values or ()):
                                item.index = -1  # cycle round on a click on the label
                        self._sound("click" if item.step(delta) else "invalid")
                        return True
                    return self.activate(item)
        elif event.type == pygame.MOUSEWHEEL:
            item = self.items[self.focus]
            if item.is_choice:
                item.step(1 if event.y > 0 else -1)
                return True
        return False

    def activate(self, item: Item) -> bool:
        if not item.enabled():
            self._sound("invalid")
            return True
        if item.action:
            self._sound("click")
            item.action()
            return True
        if item.is_choice:
            if item.index + 1 >= len(item.values or ()):
                item.index = -1
            item.step(1)
            self._sound("click")
            return True
        return False

    @staticmethod
    def bar_rect(item: Item) -> pygame.Rect:
        """The slider's bar: between the left arrow and the value written at the right."""
        return pygame.Rect(item.left_rect.right + 10, item.rect.centery - 6,
                           item.right_rect.left - item.left_rect.right - 110, 12)

    def draw_slider(self, surface: pygame.Surface, item: Item, focused: bool) -> None:
        bar = self.bar_rect(item)
        n = max(1, len(item.values or ()) - 1)
        filled = bar.copy()
        filled.width = round(bar.width * item.index / n)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.TEXT_DIM, filled, border_radius=6)
        pygame.draw.circle(surface, theme.TEXT, (filled.right, bar.centery), 10)

    def draw(self, surface: pygame.Surface, t: float = 0.0) -> None:
        for i, item in enumerate(self.items):
            focused = i == self.focus
            enabled = item.enabled()
            color = theme.PANEL_LIGHT if focused else theme.PANEL
            edge = theme.lerp_color(theme.ACCENT_DARK, theme.ACCENT, theme.pulse(t, 4)) if focused else theme.PANEL_EDGE
            theme.panel(surface, item.rect, color, edge, radius=12, width=3 if focused else 2)
            fg = theme.TEXT if enabled else theme.TEXT_DIM
            if hasattr(item, "draw_value"):
                theme.blit_text(surface, item.label(), (item.rect.left + 22, item.rect.centery), self.size - 4, fg,
                                "midleft")
                item.draw_value(surface, focused, self.size - 4)
            elif item.is_choice:
                label = item.label()
                size = theme.fit_size(label, self.size - 4, item.left_rect.left - item.rect.left - 30)
                theme.blit_text(surface, label, (item.rect.left + 22, item.rect.centery), size, fg, "midleft")
                mid = (item.left_rect.right + item.right_rect.left) // 2
                value = item.fmt(item.value)
                if item.slider:
                    self.draw_slider(surface, item, focused)
                    mid = item.right_rect.left - 44
                # A long value (a level's name) shrinks to stay clear of the ‹ › arrows.
                size = theme.fit_size(value, self.size - 4, item.right_rect.left - item.left_rect.right - 16)
                theme.blit_text(surface, value, (mid, item.rect.centery), size,
                                theme.ACCENT if focused else fg, "center")
                can_l = item.index > 0
                can_r = item.index < len(item.values or ()) - 1
                theme.blit_text(surface, "‹", item.left_rect.center, self.size + 6,
                                theme.TEXT if can_l else theme.PANEL_EDGE, "center")
                theme.blit_text(surface, "›", item.right_rect.center, self.size + 6,
                                theme.TEXT if can_r else theme.PANEL_EDGE, "center")
            else:
                theme.blit_text(surface, item.label(), item.rect.center, self.size,
                                theme.ACCENT if focused and enabled else fg, "center")


@dataclass
class Toast:
    """A message over the screen. An error stays until the player dismisses it (a click on it, or
    Esc) or its screen goes away (``owner``); other messages fade after ``seconds``."""

    text: str
    kind: str = "info"
    seconds: float = 3.5
    owner: Any = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


ERROR_TOP = 104     # under every screen's title, clear of the buttons at the bottom
#: Where messages other than errors go: a strip at the bottom of the screen that every screen
#: keeps free of buttons (their footers of keys only, and the game screen's message line).
TOAST_STRIP = pygame.Rect(0, theme.HEIGHT - 36, theme.WIDTH, 34)
TOAST_SIZE, TOAST_SMALLEST = 22, 16
#: A message is never wider (a long one is cut in its middle): the strip's ends stay free.
TOAST_WIDTH = 760


def shorten(text: str, size: int, width: int) -> str:
    """``text`` cut in its middle (a file's path keeps its name) with « … » to fit ``width``."""
    if theme.text(text, size).get_width() <= width:
        return text
    keep = len(text)
    while keep > 2:
        keep -= 1
        cut = text[:keep // 3] + "…" + text[len(text) - (keep - keep // 3):]
        if theme.text(cut, size).get_width() <= width:
            return cut
    return text[:1] + "…"


def draw_toasts(surface: pygame.Surface, toasts: list[Toast], dismiss_hint: str = "",
                avoid: pygame.Rect | None = None, area: pygame.Rect | None = None) -> None:
    """Errors at the top in red, with how to dismiss them; the newest other message in the strip
    at the bottom. Nothing is drawn over ``avoid`` (a panel open on the screen, the help): a
    message that would be is kept, unseen, until it closes. ``area``: where the screen wants its
    errors (a game's: over its title, never over the board), the text made to fit it."""
    for toast in toasts:
        if toast.kind != "error":
            continue
        size, width, top, centerx = 24, 980, ERROR_TOP, theme.WIDTH // 2
        hint_size, pad, hint_room = 18, 10, 26
        if area is not None:
            width, top, centerx, hint_size = area.width - 40, area.top, area.centerx, 16
            size, pad, hint_room = 22, 6, 24
            while size > 14 and len(theme.wrap(toast.text, size, width)) * (size + 4) + 2 * pad + hint_room > area.height:
                size -= 1
        step = size + 4
        lines = theme.wrap(toast.text, size, width)
        hint_h = hint_room if dismiss_hint else 0
        w = max([theme.font(size).size(line)[0] for line in lines] + [theme.font(hint_size).size(dismiss_hint)[0]]) + 40
        rect = pygame.Rect(0, 0, w, 2 * pad + step * len(lines) + hint_h)
        rect.midtop = (centerx, top)
        if avoid is not None and rect.colliderect(avoid):
            toast.rect = pygame.Rect(0, 0, 0, 0)
            continue
        toast.rect = rect
        theme.panel(surface, rect, (40, 18, 30), theme.BAD, radius=10, width=3)
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (rect.centerx, rect.top + pad + step * i), size, theme.TEXT, "midtop")
        if dismiss_hint:
            theme.blit_text(surface, dismiss_hint, (rect.centerx, rect.bottom - pad + 2), hint_size, theme.TEXT_DIM, "midbottom")
    infos = [t for t in toasts if t.kind != "error"]
    for toast in infos[:-1]:
        toast.rect = pygame.Rect(0, 0, 0, 0)
    if infos:
        toast = infos[-1]
        room = TOAST_WIDTH - 40
        size = theme.fit_size(toast.text, TOAST_SIZE, room, TOAST_SMALLEST)
        line = shorten(toast.text, size, room)
        rect = pygame.Rect(0, 0, theme.text(line, size).get_width() + 40, TOAST_STRIP.height - 4)
        rect.center = TOAST_STRIP.center
        toast.rect = rect
        theme.panel(surface, rect, (24, 20, 36), theme.ACCENT, radius=10)
        theme.blit_text(surface, line, rect.center, size, theme.TEXT, "center")


def _constant(text: str) -> Callable[[], str]:
    """A label that is always ``text``."""
    return lambda: text


def button_bar(labels: list[tuple[str, Callable[[], None]]], center_x: int, y: int, sounds=None,
               width: int = 260, gap: int = 20) -> Menu:
    """A horizontal row of buttons is a menu laid out sideways; keys left/right move the focus."""
    return HorizontalMenu([Item(_constant(s) if isinstance(s, str) else s, a) for s, a in labels],
                          center_x, y, width, sounds=sounds, gap=gap)


class HorizontalMenu(Menu):
    def layout(self) -> None:
        n = len(self.items)
        total = n * self.width + (n - 1) * self.gap
        x = self.center_x - total // 2
        for item in self.items:
            item.rect = pygame.Rect(x, self.top, self.width, self.item_height)
            x += self.width + self.gap

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_a, pygame.K_d):
            self._move_focus(-1 if event.key in (pygame.K_LEFT, pygame.K_a) else 1)
            return True
        return super().handle(event)
