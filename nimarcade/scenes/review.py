"""Review a finished game move by move (from the result screen): ←/→ step through it, each move
animated by the game's own scene; Home/End jump to the start or the end; Esc goes back. A row of
buttons under the board does the same by mouse, and H (or its button) gives the hint of the
position shown.

The board is the game's own scene (asked of the manager by name, never imported), holding a copy
of the game cut at the reviewed move; its turn controller is frozen so that nothing asks the
computer, and nobody plays on it. It is drawn at 75 % beside the move list, so a teacher can show
both to a class. The board's own keys and buttons that only change the view (turning the board,
an overlay) reach it: keys and clicks the review does not use are handed to it.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.i18n import tr
from nimarcade.session import Match
from nimarcade.ui import theme
from nimarcade.ui.actionbar import Action, ActionBar

from .base import QuietDirector, Scene
from .movelist import MOUSE_EVENTS, MoveList


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
        box = self.move_list.board

        def total() -> int:
            return len(self.match.moves)

        self.controls = ActionBar([
            Action("first", "first", lambda: tr("controls.first"), lambda: self.jump(0),
                   enabled=lambda: self.at > 0),
            Action("previous", "previous", lambda: tr("controls.previous"), self.back, enabled=lambda: self.at > 0),
            Action("next", "next", lambda: tr("controls.next"), self.forward, enabled=lambda: self.at < total()),
            Action("last", "last", lambda: tr("controls.last"), lambda: self.jump(total()),
                   enabled=lambda: self.at < total()),
            Action("hint", "hint", lambda: tr("controls.hint"), self.board.request_hint, lambda: "H",
                   enabled=lambda: not self.board.state.is_over, active=lambda: self.board.hint is not None),
            Action("back", "back", lambda: tr("controls.back"), self.leave, lambda: tr("controls.key_esc")),
        ], (box.centerx, box.bottom + 12), "midtop", sounds=app.sounds)
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
            return self.board.handle(event)          # H, and the board's own keys (turn it...)
        if self.controls.handle(event):
            return True
        on_board = event.type in MOUSE_EVENTS and self.move_list.board.collidepoint(event.pos)
        if on_board and self.board.handle(self.move_list.board_event(event)):
            return True                              # one of the board's own buttons
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (1, 5) and on_board:
                self.forward()
            elif event.button in (3, 4):
                self.back()
            return True
        return False

    def on_ai(self, kind: str, result: Any) -> None:
        """The hint asked for the position shown (the board is not on the scene stack)."""
        self.board.on_ai(kind, result)

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
        position = theme.blit_text(surface, tr("review.position", n=self.at, total=total), (box.right, 12), 24,
                                   theme.TEXT, "topright")
        if self.at == total and self.match.outcome is not None:
            theme.blit_text(surface, tr("review.final"), (position.left - 24, 12), 24, theme.GOOD, "topright")
        self.controls.draw(surface)
        line = tr("review.mouse")
        theme.blit_text(surface, line, (box.centerx, self.controls.rect.bottom + 12),
                        theme.fit_size(line, 18, box.width), theme.TEXT_DIM, "midtop")
