"""The judge's report (:mod:`nimarcade.judge.judge`): Markdown in the reader's language, or JSON.

Both say the same things: how the positions were chosen and how many (and those not asked, counted
lost, with the reason), the share of won positions where the player kept the win (its *score*, in
percent, and with a pass mark whether it passed; or that the player could not start at all), its mistakes (simplest first, as the game's text board, the move
played and the winning moves), its forfeits (illegal moves among them) with what the program
wrote, its time a move, the teacher's cases, and the games against the computer levels. JSON
holds every mistake and forfeit; Markdown shows the first few of each. Moves are written in the
game's notation. Pure Python, no pygame.
"""
from __future__ import annotations

import json
import statistics
from typing import TYPE_CHECKING, Any, Sequence

from nimarcade.core import registry
from nimarcade.i18n import N_, decimal, tr
from nimarcade.judge import rules
from nimarcade.i18n.outside import printable
from nimarcade.players.program import forfeit_text

if TYPE_CHECKING:
    from nimarcade.judge.judge import Report, Verdict

#: Mistakes and forfeits shown in Markdown (JSON has them all).
SHOWN = 10
#: Forfeit keys that mean the program played a move it may not play.
ILLEGAL = (N_("forfeit.illegal"), N_("forfeit.not_a_move"), N_("forfeit.no_move"))
#: A position reached by more moves than this is named by their number (JSON has the moves).
LONG_LINE = 16


def _moves(spec: registry.GameSpec, moves: Sequence[Any]) -> list[str]:
    return [spec.notation.format_move(m) for m in moves]


def _board(spec: registry.GameSpec, state: Any) -> list[str]:
    return spec.text.board(state, True) if spec.text.board is not None else []


def _times(report: Report) -> dict[str, Any]:
    times = report.times
    return {"moves": len(times), "mean": sum(times) / len(times) if times else None,
            "median": statistics.median(times) if times else None, "max": max(times) if times else None}


def illegal_count(report: Report) -> int:
    return sum(1 for v in report.forfeits if v.lost.key in ILLEGAL)


# -- JSON -----------------------------------------------------------------------------------------
def as_json(report: Report) -> str:
    """The report as one JSON object (its keys: :func:`as_dict`)."""
    return json.dumps(as_dict(report), ensure_ascii=False, indent=2)


def as_dict(report: Report) -> dict[str, Any]:
    """``game``, ``level``, ``params``, ``player``, ``seed``, ``time`` (seconds a move given);
    ``positions`` {how, asked, chosen, reachable, won_reachable (the won positions among
    them: a sample of ``how`` "sampled" holds won ones only), limit, not_asked, not_asked_why (translated),
    won_not_asked}; ``won`` (every won position planned, asked or not: the positions not asked are
    counted lost), ``kept``, ``share`` (kept / won, null without won positions), ``score`` (the same
    in percent, rounded to 0.1), ``pass_mark`` (the percent ``--pass`` asked, null without),
    ``passed`` (the score as shown reaches the mark; null without a mark), ``time_allowed`` (the
    seconds a move may take with the grace),
    ``cannot_start`` (true: the program never started, nothing was judged); ``mistakes`` [{moves, board, played, winning,
    size}]; ``illegal``; ``forfeits`` [{moves, key, message, details}]; ``time_per_move`` {moves,
    mean, median, max} in seconds; ``teacher`` [{label, expected, applies, played, passed, forfeit}];
    ``levels`` [{level, time, games, wins, draws, losses, points, score, forfeits}]."""
    spec = registry.get(report.game)
    won = report.won_count
    return {
        "game": report.game, "level": report.level_id, "params": dict(report.params), "player": report.player,
        "seed": report.seed, "time": report.time, "time_allowed": round(rules.allowed(report.time), 3),
        "positions": {"how": report.sample.how, "asked": len(report.verdicts),
                      "chosen": len(report.sample.positions), "reachable": report.sample.reachable,
                      "won_reachable": report.sample.won,
                      "limit": report.sample.limit, "not_asked": report.not_asked,
                      "not_asked_why": gave_up(report) if report.not_asked else None,
                      "won_not_asked": report.won_not_asked},
        "won": won, "kept": report.kept, "share": report.kept / won if won else None,
        "score": report.shown_score,
        "pass_mark": report.pass_mark, "passed": report.passed, "cannot_start": report.cannot_start,
        "mistakes": [{"moves": _moves(spec, v.position.moves), "board": _board(spec, v.position.state),
                      "played": spec.notation.format_move(v.move), "winning": _moves(spec, v.position.winning),
                      "size": v.position.size} for v in report.mistakes],
        "illegal": illegal_count(report),
        "forfeits": [{"moves": _moves(spec, v.position.moves), "key": v.lost.key,
                      "message": tr(v.lost.key, **v.lost.params), "details": list(v.lost.details)}
                     for v in report.forfeits],
        "time_per_move": _times(report),
        "teacher": [{"label": t.label, "expected": _moves(spec, t.expected), "applies": t.verdict is not None,
                     "played": (None if t.verdict is None or t.verdict.forfeit
                                else spec.notation.format_move(t.verdict.move)),
                     "passed": t.passed,
                     "forfeit": tr(t.verdict.forfeit.key, **t.verdict.forfeit.params)
                     if t.verdict is not None and t.verdict.forfeit else None} for t in report.teacher],
        "levels": [{"level": s.level, "time": s.time, "games": s.games, "wins": s.wins, "draws": s.draws,
                    "losses": s.losses, "points": s.points, "score": s.points / s.games if s.games else None,
                    "forfeits": s.forfeits} for s in report.levels],
    }


# -- Markdown -------------------------------------------------------------------------------------
def as_markdown(report: Report, title: str) -> str:
    """The report for a person, in the current language; ``title`` names the game and level."""
    spec = registry.get(report.game)
    sample = report.sample
    heading = (tr("judge.title_level", n=report.seat_level, game=title) if report.seat_level is not None
               else tr("judge.title", player=printable(report.player), game=title))
    out = ["# " + heading, ""]
    out.append("- " + tr(f"judge.how_{sample.how}", asked=len(sample.positions), seed=report.seed,
                         reachable=sample.reachable or 0, limit=sample.limit,
                         won=sample.won or 0))
    if report.not_asked:
        out.append("- " + tr("judge.not_asked", n=report.not_asked, why=gave_up(report)))
    won = report.won_count
    lost_won = forfeited_won(report)
    line = (tr("judge.won", won=won, kept=report.kept, share=tr("judge.percent", x=decimal(100 * report.kept / won, 1)))
            if won else tr("judge.won_none"))
    if lost_won:
        line += " " + tr("judge.won_forfeited", n=lost_won)
    if report.won_not_asked:
        line += " " + tr("judge.won_not_asked", n=report.won_not_asked)
    out.append("- " + line)
    out.append("- " + _score_line(report))
    out.append("- " + (tr("judge.forfeits", n=len(report.forfeits), illegal=illegal_count(report))
                       if report.forfeits else tr("judge.forfeits_none")))
    times = _times(report)
    out.append("- " + (tr("judge.times", n=times["moves"], mean=milliseconds(times["mean"]),
                          max=milliseconds(times["max"])) + " " + tr("judge.times_median", median=milliseconds(times["median"]))
                       if times["moves"] else tr("judge.times_none")))
    out.append("- " + tr("judge.time_given", s=decimal(report.time, 2)) + " "
               + tr("judge.time_rule", allowed=decimal(rules.allowed(report.time), 2),
                    share=round(100 * rules.GRACE_SHARE), ms=round(1000 * rules.GRACE_SECONDS)))
    if report.teacher:
        out += ["", "## " + tr("judge.teacher_title"), ""] + _teacher(spec, report)
    out += ["", "## " + tr("judge.mistakes_title", n=len(report.mistakes)), ""] + _mistakes(spec, report)
    if report.forfeits:
        out += ["", "## " + tr("judge.forfeits_title"), ""] + _forfeits(spec, report)
    if report.levels:
        out += ["", "## " + tr("judge.levels_title"), ""] + _levels(report)
    return "\n".join(out) + "\n"


def milliseconds(seconds: float) -> str:
    """A time in milliseconds, always with one decimal (« 119,4 » and « 353,7 », never « 353,65 »)."""
    return decimal(1000 * seconds, 1, trim=False)


def gave_up(report: Report) -> str:
    """Why the judge stopped asking (translated): the program could not start, its forfeits in a
    row before any move, or the time its forfeits cost, with the reason of the last one."""
    last = next((v.forfeit for v in reversed(report.verdicts) if v.forfeit is not None), None)
    why = tr(last.key, **last.params) if last is not None else "?"
    if report.cannot_start or report.stopped == rules.STOPPED_START:
        return tr("judge.gave_up_start", why=why)
    if report.stopped == rules.STOPPED_BUDGET:
        return tr("judge.gave_up_budget", s=int(rules.FORFEIT_BUDGET), n=len(report.forfeits), why=why)
    in_a_row = 0
    for v in reversed(report.verdicts):
        if v.forfeit is None:
            break
        in_a_row += 1
    return tr("judge.gave_up_forfeits", n=in_a_row, why=why)


def _score_line(report: Report) -> str:
    """The score, and the pass mark's verdict when one was given (or: the player never started)."""
    if report.cannot_start:
        return tr("judge.cannot_start")
    score = report.score
    said = tr("judge.percent", x=decimal(score, 1)) if score is not None else "-"
    if report.pass_mark is None:
        return tr("judge.score", score=said)
    mark = tr("judge.percent", x=decimal(report.pass_mark, 1))
    key = N_("judge.score_passed") if report.passed else N_("judge.score_failed")
    return tr(key, score=said, mark=mark)


def _after(spec: registry.GameSpec, moves: Sequence[Any]) -> str:
    """Where a position is: the moves from the start, or how many when they are too many to read."""
    if not moves:
        return tr("judge.start")
    if len(moves) > LONG_LINE:
        return tr("judge.after_many", n=len(moves))
    return tr("judge.after", moves=" ".join(_moves(spec, moves)))


def _teacher(spec: registry.GameSpec, report: Report) -> list[str]:
    lines = []
    for t in report.teacher:
        v = t.verdict
        if v is None:
            lines.append("- " + tr("judge.teacher_na", label=t.label))
        elif t.passed:
            lines.append("- " + tr("judge.teacher_ok", label=t.label))
        elif v.forfeit is not None:
            lines.append("- " + tr("judge.teacher_forfeit", label=t.label, why=tr(v.forfeit.key, **v.forfeit.params)))
        else:
            lines.append("- " + tr("judge.teacher_failed", label=t.label, played=spec.notation.format_move(v.move)))
    applying = [t for t in report.teacher if t.verdict is not None]
    lines += ["", tr("judge.teacher_summary", passed=sum(t.passed for t in applying), total=len(applying))]
    return lines


def forfeited_won(report: Report) -> int:
    """Won positions the player lost by forfeit (neither kept nor a mistake)."""
    return sum(1 for v in report.won if v.forfeit is not None)


def _mistakes(spec: registry.GameSpec, report: Report) -> list[str]:
    """The first distinct mistakes: the same board with the same move and winning moves (reached
    another way, or with the other player to move in an impartial game) is shown once."""
    mistakes = report.mistakes
    if not mistakes:
        if not any(v.forfeit is None for v in report.verdicts) and report.verdicts:
            return [tr("judge.mistakes_never_played")]
        lost = forfeited_won(report)
        return [tr("judge.mistakes_none_but_forfeits", n=lost) if lost else tr("judge.mistakes_none")]
    distinct: dict[Any, list[Verdict]] = {}
    for v in mistakes:
        board = tuple(_board(spec, v.position.state)) or v.position.moves
        distinct.setdefault((board, v.move, v.position.winning), []).append(v)
    lines = []
    for i, same in enumerate(list(distinct.values())[:SHOWN], 1):
        v = same[0]
        lines += ["### " + tr("judge.mistake", i=i), "", tr("judge.position", where=_after(spec, v.position.moves))]
        drawn = _board(spec, v.position.state)
        if drawn:
            lines += ["", "```"] + drawn + ["```"]
        lines += ["", tr("judge.played", move=spec.notation.format_move(v.move),
                         winning=", ".join(_moves(spec, v.position.winning)))]
        if len(same) > 1:
            lines.append(tr("judge.same_board", n=len(same) - 1))
        lines.append("")
    if len(distinct) > SHOWN:
        lines.append(tr("judge.more", n=len(distinct) - SHOWN))
    return lines


def _forfeits(spec: registry.GameSpec, report: Report) -> list[str]:
    """Each distinct forfeit once (the same message and output, whatever the position), with the
    number of positions it happened in."""
    distinct: dict[tuple[str, ...], list[Verdict]] = {}
    for v in report.forfeits:
        distinct.setdefault(tuple(forfeit_text(v.lost)), []).append(v)
    lines = []
    for text, same in list(distinct.items())[:SHOWN]:
        v = same[0]
        lines.append("- " + tr("judge.forfeit_at", where=_after(spec, v.position.moves), why=text[0]))
        if len(same) > 1:
            lines.append("  " + tr("judge.forfeit_same", n=len(same) - 1))
        if len(text) > 1:
            lines += ["", "  ```"] + ["  " + line for line in text[1:]] + ["  ```", ""]
    if len(distinct) > SHOWN:
        lines.append(tr("judge.more", n=len(distinct) - SHOWN))
    return lines


def _levels(report: Report) -> list[str]:
    lines = ["| " + " | ".join(tr(f"judge.col_{c}") for c in ("level", "time", "games", "wins", "draws",
                                                              "losses", "score")) + " |",
             "|" + "---|" * 7]
    for s in report.levels:
        seconds = tr("judge.seconds", s=decimal(s.time, 2)) if s.time is not None else tr("judge.own_depth")
        score = tr("judge.percent", x=decimal(100 * s.points / s.games, 0)) if s.games else "-"
        lines.append(f"| {s.level} | {seconds} | {s.games} | {s.wins} | {s.draws} | {s.losses} | {score} |")
    forfeits = sum(s.forfeits for s in report.levels)
    lines += ["", tr("judge.levels_note", plies=report.opening)]
    if forfeits:
        lines.append(tr("judge.levels_forfeits", n=forfeits))
    return lines

