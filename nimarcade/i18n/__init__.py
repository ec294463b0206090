"""The one translation table of Nim Arcade.

Every piece of text a player can see goes through :func:`tr`. The table is assembled from a few
section modules (rules, menus, scenes...) so that parts of the game can add text without editing
the same lines, but it is one table: a key exists once, in French and in English, and a test checks
that both languages are complete and that every ``{placeholder}`` matches.

Plurals: ``[[n|graine|graines]]`` picks the singular or the plural form by the parameter ``n``
(French: singular below 2, so « 0 graine », « 1,5 graine »; English: singular only for 1), so
no text ever reads « graine(s) ».

Elision: in French, « de / que / le » before a placeholder is elided when the value that fills it
begins with a vowel (« Au tour d'Ordinateur A », « Au tour de Joueur 1 »): see :mod:`.elision`.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from typing import Mapping

from nimarcade.i18n.elision import elide

#: The languages, each named in itself (the settings screen shows these names).
LANGUAGE_NAMES = {"fr": "Français", "en": "English"}
LANGUAGES = tuple(LANGUAGE_NAMES)
DEFAULT_LANGUAGE = "fr"


#: The games' folders (this module is the ground floor: it finds their text by path, not through
#: the registry).
GAMES_FOLDER = Path(__file__).resolve().parents[1] / "games"


def _sections() -> list[Mapping[str, Mapping[str, str]]]:
    """Every ``*_text`` module of this package, in name order, then every game's ``text`` module
    (each defines ``TEXT``)."""
    names = sorted(f"{__name__}.{m.name}" for m in pkgutil.iter_modules(__path__) if m.name.endswith("_text"))
    # each game keeps its text in its own folder, nimarcade/games/<id>/text.py (found by name)
    names += [f"nimarcade.games.{p.parent.name}.text" for p in sorted(GAMES_FOLDER.glob("*/text.py"))]
    return [importlib.import_module(n).TEXT for n in names]


def _merge() -> dict[str, Mapping[str, str]]:
    table: dict[str, Mapping[str, str]] = {}
    for section in _sections():
        for key, entry in section.items():
            if key in table:
                raise RuntimeError(f"translation key defined twice: {key}")
            table[key] = entry
    return table


TABLE: dict[str, Mapping[str, str]] = _merge()

_current = DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    """Switch every later :func:`tr` call to ``lang`` ("fr" or "en")."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _current = lang


def language() -> str:
    return _current


PLURAL = re.compile(r"\[\[(\w+)\|([^|\]]*)\|([^|\]]*)\]\]")


def _number(value: object) -> float | None:
    """A parameter as a number: ints and floats, or text such as "4,2" / "4.2"."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).replace(",", ".").replace("\u202f", "").replace(" ", ""))
    except ValueError:
        return None


def plural(text: str, lang: str, params: Mapping[str, object]) -> str:
    """Resolve every ``[[name|singular|plural]]`` of ``text`` (see the module's docstring)."""
    def pick(m: re.Match) -> str:
        x = _number(params.get(m.group(1)))
        if x is None:
            return m.group(3)
        one = abs(x) < 2 if lang == "fr" else x == 1
        return m.group(2) if one else m.group(3)

    return PLURAL.sub(pick, text)


def tr(key: str, lang: str | None = None, /, **params: object) -> str:
    """The text for ``key`` in ``lang`` (default: the current language), formatted with params.

    An unknown key returns the key itself, so a missing string is visible but never crashes.
    """
    entry = TABLE.get(key)
    if entry is None:
        return key
    lang = lang or _current
    text = entry.get(lang) or entry.get(DEFAULT_LANGUAGE) or key
    if "[[" in text:
        text = plural(text, lang, params)
    if lang == "fr" and params and "{" in text:
        text = elide(text, params)
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def number_word(n: int, lang: str | None = None, capital: bool = False) -> str:
    """``n`` in words when it is small (« sept », "seven"), else in digits."""
    word = tr(f"num.{n}", lang) if f"num.{n}" in TABLE else str(n)
    return word[:1].upper() + word[1:] if capital else word


def decimal(value: float, digits: int = 1, trim: bool = True) -> str:
    """``value`` with ``digits`` decimals (at most, when ``trim``), as the language writes it: a
    comma in French (« 2,5 »)."""
    text = f"{value:.{digits}f}"
    if trim and digits:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", tr("num.decimal_point"))


def error_text(err: object, lang: str | None = None) -> str:
    """The message of an error that carries a translation ``key`` and ``params`` (the rules' errors,
    level errors), in ``lang``; any other exception as it is."""
    key = getattr(err, "key", None)
    if isinstance(key, str):
        # a parameter that is itself such an error (the cause) is said in the same language
        params = {k: error_text(v, lang) if isinstance(getattr(v, "key", None), str) else v
                  for k, v in dict(getattr(err, "params", {}) or {}).items()}
        return tr(key, lang, **params)
    return str(err)
