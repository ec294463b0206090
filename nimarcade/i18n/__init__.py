"""Every text a person sees, in their language: gettext catalogues read by the standard library.

The catalogues are ``locale/<lang>/LC_MESSAGES/nimarcade.po`` (compiled beside them to ``.mo``);
their msgids are symbolic keys and :func:`tr` is the one door to them::

    tr("sticks.left", n=3)            # « 3 bâtons sur la table »

How a text is made, in order:

1. **look up** ``key`` in the current language's catalogue (plain entries through ``gettext``,
   plural ones through ``npgettext``: the entry's context names the placeholder whose number picks
   the form, by the catalogue's own ``Plural-Forms``; see :mod:`.catalogue`); an entry the language
   lacks falls back to English, and is logged once;
2. **pieces**: a placeholder ``{p}`` that has its own plural entry ``<key>:p`` receives that piece
   (a sentence that counts two things: « Partie en 3 coups (2 tours) »);
3. **French elision**, a small step after translation: « de {name} » reads « d'Ordinateur A » when
   the name begins with a vowel (:mod:`.elision`; a language adds its own step in ``AFTER``);
4. **format** with ``str.format``, a ``float`` parameter written as the language writes it
   (:func:`decimal`: « 1,5 », "1.5"; an int as it is); a template that cannot be filled (a
   placeholder the call did not give) is logged once and the English text is used instead.

argparse speaks through the same catalogues natively: :func:`set_language` makes ``nimarcade`` the
process's gettext domain and names the language in ``LANGUAGE``, where the standard library's
``gettext.gettext`` (which argparse calls) looks.
"""
from __future__ import annotations

import gettext as _gettext
import logging
import os
import re
import string
from collections.abc import Callable, Iterable, Mapping

from nimarcade.i18n import catalogue as _catalogue
from nimarcade.i18n.catalogue import DOMAIN, Catalogue
from nimarcade.i18n.elision import elide

DEFAULT_LANGUAGE = "fr"
#: The language every other one falls back to, entry by entry.
FALLBACK_LANGUAGE = "en"


def languages() -> tuple[str, ...]:
    """The game's languages: the catalogues found on disk (``locale/<lang>/LC_MESSAGES/``), the
    default language first, then English, then the others by their codes. Adding a language is
    adding its catalogue (CONTRIBUTING.md, « Adding a language »): nothing in the code lists them."""
    found = set(_catalogue.available())
    first = [lang for lang in (DEFAULT_LANGUAGE, FALLBACK_LANGUAGE) if lang in found]
    return (*first, *sorted(found - set(first)))


def language_name(lang: str) -> str:
    """A language's name written in itself (« Français », "English"): its catalogue's ``lang.name``
    (the settings screen shows it); the code when the catalogue has none."""
    key = N_("lang.name")
    try:
        found = catalogue(lang)
    except FileNotFoundError:
        return lang
    return found.gettext(key) if key in found else lang


def language_list() -> str:
    """The languages to choose from, as a command line writes them (``fr|en``)."""
    return "|".join(languages())


#: The languages found when the game started (a test's parameters; code asks :func:`languages`).
LANGUAGES = languages()
#: The pseudo-locale (:mod:`.pseudo`): English accented, longer and bracketed, made when first
#: asked for (``--lang qps``) to see what a translation would break; never offered in the settings.
PSEUDO = "qps"

#: Steps after translation, by language: (template, params) -> template.
AFTER: dict[str, Callable[[str, Mapping[str, object]], str]] = {"fr": elide}

log = logging.getLogger(__name__)

_current = DEFAULT_LANGUAGE
#: Catalogues loaded, and those added while running (a test's language, the pseudo-locale).
_loaded: dict[str, Catalogue] = {}
#: Languages made from another one by a function (the pseudo-locale, from English): a text that
#: data gives in its own languages (a level's name) is made the same way (:func:`own_words`).
_made_from: dict[str, tuple[str, Callable[[str], str]]] = {}
#: (language, key, what) already logged: each problem is said once.
_said: set[tuple[str, str, str]] = set()


def N_(key: str) -> str:
    """Mark ``key`` as a text said later (kept in a table, raised in an error): the extraction
    finds it, the code translates it where it is shown."""
    return key


def catalogue(lang: str) -> Catalogue:
    """The catalogue of ``lang``, loaded once."""
    found = _loaded.get(lang)
    if found is None:
        if lang == PSEUDO:
            from nimarcade.i18n import pseudo

            return pseudo.install(lang)
        found = _loaded[lang] = _catalogue.load(lang)
    return found


def add_language(lang: str, found: Catalogue, made_from: tuple[str, Callable[[str], str]] | None = None) -> None:
    """Use ``found`` as the catalogue of ``lang`` (one not shipped: a test's, the pseudo-locale);
    ``made_from``: the language it is made from, and how (a text of data follows the same way)."""
    _loaded[lang] = found
    if made_from is not None:
        _made_from[lang] = made_from


def extend(lang: str, more: Catalogue) -> None:
    """Add ``more``'s entries to the catalogue of ``lang`` (a game registered while running, in a
    test: a shipped game's text is in the catalogue's files). :func:`forget` drops them again."""
    catalogue(lang).merge(more)


def forget(lang: str) -> None:
    """Read ``lang``'s catalogue afresh at its next use (undoes :func:`extend`)."""
    _loaded.pop(lang, None)


def known(lang: str) -> bool:
    return lang in languages() or lang in _loaded or lang == PSEUDO


def set_language(lang: str) -> None:
    """Switch every later :func:`tr` call, and argparse's messages, to ``lang``."""
    global _current
    if not known(lang):
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(languages())}")
    _current = lang
    _speak_natively(lang)


def language() -> str:
    return _current


def _speak_natively(lang: str) -> None:
    """Make the standard library's own ``gettext.gettext`` (argparse's) read our catalogue in
    ``lang``: the process's domain is ours, and ``LANGUAGE`` names the language."""
    folder = _catalogue.LOCALE_DIR
    if lang == PSEUDO:                         # made in memory: gettext.gettext reads files
        from nimarcade.i18n import pseudo

        folder = pseudo.written(catalogue(lang))
    _gettext.bindtextdomain(DOMAIN, str(folder))
    _gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang


def _say_once(lang: str, key: str, what: str) -> None:
    if (lang, key, what) not in _said:
        _said.add((lang, key, what))
        log.warning("translation: %s %s in %r", what, key, lang)


def has(key: str, lang: str | None = None) -> bool:
    """Whether ``key`` has an entry (in ``lang``, else in English)."""
    return key in catalogue(lang or _current) or key in catalogue(FALLBACK_LANGUAGE)


#: What our msgids look like (``menu.play``, ``result.moves_rounds:rounds``, a level's name
#: ``level.heaps.1-3-7``: a level's id may hold a dash); the catalogues also hold argparse's own
#: msgids, its English text (« usage: »).
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_-]+)+(:[a-z_]+)?\Z")


def keys(lang: str = FALLBACK_LANGUAGE) -> set[str]:
    """Every key of a language's catalogue (argparse's msgids left out)."""
    return {key for key in catalogue(lang).keys() if KEY.match(key)}


def forms(key: str, lang: str | None = None) -> tuple[str, ...]:
    """Every template of ``key`` in ``lang``: one for a plain entry, one a form for a plural one."""
    found = catalogue(lang or _current)
    if key in found.counted_by:
        return found.forms(key)
    return (found.gettext(key),) if key in found else ()


def counted_by(key: str) -> str | None:
    """The placeholder whose number picks the form of a plural entry (None for a plain one)."""
    return catalogue(FALLBACK_LANGUAGE).counted_by.get(key)


def _count(value: object) -> float | None:
    """A parameter as a number: ints and floats, or text such as "4,2" / "4.2" / "+1,5"."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).replace(",", ".").replace("\u202f", "").replace("\u00a0", "").replace(" ", ""))
    except ValueError:
        return None


def _template(found: Catalogue, key: str, params: Mapping[str, object]) -> str:
    """``key``'s template in ``found`` for these ``params`` (its form by its counted placeholder)."""
    context = found.counted_by.get(key)
    if context is None:
        return found.gettext(key)
    number = _count(params.get(context))
    n = found.form_number(number) if number is not None else 2
    return found.npgettext(context, key, key, n)


def _lookup(key: str, lang: str, params: Mapping[str, object]) -> tuple[str, str] | None:
    """(template, the language it came from); English when ``lang`` lacks it (logged once)."""
    for code in dict.fromkeys((lang, FALLBACK_LANGUAGE)):
        found = catalogue(code)
        if key in found:
            return _template(found, key, params), code
        _say_once(code, key, "missing")
    return None


def _fill(template: str, lang: str, key: str, params: Mapping[str, object]) -> str | None:
    """The template with its pieces, its language's step and its params; None when it can't be.
    A text without parameters is taken as it is (« {1,3,4} » is a set, not a placeholder)."""
    if not params:
        return template
    pieces = catalogue(lang).pieces.get(key, ())
    params = {name: (_piece(f"{key}:{name}", lang, params) if name in pieces
                     else decimal(value, FLOAT_DIGITS, lang=lang) if type(value) is float else value)
              for name, value in params.items()}
    step = AFTER.get(lang)
    if step is not None and "{" in template:
        template = step(template, params)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return None


def _piece(key: str, lang: str, params: Mapping[str, object]) -> str:
    return _fill(_template(catalogue(lang), key, params), lang, key, params) or str(params.get(key.rpartition(":")[2]))


def tr(key: str, lang: str | None = None, /, **params: object) -> str:
    """The text for ``key`` in ``lang`` (default: the current language), formatted with params.

    Never raises: a missing entry falls back to English, a template that can't be filled falls back
    to the English one, each logged once; a key no catalogue has is returned as it is (and logged).
    """
    lang = lang or _current
    if not params:                            # the common case, once a frame for many labels: one dict look-up
        plain = _loaded.get(lang)
        if plain is not None and key in plain.plain:
            return plain.gettext(key)
    found = _lookup(key, lang, params)
    if found is None:
        return key
    template, code = found
    text = _fill(template, code, key, params)
    if text is None and code != FALLBACK_LANGUAGE:
        _say_once(code, key, "unfillable")
        english = _lookup(key, FALLBACK_LANGUAGE, params)
        text = _fill(english[0], FALLBACK_LANGUAGE, key, params) if english else None
    if text is None:
        _say_once(FALLBACK_LANGUAGE, key, "unfillable")
        return _fill_what_can_be(template, params)
    return text


class _Blank(dict):
    def __missing__(self, name: str) -> str:
        return "…"


def _fill_what_can_be(template: str, params: Mapping[str, object]) -> str:
    """The last resort: every placeholder the call gave, « … » for the others."""
    try:
        return string.Formatter().vformat(template, (), _Blank(params))
    except (IndexError, ValueError, AttributeError, KeyError):
        return template


def fields(template: str) -> set[str]:
    """The ``{placeholders}`` of a template."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def own_words(texts: Mapping[str, str], lang: str | None = None) -> str:
    """A text that data gives in each language itself, not the catalogue (a level's name in its
    file: ``{"fr": ..., "en": ...}``): ``lang``'s, else the one it is made from, made again (the
    pseudo-locale's from English), else English's."""
    lang = lang or _current
    if texts.get(lang):
        return texts[lang]
    if lang in _made_from:
        base, make = _made_from[lang]
        return make(own_words(texts, base))
    return texts.get(FALLBACK_LANGUAGE) or next(iter(texts.values()), "")


def number_word(n: int, lang: str | None = None, capital: bool = False) -> str:
    """``n`` in words when it is small (« sept », "seven"), else in digits."""
    word = tr(f"num.{n}", lang) if has(f"num.{n}", lang) else str(n)
    return word[:1].upper() + word[1:] if capital else word


#: The decimals at most of a ``float`` parameter of :func:`tr` (trailing zeros dropped: 0.5 -> « 0,5 »);
#: a text that wants fewer passes :func:`decimal`'s text instead.
FLOAT_DIGITS = 6


def decimal(value: float, digits: int = 1, trim: bool = True, sign: bool = False, lang: str | None = None) -> str:
    """``value`` with ``digits`` decimals (at most, when ``trim``), as the language writes it: a
    comma in French (« 2,5 »), a point in English ("2.5"); ``sign`` writes « +1,5 ». A value that
    rounds to zero is never « -0 »."""
    text = f"{value:{'+' if sign else ''}z.{digits}f}"
    if trim and digits:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", tr("num.decimal_point", lang))


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


class Said(Exception):
    """An error said in the player's language: a translation ``key`` and its ``params``, read by
    :func:`error_text`, :attr:`message` and ``str()`` in the language of the moment (an error
    raised now may be said later, after the language changed). Not a ValueError on purpose:
    argparse turns a type's ValueError into its own vague message; this one reaches the command,
    which says it in one line."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key, self.params = key, params
        super().__init__(key)

    @property
    def message(self) -> str:
        return error_text(self)

    def __str__(self) -> str:
        return self.message


def said() -> Iterable[tuple[str, str, str]]:
    """What was logged so far: (language, key, "missing" | "unfillable")."""
    return frozenset(_said)


_speak_natively(_current)
