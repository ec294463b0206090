"""``--tournament``: the students' players in a round robin with the built-in levels 1-4 as
anchors, played and kept by the tournament's own parts (:mod:`nimarcade.compete.tournament`: its
schedule, its resumable store in ``OUT/tournament/results.jsonl``, its runners and its tables,
written beside it as tournament.md, .html, .json and .csv).

Every student is an entrant named by their name and their file (``Chloé Martin (kayles.py)``),
never by the name their player declares: two players that both say ``name = "Mine"`` stay two
students. The store's settings hold each student's hash: a resubmission, or another class, starts
the tournament afresh (said in one line); Ctrl+C keeps every game finished and the same command
plays the rest.
"""
from __future__ import annotations

import contextlib
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence, TextIO

from nimarcade.compete.tournament import runners, schedule, tables
from nimarcade.compete.tournament.progress import Progress
from nimarcade.compete.tournament.store import OtherTournament, Store
from nimarcade.core import registry
from nimarcade.i18n import tr
from nimarcade.i18n.outside import printable
from nimarcade.players import catalog as catalog_mod
from nimarcade.players.program import ProgramSource

from nimarcade.classroom.judging import source_of

FOLDER = "tournament"


@dataclass(frozen=True)
class Student:
    """A student who takes part: their key, their label in the tables, their program and hash."""

    key: str
    label: str
    source: ProgramSource
    digest: str


def label_of(name: str, file: str | None, taken: set[str], key: str) -> str:
    """``Name (file.py)``, told apart by the key when two students share both; its control and
    direction characters written out (the tournament's progress lines and tables print it)."""
    name = printable(name)
    label = f"{name} ({printable(Path(file).name)})" if file else name
    if label in taken or label.endswith(".py") or label.lower() in catalog_mod.HUMAN_WORDS or label.isdigit():
        label = f"{name} ({key})"
    taken.add(label)
    return label


def student(key: str, name: str, file: str | None, player: Path | None, command: Sequence[str] | None,
            folder: Path, digest: str, taken: set[str], allow_solver: bool = False) -> Student:
    label = label_of(name, file, taken, key)
    return Student(key, label, source_of(label, player, command, folder, allow_solver), digest)


@dataclass
class Ladder:
    """What the class's report takes of the tournament: per student key, their rank, Elo, margin,
    points, games and results against each opponent; and the levels' places."""

    rows: dict[str, dict[str, Any]]
    anchors: list[dict[str, Any]]
    files: dict[str, Path]


def play(students: Sequence[Student], game: str, level_id: str, params: Mapping[str, Any], per_pair: int,
         move_time: float, seed: int, jobs: int, client: Any, out: Path, title: str, err: TextIO) -> Ladder:
    """Play what is missing of the round robin (KeyboardInterrupt keeps what finished), then
    rate everyone and write the tournament's tables."""
    levels = schedule.entrants(list(registry.AI_LEVELS), catalog_mod.Catalog(), tr("tourney.level"))
    entrants = [schedule.Entrant(s.label, s.label, s.source) for s in students] + levels
    settings = {"game": game, "level": level_id, "params": dict(params), "seed": seed, "time": move_time,
                "students": {s.label: s.digest for s in students}}
    folder = out / FOLDER
    try:
        store = Store(folder, settings)
    except OtherTournament:
        err.write(tr("class.tournament_restarted", folder=str(folder)) + "\n")
        shutil.rmtree(folder)
        store = Store(folder, settings)
    every = schedule.tasks(entrants, game, level_id, params, per_pair, seed, move_time)
    todo = [t for t in every if t.key not in store.results]
    by_ident = {e.ident: e for e in entrants}
    progress = Progress(len(every), len(every) - len(todo), err)
    if len(todo) < len(every):
        err.write(tr("tourney.resumed", n=len(every) - len(todo), left=len(todo)) + "\n")
    if client is not None:
        source = runners.cluster(todo, client)
    elif jobs > 1 and len(todo) > 1:
        source = runners.processes(todo, min(jobs, len(todo)))
    else:
        source = runners.here(todo)
    try:
        with contextlib.closing(source) as results:
            for result in results:
                names = [by_ident[s].file_label for s in result.seats]
                store.add(result, f"{names[0]}-{names[1]}-{int(result.key.rsplit('|', 1)[1]):03d}")
                a, b = (by_ident[s].label for s in result.seats)
                progress.advance(f"{a} – {b} {result.result}")
    finally:
        progress.close()
    standings = tables.Standings.of(entrants, [store.results[t.key] for t in every])
    files = tables.write_all(folder, standings, title, settings)
    for path in folder.rglob("*"):          # the teacher publishes the tables and the games
        if path.is_file() and not path.is_symlink():
            path.chmod(0o644)
    return _ladder(standings, students, files)


def _ladder(s: tables.Standings, students: Sequence[Student], files: dict[str, Path]) -> Ladder:
    rank = {i: r for r, i in enumerate(s.order(), 1)}
    by_label = {st.label: st.key for st in students}
    rows: dict[str, dict[str, Any]] = {}
    anchors: list[dict[str, Any]] = []
    for i, entrant in enumerate(s.players):
        rating = s.ratings[i]
        if entrant.level is not None:
            anchors.append({"name": entrant.label, "rank": rank[i], "elo": round(rating.elo, 1)})
            continue
        points, played = s.total(i)
        rows[by_label[entrant.label]] = {
            "rank": rank[i], "elo": round(rating.elo, 1), "elo_margin": round(rating.margin, 1),
            "points": points, "games": played,
            "results": [{"opponent": s.players[j].label, "points": s.points[i][j], "games": s.games[i][j]}
                        for j in s.order() if j != i and s.games[i][j]]}
    anchors.sort(key=lambda a: a["rank"])
    return Ladder(rows, anchors, files)
