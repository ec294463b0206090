"""Dates as the screens write them, in each language."""
from __future__ import annotations

import datetime

from nimarcade import i18n
from nimarcade.storage import dates

TODAY = datetime.date(2026, 11, 23)


def test_days_and_moments_in_both_languages() -> None:
    evening = datetime.datetime(2026, 11, 22, 20, 5)
    try:
        assert dates.day(TODAY, TODAY) == "aujourd'hui"
        assert dates.moment(evening, TODAY) == "hier à 20:05"
        assert dates.day(datetime.date(2026, 3, 4), TODAY) == "04/03/2026"
        i18n.set_language("en")
        assert dates.moment(evening, TODAY) == "yesterday at 20:05"
        assert dates.day(datetime.date(2026, 3, 4), TODAY) == "2026-03-04"
    finally:
        i18n.set_language("fr")
