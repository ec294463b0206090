"""The words of the Awélé scene that do not depend on drawing: the hint's explanation (the
engine's advice, its depth and its judgement of the position) and the end-of-game summary."""
from __future__ import annotations

from typing import TYPE_CHECKING

from nimarcade.ai.awele_engine import TB_BOUND
from nimarcade.ai.hints import Hint
from nimarcade.i18n import language, tr
from nimarcade.rules import RulesError
from nimarcade.rules.awele import AweleState, house_label

if TYPE_CHECKING:
    from nimarcade.ai.awele_core import CoreStatus

#: The engine's scores of decided games (forced ends, endgame table) are beyond this.
DECIDED = TB_BOUND


def explain_lines(state: AweleState, hint: Hint) -> list[str]:
    """Why the hinted house: what it sows or captures, how far the engine looked, who is ahead."""
    if not hint.moves:
        return []
    move = hint.moves[0]
    try:
        sow = state.sowing(move)
    except RulesError:
        return []
    label = house_label(move)
    if len(state.legal_moves()) == 1:
        return [tr("awele.hint_only", house=label)]
    depth = hint.depth or 0
    if sow.gain:
        lines = [tr("awele.hint_capture", depth=depth, house=label, gain=sow.gain)]
    else:
        lines = [tr("awele.hint_quiet", depth=depth, house=label, n=state.houses[move])]
    score = hint.score
    if score is not None:
        if score > DECIDED:
            lines.append(tr("awele.hint_win"))
        elif score < -DECIDED:
            lines.append(tr("awele.hint_loss"))
        elif abs(score) < 50:         # hundredths of a seed
            lines.append(tr("awele.hint_even"))
        else:
            v = f"{abs(score) / 100:.1f}"
            v = v.replace(".", ",") if language() == "fr" else v
            lines.append(tr("awele.hint_ahead" if score > 0 else "awele.hint_behind", v=v))
    lines.append(tr("awele.hint_note", depth=depth))
    return lines


def final_summary(state: AweleState, names: list[str]) -> list[str]:
    """The end of a game in two lines: why it ended, then each total as the seeds the player
    captured plus the seeds left in their own row (the ResultScene shows the same lines)."""
    totals = state.final_scores()
    parts = [tr("awele.final_line", name=names[p], captured=state.stores[p], left=totals[p] - state.stores[p],
                total=totals[p]) for p in (0, 1)]
    return [tr("awele.result_reason", why=tr(f"end.awele.{state.end}")), "   ·   ".join(parts)]


def number(v: float, digits: int = 1) -> str:
    """A decimal number as the language writes it (a comma in French)."""
    text = f"{v:.{digits}f}"
    return text.replace(".", ",") if language() == "fr" else text


def seeds(v: float) -> str:
    """A margin in seeds with its sign: "+1,5", "-3", "0"."""
    if abs(v) < 0.05:
        return "0"
    text = number(v, 0 if v == int(v) else 1)
    return text if text.startswith("-") else "+" + text


def rate(nps: float) -> str:
    """Nodes per second, rounded so that the line only changes when the number really does."""
    if nps >= 1e6:
        return f"{number(nps / 1e6)} M"
    return f"{round(nps / 1e3)} k"


def house_value(score: int) -> tuple[str, float]:
    """An analysed move's score (hundredths of a seed, for the player to move) as the overlay
    writes it ("+1,5", "gagne"...) and its strength from -1 (bad) to 1 (good), for the colour."""
    from nimarcade.ai.awele_engine import MATE_BOUND, TB_WIN
    from nimarcade.ai.awele_eval import SEED

    if abs(score) > MATE_BOUND:
        return tr("awele.value_win" if score > 0 else "awele.value_loss"), 1.0 if score > 0 else -1.0
    if abs(score) > DECIDED:       # the endgame table's exact final margin
        margin = (abs(score) - TB_WIN) / SEED
        v = margin if score > 0 else -margin
    else:
        v = score / SEED
    v = round(v, 1)
    return seeds(v), max(-1.0, min(1.0, v / 4))


def core_text(status: "CoreStatus") -> str:
    """Which engine plays (the help screen): :meth:`AiController.core_status`'s state in words."""
    key = "awele.core_" + status.state.replace(" ", "_")
    return tr(key) if key != tr(key) else tr("awele.core_failed")
