"""This game's own words in the catalogues: its plurals agree with their number in every language
(tests/test_i18n.py checks what every game's words share)."""
from __future__ import annotations

import pytest

from nimarcade.i18n import tr


@pytest.mark.parametrize("n, fr, en", [(1, "la case numérotée 1", "the numbered cell 1"), (3, "1 à 3", "1 to 3")])
def test_the_numbered_cells_agree_with_their_number(n: int, fr: str, en: str) -> None:
    assert fr in tr("grid.keys_dest", "fr", n=n)
    assert en in tr("grid.keys_dest", "en", n=n)
