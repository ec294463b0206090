"""The lab's command says what is wrong in one sentence each: ``--values``
out of its range names the range, a position with a minus sign is read as a position (and refused
as one, with its reason), and a refused heap says its reason after the position, punctuated."""
from __future__ import annotations

import json

import pytest

from nimarcade import i18n
from nimarcade.games.octal import lab
from nimarcade.games.octal.lab import main
from nimarcade.i18n import tr


@pytest.fixture(autouse=True)
def _language():
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("value", ["-5", "1000001", "123456789012345678901", "x", "2^", "2^x", "2^32", "2^20"])
def test_values_out_of_range_say_the_range(capsys, value: str) -> None:
    for lang, said in (("fr", "de 0 à 1 000 000"), ("en", "from 0 to 1,000,000")):
        with pytest.raises(SystemExit) as stop:
            main(["0.77", "--values", value, "--lang", lang])
        assert stop.value.code == 2
        err = capsys.readouterr().err.splitlines()[-1]
        assert said in err and value in err and tr("lab.values_help", lang) not in err


def test_values_are_read_as_powers_of_two_up_to_grundys_range(capsys) -> None:
    assert lab._count("2^20") == 1 << 20 and lab._count(" 2 ^ 31 ") == lab.MAX_GRUNDY_VALUES == 1 << 31
    assert lab._count("4096") == 4096
    with pytest.raises(ValueError):
        lab._count("2^32")
    assert main(["0.77", "--values", "2^4", "--json"]) == 0         # an octal code: 2^k within its million
    assert len(json.loads(capsys.readouterr().out)["values"]) == 16
    with pytest.raises(SystemExit) as stop:                         # Grundy's game: past 2^31 refused
        main(["grundy", "--values", "2^32", "--lang", "en"])
    assert stop.value.code == 2 and "2^32" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--position", "-3,4"], ["--position=-3,4"], ["--position", "3,-4"]])
def test_a_minus_sign_is_a_position_refused_with_its_reason(capsys, argv: list[str]) -> None:
    assert main(["0.77", *argv, "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""                   # never read as 3,4
    assert "can't hold fewer than 0" in captured.err and "-" in captured.err and captured.err.count("\n") == 1


def test_a_heap_too_large_says_why_after_the_position_in_one_sentence(capsys) -> None:
    # (the issue's « it takes heap sizes, 3,5,7 no period of 0.6 is proved… » came by the same path)
    assert main(["0.6", "--misere", "--position", "3,500", "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("invalid position: “3,500”: a heap holds 0 to 200") and "3,5,7" not in err
    assert err.endswith(".") and not err.endswith("..") and "\n" not in err
    assert main(["0.6", "--misere", "--position", "3,500", "--lang", "fr"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("position invalide : « 3,500 » : ") and err.endswith(".") and "\n" not in err


def test_a_misere_position_left_unanswered_says_how_far_the_quotient_got(capsys) -> None:
    """0.07 with a heap of 60 within a second: no answer, and the heaps the quotient reached (the
    positions it would answer exactly), in the JSON and in one sentence of the text."""
    assert main(["0.07", "--misere", "--position", "60,50,41", "--seconds", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] is None and out["method"] == "none"
    reached = out["quotient_heap_reached"]
    assert isinstance(reached, int) and 1 <= reached < 60
    assert main(["0.07", "--misere", "--position", "60,50,41", "--seconds", "1", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Position 60,50,41: no exact answer known here."
    assert lines[1].startswith("The misère quotient was built for the heaps up to ")
