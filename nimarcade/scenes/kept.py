"""What every game screen does to be kept: saved after every move (resume), undone and redone
(U/Ctrl+Z, R/Ctrl+Y), shown in the move list (L), counted once in the statistics, and opened on a
game that was resumed or loaded. A mixin of :class:`~nimarcade.scenes.game.GameScene`, for every
game at once (it uses only the scene's turn controller and its generic hooks).
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.i18n import tr
from nimarcade.session import Match


class KeptGame:
    app: Any
    turns: Any
    director: Any
    finished: bool
    end_timer: Any
    show_moves: bool
    last_move_text: str

    def keep(self) -> None:
        """Save the game in progress so it can be resumed (never a demo, a review or a finished one)."""
        if self.director is None and not self.turns.frozen:
            problem = self.app.autosave.keep(self.match)
            if problem:
                self.app.notify(tr(problem), "error")

    def redo(self) -> None:
        """Replay what undo took back (R, Ctrl+Y), up to the next human turn."""
        if self.animating or not self.turns.can_undo() or not self.turns.redo():
            self.refuse(tr("msg.nothing_to_redo"))
            return
        self.last_move_text = tr("msg.redone")
        self.keep()
        self.layout()
        if self.state.is_over:
            self._game_over()
            return
        self.on_new_turn()
        self._maybe_request_ai()

    def adopt(self, match: Match) -> None:
        """Show ``match`` (a resumed game or a loaded record) at its last position instead of a
        new game; a finished one stays on its last board until a key shows the result."""
        self.turns.cancel()
        self.turns.match = match
        self.layout()
        if self.state.is_over:
            self.finished = True

    def history_input(self, event: pygame.event.Event) -> bool:
        """Undo (U, Ctrl+Z), redo (R, Ctrl+Y) and the move list (L): the same in every game."""
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key == pygame.K_u or (ctrl and event.key == pygame.K_z):
            self.undo()
        elif event.key == pygame.K_r or (ctrl and event.key == pygame.K_y):
            self.redo()
        elif event.key == pygame.K_l and not ctrl:
            self.show_moves = not self.show_moves
        else:
            return False
        return True

    def count_result(self) -> None:
        """Count a finished game in the statistics, once, even if undone and finished again."""
        if self.director is None and not self.turns.frozen and not getattr(self, "counted", False):
            self.counted = True
            problem = self.app.stats.record(self.match)
            if problem:
                self.app.notify(tr(problem), "error")
