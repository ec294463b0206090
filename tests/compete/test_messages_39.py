"""The commands' words: ``--lang`` before the subcommand, a missing player file, each
command's own name in its usage, ``players --csv`` into a folder that isn't there, the arena's
header and game lines, the tournament's tables readable by all and « relatif au niveau 1 »."""
from __future__ import annotations

import io
import stat

import pytest

from nimarcade import cli, i18n
from nimarcade.compete import arena
from nimarcade.compete.tournament import schedule, tables
from nimarcade.i18n import tr
from nimarcade.people import class_export
from nimarcade.players import catalog


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        code = cli.main(argv)
    except SystemExit as done:
        code = int(done.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(autouse=True)
def keep_language():
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("command, usage", [("judge", "nimarcade judge"), ("text", "--players"),
                                            ("analyse", "nimarcade analyse"), ("arena", "nimarcade arena"),
                                            ("people", "nimarcade people"),
                                            ("players", "nimarcade people")])   # the older name, an alias
def test_lang_before_the_subcommand_is_that_subcommands(capsys, command, usage, lang) -> None:
    code, out, err = run(capsys, ["--lang", lang, command, "--help"])
    assert code == 0 and err == "" and usage in out
    assert out.startswith(i18n.catalogue(lang).gettext("usage: ")) and "--fullscreen" not in out
    code, out2, _ = run(capsys, [f"--lang={lang}", command, "--help"])
    assert out2 == out


def test_lang_before_an_option_still_plays() -> None:
    assert cli.lang_first(["--lang", "en", "--game", "awele"], ["text"]) == ["--lang", "en", "--game", "awele"]
    assert cli.lang_first(["--lang", "en", "text", "--game", "x"], ["text"]) == ["text", "--lang", "en", "--game", "x"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_player_file_that_is_not_there_is_named_as_such(capsys, lang) -> None:
    with pytest.raises(catalog.PlayerFileError) as caught:
        catalog.parse_seat("/nonexistent.py")
    assert caught.value.key == "players.file_missing"
    code, _, err = run(capsys, ["text", "--game", "sticks", "--players", "1,/nonexistent.py", "--lang", lang])
    assert code == 2 and tr("players.file_missing", lang, file="/nonexistent.py") in err


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_players_csv_into_a_missing_folder_is_refused_and_creates_nothing(tmp_path, lang) -> None:
    data = tmp_path / "data"
    data.mkdir()
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "missing" / "dir" / "x.csv"
    code = class_export.run(["--csv", str(target), "--data", str(data), "--lang", lang], out, err)
    assert code == 2 and not (tmp_path / "missing").exists()
    assert err.getvalue().startswith("nimarcade people")
    assert tr("export.missing_folder", lang, folder=str(target.parent)) in err.getvalue()


def test_the_arena_speaks_of_levels_and_parameters_in_words(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))
    for lang, level, said in (("fr", "niveau", "A joue en second, "), ("en", "level", "A moves second, ")):
        assert arena.main(["heaps", "--a", "1", "--b", "4", "--games", "2", "--param", "heaps=3,4", "--lang", lang]) == 0
        out = capsys.readouterr().out.splitlines()
        assert f"A = {level} 1" in out[0] and f"B = {level} 4" in out[0] and "heaps=3,4" in out[0]
        assert "{" not in out[0] and "'" not in out[0] and "L4" not in "\n".join(out)
        assert out[2].startswith(tr("arena.game", lang, n="  2", order=tr("arena.second", lang), who="", end="",
                                    plies=2).split(",")[0])
        assert said in out[2] and "1-0" not in out[2] and "0-1" not in out[2]


def test_the_tournaments_tables_are_readable_by_all_and_anchored_au_niveau(tmp_path) -> None:
    i18n.set_language("fr")
    players = schedule.entrants([1, 2], catalog.Catalog(), tr("tourney.level"))
    game = schedule.GameResult("k", (players[0].ident, players[1].ident), (0.0, 1.0), "0-1", "normal", 5,
                               (0.1, 0.1), (3, 2), "", [])
    standings = tables.Standings.of(players, [game])
    paths = tables.write_all(tmp_path, standings, "T", {})
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o644 for p in paths.values())
    md = paths["md"].read_text(encoding="utf-8")
    assert "Elo relatif au niveau 1 " in md and "à niveau" not in md
    i18n.set_language("en")
    players = schedule.entrants([1, 2], catalog.Catalog(), tr("tourney.level"))
    assert "Elo relative to level 1 " in tables.markdown(tables.Standings.of(players, [game]), "T")
