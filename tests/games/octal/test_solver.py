"""The exact play against the brute force (tests/games/octal/brute.py), on every small position of
a dozen codes, in normal and misère play: the outcome and every winning move. In misère play the
whole solver (the tame rule first), the quotient (the tame rule out of the way) and the search
(both out of the way) are checked."""
from __future__ import annotations

import pytest

from nimarcade.games.octal import solver
from nimarcade.games.octal.rules import OctalState
from nimarcade.games.octal.spec import SPEC

from tests.games.octal.brute import make, multisets

CODES = ["0.77", "0.07", "0.137", "0.777", "{1,3,4}", "{1,2,3}", "0.17", "4.07", "0.6", "0.15", "0.123",
         "0.007", "4.3..."]
TOTAL = 11


def positions(code: str):
    for pos in multisets(TOTAL):
        if pos:
            yield pos


def check(code: str, misere: bool) -> None:
    for pos in positions(code):
        state = OctalState.new(list(pos), code, misere)
        v = solver.verdict(state)
        if state.is_over:
            continue
        expected = {m for m in state.legal_moves()
                    if not bf_wins(code, tuple(sorted(state.play(m).heaps)), misere)}
        assert v.wins == bf_wins(code, pos, misere), (code, misere, pos, v.method)
        assert set(v.moves) == expected, (code, misere, pos, v.method)


_BF: dict = {}


def bf_wins(code: str, pos: tuple[int, ...], misere: bool) -> bool:
    """Brute force; a repeating code is written out to the largest heap of these positions."""
    key = code
    if key not in _BF:
        written = code
        if code.endswith("..."):
            head, _, tail = code[:-3].partition(".")
            written = f"{head}.{tail}{tail[-1] * TOTAL}"
        _BF[key] = make(written)[0]
    return _BF[key](pos, misere)


@pytest.mark.parametrize("code", CODES)
def test_normal_play_matches_the_brute_force(code: str) -> None:
    check(code, False)


@pytest.mark.parametrize("code", CODES)
def test_misere_play_matches_the_brute_force(code: str) -> None:
    check(code, True)


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.777", "4.07", "0.6", "{1,3,4}"])
def test_the_misere_quotient_in_the_solver_matches_the_brute_force(code: str, monkeypatch) -> None:
    monkeypatch.setattr(solver, "tame_genera", lambda state: None)     # the tame rule out of the way
    check(code, True)
    assert solver.verdict(OctalState.new([5, 4], code, True)).method == "quotient"


@pytest.mark.parametrize("code", ["0.07", "0.123", "0.77"])
def test_the_misere_search_alone_matches_the_brute_force(code: str, monkeypatch) -> None:
    monkeypatch.setattr(solver, "misere_quotient", lambda state: None)
    monkeypatch.setattr(solver, "tame_genera", lambda state: None)
    check(code, True)
    assert solver.verdict(OctalState.new([5, 4], code, True)).method == "search"


def test_the_methods_and_the_honest_answer_beyond_them(monkeypatch) -> None:
    assert solver.verdict(OctalState.new([30, 41], "0.77")).method == "grundy"
    assert solver.verdict(OctalState.new([29, 7], "0.77", True)).method == "quotient"
    # the window's solver gives up on a quotient at its first lift past its bound (no freed heaps,
    # nimarcade/games/takeaway/quotient/free.py, which the lab's larger bounds try): the search
    assert solver.verdict(OctalState.new([12, 7], "0.123", True)).method == "search"
    monkeypatch.setattr(solver, "misere_quotient", lambda state: None)
    big = OctalState.new([60, 70], "0.07", True)            # 130 tokens: beyond the search
    # the search's bound met by the positions it may remember (20,000 more than it knows), not by
    # its 2 s a question: the same refusal (TooBig) at once for the verdict, the hint and the
    # computer's move, where each waited 2 s
    search = solver._search(big.octal)
    monkeypatch.setattr(search, "max_positions", len(search.memo) + 20_000)
    v = solver.verdict(big)
    assert v.method == "none" and v.wins is None and v.moves is None
    with pytest.raises(solver.NoExactMove):
        solver.winning_moves(big)
    hint = SPEC.ask_hint(big)
    assert hint.advice and not hint.lost
    import random

    move = SPEC.engine.chooser(big, 4, random.Random(1))    # the computer still plays
    assert move in big.legal_moves()
