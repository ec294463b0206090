"""A student's page of the class report (``students/<key>.html``): who and which file, the score and
the grade with the one-line feedback, the teacher's positions, the mistakes drawn as boards (the
game's text board in a ``<pre>``, and a drawing when it reads as rows, :mod:`.html_board`), the
forfeits with their reason and what the program wrote, and the tournament's games per opponent."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from nimarcade.classroom.html_board import drawing
from nimarcade.classroom.html_runs import student_facts
from nimarcade.classroom.html_parts import (DASH, badge, elo, esc, facts, grade, language, milliseconds, num, page,
                                            percent, points, rank, table, where, yes_no)
from nimarcade.i18n import decimal, tr

#: Mistakes and forfeits shown on a page at most (class.json keeps them all).
SHOWN = 30


def student_page(data: Mapping[str, Any], s: Mapping[str, Any]) -> str:
    """``students/<key>.html``: everything the class run says of one student."""
    lang = language(data)
    back = f'<a href="../index.html">\u2190 {esc(tr("class_report.back", lang))}</a>'
    name = s.get("name") or s.get("key") or ""
    title = data.get("title") or data.get("game") or ""
    parts = [f'<nav class="back">{back}</nav>',
             f'<header><p class="kicker">{esc(title)}</p><h1>{esc(name)}</h1></header>', "<main>"]
    if s.get("status") == "error":
        error = tr("class_report.error", lang, error=s.get("error") or "")
        parts.append(f'<p class="notice error" role="alert">{esc(error)}</p>')
    parts.append(_summary(data, s, lang))
    if s.get("feedback"):
        parts.append(f'<p class="feedback">{esc(s["feedback"])}</p>')
    if s.get("teacher"):
        parts.append(_teacher(s["teacher"], lang))
    if s.get("status") != "error":
        parts.append(_mistakes(s, lang))
    if s.get("forfeits"):
        parts.append(_forfeits(s["forfeits"], lang))
    if data.get("tournament"):
        parts.append(_tournament(s, lang))
    parts += ["</main>", f'<nav class="back bottom">{back}</nav>']
    return page(lang, tr("class_report.student_title", lang, name=name, title=title), "\n".join(parts))


def _summary(data: Mapping[str, Any], s: Mapping[str, Any], lang: str) -> str:
    file, score = tr("class_report.col_file", lang), tr("class_report.col_score", lang)
    detail = DASH
    if s.get("score") is not None:
        share = tr("judge.percent", lang, x=decimal(float(s["score"]), 1, lang=lang))
        detail = esc(tr("class_report.score_detail", lang, score=share, kept=s.get("kept") or 0,
                        won=s.get("won") or 0, asked=s.get("asked") or 0))
    rows = [(file, f'<span class="moves">{esc(s.get("file") or DASH)}</span>'), (score, detail),
            (tr("class_report.id", lang), esc(s["id"]) if s.get("id") else DASH),
            (tr("class_report.declared", lang), esc(s["declared"]) if s.get("declared") else DASH),
            (tr("class_report.grade", lang), grade(s.get("grade"), data.get("scale"), lang))]
    if data.get("pass") is not None:
        rows.append((tr("class_report.col_passed", lang), yes_no(s.get("passed"), lang)))
    if s.get("time_max") is not None:
        rows.append((tr("class_report.times", lang), tr("class_report.times_value", lang,
                     median=milliseconds(s.get("time_median"), lang), max=milliseconds(s["time_max"], lang))))
    rows += student_facts(data, s, lang)
    unasked = tr("class_report.not_asked_title", lang)
    if s.get("not_asked"):
        rows.append((unasked, f'<span class="notice error">{esc(not_asked_text(s, lang))}</span>'))
    return facts(rows, wide=(file, score, unasked))


def not_asked_text(s: Mapping[str, Any], lang: str) -> str:
    """The positions the judge did not ask, counted lost, and why (the reason the judge gave)."""
    return tr("class_report.not_asked", lang, n=int(s.get("not_asked") or 0), why=s.get("not_asked_reason") or DASH)


def _teacher(cases: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The teacher's positions: a line each, passed or not, the moves expected and the one played."""
    heads = [(tr("class_report.col_position", lang), False), (tr("class_report.col_expected", lang), False),
             (tr("class_report.col_played", lang), False), (tr("class_report.col_result", lang), False)]
    rows = []
    for c in cases:
        passed = c.get("passed")
        result = DASH if passed is None else \
            badge(passed, tr("class_report.passed", lang) if passed else tr("class_report.failed", lang))
        rows.append([(f'<span class="moves">{esc(c.get("label") or c.get("position") or "")}</span>', False),
                     (f'<span class="moves">{esc(", ".join(c.get("expected") or [])) or DASH}</span>', False),
                     (_played(c, lang), False),
                     (result, False)])
    passed = sum(1 for c in cases if c.get("passed"))
    summary = tr("judge.teacher_summary", lang, passed=passed, total=len(cases))
    return (f'<section><h2>{esc(tr("class_report.teacher", lang))}</h2>'
            f'<p class="hint">{esc(summary)}</p>{table(heads, rows)}</section>')


def _played(case: Mapping[str, Any], lang: str) -> str:
    """The move a teacher's position got: the move, « forfait » (its reason on hover) when the
    player lost it by forfeit, « — » when it was not asked."""
    if case.get("played"):
        return f'<span class="moves">{esc(case["played"])}</span>'
    if case.get("forfeit"):
        return (f'<span class="forfeit" title="{esc(case["forfeit"])}">'
                f'{esc(tr("class_report.forfeit_played", lang))}</span>')
    return f'<span class="moves">{DASH}</span>'


def _board(text: str | None) -> str:
    """A board: drawn when its text reads as rows of pins or counters, always as its text."""
    if not text:
        return ""
    return f'<div class="board">{drawing(text)}<pre>{esc(text, keep_lines=True)}</pre></div>'


def _distinct(items: Sequence[Mapping[str, Any]], key: Callable[[Mapping[str, Any]], Hashable]
              ) -> list[tuple[Mapping[str, Any], int]]:
    """Each distinct item once (the first met), with how many more times it came."""
    groups: dict[Hashable, list[Mapping[str, Any]]] = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return [(same[0], len(same) - 1) for same in groups.values()]


def _more(shown: Sequence[object], lang: str) -> str:
    if len(shown) <= SHOWN:
        return ""
    return f'<p class="hint">{esc(tr("class_report.more", lang, n=len(shown) - SHOWN))}</p>'


def _mistakes(s: Mapping[str, Any], lang: str) -> str:
    mistakes = s.get("mistakes") or []
    title = f'<h2>{esc(tr("class_report.mistakes", lang, n=len(mistakes)))}</h2>'
    if not mistakes:
        # a won position is kept, a mistake, or lost by forfeit: no mistake is no praise when it was lost so
        forfeited = (s.get("won") or 0) - (s.get("kept") or 0)
        if forfeited > 0:
            said = esc(tr("judge.mistakes_none_but_forfeits", lang, n=forfeited))
            return f'<section>{title}<p class="notice error">{said}</p></section>'
        none = esc(tr("class_report.no_mistakes", lang))
        return f'<section>{title}<p class="notice ok">{none}</p></section>'
    # the same board with the same move and winning moves, reached another way, is shown once
    distinct = _distinct(mistakes, lambda m: (m.get("board") or tuple(m.get("moves") or ()), m.get("played"),
                                              tuple(m.get("winning") or ())))
    cards = []
    for i, (m, again) in enumerate(distinct[:SHOWN], 1):
        played = tr("judge.played", lang, move=m.get("played") or DASH,
                    winning=", ".join(m.get("winning") or []) or DASH)
        same = f'<p class="hint">{esc(tr("judge.same_board", lang, n=again))}</p>' if again else ""
        cards.append(f'<figure class="card mistake"><h3>{esc(tr("judge.mistake", lang, i=i))}</h3>'
                     f'<p>{esc(tr("judge.position", lang, where=where(m.get("moves"), lang)))}</p>'
                     f"{_board(m.get('board'))}<figcaption>{esc(played)}</figcaption>{same}</figure>")
    return f'<section>{title}<div class="cards">{"".join(cards)}</div>{_more(distinct, lang)}</section>'


def _forfeits(forfeits: Sequence[Mapping[str, Any]], lang: str) -> str:
    # the same reason with the same output, whatever the position, is shown once
    distinct = _distinct(forfeits, lambda f: (f.get("reason"), tuple(f.get("output") or ())))
    cards = []
    for f, again in distinct[:SHOWN]:
        said = tr("judge.forfeit_at", lang, where=where(f.get("moves"), lang), why=f.get("reason") or "")
        same = f'<p class="hint">{esc(tr("judge.forfeit_same", lang, n=again))}</p>' if again else ""
        output = ""
        if f.get("output"):
            output = (f'<p class="label">{esc(tr("class_report.output", lang))}</p>'
                      f'<pre class="output">{esc(chr(10).join(f["output"]), keep_lines=True)}</pre>')
        cards.append(f'<div class="card forfeit"><p>{esc(said)}</p>{same}{_board(f.get("board"))}{output}</div>')
    title = esc(tr("class_report.forfeits", lang, n=len(forfeits)))
    return f'<section><h2>{title}</h2>{"".join(cards)}{_more(distinct, lang)}</section>'


def _tournament(s: Mapping[str, Any], lang: str) -> str:
    """The student's place in the ladder, and their games against each opponent."""
    standing = [(tr("class_report.col_rank", lang), rank(s.get("rank"))),
                (tr("class_report.col_elo", lang), elo(s.get("elo"), s.get("elo_margin"), lang)),
                (tr("class_report.col_points", lang), points(s.get("points"), s.get("games"), lang))]
    results = s.get("results") or []
    if not results:
        games = f'<p class="hint">{esc(tr("class_report.no_games", lang))}</p>'
    else:
        heads = [(tr("class_report.col_opponent", lang), False), (tr("class_report.col_points", lang), True),
                 (tr("judge.col_games", lang), True), (tr("class_report.col_score", lang), True)]
        rows = []
        for r in results:
            played, won = r.get("games") or 0, r.get("points")
            share = 100 * won / played if played and won is not None else None
            rows.append([(esc(r.get("opponent") or ""), False), (num(won, lang), True), (esc(played), True),
                         (percent(share, lang), True)])
        games = table(heads, rows)
    return f'<section><h2>{esc(tr("class_report.tournament", lang))}</h2>{facts(standing)}{games}</section>'
