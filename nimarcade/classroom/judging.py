"""One student judged: their file checked, their player judged by the judge's own function
(:func:`nimarcade.judge.judge.judge`) on the class's game, then asked the teacher's positions.

:func:`judge_student` takes a :class:`Task` (plain data, so that it runs in this process, in a
worker process or on a machine of a Dask cluster) and returns the student's entry of class.json
without what only the whole class knows (the grade, the feedback, the tournament): those are
computed from ``kept`` and ``won`` when the outputs are written (:mod:`.outputs`), so that
``--scale`` and ``--pass`` can change without judging again.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.i18n import N_, tr
from nimarcade.i18n.outside import printable
from nimarcade.judge import judge as judge_mod
from nimarcade.judge import report as judge_report
from nimarcade.judge.positions import Position, Tree
from nimarcade.players import catalog as catalog_mod
from nimarcade.players.files import PlayerFileError, check_python_player
from nimarcade.players.program import ProgramSource, forfeit_reason, forfeit_text, python_source

#: Distinct mistakes and forfeits kept per student (the judge's report has them all).
KEPT = 20
#: A forfeit of every position with one of these: the player never started (the student's error).
NEVER_STARTED = (N_("forfeit.no_start"), N_("forfeit.python_no_player"), N_("forfeit.not_run"),
                 N_("forfeit.uses_solver"))


@dataclass(frozen=True)
class Task:
    """What judging one student needs: who, their player (a ``.py`` file or a command, both in
    their own folder), the game, and the settings."""

    key: str
    name: str
    id: str | None
    file: str | None
    player: str | None
    command: tuple[str, ...] | None
    error: tuple[str, Mapping[str, Any]] | None
    folder: str
    game: str
    level_id: str
    params: Mapping[str, Any] = field(hash=False)
    positions: int = 1000
    move_time: float = judge_mod.DEFAULT_TIME
    seed: int = judge_mod.DEFAULT_SEED
    cases: tuple[Mapping[str, Any], ...] = ()
    lang: str = i18n.DEFAULT_LANGUAGE
    #: ``--allow-solver``: the player may import the arcade's own solvers (refused by default)
    allow_solver: bool = False


def seat_name(task: Task) -> str:
    """The name the student's program goes by for the judge (a name the catalog can hold)."""
    name = task.name.strip()
    if not name or name.endswith(".py") or name.isdigit() or name.lower() in catalog_mod.HUMAN_WORDS:
        return task.key
    return name


def source_of(name: str, player: str | Path | None, command: Sequence[str] | None, folder: str | Path,
              allow_solver: bool = False) -> ProgramSource:
    """A student's program, named ``name``, whose box shows it their own folder and nothing else."""
    if player is not None:
        return python_source(player, name=name, share=(folder,), allow_solver=allow_solver)
    return ProgramSource(name, tuple(command or ()), share=(str(folder),))


def _entry(task: Task) -> dict[str, Any]:
    return {"key": task.key, "name": task.name, "id": task.id, "file": task.file, "declared": None,
            "status": "judged", "error": None, "score": None, "kept": 0, "won": 0, "asked": 0, "not_asked": 0,
            "not_asked_reason": None, "time_max": None, "time_median": None,
            "forfeits": [], "mistakes": [], "teacher": []}


def _error(entry: dict[str, Any], message: str) -> dict[str, Any]:
    """The student not judged, and why (its file's names and its syntax error's line escaped)."""
    entry.update(status="error", error=printable(message))
    return entry


_trees: dict[tuple[str, str], Tree] = {}


def _tree(spec: registry.GameSpec, params: Mapping[str, Any]) -> Tree:
    """The positions reachable from the start (kept for the next students of this process)."""
    key = (spec.id, repr(sorted(params.items())))
    if key not in _trees:
        _trees.clear()
        _trees[key] = Tree(spec.new_state(params))
    return _trees[key]


def judge_student(task: Task) -> dict[str, Any]:
    """The student's entry (see the package's docstring), judged in the task's language."""
    i18n.set_language(task.lang)
    entry = _entry(task)
    if task.error is not None:
        return _error(entry, tr(task.error[0], **task.error[1]))
    if task.player is not None:
        try:
            declared = check_python_player(task.player, allow_solver=task.allow_solver)
        except PlayerFileError as bad:
            return _error(entry, bad.message)
        entry["declared"] = declared if declared != Path(task.player).stem else None
    spec = registry.get(task.game)
    name = seat_name(task)
    found = catalog_mod.Catalog((source_of(name, task.player, task.command, task.folder, task.allow_solver),))
    report = judge_mod.judge(spec, task.level_id, task.params, name, positions=task.positions, games_per_level=0,
                             move_time=task.move_time, seed=task.seed, found=found)
    lost = report.forfeits
    if report.verdicts and len(lost) == len(report.verdicts) and lost[0].lost.key in NEVER_STARTED:
        return _error(entry, printable(forfeit_reason(lost[0].lost)))
    # the positions not asked are counted lost: a won one stays in ``won``, the grade's denominator
    entry.update(kept=report.kept, won=report.won_count, asked=len(report.verdicts), not_asked=report.not_asked)
    entry["not_asked_reason"] = printable(judge_report.gave_up(report)) if report.not_asked else None
    entry["score"] = report.shown_score if report.shown_score is not None else 0.0
    times = report.times
    entry["time_max"] = round(max(times), 4) if times else None
    entry["time_median"] = round(statistics.median(times), 4) if times else None
    entry["forfeits"] = _forfeits(spec, report.forfeits)
    entry["mistakes"] = _mistakes(spec, report.mistakes)
    entry["teacher"] = _judge_cases(spec, report) + _teacher_cases(spec, task, name, found)
    return entry


def _moves(spec: registry.GameSpec, moves: Sequence[Any]) -> list[str]:
    return [spec.notation.format_move(m) for m in moves]


def _board(spec: registry.GameSpec, state: Any) -> str:
    return "\n".join(spec.text.board(state, True)) if spec.text.board is not None else ""


def _forfeits(spec: registry.GameSpec, verdicts: Sequence[judge_mod.Verdict]) -> list[dict[str, Any]]:
    """Each distinct forfeit once (the same reason and output), in the order they came."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for v in verdicts:
        text = tuple(forfeit_text(v.lost))
        if text in seen:
            continue
        seen.add(text)
        out.append({"moves": _moves(spec, v.position.moves), "board": _board(spec, v.position.state),
                    "reason": printable(forfeit_reason(v.lost)),
                    "exception": printable(str(v.lost.params.get("exception") or "")) or None,
                    "output": [printable(line) for line in v.lost.details]})
        if len(out) >= KEPT:
            break
    return out


def _mistakes(spec: registry.GameSpec, verdicts: Sequence[judge_mod.Verdict]) -> list[dict[str, Any]]:
    """Each distinct mistake once (the same board, move and winning moves), simplest first."""
    seen: set[Any] = set()
    out = []
    for v in verdicts:
        board = _board(spec, v.position.state)
        mark = (board or v.position.moves, v.move, v.position.winning)
        if mark in seen:
            continue
        seen.add(mark)
        out.append({"moves": _moves(spec, v.position.moves), "board": board,
                    "played": spec.notation.format_move(v.move), "winning": _moves(spec, v.position.winning)})
        if len(out) >= KEPT:
            break
    return out


def _position_text(spec: registry.GameSpec, state: Any) -> str | None:
    if spec.position is None:
        return None
    try:
        return spec.position_text(state)
    except Exception:  # noqa: BLE001 - a state the game can't write: the report names it by its moves
        return None


def _judge_cases(spec: registry.GameSpec, report: judge_mod.Report) -> list[dict[str, Any]]:
    """The game's own teacher's cases (seed 001's under Fort Boyard's rule), as the judge asked them."""
    out = []
    for t in report.teacher:
        v = t.verdict
        row = {"label": t.label, "position": _position_text(spec, v.position.state) if v else None,
               "expected": _moves(spec, t.expected),
               "played": None if v is None or v.forfeit else spec.notation.format_move(v.move),
               "passed": t.passed if v is not None else None}
        if v is not None and v.forfeit is not None:
            row["forfeit"] = printable(tr(v.forfeit.key, **v.forfeit.params))
        out.append(row)
    return out


def _teacher_cases(spec: registry.GameSpec, task: Task, name: str, found: catalog_mod.Catalog) -> list[dict[str, Any]]:
    """The teacher's positions (:mod:`.teacher`), each asked where the level's start reaches it."""
    if not task.cases:
        return []
    reached: dict[str, int] = {}
    tree = _tree(spec, task.params) if spec.winning_moves is not None else None
    if tree is not None:
        for i, state in enumerate(tree.states):
            text = _position_text(spec, state)
            if text is not None and not state.is_over:
                reached.setdefault(text, i)
    asker = judge_mod.Asker(spec, task.params, name, task.move_time, task.seed, found)
    out = []
    try:
        for case in task.cases:
            row = {"label": case["label"], "position": case["start"], "expected": list(case["expect"]),
                   "played": None, "passed": None}
            out.append(row)
            try:
                wanted = _position_text(spec, spec.start_state(task.params, case["start"]))
            except Exception:  # noqa: BLE001 - checked when read; a position of another rule: n/a
                continue
            if tree is None or wanted not in reached:
                continue
            i = reached[wanted]
            state = tree.states[i]
            winning = tuple(spec.winning(state))
            if not case["expect"]:              # any winning move: named, even when lost by forfeit
                row["expected"] = _moves(spec, winning)
            verdict = asker.ask(Position(tree.path(i), state, winning, 0))
            if verdict.forfeit is not None:
                row["passed"] = False
                row["forfeit"] = printable(tr(verdict.forfeit.key, **verdict.forfeit.params))
                continue
            row["played"] = spec.notation.format_move(verdict.move)
            accepted = {spec.read_move(state, m) for m in case["expect"]} if case["expect"] else set(winning)
            row["passed"] = verdict.move in accepted
    finally:
        asker.close()
    return out

