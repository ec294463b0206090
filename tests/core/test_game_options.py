"""The game's variant named the same way on every command: ``--code``, ``--misere`` and
``--param`` (:func:`nimarcade.core.args.add_game_options`), the player's own levels read by every
command, and the commands that use them (the text mode, the puzzles, the arena)."""
from __future__ import annotations

import io
import json

import pytest

from nimarcade.core import args as cli_args
from nimarcade.core import levels
from nimarcade.core import registry
from nimarcade.core.args import GameOptionError, Parser
from nimarcade.i18n import tr


def parsed(*words: str):
    p = Parser(prog="test")
    p.add_argument("--level")
    cli_args.add_game_options(p)
    return p.parse_args(list(words))


def board(game: str, *words: str, level: str | None = None):
    return cli_args.level_and_params(game, level, parsed(*words))


# -- the shared options ---------------------------------------------------------------------------
def test_a_code_is_read_as_the_lab_reads_it_on_the_heaps_of_the_games_first_level() -> None:
    first = levels.load("octal")[0]
    level, params = board("octal", "--code", "{1,3,4}")
    assert level.id == first.id and params["heaps"] == first.params["heaps"] and params["code"] == "{1,3,4}"
    state = registry.get("octal").new_state(params)
    assert state.code == registry.get("octal").new_state({**params, "code": "{1,3,4}"}).code
    _, params = board("octal", "--code", "0.07", "--misere", level="dawson-kayles")
    assert params["code"] == "0.07" and params["misere"] is True


@pytest.mark.parametrize("text", ["heaps=9,12", "heaps=9 12", "heaps=[9, 12]", " heaps = 9, 12 "])
def test_a_list_is_written_with_commas_or_spaces_alike(text: str) -> None:
    _, params = board("octal", "--param", text)
    assert params["heaps"] == (9, 12)


def test_the_last_param_wins_and_a_boolean_reads_true_or_false() -> None:
    _, params = board("heaps", "--param", "heaps=1,2", "--param", "heaps=3,4,5", "--param", "misere=True")
    assert params["heaps"] == (3, 4, 5) and params["misere"] is True


@pytest.mark.parametrize("words, key, values", [
    (("--code", "0.77"), "args.no_code", {"game": "heaps"}),
    (("--misere",), "args.no_misere", {"game": "sticks"}),
    (("--param", "colour=red"), "arena.err_no_param", None),
    (("--param", "heaps"), "arena.err_pair", {"option": "--param", "text": "heaps"}),
    (("--param", "heaps=a,b"), "arena.err_param_value", {"key": "heaps", "text": "a b"}),
])
def test_a_refused_option_is_said_in_the_players_language(words, key, values) -> None:
    game = {"args.no_misere": "sticks"}.get(key, "heaps")
    with pytest.raises(GameOptionError) as caught:
        board(game, *words)
    assert caught.value.key == key
    if values is not None:
        assert caught.value.params == values
    for lang in ("fr", "en"):
        said = tr(key, lang, **caught.value.params)
        assert said and said != key
    assert str(caught.value) == tr(key, **caught.value.params)


def test_a_bad_code_says_the_labs_own_reason_in_both_languages() -> None:
    with pytest.raises(GameOptionError) as caught:
        board("octal", "--code", "0.9x")
    assert caught.value.key == "args.bad_code" and caught.value.params["code"] == "0.9x"
    assert str(caught.value).startswith("--code 0.9x : ")           # French by default
    from nimarcade import i18n

    i18n.set_language("en")
    with pytest.raises(GameOptionError) as caught:
        board("octal", "--code", "0.9x")
    assert str(caught.value).startswith("--code 0.9x: ") and "0.9x" in caught.value.params["why"]


def test_what_changed_from_the_level_is_named_for_titles_and_folders() -> None:
    level, params = board("octal", "--code", "0.137", "--param", "heaps=4,5")
    spec = registry.get("octal")
    assert cli_args.changed_params(spec, level.params, params) == {"code": "0.137", "heaps": "4 5"}
    assert cli_args.changed_text(spec, level.params, level.params) == ""


# -- the player's own levels, on every command ----------------------------------------------------
GOOD = ('\n[[level]]\nid = "mon-jeu"\nname = { fr = "Mon jeu", en = "My game" }\ncode = "0.07"\n'
        'heaps = [7]\nopponent = 3\nfirst = "random"\n')
BROKEN = ('\n[[level]]\nid = "cassé"\nname = { fr = "Cassé", en = "Broken" }\ncode = "0.07"\n'
          'misere = true\nheaps = [999]\n')   # (in normal play, Dawson's Kayles' period answers 999)


@pytest.fixture
def own_levels(tmp_path):
    folder = tmp_path / "config" / "levels"
    folder.mkdir(parents=True)
    (folder / "octal.toml").write_text('game = "octal"\n' + BROKEN + GOOD, encoding="utf-8")
    yield folder
    levels.set_user_folder(None)


def test_a_broken_level_of_the_players_own_hides_neither_the_good_ones_nor_the_shipped(own_levels) -> None:
    shipped = [lv.id for lv in levels.load("octal")]
    levels.set_user_folder(own_levels)
    found = [lv.id for lv in levels.load("octal")]
    assert found == shipped + ["mon-jeu"]
    assert levels.find_level("octal", "mon-jeu").params["code"] == "0.07"
    with pytest.raises(levels.LevelError) as caught:       # the broken one says why, not "no such level"
        levels.find_level("octal", "cassé")
    assert caught.value.key == "lvl.bad" and caught.value.params["key"] == "heaps"


def test_every_command_reads_the_players_own_levels_from_its_data_folder(own_levels, monkeypatch, capsys) -> None:
    from nimarcade import cli

    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(own_levels.parent))
    code = cli.main(["judge", "--game", "octal", "--level", "mon-jeu", "--player", "4", "--games", "0", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["level"] == "mon-jeu" and data["params"]["code"] == "0.07" and data["score"] == 100.0
    assert levels.user_folder() is None                  # the command's choice ends with it


# -- the commands ---------------------------------------------------------------------------------
def test_the_text_mode_plays_a_teachers_code(monkeypatch) -> None:
    from nimarcade.text import cli as text_cli

    out, err = io.StringIO(), io.StringIO()
    code = text_cli.run(["--game", "octal", "--code", "{1,3,4}", "--param", "heaps=9", "--players", "3,4",
                         "--first", "1", "--seed", "3", "--lang", "en"], io.StringIO("n\n"), out, err)
    assert code == 0, err.getvalue()
    said = registry.get("octal").new_state({"heaps": (9,), "code": "{1,3,4}"}).code      # the set as an octal code
    assert tr("octal.rule_normal", "en", code=said).split(":")[0] in out.getvalue()


def test_the_text_mode_says_a_refused_code_in_one_line() -> None:
    from nimarcade.text import cli as text_cli

    for lang in ("fr", "en"):
        out, err = io.StringIO(), io.StringIO()
        code = text_cli.run(["--game", "heaps", "--code", "0.77", "--lang", lang], io.StringIO(""), out, err)
        assert code == 2 and err.getvalue() == f"nimarcade --text: {tr('args.no_code', lang, game='heaps')}\n"
        code = text_cli.run(["--code", "0.77", "--lang", lang], io.StringIO(""), out, err)
        assert code == 2 and tr("args.need_game", lang) in err.getvalue()


def test_puzzles_of_a_teachers_code_are_that_codes_and_proved() -> None:
    from nimarcade.puzzles import puzzle

    out, err = io.StringIO(), io.StringIO()
    code = puzzle.run(["--game", "octal", "--code", "{1,3,4}", "--param", "heaps=8,11", "--count", "4", "--json"],
                      out, err)
    found = json.loads(out.getvalue())
    assert code == 0 and found
    spec = registry.get("octal")
    for p in found:
        assert p["params"]["code"] == "{1,3,4}" and p["params"]["heaps"] == [8, 11]
        state = spec.new_state({**p["params"], "heaps": tuple(p["params"]["heaps"])})
        assert state.code == spec.new_state({"heaps": (1,), "code": "{1,3,4}"}).code
    out, err = io.StringIO(), io.StringIO()
    assert puzzle.run(["--game", "sticks", "--code", "0.77"], out, err) == 2
    assert tr("args.no_code", game="sticks") in err.getvalue()


def test_the_arena_takes_a_list_with_commas(capsys) -> None:
    from nimarcade.compete import arena

    code = arena.main(["octal", "--a", "1", "--b", "2", "--games", "2", "--param", "heaps=3,4", "--code", "0.07",
                       "--quiet", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0 and "heaps=3,4" in out and "code=0.07" in out
    with pytest.raises(SystemExit) as stopped:
        arena.main(["heaps", "--a", "1", "--b", "2", "--code", "0.07", "--lang", "en"])
    assert stopped.value.code == 2 and tr("args.no_code", "en", game="heaps") in capsys.readouterr().err


def test_the_text_mode_says_once_that_a_program_is_not_boxed_and_never_for_levels(tmp_path, monkeypatch) -> None:
    from nimarcade.players import isolation
    from nimarcade.text import cli as text_cli

    monkeypatch.setenv(isolation.DISABLE_VARIABLE, "1")
    monkeypatch.setattr(isolation, "_said", False)
    isolation.isolation.cache_clear()
    mine = tmp_path / "mine.py"
    mine.write_text("def choose_move(state):\n    return state.legal_moves()[0]\n", encoding="utf-8")
    notice = tr("box.not_isolated", "en", why=tr("box.why_disabled", "en"))
    try:
        def play(*words: str) -> tuple[int, str]:
            out, err = io.StringIO(), io.StringIO()
            code = text_cli.run(["--game", "octal", "--param", "heaps=4", "--first", "1", "--seed", "1",
                                 "--lang", "en", *words], io.StringIO("n\n"), out, err)
            return code, err.getvalue()

        code, err = play("--players", "1,2")
        assert code == 0 and notice not in err
        code, err = play("--players", f"1,{mine}", "--require-isolation")
        assert code == 2 and err == tr("box.required", "en", why=tr("box.why_disabled", "en")) + "\n"
        code, err = play("--players", f"1,{mine}")
        assert code == 0 and err.count(notice) == 1
    finally:
        isolation.isolation.cache_clear()
