"""This game's own words in the catalogues: its plurals agree with their number in every language
(tests/test_i18n.py checks what every game's words share)."""
from __future__ import annotations

import pytest

from nimarcade.i18n import tr


@pytest.mark.parametrize("n, fr, en", [
    (0, "0 bâton sur la table", "0 sticks on the table"),
    (1, "1 bâton sur la table", "1 stick on the table"),
    (2, "2 bâtons sur la table", "2 sticks on the table"),
    (13, "13 bâtons sur la table", "13 sticks on the table"),
])
def test_plurals_agree_with_the_number(n: int, fr: str, en: str) -> None:
    assert tr("sticks.left", "fr", n=n) == fr
    assert tr("sticks.left", "en", n=n) == en
