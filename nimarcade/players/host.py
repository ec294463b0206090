"""``python -m nimarcade.players.host FILE.py``: a student's Python player, spoken to over the
protocol like any program (docs/PROTOCOL.md). The game starts it in a sandbox, never imports it.

The file defines a subclass of :class:`nimarcade.players.Player` or a top-level function
``choose_move(state)``. The host builds each position with the game's own rules (the game and its
parameters come as options, the moves in the game's notation), asks the player, and answers
``bestmove``. Whatever the player prints goes to the error output (the protocol's output stays
clean); when it raises, its traceback goes there too, marked as the player's, and the host stops:
the game then gives the player's game to its opponent, with that traceback.

**A player of several modules** (``from outils import grundy``, its module ``outils`` beside it): the
player's own folder comes first on ``sys.path`` (that folder alone), so it imports its own modules.
Its box shows that folder when the game shares it (a class shares each student's own folder).

**The arcade's own solver is not the player's to call.** A player sees the rules and the Player
API: ``nimarcade.players`` (``Player``), ``nimarcade.core.rules`` and ``nimarcade.i18n``, the
packages ``nimarcade``, ``nimarcade.core``, ``nimarcade.games`` and ``nimarcade.games.<id>``, and
each game's ``nimarcade.games.<id>.rules``. Every other module of the package (the registry,
whose ``get("octal").winning_moves(state)`` was a four-line perfect player, each game's spec,
solver and engine, the lab's tables of ``games.takeaway`` and ``games.octal``, the computer's
levels, the judge, the analysis...) is :func:`refused_module`: the host loads what *it* needs
first, then (:class:`Guard`) takes those modules out of ``sys.modules`` (it keeps its own
references; a package's attribute that names one goes too, and the ``nimarcade.games.get...``
door to the registry is shut), and a finder first on ``sys.meta_path`` refuses to import them again
with an ImportError that says the player uses the arcade's own solver.
The refusal is written on the error output as a line of its own (:data:`REFUSED_MARK` and the
module), which the game reads (:mod:`.program`); a player that then fails, as one whose import
failed does, ends the host with :data:`USES_SOLVER`, and its game is lost by forfeit as "uses the
arcade's own solver" (``forfeit.uses_solver``). A player that catches the ImportError and plays
with its own code plays on. The package's own code still imports what it needs (an import whose
nearest caller is a module of the package is let through, and the module is taken out again
before the player's code runs next). Before and after each call into the player's code the
guard looks again: a player that took it off ``sys.meta_path``, or imported one of those modules
without it, ends the host with :data:`USES_SOLVER` too (``players.around_guard``).
:data:`ALLOW_SOLVER_VARIABLE` set to ``1`` (``nimarcade class --allow-solver``) leaves every module
importable.

This is a rule kept inside the player's own interpreter, not a wall: it stops imports (the plain
``import``, ``importlib``, ``__import__``, a cached module), not a player that walks the
interpreter's objects (``gc.get_objects()``, a frame's ``f_back.f_globals``, a module the rules
themselves hold such as the octal rules' ``genus``), nor code compiled under a file name of the
package and run with its globals, nor a player that puts everything back as it found it. The
file's text is checked too, before any game (:func:`nimarcade.players.files.check_python_player`
refuses a file whose imports name these modules, or that names ``sys.meta_path``, the frames or
the garbage collector's objects); what remains is for the teacher who reads the code. The guard lives in :mod:`.guard`. The box (:mod:`.sandbox`) is the wall
around the machine; this guard is about the grade.
"""
from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import inspect
import os
import sys
import threading
import traceback
from pathlib import Path
from typing import Any, Callable, TextIO

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.i18n import N_, tr
from nimarcade.players import Player, protocol
# The import guard (:mod:`.guard`), importable from here as it always was.
from nimarcade.players.guard import (
    REFUSED_MARK as REFUSED_MARK,
    PLAYER_MODULES as PLAYER_MODULES,
    OPEN_PREFIXES as OPEN_PREFIXES,
    PACKAGE_FOLDER as PACKAGE_FOLDER,
    refused_module as refused_module,
    _Kept as _Kept,
    Guard as Guard,
)

#: Exit codes: the file could not be loaded, the player raised an error, its ``choose_move``
#: returned something that is not a move of the game (a text, None), or it closed the host's own
#: input or output (the protocol's: the host can no longer speak).
BAD_FILE, PLAYER_ERROR, NOT_A_MOVE, STREAMS_CLOSED = 3, 4, 5, 6
#: Exit code: the player failed after the box refused it one of the arcade's own modules.
USES_SOLVER = 7
#: The environment variable that carries the player's language to the host (its messages).
LANGUAGE_VARIABLE = "NIMARCADE_LANG"
#: The environment variable that says how many seconds the game waits for the first answer
#: (``uciok``); a player still loading at :data:`LOAD_DUMP_SHARE` of it has where it is written
#: out, so that a loop at import shows where it loops.
START_VARIABLE = "NIMARCADE_START_TIMEOUT"
#: The game the host is started for (set by the game that starts it): only that game's spec is
#: loaded and announced. Without it, every game's.
GAME_VARIABLE = "NIMARCADE_HOST_GAME"
#: Set to ``1``, the player may import every module of the package (``nimarcade class
#: --allow-solver``); otherwise :class:`Guard` refuses it the arcade's own solvers.
ALLOW_SOLVER_VARIABLE = "NIMARCADE_ALLOW_SOLVER"
LOAD_DUMP_SHARE = 0.5
DEFAULT_START_TIMEOUT = 15.0
#: Seconds after its time is up that a player still thinking has where it is written out (before
#: the game ends it: the game waits 0.5 s, then 1 s after ``stop``).
DUMP_AFTER = 0.3


class NotAPlayer(ValueError):
    """The file defines neither a Player subclass nor ``choose_move``."""


HOST_FILE = Path(__file__).resolve()


def load(path: Path) -> tuple[Callable[[], Callable[[Any], Any]], str]:
    """A maker of the player (each call gives a fresh object's ``choose_move``, or the plain
    function) and the player's name; NotAPlayer when the file defines no player."""
    spec = importlib.util.spec_from_file_location(f"player_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise NotAPlayer(tr("players.no_player", file=path.name))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    classes = [obj for obj in vars(module).values() if inspect.isclass(obj) and issubclass(obj, Player)
               and obj is not Player and not inspect.isabstract(obj) and obj.__module__ == module.__name__]
    if classes:
        player_class = classes[0]
        return (lambda: player_class().choose_move), (player_class.name or path.stem)
    function = getattr(module, "choose_move", None)
    if callable(function):
        return (lambda: function), path.stem
    raise NotAPlayer(tr("players.no_player", file=path.name))


def announced_options(game: str | None = None) -> list[protocol.Option]:
    """Game, and every parameter of ``game`` (None: of every registered game), as string options."""
    try:
        specs = [registry.get_one(game)] if game else list(registry.specs())
    except KeyError:                         # not a game of ours: every game's, as without it
        specs = list(registry.specs())
    ids = tuple(spec.id for spec in specs)
    found = {"Game": protocol.Option("Game", "combo", ids[0], vars=ids)}
    for spec in specs:
        for p in spec.params:
            name = protocol.option_name(p.name)
            found.setdefault(name, protocol.Option(name, "string"))
    return list(found.values())


class Host:
    def __init__(self, path: Path, out: TextIO, err: TextIO, game: str | None = None,
                 allow_solver: bool = False) -> None:
        """``allow_solver``: no :class:`Guard` (:data:`ALLOW_SOLVER_VARIABLE`)."""
        self.path, self.out, self.err = path, out, err
        #: the game it was started for (:data:`GAME_VARIABLE`), None: any
        self.game = game
        self.allow_solver = allow_solver
        self.guard: Guard | None = None
        self._specs: dict[str, registry.GameSpec[Any, Any]] = {}
        self._announced: list[protocol.Option] | None = None
        self.options: dict[str, str] = {}
        self.position = protocol.Position(None, ())
        self.choose: Callable[[Any], Any] | None = None
        self.make: Callable[[], Callable[[Any], Any]] | None = None
        self.name = path.stem
        self.games = 0

    def say(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()

    def mine(self, text: str) -> None:
        """A block of the player's own output, marked as such."""
        self.err.write(f"--- {self.path.name} ---\n{text}")
        self.err.flush()

    def run(self, lines: TextIO, start_timeout: float = DEFAULT_START_TIMEOUT) -> int:
        """Load the player, then answer the protocol's commands until ``quit`` or the end of the
        input; the exit code (the module's constants). A player that closed the host's input or
        output (``os.close(1)``) ends it with :data:`STREAMS_CLOSED`, said as its own doing."""
        self.prepare()
        timer = threading.Timer(start_timeout * LOAD_DUMP_SHARE, self.dump_frames,
                                (threading.get_ident(), N_("players.still_loading")))
        timer.daemon = True
        timer.start()
        try:
            self.make, self.name = self._guarded(lambda: load(self.path))
            self.choose = self._guarded(self.make)
        except _PlayerFailed as failed:
            return failed.code
        finally:
            timer.cancel()
        try:
            return self._serve(lines)
        except (OSError, ValueError) as exc:    # EBADF, EPIPE, "I/O operation on closed file"
            if isinstance(exc, ValueError) and "closed file" not in str(exc):
                raise
            self._note(tr("players.closed_streams"))
            return STREAMS_CLOSED

    def prepare(self) -> None:
        """Before the player's file runs: its folder first on ``sys.path`` (it imports its own
        modules); what the host needs loaded (its game's spec, the options it announces), then
        the :class:`Guard`, unless the solver is allowed."""
        folder = str(self.path.parent)
        if sys.path[:1] != [folder]:
            sys.path.insert(0, folder)
        if self.allow_solver:
            return
        self._announced = announced_options(self.game)
        if self.game:
            try:
                self.spec()
            except KeyError:                    # not a game of ours: said when it is asked
                pass
        self.guard = Guard(self.err, self.path.parent)
        self.guard.install()

    def _maker(self) -> Callable[[], Callable[[Any], Any]]:
        """What makes the player's object for a game (:meth:`run` loaded it first)."""
        if self.make is None:
            raise RuntimeError("no player loaded: run() loads it first")
        return self.make

    def _note(self, text: str) -> None:
        """A line on the error output, if it is still there."""
        try:
            self.err.write(text + "\n")
            self.err.flush()
        except (OSError, ValueError):
            pass

    def _serve(self, lines: TextIO) -> int:
        for raw in lines:
            word, words = protocol.split(raw)
            if word == "uci":
                self.say(f"id name {self.name}")
                self.say("id author (a Nim Arcade player)")
                for option in self._announced if self._announced is not None else announced_options(self.game):
                    self.say(protocol.option_command(option))
                self.say("uciok")
            elif word == "isready":
                self.say("readyok")
            elif word == "setoption":
                name, value = protocol.setoption(words)
                self.options[name] = value
            elif word == "ucinewgame":
                self.games += 1
                if self.games > 1:              # a fresh object for each game (the first is new)
                    try:
                        self.choose = self._guarded(self._maker())
                    except _PlayerFailed as failed:
                        return failed.code
            elif word == "position":
                self.position = protocol.parse_position(words, self.spec().protocol.joined)
            elif word == "go":
                try:
                    move = self.best(self._movetime(words))
                except _PlayerFailed as failed:
                    return failed.code
                self.say(f"bestmove {move}")
            elif word == "quit":
                return 0
        return 0

    def spec(self) -> registry.GameSpec[Any, Any]:
        game = self.options.get("Game") or self.game or registry.GAMES[0]
        if game not in self._specs:             # once: the guard keeps the spec's module from imports
            self._specs[game] = registry.get_one(game)
        return self._specs[game]

    def state(self) -> Any:
        spec = self.spec()
        params = dict(spec.defaults())
        for p in spec.params:
            text = self.options.get(protocol.option_name(p.name))
            if text is not None:
                params[p.name] = p.from_text(text)
        from_fen = spec.protocol.from_fen
        if self.position.fen is not None and from_fen is not None:
            state = from_fen(self.position.fen, params)
        else:
            state = spec.new_state(params)
        parse = spec.notation.parse_move
        if self.position.moves and parse is None:
            raise ValueError(f"{spec.id} has no notation (position ... moves)")
        for text in self.position.moves:
            assert parse is not None                # just checked
            state = state.play(parse(state, text))
        return state

    @staticmethod
    def _movetime(words: list[str]) -> float | None:
        try:
            return protocol.parse_go(words).movetime
        except ValueError:
            return None

    def best(self, movetime: float | None = None) -> str:
        """The player's move; past its time (plus :data:`DUMP_AFTER`), where it is thinking (its
        own frames) goes to the error output, so that a loop shows where it loops."""
        spec, state = self.spec(), self.state()
        timer = None
        if movetime is not None:
            timer = threading.Timer(movetime + DUMP_AFTER, self.dump_frames, (threading.get_ident(),))
            timer.daemon = True
            timer.start()
        try:
            choose = self.choose
            if choose is None:
                raise RuntimeError("no player loaded: run() loads it first")
            move = self._guarded(lambda: choose(state))
        finally:
            if timer is not None:
                timer.cancel()
        legal = list(state.legal_moves()) if not state.is_over else []
        if legal and move not in legal and not isinstance(move, type(legal[0])) \
                and not isinstance(legal[0], type(move)):
            # a text ("1:1"), None...: the host knows its type, the game would only see its text
            self.mine(tr("players.not_a_move", type=type(move).__name__, value=repr(move)[:60],
                         example=repr(legal[0])) + "\n")
            raise _PlayerFailed(NOT_A_MOVE)
        try:
            return spec.notation.format_move(move).replace(" ", "")
        except Exception:  # noqa: BLE001 - not a move of this game: the game says so
            return repr(move).replace(" ", "")[:40] or "?"

    def dump_frames(self, thread: int, key: str = N_("players.still_thinking")) -> None:
        """Where the player's code is now, in its own file (the host's frames left out), under
        the message ``key`` (still thinking after its time, still loading)."""
        frame = sys._current_frames().get(thread)
        if frame is None:
            return
        own = [f for f in traceback.extract_stack(frame) if self._own_file(f.filename)]
        if not own:
            return
        lines = self._named("".join(traceback.format_list(own[-8:])))
        try:
            self.mine(tr(key) + "\n" + lines)
        except (OSError, ValueError):       # its error output closed too: nothing to say it on
            pass

    def _guarded(self, call: Callable[[], Any]) -> Any:
        """Run the player's code with its prints sent to the error output; its error ends the host
        with the traceback, marked as the player's."""
        self._check_guard()                     # what the host's own code imported meanwhile, taken out
        keep = sys.stdout
        sys.stdout = self.err
        try:
            result = call()
        except SystemExit as exc:
            self.mine(tr("players.called_exit", code=exc.code) + "\n")
            raise _PlayerFailed(self._failure(PLAYER_ERROR)) from None
        except NotAPlayer as exc:
            self.mine(f"{exc}\n")
            raise _PlayerFailed(self._failure(BAD_FILE)) from None
        except BaseException as exc:  # noqa: BLE001 - the player's error, shown as its own
            self.mine(self._traceback(exc))
            raise _PlayerFailed(self._failure(PLAYER_ERROR if self.make is not None else BAD_FILE)) from None
        finally:
            sys.stdout = keep
        self._check_guard()
        return result

    def _check_guard(self) -> None:
        """The arcade's own modules out of the player's reach again (:meth:`Guard.purge`); a
        player that went around the guard (took it off ``sys.meta_path``, imported a module of
        the arcade without it) ends the host with :data:`USES_SOLVER`."""
        around = self.guard.purge() if self.guard is not None else None
        if around is not None:
            self.mine(tr("players.around_guard", what=around) + "\n")
            raise _PlayerFailed(USES_SOLVER)

    def _failure(self, code: int) -> int:
        """The exit code of a player that failed: :data:`USES_SOLVER` once the guard refused it a
        module (its failure most likely comes of it), else ``code``."""
        return USES_SOLVER if self.guard is not None and self.guard.refused else code

    def _traceback(self, exc: BaseException) -> str:
        """The traceback from the player's file on (the host's own frames left out)."""
        frames = traceback.extract_tb(exc.__traceback__)
        own = [f for f in frames if self._own_file(f.filename)]
        # none of its frames (a syntax error): the error alone says where, with its caret
        # from its first frame on, the guard's own left out (its refusal is the error's line)
        shown_frames = [f for f in frames[frames.index(own[0]):] if Path(f.filename).resolve() != HOST_FILE] if own else []
        shown = traceback.format_list(shown_frames) + traceback.format_exception_only(type(exc), exc)
        return "Traceback (most recent call last):\n" + self._named("".join(shown))

    def _own_file(self, filename: str) -> bool:
        """Whether a frame's file is the player's: its file, or a module of its folder."""
        return Path(filename).resolve().parent == self.path.parent

    def _named(self, text: str) -> str:
        """The player's own files by their names (the student knows where they are)."""
        return text.replace(str(self.path.parent) + os.sep, "")


class _PlayerFailed(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m nimarcade.players.host FILE.py", file=sys.stderr)
        return 2
    language = os.environ.get(LANGUAGE_VARIABLE, "")
    if language in i18n.LANGUAGES:
        i18n.set_language(language)
    try:
        start_timeout = float(os.environ.get(START_VARIABLE, DEFAULT_START_TIMEOUT))
    except ValueError:
        start_timeout = DEFAULT_START_TIMEOUT
    game = os.environ.get(GAME_VARIABLE) or None
    allow = os.environ.get(ALLOW_SOLVER_VARIABLE) == "1"
    code = Host(Path(args[0]).resolve(), sys.stdout, sys.stderr, game, allow).run(sys.stdin, start_timeout)
    if code == STREAMS_CLOSED:              # no flush of a closed stream at exit (its own traceback)
        os._exit(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
