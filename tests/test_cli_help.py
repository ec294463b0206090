"""Every command's --help speaks the chosen language, argparse's own words included (
« --lang fr --help » printed "show this help message and exit")."""
from __future__ import annotations

import pytest

from nimarcade import i18n
from nimarcade.window import app
from nimarcade.compete import arena
from nimarcade.people import class_export
from nimarcade.judge import judge
from nimarcade.games.awele.tools import build_tables as awele_tables
from nimarcade.players import catalog
from nimarcade.text import cli as text_cli
from nimarcade.compete.tournament import cli as tournament_cli

PARSERS = {
    "window": app.build_parser,
    "text": text_cli.build_parser,
    "judge": lambda: judge.build_parser(catalog.Catalog()),
    "tournament": tournament_cli.build_parser,
    "people": class_export.build_parser,
    "awele tables": awele_tables.build_parser,
    "arena": arena.build_parser,
}


@pytest.mark.parametrize("command", sorted(PARSERS))
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_help_is_in_one_language(command: str, lang: str) -> None:
    before = i18n.language()
    try:
        i18n.set_language(lang)
        text = PARSERS[command]().format_help()
    finally:
        i18n.set_language(before)
    assert i18n.tr("cli.help", lang) in text and text.startswith(i18n.catalogue(lang).gettext("usage: "))
    if lang == "fr":
        assert "show this help message" not in text and "usage:" not in text
