"""Numbers with decimals are written as the player's language writes them: « 1,5 » in
French, "1.5" in English, through :func:`nimarcade.i18n.decimal` (a ``float`` given to ``tr`` too),
never by a screen that swaps the point itself."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.i18n import decimal, tr

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def language():
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


@pytest.mark.parametrize("lang, point", [("fr", ","), ("en", ".")])
def test_decimal_writes_the_languages_point(language, lang: str, point: str) -> None:
    language(lang)
    assert decimal(1.5) == f"1{point}5" and decimal(2.0) == "2" and decimal(2.0, 1, trim=False) == f"2{point}0"
    assert decimal(1.5, 2, trim=False, sign=True) == f"+1{point}50" and decimal(-1.5, sign=True) == f"-1{point}5"
    assert decimal(-0.04) == "0" and decimal(-0.04, 1, trim=False, sign=True) == f"+0{point}0"   # never « -0 »
    other = "en" if lang == "fr" else "fr"
    assert decimal(1.5, lang=other) == ("1.5" if other == "en" else "1,5")


def test_a_float_given_to_tr_is_written_in_the_language() -> None:
    fr = tr("forfeit.too_slow", "fr", name="X", s=0.5)
    en = tr("forfeit.too_slow", "en", name="X", s=0.5)
    assert "(0,5 s par coup)" in fr and "(0.5 s a move)" in en
    assert "(5 s par coup)" in tr("forfeit.too_slow", "fr", name="X", s=5.0)      # no useless « ,0 »
    assert "(3 s" in tr("forfeit.too_slow", "fr", name="X", s=3)                  # an int as it is


@pytest.mark.parametrize("lang, point", [("fr", ","), ("en", ".")])
def test_the_screens_numbers(language, lang: str, point: str) -> None:
    from nimarcade.compete.tournament import tables
    from nimarcade.games.awele import advice
    from nimarcade.window.scenes import editor_info, hud

    language(lang)
    assert editor_info.number(-1.5) == f"−1{point}5" and editor_info.number(0.25) == f"+0{point}2"
    assert f"+1{point}50" in hud.program_status({"score": 150})
    assert tables.number(7.5) == f"7{point}5" and tables.number(-0.04) == "0" and tables.number(3.0) == "3"
    assert advice.number(2.5) == f"2{point}5" and advice.number(3.0, 0) == "3"


def test_no_screen_swaps_the_decimal_point_itself() -> None:
    """``text.replace(".", ",") if language() == "fr"`` was written three times; i18n.decimal says
    it once, from the catalogue's ``num.decimal_point``."""
    swap = re.compile(r"""replace\(\s*(['"])\.\1\s*,\s*(['"]),\2\s*\)""")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in (ROOT / "nimarcade").rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if swap.search(line)]
    assert found == []
