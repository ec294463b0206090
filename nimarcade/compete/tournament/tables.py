"""The tournament's results as tables: the crosstable (each player's points against each other,
and totals) and the Elo ratings, shown on the terminal and written as Markdown, as a small
self-contained HTML page and as JSON (the numbers themselves), in the chosen language.

A player of a ``.py`` file is named with its file beside the name it declares (``Mine (alice.py)``;
``Mine (alice/player.py)`` when several players' files share a name), so that every row says
which file it is (:func:`labelled`): two students who copied the docs' ``name = "Mine"`` are told
apart by their files, not by a number.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

from nimarcade.core.match import program_name
from nimarcade.i18n import decimal, language, tr
from nimarcade.people.class_export import csv_text
from nimarcade.storage.files import atomic_write_text

from nimarcade.compete.tournament import ratings as ratings_mod
from nimarcade.compete.tournament.schedule import Entrant, GameResult

#: The tables' files' mode: readable by everyone (a temporary file, renamed, would be 0600).
PUBLISHED = 0o644
FILES = {"md": "tournament.md", "html": "tournament.html", "json": "tournament.json", "csv": "tournament.csv"}


def file_labels(paths: Sequence[str]) -> dict[str, str]:
    """Each file by the shortest end of its path that no other of ``paths`` shares (its name,
    else its folder and name...), written with ``/``."""
    parts = {p: Path(p).parts for p in paths}
    out: dict[str, str] = {}
    for path, mine in parts.items():
        n = 1
        while n < len(mine) and any(other[-n:] == mine[-n:] for q, other in parts.items() if q != path):
            n += 1
        out[path] = "/".join(mine[-n:])
    return out


def labelled(players: Sequence[Entrant]) -> list[Entrant]:
    """The players named as the tables show them: a ``.py`` player by the name it declares and
    its file (``Mine (alice.py)``), or its file's name alone when it declares none and no other
    file shares that name; others as they were. Two labels still alike get a number. The same
    whatever the labels given (made again from the files), so it may be applied twice."""
    files = file_labels([p.seat for p in players if isinstance(p.seat, str) and p.seat.endswith(".py")])
    out: list[Entrant] = []
    taken: set[str] = set()
    for p in players:
        label = p.label
        if p.seat in files:
            name, file = program_name(p.seat), files[p.seat]
            label = name if name == Path(p.seat).stem and file == Path(p.seat).name else f"{name} ({file})"
        base, n = label, 2
        while label in taken:
            label, n = f"{base} ({n})", n + 1
        taken.add(label)
        out.append(replace(p, label=label))
    return out


@dataclass
class Standings:
    """Who scored what against whom: ``points[i][j]`` of player ``i`` against ``j`` in
    ``games[i][j]`` games, their ratings, and each player's games lost by forfeit."""

    players: list[Entrant]
    points: list[list[float]]
    games: list[list[int]]
    ratings: list[ratings_mod.Rating]
    forfeits: list[list[GameResult]]

    @classmethod
    def of(cls, players: Sequence[Entrant], results: Sequence[GameResult]) -> "Standings":
        """The standings of these games; the players named with their files (:func:`labelled`)."""
        players = labelled(players)
        index = {p.ident: i for i, p in enumerate(players)}
        n = len(players)
        points = [[0.0] * n for _ in range(n)]
        played = [[0] * n for _ in range(n)]
        forfeits: list[list[GameResult]] = [[] for _ in range(n)]
        for result in results:
            a, b = (index[s] for s in result.seats)
            points[a][b] += result.points[0]
            points[b][a] += result.points[1]
            played[a][b] += 1
            played[b][a] += 1
            if result.forfeit is not None:
                forfeits[index[result.seats[result.forfeit["seat"]]]].append(result)
        fitted = ratings_mod.fit(points, played, [p.level for p in players])
        return cls(list(players), points, played, fitted, forfeits)

    def order(self) -> list[int]:
        """The players from the best rated (then in the order they were given)."""
        return sorted(range(len(self.players)), key=lambda i: (-self.ratings[i].elo, i))

    def total(self, i: int) -> tuple[float, int]:
        return sum(self.points[i]), sum(self.games[i])

    @property
    def anchor(self) -> Entrant | None:
        """The level whose rating is fixed at 0 (the weakest taking part), if any."""
        levels = [(p.level, i) for i, p in enumerate(self.players) if p.level is not None]
        return self.players[min(levels)[1]] if levels else None


def number(value: float, digits: int = 1) -> str:
    """A number as the language writes it ("7.5", « 7,5 »), without a useless ".0"."""
    return decimal(value, digits)


def level_text(rating: ratings_mod.Rating) -> str:
    if rating.level is None:
        return "—"
    if rating.beyond:
        return f"{'<' if rating.beyond < 0 else '>'} {number(rating.level, 2)}"
    return number(rating.level)


def crosstable(s: Standings) -> tuple[list[str], list[list[str]]]:
    order = s.order()
    head = ["#", tr("tourney.player")] + [s.players[j].label for j in order] + [
        tr("tourney.points"), tr("tourney.games"), "%"]
    rows = []
    for rank, i in enumerate(order, 1):
        cells = ["—" if i == j else number(s.points[i][j]) for j in order]
        points, played = s.total(i)
        rows.append([str(rank), s.players[i].label, *cells, number(points), str(played),
                     number(100 * points / played if played else 0.0)])
    return head, rows


def elo_table(s: Standings) -> tuple[list[str], list[list[str]]]:
    head = ["#", tr("tourney.player"), "Elo", "± 95 %", tr("tourney.level_equivalent"), tr("tourney.points"),
            tr("tourney.games")]
    rows = []
    for rank, i in enumerate(s.order(), 1):
        r = s.ratings[i]
        points, played = s.total(i)
        elo = f"{r.elo:+.0f}" if round(r.elo) else "0"
        rows.append([str(rank), s.players[i].label, elo, f"{r.margin:.0f}", level_text(r), number(points),
                     str(played)])
    return head, rows


def _notes(s: Standings) -> list[str]:
    anchor = s.anchor
    notes = [tr("tourney.note_anchor", level=anchor.label) if anchor else tr("tourney.note_centred")]
    for i, lost in enumerate(s.forfeits):
        if lost:
            reasons: dict[str, int] = {}
            for result in lost:
                if result.forfeit is None:           # s.forfeits holds the games lost by forfeit only
                    continue
                why = tr(result.forfeit["key"], **result.forfeit["params"])
                reasons[why] = reasons.get(why, 0) + 1
            whys = "; ".join(why if n == 1 else tr("tourney.forfeit_times", why=why, n=n)
                             for why, n in reasons.items())
            notes.append(tr("tourney.note_forfeits", name=s.players[i].label, n=len(lost), why=whys))
    return notes


def markdown_table(head: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table with its columns padded, so it reads as well on a terminal."""
    head, rows = [c.replace("|", "\\|") for c in head], [[c.replace("|", "\\|") for c in r] for r in rows]
    widths = [max(len(r[c]) for r in [head, *rows]) for c in range(len(head))]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cell.rjust(w) if k != 1 else cell.ljust(w)
                                 for k, (cell, w) in enumerate(zip(cells, widths))) + " |"

    marks = [":" + "-" * (w + 1) if k == 1 else "-" * (w + 1) + ":" for k, w in enumerate(widths)]
    rule = "|" + "|".join(marks) + "|"
    return [line(head), rule] + [line(r) for r in rows]


def markdown(s: Standings, title: str) -> str:
    cross, ratings = tr("tourney.crosstable"), tr("tourney.ratings")
    lines = [f"# {title}", "", f"## {cross}", "", *markdown_table(*crosstable(s)), "",
             f"## {ratings}", "", *markdown_table(*elo_table(s)), ""]
    lines += [f"- {note}" for note in _notes(s)]
    return "\n".join(lines) + "\n"


STYLE = ("body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
         "table{border-collapse:collapse;margin-bottom:1.5em}"
         "th,td{border:1px solid #bbb;padding:.3em .6em;text-align:right}"
         "th:nth-child(2),td:nth-child(2){text-align:left}th{background:#eee}")


def _html_table(head: list[str], rows: list[list[str]]) -> list[str]:
    out = ["<table>", "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows]
    return out + ["</table>"]


def html_page(s: Standings, title: str) -> str:
    lines = ["<!DOCTYPE html>", f'<html lang="{language()}">', "<head>", '<meta charset="utf-8">',
             f"<title>{html.escape(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
             f"<h1>{html.escape(title)}</h1>", "<h2>" + html.escape(tr("tourney.crosstable")) + "</h2>",
             *_html_table(*crosstable(s)), "<h2>" + html.escape(tr("tourney.ratings")) + "</h2>",
             *_html_table(*elo_table(s)), "<ul>", *[f"<li>{html.escape(n)}</li>" for n in _notes(s)], "</ul>",
             "</body>", "</html>"]
    return "\n".join(lines) + "\n"


def as_json(s: Standings, settings: dict[str, Any]) -> dict[str, Any]:
    """The numbers of both tables (players from the best rated)."""
    players = []
    for i in s.order():
        r, p = s.ratings[i], s.players[i]
        points, played = s.total(i)
        players.append({
            "name": p.label, "player": p.ident, "level": p.level, "points": points, "games": played,
            "elo": round(r.elo, 1), "margin": round(r.margin, 1),
            "level_equivalent": None if r.level is None else round(r.level, 2), "beyond": r.beyond,
            "forfeits": len(s.forfeits[i]),
            "against": {s.players[j].label: s.points[i][j] for j in s.order() if j != i},
        })
    anchor = s.anchor
    return {"settings": settings, "anchor": anchor.label if anchor else None,
            "method": "maximum likelihood (Bradley-Terry, Elo scale), one virtual draw a pair, "
                      "95% margins from the curvature",
            "players": players}


def csv_rows(s: Standings) -> list[list[str]]:
    """The players and their scores for a spreadsheet: the ratings' table, each player's share
    of the points and its games lost by forfeit (from the best rated)."""
    head, rows = elo_table(s)
    head = head + ["%", tr("tourney.forfeits")]
    out = [head]
    for row, i in zip(rows, s.order()):
        points, played = s.total(i)
        out.append(row + [number(100 * points / played if played else 0.0), str(len(s.forfeits[i]))])
    return out


def write_all(folder: Path, s: Standings, title: str, settings: dict[str, Any]) -> dict[str, Path]:
    """The tables as Markdown, HTML, JSON and CSV (a teacher's spreadsheet: as the class's export,
    « ; » in French, with a byte-order mark) in ``folder``; their paths."""
    texts = {"md": markdown(s, title), "html": html_page(s, title),
             "json": json.dumps(as_json(s, settings), ensure_ascii=False, indent=2) + "\n",
             "csv": "\ufeff" + csv_text(csv_rows(s))}
    paths = {}
    for kind, text in texts.items():
        paths[kind] = folder / FILES[kind]
        atomic_write_text(paths[kind], text, shared=True)
        paths[kind].chmod(PUBLISHED)        # a teacher publishes them: readable by all, as any file
    return paths
