"""Named players' games and the class's results: a finished game lands in each named player's
profile (counted by card and opponent, its record kept), records keep the names, a rename follows
into the other players' games, and the CSV files (and ``python -m nimarcade.players``) read back
with the csv module, French with « ; », English with « , »."""
from __future__ import annotations

import csv
import datetime
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from nimarcade.people import class_export
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.i18n import set_language
from nimarcade.people.profiles import Profiles, RecentGame
from nimarcade.people.roster import Counting, games_of, opponent_label
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.people.stats import Stats

DAY = datetime.date(2026, 11, 24)


def played(names: tuple[str, str], seats=(HUMAN, HUMAN)) -> Match:
    """A whole game of Sticks (10 sticks, the last one loses), both sides taking 1."""
    level = next(lv for lv in levels.load("sticks") if lv.id == "petit")
    match = Match.begin(MatchConfig("sticks", level, dict(level.params), seats, "me", names=names), 0)
    while not match.is_over:
        match.play(match.state.legal_moves()[0])
    return match


def read_back(text: str, sep: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text), delimiter=sep))


def test_a_game_between_two_named_players_lands_in_both_profiles(tmp_path: Path) -> None:
    book = Profiles(tmp_path)
    book.add("Zoé")
    book.add("Léo")
    match = played(("Zoé", "Léo"))
    counted = Counting(Stats(None), book)
    assert counted.record(match) is None
    zoe, leo = book.get("zoé"), book.get("LÉO")
    winner = match.seat_of(match.winner)
    assert {zoe.recent[0].result, leo.recent[0].result} == {"won", "lost"}
    assert (zoe.recent[0].result == "won") == (winner == 0)
    assert zoe.recent[0].opponent == "player Léo" and leo.recent[0].opponent == "player Zoé"
    assert zoe.total("") == 1 and zoe.tallies[0].card == "sticks" and book.current.name == "Zoé"
    again = records.read(zoe.recent[0].record)
    assert again.config.names == ("Zoé", "Léo") and again.moves == match.moves
    # a rename follows into the other's games, and the file keeps it all
    book.rename("Léo", "Léon")
    assert book.get("Zoé").recent[0].opponent == "player Léon" and book.get("Zoé").tallies[0].opponent == "player Léon"
    assert book.save() is None
    again = Profiles(tmp_path)
    assert again.load().problem is None and again.get("Zoé") == book.get("Zoé")


def test_anonymous_demo_and_unfinished_games_are_nobody_s() -> None:
    assert games_of(played(("", ""))) == []
    level = next(lv for lv in levels.load("sticks") if lv.id == "petit")
    going = Match.begin(MatchConfig("sticks", level, dict(level.params), (HUMAN, 2), "me", names=("Zoé", "")), 0)
    assert games_of(going) == []
    against = played(("Zoé", "Léo"), seats=(HUMAN, 3))        # a name on a computer's seat counts for nobody
    assert [name for name, _ in games_of(against, DAY)] == ["Zoé"]
    assert games_of(against, DAY)[0][1].opponent == "computer 3"
    assert "Name2" not in records.write(against) and '[Name1 "Zoé"]' in records.write(against)


def test_a_record_with_a_bad_name_is_refused() -> None:
    text = records.write(played(("Zoé", ""))).replace('[Name1 "Zoé"]', '[Name1 ""]')
    assert records.read(text).config.names == ("", "")
    with pytest.raises(records.RecordError):
        records.read(records.write(played(("Zoé", ""))).replace('[Name1 "Zoé"]', '[Name1 "' + "x" * 40 + '"]'))


def class_book() -> Profiles:
    book = Profiles(None)
    for name in ("Zoé", "Adam", "Léo"):
        book.add(name, DAY)
    match = played(("Zoé", "Léo"))
    Counting(Stats(None), book).record(match)
    book.add_game("Adam", RecentGame("2026-11-20", "heaps", "x", "computer 2", "drawn", 12))
    book.answer_puzzle("Adam", "p1", 1400, True)
    return book


@pytest.mark.parametrize("lang, sep", [("fr", ";"), ("en", ",")])
def test_the_csv_reads_back_in_each_language(lang: str, sep: str) -> None:
    set_language(lang)
    try:
        book = class_book()
        players = read_back(class_export.csv_text(class_export.player_rows(book)), sep)
        games = read_back(class_export.csv_text(class_export.game_rows(book)), sep)
        computer = opponent_label("computer 2")
    finally:
        set_language("fr")
    assert players[0][0] == {"fr": "Nom", "en": "Name"}[lang] and len(players[0]) == 10
    assert [row[0] for row in players[1:]] == ["Adam", "Léo", "Zoé"]
    adam = dict(zip(class_export.PLAYER_COLUMNS, players[1]))
    assert (adam["games"], adam["drawn"], adam["solved"], adam["tried"], adam["last"]) == ("1", "1", "1", "1", "2026-11-20")
    assert int(adam["rating"]) > 1400 and adam["provisional"] == {"fr": "oui", "en": "yes"}[lang]
    zoe = dict(zip(class_export.PLAYER_COLUMNS, players[3]))
    assert zoe["games"] == "1" and int(zoe["won"]) + int(zoe["lost"]) == 1
    # the game between Zoé and Léo is written once; Adam's draw too, against the computer
    assert len(games) == 3 and games[0][0] == {"fr": "Date", "en": "Date"}[lang]
    assert {row[3] for row in games[1:]} == {"Adam", "Léo"}
    assert computer in {row[4] for row in games[1:]} and computer.startswith({"fr": "ordinateur", "en": "computer"}[lang])


def test_the_export_writes_two_files_that_never_overwrite(tmp_path: Path) -> None:
    book = class_book()
    first = class_export.export(book, tmp_path, datetime.datetime(2026, 11, 24, 10, 0, 0))
    second = class_export.export(book, tmp_path, datetime.datetime(2026, 11, 24, 10, 0, 1))
    assert set(first).isdisjoint(second) and len(list(tmp_path.glob("*.csv"))) == 4
    raw = first[0].read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and "Zoé".encode() in raw      # a BOM: Excel reads the accents


# -- the command line -------------------------------------------------------------------------------
def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = class_export.run(list(args), out, err)
    set_language("fr")
    return code, out.getvalue(), err.getvalue()


def test_the_command_writes_the_class_s_results(tmp_path: Path) -> None:
    book = class_book()
    book.file.path = tmp_path / "profiles.json"
    assert book.save() is None
    code, out, err = run("--csv", str(tmp_path / "classe.csv"), "--games", str(tmp_path / "parties.csv"),
                         "--data", str(tmp_path))
    assert code == 0 and err == "" and "classe.csv" in out and "3 lignes" in out
    with (tmp_path / "classe.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f, delimiter=";"))
    assert rows[0][0] == "Nom" and [r[0] for r in rows[1:]] == ["Adam", "Léo", "Zoé"]
    code, out, _ = run("--csv", str(tmp_path / "class.csv"), "--data", str(tmp_path), "--lang", "en")
    with (tmp_path / "class.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    assert code == 0 and "3 rows" in out and rows[0][:2] == ["Name", "Games"]


def test_the_command_says_what_went_wrong(tmp_path: Path) -> None:
    code, _, err = run("--data", str(tmp_path))                          # --csv missing
    assert code == 2 and "--csv" in err
    (tmp_path / "profiles.json").write_text(json.dumps({"kind": "nimarcade-profiles", "version": 1, "profiles": 3}))
    broken = (tmp_path / "profiles.json").read_bytes()
    code, _, err = run("--csv", str(tmp_path / "x.csv"), "--data", str(tmp_path), "--lang", "en")
    # a read-only export never changes the data it reads (no profiles.json.broken)
    assert code == 1 and "left as it is" in err and not (tmp_path / "x.csv").exists()
    assert (tmp_path / "profiles.json").read_bytes() == broken and not list(tmp_path.glob("*.broken*"))
    (tmp_path / "profiles.json").unlink()
    (tmp_path / "a-file").write_text("x")
    code, _, err = run("--csv", str(tmp_path / "a-file" / "x.csv"), "--data", str(tmp_path))
    assert code == 1 and "impossible d'écrire" in err
    code, out, _ = run("--csv", str(tmp_path / "empty.csv"), "--data", str(tmp_path))    # nobody named yet
    assert code == 0 and "0 ligne" in out
    # a data folder that does not exist is no empty class
    code, out, err = run("--csv", str(tmp_path / "none.csv"), "--data", str(tmp_path / "nobody"))
    assert code == 2 and out == "" and "nobody" in err and "n'existe pas" in err
    assert not (tmp_path / "none.csv").exists()


def test_the_games_csv_names_the_level_not_its_id() -> None:
    """« Niveau » showed ``petit`` rather than the level's name."""
    games = class_export.game_rows(class_book())
    name = levels.find_level("sticks", "petit").name()
    shown = {row[2] for row in games[1:]}
    assert name != "petit" and name in shown and "petit" not in shown   # an unknown level keeps its id


def test_python_dash_m_nimarcade_players_runs(tmp_path: Path) -> None:
    """The older door (``nimarcade people``'s alias) still writes the file and says its help."""
    done = subprocess.run([sys.executable, "-m", "nimarcade.players", "--csv", str(tmp_path / "c.csv"),
                           "--data", str(tmp_path), "--lang", "en"], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "c.csv").read_text(encoding="utf-8-sig").startswith("Name,Games,Won")
    helped = subprocess.run([sys.executable, "-m", "nimarcade.players", "--help", "--lang", "fr"],
                            capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert helped.returncode == 0 and "séparateur" in helped.stdout and "show this help" not in helped.stdout

