"""Cells a spreadsheet opens safely: every CSV the project writes goes through :func:`safe_cell`.

A spreadsheet reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (and a tab
or a carriage return can hide such a start), so a name a student chose, ``=HYPERLINK(...)``,
would run when the teacher opens the file: OWASP's "CSV injection". Such a cell is written with a
``'`` in front, which the spreadsheet shows as text and never evaluates. Numbers we write
ourselves (``-3``, ``-0.5``) are left as they are: they are no formula, and a ``'`` would turn
them into text. Pure Python.
"""
from __future__ import annotations

import re
from typing import Iterable

#: The first characters a spreadsheet may take for the start of a formula (OWASP).
DANGEROUS = ("=", "+", "-", "@", "\t", "\r")
#: A plain number (a sign, digits, one decimal point or comma): safe as it is.
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def safe_cell(value: object) -> str:
    """``value`` as a cell's text, with a ``'`` in front when it would start a formula."""
    text = "" if value is None else str(value)
    if text.startswith(DANGEROUS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def safe_row(row: Iterable[object]) -> list[str]:
    """Every cell of a row made safe."""
    return [safe_cell(cell) for cell in row]
