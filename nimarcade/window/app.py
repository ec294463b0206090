"""The window, the main loop and the command line of Nim Arcade.

``main(argv)`` parses the options and runs the game; ``main.py`` only calls it. Everything is drawn
on a 1280×720 logical surface that SDL scales to the (resizable) window, so scenes think in one
coordinate system and mouse positions arrive already in it.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.storage import files as storage
from nimarcade.i18n import N_, error_text, tr
from nimarcade.storage.settings import INSTANT, SettingsStore
from nimarcade.storage.failures import said, write_failed
# The parts the constructor builds (:mod:`.opening`), their names importable from here too.
from nimarcade.window.opening import FIRST_FRAME_ENV as FIRST_FRAME_ENV, FOCUS_CLICK_HINT as FOCUS_CLICK_HINT, AppParts

FPS = 60
HEADLESS_DT = 1.0 / FPS
#: Seconds after the last input during which every frame is drawn (menus pulse, hovers glow)...
LIVELY = 2.0
#: ...after which a still screen is not redrawn at all: the loop sleeps until an event, waking this
#: often (seconds) to run the screens' timers (a toast's end, the demo's countdown).
IDLE_WAKE = 0.1


def build_parser() -> argparse.ArgumentParser:
    from nimarcade.core.args import Parser, add_lang_option

    p = Parser(prog="nimarcade", description=tr("cli.description", games=i18n.number_word(len(registry.variants()))))
    p.add_argument("--game", choices=[v.key for v in registry.variants()], help=tr("cli.game"))
    p.add_argument("--level", metavar=tr("cli.name"), help=tr("cli.level"))
    p.add_argument("--demo", action="store_true", help=tr("cli.demo"))
    add_lang_option(p)
    p.add_argument("--fullscreen", action="store_true", help=tr("cli.fullscreen"))
    p.add_argument("--seed", type=int, help=tr("cli.seed"))
    p.add_argument("--headless", action="store_true", help=tr("cli.headless"))
    p.add_argument("--frames", type=int, metavar="N", help=tr("cli.frames"))
    p.add_argument("--screenshot", metavar=tr("cli.file"), help=tr("cli.screenshot"))
    p.add_argument("--no-save", action="store_true", help=tr("cli.no_save"))
    p.add_argument("--text", action="store_true", help=tr("cli.text"))
    p.add_argument("--load", metavar=tr("cli.file"), help=tr("cli.load"))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; Ctrl+C in the terminal ends it quietly with exit code 0: closing the window
    that way is a player's choice, not a failure (``make play`` says no « Error 130 »). The other
    commands keep 130 for an interrupt (:data:`nimarcade.cli.INTERRUPTED`), as scripts expect."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--text" in argv:          # the terminal version: its own options, and no pygame
        from nimarcade.text import main as text_main

        return text_main([a for a in argv if a != "--text"])
    from nimarcade.core.args import prepare

    args = prepare(argv)
    try:
        return _main(args)
    except KeyboardInterrupt:
        return 0


def _main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.frames is not None and args.frames < 1:
        print(tr("cli.frames_min"), file=sys.stderr)
        return 2
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    store = SettingsStore(None) if (args.no_save or args.headless) else SettingsStore.default()
    data_dir = None if (args.no_save or args.headless) else storage.data_dir()
    app = App(
        headless=args.headless,
        seed=args.seed,
        store=store,
        lang=args.lang or i18n.language(),
        fullscreen=args.fullscreen,
        data_dir=data_dir,
    )
    try:
        problem = app.start(game=args.game, level=args.level, demo=args.demo, load=args.load)
        if problem:
            print(problem, file=sys.stderr)
            return 2
        app.run(max_frames=args.frames)
        if args.screenshot:
            app.save_screenshot(args.screenshot)
    finally:
        app.shutdown()
    return 0


class App(AppParts):
    """Owns pygame, the window, the clock, the scene stack, sounds, settings and the AI."""

    #: Leave pygame initialised (its fonts and cached drawings with it) when an app shuts down, so
    #: that the next app of the same process starts at once: the tests set it, once per process.
    keep_pygame = False

    def __init__(
        self,
        headless: bool = False,
        seed: int | None = None,
        store: SettingsStore | None = None,
        lang: str | None = None,
        fullscreen: bool = False,
        data_dir: Path | None = None,
        sound: bool | None = None,
    ) -> None:
        """``sound``: whether this app may make sound at all (default: unless headless; the player's
        setting still decides)."""
        import pygame

        self.pg = pygame
        self.headless = headless
        self.audio = not headless if sound is None else sound
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        self.rng = random.Random(self.seed)
        self.store = store or SettingsStore(None)
        loaded = self._read_settings(lang, fullscreen)
        self._open_stores(data_dir)
        self._open_display()
        self._start_workers()
        self._open_players()
        self._start_loop_state()
        self._open_scenes()
        self._start_sound()
        self._report_problems(loaded)

    # -- window ----------------------------------------------------------------------------------
    def _lose_window(self) -> None:
        """The window was destroyed from outside: quit at the end of this frame."""
        self.window_lost = True

    def _open_window(self, fullscreen: bool):
        """The window: resizable, first as large as the canvas (or nine tenths of a smaller
        desktop), never smaller than a quarter of it; or the whole screen."""
        pg = self.pg
        from nimarcade.window.ui.theme import SIZE
        from nimarcade.window.ui.viewport import MINIMUM, first_size

        if self.headless:  # no screen to scale to: the canvas is the display
            return pg.display.set_mode(SIZE)
        try:
            if fullscreen:
                return pg.display.set_mode((0, 0), pg.FULLSCREEN)
            window = pg.display.set_mode(first_size(SIZE, (pg.display.get_desktop_sizes() or [None])[0]),
                                         pg.RESIZABLE)
        except pg.error:
            return pg.display.set_mode(SIZE)
        try:
            pg.Window.from_display_module().minimum_size = MINIMUM
        except (AttributeError, pg.error):
            pass                       # an older pygame: the window may shrink further, still scaled
        return window

    def toggle_fullscreen(self) -> None:
        """F11 or the settings: the whole screen, or back to the window as it was."""
        if self.headless:
            return
        pg = self.pg
        going = not self.settings.fullscreen
        try:
            if going:
                self.windowed_size = self.window.get_size()
                self.window = pg.display.set_mode((0, 0), pg.FULLSCREEN)
            else:
                self.window = pg.display.set_mode(self.windowed_size, pg.RESIZABLE)
        except pg.error:
            self.notify(tr("msg.no_fullscreen"), "error")
            return
        self.viewport.fit(self.window.get_size())
        self.update_settings(fullscreen=going)

    # -- settings --------------------------------------------------------------------------------
    def update_settings(self, **changes: Any) -> None:
        self.settings = replace(self.settings, **changes).validated()
        if "language" in changes:
            self.session_language = None
        i18n.set_language(self.session_language or self.settings.language)
        self.sounds.enabled = self.settings.sound and self.audio
        self.sounds.volume = self.settings.volume
        problem = self.store.save(self.settings)
        if problem:
            self.notify(said(problem), "error")

    @property
    def anim_speed(self) -> float:
        """How fast moves are animated; "instant" is a speed so high that every animation and
        pause lasts less than a frame."""
        speed = self.settings.animation_speed
        return 1000.0 if speed == INSTANT else speed

    # -- start -----------------------------------------------------------------------------------
    def start(self, game: str | None = None, level: str | None = None, demo: bool = False,
              load: str | None = None) -> str | None:
        """Open the first scene; returns an error message for a bad --level, level file or record."""
        from nimarcade.core import levels as levels_mod

        if load is not None:
            return self.open_record(load)
        card = registry.find_variant(game) if game is not None else None    # a game, or a menu card
        if demo:
            try:
                self.start_demo(only=card.game if card else None)
            except levels_mod.LevelError as exc:
                return error_text(exc)
            return None
        if card is None and level is None:
            self.manager.go("title")
            return None
        try:
            chosen = levels_mod.find_level(card.game if card else None, level or (card.level if card else None))
        except levels_mod.LevelError as exc:
            return error_text(exc)
        from nimarcade.core.match import MatchConfig

        self.manager.go("title")
        self.start_game(MatchConfig.from_level(chosen))
        return None

    def open_record(self, path: str) -> str | None:
        """Open a saved record at its last position; its message when it cannot be read or
        replayed (then nothing else changes). A record that opens with a warning (it stops before
        the end it announces...) says so over the game. It replaces its card's kept game only
        once it is played on."""
        from nimarcade.core import levels as levels_mod
        from nimarcade.records import record as records
        notes: list[records.RecordWarning] = []
        try:
            match = records.load_file(path, notes)
        except (records.RecordError, levels_mod.LevelError) as exc:
            return error_text(exc)
        if self.manager.top is None:
            self.manager.go("title")
        self.autosave.looked_at(match)
        self.manager.go("game", config=match.config, match=match)
        for note in notes:
            self.notify(error_text(note), "error")
        return None

    def save_record(self, match: Any) -> Path | None:
        """Write ``match``'s record where saved games live, and say where."""
        from nimarcade.records import record as records
        if self.data_dir is None:
            self.notify(tr("rec.no_folder"), "error")
            return None
        try:
            path = records.save_file(match, self.data_dir / "records")
        except OSError as err:
            self.notify(said(write_failed(None, err)), "error")
            return None
        self.notify(tr("rec.saved", file=str(path)), "info", 6.0)
        return path

    def resume_game(self, match: Any = None) -> Any:
        """Go on with a kept game (by default the one kept last), as the file has it now, unless
        another window has it open (its card's lock) or has finished it since."""
        match = match or self.autosave.match
        if match is None:
            return None
        card = match.config.card.key
        if not self.autosave.claim(card):
            self.notify(tr("kept.open_elsewhere"), "error")
            return None
        kept = self.autosave.reread(card)
        if kept is None:
            self.autosave.release(card)
            self.manager.go("title")             # its row goes
            self.notify(tr("kept.finished_elsewhere"), "error")
            return None
        return self.manager.go("game", config=kept.match.config, match=kept.match)

    def start_game(self, config: Any, director: Any = None) -> Any:
        """Open the game screen for ``config`` (a :class:`~nimarcade.core.match.MatchConfig`)."""
        return self.manager.go("game", config=config, director=director)

    def start_demo(self, only: str | None = None) -> None:
        """The computer plays itself across the games (or only ``only``)."""
        from nimarcade.window.scenes.demo import DemoDirector

        DemoDirector(self, only=only).start()

    def add_player_file(self, path: str) -> bool:
        """A Python player's file dropped on the window: offered in every game's setup from now on."""
        file = Path(path)
        if file.suffix != ".py" or not file.is_file():
            self.notify(tr("players.not_python", name=file.name), "error")
            return False
        resolved = str(file.resolve())
        if resolved not in self.player_files:
            self.player_files.append(resolved)
        self.notify(tr("players.added", name=file.stem), "info", 5.0)
        return True

    # -- AI --------------------------------------------------------------------------------------
    def _post_ai(self, kind: str, result: Any) -> None:
        """Called on a worker thread: hand the result to the main loop as an event."""
        pg = self.pg
        try:
            if pg.display.get_init():
                pg.event.post(pg.event.Event(self.AI_EVENT, kind=kind, result=result))
        except pg.error:
            pass  # the window is closing: the result is not needed any more

    # -- messages --------------------------------------------------------------------------------
    def notify(self, text: str, kind: str = "info", seconds: float = 3.5) -> None:
        """Show a message. An error replaces any earlier error and belongs to the current screen:
        it stays until dismissed (click, Esc) or until that screen goes away."""
        from nimarcade.window.ui.widgets import Toast

        if kind == "error":
            owner = self.manager.top
            keep = [t for t in self.toasts if t.kind != "error"]
            self.toasts = keep + [Toast(text, kind, seconds if owner is None else float("inf"), owner)]
            return
        self.hush()                      # one message at a time in the strip: the newest
        self.toasts.append(Toast(text, kind, seconds))

    def hush(self) -> None:
        """The messages other than errors go at once (the screen has something newer to say)."""
        self.toasts = [t for t in self.toasts if t.kind == "error"]

    def error_shown(self):
        return next((t for t in self.toasts if t.kind == "error"), None)

    def _dismiss_error(self, event: Any) -> bool:
        """A click on the error, or Esc, closes it (and does nothing else)."""
        pg = self.pg
        toast = self.error_shown()
        if toast is None:
            return False
        if (event.type == pg.KEYDOWN and event.key == pg.K_ESCAPE) or (
                event.type == pg.MOUSEBUTTONDOWN and toast.rect.collidepoint(event.pos)):
            self.toasts.remove(toast)
            return True
        return False

    # -- loop ------------------------------------------------------------------------------------
    def run(self, max_frames: int | None = None) -> None:
        """The main loop: 60 frames a second while anything moves; on a still screen it draws
        nothing and sleeps until an event (headless: every frame, without waiting)."""
        pg = self.pg
        while self.running and (max_frames is None or self.frame < max_frames):
            if self.headless:
                self.step(HEADLESS_DT)
            elif self.still():
                event = pg.event.wait(round(IDLE_WAKE * 1000))
                woken = [] if event.type == pg.NOEVENT else [event]
                self.step(min(self.clock.tick() / 1000.0, 0.1), woken, draw=bool(woken))
            else:
                self.step(min(self.clock.tick(FPS) / 1000.0, 0.1))

    def still(self) -> bool:
        """Nothing on screen moves or changes by itself: no recent input, no message on screen,
        and the screen on top says it is still (a game: no animation, no computer thinking)."""
        top = self.manager.top
        return (self.lively >= LIVELY and not self.toasts and top is not None and not top.moving())

    def step(self, dt: float = HEADLESS_DT, events: list | None = None, draw: bool = True) -> None:
        """One frame: input (``events`` already taken from the queue, then the queue), update,
        draw (``draw=False``: only if the screen changed, a still screen being woken for its
        timers)."""
        pg = self.pg
        t0 = time.perf_counter()
        for event in [*(events or ()), *pg.event.get()]:
            draw = True
            self.dispatch(event)
            if not self.running:
                return
        if self.window_lost:
            self.quit()
            return
        shown = self.manager.top
        self.update(dt)
        if not draw and self.manager.top is shown and not self.toasts:
            self.frame += 1
            return
        self.draw()
        if not self.headless:
            self.viewport.present(self.screen, self.window)
            pg.display.flip()
        if not self.first_frame_shown:
            self._after_first_frame()
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 4000:
            del self.frame_times[:2000]
        self.frame += 1

    def dispatch(self, event: Any) -> None:
        pg = self.pg
        if not self.headless:
            if event.type in (pg.VIDEORESIZE, pg.WINDOWSIZECHANGED):
                self.window = pg.display.get_surface()
                self.viewport.fit(self.window.get_size())
            event = self.viewport.event(event)      # the mouse on the canvas, whatever the window
        as_keys = self.gamepads.translate(event)
        if as_keys is not None:          # a pad: the keys it stands for, so every scene plays with it
            for key_event in as_keys:
                if key_event.key == pg.K_ESCAPE and getattr(self.manager.top, "name", "") == "title":
                    continue             # B or Start never quits the game
                self.dispatch(key_event)
            return
        if event.type == pg.QUIT:
            self.quit()
            return
        if event.type == pg.DROPFILE:
            self.add_player_file(str(event.file))
        if event.type == self.AI_EVENT:
            if self.workers[event.kind].is_current(event.result.token):
                self.manager.broadcast_ai(event.kind, event.result)
            return
        if event.type in (pg.KEYDOWN, pg.MOUSEBUTTONDOWN, pg.MOUSEMOTION, pg.MOUSEWHEEL, pg.WINDOWEXPOSED,
                          pg.WINDOWRESIZED, pg.WINDOWSIZECHANGED, pg.VIDEORESIZE):
            self.lively = 0.0
        if event.type in (pg.KEYDOWN, pg.MOUSEBUTTONDOWN):
            self.idle = 0.0
            if self._dismiss_error(event):
                return
        if event.type == pg.KEYDOWN:
            if event.key == pg.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pg.K_m and not getattr(self.manager.top, "wants_text", False):
                self.update_settings(sound=not self.settings.sound)
                if self.sounds.enabled and not self.sounds.start():
                    self.notify(tr("msg.no_audio"))          # asked for, but no device to play it on
                else:
                    self.notify(tr(N_("msg.sound_on") if self.settings.sound else N_("msg.sound_off")))
                return
        self.manager.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt
        self.idle += dt
        self.lively += dt
        stack = self.manager.stack
        for t in self.toasts:
            t.seconds -= dt
        self.toasts = [t for t in self.toasts if t.seconds > 0 and (t.owner is None or t.owner in stack)]
        self.manager.update(dt)

    def draw(self) -> None:
        from nimarcade.window.ui.widgets import draw_toasts

        self.manager.draw(self.screen)
        top = self.manager.top
        area = getattr(top, "error_area", None)
        draw_toasts(self.screen, self.toasts, tr("msg.dismiss"), top.open_panel() if top is not None else None,
                    area() if area is not None else None)

    def quit(self) -> None:
        """Stop at the end of this frame; any computer search still running is abandoned."""
        self.running = False
        for worker in self.workers.values():
            worker.cancel()

    def save_screenshot(self, path: str) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.pg.image.save(self.screen, path)

    def shutdown(self) -> None:
        self.gamepads.close()
        for worker in self.workers.values():
            worker.close()
        self.manager.exit_all()
        if App.keep_pygame:
            return
        from nimarcade.window.ui import theme

        theme.reset_caches()
        if self.window_lost and not self.headless:
            # SDL would destroy the vanished window again, and Xlib's handler (restored by SDL
            # by then) would exit with code 1: everything that matters is closed, leave now.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
        self.pg.quit()
