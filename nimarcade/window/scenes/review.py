"""Review a finished game move by move (from the result screen): ←/→ step through it, each move
animated by the game's own scene; ↑/↓ a round (two moves); Home/End jump to the start or the end;
Esc goes back. A row of buttons under the board does the same by mouse, a click on a move of the
list or on the advantage graph goes there, and H (or its button) gives the hint of the position
shown.

The game is analysed as soon as the review opens (:mod:`nimarcade.analysis.review_job`), a position at a
time in the app's review worker (an engine's search takes seconds: never on this thread), and the
verdicts appear as they come: each move's mark in the list, the advantage graph under it, and
under the board the verdict of the move that led to the position shown; when it threw a win away,
« Le coup gagnant » (W) goes back to the position before and shows the hint there, the game's own
explanation of the winning move. The marks' meaning is written beside the graph. « Jouer d'ici »
(C) starts a game from the position shown (the players and who starts chosen again, on the setup
screen), « Éditer » (E) opens the position editor on it when the app has one.

The board is the game's own scene (asked of the manager by name, never imported), holding a copy
of the game cut at the reviewed move; its turn controller is frozen so that nothing asks the
computer, and nobody plays on it. It is drawn at 75 % beside the move list, so a teacher can show
both to a class. The board's own keys and buttons that only change the view (turning the board,
an overlay) reach it: keys and clicks the review does not use are handed to it.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.analysis import verdicts as analysis
from nimarcade.core import levels
from nimarcade.analysis.verdicts import Budget
from nimarcade.i18n import N_, tr
from nimarcade.analysis.review_job import BUDGET_PREF, WINDOW_BUDGET, Progressive, position_job, position_time
from nimarcade.core.match import Match
from nimarcade.window.ui import theme
from nimarcade.window.ui.actionbar import Action, ActionBar

from nimarcade.window.scenes.advantage import AdvantageGraph
from nimarcade.window.scenes.base import QuietDirector, Scene
from nimarcade.window.scenes.movelist import MOUSE_EVENTS, PANEL, MoveList
from nimarcade.window.scenes.review_verdict import draw_marks_help, verdict

#: The right column: the move list, the advantage graph under it, the marks' help at the bottom.
LIST = pygame.Rect(PANEL.left, PANEL.top, PANEL.width, 318)
GRAPH = pygame.Rect(PANEL.left, LIST.bottom + 8, PANEL.width, 172)
HELP = pygame.Rect(PANEL.left + 4, GRAPH.bottom + 8, PANEL.width - 8, 0)
#: ``app.prefs`` key of the last analysis: (the match, its Progressive), kept while the review is
#: left for the editor or the setup and come back to.
KEPT = "review:analysis"


class ReviewScene(Scene):
    name = "review"

    def __init__(self, services, match: Match, at: int | None = None, budget: Budget | None = None,
                 back_to: tuple[str, dict] | None = None) -> None:
        super().__init__(services)
        self.match = match
        #: the screen Esc goes back to: the one the review was opened from (a player's recent games),
        #: else the game's result screen
        self.back_to = back_to
        self.budget = budget or services.prefs.get(BUDGET_PREF, WINDOW_BUDGET)
        self.board = services.manager.make("game", config=match.config, director=QuietDirector(),
                                      match=self._cut(0))
        self.board.turns.frozen = True
        self.at = 0
        self.analysis: Progressive | None = None
        kept = services.prefs.get(KEPT)
        if kept is not None and kept[0] is match:
            self.analysis = kept[1]
        elif analysis.can_analyse(self.board.spec):
            self.analysis = Progressive(match.states, match.moves, match.opening)
        self.pending: tuple[int, int] | None = None      # (token, position) asked of the worker
        #: something may have changed on the board since it was last drawn (an event, a hint)
        self.board_changed = True
        #: the verdict whose missed moves the board's hint shows now (W)
        self.explained: analysis.Ply | None = None
        self.move_list = MoveList(lambda: match, self.board.spec.notation.format_move, self.board.draw_screen,
                                  lambda: self.at, marks=self.marks, rect=LIST)
        self.graph = AdvantageGraph(GRAPH, self.heights, self.proved, self.marks, lambda: len(match.moves) + 1,
                                    self.colors, lambda: self.at, self.jump,
                                    lambda: tr("review.graph_title"),
                                    lambda: (match.player_name(0), match.player_name(1)))
        box = self.move_list.board

        def total() -> int:
            return len(self.match.moves)

        def playable() -> bool:
            return not self.match.states[self.at].is_over

        actions = [
            Action("first", "first", lambda: tr("controls.first"), lambda: self.jump(0),
                   enabled=lambda: self.at > 0),
            Action("previous", "previous", lambda: tr("controls.previous"), self.back, enabled=lambda: self.at > 0),
            Action("next", "next", lambda: tr("controls.next"), self.forward, enabled=lambda: self.at < total()),
            Action("last", "last", lambda: tr("controls.last"), lambda: self.jump(total()),
                   enabled=lambda: self.at < total()),
            Action("hint", "hint", lambda: tr("controls.hint"), self.board.request_hint, lambda: "H",
                   enabled=playable, active=lambda: self.board.hint is not None),
            Action("continue", "play", lambda: tr("review.continue"), self.play_on, lambda: "C", enabled=playable),
        ]
        if self.can_edit:
            actions.append(Action("edit", "edit", lambda: tr("review.edit"), self.edit, lambda: "E",
                                  enabled=playable))
        actions.append(Action("back", "back", lambda: tr("controls.back"), self.leave, lambda: tr("controls.key_esc")))
        self.controls = ActionBar(actions, (box.centerx, box.bottom + 12), "midtop", sounds=services.sounds)
        why = N_("review.why") if self.board.spec.winning_moves is not None else N_("review.why_best")
        self.why_bar = ActionBar([Action("why", "hint", lambda: tr(why), self.why, lambda: "W")],
                                 (box.right, self.controls.rect.bottom + 8), "topright", sounds=services.sounds)
        self.jump(len(match.moves) if at is None else at)

    def _cut(self, n: int) -> Match:
        m = self.match
        return Match(m.config, m.players, list(m.states[:n + 1]), list(m.moves[:n]))

    # -- the analysis ----------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        spec = self.board.spec
        worker = self.services.review_ai
        warm_up = spec.engine.warm_up
        if warm_up is not None and not self.services.headless and worker.worker_pid is None and not worker.busy:
            worker.warm_up([warm_up])
        self._ask_next()

    def exit(self) -> None:
        super().exit()
        if self.pending is not None:
            self.services.review_ai.cancel()
            self.pending = None

    def _ask_next(self) -> None:
        """Ask the worker for the next position's values (none left: the analysis is done)."""
        job = self.analysis
        index = None if job is None or job.failed else job.next_index(self.at)   # nearest the board first
        if job is None or index is None:
            self.pending = None
            return
        depth = self.budget.depth or 0
        self.pending = (-1, index)            # a synchronous worker answers before request returns
        seconds = position_time(self.budget, job.total)      # the whole game within REVIEW_SECONDS
        token = self.services.review_ai.request(job.states[index], depth, None, seconds, chooser=position_job)
        if self.pending == (-1, index):
            self.pending = (token, index)
        self.services.prefs[KEPT] = (self.match, job)

    def _analysed(self, result: Any) -> None:
        job = self.analysis
        if job is None or self.pending is None or result.token != self.pending[0]:
            return
        if result.error is not None or result.move is None:
            job.failed = True
            self.pending = None
            self.services.notify(tr("review.analysis_failed", reason=result.error or "?"), "error")
            return
        job.add(self.pending[1], result.move)
        self._ask_next()

    @property
    def analysing(self) -> bool:
        return self.pending is not None

    def marks(self) -> dict[int, str]:
        return self.analysis.marks() if self.analysis is not None else {}

    def heights(self) -> dict[int, float]:
        return self.analysis.heights if self.analysis is not None else {}

    def proved(self) -> dict[int, bool]:
        return self.analysis.proved if self.analysis is not None else {}

    def colors(self) -> tuple[tuple, tuple]:
        return theme.PLAYER_COLORS[self.match.seat_of(0)], theme.PLAYER_COLORS[self.match.seat_of(1)]

    def ply_shown(self) -> analysis.Ply | None:
        """The verdict on the move that led to the position shown (None at the start, or not yet)."""
        if self.at == 0 or self.analysis is None:
            return None
        return self.analysis.plies.get(self.at - 1)

    # -- moving through the game -----------------------------------------------------------------
    def jump(self, n: int) -> None:
        """Show the position after ``n`` moves at once."""
        self.at = max(0, min(n, len(self.match.moves)))
        self.board_changed = True
        self.explained = None
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
            self.services.sounds.play("invalid")
            return
        if self.board.animating:
            self.jump(self.at)                      # finish the move on show first
        self.board._apply(self.match.moves[self.at])
        self.board.end_timer = None
        self.at += 1

    def back(self) -> None:
        if self.at == 0:
            self.services.sounds.play("invalid")
            return
        self.jump(self.at - 1)

    def round(self, step: int) -> None:
        """↑/↓: a round back or on (two moves), as far as the game goes."""
        target = max(0, min(self.at + 2 * step, len(self.match.moves)))
        if target == self.at:
            self.services.sounds.play("invalid")
            return
        self.jump(target)

    def leave(self) -> None:
        if self.back_to is not None:
            name, kwargs = self.back_to
            self.services.manager.go(name, **kwargs)
            return
        self.services.manager.go("result", match=self.match)

    # -- what can be done from the position shown ----------------------------------------------------
    def why(self) -> None:
        """W: the position before the move shown, with the hint there (the game's explanation of
        the winning move that was missed)."""
        ply = self.ply_shown()
        if ply is None or not ply.missed:
            self.services.sounds.play("invalid")
            self.services.notify(tr("review.no_why"))
            return
        self.jump(self.at - 1)
        self.explained = ply
        self.board.request_hint()

    @property
    def can_edit(self) -> bool:
        return "editor" in self.services.manager.factories

    def _refuse_over(self) -> bool:
        if self.match.states[self.at].is_over:
            self.services.sounds.play("invalid")
            self.services.notify(tr("review.continue_over"))
            return True
        return False

    def play_on(self) -> None:
        """C: a game from the position shown, its players and who starts chosen again."""
        if self._refuse_over():
            return
        from dataclasses import replace

        cfg = self.match.config
        start = self.board.spec.position_text(self.match.states[self.at])
        config = replace(cfg, start=start, demo=False)
        self.services.manager.go("setup", game=cfg.game, levels=levels.load(cfg.game), config=config,
                            variant=cfg.card.key, back=("review", {"match": self.match, "at": self.at, "back_to": self.back_to}))

    def edit(self) -> None:
        """E: the position editor on the position shown; it comes back here."""
        if not self.can_edit or self._refuse_over():
            return
        cfg = self.match.config
        self.services.manager.go("editor", game=cfg.game, level_id=cfg.level.id, params=dict(cfg.params),
                            text=self.board.spec.position_text(self.match.states[self.at]), variant=cfg.card.key,
                            back=("review", {"match": self.match, "at": self.at, "back_to": self.back_to}),
                            seats=cfg.seats, names=cfg.names)

    # -- scene -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEMOTION or self.move_list.board.collidepoint(event.pos):
            self.board_changed = True            # the board may show it (not the mouse elsewhere)
        if event.type == pygame.KEYDOWN:
            actions = {pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.back,
                       pygame.K_UP: lambda: self.round(-1), pygame.K_DOWN: lambda: self.round(1),
                       pygame.K_HOME: lambda: self.jump(0),
                       pygame.K_END: lambda: self.jump(len(self.match.moves)),
                       pygame.K_c: self.play_on, pygame.K_w: self.why,
                       pygame.K_ESCAPE: self.leave, pygame.K_BACKSPACE: self.leave}
            if self.can_edit:
                actions[pygame.K_e] = self.edit
            if event.key in actions:
                actions[event.key]()
                return True
            return self.board.handle(event)          # H, and the board's own keys (turn it...)
        if self.controls.handle(event) or (self.why_shown and self.why_bar.handle(event)):
            return True
        if self.graph.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.move_list.move_at(event.pos)
            if index is not None:
                self.services.sounds.play("click", 0.6)
                self.jump(index + 1)
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
        """The review worker's values of a position; else the hint asked for the position shown
        (the board is not on the scene stack)."""
        if kind == "review":
            self._analysed(result)
            return
        self.board_changed = True
        self.board.on_ai(kind, result)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.graph.update(dt)
        self.board.update(dt)
        self.board.end_timer = None

    def moving(self) -> bool:
        return self.board.moving()

    @property
    def why_shown(self) -> bool:
        ply = self.ply_shown()
        return ply is not None and bool(ply.missed)

    def draw(self, surface: pygame.Surface) -> None:
        board = self.board
        moving = board.moving()
        fresh = self.board_changed or moving or board.hint is not None or board.hint_pending
        # A new position costs its board's layers once: that frame shrinks the board fast, the
        # next one (its layers cached) smoothly, so neither frame pays for both.
        self.move_list.draw(surface, fresh, moving or self.board_changed)
        self.board_changed = False
        total = len(self.match.moves)
        box = self.move_list.board
        theme.blit_text(surface, tr("review.title"), (box.left + 4, 8), 28, theme.ACCENT)
        position = theme.blit_text(surface, tr("review.position", n=self.at, total=total), (box.right, 12), 24,
                                   theme.TEXT, "topright")
        if self.at == total and self.match.outcome is not None:
            position = theme.blit_text(surface, tr("review.final"), (position.left - 24, 12), 24, theme.GOOD,
                                       "topright")
        job = self.analysis
        if job is not None:
            state = (tr("review.no_analysis") if job.failed else
                     tr("review.analysing", done=job.done, total=job.total) if not job.complete else
                     tr("review.analysed"))
            theme.blit_text(surface, state, (position.left - 24, 14), 20,
                            theme.TEXT_DIM if job.complete else theme.ACCENT, "topright")
        self.graph.draw(surface)
        self.draw_help(surface)
        self.controls.draw(surface)
        self.draw_verdict(surface)
        line = tr("review.keys")
        theme.blit_text(surface, line, (box.centerx, theme.HEIGHT - 6), theme.fit_size(line, 17, box.width),
                        theme.TEXT_DIM, "midbottom")

    def draw_verdict(self, surface: pygame.Surface) -> None:
        """The verdict of the move that led to the position shown, under the buttons."""
        box = self.move_list.board
        ply = self.ply_shown()
        row = pygame.Rect(box.left, self.controls.rect.bottom + 8, box.width, self.why_bar.rect.height)
        if self.why_shown:
            self.why_bar.draw(surface)
            row.width = self.why_bar.rect.left - 12 - row.left
        if self.explained is not None and self.board.hint is not None:
            spec, ply = self.board.spec, self.explained
            key = N_("review.why_line") if spec.winning_moves is not None else N_("review.why_line_best")
            text = tr(key, who=self.match.player_name(ply.mover), move=spec.notation.format_move(ply.move),
                      moves=", ".join(spec.notation.format_move(m) for m in ply.missed))
            theme.blit_text(surface, text, (row.left + 4, row.centery), theme.fit_size(text, 21, row.width - 8),
                            theme.GOOD, "midleft")
            return
        text, color = verdict(self.board.spec, self.match, self.at, ply,
                              self.board.spec.winning_moves is not None, self.analysing)
        theme.blit_text(surface, text, (row.left + 4, row.centery), theme.fit_size(text, 21, row.width - 8),
                        color, "midleft")

    def draw_help(self, surface: pygame.Surface) -> None:
        """What the marks mean, beside the graph (once the game is being analysed)."""
        if self.analysis is not None:
            draw_marks_help(surface, self.board.spec, HELP)
