"""The catalogues as the tests read them: every key's templates in each language, a plural
entry's forms joined by a space (so a test can look at every word and placeholder it may show)."""
from __future__ import annotations

from nimarcade import i18n

#: key -> language -> its templates (forms joined)
TEXTS: dict[str, dict[str, str]] = {key: {lang: " ".join(i18n.forms(key, lang)) for lang in i18n.LANGUAGES}
                                    for key in sorted(i18n.keys())}


def fields(text: str) -> set[str]:
    """The placeholders of a text (of every form it joins)."""
    return i18n.fields(text)


def compiled(entries: dict[str, str | tuple[str, str, ...]], lang: str) -> i18n.Catalogue:
    """A catalogue of ``lang`` holding ``entries`` (key -> text, or (counted placeholder, form,
    form...) for a plural entry), compiled by Babel as `make catalogues` does."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from nimarcade.i18n.catalogue import Catalogue

    cat = Catalog(locale=lang, domain="nimarcade")
    for key, text in entries.items():
        if isinstance(text, tuple):
            cat.add((key, key), text[1:], context=text[0])
        else:
            cat.add(key, text)
    out = io.BytesIO()
    write_mo(out, cat)
    return Catalogue(io.BytesIO(out.getvalue()))
