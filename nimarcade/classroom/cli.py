"""``nimarcade class SUBMISSIONS --game GAME [--level ID | --code CODE [--misere]] [--param K=V]
[--out DIR] [--positions N] [--pass PERCENT] [--scale 20] [--tournament] [--games N] [--time S]
[--jobs N] [--cluster ADDRESS] [--seed N] [--require-isolation] [--lang fr|en] [--positions-file F]``

A class judged, graded and ranked in one command. ``SUBMISSIONS`` is a folder or a ``.zip``
(Moodle's "Download all submissions" as it comes; :mod:`.submissions`). Each student's player is
checked, judged on the game (every position of the level, or ``--positions N`` of them, with
``--time S`` a move), asked the teacher's positions (:mod:`.teacher`), graded on ``--scale``
(default 20, rounded to 0.5) from the share of won positions it kept, and marked passed from
``--pass PERCENT``; with ``--tournament``, ranked in a round robin with the built-in levels
(``--games N`` a pair, default 2; :mod:`.ladder`). ``--jobs N`` judges N students at a time (worker
processes), ``--cluster ADDRESS`` on a Dask cluster, as the tournament does.

Outputs in ``--out`` (default ``class-<game>``): ``class.json`` (the shape is the package's
docstring), ``grades.csv`` (Moodle's offline grading worksheet), ``index.html`` and
``students/<key>.html``, each student's copy in ``submissions/<key>/``, their results in
``results/<key>.json`` (kept as each is judged: Ctrl+C keeps them, and the same command resumes
without judging again a student whose files and settings are the same), ``tournament/``.

On the error output, a line per student as they are judged (name, file, score, grade) and a
summary. Exit codes: 0 when the class was judged (whatever the grades), 2 for a usage error (no
such folder, a bad zip, a bad teacher's file, ``--require-isolation`` without a box), 130 after
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
from nimarcade.core import registry as games
from nimarcade.core.args import (GameOptionError, Parser, add_lang_option, add_game_options, at_least, card_key, changed_text,
                                 checked, level_and_params, parse_or_exit_code, prepare, seconds)
from nimarcade.i18n import N_, decimal, error_text, language, tr
from nimarcade.judge import judge as judge_mod
from nimarcade.players import isolation

from nimarcade.classroom import ladder, outputs, runners, safezip, submissions, teacher
from nimarcade.classroom.judging import Task, judge_student
from nimarcade.classroom.results import Results
from nimarcade.storage import locks

PROG = "nimarcade class"
USAGE_ERROR = 2
INTERRUPTED = 130
DEFAULT_SCALE = 20.0
GAMES_PER_PAIR = 2
UNZIPPED = ".unzipped"
#: The lock file a run holds in its ``--out`` (a second run on it meanwhile is refused, exit 2).
LOCK = ".lock"


def _percent(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 100:
        raise ValueError(text)
    return value


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
                   help=tr("class.opt_game", games=", ".join(v.key for v in games.variants())))
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
    p.add_argument("--moodle-lang", metavar="en|fr", choices=sorted(outputs.MOODLE_LANGUAGES), default="en",
                   help=tr("class.opt_moodle_lang"))
    add_lang_option(p)
    return p


def _says(err: TextIO, message: str) -> int:
    err.write(tr("cli.says", prog=PROG, message=message) + "\n")
    return USAGE_ERROR


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def _file_text(file: str | None) -> str:
    return file if file else tr("class.no_file_name")


def _progress_line(done: int, total: int, entry: dict[str, Any], scale: float, pass_mark: float | None) -> str:
    entry = outputs.finish(entry, scale, pass_mark)
    where = {"done": done, "total": total, "name": entry["name"], "file": _file_text(entry["file"])}
    if entry["status"] != "judged":
        return tr("class.progress_error", **where, why=entry["error"] or "")
    return tr("class.progress", **where, score=decimal(entry["score"] or 0.0, 1), grade=decimal(entry["grade"], 1),
              scale=decimal(scale, 1))


def _read_submissions(args: argparse.Namespace, out: Path, err: TextIO) -> list[submissions.Submission]:
    """The students (the zip unpacked safely first); UsageError-like exceptions go up."""
    source: Path = args.submissions
    if source.is_dir():
        return submissions.read(submissions.find_root(source), out / "submissions", skip=out)
    unpacked = safezip.unpack(source, out / UNZIPPED)
    try:
        for name in unpacked.refused:
            err.write(tr("class.zip_refused", name=name) + "\n")
        return submissions.read(submissions.find_root(unpacked.folder), out / "submissions")
    finally:
        shutil.rmtree(unpacked.folder, ignore_errors=True)


def _title(spec: games.GameSpec, card: games.Variant, level: levels.Level, params: dict[str, Any], code: bool) -> str:
    game, name = tr("game." + card.key), level.name()
    changed = changed_text(spec, level.params, params)
    if code:
        return tr("class.title_code", game=game, changes=changed)
    title = game if name == game else f"{game}, {name}"
    return f"{title} ({changed})" if changed else title


def run(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    """The command (see the module's docstring); its exit code."""
    args, code = parse_or_exit_code(build_parser(), prepare(argv), out, err)
    if args is None:
        return code or 0
    card = games.find_variant(args.game)
    spec = games.get(card.game)
    try:
        level, params = level_and_params(card.game, args.level or card.level, args)
    except (levels.LevelError, GameOptionError) as exc:
        return _says(err, error_text(exc) if isinstance(exc, levels.LevelError) else exc.message)
    source: Path = args.submissions
    if not source.exists() or not (source.is_dir() or source.is_file()):
        return _says(err, tr("class.no_submissions", path=str(source)))
    folder: Path = args.out or Path(f"class-{card.key}")
    busy = locks.FileLock(folder / LOCK)        # one class run a folder at a time, as a tournament
    try:
        folder.mkdir(parents=True, exist_ok=True)
        busy.acquire(wait=False)
        cases_file = teacher.find(source, args.positions_file)
        cases = teacher.read(cases_file, spec, params) if cases_file is not None else []
        students = _read_submissions(args, folder, err)
    except safezip.UnsafeZip as bad:
        return _says(err, bad.message)
    except teacher.BadPositions as bad:
        return _says(err, bad.message)
    except locks.Busy:
        return _says(err, tr("class.busy", folder=str(folder)))
    except OSError as exc:
        return _says(err, tr("class.cannot_write", folder=str(folder), why=exc.strerror or str(exc)))
    with busy:
        return _with_folder(args, spec, card, level, params, cases, students, folder, err)


def _with_folder(args: argparse.Namespace, spec: games.GameSpec, card: games.Variant, level: levels.Level,
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


def _judge_class(args: argparse.Namespace, spec: games.GameSpec, card: games.Variant, level: levels.Level,
                 params: dict[str, Any], cases: list[teacher.Case], students: list[submissions.Submission],
                 folder: Path, client: Any, err: TextIO) -> int:
    started = _now()
    positions = args.positions if args.positions is not None else spec.judge.positions
    settings = {"game": spec.id, "level": level.id, "params": params, "positions": positions, "time": args.time,
                "seed": args.seed, "cases": teacher.as_data(cases), "lang": language()}
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
                          tuple(teacher.as_data(cases)), language()))
    if not students:
        err.write(tr("class.no_students", path=str(args.submissions)) + "\n")
    elif entries:
        err.write(tr("class.resumed", n=len(entries), left=len(tasks)) + "\n")
    by_key = {s.key: s for s in students}
    try:
        for entry in runners.spread(judge_student, tasks, args.jobs, client):
            store.put(entry["key"], by_key[entry["key"]].digest, entry)
            entries[entry["key"]] = entry
            err.write(_progress_line(len(entries), len(students), entry, args.scale, args.pass_mark) + "\n")
            err.flush()
    except KeyboardInterrupt:               # what is on disk is kept, whenever the interrupt came
        done = sum(store.get(s.key, s.digest) is not None for s in students)
        err.write(tr("class.interrupted", n=done, total=len(students), folder=str(folder)) + "\n")
        return INTERRUPTED
    finished = [outputs.finish(entries[s.key], args.scale, args.pass_mark) for s in students]
    code_given = getattr(args, "code", None) is not None
    title = _title(spec, card, level, params, code_given)
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
        "students": finished, "anchors": anchors,
    }
    try:
        outputs.write_json(folder, data)
        outputs.write_csv(folder, finished, args.moodle_lang)
        report = _write_html(data, folder)
    except OSError as exc:
        return _says(err, tr("class.cannot_write", folder=str(folder), why=exc.strerror or str(exc)))
    judged = [e for e in finished if e["status"] == "judged"]
    mean = sum(e["grade"] for e in finished) / len(finished) if finished else 0.0
    err.write(tr("class.summary", n=len(judged), errors=len(finished) - len(judged), mean=decimal(mean, 1),
                 scale=decimal(args.scale, 1), report=str(report)) + "\n")
    return 0


def _number(value: float) -> float | int:
    """A whole number as an integer (a scale of 20, not 20.0)."""
    return int(value) if float(value).is_integer() else value


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    """Parameters as JSON writes them (tuples as lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}


def _tournament(args: argparse.Namespace, spec: games.GameSpec, level: levels.Level, params: dict[str, Any],
                students: list[submissions.Submission], finished: list[dict[str, Any]], folder: Path, client: Any,
                title: str, err: TextIO) -> list[dict[str, Any]]:
    """Play the ladder of the students judged, and put its numbers in their entries."""
    judged = {e["key"] for e in finished if e["status"] == "judged"}
    taken: set[str] = set()
    players = [ladder.student(s.key, s.name, s.file, s.player, s.command, s.folder, s.digest, taken)
               for s in students if s.key in judged]
    if not players:
        return []
    name = tr("tourney.title", name=title, n=args.games)
    result = ladder.play(players, spec.id, level.id, params, args.games, args.time, args.seed, args.jobs, client,
                         folder, name, err)
    for entry in finished:
        entry.update(result.rows.get(entry["key"], {}))
    return result.anchors


def _write_html(data: dict[str, Any], folder: Path) -> Path:
    """index.html and the students' pages (:mod:`.html`), readable by others; the report's path
    (class.json's when the HTML writer isn't there)."""
    try:
        from nimarcade.classroom import html as html_report
    except ImportError:
        return folder / outputs.CLASS_JSON
    write = getattr(html_report, "write_report", None)
    if write is None:
        return folder / outputs.CLASS_JSON
    index = Path(write(data, folder))
    for page in [index, *(folder / "students").glob("*.html")]:
        if page.is_file():
            page.chmod(0o644)
    return index


def main(argv: Sequence[str] | None = None) -> int:
    """The class on this process's terminal."""
    try:
        return run(list(sys.argv[1:] if argv is None else argv), sys.stdout, sys.stderr)
    except KeyboardInterrupt:               # before the first student: nothing to keep
        return INTERRUPTED
