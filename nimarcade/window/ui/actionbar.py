"""A row of buttons, each an icon, a label and the key that does the same: what a screen offers
on the keyboard, offered to the mouse too (a :class:`~nimarcade.window.ui.section.Section`).

A button looks disabled when its action can't be done now (undo with nothing to undo), lights
up under the mouse, and stays lit while what it opens is open (the move list, the help). A click
on a disabled button still runs its action: the screen then says why it can't be done, as it
does for the key. The row is laid out again at each frame, so it follows a change of language.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from nimarcade.window.ui import theme
from nimarcade.window.ui.icons import draw_icon
from nimarcade.window.ui.section import Section

HEIGHT = 38
GAP = 6
PAD = 10
ICON = 18
LABEL_SIZE = 20
KEY_SIZE = 15
KEY_PAD = 4         # around the key's name, in its keycap
DISABLED_FILL = (24, 30, 54)


def _always() -> bool:
    return True


def _never() -> bool:
    return False


@dataclass
class Action:
    """``name``: what tests and scripts call it; ``icon``: a name of :mod:`nimarcade.window.ui.icons`;
    ``label`` and ``key``: the text shown (read at each frame, so always in the current language)."""

    name: str
    icon: str
    label: Callable[[], str]
    run: Callable[[], None]
    key: Callable[[], str] = lambda: ""
    enabled: Callable[[], bool] = _always
    active: Callable[[], bool] = _never
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def width(self) -> int:
        key = self.key()
        key_w = theme.text(key, KEY_SIZE).get_width() + 2 * KEY_PAD + 8 if key else 0
        return PAD + ICON + 7 + theme.text(self.label(), LABEL_SIZE).get_width() + key_w + PAD


class ActionBar(Section):
    """``anchor``: where the row goes, a point of its rectangle named by ``align`` ("topright",
    "midtop"...); ``sounds``: the app's sound bank (hover and click), or None."""

    def __init__(self, actions: list[Action], anchor: tuple[int, int], align: str = "topright",
                 sounds: Any = None) -> None:
        super().__init__(pygame.Rect(0, 0, 0, HEIGHT))
        self.actions = actions
        self.anchor, self.align = anchor, align
        self.sounds = sounds
        self.hover: str | None = None
        self.layout()

    def action(self, name: str) -> Action:
        for a in self.actions:
            if a.name == name:
                return a
        raise KeyError(name)

    def layout(self) -> None:
        widths = [a.width() for a in self.actions]
        self.rect = pygame.Rect(0, 0, sum(widths) + GAP * (len(widths) - 1), HEIGHT)
        setattr(self.rect, self.align, self.anchor)
        x = self.rect.left
        for a, w in zip(self.actions, widths):
            a.rect = pygame.Rect(x, self.rect.top, w, HEIGHT)
            x += w + GAP

    def at(self, pos: tuple[int, int]) -> Action | None:
        return next((a for a in self.actions if a.rect.collidepoint(pos)), None)

    def _sound(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name, 0.6)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a button runs it (True); the mouse moving only lights the button under it."""
        if event.type == pygame.MOUSEMOTION:
            self.layout()
            found = self.at(event.pos)
            name = found.name if found else None
            if name != self.hover and found is not None and found.enabled():
                self._sound("hover")
            self.hover = name
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.layout()
            found = self.at(event.pos)
            if found is None:
                return False
            self._sound("click" if found.enabled() else "invalid")
            found.run()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        for a in self.actions:
            enabled, active, hover = a.enabled(), a.active(), a.name == self.hover
            if not enabled:
                fill, edge, fg = DISABLED_FILL, theme.PANEL, theme.PANEL_EDGE
            else:
                fill = theme.PANEL_LIGHT if hover or active else theme.PANEL
                edge = theme.ACCENT if active or hover else theme.PANEL_EDGE
                fg = theme.ACCENT if active else theme.TEXT
            theme.panel(surface, a.rect, fill, edge, radius=10, width=2)
            icon = pygame.Rect(a.rect.left + PAD, 0, ICON, ICON)
            icon.centery = a.rect.centery
            draw_icon(surface, a.icon, icon, fg)
            label = theme.blit_text(surface, a.label(), (icon.right + 7, a.rect.centery), LABEL_SIZE, fg, "midleft",
                                    box=a.rect)
            key = a.key()
            if key:
                color = theme.TEXT_DIM if enabled else theme.PANEL_EDGE
                img = theme.text(key, KEY_SIZE, color)
                cap = pygame.Rect(label.right + 8, 0, img.get_width() + 2 * KEY_PAD, 19)
                cap.centery = a.rect.centery
                pygame.draw.rect(surface, color, cap, 1, border_radius=4)
                surface.blit(img, img.get_rect(center=(cap.centerx, cap.centery + 1)))
                theme.record(surface, key, img, img.get_rect(center=(cap.centerx, cap.centery + 1)), a.rect)
