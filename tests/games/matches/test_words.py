"""This game's own words in the catalogues: its plurals agree with their number in every language
(tests/test_i18n.py checks what every game's words share)."""
from __future__ import annotations

import pytest

from nimarcade.i18n import tr


def test_the_other_winning_moves_are_counted() -> None:
    assert tr("matches.others", "fr", n=1) == "(1 autre coup gagne aussi ici.)"
    assert tr("matches.others", "en", n=3) == "(3 other moves also win here.)"


@pytest.mark.parametrize("what, n, fr, en", [("5", 1, "pour la prendre", "to take it"),
                                             ("5-6", 2, "pour les prendre", "to take them")])
def test_the_selection_agrees_with_its_number(what: str, n: int, fr: str, en: str) -> None:
    assert fr in tr("matches.selected", "fr", what=what, n=n)
    assert en in tr("matches.selected", "en", what=what, n=n)
