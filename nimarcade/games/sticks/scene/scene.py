"""Sticks and Fort Boyard: one row of sticks; you take from the right end.

Mouse: hover a stick to see which ones would be taken (that stick and every one to its right),
click to take them. Keyboard: left or up takes one more (the highlight grows leftwards from the
right end), right or down one fewer, 1-9 a number; Enter or Space takes them.
Taken sticks fly to the taker's tray.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.core.hints import Hint
from nimarcade.i18n import tr
from nimarcade.window.ui import theme
from nimarcade.window.ui.tween import arc, ease_in_out

from nimarcade.window.scenes.game import BOARD, GameScene
from nimarcade.window.scenes.tally import taken
from nimarcade.games.sticks.scene.art import STICK_H, stick_surface
from nimarcade.games.sticks.scene.explain import explain_lines


class SticksScene(GameScene):
    def __init__(self, services, config, director=None) -> None:
        self.count = 1          # keyboard choice: how many sticks to take
        self.chosen = False     # the player changed it this turn (until then a hint shown sets it)
        self.hover: int | None = None
        super().__init__(services, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        total = self.before.sticks if self.before is not None else self.state.sticks
        total = max(total, self.config.params["sticks"])
        self.n_total = total
        self.pitch = min(44, (BOARD.width - 120) // max(1, total))
        self.stick_w = max(8, min(22, int(self.pitch * 0.55)))
        width = self.pitch * (total - 1) + self.stick_w
        self.left = theme.WIDTH // 2 - width // 2
        self.top = BOARD.top + 60

    def stick_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.left + i * self.pitch, self.top, self.stick_w, STICK_H)

    def tray_pos(self, rules_player: int) -> tuple[int, int]:
        seat = self.match.seat_of(rules_player)
        return (160, BOARD.bottom - 60) if seat == 0 else (theme.WIDTH - 160, BOARD.bottom - 60)

    def stick_at(self, pos: tuple[int, int]) -> int | None:
        for i in range(self.state.sticks):
            r = self.stick_rect(i).inflate(self.pitch - self.stick_w, 20)
            if r.collidepoint(pos):
                return i
        return None

    def max_now(self) -> int:
        return min(self.state.max_take, self.state.sticks)

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def mouse_path(self, move: int) -> list[tuple[int, int]]:
        """One click on the leftmost stick taken: it and every stick to its right go."""
        return [self.stick_rect(self.state.sticks - move).center]

    def key_path(self, move: int) -> list[int]:
        """The number of sticks (1-9 sets the count), then Enter."""
        return [pygame.K_1 + move - 1, pygame.K_RETURN]

    # -- input -----------------------------------------------------------------------------------
    def on_new_turn(self) -> None:
        self.count = 1
        self.chosen = False

    def keyboard_count(self) -> int:
        """The sticks the keyboard would take: the player's choice, or until they make one, the
        hint's move when a hint is shown (else « prendre 1 » stood raised under a hint saying « prenez 2 »)."""
        hint = self.hint
        if not self.chosen and hint is not None and not hint.lost and hint.moves and self.human_turn():
            return int(hint.moves[0])
        return self.count

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.stick_at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.stick_at(event.pos)
            if i is None:
                return False
            self.submit(self.state.sticks - i)
            return True
        if event.type == pygame.KEYDOWN:
            # The sticks go from the right end: left (or up) grows the highlight leftwards, one more
            # stick; right (or down) gives one back.
            if event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
                self._set_count(self.keyboard_count() - 1)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
                self._set_count(self.keyboard_count() + 1)
                return True
            if pygame.K_1 <= event.key <= pygame.K_9 or pygame.K_KP1 <= event.key <= pygame.K_KP9:
                n = (event.key - pygame.K_1 if event.key <= pygame.K_9 else event.key - pygame.K_KP1) + 1
                if n > self.max_now():
                    self.submit(n)  # refused with the reason
                else:
                    self._set_count(n)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.hover = None
                self.submit(self.keyboard_count())
                return True
        return False

    def _set_count(self, n: int) -> None:
        clamped = max(1, min(n, self.max_now()))
        if clamped != n:
            self.services.sounds.play("invalid", 0.5)
        else:
            self.services.sounds.play("hover", 0.6)
        self.count = clamped
        self.chosen = True
        self.hover = None

    def selection(self) -> tuple[int, bool] | None:
        """How many sticks the player points at, and whether that is legal."""
        if not self.human_turn():
            return None
        if self.hover is not None and self.hover < self.state.sticks:
            k = self.state.sticks - self.hover
            return k, 1 <= k <= self.max_now()
        return self.keyboard_count(), True

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: Any, move: int, after: Any) -> float:
        self.services.sounds.play("take")
        self.hover = None
        return 0.75

    def describe(self, move: int, before: Any) -> str:
        return tr("sticks.took", n=move, left=before.sticks - move)

    def explain(self, hint: Hint) -> list[str]:
        return explain_lines(self.state, hint)

    @property
    def trays(self) -> list[int]:
        """Sticks taken by each rules player, from the game's history."""
        return taken(self.match, int, self.animating)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        shown = self.before.sticks if self.anim is not None and self.before is not None else self.state.sticks
        flying_from = self.state.sticks if self.anim is not None else shown
        sel = self.selection()
        hint_k = None
        if self.hint is not None and not self.hint.lost and self.human_turn():
            hint_k = self.hint.moves[0]
        # Table
        table = pygame.Rect(self.left - 40, self.top + STICK_H - 10, self.pitch * (self.n_total - 1) + self.stick_w + 80, 24)
        pygame.draw.rect(surface, (60, 44, 30), table, border_radius=10)
        plain = stick_surface(self.stick_w, STICK_H)
        for i in range(flying_from):
            rect = self.stick_rect(i)
            img = plain
            lift = 0
            if sel is not None and i >= self.state.sticks - sel[0]:
                img = stick_surface(self.stick_w, STICK_H, theme.ACCENT if sel[1] else theme.BAD)
                lift = 14 if sel[1] else 4
            elif hint_k is not None and i >= self.state.sticks - hint_k:
                glow = 0.5 + 0.5 * theme.pulse(self.time, 5)
                img = stick_surface(self.stick_w, STICK_H, theme.lerp_color(theme.WOOD, theme.GOOD, glow))
            surface.blit(img, rect.move(0, -lift))
        # Flying sticks
        if self.anim is not None and self.before is not None:
            t = ease_in_out(self.anim.t)
            target = self.tray_pos(self.before.to_move)
            for n, i in enumerate(range(self.state.sticks, shown)):
                start = self.stick_rect(i).center
                local = max(0.0, min(1.0, t * 1.25 - n * 0.08))
                x, y = arc(start, target, local, 120)
                img = pygame.transform.rotozoom(plain, local * 90 * (1 if self.match.seat_of(self.before.to_move) else -1),
                                                1 - 0.45 * local)
                surface.blit(img, img.get_rect(center=(x, y)))
        # Counter and trays
        theme.blit_text(surface, self.left_text(), (theme.WIDTH // 2, self.top - 48), 30, theme.TEXT, "center")
        if sel is not None:
            k, ok = sel
            label = tr("sticks.take_n", n=k) if ok else tr("sticks.too_many", max=self.max_now())
            theme.blit_text(surface, label, (theme.WIDTH // 2, self.top + STICK_H + 74), 28,
                            theme.ACCENT if ok else theme.BAD, "center")
        for p in (0, 1):
            x, y = self.tray_pos(p)
            color = theme.PLAYER_COLORS[self.match.seat_of(p)]
            rect = pygame.Rect(0, 0, 250, 70)
            rect.center = (x, y)
            theme.panel(surface, rect, theme.PANEL, color, radius=12)
            theme.blit_text(surface, self.player_name(p), (rect.centerx, rect.top + 8), 20, color, "midtop")
            theme.blit_text(surface, tr("sticks.tray", n=self.trays[p]), (rect.centerx, rect.top + 38), 22,
                            theme.TEXT, "midtop")
        self.draw_why(surface)

    def left_text(self) -> str:
        """« 13 bâtons sur la table », or « Plus aucun bâton sur la table »."""
        return tr("sticks.left", n=self.state.sticks) if self.state.sticks else tr("sticks.none_left")

    def draw_why(self, surface: pygame.Surface) -> None:
        """With a hint shown: the sticks grouped by (max_take + 1), the heart of the strategy.

        Each bracket is one round "you take k, I take p - k"; what is left over at the right is the
        move to play (or, when nothing is left over, the position is lost).
        """
        if self.hint is None or not self.human_turn():
            return
        s, p = self.state.sticks, self.state.max_take + 1
        start = 1 if self.state.last_loses else 0
        y = self.top + STICK_H + 28
        if start:
            r = self.stick_rect(0)
            pygame.draw.line(surface, theme.BAD, (r.left, y), (r.right, y), 3)
            theme.blit_text(surface, tr("sticks.last_one"), (r.centerx, y + 22), 18, theme.BAD, "midtop")
        i = start
        while i + p <= s:
            a, b = self.stick_rect(i), self.stick_rect(i + p - 1)
            pygame.draw.lines(surface, theme.TEXT_DIM, False, [(a.left, y - 6), (a.left, y), (b.right, y), (b.right, y - 6)], 2)
            theme.blit_text(surface, str(p), ((a.left + b.right) // 2, y + 4), 18, theme.TEXT_DIM, "midtop")
            i += p
        if i < s:
            a, b = self.stick_rect(i), self.stick_rect(s - 1)
            pygame.draw.lines(surface, theme.GOOD, False, [(a.left, y - 6), (a.left, y), (b.right, y), (b.right, y - 6)], 3)
            theme.blit_text(surface, tr("sticks.take_these"), ((a.left + b.right) // 2, y + 4), 18, theme.GOOD, "midtop")
