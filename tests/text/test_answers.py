"""How the text mode reads answers: a bare number answers the question asked, a
question with one answer is not asked, o/n takes only yes or no, the end of the input says which
answers it took, a note that was true from the start is no news, a stack of pawns is one entry."""
from __future__ import annotations

import io
import random

import pytest

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.games.grid.rules import GridState
from nimarcade.core.match import HUMAN, MatchConfig
from nimarcade.text import cli
from nimarcade.text.console import Console
from nimarcade.text.play import TextGame, first_stage, stage_line
from nimarcade.text.setup import start_match


@pytest.fixture(autouse=True)
def french():
    """The sessions below are read in French, whatever an earlier test chose."""
    before = i18n.language()
    i18n.set_language("fr")
    yield
    i18n.set_language(before)


def play(game: str, level_id: str, answers: str, params: dict | None = None, seats=(HUMAN, HUMAN)):
    """The session's output and the match, once the answers are used up (or the game is over)."""
    level = next(lv for lv in levels.load(game) if lv.id == level_id)
    config = MatchConfig(game, level, {**level.params, **(params or {})}, seats, "me")
    out = io.StringIO()
    rng = random.Random(1)
    match = start_match(config, rng)
    try:
        TextGame(Console(io.StringIO(answers), out, color=False), registry.get(game), match, rng, 1).run()
    except EOFError:
        pass
    return out.getvalue(), match


def test_a_bare_number_answers_the_question_asked() -> None:
    """« 11 » at « combien d'allumettes à partir de la case 4 ? » is refused, not the match of cell 11."""
    text, match = play("matches", "td4", "4\n11\n2\nq\n")
    assert "combien d'allumettes à partir de la case 4 ? 1-3\n---> 11\nerreur !" in text
    assert match.moves == [(3, 2)]


def test_a_move_in_notation_still_reads_at_the_first_question() -> None:
    _, match = play("matches", "td4", "4-6\nq\n")
    assert match.moves == [(3, 3)]


def test_a_question_with_one_answer_is_not_asked() -> None:
    text, match = play("heaps", "1-3-7", "1\nq\n")          # heap 1 holds one object: taken at once
    assert match.moves == [(0, 1)] and "combien d'objets du tas 1" not in text
    text, match = play("sticks", "mgl7160", "", params={"sticks": 1})
    assert "Un seul coup possible : 1" in text and match.moves == [1] and match.is_over


def test_a_pawn_with_one_destination_goes_there() -> None:
    """Choosing the pawn on (4,5), which can only drop into the sink, plays that move."""
    level = next(lv for lv in levels.load("grid") if lv.id == "5x5")
    config = MatchConfig("grid", level, dict(level.params), (HUMAN, HUMAN), "me")
    match = start_match(config, random.Random(1))
    match.states[0] = GridState.from_pawns(5, 5, [(1, 1), (4, 5)])
    out = io.StringIO()
    game = TextGame(Console(io.StringIO("2\nq\n"), out, color=False), registry.get("grid"), match, random.Random(1), 1)
    game.run()
    assert match.moves == [((4, 5), (5, 5))] and "choisir la destination 1:(5,5)" not in out.getvalue()


def test_only_one_queen_is_not_news_at_the_start() -> None:
    one = next(lv for lv in levels.load("wythoff") if lv.params["queens"] == 1)
    text, _ = play("wythoff", one.id, "q\n")
    assert "plus qu'une seule reine" not in text and "choisir la destination" in text


def test_two_pawns_on_one_cell_are_one_entry() -> None:
    state = GridState.from_pawns(5, 5, [(2, 1), (2, 1), (3, 3)])
    line = stage_line(first_stage(registry.get("grid"), state), {})
    assert line == "choisir un pion 1:(2,1)×2 2:(3,3)"


def run(argv: list[str], answers: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert cli.run(argv, io.StringIO(answers), out, err) == 0, err.getvalue()
    return out.getvalue()


def test_yes_or_no_refuses_anything_else() -> None:
    game = ["--game", "sticks", "--level", "mgl7160", "--players", "4,4", "--first", "1", "--seed", "2"]
    text = run(game, "1\nn\n")
    assert "Nouvelle partie ? (o/n) [n] : 1\nerreur ! répondez o (oui) ou n (non)" in text
    assert text.rstrip().endswith("Nouvelle partie ? (o/n) [n] : n")
    text = run(game + ["--lang", "en"], "oui\nno\n")
    assert text.count("It's over") == 2                    # « oui » played again, « no » stopped


def test_the_end_of_the_input_says_it_takes_the_defaults() -> None:
    text = run(["--game", "heaps", "--seed", "2"], "")
    assert "choix (1 à 6) [1] : 1   (fin de l'entrée : réponse par défaut)" in text
    assert "[h] : h   (réponse par défaut)" in text
    assert text.rstrip().endswith("Fin de l'entrée : au revoir.")
