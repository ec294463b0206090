"""Octal codes: reading, writing, subtraction sets, and the moves they allow."""
from __future__ import annotations

import pytest

from nimarcade.games.takeaway.code import CodeError, OctalCode


@pytest.mark.parametrize("text, digits, repeat", [
    ("0.77", (0, 7, 7), False), (".07", (0, 0, 7), False), ("4.07", (4, 0, 7), False),
    ("0.1370", (0, 1, 3, 7), False), ("0.3…", (0, 3), True), ("4.3...", (4, 3), True),
    ("{1,3,4}", (0, 3, 0, 3, 3), False), ("1, 2, 3", (0, 3, 3, 3), False),
])
def test_codes_are_read(text: str, digits: tuple, repeat: bool) -> None:
    code = OctalCode.parse(text)
    assert (code.digits, code.repeat) == (digits, repeat)
    assert OctalCode.parse(str(code)) == code


def test_a_subtraction_set_is_the_same_game_as_its_code() -> None:
    assert OctalCode.parse("{1,3,4}") == OctalCode.parse("0.3033")
    assert OctalCode.parse("{1,3,4}").subtraction_set() == (1, 3, 4)
    assert OctalCode.parse("0.77").subtraction_set() is None


@pytest.mark.parametrize("text, key", [
    ("", "err.octal.code_empty"), ("0.8", "err.octal.code_digit"), ("0.79", "err.octal.code_digit"),
    ("1.7", "err.octal.code_d0"), ("2.7", "err.octal.code_d0"), ("abc", "err.octal.code_form"),
    ("0.0", "err.octal.code_no_move"), ("{}", "err.octal.code_empty"), ("{1,x}", "err.octal.code_form"),
])
def test_bad_codes_say_why(text: str, key: str) -> None:
    with pytest.raises(CodeError) as info:
        OctalCode.parse(text)
    assert info.value.key == key


def test_d0_4_splits_without_taking() -> None:
    code = OctalCode.parse("4.07")
    assert (0, 1, 3) in set(code.options(4)) and code.allows(4, 0, 2) and not code.allows(4, 0, 0)
