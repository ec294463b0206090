"""Game selection: one card per entry of the registry's ``VARIANTS``, each with a small animated
preview and its rule in one line. The grid of cards adapts to how many games there are."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.i18n import error_text, tr
from nimarcade.window.ui import theme

from nimarcade.window.scenes.base import Scene

TOP, BOTTOM, MARGIN, GAP = 112, theme.HEIGHT - 92, 40, 24
NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, 10)})


def grid_shape(n: int) -> tuple[int, int]:
    """(columns, rows) for ``n`` cards: one row up to 4, then two rows, then three."""
    rows = 1 if n <= 4 else 2 if n <= 10 else 3
    return math.ceil(n / rows), rows


def card_rects(n: int) -> list[pygame.Rect]:
    cols, rows = grid_shape(n)
    w = min(360, (theme.WIDTH - 2 * MARGIN - (cols - 1) * GAP) // cols)
    h = min(250, (BOTTOM - TOP - (rows - 1) * GAP) // rows)
    rects = []
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)          # a short last row is centred
        x0 = theme.WIDTH // 2 - (in_row * w + (in_row - 1) * GAP) // 2
        y0 = TOP + (BOTTOM - TOP - (rows * h + (rows - 1) * GAP)) // 2
        rects.append(pygame.Rect(x0 + col * (w + GAP), y0 + row * (h + GAP), w, h))
    return rects


class SelectScene(Scene):
    name = "select"

    def __init__(self, services, focus: int = 0) -> None:
        super().__init__(services)
        self.cards = registry.VARIANTS
        self.rects = card_rects(len(self.cards))
        self.cols = grid_shape(len(self.cards))[0]
        self.focus = max(0, min(focus, len(self.cards) - 1))
        self.previews: dict[str, Callable] = {}

    def choose(self, i: int) -> None:
        card = self.cards[i]
        try:
            found = levels.load(card.game)
        except levels.LevelError as exc:
            self.services.sounds.play("invalid")
            self.services.notify(error_text(exc), "error", 8.0)
            return
        self.services.sounds.play("click")
        self.services.manager.go("setup", game=card.game, levels=found, level_id=card.level, variant=card.key,
                            card_index=i)

    def back(self) -> None:
        self.services.manager.go("title")

    def handle(self, event: pygame.event.Event) -> bool:
        n = len(self.cards)
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.cols, pygame.K_DOWN: self.cols}
            if event.key in moves:
                self.focus = (self.focus + moves[event.key]) % n
                self.services.sounds.play("hover", 0.6)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.focus)
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return True
            if event.key in NUMBER_KEYS and NUMBER_KEYS[event.key] < n:
                self.focus = NUMBER_KEYS[event.key]
                self.choose(self.focus)
                return True
        elif event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos) and i != self.focus:
                    self.focus = i
                    self.services.sounds.play("hover", 0.6)
                    return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self.focus = i
                    self.choose(i)
                    return True
            if self.back_rect().collidepoint(event.pos):
                self.back()
                return True
        return False

    @staticmethod
    def back_rect() -> pygame.Rect:
        return pygame.Rect(40, theme.HEIGHT - 70, 200, 48)

    def preview(self, game: str) -> Callable:
        if game not in self.previews:
            self.previews[game] = registry.load_attr(registry.get(game).window.preview)
        return self.previews[game]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        theme.blit_text(surface, tr("select.title"), (theme.WIDTH // 2, 34), 50, theme.ACCENT, "midtop")
        for i, (card, rect) in enumerate(zip(self.cards, self.rects)):
            focused = i == self.focus
            edge = theme.lerp_color(theme.ACCENT_DARK, theme.ACCENT, theme.pulse(self.time, 4)) if focused else theme.PANEL_EDGE
            theme.panel(surface, rect, theme.PANEL_LIGHT if focused else theme.PANEL, edge, width=3 if focused else 2)
            preview = pygame.Rect(rect.left + 14, rect.top + 50, rect.width - 28, min(100, rect.height - 130))
            pygame.draw.rect(surface, (16, 20, 40), preview, border_radius=10)
            surface.set_clip(preview)
            self.preview(card.game)(surface, preview, self.time + i * 0.7, card.key)
            surface.set_clip(None)
            title = f"{i + 1}. {tr('game.' + card.key)}" if i < 9 else tr("game." + card.key)
            size = theme.fit_size(title, 30, rect.width - 20)
            theme.blit_text(surface, title, (rect.centerx, rect.top + 14), size,
                            theme.ACCENT if focused else theme.TEXT, "midtop")
            theme.blit_paragraph(surface, tr("rule." + card.key), pygame.Rect(rect.left + 14, preview.bottom + 10,
                                 rect.width - 28, rect.bottom - preview.bottom - 14), 19, theme.TEXT_DIM, spacing=2,
                                 center=True)
        back = self.back_rect()
        theme.panel(surface, back, theme.PANEL, theme.PANEL_EDGE, radius=10)
        theme.blit_text(surface, tr("menu.back"), back.center, 26, theme.TEXT, "center")
        theme.blit_text(surface, tr("select.keys", n=min(9, len(self.cards))), (theme.WIDTH // 2 + 100, theme.HEIGHT - 46),
                        20, theme.TEXT_DIM, "center")
