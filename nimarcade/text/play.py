"""One game in the terminal, as seed 003's sample session: the board after every move, numbered
choices (or a move typed in the game's notation), the computer's moves announced in a line.

Generic: everything a game shows comes from its registry entry (:class:`~nimarcade.core.registry.TextSpec`),
with fallbacks for a game that describes nothing (a numbered list of its legal moves). Turns, undo,
the computer and the hint go through the same :class:`~nimarcade.core.turns.TurnController` as in the
window; the terminal waits for each answer of the computer (on a thread, so that Ctrl+C stops it).
"""
from __future__ import annotations

import queue
import random
from typing import Any, Callable

from nimarcade.core.worker import AiController
from nimarcade.core.registry import GameSpec
from nimarcade.i18n import N_, error_text, tr
from nimarcade.core.rules import RulesError
from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.rules.textual import Choice, Row, Stage
from nimarcade.core.match import Match
from nimarcade.core.turns import HINT, MOVE, TurnController
from nimarcade.players.catalog import start_program

from nimarcade.text.console import Console

QUIT = object()   # the player typed q
UNDONE = object()  # the player took moves back


def _deliver(answers: queue.Queue[tuple[str, Any]], kind: str) -> Callable[[Any], None]:
    """A worker's delivery: its result, marked with its kind, into the terminal's answers."""
    return lambda result: answers.put((kind, result))


def translate(row: Row, extra: dict[str, Any]) -> str:
    params = {k: translate(v, extra) if isinstance(v, Row) else v for k, v in row.params.items()}
    return tr(row.key, **{**extra, **params}) if row.key else ""


def render_rows(rows: list[Row], names: dict[str, str]) -> list[str]:
    """Rows as lines; the labels of rows that carry cells padded to one width (a table)."""
    labels = [translate(r, names) for r in rows]
    width = max((len(label) for label, r in zip(labels, rows) if r.cells and label), default=0)
    return [(label.ljust(width) + " " + r.cells if width else r.cells) if r.cells else label
            for label, r in zip(labels, rows)]


def stage_line(stage: Stage, params: dict[str, Any]) -> str:
    """« choisir un pion 1:(1,1) 2:(2,1) »; answers that mean themselves, as « 1 2 3 » or « 1-7 »."""
    question = tr(stage.prompt, **{**params, **stage.params})
    if any(c.label for c in stage.choices):
        return question + " " + " ".join(f"{c.key}:{c.label}" for c in stage.choices)
    keys = [c.key for c in stage.choices]
    numbers = [int(k) for k in keys] if all(k.isdigit() for k in keys) else []
    if len(numbers) >= 3 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{question} {numbers[0]}-{numbers[-1]}"
    return question + " " + " ".join(keys)


def first_stage(spec: GameSpec, state: Any) -> Stage:
    """The game's first question; by default, a numbered list of every legal move in notation."""
    if spec.text.stages is not None:
        return spec.text.stages(state)
    return Stage(N_("text.choose_move"), tuple(
        Choice(str(i), spec.notation.format_move(m), m) for i, m in enumerate(state.legal_moves(), 1)))


class TextGame:
    """Plays ``match`` to its end (or until the player quits): :meth:`run`."""

    def __init__(self, con: Console, spec: GameSpec, match: Match, rng: random.Random, seed: int) -> None:
        self.con, self.spec, self.rng, self.seed = con, spec, rng, seed
        #: the workers' answers, by kind, as they come (the terminal waits for them)
        self.answers: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.workers = {kind: AiController(_deliver(self.answers, kind),
                                           switch_interval=0.0, use_process=False) for kind in (MOVE, HINT)}
        self.turns = TurnController(spec, match.config, rng, self.workers[MOVE], self.workers[HINT], match=match,
                                    start_program=start_program)
        self.show_table = False
        names = [p.name for p in match.players]
        self.names = {"p0": names[0], "p1": names[1]}
        self.humans = sum(p.is_human for p in match.players)
        self.computers = 2 - self.humans
        #: notes already true at the start are no news (« plus qu'une seule reine » with one queen)
        self.known_notes = {note.key for note in first_stage(spec, match.states[0]).notes}

    @property
    def match(self) -> Match:
        return self.turns.match

    # -- drawing ---------------------------------------------------------------------------------
    def rows(self, rows: list[Row]) -> None:
        for line in render_rows(rows, self.names):
            self.con.say(line, indent="  ")

    def show_board(self) -> None:
        state = self.match.state
        if self.spec.text.board is not None:
            self.con.board(self.spec.text.board(state, self.con.ascii))
        if self.show_table and self.spec.text.table is not None:
            self.rows(self.spec.text.table(state))

    def move_text(self, move: Any) -> str:
        return (self.spec.text.move or self.spec.notation.format_move)(move)

    def start(self) -> None:
        con, state = self.con, self.match.state
        con.say()
        con.say(tr("text.go"), "title")
        con.say("-" * len(tr("text.go")))
        key, params = self.spec.rule(state)
        con.say(tr(key, **params), indent="  ")
        shown = [p.name if p.is_human or p.program else
                 tr("text.with_level", name=p.name, level=p.level, label=tr(f"ai.level{p.level}"))
                 for p in self.match.players]
        con.say(tr("text.versus", a=shown[0], b=shown[1]) + " " + tr("text.starts", name=self.names["p0"]))
        if self.spec.text.legend is not None:
            self.rows(self.spec.text.legend(state))
        if self.humans:
            con.say(tr("text.keys"), "note")
        self.show_board()

    # -- the game --------------------------------------------------------------------------------
    def run(self) -> Outcome | None:
        """The outcome, or None when the player quits."""
        self.start()
        try:
            while not self.match.is_over:
                self.con.say()
                player = self.match.current
                if player.is_human:
                    move = self.human_move()
                    if move is QUIT:
                        self.con.say(tr("text.quit"))
                        return None
                    if move is UNDONE:
                        self.show_board()
                        continue
                else:
                    move = self.computer_move()
                    if self.match.forfeited is not None:
                        break                # the program gave the game up: said in the result
                    who = (tr("text.computer_plays") if self.computers == 1 and not player.program
                           else tr("text.plays", name=player.name))
                    self.con.say(f"{who} {self.move_text(move)}", "computer")
                self.turns.play(move)
                self.show_board()
        finally:
            self.turns.cancel()
            self.turns.close()
        return self.match.outcome

    # -- the computer ----------------------------------------------------------------------------
    def wait(self, kind: str, label: str) -> Any:
        """Wait for the answer of the request of ``kind`` under way, while a line says so (with the
        depth an engine has reached); Ctrl+C cancels it. Returns what the controller accepted."""
        worker = self.workers[kind]
        self.con.transient(label)
        try:
            shown = None
            while True:
                try:
                    got, result = self.answers.get(timeout=0.1)
                except queue.Empty:
                    depth = worker.progress.get("depth")
                    if depth and depth != shown:
                        shown = depth
                        self.con.transient(f"{label} (" + tr("text.depth", depth=shown) + ")")
                    if not worker.busy and self.answers.empty():
                        return None          # the request was dropped (never delivered)
                    continue
                accepted = self.turns.accept(got, result)
                if accepted is not None and accepted.kind == kind:
                    return accepted.value
        except KeyboardInterrupt:
            self.turns.cancel()
            worker.join(2.0)
            raise
        finally:
            self.con.clear_transient()

    def computer_move(self) -> Any:
        """The computer's move, asked through the turn controller; as the window does, a failed
        search is said and replaced by a legal move. None when a program gave the game up."""
        self.turns.ai_error = ""
        if self.turns.request_move():
            self.wait(MOVE, tr("hud.thinking") + "…")
        if self.match.forfeited is not None:
            return None
        if self.turns.ai_move is None:      # nothing came back: play on with a legal move
            self.turns.ai_error = "no move"
            self.turns.ai_move = self.match.state.legal_moves()[0]
        if self.turns.ai_error:
            self.con.say(tr("msg.ai_error"), "error")
        return self.turns.take_ai_move()

    # -- the player ------------------------------------------------------------------------------
    def human_move(self) -> Any:
        con = self.con
        stage = first_stage(self.spec, self.match.state)
        for note in stage.notes:
            if note.key not in self.known_notes:
                con.say("! " + translate(note, self.names))
        name = self.match.current.name
        con.say(tr("text.your_turn") if self.humans == 1 else tr("text.your_turn_named", name=name), "title")
        if len(self.match.state.legal_moves()) == 1:      # nothing to choose: say it and play it
            move = self.match.state.legal_moves()[0]
            con.say(tr("text.only_move", move=self.move_text(move)), indent="  ")
            return move
        back: list[Stage] = []
        while True:
            while len(stage.choices) == 1 and isinstance(stage.choices[0].then, Stage):
                stage = stage.choices[0].then       # one pawn, one heap: nothing to choose
            if back and len(stage.choices) == 1:
                return stage.choices[0].then        # the answer before chose the move: no question
            con.say(stage_line(stage, self.names), indent="  ")
            while True:
                answer = con.ask("---> ").strip()
                command = answer.lower()
                if command == "q":
                    return QUIT
                if command == "u":
                    if back:
                        stage = back.pop()
                        break
                    if self.turns.undo():
                        con.say(tr("msg.undone"))
                        return UNDONE
                    con.error(tr("msg.nothing_to_undo"))
                    continue
                if command in ("?", "h", "t"):
                    {"?": self.help, "h": self.hint, "t": self.table}[command]()
                    break
                choice = next((c for c in stage.choices if c.key == answer), None)
                if choice is not None:
                    if isinstance(choice.then, Stage):
                        back.append(stage)
                        stage = choice.then
                        break
                    return choice.then
                move = self.typed_move(answer, stage, first=not back)
                if move is not None:
                    return move

    def typed_move(self, answer: str, stage: Stage, first: bool = True) -> Any:
        """A move in the game's notation, or None after saying why not. A bare number after the first
        question answers that question, never reads as a move (« 9 » at « combien d'allumettes à
        partir de la case 2 ? » is not cell 9)."""
        parse = self.spec.notation.parse_move
        if answer and parse is not None and (first or not answer.isdigit()):
            try:
                return parse(self.match.state, answer)
            except RulesError as err:
                if err.key != N_("err.bad_notation"):
                    self.con.error(error_text(err))
                    return None
        keys = [c.key for c in stage.choices]
        listed = ", ".join(keys) if len(keys) <= 8 else f"{keys[0]} … {keys[-1]}"
        self.con.error(tr("text.want_choice", keys=listed))
        return None

    # -- commands --------------------------------------------------------------------------------
    def help(self) -> None:
        con, state = self.con, self.match.state
        key, params = self.spec.rule(state)
        con.say(tr(key, **params), indent="  ")
        if self.spec.text.legend is not None:
            self.rows(self.spec.text.legend(state))
        con.say(tr("text.help_choices"), indent="  ")
        if self.spec.notation.parse_move is not None:
            example = self.spec.notation.format_move(state.legal_moves()[0])
            con.say(tr("text.help_notation", example=example), indent="  ")
        con.say(tr(N_("text.help_keys") if self.spec.text.table is not None else N_("text.help_keys_no_table")),
                indent="  ")

    def hint(self) -> None:
        spec, state = self.spec, self.match.state
        self.turns.request_hint(random.Random(self.seed * 7919 + len(self.match.moves)))
        hint = self.wait(HINT, tr("hud.hint_thinking"))
        if hint is None:                     # the hint failed: no hint is better than a crash
            self.con.error(tr("text.no_hint"))
            return
        if spec.text.explain is not None:
            self.rows(spec.text.explain(state, hint))
        elif hint.lost or not hint.moves:
            self.con.say(tr("text.hint_lost"), indent="  ")
        if hint.moves and not hint.lost:
            self.con.say(tr("text.hint_move", move=self.move_text(hint.moves[0])), indent="  ")

    def table(self) -> None:
        if self.spec.text.table is None:
            self.con.error(tr("text.no_table"))
            return
        self.show_table = not self.show_table
        if self.show_table:
            self.rows(self.spec.text.table(self.match.state))
        else:
            self.con.say(tr("text.table_off"))
