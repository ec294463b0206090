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

from typing import Any

#: Every part a scene may use: name -> what it is. Each is read from the app when asked, so a part
#: the app replaces (the settings, the messages, a test's data folder) is always the current one.
PARTS: dict[str, str] = {
    # feedback: sounds, the next screen, messages
    "sounds": "the sound bank (ui.sound.SoundBank)",
    "manager": "the scene manager: go, open and pop scenes by name",
    "notify": "notify(text, kind, seconds): a message over the screen",
    "hush": "hush(): clear the messages that are not errors",
    "toasts": "the messages on screen now",
    # the player's files
    "data_dir": "where the player's files go (None: nothing is written)",
    "autosave": "the games to resume (records.autosave.Autosave)",
    "stats": "the statistics (people.stats.Stats)",
    "profiles": "the named players (people.profiles.Profiles)",
    "puzzle_store": "the puzzles made in the editor (puzzles.store.PuzzleStore)",
    "open_record": "open_record(path): a saved game opened at its last position, or the problem",
    "save_record": "save_record(match): the game written as a record, or None",
    "resume_game": "resume_game(match=None): the kept game opened again",
    # the computer
    "ai": "the worker of the computer's moves (core.worker.AiController)",
    "hint_ai": "the worker of the hints",
    "analysis_ai": "the worker of the analysis overlay",
    "review_ai": "the worker of the review's analysis",
    "workers": "each worker by the kind its results carry",
    # outside players
    "catalog": "engines.toml's programs (players.catalog.Catalog)",
    "player_files": "the Python players added in the window",
    "add_player_file": "add_player_file(path): a Python player's file added, or False",
    # settings, the session's choices, chance
    "settings": "the settings in force (storage.settings.Settings)",
    "update_settings": "update_settings(**changes): change, apply and save the settings",
    "toggle_fullscreen": "toggle_fullscreen(): the whole screen, or the window",
    "anim_speed": "how fast moves are animated",
    "prefs": "choices a scene keeps for the session",
    "rng": "the session's random.Random (its seed replays a session)",
    "headless": "no screen and no waiting (tests, screenshots)",
    # where to go next
    "start_game": "start_game(config, director=None): a game scene on a new game",
    "start_demo": "start_demo(only=None): the computer plays itself",
    "quit": "quit(): end the program (the game is kept)",
}


def _part(name: str, doc: str) -> property:
    return property(lambda self: getattr(self._app, name), doc=doc)


class Services:
    """The parts of the app a scene uses (see the module's docstring and :data:`PARTS`)."""

    def __init__(self, app: Any) -> None:
        self._app = app

    @property
    def idle(self) -> float:
        """Seconds since the player's last input (the title screen's attract mode resets it)."""
        return self._app.idle

    @idle.setter
    def idle(self, value: float) -> None:
        self._app.idle = value


for _name, _doc in PARTS.items():
    setattr(Services, _name, _part(_name, _doc))
