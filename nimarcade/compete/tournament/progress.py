"""The progress bar on the error output: one line rewritten in place on a terminal, or a plain
line every tenth of the games when the output goes to a file or a pipe (a log stays readable)."""
from __future__ import annotations

import shutil
from typing import TextIO

from nimarcade.i18n import tr
from nimarcade.i18n.outside import printable

WIDTH = 20


class Progress:
    """``done`` of ``total`` games are already played; :meth:`advance` after each new one."""

    def __init__(self, total: int, done: int, stream: TextIO, live: bool | None = None) -> None:
        self.total, self.done, self.stream = total, done, stream
        self.live = bool(getattr(stream, "isatty", lambda: False)()) if live is None else live
        self.step = max(1, total // 10)
        self.shown = False

    def line(self, last: str) -> str:
        filled = WIDTH * self.done // max(1, self.total)
        bar = "#" * filled + "." * (WIDTH - filled)
        percent = 100 * self.done // max(1, self.total)
        return tr("tourney.progress", bar=bar, done=self.done, total=self.total, percent=percent, last=last)

    def advance(self, last: str) -> None:
        """One more game finished; ``last`` says how it ended (the players' names in it written
        with their control and direction characters escaped: a program names itself)."""
        self.done += 1
        last = printable(last)
        if self.live:
            width = shutil.get_terminal_size((80, 24)).columns - 1
            self.stream.write("\r" + self.line(last)[:width].ljust(width))
            self.shown = True
        elif self.done % self.step == 0 or self.done == self.total:
            self.stream.write(self.line(last) + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the rewritten line, so what follows starts on a line of its own."""
        if self.live and self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
