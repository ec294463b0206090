"""The position editor's row of action buttons (:mod:`.editor`): the actions in the buttons' order,
their keys, where the buttons are, and how one is drawn (its label, the key in its keycap as on the
game's bar, greyed when the action can't act on the draft)."""
from __future__ import annotations

from typing import Sequence

import pygame

from nimarcade.i18n import tr
from nimarcade.window.ui import theme

#: The actions, in the buttons' order, with their keys.
ACTIONS = ("play", "analyse", "save", "puzzle", "clear", "reset", "back")
SHORTCUTS = {pygame.K_p: "play", pygame.K_a: "analyse", pygame.K_s: "save", pygame.K_d: "puzzle",
             pygame.K_c: "clear", pygame.K_r: "reset"}
#: The actions that need a legal position.
NEED_LEGAL = ("play", "analyse", "save", "puzzle")
BUTTON_W, BUTTON_H, BUTTON_GAP = 170, 46, 8
BUTTON_TOP = theme.HEIGHT - 80


def button_rects() -> list[pygame.Rect]:
    total = len(ACTIONS) * BUTTON_W + (len(ACTIONS) - 1) * BUTTON_GAP
    left = theme.WIDTH // 2 - total // 2
    return [pygame.Rect(left + i * (BUTTON_W + BUTTON_GAP), BUTTON_TOP, BUTTON_W, BUTTON_H) for i in range(len(ACTIONS))]


def draw_buttons(surface: pygame.Surface, rects: Sequence[pygame.Rect], enabled: Sequence[bool],
                 focused: int | None, mouse: tuple[int, int] | None) -> None:
    """Every action's button at ``rects``: ``enabled`` says which can act, ``focused`` is the one the
    keyboard is on (None: the keyboard is elsewhere), ``mouse`` lights the one under it."""
    for i, (action, rect) in enumerate(zip(ACTIONS, rects)):
        focus = i == focused
        hot = mouse is not None and rect.collidepoint(mouse)
        edge = theme.ACCENT if focus or hot else theme.PANEL_EDGE
        theme.panel(surface, rect, theme.PANEL_LIGHT if focus or hot else theme.PANEL, edge, radius=10,
                    width=3 if focus else 2)
        label = tr(f"editor.{action}")
        key_img = theme.text(tr(f"editor.key_{action}"), 15, theme.TEXT_DIM)
        cap = key_img.get_rect().inflate(8, 4)                   # the key in its keycap, as on the game's bar
        cap.midright = (rect.right - 8, rect.centery)
        room = rect.width - cap.width - 22
        color = (theme.ACCENT if focus else theme.TEXT) if enabled[i] else theme.lerp_color(theme.TEXT_DIM, theme.PANEL, 0.3)
        theme.blit_text(surface, label, (rect.left + 10 + room // 2, rect.centery), theme.fit_size(label, 22, room),
                        color, "center")
        pygame.draw.rect(surface, theme.TEXT_DIM, cap, 1, border_radius=4)
        surface.blit(key_img, key_img.get_rect(center=(cap.centerx, cap.centery + 1)))
        if theme.RECORDER is not None:
            theme.record(surface, tr(f"editor.key_{action}"), key_img,
                         key_img.get_rect(center=(cap.centerx, cap.centery + 1)), rect)
