"""Scenes and the scene manager (a stack: overlays such as the pause screen sit on a game).

Scenes are reached by name: a scene asks the manager for the next one (``manager.go("setup",
config=...)``), and the manager builds it from the table the app gave it (``nimarcade.window.scenes.SCENES``).
No scene imports another scene, as in Mekire's state machine where a state names its successor.

A scene gets ``enter()`` when it is pushed, ``resume()`` when an overlay above it closes,
``exit()`` when it leaves the stack,
``handle(event) -> bool`` for input, ``update(dt)`` with elapsed seconds and ``draw(surface)``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, cast

import pygame

if TYPE_CHECKING:
    from nimarcade.window.scenes.game import GameScene
    from nimarcade.window.services import Services


class Scene:
    #: An overlay is drawn over the scene below it, which stays frozen.
    overlay = False
    #: Name used in tests and screenshots.
    name = "scene"

    def __init__(self, services: "Services") -> None:
        self.services = services
        self.time = 0.0

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def resume(self) -> None:
        """The overlay above this scene was closed."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def intercept(self, event: pygame.event.Event) -> bool:
        """Input seen before :meth:`handle`, by a panel open over the screen (the help), so that
        nothing under it reacts; True when it was used."""
        return False

    def open_panel(self) -> pygame.Rect | None:
        """The panel open over this screen (the help), on which no message may be drawn."""
        return None

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_keys(self, surface: pygame.Surface, keys: str, y: int, size: int = 20, smallest: int = 14) -> None:
        """The screen's line of keys near the bottom, centred at ``y``. A message in the strip at the
        bottom (:data:`~nimarcade.window.ui.widgets.TOAST_STRIP`) takes its place while it shows:
        the line is never half covered by it."""
        from nimarcade.window.ui import theme

        if any(t.kind != "error" for t in getattr(self.services, "toasts", ())):
            return
        theme.blit_text(surface, keys, (theme.WIDTH // 2, y), theme.fit_size(keys, size, theme.WIDTH - 40, smallest),
                        theme.TEXT_DIM, "center")

    def moving(self) -> bool:
        """Whether the screen changes by itself now (an animation, a computer thinking), so the
        loop must keep drawing without input. A still screen is not redrawn until an event; its
        decorative pulses simply rest."""
        return False

    def on_ai(self, kind: str, result: Any) -> None:
        """A result from an AI worker: ``kind`` is "move" or "hint" (checked to be the worker's
        current request; the game's turn controller drops results it did not ask for)."""


class QuietDirector:
    """A director for a game scene that only shows a board (a review, a thumbnail): it never goes
    on to a result screen by itself, and its moves are never saved or counted."""

    def game_finished(self, scene: Any) -> None:
        pass

    def stop(self) -> None:
        pass


SceneFactory = Callable[..., Scene]


class SceneManager:
    def __init__(self, services: Any = None, factories: Mapping[str, SceneFactory] | None = None) -> None:
        self.stack: list[Scene] = []
        self.services = services
        self.factories: dict[str, SceneFactory] = dict(factories or {})

    def make(self, name: str, **kwargs: Any) -> Scene:
        """Build the scene called ``name`` with its arguments."""
        return self.factories[name](self.services, **kwargs)

    def make_game(self, **kwargs: Any) -> GameScene:
        """A game's screen, not shown (a preview draws its board): "game" makes a game's scene."""
        return cast("GameScene", self.make("game", **kwargs))

    def go(self, name: str, **kwargs: Any) -> Scene:
        """Replace every scene with the scene called ``name``."""
        scene = self.make(name, **kwargs)
        self.switch(scene)
        return scene

    def open(self, name: str, **kwargs: Any) -> Scene:
        """Push the scene called ``name`` over the current one (an overlay, the settings...)."""
        scene = self.make(name, **kwargs)
        self.push(scene)
        return scene

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
        return bool(top and (top.intercept(event) or top.handle(event)))

    def update(self, dt: float) -> None:
        if self.stack:
            self.stack[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        for scene in self.stack[max(start, 0):]:
            scene.draw(surface)

    def broadcast_ai(self, kind: str, result: Any) -> None:
        for scene in list(self.stack):
            scene.on_ai(kind, result)

    def exit_all(self) -> None:
        while self.stack:
            self.stack.pop().exit()
