"""What a screen may use of the app, and nothing more: the services object every scene gets.

A scene plays sounds, goes to another scene, says a message, reads and writes the player's files,
asks the computer, reads the settings and starts a game; it never touches the window, the clock,
the display surface, the event loop or the app's own bookkeeping. :class:`Services` names exactly
those parts, so what a scene depends on is written down in one place and a scene can be driven by
a test with any object that offers the same names.

The parts are the app's own objects (the same sound bank, scene manager, stores and workers);
the values that change (the settings, the idle time) are read through, and the actions are the
app's methods.
"""
from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

if TYPE_CHECKING:
    import random
    from pathlib import Path

    from nimarcade.core.match import Match, MatchConfig
    from nimarcade.core.worker import AiController
    from nimarcade.people.profiles import Profiles
    from nimarcade.people.stats import Stats
    from nimarcade.players.catalog import Catalog
    from nimarcade.puzzles.store import PuzzleStore
    from nimarcade.records.autosave import Autosave
    from nimarcade.storage.settings import Settings
    from nimarcade.window.scenes.base import Scene, SceneManager
    from nimarcade.window.ui.sound import SoundBank
    from nimarcade.window.ui.widgets import Toast

T = TypeVar("T")


class Part(Generic[T]):
    """One of the app's objects, read from the app each time it is asked (so a part the app
    replaces, the settings or the messages, is always the current one); a scene cannot replace it."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, services: None, owner: type) -> Part[T]: ...
    @overload
    def __get__(self, services: Services, owner: type) -> T: ...
    def __get__(self, services: Services | None, owner: type) -> Part[T] | T:
        if services is None:
            return self
        value: T = getattr(services._app, self.name)
        return value

    def __set__(self, services: Services, value: T) -> None:
        raise AttributeError(f"a scene does not replace the app's {self.name}")


class Services:
    """The parts of the app a scene uses (see the module's docstring; :data:`PARTS` lists them)."""

    def __init__(self, app: Any) -> None:
        self._app = app

    # feedback: sounds, the next screen, messages
    sounds: Part[SoundBank] = Part("the sound bank (ui.sound.SoundBank)")
    manager: Part[SceneManager] = Part("the scene manager: go, open and pop scenes by name")
    toasts: Part[list[Toast]] = Part("the messages on screen now")

    def notify(self, text: str, kind: str = "info", seconds: float = 3.5) -> None:
        """A message over the screen."""
        self._app.notify(text, kind, seconds)

    def hush(self) -> None:
        """Clear the messages that are not errors."""
        self._app.hush()

    # the player's files
    data_dir: Part[Path | None] = Part("where the player's files go (None: nothing is written)")
    autosave: Part[Autosave] = Part("the games to resume (records.autosave.Autosave)")
    stats: Part[Stats] = Part("the statistics (people.stats.Stats)")
    profiles: Part[Profiles] = Part("the named players (people.profiles.Profiles)")
    puzzle_store: Part[PuzzleStore] = Part("the puzzles made in the editor (puzzles.store.PuzzleStore)")

    def open_record(self, path: str) -> str | None:
        """A saved game opened at its last position, or the problem."""
        result: str | None = self._app.open_record(path)
        return result

    def save_record(self, match: Match) -> Path | None:
        """The game written as a record, or None."""
        result: Path | None = self._app.save_record(match)
        return result

    def resume_game(self, match: Match | None = None) -> Scene | None:
        """The kept game opened again."""
        result: Scene | None = self._app.resume_game(match)
        return result

    # the computer
    ai: Part[AiController] = Part("the worker of the computer's moves (core.worker.AiController)")
    hint_ai: Part[AiController] = Part("the worker of the hints")
    analysis_ai: Part[AiController] = Part("the worker of the analysis overlay")
    review_ai: Part[AiController] = Part("the worker of the review's analysis")
    workers: Part[dict[str, AiController]] = Part("each worker by the kind its results carry")

    # outside players
    catalog: Part[Catalog] = Part("engines.toml's programs (players.catalog.Catalog)")
    player_files: Part[list[str]] = Part("the Python players added in the window")

    def add_player_file(self, path: str) -> bool:
        """A Python player's file added, or False."""
        return bool(self._app.add_player_file(path))

    # settings, the session's choices, chance
    settings: Part[Settings] = Part("the settings in force (storage.settings.Settings)")
    anim_speed: Part[float] = Part("how fast moves are animated")
    prefs: Part[dict[str, Any]] = Part("choices a scene keeps for the session")
    rng: Part[random.Random] = Part("the session's random.Random (its seed replays a session)")
    headless: Part[bool] = Part("no screen and no waiting (tests, screenshots)")

    def update_settings(self, **changes: Any) -> None:
        """Change, apply and save the settings."""
        self._app.update_settings(**changes)

    def toggle_fullscreen(self) -> None:
        """The whole screen, or the window."""
        self._app.toggle_fullscreen()

    @property
    def idle(self) -> float:
        """Seconds since the player's last input (the title screen's attract mode resets it)."""
        idle: float = self._app.idle
        return idle

    @idle.setter
    def idle(self, value: float) -> None:
        self._app.idle = value

    # where to go next
    def start_game(self, config: MatchConfig, director: Any = None) -> Scene:
        """A game scene on a new game."""
        result: Scene = self._app.start_game(config, director)
        return result

    def start_demo(self, only: str | None = None) -> None:
        """The computer plays itself."""
        self._app.start_demo(only)

    def quit(self) -> None:
        """End the program (the game is kept)."""
        self._app.quit()


#: Every part a scene may use: name -> what it is (the objects, then the actions).
PARTS: dict[str, str] = {name: inspect.getdoc(value) or "" for name, value in vars(Services).items()
                         if isinstance(value, (Part, property)) or (inspect.isfunction(value) and not name.startswith("_"))}
