"""The engine's thinking in the Awélé scene, and when the scene asks for it.

One analysis of the person's position is shown three ways, so that they never disagree: the hint
(H), the analysis overlay (A: every playable house with its value) and the info line (I) on the
person's turn all read the same search, whichever asked for it first: the analysis worker's
(``GameSpec.engine.analyse``) or the hint worker's (``GameSpec.engine.hint``, the same analysis, as the text
mode asks it). On the computer's turn the info line shows the computer's own search.

- I (or the « Infos » button): a line above the board with the search, its deepest finished depth
  (never a shallower one within a turn), the verdict in words, the expected line in the houses'
  letters (each in its owner's colour) and the nodes per second; the mouse over it explains them.
- Space (or « Jouer maintenant ») while the computer thinks: it plays its best move so far; the
  button stays pressed and a line under the board says so until its move is sown.
- A (or « Analyse »): on a person's turn, every playable house is tinted by its value, with a
  symbol and a sign (:mod:`.engine_art`).
- Pondering (the game scene starts it through the TurnController, as the registry entry's
  ``ponder`` allows): the info line says so.

Both toggles are off by default and kept for the session (``app.prefs``).

A :class:`~nimarcade.window.ui.section.Section` of the Awélé screen: its rectangle is the row of buttons
under the board; it handles its keys and clicks, asks for the analysis each frame, and draws its
buttons, its info line and its overlay. It reads the scene through :class:`EngineHost`.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from nimarcade.games.awele.engine.player import Reading, advice
from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, tr
from nimarcade.games.awele import advice as words
from nimarcade.core.turns import ANALYSIS, TurnController
from nimarcade.window.ui.section import Section

from nimarcade.games.awele.scene.art import BUTTON_H, BUTTON_Y, WOOD, BoardGeometry, Color
from nimarcade.games.awele.scene.engine_art import Button, InfoLine, draw_engine, draw_tooltip

INFO, OVERLAY = "awele.info", "awele.analysis"
SEARCH, ANALYSED, IDLE = "search", "analysis", "idle"
#: Seconds the play-now confirmation stays at least (the move may come within a frame).
HURRY_SHOWN = 1.5


class EngineHost(Protocol):
    """What the engine view reads of the Awélé screen."""

    services: Any
    turns: TurnController
    geo: BoardGeometry
    mouse: tuple[int, int] | None
    ai_wait: float
    before: Any

    @property
    def bottom(self) -> int: ...
    @property
    def state(self) -> Any: ...

    @property
    def match(self) -> Any: ...

    @property
    def thinking(self) -> bool: ...

    @property
    def animating(self) -> bool: ...

    @property
    def demo(self) -> bool: ...

    def human_turn(self) -> bool: ...

    def humans(self) -> list[int]: ...

    def player_name(self, rules_player: int) -> str: ...

    def rotate_rect(self) -> pygame.Rect: ...

    def show_hint(self, hint: Hint) -> None: ...


class EngineView(Section):
    def __init__(self, scene: EngineHost) -> None:
        self.scene = scene
        #: the position whose hint waits for the analysis running for it
        self.hint_wanted: Any = None
        #: the deepest reading shown of this position, by its source: (source, state, reading)
        self.kept: tuple[str, Any, Reading] | None = None
        #: the computer's last answer: (the position it searched, the reading of its final info)
        self.answer: tuple[Any, Reading | None] | None = None
        #: play now: the position where it was asked, the depth then, and how long it is shown
        self.hurried: Any = None
        self.hurried_depth = 0
        self.hurry_left = 0.0
        #: where the info line was drawn last (the mouse over it shows what its words mean)
        self.info_box: pygame.Rect | None = None
        super().__init__(pygame.Rect(0, 0, 0, 0))

    # -- toggles ------------------------------------------------------------------------------
    @property
    def allowed(self) -> bool:
        """Whether the board may show the engine's view: not during a puzzle, where it would give
        the answer away (the board's turns give no assistance)."""
        return self.scene.turns.assists

    @property
    def info_on(self) -> bool:
        return self.allowed and bool(self.scene.services.prefs.get(INFO, False))

    @property
    def analysis_on(self) -> bool:
        return self.allowed and bool(self.scene.services.prefs.get(OVERLAY, False))

    def refuse_off(self) -> None:
        """I or A during a puzzle: they are off, and a message says why (nothing hangs waiting)."""
        self.scene.services.sounds.play("invalid", 0.5)
        self.scene.services.notify(tr("awele.assist_off"))

    def toggle_info(self) -> None:
        if not self.allowed:
            self.refuse_off()
            return
        self.scene.services.prefs[INFO] = not self.info_on
        self._drop_unwanted()
        self.scene.services.notify(tr(N_("awele.info_on") if self.info_on else N_("awele.info_off")))

    def toggle_analysis(self) -> None:
        if not self.allowed:
            self.refuse_off()
            return
        self.scene.services.prefs[OVERLAY] = not self.analysis_on
        self._drop_unwanted()
        self.scene.services.notify(tr(N_("awele.analysis_on") if self.analysis_on else N_("awele.analysis_off")))

    def _drop_unwanted(self) -> None:
        """Nothing shows the analysis any more: a search under way for it stops."""
        if not self.info_on and not self.analysis_on and self.hint_wanted is not self.scene.state:
            self.scene.turns.cancel(ANALYSIS)

    # -- buttons under the board: V, I, A on the left; « Jouer maintenant » on the right --------
    def info_rect(self) -> pygame.Rect:
        return pygame.Rect(self.scene.rotate_rect().right + 10, BUTTON_Y, 130, BUTTON_H)

    def analysis_rect(self) -> pygame.Rect:
        return pygame.Rect(self.info_rect().right + 10, BUTTON_Y, 150, BUTTON_H)

    def play_now_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, BUTTON_Y, 320, BUTTON_H)
        rect.right = WOOD.right
        return rect

    def can_play_now(self) -> bool:
        scene = self.scene
        return scene.thinking and not scene.animating and not scene.demo

    def hurrying(self) -> bool:
        """Play now was asked and its move is not sown yet (or only just): the confirmation shows."""
        scene = self.scene
        if self.hurried is None or self.hurry_left <= 0:
            return False
        return (self.hurried is scene.state and scene.thinking) or (scene.animating and scene.before is self.hurried)

    def buttons(self) -> list[Button]:
        """The buttons shown now: I and A while the game goes on, play now while it can be asked
        (pressed once it is)."""
        scene = self.scene
        if scene.demo:
            return []
        shown = []
        if not scene.state.is_over and self.allowed:
            shown += [Button(self.info_rect(), tr("awele.info_button"), self.info_on),
                      Button(self.analysis_rect(), tr("awele.analysis_button"), self.analysis_on)]
        if self.hurrying():
            shown.append(Button(self.play_now_rect(), tr("awele.play_now_pressed"), True, pressed=True))
        elif self.can_play_now():
            shown.append(Button(self.play_now_rect(), tr("awele.play_now_button")))
        return shown

    def layout(self) -> None:
        """Its area: the buttons under the board (they move with the board's rotate button)."""
        self.rect = self.info_rect().union(self.analysis_rect()).union(self.play_now_rect())

    def handle(self, event: pygame.event.Event) -> bool:
        """I, A, Space (play now) and their buttons; True when the event was used."""
        if self.scene.demo:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_i:
                self.toggle_info()
                return True
            if event.key == pygame.K_a:
                self.toggle_analysis()
                return True
            if event.key == pygame.K_SPACE and self.can_play_now():
                self.play_now()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            over = [b.rect for b in self.buttons() if b.rect.collidepoint(event.pos)]
            if not over:
                return False
            if over[0] == self.info_rect():
                self.toggle_info()
            elif over[0] == self.analysis_rect():
                self.toggle_analysis()
            elif self.can_play_now() and not self.hurrying():
                self.play_now()
            return True
        return False

    def play_now(self) -> None:
        """The computer stops thinking and plays its best move so far (and skips its short wait);
        the button stays pressed and a line under the board says so until the move is sown."""
        scene = self.scene
        scene.ai_wait = 0.0
        if scene.turns.ai_move is None:
            scene.services.ai.play_now()
        reading = self.reading()[1]
        self.hurried, self.hurried_depth, self.hurry_left = scene.state, reading.depth if reading else 0, HURRY_SHOWN

    def play_now_line(self) -> str | None:
        """The line under the board that confirms play now (None: nothing to confirm)."""
        return tr("awele.play_now_line", depth=self.hurried_depth) if self.hurrying() else None

    # -- the one analysis of the person's position -------------------------------------------------
    def analysis_done(self) -> dict | None:
        """The finished analysis of the position on screen (its result's ``info``), or None."""
        turns = self.scene.turns
        if turns.analysis_of is self.scene.state and turns.analysis is not None:
            return turns.analysis.info
        return None

    def analysis_running(self) -> dict | None:
        """The progress of the search running for the position on screen: the analysis worker's,
        or the hint worker's (a hint asked first: the same analysis), or None."""
        scene, turns = self.scene, self.scene.turns
        if turns.analysis_of is scene.state and turns.pending.get(ANALYSIS) is not None:
            return scene.services.analysis_ai.progress
        if turns.hint_pending:
            return scene.services.hint_ai.progress
        return None

    def want_hint(self) -> None:
        """H on a person's turn: the hint of the analysis of this position, at once when it is
        done, when it is done if it runs, else asked of the hint worker (``GameSpec.engine.hint``)."""
        self.hint_wanted = self.scene.state
        self.update()

    def on_result(self, kind: str, result: Any) -> None:
        """A worker's accepted result. The hint's analysis becomes the analysis of its position
        (the overlay and the info line then show it, without a second search); the computer's
        final reading is kept while its move waits to be played."""
        scene, turns = self.scene, self.scene.turns
        if kind == "hint" and turns.hint is not None and result.info.get("scores") and self.analysis_done() is None:
            turns.analysis, turns.analysis_of = result, scene.state
        elif kind == "move":
            self.answer = (scene.state, Reading.of(result.info))

    def update(self, dt: float = 0.0) -> None:
        scene, turns = self.scene, self.scene.turns
        if self.hurry_left > 0:
            self.hurry_left -= dt
        if not scene.human_turn() or scene.demo:
            return
        state = scene.state
        if self.hint_wanted is state:
            done = self.analysis_done()
            if done is not None:
                self.hint_wanted = None
                found = advice(done)
                if found is not None:
                    scene.show_hint(found)
            elif self.analysis_running() is None:
                self.hint_wanted = None
                turns.request_hint()
        elif (self.info_on or self.analysis_on) and self.analysis_done() is None and self.analysis_running() is None:
            turns.request_analysis()

    @property
    def pondering(self) -> bool:
        return self.scene.turns.pondering

    # -- what to show --------------------------------------------------------------------------
    def reading(self) -> tuple[str, Reading | None]:
        """(source, reading) of the position on screen: the computer's search while it thinks (or
        its move waits), the analysis on a person's turn, else idle. Within a turn the deepest
        finished depth stays: a reading is replaced only by one as deep or deeper."""
        scene = self.scene
        if scene.animating or scene.state.is_over or scene.demo:
            return IDLE, None
        if scene.thinking:
            if self.answer is not None and self.answer[0] is scene.state:
                self._keep(SEARCH, self.answer[1])       # its final word, while its move waits
            return SEARCH, self._keep(SEARCH, Reading.of(scene.services.ai.progress))
        if scene.human_turn():
            info = self.analysis_done() or self.analysis_running()
            return ANALYSED, self._keep(ANALYSED, Reading.of(info) if info is not None else None)
        return IDLE, None

    def _keep(self, source: str, now: Reading | None) -> Reading | None:
        state = self.scene.state
        kept = self.kept
        if kept is not None and (kept[0] != source or kept[1] is not state):
            kept = None
        if now is not None and (kept is None or now.depth >= kept[2].depth):
            self.kept = (source, state, now)
            return now
        return kept[2] if kept is not None else None

    def viewer(self, source: str) -> tuple[str, int]:
        """Whom the verdict is told to, and the sign that turns the player to move's score into
        theirs: the one person ("vous"), else the player to move on a person's turn, else the
        bottom row's player."""
        scene = self.scene
        humans = scene.humans()
        to_move = scene.state.to_move
        if len(humans) == 1:
            viewer, who = humans[0], tr("awele.analysis_you")
        else:
            viewer = to_move if source == ANALYSED else scene.bottom
            who = scene.player_name(viewer)
        return who, 1 if viewer == to_move else -1

    def analysis(self) -> tuple[dict[int, int], int] | None:
        """Each playable house's score (hundredths of a seed for the player to move) and the depth,
        while the overlay is on, on a person's turn: the analysis's deepest finished depth."""
        if not self.analysis_on:
            return None
        source, reading = self.reading()
        if source != ANALYSED or reading is None or not reading.scores:
            return None
        legal = self.scene.state.legal_moves()
        return {h: s for h, s in reading.scores if h in legal}, reading.depth

    def info_line(self) -> InfoLine:
        """The info line's content now."""
        source, reading = self.reading()
        pondering = self.pondering and source == ANALYSED
        if reading is None:
            key = {SEARCH: N_("awele.info_thinking"), ANALYSED: N_("awele.info_analysing")}.get(source, N_("awele.info_idle"))
            return InfoLine(tr(key), None, None, (), None, pondering)
        who, sign = self.viewer(source)
        score = sign * reading.score
        head = tr("awele.info_book") if reading.book else tr("awele.info_depth", depth=reading.depth)
        label = tr(N_("awele.info_search") if source == SEARCH else N_("awele.info_analysis"))
        return InfoLine(label, head, (words.verdict(score, who), words.leaning(score)), reading.pv[:10],
                        reading.nps, pondering, len(reading.pv) > 10)

    def draw(self, surface: pygame.Surface, colors: tuple[Color, Color] | None = None,
             room: int = WOOD.width) -> None:
        """Its buttons, the info line (I, within ``room`` pixels, and what it means under the
        mouse) and the analysis overlay (A), in the players' colours."""
        scene = self.scene
        if scene.demo or colors is None:
            return
        info = self.info_line() if self.info_on and not scene.state.is_over else None
        analysis = self.analysis()
        scores = None if analysis is None else analysis[0]
        self.info_box = draw_engine(surface, scene.geo, self.buttons(), scene.mouse, info, scores,
                                    scene.state.houses, colors, room)
        if self.info_box is not None and scene.mouse is not None and self.info_box.collidepoint(scene.mouse):
            draw_tooltip(surface, self.info_box, [tr(k) for k in (N_("awele.tip_depth"), N_("awele.tip_line"),
                                                                 N_("awele.tip_nps"), N_("awele.tip_ponder"))])

