"""A game of this test's own, registered as any game can be, and played to its end through
everything generic: the turn controller (with the computer and the hint), the text mode with its
input piped, and the registry's checks over every game. No file outside this one knows it.

The game: one pile of counters; a player takes 1, 3 or 4 of them (a subtraction game); whoever
takes the last one wins. The positions lost for the player to move are those with n ≡ 0 or 2
(mod 7): from them every move leaves 1, 3, 4, 5 or 6 (mod 7), and from any other a move leaves
0 or 2 (mod 7).
"""
from __future__ import annotations

import io
import random
from dataclasses import dataclass
from typing import Any

import pytest

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.worker import AiController
from nimarcade.core.rules import GameOver, IllegalMove, InvalidSetup
from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.core.turns import HINT, MOVE, TurnController

from tests.catalogue_view import compiled
from tests.core.test_registry import brute_force_wins, check_all

TAKES = (1, 3, 4)


@dataclass(frozen=True)
class PileState:
    counters: int
    to_move: int = 0

    @property
    def is_over(self) -> bool:
        return self.counters == 0

    @property
    def winner(self) -> int | None:
        return 1 - self.to_move if self.is_over else None     # the one who took the last counter

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(self.winner, "end.subtract.took_last") if self.is_over else None

    def legal_moves(self) -> list[int]:
        return [k for k in TAKES if k <= self.counters]

    def check(self, move: Any) -> None:
        if self.is_over:
            raise GameOver("err.game_over")
        if move not in self.legal_moves():
            raise IllegalMove("err.subtract.take", n=move)

    def play(self, move: int) -> "PileState":
        self.check(move)
        return PileState(self.counters - move, 1 - self.to_move)

    def random_move(self, rng: random.Random) -> int:
        return rng.choice(self.legal_moves())


def winning_moves(state: PileState) -> list[int]:
    """Leave a multiple of 7, or 2 more than one."""
    return [k for k in state.legal_moves() if (state.counters - k) % 7 in (0, 2)]


def text_board(state: PileState, ascii: bool = False) -> list[str]:
    """The pile, a counter a mark, then its count (the text mode and the window's generic scene)."""
    return [("o" if ascii else "●") * state.counters + f"  ({state.counters})"]


def read_position(text: str, params: Any) -> PileState:
    """The counters left: ``12``; a text that is no number says what was expected."""
    if not text.strip().isdigit():
        raise InvalidSetup("err.subtract.position", text=text[:40])
    return PileState(int(text))


def parse_move(state: PileState, text: str) -> int:
    if not text.strip().isdigit():
        raise IllegalMove("err.bad_notation", text=text)
    move = int(text)
    state.check(move)
    return move


LEVELS = """
game = "subtract"

[[level]]
id = "small"
name = { fr = "Petite pile (9)", en = "Small pile (9)" }
counters = 9
opponent = 4
first = "human"

[[level]]
id = "big"
name = { fr = "Grande pile (30)", en = "Big pile (30)" }
counters = 30
"""

TEXT = {
    "game.subtract": {"fr": "Soustraction {1, 3, 4}", "en": "Subtraction {1, 3, 4}"},
    "rule.subtract": {"fr": "Prends 1, 3 ou 4 jetons ; qui prend le dernier gagne.",
                      "en": "Take 1, 3 or 4 counters; whoever takes the last one wins."},
    "subtract.rule": {"fr": "Prends 1, 3 ou 4 jetons ; qui prend le dernier gagne.",
                      "en": "Take 1, 3 or 4 counters; whoever takes the last one wins."},
    "subtract.counters": {"fr": "Jetons", "en": "Counters"},
    "end.subtract.took_last": {"fr": "{winner} a pris le dernier jeton", "en": "{winner} took the last counter"},
    "err.subtract.take": {"fr": "On prend 1, 3 ou 4 jetons, pas {n}.", "en": "Take 1, 3 or 4 counters, not {n}."},
    "err.subtract.position": {"fr": "position illisible : « {text} » ; il faut un nombre de jetons",
                              "en": "unreadable position: \u201c{text}\u201d; it takes a number of counters"},
}


@pytest.fixture(scope="module")
def spec(tmp_path_factory):
    """The game, registered for this module's tests, with its level file and its text."""
    level_file = tmp_path_factory.mktemp("subtract") / "subtract.toml"
    level_file.write_text(LEVELS, encoding="utf-8")
    made = registry.GameSpec(
        id="subtract",
        state_type=PileState,
        factory=lambda p, first: PileState(p["counters"], first),
        params=(registry.Param("counters", registry.ParamKind.INT, None, 1, 60, required=True,
                            label="subtract.counters"),),
        rule=lambda s: ("subtract.rule", {}),
        variants=(registry.Variant("subtract", "subtract"),),
        winning_moves=winning_moves,
        notation=registry.NotationSpec(parse_move=parse_move),
        text=registry.TextSpec(board=text_board),
        position=registry.PositionSpec(lambda s: str(s.counters), read_position),
        level_file=level_file,
        largest_level="big",
    )
    for lang in i18n.LANGUAGES:                  # its text, as its own lines of the catalogues would be
        i18n.extend(lang, compiled({key: entry[lang] for key, entry in TEXT.items()}, lang))
    registry.register(made)
    try:
        yield made
    finally:
        registry.unregister(made.id)
        for lang in i18n.LANGUAGES:
            i18n.forget(lang)


def test_it_is_registered_beside_the_others(spec) -> None:
    assert registry.get("subtract") is spec and registry.GAMES[-1] == "subtract"
    assert registry.find_variant("subtract").game == "subtract" and registry.spec_of(PileState(5)) is spec
    assert [lv.id for lv in levels.load("subtract")] == ["small", "big"]
    with pytest.raises(ValueError):
        registry.register(spec)                       # one game per id


def test_the_registry_checks_every_game_runs_on_it(spec) -> None:
    check_all(spec)
    for n in range(30):
        state = PileState(n)
        assert bool(winning_moves(state)) == brute_force_wins(state) or state.is_over


def test_the_computer_and_the_hint_come_from_its_spec(spec) -> None:
    state = PileState(10)                          # 10 ≡ 3 (mod 7): take 1 or 3
    assert registry.winning_moves(state) == [1, 3] and registry.winning_move(state) == 1
    assert registry.choose_move(state, 4, random.Random(1)) == 1
    hint = spec.ask_hint(state)
    assert hint.moves == (1, 3) and not hint.lost
    assert spec.ask_hint(PileState(14)).lost        # 14 ≡ 0: lost


def play_through_the_turn_controller(spec, seats: tuple[int, int], first: str, seed: int) -> TurnController:
    """A whole game through the TurnController with real (inline) AI controllers: the person
    plays the hint's first move when there is one, else a random move."""
    results: list = []
    ports = {kind: AiController(lambda r, kind=kind: results.append((kind, r)), synchronous=True)
             for kind in (MOVE, HINT)}
    level = levels.load("subtract")[0]
    config = MatchConfig("subtract", level, dict(level.params), seats, first)
    rng = random.Random(seed)
    turns = TurnController(spec, config, rng, ports[MOVE], ports[HINT])
    while not turns.state.is_over:
        results.clear()
        if turns.match.current.is_human:
            assert turns.request_hint()
            (kind, result), = results
            accepted = turns.accept(kind, result)
            assert accepted is not None and accepted.kind == HINT
            hint = turns.hint
            assert list(hint.moves) == winning_moves(turns.state) and hint.lost == (not hint.moves)
            turns.play(hint.moves[0] if hint.moves else turns.state.random_move(rng))
        else:
            assert turns.request_move()
            (kind, result), = results
            assert turns.accept(kind, result).kind == MOVE
            before = turns.state
            move = turns.take_ai_move()
            if winning_moves(before) and turns.match.current.level == 4:
                assert move in winning_moves(before)   # the master never misses a winning move
            turns.play(move)
    return turns


def test_a_whole_game_through_the_turn_controller(spec) -> None:
    turns = play_through_the_turn_controller(spec, (HUMAN, 4), "me", seed=3)
    # 9 ≡ 2 (mod 7): the person who starts is lost against the master, who wins
    assert turns.state.winner == turns.match.rules_player_of_seat(1)
    assert turns.undo() and turns.state.counters > 0 and turns.match.current.is_human
    assert turns.redo() and turns.state.is_over


def test_two_people_with_the_hint_win_as_the_theory_says(spec) -> None:
    turns = play_through_the_turn_controller(spec, (HUMAN, HUMAN), "me", seed=5)
    # 9 is lost for the first mover; both follow the hint, so the second mover wins
    assert turns.state.winner == 1
    assert all(s.counters % 7 in (0, 2) for s in turns.match.states[2::2])   # after each of its moves


def run_text(argv: list[str], answers: str) -> str:
    from nimarcade.text.cli import run

    out, err = io.StringIO(), io.StringIO()
    code = run(argv, io.StringIO(answers), out, err)
    assert code == 0 and err.getvalue() == "", err.getvalue()
    return out.getvalue()


def test_the_text_mode_plays_it_with_piped_input(spec) -> None:
    """9 counters against the master: 9 -> 8 (it takes 1) -> 7 -> 6 (it takes 4) -> 2 -> 1 -> 0."""
    text = run_text(["--game", "subtract", "--level", "small", "--players", "human,4", "--first", "1",
                     "--seed", "2", "--lang", "en"], "1\n1\n1\n")
    assert "Take 1, 3 or 4 counters; whoever takes the last one wins." in text
    assert "Player 1 against Computer (level 4, master). Player 1 starts." in text
    assert [line for line in text.splitlines() if line.startswith("The computer plays")] == \
        ["The computer plays 1", "The computer plays 4", "The computer plays 1"]
    assert "It's over, YOU LOSE!\nEnd of the game: Computer took the last counter.\n" in text


def test_the_text_mode_refuses_a_bad_take_gives_the_hint_and_undoes(spec) -> None:
    text = run_text(["--game", "subtract", "--level", "big", "--players", "human,human", "--first", "1",
                     "--lang", "en"], "h\n5\n1\nu\nq\n")
    assert "A lost position against perfect play" in text          # 30 ≡ 2 (mod 7)
    assert "invalid: Take 1, 3 or 4 counters, not 5." in text      # its own rules' message
    assert "Player 2, your move!" in text and "move undone" in text
    assert text.rstrip().endswith("Game abandoned.")


def test_two_computers_play_it_to_the_end_in_the_text_mode(spec) -> None:
    text = run_text(["--game", "subtract", "--level", "big", "--players", "1,4", "--seed", "9"], "")
    assert "C'est terminé" in text and "a pris le dernier jeton." in text
    assert text.count("joue ") >= 8            # 30 counters, at most 4 a move


# -- in the window: the generic scene, since it brings none of its own ------------------------------
@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_the_window_plays_it_to_the_result_by_mouse_alone_and_by_keys_alone(spec, by: str) -> None:
    from tests.window.harness import Driver, make_app
    from tests.test_registry_scenes import play

    app = make_app(seed=4)
    app.update_settings(animation_speed=2.0)
    driver = Driver(app)
    try:
        level = levels.load("subtract")[1]               # 30 counters, against the computer
        scene = app.start_game(MatchConfig("subtract", level, dict(level.params), (HUMAN, 1), "human"))
        driver.step()
        assert type(scene).__name__ == "MovesScene"
        driver.key(pygame_key("h"))                      # the hint, from the spec: 30 ≡ 2 is lost
        driver.until(lambda: scene.hint is not None)
        assert scene.hint.lost and scene.explain(scene.hint)[0].startswith("Position perdue")
        made = play(driver, scene, by, random.Random(by))
        assert made >= 1 and scene.state.is_over
        driver.until(lambda: app.manager.top.name == "result", 6000)
        assert app.manager.top.match is scene.match
    finally:
        app.shutdown()


def pygame_key(name: str) -> int:
    import pygame

    return pygame.key.key_code(name)


# -- the position editor: the generic one, a text field, since it brings no editor of its own -------
@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_its_positions_are_typed_in_the_generic_editor_then_played(spec, by: str) -> None:
    import pygame

    from nimarcade.window.scenes.board_edit import TextEditor
    from tests.window.editor_session import legal, open_editor, play, refused
    from tests.window.harness import Driver, make_app

    app = make_app(seed=4)
    driver = Driver(app)
    try:
        editor = open_editor(driver, "subtract", "subtract", "small", by)
        assert spec.window == registry.SceneSpec() and type(editor.board) is TextEditor
        assert editor.board.text() == "9" and editor.board.example() == "9"
        if by == "mouse":
            driver.click(editor.board.FIELD.center)       # the field takes the keys again
        driver.key(pygame.K_BACKSPACE)
        refused(driver, editor, "mouse", "editor.empty")  # (Play by its button: P would be typed)
        for key, char in ((pygame.K_p, "p"), (pygame.K_0, "0")):
            driver.key(key, unicode=char)
        refused(driver, editor, "mouse", "err.subtract.position", text="p0")
        driver.keys(pygame.K_LEFT, pygame.K_BACKSPACE)
        refused(driver, editor, "mouse", "err.position_over")
        driver.key(pygame.K_HOME)
        driver.key(pygame.K_1, unicode="1")
        driver.key(pygame.K_2, unicode="2")
        driver.key(pygame.K_DELETE)
        legal(driver, editor, "12")
        if by == "keys":
            driver.keys(pygame.K_TAB, pygame.K_RETURN)    # the buttons, « Jouer » first
            assert driver.scene.name == "setup" and driver.scene.start == "12"
            driver.key(pygame.K_RETURN)
            game = driver.scene
        else:
            game = play(driver, editor, "mouse")
        assert type(game).__name__ == "MovesScene" and game.match.states[0] == PileState(12)
    finally:
        app.shutdown()
