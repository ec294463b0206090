"""Dates and times as the screens write them, in the player's language: « 23/11/2026 »,
« aujourd'hui à 20:15 » ("today at 20:15"). Pure Python, no pygame."""
from __future__ import annotations

import datetime

from nimarcade.i18n import tr


def day(date: datetime.date, today: datetime.date | None = None) -> str:
    """« aujourd'hui », « hier », or the date in the language's order."""
    today = today or datetime.date.today()
    if date == today:
        return tr("date.today")
    if date == today - datetime.timedelta(days=1):
        return tr("date.yesterday")
    return tr("date.day", d=f"{date.day:02d}", m=f"{date.month:02d}", y=date.year)


def moment(when: datetime.datetime, today: datetime.date | None = None) -> str:
    """The day and the time: « hier à 20:15 »."""
    return tr("date.at", day=day(when.date(), today), time=when.strftime("%H:%M"))
