"""The terminal: one answer a line in, plain lines out (wrapped at 80 columns), colour only on a
terminal that supports it, plain ASCII on request.

When the answers come from a pipe they are echoed after their question, so a transcript reads like
the seeds' sample sessions (``---> 3``); on a terminal the terminal echoes them itself.
"""
from __future__ import annotations

import os
import textwrap
import unicodedata
from typing import TextIO

from nimarcade.i18n import N_, tr
from nimarcade.i18n.outside import printable

WIDTH = 80

#: What a plain-ASCII terminal gets instead of typographic characters.
ASCII = str.maketrans({
    "\u2019": "'", "\u2018": "'", "\u00ab": '"', "\u00bb": '"', "\u201c": '"', "\u201d": '"',
    "\u2026": "...", "\u2014": "-", "\u2013": "-", "\u2212": "-", "\u00b7": "-", "\u00d7": "x",
    "\u2260": "!=", "\u00a0": " ", "\u202f": " ", "\u25ce": "*", "\u25cf": "*", "\u2502": "|",
    "\u2295": "xor",
})

STYLES = {"title": "1", "error": "31", "computer": "36", "result": "1;33", "note": "2"}


def to_ascii(text: str) -> str:
    """French accents dropped (é -> e), quotes and dashes made plain."""
    text = unicodedata.normalize("NFKD", text.translate(ASCII))
    return text.encode("ascii", "ignore").decode("ascii")


def wants_color(out: TextIO) -> bool:
    """Colour on a terminal that supports it, unless NO_COLOR is set (no-color.org)."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM", "") in ("", "dumb"):
        return False
    return bool(getattr(out, "isatty", lambda: False)())


class Quit(Exception):
    """The player typed q."""


class Console:
    """Questions and answers over two text streams."""

    def __init__(self, inp: TextIO, out: TextIO, *, ascii: bool = False, color: bool | None = None,
                 echo: bool | None = None) -> None:
        self.inp, self.out, self.ascii = inp, out, ascii
        self.color = wants_color(out) if color is None else color
        tty = bool(getattr(inp, "isatty", lambda: False)())
        self.echo = (not tty) if echo is None else echo
        self.live = bool(getattr(out, "isatty", lambda: False)())   # a terminal: transient lines
        #: True once the input has ended: later questions take their default, if they have one.
        self.ended = False
        self._transient = False

    # -- output ----------------------------------------------------------------------------------
    def _text(self, text: str) -> str:
        """What reaches the terminal of a text: its control and direction characters written out
        (a program's ``Player.name`` or a name typed never clears the screen nor forges a line:
        :func:`nimarcade.i18n.outside.printable`), in plain ASCII on request. Only our own
        styles (:meth:`_styled`) are sent as escapes."""
        text = printable(text, keep_lines=True)
        return to_ascii(text) if self.ascii else text

    def _put(self, raw: str) -> None:
        self.clear_transient()
        self.out.write(raw)
        self.out.flush()

    def _styled(self, text: str, style: str | None) -> str:
        if style and self.color and text:
            return f"\033[{STYLES[style]}m{text}\033[0m"
        return text

    def write(self, text: str) -> None:
        self._put(self._text(text))

    def say(self, text: str = "", style: str | None = None, indent: str = "") -> None:
        """A paragraph, wrapped at 80 columns (lines already shorter pass untouched)."""
        lines = []
        for line in text.split("\n"):
            if len(line) <= WIDTH:
                lines.append(line)
            else:
                lines += textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False)
        self._put("".join(self._styled(self._text(line), style) + "\n" for line in lines))

    def board(self, lines: list[str]) -> None:
        """Drawn as given (boards fit in 80 columns by construction)."""
        self.write("".join(line.rstrip() + "\n" for line in lines))

    def transient(self, text: str) -> None:
        """A line that only a terminal shows, and that the next output replaces (the computer's
        thinking): a transcript from a pipe stays the same whatever the thinking time."""
        if not self.live:
            return
        self.out.write("\r\033[K" + self._styled(self._text(text), "note"))
        self.out.flush()
        self._transient = True

    def clear_transient(self) -> None:
        if self._transient:
            self.out.write("\r\033[K")
            self._transient = False

    # -- input -----------------------------------------------------------------------------------
    def ask(self, prompt: str, default: str | None = None) -> str:
        """One answer (without its newline). At the end of the input, the default if there is one,
        marked as such (« (fin de l'entrée : réponse par défaut) »), else EOFError."""
        self.write(prompt)
        line = "" if self.ended else self.inp.readline()
        if not line:
            said = tr(N_("text.default_answer") if self.ended else N_("text.eof_default"))
            self.ended = True
            if default is None:
                self.write("\n")
                raise EOFError
            self._put(self._text(default) + "   " + self._styled(self._text(said), "note") + "\n")
            return default
        answer = line.rstrip("\r\n")
        if self.echo:
            self.write(answer + "\n")
        return answer

    def error(self, reason: str) -> None:
        """Seed 003's « erreur ! », then why."""
        self.say((tr("text.error") + f" {reason}").rstrip(), "error", indent="  ")
