"""The engine's judgement of an Awélé position in a player's words: one verdict, however it is
shown (the hint, the analysis overlay, the info line, the text mode's hint), so that they can
never disagree: the same rounding, the same margin of "about equal", the same words.

A score is the engine's, in hundredths of a seed for the player to move (:mod:`nimarcade.games.awele.engine.engine`):
beyond ``MATE_BOUND`` a forced end of the game, beyond ``TB_BOUND`` the endgame table's exact
final margin. Pure Python (no pygame): the text mode uses it too.
"""
from __future__ import annotations

from typing import Any

from nimarcade.games.awele.engine.engine import MATE_BOUND, SEED, TB_BOUND, TB_WIN, WIN
from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, decimal, tr
from nimarcade.core.rules import RulesError
from nimarcade.games.awele.rules import AweleState, format_move
from nimarcade.core.rules.textual import Row, words

#: Below one seed either way, the engine's small differences mean "about equal" (a neutral colour).
EVEN = 1.0

#: (key, params) of a line to translate.
Line = tuple[str, dict[str, Any]]


def number(v: float, digits: int = 1) -> str:
    """A decimal number as the language writes it (a comma in French)."""
    return decimal(v, digits, trim=False)


def margin(score: int) -> float | None:
    """The expected margin in seeds for the player to move, to a tenth (the endgame table's is
    exact); None for a forced end of the game (:func:`forced`)."""
    if abs(score) > MATE_BOUND:
        return None
    if abs(score) > TB_BOUND:
        v = (abs(score) - TB_WIN) / SEED
        return round(v if score > 0 else -v, 1)
    return round(score / SEED, 1)


def forced(score: int) -> int | None:
    """Plies to a forced end of the game: > 0 the player to move wins, < 0 loses; None otherwise."""
    if abs(score) <= MATE_BOUND:
        return None
    plies = WIN - abs(score)
    return plies if score > 0 else -plies


def seeds(v: float) -> str:
    """A margin in seeds with its sign: "+1,5", "-3", "0"."""
    if abs(v) < 0.05:
        return "0"
    text = number(v, 0 if v == int(v) else 1)
    return text if text.startswith("-") else "+" + text


def leaning(score: int) -> int:
    """How good a score is for the player to move, in steps: 0 about equal (less than
    :data:`EVEN` seed either way), ±1 up to two seeds, ±2 up to four, ±3 beyond, ±4 a forced end."""
    end = forced(score)
    if end is not None:
        return 4 if end > 0 else -4
    v = margin(score) or 0.0
    size = 0 if abs(v) < EVEN else 1 if abs(v) < 2 else 2 if abs(v) < 4 else 3
    return size if v > 0 else -size


def standing(score: int, best: int) -> int:
    """How a move stands against the best one (the analysis overlay's colour and symbol): 1 the
    best, 0 nearly as good (less than :data:`EVEN` seed behind it), -1 up to two seeds worse, -2 up
    to four, -3 beyond or a forced win given away, -4 a forced loss where the best avoids it. The
    same rounding as the values shown."""
    if score >= best:
        return 1
    end, best_end = forced(score), forced(best)
    if end is not None and best_end is not None and (end > 0) == (best_end > 0):
        return 0                                   # a slower win, or a quicker loss among losses
    if end is not None and end < 0:
        return -4
    if best_end is not None:
        return -3                                  # the best wins by force, this does not
    regret = (margin(best) or 0.0) - (margin(score) or 0.0)
    return 0 if regret < EVEN else -1 if regret < 2 else -2 if regret < 4 else -3


def value_text(score: int) -> str:
    """A move's value as the analysis overlay writes it on its house: "+1,5", "gagne"..."""
    end = forced(score)
    if end is not None:
        return tr(N_("awele.value_win") if end > 0 else N_("awele.value_loss"))
    return seeds(margin(score) or 0.0)


def verdict_line(score: int, who: str) -> Line:
    """The verdict in words for ``who`` ("vous", or a player's name), ``score`` being theirs:
    « environ 1,5 graine d'avance pour vous », « à peu près égal (+0,4 pour vous) »."""
    end = forced(score)
    if end is not None:
        return (N_("awele.verdict_win") if end > 0 else N_("awele.verdict_loss")), {"n": abs(end), "who": who}
    v = margin(score) or 0.0
    if abs(v) < EVEN:
        return N_("awele.verdict_even"), {"v": seeds(v), "who": who}
    return (N_("awele.verdict_ahead") if v > 0 else N_("awele.verdict_behind")), {"v": seeds(abs(v)).lstrip("+"), "who": who}


def verdict(score: int, who: str) -> str:
    key, params = verdict_line(score, who)
    return tr(key, **params)


def hint_rows(state: AweleState, hint: Hint, who: str) -> list[Line]:
    """The hint in lines: the advised house and what it does, then the verdict after it (for
    ``who``, the player to move) and how deep the search looked."""
    if not hint.moves:
        return []
    move = hint.moves[0]
    try:
        sow = state.sowing(move)
    except RulesError:
        return []
    house = format_move(move)
    if len(state.legal_moves()) == 1:
        return [(N_("awele.hint_only"), {"house": house})]
    first: Line = ((N_("awele.hint_capture"), {"house": house, "gain": sow.gain}) if sow.gain
                   else (N_("awele.hint_quiet"), {"house": house, "n": state.houses[move]}))
    if not hint.advice and hint.score is None:       # a proved solution (a puzzle's): not advice
        first = (N_("awele.solution_capture") if sow.gain else N_("awele.solution_quiet"), first[1])
    if hint.score is None:
        return [first]
    key, params = verdict_line(hint.score, who)
    return [first, (N_("awele.hint_verdict"), {"depth": hint.depth or 0, "verdict": tr(key, **params)})]


def hint_lines(state: AweleState, hint: Hint, who: str) -> list[str]:
    return [tr(key, **params) for key, params in hint_rows(state, hint, who)]


def text_explain(state: AweleState, hint: Hint) -> list[Row]:
    """The text mode's hint: the same lines as the window's, for the person to move."""
    return [words(key, **params) for key, params in hint_rows(state, hint, tr("awele.analysis_you"))]
