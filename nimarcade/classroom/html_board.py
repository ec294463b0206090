"""A board's text drawn as a small inline SVG, for the class report's pages.

The judge writes each position as the game's text board (the same text the terminal shows). Many
of the family's boards read as rows of tokens: pins (``|``) in a row, counters (``o``, ``*``) in
heaps, each row maybe numbered (``2 : ooooo  (5)``) and counted. :func:`drawing` draws those rows,
column for column as the text lays them out (a gap in the text is a gap in the row); a board that
doesn't read that way (a grid, pits with seeds) is not drawn, and its ``<pre>`` text says it all.
Nothing here knows a game: only the shapes of text lines.
"""
from __future__ import annotations

import html
import re

PINS = "|\u2502"
COUNTERS = "oO*\u25cf\u25cb"
#: One row of tokens: an optional number and colon, the tokens (spaces between), an optional count.
ROW = re.compile(r"\s*(?:(?P<label>\d+)\s*:\s?)?(?P<body>[|\u2502oO*\u25cf\u25cb ]*[|\u2502oO*\u25cf\u25cb])"
                 r"(?:\s*\((?P<count>[\d ]+)\))?\s*\Z")
#: A line that is not a row but holds a token character: the board is something else.
STRAY = re.compile("[|\u2502*\u25cf\u25cb]")
UNIT, ROW_HEIGHT, GUTTER = 12, 38, 30
MAX_COLUMNS = 200


def rows(text: str) -> list[tuple[str | None, str, str | None]] | None:
    """The board's rows of tokens (label, body, count), or None when it doesn't read as rows."""
    found = []
    for line in text.splitlines():
        match = ROW.match(line)
        if match:
            found.append((match["label"], match["body"], match["count"]))
        elif STRAY.search(line):
            return None
    if not found or any(len(body) > MAX_COLUMNS for _, body, _ in found):
        return None
    return found


def drawing(text: str) -> str:
    """The board as an inline SVG (its colours in the page's style; hidden from screen readers: the
    text beside it says the same), or "" when it doesn't read as rows."""
    found = rows(text)
    if not found:
        return ""
    gutter = GUTTER if any(label for label, _, _ in found) else 6
    shapes: list[str] = []
    width = 0
    for r, (label, body, count) in enumerate(found):
        middle = r * ROW_HEIGHT + ROW_HEIGHT / 2
        if label:
            shapes.append(f'<text x="{gutter - 10}" y="{middle + 4:g}" text-anchor="end" class="n">'
                          f"{html.escape(label)}</text>")
        for c, char in enumerate(body):
            x = gutter + c * UNIT + UNIT / 2
            if char in PINS:
                shapes.append(f'<rect x="{x - 2.5:g}" y="{middle - 14:g}" width="5" height="28" rx="2.5" '
                              'class="pin"/>')
            elif char in COUNTERS:
                shapes.append(f'<circle cx="{x:g}" cy="{middle:g}" r="5" class="counter"/>')
        end = gutter + len(body) * UNIT
        if count:
            shapes.append(f'<text x="{end + 10}" y="{middle + 4:g}" class="n">({html.escape(count)})</text>')
            end += 12 + 9 * (len(count) + 2)
        width = max(width, end + 6)
    height = len(found) * ROW_HEIGHT
    return (f'<svg viewBox="0 0 {width:g} {height}" width="{width:g}" '
            f'height="{height}" aria-hidden="true" focusable="false">{"".join(shapes)}</svg>')
