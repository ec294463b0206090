"""One puzzle on its game's own board: the game scene (asked of the manager by name, as play
shows it) holding the puzzle's position, and what a puzzle changes in it.

* The computer never answers: the board's turn controller never asks it for a move, never
  ponders and gives no assistance (no hint, no analysis overlay that values every move:
  they would give the answer away); the hint's key and button say so.
* The position is the puzzle's alone, without the moves that led there: nothing to undo into.
* The player's move goes the way it goes in a game (the board's own mouse and keys, its
  animation); :attr:`PuzzleBoard.played` reads it once the board is still.
* The solution is shown with the game's own hint display: the winning moves on the board and the
  game's explanation (the nim-sum table, the groups, the nimbers...). A game with an exact
  strategy is given its solutions as the hint; any other asks its own hint of the hint worker
  (its engine's advice, its depth and judgement), kept when it names a solution.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.core.hints import Hint
from nimarcade.i18n import tr
from nimarcade.puzzles.session import exact
from nimarcade.puzzles.puzzle import Puzzle
from nimarcade.core.match import Match

from nimarcade.window.scenes.base import QuietDirector


def quiet(board: Any) -> None:
    """A game scene that only takes the player's move: no computer, no hint, no analysis."""
    board.turns.computer_plays = False
    board.turns.assists = False


class PuzzleBoard:
    def __init__(self, services: Any, puzzle: Puzzle, player: str | None = None) -> None:
        self.services = services
        self.puzzle = puzzle.shown()                   # from the solver's side (Awélé: A-F at the bottom)
        self.start = self.puzzle.position(player or "")     # the player box names who solves it
        self.explained = False          # the solution is on show
        self.first: Any = None          # the player's move, when it is a solution
        self.scene = self.build()

    def build(self) -> Any:
        """The game's own scene at the puzzle's position, as a game shows it."""
        scene = self.services.manager.make("game", config=self.start.config, director=QuietDirector(), match=self.fresh())
        quiet(scene)
        # The puzzle's own position, not the level it came from (« Nim 1-3-7 » for heaps 0, 3, 1).
        scene.title_override = tr("puzzle.board_title", game=tr("game." + self.start.config.card.key))
        scene.layout()
        scene.on_new_turn()
        return scene

    def fresh(self) -> Match:
        """The puzzle's position alone, with its players."""
        m = self.start
        return Match(m.config, m.players, [m.state], [])

    # -- reading -----------------------------------------------------------------------------------
    @property
    def moved(self) -> bool:
        """The player has played (the move may still be animated)."""
        return bool(self.scene.match.moves)

    @property
    def played(self) -> Any:
        """The player's move once the board is still again, else None."""
        if self.scene.match.moves and not self.scene.animating:
            return self.scene.match.moves[0]
        return None

    @property
    def hint(self) -> Hint | None:
        return self.scene.hint

    @property
    def explaining(self) -> bool:
        """The solution is asked of the game's own hint and not there yet."""
        return self.explained and self.scene.hint_pending

    def explanation(self) -> str:
        """The first line of the game's explanation of the solution ("" while it is asked)."""
        hint = self.scene.hint
        if not self.explained or hint is None:
            return ""
        lines = self.scene.explain(hint)
        return lines[0] if lines else ""

    # -- changing --------------------------------------------------------------------------------
    def reset(self) -> None:
        """Back to the puzzle's position, as it was first shown (a new board: nothing of the
        answer's animation or counts stays)."""
        self.scene.exit()
        self.scene = self.build()
        self.explained = False

    def solutions(self, first: Any = None) -> tuple[Any, ...]:
        """The solutions, ``first`` (the player's, when it is one) leading: the game explains it."""
        found = list(self.puzzle.solutions)
        if first in found:
            found.remove(first)
            found.insert(0, first)
        return tuple(found)

    def show_solution(self, first: Any = None) -> None:
        """The puzzle's position again, with its solution shown by the game's hint display."""
        self.reset()
        self.explained, self.first = True, first
        self.scene.shows_choice = False     # the solution alone: no old selection over the hint
        self.scene.on_new_turn()
        turns = self.scene.turns
        if exact(self.puzzle) or self.puzzle.proved:
            # Proved (an exact strategy, or the endgame tables): the solutions themselves, without
            # an engine's verdict that would call the proof « advice ».
            turns.hint = Hint(self.solutions(first), False)
            return
        turns.assists = True                # the game's own hint, once: the board stays quiet
        turns.request_hint()
        turns.assists = False

    def guard(self) -> None:
        """Each frame, while the solution is shown: the game's own hint that names another move
        (an engine may disagree with the puzzle), or that failed, gives way to the solution."""
        turns = self.scene.turns
        if not self.explained or turns.hint_pending:
            return
        hint = turns.hint
        if hint is None or not hint.moves or hint.moves[0] not in self.puzzle.solutions:
            turns.hint = Hint(self.solutions(self.first), False, advice=True,
                              depth=hint.depth if hint is not None else None)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The player's input while they search: the board's own, but for the move list (L)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l and not self.scene.show_help:
            return True
        return self.scene.handle(event)

    def close(self) -> None:
        self.scene.exit()
