"""The translation table is complete, and every error the rules can raise reads well in both
languages (each error key used in the rules is triggered here). The triggers are each game's own:
``tests/games/<id>/triggers.py`` holds a ``TRIGGERS`` table, found here by folder, so that a new
game adds its errors without touching this file."""
from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Callable

import pytest

from nimarcade import i18n
from nimarcade.i18n import LANGUAGES, error_text, tr
from nimarcade.i18n.catalogue import available
from tests.catalogue_view import TEXTS as TABLE
from nimarcade.core import levels, registry
from nimarcade.core.rules import RulesError

ROOT = Path(__file__).resolve().parent.parent
#: The rules: the shared ones and every game's own.
RULES_FILES = [*(ROOT / "nimarcade" / "core" / "rules").glob("*.py"), *(ROOT / "nimarcade" / "games").glob("*/rules.py")]


def placeholders(text: str) -> set[str]:
    """The ``{fields}`` of a text (every form of a plural entry)."""
    return i18n.fields(text)


def test_table_is_not_empty() -> None:
    assert len(TABLE) > 30
    # the languages are the catalogues on disk, the default and the fallback first
    assert set(LANGUAGES) == set(available()) and LANGUAGES[:2] == (i18n.DEFAULT_LANGUAGE, i18n.FALLBACK_LANGUAGE)


@pytest.mark.parametrize("key", sorted(TABLE))
def test_every_key_has_both_languages_and_the_same_placeholders(key: str) -> None:
    entry = TABLE[key]
    for lang in LANGUAGES:
        assert isinstance(entry.get(lang), str) and entry[lang].strip(), (key, lang)
    counted = {i18n.counted_by(key)} - {None}       # a plural entry's number, even where a form omits it
    for lang in LANGUAGES:                          # every catalogue against English's
        assert placeholders(entry[lang]) | counted == placeholders(entry[i18n.FALLBACK_LANGUAGE]) | counted, (key, lang)


@pytest.mark.translation_gaps
def test_tr_formats_and_switches_language() -> None:
    assert tr("err.heaps.no_heap", "en", heap=4) == "there is no heap 4"
    assert tr("err.heaps.no_heap", "fr", heap=4) == "il n'y a pas de tas n°4"
    assert tr("no.such.key") == "no.such.key"  # visible, never a crash
    before = i18n.language()
    try:
        i18n.set_language("en")
        assert tr("err.game_over") == "the game is over"
        i18n.set_language("fr")
        assert tr("err.game_over") == "la partie est terminée"
        with pytest.raises(ValueError):
            i18n.set_language("de")
    finally:
        i18n.set_language(before)


def test_plurals_never_leave_a_marker() -> None:
    """(Each game's own plurals are checked in its folder: tests/games/<id>/test_words.py.)"""
    for key, entry in TABLE.items():
        for lang in LANGUAGES:
            params = {name: 2 for name in placeholders(entry[lang])}
            text = tr(key, lang, **params)
            assert not re.search(r"\[\[\w+\|", text) and "(s)" not in text, (key, lang, text)


Trigger = tuple[type[RulesError], Callable[[], object]]


def gather_triggers() -> dict[str, Trigger]:
    """Every game's ``TRIGGERS`` (``tests/games/<folder>/triggers.py``), merged; a key that two
    games trigger is a mistake (one of them names another's error)."""
    found: dict[str, Trigger] = {}
    for path in sorted((ROOT / "tests" / "games").glob("*/triggers.py")):
        table: dict[str, Trigger] = importlib.import_module(f"tests.games.{path.parent.name}.triggers").TRIGGERS
        twice = set(found) & set(table)
        assert not twice, f"{path.parent.name} triggers {sorted(twice)} again"
        found.update(table)
    return found


#: One way to trigger each error key of the rules, gathered from the games' folders.
TRIGGERS = gather_triggers()


def error_keys_in_the_rules() -> set[str]:
    keys = set()
    for path in RULES_FILES:
        keys |= set(re.findall(r"""["'](err\.[a-z_.]+)["']""", path.read_text(encoding="utf-8")))
    return keys


def triggered_by_its_own_tests(key: str) -> bool:
    """A game's error key may be triggered by that game's own rules tests instead (a new game
    touches only its own files): ``err.<game>.x`` is then raised in tests/games/<game>/test_rules.py."""
    parts = key.split(".")
    test = ROOT / "tests" / "games" / parts[1] / "test_rules.py"
    return len(parts) == 3 and test.exists() and f'"{key}"' in test.read_text(encoding="utf-8")


def test_every_error_key_of_the_rules_is_triggered() -> None:
    used = error_keys_in_the_rules()
    assert len(used) >= 25
    untested = {k for k in used - set(TRIGGERS) if not triggered_by_its_own_tests(k)}
    assert not untested, f"untested error keys: {sorted(untested)}"
    assert used <= set(TABLE)


@pytest.mark.parametrize("key", sorted(TRIGGERS))
def test_each_rules_error_reads_well(key: str) -> None:
    kind, trigger = TRIGGERS[key]
    with pytest.raises(RulesError) as info:
        trigger()
    err = info.value
    assert type(err) is kind and isinstance(err, ValueError)
    assert err.key == key
    assert str(err).startswith(key)          # the rules speak in keys; screens translate
    en, fr = error_text(err, "en"), error_text(err, "fr")
    assert en.strip() and fr.strip() and en != fr
    assert "{" not in en and "{" not in fr and "}" not in en and "}" not in fr


@pytest.mark.parametrize("game", registry.game_folders())
def test_every_game_names_its_cards_and_levels_in_every_language(game: str) -> None:
    """The words every game needs from the catalogues, for each game the registry finds: each
    card's name and rule (``game.<card>``, ``rule.<card>``) and each level's name."""
    spec = registry.get(game)
    keys = [f"{kind}.{card.key}" for card in spec.variants for kind in ("game", "rule")]
    keys += [level.key for level in levels.load(game)]
    missing = [(key, lang) for key in keys for lang in LANGUAGES if not TABLE.get(key, {}).get(lang, "").strip()]
    assert missing == []


def test_english_text_never_shows_french_quotes() -> None:
    """« » are French; English text uses “ ” (the polish issue found « Play » in English)."""
    leaks = [key for key, entry in TABLE.items() if "«" in entry["en"] or "»" in entry["en"]]
    assert not leaks


@pytest.mark.parametrize("key, params, fr, en", [
    ("result.moves_rounds", {"n": 1, "rounds": 1}, "1 coup (1 tour)", "1 move (1 round)"),
    ("result.moves_rounds", {"n": 3, "rounds": 2}, "3 coups (2 tours)", "3 moves (2 rounds)"),
])
def test_plurals_agree_with_their_number(key: str, params: dict, fr: str, en: str) -> None:
    assert fr in tr(key, "fr", **params)
    assert en in tr(key, "en", **params)


def test_game_screens_speak_a_players_words() -> None:
    """Course references live in the help (source.*), not on the game and setup screens."""
    shown = [k for k in TABLE if not k.startswith(("source.", "help.", "cli."))]
    for key in shown:
        for lang in LANGUAGES:
            text = re.sub(r" \([A-Z]\)$", "", TABLE[key][lang])   # a button's key, « Nimbers (N) », is no course's N
            assert "MGL7160" not in text and "TD" not in text.split() and "(N)" not in text, key
