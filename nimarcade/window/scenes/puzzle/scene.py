"""The puzzle screen (title menu: « Problèmes »): choose a game and a player, then a series of
« find the winning move » puzzles on the games' own boards, rated (Glicko-2) and explained.

Pages, in turn: the chooser (:mod:`.chooser`); a puzzle on its board (:mod:`.board`), or a
spinner while none is ready; once the move is played, right or wrong, the verdict and the
solution(s) on the same board with the game's own explanation (and for a wrong move, what it
throws away); at the end of a series (or Esc), its summary (:mod:`.summary`). Esc goes back one
page.

Puzzles are generated off the UI thread, in the move worker (``app.ai``: the computer never plays
here), a batch at a time, the next batch while the player thinks (:mod:`nimarcade.puzzles.session`
picks and rates them). Explaining a puzzle without an exact strategy needs its moves valued by a
search: the analysis worker (``app.analysis_ai``) does it, and the game's own hint comes from the
hint worker. No worker is asked for anything else here.
"""
from __future__ import annotations

import functools
import random
from typing import Any, Callable, Sequence

import pygame

from nimarcade.i18n import N_, tr
from nimarcade.people.rating import puzzles_left
from nimarcade.puzzles.session import (BATCH, Answer, Session, generate, known_values, missed_reason, question_key,
                                      solution_note, values)
from nimarcade.window.ui import theme
from nimarcade.window.ui.widgets import HorizontalMenu, Item

from nimarcade.window.scenes.base import Scene
from nimarcade.window.scenes.hud import BOTTOM_BAR
from nimarcade.window.scenes.puzzle.board import PuzzleBoard
from nimarcade.window.scenes.puzzle.chooser import GUEST_PREF, Chooser, guest_record
from nimarcade.window.scenes.puzzle.panels import BUTTON_H, ROW2, Box, draw_bar, draw_box, draw_button, draw_flash, draw_waiting
from nimarcade.window.scenes.puzzle.summary import draw_summary

CHOOSE, WAIT, SOLVE, ANSWERED, SUMMARY = "choose", "wait", "solve", "answered", "summary"
#: Generations in a row that brought nothing while the player waits, before the series stops.
MAX_EMPTY = 6
#: The answer's keys: each names the buttons it presses.
SHORTCUTS = {pygame.K_SPACE: ("next", "finish"), pygame.K_n: ("next", "finish"), pygame.K_r: ("retry",)}
#: How long the verdict's animation lasts (seconds): the screen keeps drawing meanwhile.
VERDICT_TIME = 1.6
#: The smallest size the bar's first line is drawn at (:func:`~.panels.draw_bar`'s ``fit_size``): the
#: list of solutions after a miss is cut to fit it.
SOLUTIONS_SIZE = 18


class PuzzleScene(Scene):
    name = "puzzles"

    def __init__(self, services: Any) -> None:
        super().__init__(services)
        self.chooser = Chooser(services, self.begin, lambda: self.services.manager.go("title"))
        self.phase = CHOOSE
        self.session: Session | None = None
        self.board: PuzzleBoard | None = None
        self.answer: Answer | None = None       # the rated answer to the puzzle on show
        self.solved = False                     # the last answer (a retry's too)
        self.played: Any = None                 # the move of the last answer
        self.retrying = False
        self.verdict_age: float | None = None
        self.values: Any = None                 # every move's value (the explanation)
        self.tokens: dict[str, int | None] = {"move": None, "analysis": None}
        self.empty = 0
        self.asked: str | None = None           # the game of the batch asked of the worker
        self._left: tuple[int, int] | None = None   # puzzles answered, and how many more were said then
        self.buttons: HorizontalMenu | None = None
        self.end_rect = pygame.Rect(0, 0, 230, BUTTON_H)
        self.end_rect.topright = (theme.WIDTH - 24, ROW2)
        self.help_rect = pygame.Rect(0, 0, 180, BUTTON_H)
        self.help_rect.topright = (self.end_rect.left - 14, ROW2)

    @property
    def wants_text(self) -> bool:
        """A name is being typed: M is a letter, not the sound."""
        return self.phase == CHOOSE and self.chooser.entry is not None

    @property
    def series(self) -> Session:
        """The series under way (every phase after the chooser's has one)."""
        if self.session is None:
            raise RuntimeError("no series under way")
        return self.session

    @property
    def shown(self) -> PuzzleBoard:
        """The board of the puzzle on show (the solving and answered phases)."""
        if self.board is None:
            raise RuntimeError("no puzzle on show")
        return self.board

    @property
    def bar(self) -> HorizontalMenu:
        """The answer's buttons (made with the board)."""
        if self.buttons is None:
            raise RuntimeError("no buttons on show")
        return self.buttons

    @property
    def puzzle(self) -> Any:
        return self.board.puzzle if self.board is not None else None

    # -- a series --------------------------------------------------------------------------------
    def begin(self, chosen: list[str], player: str | None, difficulty: str | None, carried: tuple = ()) -> None:
        rng = random.Random(self.services.rng.randrange(1 << 30))
        self.session = Session(chosen, player, self.services.profiles, guest_record(self.services), rng, difficulty=difficulty)
        self.session.offer([p for p in self.services.puzzle_store.puzzles if p.game in chosen], first=True)
        self.session.offer(carried)
        self.empty = 0
        self.next_puzzle()

    def ask_more(self) -> None:
        """Ask the worker for a batch of puzzles when few are ready (one batch at a time)."""
        if self.tokens["move"] is not None or self.session is None or not self.session.wants_more:
            return
        self.asked = self.session.next_game()
        job = functools.partial(generate, game=self.asked, count=BATCH, seed=self.services.rng.randrange(1 << 30))
        self.tokens["move"] = self.services.ai.request(None, 0, None, None, chooser=job)

    def next_puzzle(self) -> None:
        session = self.series
        self.close_board()
        if session.done:
            self.to_summary()
            return
        puzzle = session.draw()
        if puzzle is None:
            self.phase = WAIT
            self.ask_more()
            return
        self.board = PuzzleBoard(self.services, puzzle, session.player)
        puzzle = self.board.puzzle                # as shown: its moves are the board's
        self.phase, self.answer, self.retrying, self.verdict_age = SOLVE, None, False, None
        self.values = known_values(puzzle)
        if self.values is None and puzzle.proved:  # the tables' proof: the question can say « winning »
            self.tokens["analysis"] = self.services.analysis_ai.request(puzzle.state, 0, None, None, chooser=values)
        self.ask_more()                           # the next batch while the player thinks

    def close_board(self) -> None:
        if self.board is not None:
            self.board.close()
            self.board = None
        self.cancel("analysis")

    def cancel(self, kind: str) -> None:
        if self.tokens[kind] is not None:
            self.services.workers[kind].cancel()
            self.tokens[kind] = None

    def end_series(self) -> None:
        """Esc, or « Terminer »: the summary, or the chooser when nothing was answered."""
        self.close_board()
        self.cancel("move")
        if self.session is not None and self.session.answers:
            self.to_summary()
        else:
            self.phase = CHOOSE

    def to_summary(self) -> None:
        self.close_board()
        self.phase = SUMMARY
        self.buttons = self.make_buttons([(N_("puzzle.again"), self.go_on), (N_("puzzle.choose_again"), self.to_chooser),
                                          (N_("puzzle.menu"), lambda: self.services.manager.go("title"))], 620, 240)

    def go_on(self) -> None:
        old = self.series
        self.cancel("move")
        self.begin(old.chosen, old.player, old.difficulty, tuple(old.pool))

    def to_chooser(self) -> None:
        self.cancel("move")
        self.chooser.refresh_players(self.session.player if self.session else None)
        self.phase = CHOOSE

    # -- the worker's answers ----------------------------------------------------------------------
    def on_ai(self, kind: str, result: Any) -> None:
        if kind in self.tokens and self.tokens[kind] is not None and result.token == self.tokens[kind]:
            self.tokens[kind] = None
            if kind == "move":
                self.took_batch(result)
            else:
                self.values = result.move if result.error is None else None
            return
        if self.board is not None:
            self.board.scene.on_ai(kind, result)          # the game's own hint of the solution

    def took_batch(self, result: Any) -> None:
        found = result.move if result.error is None and isinstance(result.move, list) else []
        added = self.session.offer(found, self.asked) if self.session is not None else 0
        self.empty = 0 if added else self.empty + 1
        if self.phase == WAIT:
            if self.empty >= MAX_EMPTY:
                self.services.notify(tr(N_("puzzle.failed") if result.error else N_("puzzle.none_left")), "error")
                self.end_series()
                return
            self.next_puzzle()
        if self.phase in (WAIT, SOLVE, ANSWERED) and self.empty < MAX_EMPTY:
            self.ask_more()

    # -- answering -------------------------------------------------------------------------------
    def judge(self, move: Any) -> None:
        board, puzzle = self.shown, self.shown.puzzle
        self.solved, self.played = puzzle.is_solution(move), move
        if not self.retrying:
            self.answer, problem = self.series.answer(puzzle, move)
            if self.series.player is None:
                self.services.prefs[GUEST_PREF] = self.series.guest
            if problem:
                self.services.notify(tr(problem), "error")
        if not board.scene.finished:              # a move that ends the game sounded its end already
            self.services.sounds.play("win" if self.solved else "lose")
        self.phase, self.verdict_age = ANSWERED, 0.0
        if self.values is None and self.tokens["analysis"] is None:
            self.tokens["analysis"] = self.services.analysis_ai.request(puzzle.state, 0, None, None,
                                                                   chooser=values)
        board.show_solution(first=move if self.solved else None)    # right or wrong: the solution explained
        self.answer_buttons()

    def answer_buttons(self) -> None:
        """Next (or the summary after the series' last), and after a miss a retry (not rated)."""
        onward = (N_("puzzle.finish"), self.next_puzzle) if self.series.done else (N_("puzzle.next"), self.next_puzzle)
        found = [onward] if self.solved else [onward, (N_("puzzle.retry"), self.retry)]
        self.buttons = self.make_buttons(found, ROW2, 230)

    def make_buttons(self, found: Sequence[tuple[str, Callable[[], object]]], top: int, width: int) -> HorizontalMenu:
        items = [Item(functools.partial(tr, key), action, name=key.split(".")[1]) for key, action in found]
        total = len(items) * width + (len(items) - 1) * 14
        at_right = top == ROW2
        center = theme.WIDTH - 24 - total // 2 if at_right else theme.WIDTH // 2
        return HorizontalMenu(items, center, top, width, item_height=BUTTON_H if at_right else 52, gap=14,
                              sounds=self.services.sounds, size=22 if at_right else 28)

    def retry(self) -> None:
        self.shown.reset()
        self.phase, self.retrying, self.verdict_age = SOLVE, True, None

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.phase == CHOOSE:
            return self.chooser.handle(event)
        key = event.key if event.type == pygame.KEYDOWN else None
        board = self.board
        helping = board is not None and board.scene.show_help       # the game's help is over all
        if key == pygame.K_ESCAPE and not helping:
            self.to_chooser() if self.phase == SUMMARY else self.end_series()
            return True
        if self.phase in (WAIT, SOLVE) and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.end_rect.collidepoint(event.pos) and not helping:
            self.end_series()
            return True
        if self.phase == SOLVE:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.help_rect.collidepoint(event.pos) \
                    and not helping:
                self.shown.scene.toggle_help()
            elif not self.shown.moved and not (self.in_bar(event) and not helping):
                self.shown.handle(event)          # the bar is the puzzle's: the game's buttons are not there
            return True
        if self.phase in (ANSWERED, SUMMARY):
            if self.phase == ANSWERED and key in SHORTCUTS:
                named = [i for i in self.bar.items if i.name in SHORTCUTS[key]]
                if named:
                    self.bar.activate(named[0])
                return True
            return self.bar.handle(event)
        return False

    @staticmethod
    def in_bar(event: pygame.event.Event) -> bool:
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and BOTTOM_BAR.collidepoint(event.pos)

    # -- update ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.verdict_age is not None:
            self.verdict_age += dt
        board = self.board
        if board is None or self.phase not in (SOLVE, ANSWERED):
            return
        board.scene.update(dt)
        board.guard()
        if self.phase == SOLVE and board.played is not None:
            self.judge(board.played)

    def moving(self) -> bool:
        if self.phase == WAIT:
            return True
        if self.verdict_age is not None and self.verdict_age < VERDICT_TIME:
            return True
        return self.board is not None and self.board.scene.moving()

    def exit(self) -> None:
        self.close_board()
        self.cancel("move")

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.phase == CHOOSE:
            self.chooser.draw(surface, self.time)
        elif self.phase == WAIT:
            draw_waiting(surface, self.time, ", ".join(tr("game." + g) for g in self.series.chosen))
            draw_button(surface, self.end_rect, tr("puzzle.end"))
        elif self.phase == SUMMARY:
            draw_summary(surface, self.series)
            self.bar.draw(surface, self.time)
        else:
            self.draw_puzzle(surface)

    def draw_puzzle(self, surface: pygame.Surface) -> None:
        board = self.shown
        board.scene.draw(surface)
        if board.scene.show_help:
            return
        draw_flash(surface, self.solved, self.verdict_age)
        draw_box(surface, self.box())
        session, scene = self.series, board.scene
        if self.phase == SOLVE:
            progress = tr("puzzle.progress", n=len(session.answers) + (0 if self.retrying else 1),
                          total=session.length, solved=session.solved)
            if self.retrying:
                progress = tr("puzzle.retrying")
            elif session.record.rating.provisional:      # what the « ? » after the rating means
                progress += " · " + tr("puzzle.provisional", n=self.provisional_left())
            message = scene.message if scene.hud.message_time > 0 else ""
            draw_bar(surface, ("", theme.TEXT), (progress, theme.TEXT_DIM), tr("puzzle.solve_keys"), message)
            draw_button(surface, self.help_rect, tr("puzzle.help"))
            draw_button(surface, self.end_rect, tr("puzzle.end"))
            return
        draw_bar(surface, self.headline(), self.note())
        self.bar.draw(surface, self.time)

    def box(self) -> Box:
        puzzle, record = self.shown.puzzle, self.series.record
        name = self.series.player or tr("puzzle.you")
        if self.phase == SOLVE:
            question = tr(question_key(puzzle, self.values))
            return Box(question, tr("puzzle.line", rating=puzzle.rating, name=name, player=record.rating.shown(),
                                    streak=record.streak, best=record.best_streak))
        line = tr("puzzle.after", name=name, rating=record.rating.shown(), streak=record.streak,
                  best=record.best_streak)
        color = theme.GOOD if self.solved else theme.BAD
        if self.retrying:
            return Box(tr(N_("puzzle.found_again") if self.solved else N_("puzzle.missed_again")), line, color,
                       good=self.solved, age=self.verdict_age)
        change = self.answer.change if self.answer is not None else 0
        shown = f"+{change}" if change >= 0 else f"\u2212{-change}"
        return Box(tr(N_("puzzle.solved") if self.solved else N_("puzzle.missed")), line, color, shown, self.solved,
                   self.verdict_age)

    def headline(self) -> tuple[str, tuple[int, int, int]]:
        """The bar's first line: the game's explanation of the solution (after a miss with several
        solutions, all of them: the board and the side panel explain the first)."""
        board = self.shown
        if board.explaining or not board.explanation():
            return tr("puzzle.explaining"), theme.TEXT_DIM
        return self.all_solutions() or board.explanation(), theme.GOOD

    def note(self) -> tuple[str, tuple[int, int, int]]:
        """The bar's second line: what the solution is worth (solved), or what the move played
        throws away (missed; once the moves are valued, for a game without an exact strategy)."""
        puzzle = self.shown.puzzle
        if self.solved:
            return solution_note(puzzle, self.values), theme.TEXT_DIM
        words = self.shown.scene.describe(self.played, puzzle.state)
        return missed_reason(self.values, self.played, words), theme.BAD

    def all_solutions(self) -> str:
        """After a miss, every solution (the board and its explanation show one): "" for one. As
        many as the bar's line holds at a readable size, then « … and N more » (a long
        list ran past both edges of the window)."""
        puzzle = self.shown.puzzle
        if self.solved or len(puzzle.solutions) < 2:
            return ""
        said = [self.shown.scene.describe(m, puzzle.state) for m in puzzle.solutions]
        sep, k = tr("puzzle.solutions_sep"), len(said)
        font = theme.font(SOLUTIONS_SIZE)
        for shown in range(k, 0, -1):
            moves = sep.join(said[:shown]) + ("" if shown == k else tr("puzzle.more_solutions", n=k - shown))
            line = tr("puzzle.all_solutions", k=k, moves=moves)
            if font.size(line)[0] <= theme.WIDTH - 48:
                return line
        return line

    def provisional_left(self) -> int:
        """About how many more puzzles until the rating is no longer provisional: the estimate,
        never more than the one said before less the puzzles answered since (it never goes up: « encore
        environ 7 problèmes » at problem 4 and at problem 5)."""
        record = self.series.record
        answered, estimate = len(record.seen), puzzles_left(record.rating)
        if self._left is not None and self._left[0] == answered:
            return self._left[1]
        if self._left is not None and answered > self._left[0]:
            estimate = max(1, min(estimate, self._left[1] - (answered - self._left[0])))
        self._left = (answered, estimate)
        return estimate
