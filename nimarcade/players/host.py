"""``python -m nimarcade.players.host FILE.py``: a student's Python player, spoken to over the
protocol like any program (docs/PROTOCOL.md). The game starts it in a sandbox, never imports it.

The file defines a subclass of :class:`nimarcade.players.Player` or a top-level function
``choose_move(state)``. The host builds each position with the game's own rules (the game and its
parameters come as options, the moves in the game's notation), asks the player, and answers
``bestmove``. Whatever the player prints goes to the error output (the protocol's output stays
clean); when it raises, its traceback goes there too, marked as the player's, and the host stops:
the game then gives the player's game to its opponent, with that traceback.
"""
from __future__ import annotations

import importlib.util
import inspect
import os
import sys
import threading
import traceback
from pathlib import Path
from typing import Any, Callable, TextIO

from nimarcade import i18n
from nimarcade.core import registry as games
from nimarcade.i18n import N_, tr
from nimarcade.players import Player, protocol

#: Exit codes: the file could not be loaded, the player raised an error, its ``choose_move``
#: returned something that is not a move of the game (a text, None), or it closed the host's own
#: input or output (the protocol's: the host can no longer speak).
BAD_FILE, PLAYER_ERROR, NOT_A_MOVE, STREAMS_CLOSED = 3, 4, 5, 6
#: The environment variable that carries the player's language to the host (its messages).
LANGUAGE_VARIABLE = "NIMARCADE_LANG"
#: The environment variable that says how many seconds the game waits for the first answer
#: (``uciok``); a player still loading at :data:`LOAD_DUMP_SHARE` of it has where it is written
#: out, so that a loop at import shows where it loops.
START_VARIABLE = "NIMARCADE_START_TIMEOUT"
#: The game the host is started for (set by the game that starts it): only that game's spec is
#: loaded and announced. Without it, every game's.
GAME_VARIABLE = "NIMARCADE_HOST_GAME"
LOAD_DUMP_SHARE = 0.5
DEFAULT_START_TIMEOUT = 15.0
#: Seconds after its time is up that a player still thinking has where it is written out (before
#: the game ends it: the game waits 0.5 s, then 1 s after ``stop``).
DUMP_AFTER = 0.3


class NotAPlayer(ValueError):
    """The file defines neither a Player subclass nor ``choose_move``."""


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
        specs = [games.get_one(game)] if game else list(games.specs())
    except KeyError:                         # not a game of ours: every game's, as without it
        specs = list(games.specs())
    ids = tuple(spec.id for spec in specs)
    found = {"Game": protocol.Option("Game", "combo", ids[0], vars=ids)}
    for spec in specs:
        for p in spec.params:
            name = protocol.option_name(p.name)
            found.setdefault(name, protocol.Option(name, "string"))
    return list(found.values())


class Host:
    def __init__(self, path: Path, out: TextIO, err: TextIO, game: str | None = None) -> None:
        self.path, self.out, self.err = path, out, err
        #: the game it was started for (:data:`GAME_VARIABLE`), None: any
        self.game = game
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
                for option in announced_options(self.game):
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

    def spec(self) -> games.GameSpec:
        return games.get_one(self.options.get("Game") or self.game or games.GAMES[0])

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
        own = [f for f in traceback.extract_stack(frame) if Path(f.filename).resolve() == self.path]
        if not own:
            return
        lines = "".join(traceback.format_list(own[-8:])).replace(str(self.path), self.path.name)
        try:
            self.mine(tr(key) + "\n" + lines)
        except (OSError, ValueError):       # its error output closed too: nothing to say it on
            pass

    def _guarded(self, call: Callable[[], Any]) -> Any:
        """Run the player's code with its prints sent to the error output; its error ends the host
        with the traceback, marked as the player's."""
        keep = sys.stdout
        sys.stdout = self.err
        try:
            return call()
        except SystemExit as exc:
            self.mine(tr("players.called_exit", code=exc.code) + "\n")
            raise _PlayerFailed(PLAYER_ERROR) from None
        except NotAPlayer as exc:
            self.mine(f"{exc}\n")
            raise _PlayerFailed(BAD_FILE) from None
        except BaseException as exc:  # noqa: BLE001 - the player's error, shown as its own
            self.mine(self._traceback(exc))
            raise _PlayerFailed(PLAYER_ERROR if self.make is not None else BAD_FILE) from None
        finally:
            sys.stdout = keep

    def _traceback(self, exc: BaseException) -> str:
        """The traceback from the player's file on (the host's own frames left out)."""
        frames = traceback.extract_tb(exc.__traceback__)
        own = [f for f in frames if Path(f.filename).resolve() == self.path]
        # none of its frames (a syntax error): the error alone says where, with its caret
        shown_frames = frames[frames.index(own[0]):] if own else []
        shown = traceback.format_list(shown_frames) + traceback.format_exception_only(type(exc), exc)
        # the player's own file by its name (the student knows where it is)
        return "Traceback (most recent call last):\n" + "".join(shown).replace(str(self.path), self.path.name)


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
    code = Host(Path(args[0]).resolve(), sys.stdout, sys.stderr, game).run(sys.stdin, start_timeout)
    if code == STREAMS_CLOSED:              # no flush of a closed stream at exit (its own traceback)
        os._exit(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
