"""Review a finished game move by move (from the result screen): ←/→ step through it, each move
animated by the game's own scene; Home/End jump to the start or the end; Esc goes back.

The board is the game's own scene (asked of the manager by name, never imported), holding a copy
of the game cut at the reviewed move; its turn controller is frozen so that nothing asks the
computer. It is drawn at 75 % beside the move list, so a teacher can show both to a class.
"""
from __future__ import annotations

import pygame

from nimarcade.i18n import tr
from nimarcade.session import Match
from nimarcade.ui import theme

from .base import QuietDirector, Scene
from .movelist import MoveList


class ReviewScene(Scene):
    name = "review"

    def __init__(self, app, match: Match, at: int | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.board = app.manager.make("game", config=match.config, director=QuietDirector(),
                                      match=self._cut(0))
        self.board.turns.frozen = True
        self.at = 0
        self.move_list = MoveList(lambda: match, self.board.spec.format_move, self.board.draw_screen,
                                  lambda: self.at)
        self.jump(len(match.moves) if at is None else at)

    def _cut(self, n: int) -> Match:
        m = self.match
        return Match(m.config, m.players, list(m.states[:n + 1]), list(m.moves[:n]))

    # -- moving through the game -----------------------------------------------------------------
    def jump(self, n: int) -> None:
        """Show the position after ``n`` moves at once."""
        self.at = max(0, min(n, len(self.match.moves)))
        b = self.board
        b.anim = None
        b.before = b.anim_move = None
        b.turns.adopt(self._cut(self.at))
        b.finished, b.end_timer = False, None
        b.last_move_text = self._describe(self.at)
        b.layout()
        b.on_new_turn()

    def _describe(self, n: int) -> str:
        if n == 0:
            return ""
        before = self.match.states[n - 1]
        move = self.match.moves[n - 1]
        return f"{self.board.player_name(before.to_move)} {self.board.describe(move, before)}"

    def forward(self) -> None:
        if self.at >= len(self.match.moves):
            self.app.sounds.play("invalid")
            return
        if self.board.animating:
            self.jump(self.at)                      # finish the move on show first
        self.board._apply(self.match.moves[self.at])
        self.board.end_timer = None
        self.at += 1

    def back(self) -> None:
        if self.at == 0:
            self.app.sounds.play("invalid")
            return
        self.jump(self.at - 1)

    def leave(self) -> None:
        self.app.manager.go("result", match=self.match)

    # -- scene -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            actions = {pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.back,
                       pygame.K_HOME: lambda: self.jump(0),
                       pygame.K_END: lambda: self.jump(len(self.match.moves)),
                       pygame.K_ESCAPE: self.leave, pygame.K_BACKSPACE: self.leave}
            if event.key in actions:
                actions[event.key]()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (1, 5):
                self.forward()
            elif event.button in (3, 4):
                self.back()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)
        self.board.end_timer = None

    def moving(self) -> bool:
        return self.board.moving()

    def draw(self, surface: pygame.Surface) -> None:
        self.move_list.draw(surface)
        total = len(self.match.moves)
        box = self.move_list.board
        theme.blit_text(surface, tr("review.title"), (box.left + 4, 8), 28, theme.ACCENT)
        theme.blit_text(surface, tr("review.position", n=self.at, total=total), (box.right, 12), 24,
                        theme.TEXT, "topright")
        bar = pygame.Rect(box.left, box.bottom + 14, box.width, 60)
        if self.at == total and self.match.outcome is not None:
            theme.blit_text(surface, tr("review.final"), (bar.centerx, bar.top), 24, theme.GOOD, "midtop")
        theme.blit_text(surface, tr("review.keys"), (bar.centerx, bar.top + 34), 20, theme.TEXT_DIM, "midtop")
