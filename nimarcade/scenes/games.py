"""Which scene plays which game, and how a game is started."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from nimarcade.session import MatchConfig

if TYPE_CHECKING:
    from nimarcade.app import App

SCENES = {
    "sticks": ("nimarcade.scenes.sticks", "SticksScene"),
    "heaps": ("nimarcade.scenes.heaps", "HeapsScene"),
    "matches": ("nimarcade.scenes.matches", "MatchesScene"),
    "grid": ("nimarcade.scenes.grid", "GridScene"),
    "awele": ("nimarcade.scenes.awele", "AweleScene"),
}


def scene_class(game: str) -> type:
    module, name = SCENES[game]
    return getattr(importlib.import_module(module), name)


def start_game(app: "App", config: MatchConfig, replace_stack: bool = True, director: Any = None):
    """Open the game screen for ``config``; returns the scene."""
    scene = scene_class(config.game)(app, config, director=director)
    if replace_stack:
        app.manager.switch(scene)
    else:
        app.manager.push(scene)
    return scene
