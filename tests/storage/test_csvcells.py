"""Every CSV the project writes keeps a spreadsheet from reading a cell as a formula (OWASP's CSV
injection): the cell gets a ``'`` in front."""
from __future__ import annotations

import csv
import io

import pytest

from nimarcade.people import class_export
from nimarcade.storage.csvcells import safe_cell, safe_row


@pytest.mark.parametrize("text", ['=HYPERLINK("http://evil";"clic")', "+1+1", "-2+3", "@SUM(A1)", "\t=1",
                                  "\r=1", "=1", "-", "+", "-1+cmd|' /C calc'!A0"])
def test_a_cell_that_could_start_a_formula_is_neutralised(text: str) -> None:
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("value, text", [("Chloé", "Chloé"), (17.5, "17.5"), ("-3", "-3"), ("+12", "+12"),
                                         ("-0,5", "-0,5"), (None, ""), ("a=b", "a=b"), ("", "")])
def test_ordinary_cells_and_plain_numbers_are_left_alone(value: object, text: str) -> None:
    assert safe_cell(value) == text


def test_the_class_export_and_the_tournament_tables_write_safe_cells() -> None:
    """Both go through class_export.csv_text, the one CSV writer of the project."""
    text = class_export.csv_text([["name", "games"], ["=cmd()", "3"], ["@x", "-1"]], "en")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows == [["name", "games"], ["'=cmd()", "3"], ["'@x", "-1"]]
    assert safe_row(["=a", "b"]) == ["'=a", "b"]
