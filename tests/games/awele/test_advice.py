"""The engine's verdict on an Awélé position in words (one wording for the hint, the overlay, the
info line and the text mode), the hint as the analysis's best move on the compiled core, the
letters of the text mode, and what the setup screen says of the grand slam. Pure: no window."""
from __future__ import annotations

import random
import threading

import pytest

from nimarcade.core import registry
from nimarcade.games.awele.engine import core as awele_core
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.games.awele.engine.engine import TB_WIN, WIN
from nimarcade.games.awele.engine.player import Reading
from nimarcade.i18n import set_language, tr
from nimarcade.games.awele.rules import AweleState, text_board, text_stages
from nimarcade.games.awele.advice import hint_lines, leaning, margin, standing, value_text, verdict


@pytest.fixture
def english():
    set_language("en")
    yield
    set_language("fr")


def test_the_verdict_in_words_in_both_languages(english) -> None:
    assert verdict(230, "you") == "about 2.3 seeds ahead for you"
    assert verdict(-100, "Alice") == "about 1 seed behind for Alice"
    assert verdict(-60, "you") == "about equal (-0.6 for you)"
    assert verdict(WIN - 7, "you") == "a forced win for you in 7 moves (both players' moves)"
    assert verdict(-(TB_WIN + 300), "you") == "about 3 seeds behind for you"     # the table's exact margin
    set_language("fr")
    assert verdict(230, "vous") == "environ 2,3 graines d'avance pour vous"
    assert verdict(150, "vous") == "environ 1,5 graine d'avance pour vous"        # French: singular below 2
    assert verdict(0, "Bob") == "à peu près égal (0 pour Bob)"
    assert verdict(-(WIN - 1), "vous") == "perte forcée pour vous en 1 coup"


def test_a_search_is_read_at_its_deepest_depth_and_told_from_the_players_side() -> None:
    """The info line's reading of a search's progress; the computer's +2.5 is the person's -2.5
    (moved here from the worker's tests with the info line's words)."""
    reading = Reading.of({"depth": 12, "score": 250, "pv": [7, 2, 11], "nps": 3.5e6, "scores": {7: 250, 8: -10}})
    assert (reading.depth, reading.score, reading.pv, reading.nps, reading.book) == (12, 250, (7, 2, 11), 3.5e6, False)
    assert reading.scores == ((7, 250), (8, -10))
    assert verdict(-reading.score, "vous") == "environ 2,5 graines de retard pour vous"
    assert verdict(-(WIN - 5), "vous") == "perte forcée pour vous en 5 coups (ceux des deux joueurs)"
    assert verdict(TB_WIN + 300, "vous") == "environ 3 graines d'avance pour vous"
    assert Reading.of({}) is None and Reading.of({"nodes": 40}) is None
    assert Reading.of({"book": True, "depth": 20, "score": 10}).book


def test_the_overlay_and_the_verdict_round_alike() -> None:
    for score in (-460, -149, -96, -4, 0, 44, 95, 104, 1234):
        v = margin(score)
        shown = value_text(score)
        assert float(shown.replace(",", ".")) == pytest.approx(v)
        assert (leaning(score) == 0) == (abs(v) < 1) == ("égal" in verdict(score, "vous"))
    assert value_text(WIN - 3) == tr("awele.value_win") and leaning(WIN - 3) == 4


def test_each_move_stands_against_the_best_one() -> None:
    assert [standing(s, 300) for s in (300, 210, 150, 0, -200)] == [1, 0, -1, -2, -3]
    assert standing(WIN - 9, WIN - 5) == 0 and standing(250, WIN - 5) == -3      # a slower win; a win given away
    assert standing(-(WIN - 3), -120) == -4 and standing(-(WIN - 3), -(WIN - 7)) == 0


def test_advice_is_the_best_scored_move_and_the_engines_among_equals() -> None:
    hint = awele_player.advice({"depth": 9, "move": 4, "scores": {1: 50, 4: 120, 5: 120}})
    assert (hint.moves, hint.score, hint.depth, hint.advice) == ((4,), 120, 9, True)
    assert awele_player.advice({"depth": 9, "move": 1, "scores": {1: 50, 4: 120, 5: 120}}).moves == (4,)
    assert awele_player.advice({"depth": 0}) is None


def test_the_hint_is_its_analysis_best_move_on_the_compiled_core(monkeypatch) -> None:
    """It waits for the compiled core (a worker that has not loaded it yet would search in pure
    Python, a few plies shallower) and gives the best-scored move of the analysis it ran."""
    waited = []
    monkeypatch.setattr(awele_core, "wait_ready", lambda timeout, cancel=None: waited.append(timeout))
    state = AweleState.new().play(2).play(8)
    info: dict = {}
    hint = awele_player.hint(state, time_limit=0.05, info=info)
    assert waited == [awele_player.CORE_WAIT]
    assert hint.moves[0] == max(info["scores"], key=lambda m: (info["scores"][m], m == info["move"]))
    assert (hint.score, hint.depth) == (max(info["scores"].values()), info["depth"])
    spec = registry.get("awele")
    assert spec.engine.hint is awele_player.hint and spec.engine.analyse is awele_player.analyse_move
    assert spec.engine.hint_time == spec.engine.analysis_time == awele_player.ANALYSIS_TIME >= spec.engine.ai_time[3]
    assert spec.engine.hint_level == awele_player.ANALYSIS_LEVEL == 4


def test_waiting_for_the_core_stops_at_once_when_cancelled() -> None:
    cancel = threading.Event()
    cancel.set()
    assert awele_core.wait_ready(60.0, cancel).state in awele_core._REASONS


def test_the_hint_says_the_house_by_its_letter_and_the_verdict_after_it() -> None:
    state = AweleState.from_board([0, 0, 0, 0, 3, 2, 1, 1, 1, 4, 0, 0], (15, 20), 0, "forbidden")
    hint = awele_player.advice({"depth": 11, "move": 4, "scores": {4: 380, 5: 20}})
    assert hint_lines(state, hint, "vous") == [
        "Conseil de l'ordinateur : jouer la case E — capture 4 graines",
        "Après ce coup, à la profondeur 11 : environ 3,8 graines d'avance pour vous. Un conseil, pas une preuve.",
    ]


def test_the_text_mode_names_the_houses_by_their_letters() -> None:
    state = AweleState.new(3).play(1)
    board = text_board(state)
    assert board[0].split() == list("fedcba") and board[-1].split() == list("ABCDEF")
    assert not any(ch.isdigit() for line in (board[0], board[-1]) for ch in line)
    assert [c.key for c in text_stages(state).choices] == list("abcdef")


def test_the_setup_explains_the_grand_slam_and_names_the_rule_of_auale(english) -> None:
    param = registry.get("awele").param("grand_slam")
    assert param.help == "awele.setup_slam_help"
    assert "Aualé" in tr(param.help) and "Aualé" in tr(param.value_keys["capture_nothing"])
    set_language("fr")
    assert "Aualé" in tr(param.help) and tr(param.value_keys["capture_nothing"]) == "sans prise (règle d'Aualé)"


def test_a_random_game_reads_well_at_every_step() -> None:
    """Every position of a seeded game gets a hint text without a marker or a raw number."""
    rng = random.Random(5)
    state = AweleState.new()
    while not state.is_over and len(state.seen) < 40:
        move = rng.choice(state.legal_moves())
        hint = awele_player.advice({"depth": 3, "move": move, "scores": {m: rng.randrange(-900, 900)
                                                                           for m in state.legal_moves()}})
        for line in hint_lines(state, hint, "vous"):
            assert "[[" not in line and "{" not in line
        state = state.play(move)
