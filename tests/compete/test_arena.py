"""The arena's sides: a program from its command line (our engine over the protocol), and the
frozen Awélé engines it measures changes against."""
from __future__ import annotations

import sys

import pytest

from nimarcade.compete import arena


def test_a_command_line_program_plays_a_side_with_its_options(capsys) -> None:
    engine = f"{sys.executable} -m nimarcade.engine"
    assert arena.main(["sticks", "--a", "1", "--engine-b", engine, "--opt-b", "Level=4", "--games", "2",
                       "--time-b", "0.5", "--seed", "3", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "B = nimarcade.engine/0.5s/Level=4" in out and out.count("game ") == 2
    assert "+0 =0 -2" in out   # level 4 over the protocol never misses a win, level 1 mostly does


def test_a_command_is_named_after_its_program() -> None:
    assert arena.command_source("python -m nimarcade.engine").name == "nimarcade.engine"
    assert arena.command_source("/opt/engines/aalina --service").name == "aalina"
    source = arena.command_source("python3 my_player.py --fast")
    assert source.name == "my_player" and source.command == ("python3", "my_player.py", "--fast")
    assert source.limits.cpu is None and source.limits.memory is None


def test_the_frozen_engines_options_now_name_their_revision() -> None:
    """``--baseline-core b`` and ``--baseline b`` play revision 1a10da1 over the protocol (
    the frozen copies in tools/ are gone; tests/compete/test_base.py plays a revision for real)."""
    ns = arena.build_parser().parse_args(["awele", "--a", "3", "--b", "3", "--baseline-core", "b"])
    assert arena.base_sides(ns) == {"b": (arena.BASELINE_REV, {})}
    ns = arena.build_parser().parse_args(["awele", "--a", "3", "--b", "3", "--baseline", "a"])
    assert arena.base_sides(ns) == {"a": (arena.BASELINE_REV, {"NIMARCADE_NO_JIT": "1"})}
    ns = arena.build_parser().parse_args(["awele", "--a", "3", "--b", "2", "--base", "HEAD~1", "--base-side", "a"])
    assert arena.base_sides(ns) == {"a": ("HEAD~1", {})}


@pytest.mark.parametrize("options, said", [
    (["--opt-a", "lmr=9"], "\u201c9\u201d is not a value of lmr"),
    (["--eval-a", "nonsense"], "unknown evaluation \u201cnonsense\u201d"),
    (["--eval-a", "learned:no-such-file.json"], "eval=learned:no-such-file.json: no such file"),
    (["--opt-b", "colour=blue"], "engine options are depth, eval"),
    (["--opt-b", "colour=blue", "--lang", "fr"], "options du moteur sont depth, eval"),
    (["--opt-a", "lmr=9", "--lang", "fr"], "« 9 » n'est pas une valeur de lmr"),
])
def test_a_bad_engine_option_is_said_before_the_first_game(capsys, options, said) -> None:
    """Not a traceback in the middle of the first game: the usage error, with what was wrong, in
    the language asked."""
    with pytest.raises(SystemExit) as stop:
        lang = [] if "--lang" in options else ["--lang", "en"]
        arena.main(["awele", "--a", "3", "--b", "3", "--games", "2", *lang, *options])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert said in captured.err and "Traceback" not in captured.err
    assert captured.out == ""   # no game was started


@pytest.mark.parametrize("args, fr, en", [
    (["--games", "0"], "« 0 » : un nombre entier trop petit", "\u201c0\u201d: a whole number, too small"),
    (["--param", "foo=1"], "awele n'a pas de paramètre « foo »", "awele has no parameter \u201cfoo\u201d"),
    (["--param", "grand_slam"], "--param attend CLÉ=VALEUR", "--param takes KEY=VALUE"),
    (["--b", "9"], "joueur B : « 9 » n'est ni un niveau", "player B: \u201c9\u201d is neither a level"),
    (["--player-b", "no-such-player.py"], "pas de fichier de joueur no-such-player.py",
     "no player file no-such-player.py"),
])
def test_the_arena_says_a_bad_command_line_in_the_language_asked(capsys, args, fr, en) -> None:
    for lang, said, word in (("fr", fr, "erreur"), ("en", en, "error")):
        with pytest.raises(SystemExit) as stop:
            arena.main(["awele", "--a", "3", "--b", "3", *args, "--lang", lang])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert said in err and word in err and "Traceback" not in err


def test_the_arena_reports_its_games_in_french_by_default(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))   # no saved language: the default
    assert arena.main(["sticks", "--a", "1", "--b", "4", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("arène sticks : A = niveau 1 contre B = niveau 4, 2 parties")
    assert out[1].startswith("partie   1 : A joue en premier, B gagne (B a pris le dernier bâton")
    assert out[2].startswith("partie   2 : A joue en second, B gagne")
    assert out[-2] == ("A (niveau 1) contre B (niveau 4) : +0 =0 -2  score 0,0 % ± 0,0 "
                       "(intervalle à 95 % : 0,0-0,0 %)")
    assert out[-1].startswith("temps moyen par coup : A 0,")
