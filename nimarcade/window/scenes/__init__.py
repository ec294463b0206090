"""The screens of Nim Arcade, one module each, switched by name by the :class:`~.base.SceneManager`.

:data:`SCENES` is the table the app hands to the manager: a scene asks for the next one by name
(``app.manager.go("setup", ...)``) and never imports another scene. The game screens come from
the game registry: ``"game"`` opens the scene that :mod:`nimarcade.core.registry` names for the game.
"""
from __future__ import annotations

from typing import Any, Callable

from nimarcade.core import registry

from nimarcade.window.scenes.base import Scene
from nimarcade.window.scenes.confirm import ConfirmScene
from nimarcade.window.scenes.editor import EditorScene
from nimarcade.window.scenes.people_scene import PlayersScene
from nimarcade.window.scenes.pause import PauseScene
from nimarcade.window.scenes.puzzle import PuzzleScene
from nimarcade.window.scenes.result import ResultScene
from nimarcade.window.scenes.records_scene import RecordsScene
from nimarcade.window.scenes.review import ReviewScene
from nimarcade.window.scenes.select import SelectScene
from nimarcade.window.scenes.settings_scene import SettingsScene
from nimarcade.window.scenes.stats_scene import StatsScene
from nimarcade.window.scenes.setup import SetupScene
from nimarcade.window.scenes.title import TitleScene


def open_game(services: Any, config: Any, director: Any = None, match: Any = None) -> Any:
    """The game scene of ``config.game``, as the registry names it; ``match``: a game to go on
    with (resumed, or loaded from a record) instead of a new one. A finished game opened to be
    looked at (no director: not a review's board) opens on its result, which offers its review."""
    if match is not None and match.is_over and director is None:
        return ResultScene(services, match)
    scene_class = registry.load_attr(registry.get(config.game).window.scene)
    scene = scene_class(services, config, director=director)
    if match is not None:
        scene.adopt(match)
    return scene


SCENES: dict[str, Callable[..., Scene]] = {
    "title": TitleScene,
    "select": SelectScene,
    "setup": SetupScene,
    "settings": SettingsScene,
    "pause": PauseScene,
    "result": ResultScene,
    "confirm": ConfirmScene,
    "review": ReviewScene,
    "stats": StatsScene,
    "players": PlayersScene,
    "records": RecordsScene,
    "puzzles": PuzzleScene,
    "editor": EditorScene,
    "game": open_game,
}
