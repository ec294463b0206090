"""Issue 48, item 19: the lab's command says what is wrong in one sentence each: ``--values``
out of its range names the range, a position with a minus sign is read as a position (and refused
as one, with its reason), and a refused heap says its reason after the position, punctuated."""
from __future__ import annotations

import pytest

from nimarcade import i18n
from nimarcade.games.octal.lab import main
from nimarcade.i18n import tr


@pytest.fixture(autouse=True)
def _language():
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("value", ["-5", "1000001", "123456789012345678901", "x"])
def test_values_out_of_range_say_the_range(capsys, value: str) -> None:
    for lang, said in (("fr", "de 0 à 1 000 000"), ("en", "from 0 to 1,000,000")):
        with pytest.raises(SystemExit) as stop:
            main(["0.77", "--values", value, "--lang", lang])
        assert stop.value.code == 2
        err = capsys.readouterr().err.splitlines()[-1]
        assert said in err and value in err and tr("lab.values_help", lang) not in err


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
