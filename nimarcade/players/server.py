"""``python -m nimarcade.engine`` (``nimarcade-engine`` once installed): Nim Arcade's computer for
other programs, over the protocol of docs/PROTOCOL.md, for every game of the registry.

Options: ``Game`` (default ``awele``), ``Level`` (1-4, default 3), ``Threads`` (search threads of
the engines that use several, Awélé's; default the cores minus one), and each parameter of the game
under its option name (``Sticks``, ``MaxTake``, ``LastLoses``, ``Heaps``...). For Awélé,
``GrandSlam`` is ``capture_nothing`` by default (Aualé's rule, so Aualé can use this engine as it
is) or ``forbidden`` (seed 002's rule). ``go movetime N`` gives the search N milliseconds, ``go depth
N`` a fixed depth (where the engine has one), ``go infinite`` searches until ``stop``; ``isready``
and ``stop`` are answered at once, and ``info`` lines (depth, score, nodes, pv) come while it
searches. Errors in a command are said on an ``info string`` line; the engine goes on.
"""
from __future__ import annotations

import random
import sys
import threading
import time
from typing import Any, TextIO

from nimarcade.core import registry
from nimarcade.core.computer import default_threads
from nimarcade.core.registry import ParamKind
from nimarcade.i18n import error_text, tr
from nimarcade.players import protocol
from nimarcade.core.rules import RulesError

#: What a parameter's option takes, by its kind (said when a value can't be read).
WANTS = {ParamKind.INT: "a whole number", ParamKind.INT_LIST: "whole numbers separated by spaces",
         ParamKind.BOOL: "true or false", ParamKind.TEXT: "a text"}

NAME = "Nim Arcade"
DEFAULT_LEVEL = 3
#: Score of a proven win (exactly solved games), as ``score cp``.
PROVEN = 10_000
MAX_THREADS = 256


def options_of(spec: registry.GameSpec[Any, Any], params: dict[str, Any]) -> list[protocol.Option]:
    """The options announced: Game, Level, then the parameters of every game (a GUI sets only
    the options a program announced, and may set the game after ``uci``); the defaults shown are
    those of ``spec``, the game it plays now."""
    found = {"Game": protocol.Option("Game", "combo", spec.id, vars=tuple(registry.GAMES)),
             "Level": protocol.Option("Level", "spin", str(DEFAULT_LEVEL), min(registry.AI_LEVELS), max(registry.AI_LEVELS))}
    if any(game.engine.set_threads is not None for game in registry.specs()):
        found["Threads"] = protocol.Option("Threads", "spin", str(default_threads()), 1, MAX_THREADS)
    for game in [spec, *registry.specs()]:
        for p in game.params:
            name = protocol.option_name(p.name)
            if name in found:
                continue
            value = params.get(p.name) if game is spec else p.default
            shown = None if value is None else p.to_text(value)
            if p.kind is ParamKind.INT:
                found[name] = protocol.Option(name, "spin", shown, p.lo, p.hi)
            elif p.kind is ParamKind.BOOL:
                found[name] = protocol.Option(name, "check", shown)
            elif p.kind is ParamKind.CHOICE:
                found[name] = protocol.Option(name, "combo", shown, vars=tuple(map(str, p.choices)))
            else:
                found[name] = protocol.Option(name, "string", shown)
    return list(found.values())


def default_game() -> registry.GameSpec[Any, Any]:
    """The game an engine plays when no option names one: the one whose registry entry says so
    (Awélé: Aualé starts its engines without a Game option), else the first."""
    return next((s for s in registry.specs() if s.protocol.engine_default), registry.specs()[0])


def engine_params(spec: registry.GameSpec[Any, Any]) -> dict[str, Any]:
    """The parameters the engine starts with: the game's first level, then the engine's own
    defaults (Awélé: Aualé's grand slam rule)."""
    from nimarcade.core import levels

    first = levels.load(spec.id)[0]
    return {**spec.defaults(), **first.params, **spec.protocol.engine_params}


class Engine:
    def __init__(self, out: TextIO, rng: random.Random | None = None) -> None:
        self.out = out
        self.rng = rng or random.Random()
        self.lock = threading.Lock()
        self.spec = default_game()
        self.params = engine_params(self.spec)
        self.level = DEFAULT_LEVEL
        self.position = protocol.Position(None, ())
        #: options of other games' parameters, set before their game (applied when it is chosen)
        self.pending: dict[str, str] = {}
        self.search: threading.Thread | None = None
        self.cancel = threading.Event()

    def say(self, line: str) -> None:
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    def complain(self, what: str) -> None:
        self.say(f"info string error: {what}")

    # -- commands --------------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """One command; False after ``quit``."""
        word, words = protocol.split(line)
        try:
            if word == "uci":
                self.identify()
            elif word == "isready":
                self.say("readyok")
            elif word == "setoption":
                self.set_option(*protocol.setoption(words))
            elif word == "ucinewgame":
                self.stop()
                self.position = protocol.Position(None, ())
            elif word == "position":
                self.position = protocol.parse_position(words, self.spec.protocol.joined)
                self.state()                        # checked now: a bad position is said at once
            elif word == "go":
                self.go(protocol.parse_go(words))
            elif word == "stop":
                self.stop()
            elif word == "quit":
                self.stop()
                return False
            elif word and word not in ("debug", "ponderhit"):
                self.complain(f"unknown command {word}")
        except (ValueError, RulesError) as exc:
            self.complain(f"{line.strip()}: {error_text(exc, 'en')}")
            if word == "go":
                self.say("bestmove 0000")          # every go is answered, even a refused one
        return True

    def identify(self) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            shown = version("nimarcade")
        except PackageNotFoundError:
            shown = "dev"
        self.say(f"id name {NAME} {shown}")
        self.say(f"id author {NAME}")
        for spec in registry.specs():   # a compiled core loads in the background meanwhile
            if spec.engine.warm_up is not None:
                spec.engine.warm_up(lambda _state: None)
        for option in options_of(self.spec, self.params):
            self.say(protocol.option_command(option))
        self.say("uciok")

    def set_option(self, name: str, value: str) -> None:
        if name == "Game":
            if value not in registry.REGISTRY:
                raise ValueError(f"no such game (the games: {', '.join(registry.GAMES)})")
            self.stop()             # a search under way answers its go in its own game first
            self.spec = registry.get(value)
            self.params = engine_params(self.spec)
            self.position = protocol.Position(None, ())
            for name in list(self.pending):
                if any(protocol.option_name(p.name) == name for p in self.spec.params):
                    self.set_option(name, self.pending.pop(name))
            return
        if name == "Threads":
            threads = int(value) if value.strip().isdigit() else 0
            if not 1 <= threads <= MAX_THREADS:
                raise ValueError(f"Threads is a whole number from 1 to {MAX_THREADS}")
            for spec in registry.specs():
                if spec.engine.set_threads is not None:
                    spec.engine.set_threads(threads)
            return
        if name == "Level":
            level = int(value) if value.strip().isdigit() else 0
            if level not in registry.AI_LEVELS:
                raise ValueError(f"Level is a whole number from {min(registry.AI_LEVELS)} to {max(registry.AI_LEVELS)}")
            self.level = level
            return
        for p in self.spec.params:
            if protocol.option_name(p.name) == name:
                try:
                    read = p.from_text(value)
                except ValueError:
                    wants = (f"one of {', '.join(map(str, p.choices))}" if p.kind is ParamKind.CHOICE
                             else WANTS.get(p.kind, "another value"))
                    raise ValueError(f"{name} takes {wants}") from None
                changed = {**self.params, p.name: read}
                problem = self.spec.check_params(changed)
                if problem:
                    key, params = problem[1]
                    raise ValueError(f"{name}: {tr(key, 'en', **params)}")
                self.params = changed
                return
        if not any(protocol.option_name(p.name) == name for spec in registry.specs() for p in spec.params):
            raise ValueError("no such option")
        # another game's parameter: kept for when that game is chosen (``Game`` may come later)
        self.pending[name] = value

    def state(self) -> Any:
        spec, position = self.spec, self.position
        if position.fen is not None:
            from_fen = spec.protocol.from_fen
            if from_fen is None:
                raise ValueError(f"{spec.id} has no diagrams (position startpos ...)")
            state = from_fen(position.fen, self.params)
        else:
            state = spec.new_state(self.params)
        parse = spec.notation.parse_move
        if position.moves and parse is None:
            raise ValueError(f"{spec.id} has no notation (position ... moves)")
        for text in position.moves:
            assert parse is not None                # just checked
            state = state.play(parse(state, text))
        return state

    # -- searching -------------------------------------------------------------------------------
    def go(self, go: protocol.Go) -> None:
        self.stop()
        state = self.state()
        if state.is_over:
            self.say("bestmove 0000")
            return
        self.cancel = threading.Event()
        limit = None if go.infinite else (go.movetime if go.movetime is not None else self.spec.time_for(self.level))
        chooser = self.spec.engine.chooser
        if go.depth is not None and self.spec.engine.arena_player is not None:
            chooser = self.spec.engine.arena_player(self.level, {"depth": str(go.depth)})
        self.search = threading.Thread(target=self._search,
                                       args=(self.spec, chooser, state, limit, self.cancel, go.infinite), daemon=True)
        self.search.start()

    def _search(self, spec: registry.GameSpec[Any, Any], chooser: Any, state: Any, limit: float | None,
                cancel: threading.Event, infinite: bool = False) -> None:
        """Search ``state`` of ``spec`` (the game of the ``go``, whatever options come meanwhile)
        and answer ``bestmove``: always, even when the search or its report fails (every ``go``
        is answered, docs/PROTOCOL.md)."""
        answer = "0000"
        try:
            info: dict[str, Any] = {}
            done = threading.Event()
            reporter = threading.Thread(target=self._report, args=(spec, info, state, done), daemon=True)
            reporter.start()
            start = time.perf_counter()
            try:
                move = chooser(state, self.level, self.rng, limit, cancel=cancel, info=info)
            except Exception as exc:  # noqa: BLE001 - say it, and still answer with a legal move
                self.complain(f"search failed: {exc!r}")
                move = state.legal_moves()[0]
            done.set()
            reporter.join()
            answer = spec.notation.format_move(move)
            if not info.get("depth") and spec.best_move is not None:
                won = spec.best_move(state) is not None
                self.say(protocol.info_command(depth=1, score=PROVEN if won else -PROVEN,
                                               time_ms=round((time.perf_counter() - start) * 1000),
                                               pv=[answer], joined=spec.protocol.joined))
        except Exception as exc:  # noqa: BLE001 - the go is still answered
            self.complain(f"search failed: {exc!r}")
        finally:
            if infinite:
                cancel.wait()          # "go infinite": the answer waits for "stop", as UCI asks
            self.say(f"bestmove {answer}")

    def _report(self, spec: registry.GameSpec[Any, Any], info: dict[str, Any], state: Any, done: threading.Event) -> None:
        """An ``info`` line each time the search finishes a depth."""
        start = time.perf_counter()
        shown = None
        while True:
            finished = done.wait(0.05)
            depth = info.get("depth")
            if depth and (depth, info.get("score")) != shown:
                shown = (depth, info.get("score"))
                elapsed = time.perf_counter() - start
                nodes = info.get("nodes")
                self.say(protocol.info_command(
                    depth=depth, score=info.get("score"), nodes=nodes,
                    nps=round(nodes / elapsed) if nodes and elapsed > 0 else None, time_ms=round(elapsed * 1000),
                    pv=self._pv(spec, state, info.get("pv") or ()), joined=spec.protocol.joined))
            if finished:
                return

    def _pv(self, spec: registry.GameSpec[Any, Any], state: Any, line: Any) -> list[str]:
        """The expected line in notation, as far as it is legal from ``state``."""
        out = []
        for move in line:
            try:
                state.check(move)
            except (RulesError, TypeError):
                break
            out.append(spec.notation.format_move(move))
            state = state.play(move)
        return out

    def stop(self) -> None:
        """Stop a search under way: it answers ``bestmove`` with its best move so far."""
        search = self.search
        if search is not None and search.is_alive():
            self.cancel.set()
            search.join()
        self.search = None

    def run(self, lines: TextIO) -> int:
        for line in lines:
            if not self.handle(line):
                break
        self.stop()
        return 0


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(line_buffering=True, errors="replace")  # type: ignore[union-attr]  # any TextIO: see below
        except (AttributeError, ValueError):
            pass
    args = list(sys.argv[1:] if argv is None else argv)
    if args:          # the engine takes its options over the protocol: the line has only --help, --lang
        from nimarcade.core.args import Parser, add_lang_option, prepare

        prepare(args)
        parser = Parser(prog="nimarcade engine", description=tr("engine.description"))
        add_lang_option(parser)
        parser.parse_args(args)       # --help: said, exit 0; anything else: a usage error, exit 2
    try:
        return Engine(sys.stdout).run(sys.stdin)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
