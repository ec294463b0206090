"""Scenes and the scene manager (a stack: overlays such as the pause screen sit on a game).

A scene gets ``enter()`` when it is pushed, ``resume()`` when an overlay above it closes,
``exit()`` when it leaves the stack,
``handle(event) -> bool`` for input, ``update(dt)`` with elapsed seconds and ``draw(surface)``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from nimarcade.app import App


class Scene:
    #: An overlay is drawn over the scene below it, which stays frozen.
    overlay = False
    #: Name used in tests and screenshots.
    name = "scene"

    def __init__(self, app: "App") -> None:
        self.app = app
        self.time = 0.0

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def resume(self) -> None:
        """The overlay above this scene was closed."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_ai(self, result: Any) -> None:
        """A result from the AI worker (already checked to be for the current request)."""


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def switch(self, scene: Scene) -> None:
        """Replace every scene with ``scene``."""
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def handle(self, event: pygame.event.Event) -> bool:
        top = self.top
        return bool(top and top.handle(event))

    def update(self, dt: float) -> None:
        if self.stack:
            self.stack[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        for scene in self.stack[max(start, 0):]:
            scene.draw(surface)

    def broadcast_ai(self, result: Any) -> None:
        for scene in list(self.stack):
            scene.on_ai(result)

    def exit_all(self) -> None:
        while self.stack:
            self.stack.pop().exit()
