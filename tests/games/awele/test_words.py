"""This game's own words in the catalogues: its plurals agree with their number in every language
(tests/test_i18n.py checks what every game's words share)."""
from __future__ import annotations

import pytest

from nimarcade.i18n import tr


def test_a_decimal_count_takes_its_plural() -> None:
    assert tr("awele.verdict_ahead", "fr", v="1,5", who="vous") == "environ 1,5 graine d'avance pour vous"
    assert tr("awele.verdict_ahead", "en", v="1.5", who="you") == "about 1.5 seeds ahead for you"
    assert tr("awele.verdict_ahead", "fr", v="4,2", who="vous") == "environ 4,2 graines d'avance pour vous"


@pytest.mark.parametrize("n, fr, en", [(1, "(1 graine)", "(1 seed)"), (4, "(4 graines)", "(4 seeds)")])
def test_the_seeds_sown_agree_with_their_number(n: int, fr: str, en: str) -> None:
    assert fr in tr("awele.played", "fr", house=3, n=n)
    assert en in tr("awele.played", "en", house=3, n=n)
