"""``nimarcade class SUBMISSIONS --game GAME [--level ID | --code CODE [--misere]] [--param K=V]
[--out DIR] [--positions N] [--pass PERCENT] [--scale 20] [--tournament] [--games N] [--time S]
[--jobs N] [--cluster ADDRESS] [--seed N] [--require-isolation] [--lang fr|en] [--positions-file F]
[--baseline random|first|FILE] [--starter FILE] [--max-size MB] [--allow-solver] [--moodle-lang fr|en|...]
[--worksheet FILE] [--deadline DATETIME]``

A class judged, graded and ranked in one command. ``SUBMISSIONS`` is a folder or a ``.zip``
(Moodle's "Download all submissions" as it comes; :mod:`.submissions`); a student whose files
go beyond ``--max-size MB`` (default 32) or 2,000 files is that student's error ("too big"), the
others are judged (:mod:`.safezip`). Each student's player is
checked, judged on the game (every position of the level, or ``--positions N`` of them, with
``--time S`` a move), asked the teacher's positions (:mod:`.teacher`), graded on ``--scale``
(default 20, rounded to 0.5) from the share of won positions it kept (from ``--baseline``'s
share, 0, to perfect, the scale: :func:`.outputs.grade`), and marked passed when that grade
reaches ``--pass PERCENT`` of the scale; the share that a random player and a first-move player
keep on the same positions is always in the report (:func:`nimarcade.judge.judge.floor_scores`); with ``--tournament``, ranked in a round robin with the built-in levels
(``--games N`` a pair, default 2; :mod:`.ladder`). ``--jobs N`` judges N students at a time (worker
processes), ``--cluster ADDRESS`` on a Dask cluster, as the tournament does. Once judged, every
pair of students' copies is compared (:mod:`.similar`: alike once comments, names and layout are
set aside, the starters of examples/starters/ and ``--starter FILE`` not counted): the pairs
flagged go into ``class.json``'s ``similar``, ``index.html``'s last table and a page each,
``similar/<a>--<b>.html`` (:mod:`.html_similar`), never into a student's own page. A Python
player that imports the arcade's own solver, engines or tables is not judged, with that reason
(its file is refused, or its import in the box: :mod:`nimarcade.players.host`), unless
``--allow-solver``.

Outputs in ``--out`` (default ``class-<game>``): ``class.json`` (the shape is the package's
docstring), ``grades.csv`` (Moodle's offline grading worksheet, in the words and decimals of the
``--moodle-lang`` site), ``feedback.zip`` (each student's page for Moodle's feedback files), with
``--worksheet FILE`` that worksheet downloaded from Moodle filled in, every column kept
(``worksheet.csv``; ``--deadline`` marks the late submissions from its dates: :mod:`.moodle`),
``index.html`` and ``students/<key>.html``; each run's own copy of those in ``runs/<date-time>/``,
never overwritten, the top being the latest run's (:mod:`.runs`; :mod:`.writing` writes them); each student's copy in
``submissions/<key>/``, their results in ``results/<key>.json`` (kept as each is judged: Ctrl+C
keeps them, and the same command resumes without judging again a student whose files and
settings are the same), ``tournament/``.

On the error output, a line per student as they are judged (name, file, score, grade) and a
summary. Exit codes: 0 when the class was judged (whatever the grades), 2 for a usage error (no
such folder, a bad zip, a bad teacher's file or worksheet, ``--require-isolation`` without a box), 130 after
Ctrl+C (what was judged is kept).
"""
from __future__ import annotations

import argparse
import datetime
import shutil
import sys
from pathlib import Path
from typing import Any, Sequence, TextIO

from nimarcade.core import levels
from nimarcade.core import registry
from nimarcade.core.args import (GameOptionError, Parser, add_lang_option, add_game_options, at_least, board_title, card_key,
                                 checked, level_and_params, parse_or_exit_code, prepare, seconds)
from nimarcade.i18n import FALLBACK_LANGUAGE, N_, Said, decimal, error_text, language, language_list, languages, tr
from nimarcade.i18n.outside import printable
from nimarcade.judge import judge as judge_mod
from nimarcade.players import catalog as catalog_mod
from nimarcade.players.files import PlayerFileError
from nimarcade.players import isolation

from nimarcade.classroom import ladder, moodle, outputs, runners, safezip, similar, submissions, teacher
from nimarcade.classroom import writing
from nimarcade.classroom.judging import Task, judge_student
from nimarcade.classroom.results import Results
from nimarcade.storage import locks

PROG = "nimarcade class"
USAGE_ERROR = 2
INTERRUPTED = 130
DEFAULT_SCALE = 20.0
GAMES_PER_PAIR = 2
UNZIPPED = ".unzipped"
#: The students' copies in ``--out``, and where the last run's wait while this run copies anew.
SUBMISSIONS, SUBMISSIONS_BEFORE = "submissions", ".submissions.before"
MB = 1024 * 1024
#: ``--max-size`` at most (megabytes a student): beyond, the whole zip's bound stops it anyway.
MAX_SIZE_MB = safezip.MAX_BYTES // MB
#: The lock file a run holds in its ``--out`` (a second run on it meanwhile is refused, exit 2).
LOCK = ".lock"


def _megabytes(text: str) -> float:
    value = float(text)
    if not 0 < value <= MAX_SIZE_MB:
        raise ValueError(text)
    return value


def _percent(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 100:
        raise ValueError(text)
    return value


def _deadline(text: str) -> datetime.datetime:
    """``--deadline``: an ISO date and time, local time (``2026-12-06 18:00``); a day alone is its end."""
    when = datetime.datetime.fromisoformat(text.strip())
    if len(text.strip()) <= 10:
        when = when.replace(hour=23, minute=59, second=59)
    return when.astimezone().replace(tzinfo=None) if when.tzinfo else when


def _scale(text: str) -> float:
    value = float(text)
    if not 0 < value <= 1000:
        raise ValueError(text)
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command's translated parser."""
    p = Parser(prog=PROG, description=tr("class.description"), add_help=False)
    p.add_argument("-h", "--help", action="help", help=tr("cli.help"))
    p.add_argument("submissions", metavar="SUBMISSIONS", type=Path, help=tr("class.opt_submissions"))
    p.add_argument("--game", required=True, metavar=tr("text.metavar_game"), type=checked(card_key, N_("text.cli_game")),
                   help=tr("class.opt_game", games=", ".join(v.key for v in registry.variants())))
    p.add_argument("--level", metavar="ID", help=tr("class.opt_level"))
    add_game_options(p)
    p.add_argument("--out", metavar="DIR", type=Path, help=tr("class.opt_out"))
    p.add_argument("--positions", metavar="N", type=checked(at_least(1), N_("cli.count")), help=tr("class.opt_positions"))
    p.add_argument("--positions-file", metavar="F", type=Path, help=tr("class.opt_positions_file"))
    p.add_argument("--pass", dest="pass_mark", metavar="PERCENT", type=checked(_percent, N_("class.cli_percent")),
                   help=tr("class.opt_pass"))
    p.add_argument("--scale", metavar="N", type=checked(_scale, N_("class.cli_scale")), default=DEFAULT_SCALE,
                   help=tr("class.opt_scale", n=decimal(DEFAULT_SCALE, 0)))
    p.add_argument("--tournament", action="store_true", help=tr("class.opt_tournament"))
    p.add_argument("--games", metavar="N", type=checked(at_least(1), N_("cli.count")), default=GAMES_PER_PAIR,
                   help=tr("class.opt_games", n=GAMES_PER_PAIR))
    p.add_argument("--time", metavar="S", type=checked(seconds, N_("text.cli_time")), default=judge_mod.DEFAULT_TIME,
                   help=tr("class.opt_time", s=decimal(judge_mod.DEFAULT_TIME, 1)))
    p.add_argument("--jobs", metavar="N", type=checked(at_least(1), N_("cli.count")), default=1, help=tr("class.opt_jobs"))
    p.add_argument("--cluster", metavar="ADDRESS", help=tr("class.opt_cluster"))
    p.add_argument("--seed", metavar="N", type=checked(int, N_("text.cli_seed")), default=judge_mod.DEFAULT_SEED,
                   help=tr("class.opt_seed"))
    isolation.add_option(p)
    p.add_argument("--allow-solver", action="store_true", help=tr("class.opt_allow_solver"))
    p.add_argument("--baseline", metavar="random|first|FILE", help=tr("class.opt_baseline"))
    p.add_argument("--starter", metavar="FILE", type=Path, action="append", default=[], help=tr("class.opt_starter"))
    p.add_argument("--max-size", metavar="MB", type=checked(_megabytes, N_("class.cli_megabytes")),
                   default=safezip.STUDENT_BYTES / MB, help=tr("class.opt_max_size", mb=safezip.STUDENT_BYTES // MB))
    p.add_argument("--moodle-lang", metavar=language_list(), choices=languages(), default=FALLBACK_LANGUAGE,
                   help=tr("class.opt_moodle_lang"))
    p.add_argument("--worksheet", metavar="FILE", type=Path, help=tr("class.opt_worksheet"))
    p.add_argument("--deadline", metavar="DATETIME", type=checked(_deadline, N_("class.cli_deadline")),
                   help=tr("class.opt_deadline"))
    add_lang_option(p)
    return p


def _says(err: TextIO, message: str) -> int:
    err.write(tr("cli.says", prog=PROG, message=message) + "\n")
    return USAGE_ERROR


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def _file_text(file: str | None) -> str:
    return file if file else tr("class.no_file_name")


def _progress_line(done: int, total: int, entry: dict[str, Any], scale: float, pass_mark: float | None,
                   base: float | None = None) -> str:
    entry = outputs.finish(entry, scale, pass_mark, base)
    where = {"done": done, "total": total, "name": entry["name"], "file": _file_text(entry["file"])}
    if entry["status"] != "judged":
        return printable(tr("class.progress_error", **where, why=entry["error"] or ""))
    return printable(tr("class.progress", **where, score=decimal(entry["score"] or 0.0, 1),
                        grade=decimal(entry["grade"], 1), scale=decimal(scale, 1)))


class CopyFailed(Exception):
    """The students' files could not be copied into ``--out`` (a full disk): the folder was put
    back as it was (:func:`_read_submissions`)."""

    def __init__(self, why: OSError) -> None:
        self.why = why.strerror or str(why)
        super().__init__(self.why)


def _out_problem(folder: Path) -> str | None:
    """What is wrong with ``--out`` before anything is written, said with what to do: it (or a
    folder above it) is a file, or a link to nothing; None when it is or can be a folder."""
    for path in (folder, *folder.parents):
        if path.is_symlink() and not path.exists():
            return tr("class.out_dangling", folder=str(folder), path=str(path), target=str(path.readlink()))
        if path.exists():
            return None if path.is_dir() else tr("class.out_not_folder", folder=str(folder), path=str(path))
    return None


def _read_submissions(args: argparse.Namespace, out: Path, err: TextIO) -> list[submissions.Submission]:
    """The students (the zip unpacked safely first), copied into ``out/submissions/``; the usage
    errors go up. The last run's copy is set aside meanwhile and put back if this copy fails
    (:class:`CopyFailed`: a full disk) or is interrupted, the unpacked zip removed: the folder is
    left as it was."""
    copies, before = out / SUBMISSIONS, out / SUBMISSIONS_BEFORE
    if before.is_dir() and not copies.exists():     # a run stopped while it was set aside
        before.rename(copies)
    shutil.rmtree(before, ignore_errors=True)
    if copies.is_dir():
        copies.rename(before)
    try:
        students = _copy_submissions(args, out, err)
    except BaseException as exc:
        shutil.rmtree(copies, ignore_errors=True)
        shutil.rmtree(out / UNZIPPED, ignore_errors=True)
        if before.is_dir():
            before.rename(copies)
        if isinstance(exc, OSError):
            raise CopyFailed(exc) from exc
        raise
    shutil.rmtree(before, ignore_errors=True)
    return students


def _copy_submissions(args: argparse.Namespace, out: Path, err: TextIO) -> list[submissions.Submission]:
    source: Path = args.submissions
    limit = int(args.max_size * MB)
    if source.is_dir():
        return submissions.read(submissions.find_root(source), out / SUBMISSIONS, skip=out, max_bytes=limit)
    unpacked = safezip.unpack(source, out / UNZIPPED, student_bytes=limit)
    try:
        for name in unpacked.refused:
            err.write(printable(tr("class.zip_refused", name=name)) + "\n")
        too_big = {unpacked.folder.joinpath(*where.parts): size for where, size in unpacked.too_big.items()}
        return submissions.read(submissions.find_root(unpacked.folder), out / SUBMISSIONS, max_bytes=limit,
                                too_big=too_big)
    finally:
        shutil.rmtree(unpacked.folder, ignore_errors=True)


def _title(spec: registry.GameSpec, card: registry.Variant, level: levels.Level, params: dict[str, Any]) -> str:
    """The class's board (:func:`nimarcade.core.args.board_title`: another code names no level)."""
    return board_title(spec, card, level, params)


def run(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    """The command (see the module's docstring); its exit code."""
    args, code = parse_or_exit_code(build_parser(), prepare(argv), out, err)
    if args is None:
        return code or 0
    card = registry.find_variant(args.game)
    spec = registry.get(card.game)
    try:
        level, params = level_and_params(card.game, args.level or card.level, args)
    except (levels.LevelError, GameOptionError) as exc:
        return _says(err, error_text(exc) if isinstance(exc, levels.LevelError) else exc.message)
    source: Path = args.submissions
    if not source.exists() or not (source.is_dir() or source.is_file()):
        return _says(err, tr("class.no_submissions", path=str(source)))
    for starter in args.starter:
        if not starter.is_file():
            return _says(err, tr("class.no_starter", path=str(starter)))
    if args.baseline is not None and args.baseline not in judge_mod.FLOORS and not Path(args.baseline).is_file():
        return _says(err, tr("class.baseline_missing", path=args.baseline, floors=", ".join(judge_mod.FLOORS)))
    folder: Path = args.out or Path(f"class-{card.key}")
    problem = _out_problem(folder)              # a file, a link to nothing: said with what to do
    if problem is not None:
        return _says(err, problem)
    busy = locks.FileLock(folder / LOCK)        # one class run a folder at a time, as a tournament
    try:
        folder.mkdir(parents=True, exist_ok=True)
        busy.acquire(wait=False)
        cases_file = teacher.find(source, args.positions_file)
        cases = teacher.read(cases_file, spec, params) if cases_file is not None else []
        # the teacher's worksheet, read (and refused, exit 2) before anyone is judged
        args.sheet = moodle.Worksheet.read(args.worksheet) if args.worksheet is not None else None
        students = _read_submissions(args, folder, err)
    except safezip.UnsafeZip as bad:
        return _says(err, bad.message)
    except teacher.BadPositions as bad:
        return _says(err, bad.message)
    except moodle.BadWorksheet as bad:
        return _says(err, bad.message)
    except locks.Busy:
        return _says(err, tr("class.busy", folder=str(folder)))
    except CopyFailed as failed:
        return _says(err, tr("class.copy_failed", folder=str(folder), why=failed.why))
    except OSError as exc:
        return _says(err, tr("class.cannot_write", folder=str(folder), why=exc.strerror or str(exc)))
    with busy:
        return _with_folder(args, spec, card, level, params, cases, students, folder, err)


def _with_folder(args: argparse.Namespace, spec: registry.GameSpec, card: registry.Variant, level: levels.Level,
                 params: dict[str, Any], cases: list[teacher.Case], students: list[submissions.Submission],
                 folder: Path, err: TextIO) -> int:
    """The class judged (then its tournament played) in ``folder``, which this run holds."""
    refused = isolation.announce(err, require=args.require_isolation)
    if refused is not None:
        return refused
    client = None
    if args.cluster:
        from nimarcade.compete.tournament import runners as tourney_runners

        try:
            client = tourney_runners.connect(args.cluster)
        except tourney_runners.ClusterMissing:
            return _says(err, tr("tourney.no_dask"))
        except tourney_runners.ClusterUnreachable as exc:
            return _says(err, tr("tourney.no_cluster", address=args.cluster, why=exc.why))
    try:
        return _judge_class(args, spec, card, level, params, cases, students, folder, client, err)
    finally:
        if client is not None:
            client.close()


def _judge_class(args: argparse.Namespace, spec: registry.GameSpec, card: registry.Variant, level: levels.Level,
                 params: dict[str, Any], cases: list[teacher.Case], students: list[submissions.Submission],
                 folder: Path, client: Any, err: TextIO) -> int:
    started = _now()
    positions = args.positions if args.positions is not None else spec.judge.positions
    settings = {"game": spec.id, "level": level.id, "params": params, "positions": positions, "time": args.time,
                "seed": args.seed, "cases": teacher.as_data(cases), "lang": language(), "rules": judge_mod.RULES,
                **({"allow_solver": True} if args.allow_solver else {})}
    try:
        floors, baseline = _floors(args, spec, level, params, positions)
    except BaselineFailed as failed:
        return _says(err, failed.message)
    base = None if baseline is None else baseline["score"]
    store = Results(folder / "results", settings)
    entries: dict[str, dict[str, Any]] = {}
    tasks = []
    for s in students:
        kept = store.get(s.key, s.digest)
        if kept is not None:
            entries[s.key] = kept
            continue
        tasks.append(Task(s.key, s.name, s.id, s.file, str(s.player) if s.player else None, s.command, s.error,
                          str(s.folder), spec.id, level.id, params, positions, args.time, args.seed,
                          tuple(teacher.as_data(cases)), language(), allow_solver=args.allow_solver))
    if not students:
        err.write(tr("class.no_students", path=str(args.submissions)) + "\n")
    elif entries:
        err.write(tr("class.resumed", n=len(entries), left=len(tasks)) + "\n")
    by_key = {s.key: s for s in students}
    try:
        for entry in runners.spread(judge_student, tasks, args.jobs, client):
            store.put(entry["key"], by_key[entry["key"]].digest, entry)
            entries[entry["key"]] = entry
            err.write(_progress_line(len(entries), len(students), entry, args.scale, args.pass_mark, base) + "\n")
            err.flush()
    except KeyboardInterrupt:               # what is on disk is kept, whenever the interrupt came
        done = sum(store.get(s.key, s.digest) is not None for s in students)
        err.write(tr("class.interrupted", n=done, total=len(students), folder=str(folder)) + "\n")
        return INTERRUPTED
    finished = [outputs.finish(entries[s.key], args.scale, args.pass_mark, base) for s in students]
    code_given = getattr(args, "code", None) is not None
    title = _title(spec, card, level, params)
    anchors: list[dict[str, Any]] = []
    if args.tournament:
        try:
            anchors = _tournament(args, spec, level, params, students, finished, folder, client, title, err)
        except KeyboardInterrupt:
            err.write(tr("class.tournament_interrupted", folder=str(folder)) + "\n")
            return INTERRUPTED
    data = {
        "format": 1, "lang": language(), "game": spec.id, "card": card.key, "title": title,
        "level": None if code_given else level.id, "code": params.get("code") if code_given else None,
        "misere": bool(params.get("misere", False)), "params": _plain(params), "scale": _number(args.scale),
        "pass": args.pass_mark, "isolated": isolation.isolation().boxed,
        "positions": max((e["asked"] + e["not_asked"] for e in finished if e["status"] == "judged"), default=0),
        "tournament": bool(args.tournament), "started": started, "finished": _now(),
        "floors": floors, "baseline": baseline, "time": args.time,
        "time_allowed": round(judge_mod.allowed(args.time), 3),
        "students": finished, "anchors": anchors,
        "similar": similar.find([(s.key, s.name, s.folder) for s in students],
                                [*similar.shipped_starters(), *args.starter]),
        "similar_threshold": similar.THRESHOLD,
    }
    if data["similar"]:
        err.write(tr("class.similar_found", n=len(data["similar"])) + "\n")
    try:
        report = writing.write_run(args, data, folder, err)
    except OSError as exc:
        return _says(err, tr("class.cannot_write", folder=str(folder), why=exc.strerror or str(exc)))
    judged = [e for e in finished if e["status"] == "judged"]
    mean = sum(e["grade"] for e in finished) / len(finished) if finished else 0.0
    err.write(tr("class.summary", n=len(judged), errors=len(finished) - len(judged), mean=decimal(mean, 1),
                 scale=decimal(args.scale, 1), report=str(report)) + "\n")
    return 0


class BaselineFailed(Said):
    """The teacher's baseline player could not be judged (it is the run's error: exit 2)."""


def _floors(args: argparse.Namespace, spec: registry.GameSpec, level: levels.Level, params: dict[str, Any],
            positions: int) -> tuple[dict[str, float | None], dict[str, Any] | None]:
    """What a random player and a first-move player keep of the positions every student is asked
    (percent, to 0.1), and the baseline the grades start from (``--baseline``: one of those, or a
    teacher's player judged as a student is), None without one."""
    sample, _ = judge_mod.sample_for(spec, params, positions, args.seed)
    floors = {k: None if v is None else round(v, 1) for k, v in judge_mod.floor_scores(sample.positions).items()}
    if args.baseline is None:
        return floors, None
    if args.baseline in judge_mod.FLOORS:
        return floors, {"by": args.baseline, "file": None, "score": floors[args.baseline] or 0.0}
    path = Path(args.baseline).resolve()
    try:
        seat = catalog_mod.parse_seat(str(path))         # a .py player, checked as the judge checks it
    except (PlayerFileError, ValueError) as bad:
        why = bad.message if isinstance(bad, PlayerFileError) else str(path)
        raise BaselineFailed(N_("class.baseline_failed"), file=args.baseline, why=why) from None
    report = judge_mod.judge(spec, level.id, params, seat, positions=positions, games_per_level=0,
                             move_time=args.time, seed=args.seed)
    if report.cannot_start:
        lost = report.forfeits[0].lost if report.forfeits else None
        raise BaselineFailed(N_("class.baseline_failed"), file=args.baseline,
                             why=tr(lost.key, **lost.params) if lost is not None else "?")
    return floors, {"by": "file", "file": path.name, "score": report.shown_score or 0.0}


def _number(value: float) -> float | int:
    """A whole number as an integer (a scale of 20, not 20.0)."""
    return int(value) if float(value).is_integer() else value


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    """Parameters as JSON writes them (tuples as lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}


def _tournament(args: argparse.Namespace, spec: registry.GameSpec, level: levels.Level, params: dict[str, Any],
                students: list[submissions.Submission], finished: list[dict[str, Any]], folder: Path, client: Any,
                title: str, err: TextIO) -> list[dict[str, Any]]:
    """Play the ladder of the students judged, and put its numbers in their entries."""
    judged = {e["key"] for e in finished if e["status"] == "judged"}
    taken: set[str] = set()
    players = [ladder.student(s.key, s.name, s.file, s.player, s.command, s.folder, s.digest, taken,
                              args.allow_solver)
               for s in students if s.key in judged]
    if not players:
        return []
    name = tr("tourney.title", name=title, n=args.games)
    result = ladder.play(players, spec.id, level.id, params, args.games, args.time, args.seed, args.jobs, client,
                         folder, name, err)
    for entry in finished:
        entry.update(result.rows.get(entry["key"], {}))
    return result.anchors


def main(argv: Sequence[str] | None = None) -> int:
    """The class on this process's terminal."""
    try:
        return run(list(sys.argv[1:] if argv is None else argv), sys.stdout, sys.stderr)
    except KeyboardInterrupt:               # before the first student: nothing to keep
        return INTERRUPTED
