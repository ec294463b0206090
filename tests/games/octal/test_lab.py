"""``nimarcade lab`` (and ``python -m nimarcade.lab``): the sequence and its proved period in JSON,
a position's outcome and winning moves, an unsolved code answering in time, bad codes on one line
in the chosen language with exit 2."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nimarcade.cli import main as front
from nimarcade.games.octal.lab import main

from tests.games.octal.brute import grundy_values, make


def run_json(capsys, argv: list[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_kayles_sequence_and_period(capsys) -> None:
    out = run_json(capsys, ["0.77", "--values", "100", "--json"])
    assert out["code"] == "0.77" and out["values"] == grundy_values("0.77", 100)
    assert (out["period"], out["preperiod"], out["proved"]) == (12, 71, True)
    assert out["proof_bound"] == 2 * 71 + 2 * 12 + 2
    assert set(out) == {"code", "convention", "values", "period", "preperiod", "proved", "proof_bound", "rare_mask", "rare_count",
                        "last_rare", "largest", "largest_at"}


def test_a_subtraction_set_is_accepted(capsys) -> None:
    out = run_json(capsys, ["{1,3,4}", "--json", "--values", "14"])
    assert out["code"] == "0.3033" and (out["period"], out["preperiod"]) == (7, 0)
    assert out["values"] == grundy_values("{1,3,4}", 14)


def test_an_unsolved_code_says_how_far_it_went(capsys) -> None:
    out = run_json(capsys, ["0.6", "--json", "--seconds", "0.5", "--values", "5"])
    assert out["period"] is None and out["proved"] is False and out["stopped"] == "time"
    assert out["searched"] > 0


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "{1,2,3}"])
@pytest.mark.parametrize("misere", [False, True])
def test_positions_against_the_brute_force(capsys, code: str, misere: bool) -> None:
    wins = make(code)[0]
    for pos in [(5,), (3, 4), (2, 3, 6), (9, 1)]:
        argv = [code, "--position", ",".join(map(str, pos)), "--json"] + (["--misere"] if misere else [])
        out = run_json(capsys, argv)
        assert out["outcome"] == ("N" if wins(tuple(sorted(pos)), misere) else "P")
        assert (out["winning_moves"] == []) == (out["outcome"] == "P")


def test_a_big_position_of_any_code_answers(capsys) -> None:
    out = run_json(capsys, ["0.6", "--position", "150,170,190", "--json"])
    assert out["outcome"] in ("N", "P")


@pytest.mark.parametrize("code, fr, en", [
    ("0.8", "le chiffre 8 n'existe pas en octal", "there is no digit 8 in octal"),
    ("0.79", "le chiffre 9", "there is no digit 9"),
    ("1.7", "le premier chiffre (avant le point) vaut 0 ou 4", "the first digit (before the point) is 0 or 4"),
    ("2.07", "pas 2", "not 2"),
    ("", "le code est vide", "the code is empty"),
])
def test_a_bad_code_is_one_line_and_exit_2(capsys, code: str, fr: str, en: str) -> None:
    assert main([code]) == 2
    err = capsys.readouterr().err
    assert fr in err and err.count("\n") == 1 and err.startswith("code invalide")
    assert main([code, "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert en in err and err.count("\n") == 1 and err.startswith("invalid code")


def test_the_front_door_finds_the_subcommand(capsys) -> None:
    assert front(["lab", "0.07", "--json", "--values", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["period"] == 34


def test_python_m_nimarcade_lab(tmp_path) -> None:
    out = subprocess.run([sys.executable, "-m", "nimarcade.lab", "0.137", "--lang", "en"], capture_output=True,
                         text=True, timeout=120, check=False)
    assert out.returncode == 0 and "Period 34, preperiod 52" in out.stdout
