"""The engine's thinking in the Awélé scene, and when the scene asks for it.

- I (or the « Infos » button): a line with the search's depth, the expected margin in seeds for
  the person, the expected line as house numbers (1-6 from each owner's left, in the owner's
  colour) and the nodes per second, while the computer thinks and while it ponders.
- Space (or « Jouer maintenant ») while the computer thinks: it plays its best move so far.
- A (or « Analyse »): on a person's turn, every playable house is coloured by its value, from
  the analysis worker (``app.analysis_ai``, a request of kind "analysis" in the TurnController,
  running the game's ``GameSpec.analyse``).
- Pondering (the game scene starts it through the TurnController, as the registry entry's
  ``ponder`` allows): this view only says so on the info line.

Both toggles are off by default and kept for the session (``app.prefs``).

A :class:`~nimarcade.ui.section.Section` of the Awélé screen: its rectangle is the strip of buttons
under the board; it handles its keys and clicks, asks for the analysis each frame, and draws its
buttons, its info line and its overlay. It reads the scene through :class:`EngineHost`.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from nimarcade.ai.awele_player import Thinking, thinking
from nimarcade.i18n import tr
from nimarcade.turns import ANALYSIS, TurnController
from nimarcade.ui.section import Section

from .art import CX, WOOD, BoardGeometry, Color
from .engine_art import Button, InfoLine, draw_engine

INFO, OVERLAY = "awele.info", "awele.analysis"


class EngineHost(Protocol):
    """What the engine view reads of the Awélé screen."""

    app: Any
    turns: TurnController
    geo: BoardGeometry
    mouse: tuple[int, int] | None
    bottom: int
    ai_wait: float

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


class EngineView(Section):
    def __init__(self, scene: EngineHost) -> None:
        self.scene = scene
        super().__init__(pygame.Rect(0, 0, 0, 0))

    # -- toggles ------------------------------------------------------------------------------
    @property
    def info_on(self) -> bool:
        return bool(self.scene.app.prefs.get(INFO, False))

    @property
    def analysis_on(self) -> bool:
        return bool(self.scene.app.prefs.get(OVERLAY, False))

    def toggle_info(self) -> None:
        self.scene.app.prefs[INFO] = not self.info_on
        self.scene.app.notify(tr("awele.info_on" if self.info_on else "awele.info_off"))

    def toggle_analysis(self) -> None:
        self.scene.app.prefs[OVERLAY] = not self.analysis_on
        if not self.analysis_on:
            self.scene.turns.cancel(ANALYSIS)
        self.scene.app.notify(tr("awele.analysis_on" if self.analysis_on else "awele.analysis_off"))

    # -- buttons under the board, left of centre: V, I, A; « Jouer maintenant » in the middle --
    def info_rect(self) -> pygame.Rect:
        return pygame.Rect(self.scene.rotate_rect().right + 10, self.scene.rotate_rect().top, 130, 36)

    def analysis_rect(self) -> pygame.Rect:
        return pygame.Rect(self.info_rect().right + 10, self.info_rect().top, 150, 36)

    def play_now_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 300, 40)
        rect.center = (CX, WOOD.bottom + 40)
        return rect

    def can_play_now(self) -> bool:
        scene = self.scene
        return scene.thinking and not scene.animating and not scene.demo

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
            if self.info_rect().collidepoint(event.pos):
                self.toggle_info()
                return True
            if self.analysis_rect().collidepoint(event.pos):
                self.toggle_analysis()
                return True
            if self.can_play_now() and self.play_now_rect().collidepoint(event.pos):
                self.play_now()
                return True
        return False

    def play_now(self) -> None:
        """The computer stops thinking and plays its best move so far (and skips its short wait)."""
        scene = self.scene
        scene.ai_wait = 0.0
        if scene.turns.ai_move is None:
            scene.app.ai.play_now()
        scene.app.notify(tr("awele.play_now"))

    # -- the analysis, checked each frame --------------------------------------------------------
    def update(self, dt: float = 0.0) -> None:
        scene = self.scene
        turns = scene.turns
        if self.analysis_on and scene.human_turn() and turns.analysis_of is not scene.state:
            turns.request_analysis()

    @property
    def pondering(self) -> bool:
        return self.scene.turns.pondering

    # -- what to draw --------------------------------------------------------------------------
    def viewer(self) -> int:
        """Whose side the numbers are told from: the one person, else the bottom row's player."""
        humans = [p for p in (0, 1) if self.scene.match.player(p).is_human]
        return humans[0] if len(humans) == 1 else self.scene.bottom

    def info(self) -> Thinking | None:
        """The info line's content: the computer's search, or its pondering, of this position."""
        scene = self.scene
        if scene.animating or not (scene.thinking or self.pondering):
            return None
        return thinking(scene.app.ai.progress, scene.state, self.viewer())

    def analysis(self) -> tuple[dict[int, int], int] | None:
        """Each playable house's score (hundredths of a seed for the player to move) and the depth,
        while the overlay is on, on a person's turn: the finished analysis, else its last depth."""
        scene = self.scene
        turns = scene.turns
        if not self.analysis_on or not scene.human_turn() or turns.analysis_of is not scene.state:
            return None
        if turns.analysis is not None:
            info = turns.analysis.info
        elif turns.pending.get(ANALYSIS) is not None:
            info = scene.app.analysis_ai.progress
        else:
            return None
        legal = scene.state.legal_moves()
        scores = info.get("scores") or {}
        return {h: s for h, s in scores.items() if h in legal}, info.get("depth", 0)

    def draw(self, surface: pygame.Surface, colors: tuple[Color, Color] | None = None) -> None:
        """Its buttons, the info line (I) and the analysis overlay (A), in the players' colours."""
        scene = self.scene
        if scene.demo or colors is None:
            return
        buttons = [Button(self.info_rect(), tr("awele.info_button"), self.info_on),
                   Button(self.analysis_rect(), tr("awele.analysis_button"), self.analysis_on)]
        if self.can_play_now():
            buttons.append(Button(self.play_now_rect(), tr("awele.play_now_button")))
        info = None
        if self.info_on:
            pv = tuple(scene.app.ai.progress.get("pv", [])[:10])
            name = None if len(scene.humans()) == 1 else scene.player_name(self.viewer())
            info = InfoLine(self.info(), self.pondering, pv, name)
        analysis = self.analysis()
        scores = None if analysis is None else analysis[0]
        draw_engine(surface, scene.geo, buttons, scene.mouse, info, scores, scene.state.houses, colors)
