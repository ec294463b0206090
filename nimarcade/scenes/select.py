"""Game selection: six cards, each with a small animated preview and its rule in one line."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from nimarcade import levels
from nimarcade.i18n import tr
from nimarcade.ui import theme

from .base import Scene


@dataclass(frozen=True)
class Card:
    key: str          # translation key stem: "game.<key>", "rule.<key>"
    game: str         # the rules module / level file
    level_id: str | None = None  # a level to preselect (Fort Boyard is a Sticks level)


CARDS = (
    Card("sticks", "sticks", "mgl7160"),
    Card("fort_boyard", "sticks", "fort-boyard"),
    Card("heaps", "heaps"),
    Card("matches", "matches"),
    Card("grid", "grid"),
    Card("awele", "awele"),
)
COLS = 3
CARD_W, CARD_H = 360, 230


def card_rect(i: int) -> pygame.Rect:
    col, row = i % COLS, i // COLS
    gap = 36
    x0 = theme.WIDTH // 2 - (COLS * CARD_W + (COLS - 1) * gap) // 2
    return pygame.Rect(x0 + col * (CARD_W + gap), 130 + row * (CARD_H + 36), CARD_W, CARD_H)


class SelectScene(Scene):
    name = "select"

    def __init__(self, app, focus: int = 0) -> None:
        super().__init__(app)
        self.focus = focus

    def choose(self, i: int) -> None:
        card = CARDS[i]
        try:
            found = levels.load(card.game)
        except levels.LevelError as exc:
            self.app.sounds.play("invalid")
            self.app.notify(str(exc), "error", 8.0)
            return
        from .setup import SetupScene

        self.app.sounds.play("click")
        self.app.manager.switch(SetupScene(self.app, card.game, found, card.level_id, card_index=i))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -COLS, pygame.K_DOWN: COLS}
            if event.key in moves:
                self.focus = (self.focus + moves[event.key]) % len(CARDS)
                self.app.sounds.play("hover", 0.6)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.focus)
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                from .title import TitleScene

                self.app.manager.switch(TitleScene(self.app))
                return True
            if pygame.K_1 <= event.key <= pygame.K_6:
                self.focus = event.key - pygame.K_1
                self.choose(self.focus)
                return True
        elif event.type == pygame.MOUSEMOTION:
            for i in range(len(CARDS)):
                if card_rect(i).collidepoint(event.pos) and i != self.focus:
                    self.focus = i
                    self.app.sounds.play("hover", 0.6)
                    return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(CARDS)):
                if card_rect(i).collidepoint(event.pos):
                    self.focus = i
                    self.choose(i)
                    return True
            if self.back_rect().collidepoint(event.pos):
                from .title import TitleScene

                self.app.manager.switch(TitleScene(self.app))
                return True
        return False

    @staticmethod
    def back_rect() -> pygame.Rect:
        return pygame.Rect(40, theme.HEIGHT - 70, 200, 48)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        theme.blit_text(surface, tr("select.title"), (theme.WIDTH // 2, 40), 50, theme.ACCENT, "midtop")
        for i, card in enumerate(CARDS):
            rect = card_rect(i)
            focused = i == self.focus
            edge = theme.lerp_color(theme.ACCENT_DARK, theme.ACCENT, theme.pulse(self.time, 4)) if focused else theme.PANEL_EDGE
            theme.panel(surface, rect, theme.PANEL_LIGHT if focused else theme.PANEL, edge, width=3 if focused else 2)
            preview = pygame.Rect(rect.left + 16, rect.top + 52, rect.width - 32, 100)
            pygame.draw.rect(surface, (16, 20, 40), preview, border_radius=10)
            surface.set_clip(preview)
            draw_preview(surface, card.key, preview, self.time + i * 0.7)
            surface.set_clip(None)
            theme.blit_text(surface, f"{i + 1}. {tr('game.' + card.key)}", (rect.centerx, rect.top + 14), 30,
                            theme.ACCENT if focused else theme.TEXT, "midtop")
            theme.blit_paragraph(surface, tr("rule." + card.key), pygame.Rect(rect.left + 16, preview.bottom + 10,
                                 rect.width - 32, 60), 19, theme.TEXT_DIM, spacing=2, center=True)
        back = self.back_rect()
        theme.panel(surface, back, theme.PANEL, theme.PANEL_EDGE, radius=10)
        theme.blit_text(surface, tr("menu.back"), back.center, 26, theme.TEXT, "center")
        theme.blit_text(surface, tr("select.keys"), (theme.WIDTH // 2 + 100, theme.HEIGHT - 46), 20, theme.TEXT_DIM, "center")


def draw_preview(surface: pygame.Surface, key: str, r: pygame.Rect, t: float) -> None:
    """A tiny looping animation of each game."""
    phase = t % 4.0
    if key in ("sticks", "fort_boyard"):
        n = 13 if key == "sticks" else 20
        taken = int(phase) % 4
        pitch = min(16, (r.width - 30) // n)
        x0 = r.centerx - pitch * n // 2
        for i in range(n - taken):
            rect = pygame.Rect(x0 + i * pitch, r.top + 16, 8, r.height - 32)
            pygame.draw.rect(surface, theme.WOOD, rect, border_radius=4)
        f = phase % 1.0
        rect = pygame.Rect(x0 + (n - taken - 1) * pitch, r.top + 16 - int(60 * f), 8, r.height - 32)
        if taken < 3:
            pygame.draw.rect(surface, theme.lerp_color(theme.WOOD, theme.BG_BOTTOM, f), rect, border_radius=4)
    elif key == "heaps":
        sizes = (1, 3, 5, 7)
        for row, size in enumerate(sizes):
            shown = size if row != 3 else max(2, size - int(phase))
            for j in range(shown):
                c = theme.P1 if row % 2 else theme.ACCENT
                pygame.draw.circle(surface, c, (r.left + 30 + j * 22, r.top + 16 + row * 22), 8)
    elif key == "matches":
        cells = 16
        pitch = (r.width - 20) // cells
        gone = {5, 6, 11} if phase > 2 else {5, 6}
        for i in range(cells):
            x = r.left + 14 + i * pitch
            if i in gone:
                continue
            pygame.draw.line(surface, theme.WOOD, (x, r.top + 30), (x, r.bottom - 14), 4)
            head = theme.MATCH_HEAD
            if i == 11 and 1.5 < phase <= 2:
                head = theme.ACCENT
            pygame.draw.circle(surface, head, (x, r.top + 28), 5)
    elif key == "grid":
        n = 5
        cell = (r.height - 10) // n
        x0 = r.centerx - cell * n // 2
        for i in range(n):
            for j in range(n):
                pygame.draw.rect(surface, theme.PANEL_EDGE, (x0 + j * cell, r.top + 5 + i * cell, cell, cell), 1)
        pygame.draw.rect(surface, theme.SINK, (x0 + 4 * cell + 2, r.top + 7 + 4 * cell, cell - 4, cell - 4))
        path = [(0, 0), (0, 2), (2, 2), (2, 4), (4, 4)]
        k = min(int(phase), 3)
        f = phase - k if phase < 4 else 1
        (a, b), (c, d) = path[k], path[k + 1]
        y = a + (c - a) * min(1, f)
        x = b + (d - b) * min(1, f)
        radius = int(cell * 0.35 * (1 - max(0, f - 0.5) if k == 3 else 1))
        pygame.draw.circle(surface, theme.P2, (x0 + int(x * cell) + cell // 2, r.top + 5 + int(y * cell) + cell // 2), max(2, radius))
    elif key == "awele":
        for row in range(2):
            for j in range(6):
                cx = r.left + 40 + j * ((r.width - 80) // 5)
                cy = r.top + 28 + row * 46
                pygame.draw.circle(surface, (90, 60, 36), (cx, cy), 19)
                seeds = 4 if (row, j) != (0, int(phase * 1.5) % 6) else 1
                for s in range(seeds):
                    a = s * 2.1 + t * 0.3
                    pygame.draw.circle(surface, (236, 220, 190), (cx + int(7 * math.cos(a)), cy + int(7 * math.sin(a))), 4)
