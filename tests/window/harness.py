"""Drive the real game headless with real pygame events: clicks at screen positions, key presses.

The AI runs synchronously here (its result is still posted as a pygame event and handled by the
main loop), so every test is deterministic and nothing waits on a clock.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from nimarcade.analysis.verdicts import Budget
from nimarcade.window.app import App
from nimarcade.analysis.review_job import BUDGET_PREF

#: A run of frames that waits (an animation, the computer's turn) is drawn every this many frames
#: and at its end, each frame updated: drawing is nine tenths of a frame's time headless, and every
#: screen is still drawn many times through each animation.
DRAW_EVERY = 6
#: The depth the scene tests' reviews analyse an engine's game to (the same verdicts every time).
REVIEW_BUDGET = Budget(None, 2)


def make_app(seed: int = 1, lang: str = "fr", synchronous: bool = True, data_dir: Any = None) -> App:
    """``data_dir``: the player's folder (None: nothing is kept on disk)."""
    app = App(headless=True, seed=seed, lang=lang, data_dir=data_dir)
    app.ai.synchronous = synchronous
    app.hint_ai.synchronous = synchronous
    app.analysis_ai.synchronous = synchronous
    app.review_ai.synchronous = synchronous
    app.prefs[BUDGET_PREF] = REVIEW_BUDGET     # a review's engine analysis: small, the same every time
    return app


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def scene(self) -> Any:
        return self.app.manager.top

    def step(self, frames: int = 1) -> None:
        """``frames`` frames, each updated; a run of them drawn every :data:`DRAW_EVERY` frames
        and at its last (an event or a new screen is drawn at once: :meth:`App.step`)."""
        for i in range(frames):
            if not self.app.running:
                return
            self.app.step(draw=i == frames - 1 or i % DRAW_EVERY == DRAW_EVERY - 1)

    def post(self, event_type: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(event_type, **attrs))

    def move_mouse(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
        self.step()

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.step()

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.step()

    def keys(self, *keys: int) -> None:
        for k in keys:
            self.key(k)

    def play(self, scene: Any, move: Any, by: str) -> None:
        """Play ``move`` as a person would: the clicks of ``scene.mouse_path(move)`` (``by="mouse"``)
        or the key presses of ``scene.key_path(move)`` (``by="keys"``)."""
        if by == "mouse":
            for pos in scene.mouse_path(move):
                self.click(pos)
        else:
            for key in scene.key_path(move):
                self.key(key)

    def choose(self, menu: Any, name: str, by: str, step: int = pygame.K_DOWN) -> None:
        """Press the item ``name`` of ``menu`` as a person would: a click on it (``by="mouse"``),
        or ``step`` (down, or right in a row of buttons) until it has the focus, then Enter."""
        if by == "mouse":
            self.click(menu.item(name).rect.center)
            return
        while menu.items[menu.focus].name != name:
            self.key(step)
        self.key(pygame.K_RETURN)

    def until(self, predicate: Callable[[], bool], max_frames: int = 3000) -> int:
        """Step frames until ``predicate()``; fails the test after ``max_frames``."""
        for n in range(max_frames):
            if predicate():
                if n % DRAW_EVERY and self.app.running:
                    self.app.draw()         # (the screen as it stands, for what the test does next)
                return n
            if not self.app.running:
                break
            self.app.step(draw=n % DRAW_EVERY == DRAW_EVERY - 1)
        if predicate():
            return max_frames
        raise AssertionError(f"condition not reached after {max_frames} frames (scene: {self.scene!r})")

    def start_level(self, game: str, level_id: str, seats: tuple[int, int] = (0, 0)) -> Any:
        """The game screen of ``game``'s level ``level_id`` (two people by default, seat 1 first),
        once a person may play."""
        from nimarcade.core import levels
        from nimarcade.core.match import MatchConfig

        level = next(lv for lv in levels.load(game) if lv.id == level_id)
        scene = self.app.start_game(MatchConfig(game, level, dict(level.params), seats, "me"))
        self.step()
        self.settle()
        return scene

    def settle(self, max_frames: int = 3000) -> None:
        """Until a person may play, or the game has moved on to another screen."""
        game = self.scene
        self.until(lambda: self.scene is not game or game.human_turn() or game.finished, max_frames)
