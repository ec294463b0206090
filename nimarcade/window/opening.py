"""The parts of the window's :class:`~nimarcade.window.app.App`, in the order its constructor builds
them (:class:`AppParts`, the base it builds them with): the settings read, the player's files
opened, pygame and the window, the computer's workers (their process started after the first
frame), the outside players, the loop's counters, the scenes and the sound, then one message for
every problem found on the way. :mod:`.app` has the loop, the screens' services and the rest.
"""
from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.i18n import tr
from nimarcade.storage.settings import Settings, SettingsStore


#: A file named here gets one line, ``first-frame <epoch seconds>``, the moment the window's first
#: frame is on screen (``python -m nimarcade.bench start`` reads it: the seconds to the first frame).
FIRST_FRAME_ENV = "NIMARCADE_FIRST_FRAME"

#: SDL's hint: a click that gives the window the focus is delivered to the window as well.
FOCUS_CLICK_HINT = "SDL_MOUSE_FOCUS_CLICKTHROUGH"


class AppParts:
    """What :class:`~nimarcade.window.app.App`'s constructor builds, a part a method (the app
    itself sets ``pg``, ``headless``, ``audio``, ``store`` first, and has the methods named below)."""

    pg: Any
    headless: bool
    audio: bool
    store: SettingsStore

    if TYPE_CHECKING:                       # the app's own, used here
        def _open_window(self, fullscreen: bool) -> Any: ...
        def _lose_window(self) -> None: ...
        def _post_ai(self, kind: str, result: Any) -> None: ...
        def notify(self, text: str, kind: str = "info", seconds: float = 3.5) -> None: ...

    # -- the parts, in the order the constructor builds them --------------------------------------
    def _read_settings(self, lang: str | None, fullscreen: bool) -> Any:
        """The saved settings (``--lang`` and ``--fullscreen`` over them), their language set."""
        loaded = self.store.load()
        self.settings: Settings = loaded.settings
        #: A language played but never saved nor offered in the settings (the pseudo-locale).
        self.session_language = lang if lang and lang not in i18n.languages() else None
        if lang and self.session_language is None:
            self.settings = replace(self.settings, language=lang)
        if fullscreen:
            self.settings = replace(self.settings, fullscreen=True)
        i18n.set_language(self.session_language or self.settings.language)
        return loaded

    def _open_stores(self, data_dir: Path | None) -> None:
        """The player's files under ``data_dir`` (None: nothing is written): the game to resume,
        the statistics, the named players (their puzzle ratings, their recent games) and the
        puzzles made from edited positions."""
        from nimarcade.people.profiles import Profiles
        from nimarcade.people.stats import Stats
        from nimarcade.puzzles.store import PuzzleStore
        from nimarcade.records.autosave import Autosave

        from nimarcade.core import levels

        self.data_dir = data_dir
        levels.set_user_folder(data_dir / "levels" if data_dir is not None else None)   # the lab's saved levels
        self.autosave = Autosave(data_dir)
        self.stats = Stats(data_dir)
        self.profiles = Profiles(data_dir)
        self.puzzle_store = PuzzleStore(data_dir)

    def _open_display(self) -> None:
        """pygame, the window, the 1280×720 canvas every screen draws on (headless: the same),
        the clock, the sounds and the game pads."""
        pygame = self.pg
        from nimarcade.window.ui.gamepad import Gamepads
        from nimarcade.window.ui.sound import SoundBank, quiet_stderr
        from nimarcade.window.ui.theme import SIZE
        from nimarcade.window.ui.viewport import Viewport

        # The click that brings the window to the front is a click too (SDL drops it by default on
        # some systems: the player's first click after the window opened did nothing).
        os.environ.setdefault(FOCUS_CLICK_HINT, "1")
        with quiet_stderr():          # SDL's audio libraries' complaints without a device: not for the terminal
            pygame.init()
        pygame.event.clear()          # nothing left over from an earlier app of this process
        pygame.display.set_caption("Nim Arcade")
        self.AI_EVENT = pygame.event.custom_type()
        self.window = self._open_window(self.settings.fullscreen and not self.headless)
        self.screen = self.window if self.headless else pygame.Surface(SIZE).convert()
        self.viewport = Viewport(SIZE, self.window.get_size())
        self.windowed_size = self.window.get_size()
        self.window_lost = False
        if not self.headless:
            from nimarcade.window.ui import x11

            x11.install(self._lose_window)
        self.clock = pygame.time.Clock()
        self.sounds = SoundBank(enabled=self.settings.sound and self.audio, volume=self.settings.volume)
        self.gamepads = Gamepads()
        self.gamepads.open_all()

    def _start_workers(self) -> None:
        """Four AI workers, each result event saying which one it came from, so that results are
        never taken for one another: the computer's moves, the player's hints, the analysis overlay
        of a game whose engine scores every move (beside pondering and the hint, never in their
        place), and the review's analysis of a whole game, a position at a time (a hint asked
        meanwhile never stops it). What each runs comes from the game's registry entry."""
        from nimarcade.core.worker import AiController

        self.ai = AiController(lambda result: self._post_ai("move", result))
        self.hint_ai = AiController(lambda result: self._post_ai("hint", result))
        self.analysis_ai = AiController(lambda result: self._post_ai("analysis", result))
        self.review_ai = AiController(lambda result: self._post_ai("review", result))
        #: Each worker by the kind its results carry.
        self.workers = {"move": self.ai, "hint": self.hint_ai, "analysis": self.analysis_ai,
                        "review": self.review_ai}
        #: The games' warm-ups (a compiled core), run by any worker process of the computer's moves;
        #: the process itself starts after the first frame (:meth:`_after_first_frame`).
        self.warm_ups = [spec.engine.warm_up for spec in registry.specs() if spec.engine.warm_up is not None]
        self.ai.warm_up(self.warm_ups, start=False)
        #: The first frame is on screen (:meth:`_after_first_frame` has run).
        self.first_frame_shown = False

    def _after_first_frame(self) -> None:
        """Once the first frame is on screen: say so (:data:`FIRST_FRAME_ENV`), then start the
        computer's worker process with the games' warm-ups (a compiled core compiles there, tens
        of seconds with a cold cache). Started only now, so that neither the process's start nor
        a compiler shares the machine's cores with the window's first frame: the window is always
        first, and a game's scene says while its engine is being prepared."""
        self.first_frame_shown = True
        marker = os.environ.get(FIRST_FRAME_ENV)
        if marker:
            try:
                with open(marker, "a", encoding="utf-8") as f:
                    f.write(f"first-frame {time.time():.6f}\n")
            except OSError:
                pass                     # a bench's marker only: the game goes on
        if not self.headless:
            self.ai.warm_up(self.warm_ups)

    def _open_players(self) -> None:
        """Programs from outside: engines.toml's, and the Python players added in the window."""
        from nimarcade.players import catalog

        self.catalog = catalog.load()
        self.player_files: list[str] = []

    def _start_loop_state(self) -> None:
        self.running = True
        self.frame = 0
        self.time = 0.0
        self.idle = 0.0           # seconds since the last player input
        self.lively = 0.0         # seconds since the last input of any kind (the mouse moving too)
        self.frame_times: list[float] = []
        self.toasts: list = []           # ui.widgets.Toast: messages over the screen
        #: choices a scene keeps for the session (Awélé's info line and analysis overlay)
        self.prefs: dict[str, Any] = {}

    def _open_scenes(self) -> None:
        """The scene manager, and the narrow :class:`~nimarcade.window.services.Services` its scenes
        get instead of the whole app."""
        from nimarcade.window.scenes import SCENES
        from nimarcade.window.scenes.base import SceneManager
        from nimarcade.window.services import Services

        self.manager = SceneManager(None, SCENES)
        self.services = Services(self)
        self.manager.services = self.services

    def _start_sound(self) -> None:
        """The audio device opened at once when the sound is on: without one, the window says so
        (once; the terminal says nothing)."""
        if self.sounds.enabled and not self.sounds.start():
            self.notify(tr("msg.no_audio"), seconds=6.0)

    def _report_problems(self, loaded: Any) -> None:
        """Every file set aside (the settings' ``loaded`` among them, :mod:`nimarcade.storage.aside`),
        engines.toml's problems and the player's own levels left out: one message, a line each
        (an error replaces the one before: one each would show only the last)."""
        from nimarcade.storage import aside

        for store in (self.autosave, self.stats, self.profiles, self.puzzle_store):
            store.load()
        said = [tr(problem.key, **problem.params) for problem in self.catalog.problems] + aside.own_levels()
        text = aside.message(aside.take([self.store.path.parent if self.store.path else None, self.data_dir]), said)
        if text:
            self.notify(text, "error", 8.0)
