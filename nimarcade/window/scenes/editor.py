"""The position editor: a teacher or a player sets up any position of any game, then plays it,
analyses it, saves it or gives it as a puzzle.

It is reached from every game's setup screen (« Éditer une position », E) and from the review
(the reviewed position), through the scene manager by name (``"editor"``). The draft is edited on
the game's own board, by the board editor its registry entry names (``SceneSpec.editor``, see
:mod:`.board_edit`), under a level of the game: the level gives the rule (misère, how many may be
taken, the board's size, the grand slam...). After every change the rules read the draft
(``GameSpec.start_state``): a legal one says so, an illegal one shows the rules' reason, and
Play, Analyse, Save and Puzzle refuse with that reason.

* Play: the game's setup screen with the position (``MatchConfig.start``), where the seats and who
  starts are chosen again.
* Analyse: which moves win in an exact game, each move's value for Awélé, with the game's own
  explanation; computed in the analysis worker (``app.analysis_ai``), never on this thread.
* Save: a record with the ``Position`` tag and no moves, in the saved games.
* Puzzle: :func:`nimarcade.puzzles.puzzle.from_position` in the analysis worker (Awélé's check searches),
  then the puzzle store.

Keys: the board has them first (its cursor); P, A, S, D, C, R act (the buttons show them); Page
Up/Down change the level; Tab goes to the buttons (left/right, Enter), then to the level
(left/right), then back to the board; Esc goes back where the editor was opened from.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from nimarcade.analysis import verdicts as analysis
from nimarcade.puzzles import editing
from nimarcade.core import registry
from nimarcade.puzzles import puzzle as puzzles
from nimarcade.core import levels as levels_mod
from nimarcade.i18n import N_, error_text, language, tr
from nimarcade.core.rules import RulesError
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.window.ui import theme

from nimarcade.window.scenes.base import Scene
from nimarcade.window.scenes.editor_buttons import ACTIONS, NEED_LEGAL, SHORTCUTS, button_rects, draw_buttons
from nimarcade.window.scenes.editor_info import Line, puzzle_lines, render_box, sentence, verdict_lines

LEVEL_RECT = pygame.Rect(theme.WIDTH - 580, 16, 540, 48)
ZONES = ("board", "buttons", "level")
#: Seconds a refused action's reason stays in the info box.
REFUSAL_TIME = 4.0
CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class Job:
    """What the analysis worker does for the editor: ``kind`` ("analyse" or "puzzle") of the draft
    ``text``, asked at scene time ``started``."""

    kind: str
    text: str
    started: float
    token: int = -1


class EditorScene(Scene):
    name = "editor"

    def __init__(self, services: Any, game: str, levels: Sequence[levels_mod.Level] | None = None,
                 level_id: str | None = None, params: dict | None = None, text: str = "", variant: str = "",
                 card_index: int = 0, back: tuple[str, dict] | None = None,
                 seats: tuple[Any, Any] | None = None, names: tuple[str, str] = ("", "")) -> None:
        """``text``: the draft to start from (the game's position text; "" for the level's start);
        ``params``: the level's parameters as changed on the setup screen; ``back``: the scene to
        go back to and its arguments (default: the game's setup); ``seats``: the players chosen
        where the editor was opened from, kept for « Play » (default: a person against the level's
        opponent); ``names``: the named players on those seats, kept for « Play » too."""
        super().__init__(services)
        self.spec = registry.get(game)
        self.game = game
        self.levels = list(levels) if levels else levels_mod.load(game)
        self.level_index = next((i for i, lv in enumerate(self.levels) if lv.id == level_id), 0)
        self.params = {**self.level.params, **(params or {})}
        self.variant = variant or registry.variant_for(game, self.level.id).key
        self.card_index = card_index
        self.back_to = back
        self.seats = tuple(seats) if seats is not None else (HUMAN, self.level.opponent)
        self.names = (names[0], names[1])
        self.board = registry.load_attr(self.spec.window.editor)(self.spec, self.params, text, services.sounds)
        self.zone = "board"
        self.button = 0
        self.mouse: tuple[int, int] | None = None
        self.buttons = button_rects()
        self.job: Job | None = None
        self.result: tuple[str, list[Line]] | None = None     # the draft it is about, its lines
        self.refusal: tuple[str, float, str] | None = None    # a refused action's reason, seconds left, its draft
        self._checked: tuple[Any, Any, str] | None = None
        self._rule: tuple[Any, str] | None = None
        self._box: tuple[Any, pygame.Surface] | None = None

    @property
    def level(self) -> levels_mod.Level:
        return self.levels[self.level_index]

    @property
    def wants_text(self) -> bool:
        """Typed keys go to the board's text field (the app's M for the sound waits)."""
        return self.board.wants_text and self.zone == "board"

    # -- the draft -------------------------------------------------------------------------------
    def check(self) -> tuple[Any, str]:
        """The draft as the rules read it: (its state, "") or (None, the reason in words); read
        again only when the draft, the level or the language changes."""
        text = self.board.text()
        key = (text, self.level_index, repr(sorted(self.params.items())), language())
        if self._checked is None or self._checked[0] != key:
            state, why = None, ""
            if not text and self.board.wants_text:
                why = sentence(tr("editor.empty"))
            else:
                try:
                    if text:
                        state = self.spec.start_state(self.params, text)
                    elif self.spec.position is not None:   # a board with no piece left (not the level's start)
                        state = self.spec.position.read(text, self.params)
                        if state.is_over:
                            raise RulesError(N_("err.position_over"))
                except RulesError as err:
                    state, why = None, sentence(error_text(err))
                except Exception:  # noqa: BLE001 - a game's reader may fail otherwise on typed text
                    state, why = None, sentence(tr("editor.unreadable"))
            self._checked = (key, state, why)
        return self._checked[1], self._checked[2]

    def set_level(self, index: int) -> None:
        self.level_index = index % len(self.levels)
        self.params = dict(self.level.params)
        self.variant = registry.variant_for(self.game, self.level.id).key
        self.board.set_params(self.params)
        self.services.sounds.play("click", 0.6)

    def rule_line(self) -> str:
        key = (self.level_index, repr(sorted(self.params.items())), language())
        if self._rule is None or self._rule[0] != key:
            try:
                rule, values = self.spec.rule(self.spec.new_state(self.params))
                text = tr(rule, **values)
            except RulesError as err:
                text = error_text(err)
            self._rule = (key, text)
        return self._rule[1]

    def level_label(self) -> str:
        custom = dict(self.params) != dict(self.level.params)
        return tr("setup.custom") if custom else self.level.name()

    # -- actions ---------------------------------------------------------------------------------
    def why_not(self, action: str) -> str:
        """Why ``action`` can't be done now ("" when it can)."""
        if action not in NEED_LEGAL:
            return ""
        state, why = self.check()
        if state is None:
            return why
        if action == "analyse" and not analysis.can_analyse(self.spec):
            return tr("editor.no_analysis")
        if action == "puzzle" and not puzzles.has_puzzles(self.spec):
            return sentence(tr("puzzles.none", game=tr("game." + self.variant)))
        return ""

    def act(self, action: str) -> None:
        why = self.why_not(action)
        if why:
            self.services.sounds.play("invalid")
            self.refusal = (tr("editor.refused", action=tr(f"editor.{action}"), why=why), REFUSAL_TIME,
                            self.board.text())
            return
        self.refusal = None
        self.services.sounds.play("click", 0.6)
        if action in ("clear", "reset"):
            getattr(self.board, action)()
            return
        getattr(self, "do_" + action)()

    def config(self) -> MatchConfig:
        """A game from the draft: the seats it was opened with (the opponent the player had), the
        person playing the position's player to move."""
        return MatchConfig(self.game, self.level, dict(self.params), self.seats, "human",
                           variant=self.variant, names=self.names, start=self.board.text())

    def do_play(self) -> None:
        """The setup screen of the draft, whose Esc comes back here with the draft (and this
        editor's own way back)."""
        again = dict(game=self.game, levels=self.levels, level_id=self.level.id, params=dict(self.params),
                     text=self.board.text(), variant=self.variant, card_index=self.card_index, back=self.back_to,
                     seats=self.seats, names=self.names)
        self.services.manager.go("setup", game=self.game, levels=self.levels, config=self.config(),
                            card_index=self.card_index, variant=self.variant, back=("editor", again))

    def do_save(self) -> None:
        text = self.board.text()
        path = self.services.save_record(Match.begin(self.config(), 0))
        if path is not None:
            self.result = (text, [(tr("editor.saved", file=path.name), theme.GOOD),
                                  (tr("editor.saved_where", folder=str(path.parent)), theme.TEXT_DIM)])

    def do_analyse(self) -> None:
        self.ask("analyse", editing.verdict, self.spec.engine.analysis_time)

    def do_puzzle(self) -> None:
        self.ask("puzzle", editing.make_puzzle, None)

    def ask(self, kind: str, chooser: Any, time_limit: float | None) -> None:
        """Hand the draft to the analysis worker; its answer comes back to :meth:`on_ai`."""
        self.cancel_job()
        text = self.board.text()
        self.result = None
        self.job = Job(kind, text, self.time)
        question = editing.Question(self.game, self.level.id, dict(self.params), text)
        self.job.token = self.services.analysis_ai.request(question, 0, None, time_limit, chooser=chooser)

    def cancel_job(self) -> None:
        if self.job is not None:
            self.services.analysis_ai.cancel()
            self.job = None

    def on_ai(self, kind: str, result: Any) -> None:
        job = self.job
        if kind != "analysis" or job is None or result.token != job.token:
            return
        self.job = None
        if result.error is not None:
            self.result = (job.text, [(tr("editor.failed"), theme.BAD)])
        elif job.kind == "analyse":
            state, _ = self.check()
            explained = self.board.explain(state, result.move) if state is not None and result.move.scores else []
            self.result = (job.text, verdict_lines(self.spec, result.move, explained))
        else:
            answer = result.move
            problem = self.services.puzzle_store.add(answer.puzzle) if answer.puzzle is not None else None
            self.result = (job.text, puzzle_lines(self.spec, answer, problem))
        self.services.sounds.play("click", 0.5)

    def do_back(self) -> None:
        self.cancel_job()
        if self.back_to is not None:
            name, kwargs = self.back_to
            self.services.manager.go(name, **kwargs)
        else:
            self.services.manager.go("setup", game=self.game, levels=self.levels, level_id=self.level.id,
                                card_index=self.card_index, variant=self.variant)

    def exit(self) -> None:
        self.cancel_job()

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        self.board.pointer(event)       # any key shows the board's cursor, any click hides it
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for action, rect in zip(ACTIONS, self.buttons):
                if rect.collidepoint(event.pos):
                    self.act(action)
                    return True
            if LEVEL_RECT.collidepoint(event.pos):
                self.set_level(self.level_index + (-1 if event.pos[0] < LEVEL_RECT.left + 60 else 1))
                return True
        used = self.board.handle(event)
        if used and event.type == pygame.MOUSEBUTTONDOWN:
            self.zone = "board"
            self.board.focused = True
        return used

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE:
            self.act("back")
            return True
        if k == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.zone = ZONES[(ZONES.index(self.zone) + step) % len(ZONES)]
            self.board.focused = self.zone == "board"
            self.services.sounds.play("hover", 0.6)
            return True
        if self.zone == "buttons" and k in (pygame.K_LEFT, pygame.K_RIGHT, *CONFIRM):
            if k in CONFIRM:
                self.act(ACTIONS[self.button])
            else:
                self.button = (self.button + (1 if k == pygame.K_RIGHT else -1)) % len(ACTIONS)
                self.services.sounds.play("hover", 0.6)
            return True
        if self.zone == "level" and k in (pygame.K_LEFT, pygame.K_RIGHT, *CONFIRM):
            if k in CONFIRM:
                self.zone, self.board.focused = "board", True
            else:
                self.set_level(self.level_index + (1 if k == pygame.K_RIGHT else -1))
            return True
        if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.set_level(self.level_index + (1 if k == pygame.K_PAGEDOWN else -1))
            return True
        if self.wants_text and self.board.handle(event):
            return True
        if k in SHORTCUTS:
            self.act(SHORTCUTS[k])
            return True
        self.zone, self.board.focused = "board", True     # a board's key takes the keyboard back
        return self.board.handle(event)

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)
        if self.refusal is not None:
            text, left, draft = self.refusal
            self.refusal = (text, left - dt, draft) if left > dt else None

    def moving(self) -> bool:
        return (self.job is not None or self.refusal is not None or bool(self.board.shown_note)
                or self.wants_text)

    # -- drawing ---------------------------------------------------------------------------------
    def info_lines(self) -> list[Line]:
        """The info box: the draft's status, a refused edit or action, the work in progress, then
        the last result (while the draft is the one it is about)."""
        state, why = self.check()
        refusal = self.refusal[0] if self.refusal is not None and self.refusal[2] == self.board.text() else ""
        more: list[Line] = [(text, theme.BAD) for text in (self.board.shown_note, refusal) if text]
        if self.job is not None:
            seconds = int(self.time - self.job.started)
            dots = "." * (1 + int(self.time * 3) % 3)
            more.append((tr(f"editor.working_{self.job.kind}", s=seconds) + dots, theme.ACCENT))
        elif self.result is not None and self.result[0] == self.board.text():
            more += self.result[1]
        if state is None:
            return [(tr("editor.illegal", why=why), theme.BAD), *more]
        return [(tr(N_("editor.legal_short") if more else N_("editor.legal")), theme.GOOD), *more]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        title = tr("editor.title", game=tr("game." + self.variant))
        theme.blit_text(surface, title, (40, 14), theme.fit_size(title, 36, LEVEL_RECT.left - 60), theme.ACCENT)
        rule = self.rule_line()
        theme.blit_text(surface, rule, (40, 62), theme.fit_size(rule, 20, LEVEL_RECT.left - 60), theme.TEXT_DIM)
        self.draw_level(surface)
        self.board.draw(surface, self.time)
        self.draw_info(surface)
        self.draw_buttons(surface)
        keys = " · ".join(k for k in (self.board.keys(), tr("editor.keys")) if k)
        self.draw_keys(surface, keys, theme.HEIGHT - 16, 19, 12)

    def draw_level(self, surface: pygame.Surface) -> None:
        on = self.zone == "level"
        edge = theme.lerp_color(theme.ACCENT_DARK, theme.ACCENT, theme.pulse(self.time, 4)) if on else theme.PANEL_EDGE
        theme.panel(surface, LEVEL_RECT, theme.PANEL_LIGHT if on else theme.PANEL, edge, radius=12, width=3 if on else 2)
        text = tr("editor.level", level=self.level_label())
        inner = LEVEL_RECT.width - 120
        theme.blit_text(surface, text, LEVEL_RECT.center, theme.fit_size(text, 24, inner),
                        theme.ACCENT if on else theme.TEXT, "center")
        for x, arrow in ((LEVEL_RECT.left + 26, "‹"), (LEVEL_RECT.right - 26, "›")):
            theme.blit_text(surface, arrow, (x, LEVEL_RECT.centery - 2), 40, theme.TEXT, "center")

    def draw_info(self, surface: pygame.Surface) -> None:
        rect = self.board.info_rect
        lines = tuple(self.info_lines())
        key = (lines, tuple(rect))
        if self._box is None or self._box[0] != key:
            self._box = (key, render_box(rect, lines))
        surface.blit(self._box[1], rect)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        draw_buttons(surface, self.buttons, [not self.why_not(action) for action in ACTIONS],
                     self.button if self.zone == "buttons" else None, self.mouse)
