"""One language's catalogue: a compiled gettext ``.mo`` read by the standard library.

Nim Arcade's msgids are symbolic keys (``menu.play``, ``err.heaps.no_heap``), and the English text
is the English catalogue's msgstr (see CONTRIBUTING.md, « Translating »). Three kinds of entry:

* a plain entry: ``msgid "menu.play"`` → :meth:`Catalogue.gettext`;
* a plural entry: ``msgctxt "n"`` + ``msgid "sticks.left"`` + ``msgid_plural "sticks.left"``: its
  context names the placeholder whose number picks the form, and its forms follow the catalogue's
  own ``Plural-Forms`` header (French ``nplurals=2; plural=(n > 1);``) → :meth:`Catalogue.npgettext`;
* a piece: when a sentence counts two things, each extra count is its own plural entry named
  ``<key>:<placeholder>`` (``result.moves_rounds:rounds`` says « 3 tours »), and the sentence's
  ``{rounds}`` receives that piece, since a gettext entry has one number that picks its form.

This module reads; :mod:`nimarcade.i18n` decides the language, falls back and formats.
"""
from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any, Callable, Iterator

#: The gettext domain: ``locale/<lang>/LC_MESSAGES/nimarcade.mo``.
DOMAIN = "nimarcade"
#: Where the catalogues are (``.po`` sources beside their compiled ``.mo``).
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: A context and its msgid are joined by this byte in a ``.mo`` file (the gettext format's own).
CONTEXT_SEPARATOR = "\x04"


class Catalogue(gettext.GNUTranslations):
    """A ``.mo`` catalogue that also knows which of its entries are plural, and by which
    placeholder (read once, when the file is parsed)."""

    # what gettext's parser fills in (its own names, not in its stubs)
    _catalog: dict[str | tuple[str, int], str]
    plural: Callable[[int], int]

    def _parse(self, fp: Any) -> None:
        super()._parse(fp)
        self.plain: set[str] = set()
        #: key -> the placeholder whose number picks its form
        self.counted_by: dict[str, str] = {}
        for entry in self._catalog:
            if isinstance(entry, tuple):
                context, _, key = entry[0].rpartition(CONTEXT_SEPARATOR)
                if context:
                    self.counted_by[key] = context
                else:                                 # argparse's own (ngettext, no context)
                    self.plain.add(key)
            elif entry:                               # "" is the header
                self.plain.add(entry.rpartition(CONTEXT_SEPARATOR)[2])
        self._index_pieces()

    def _index_pieces(self) -> None:
        #: key -> the placeholders that have a piece (``<key>:<placeholder>``)
        self.pieces: dict[str, set[str]] = {}
        for key in self.counted_by:
            base, _, name = key.partition(":")
            if name:
                self.pieces.setdefault(base, set()).add(name)

    def merge(self, more: "Catalogue") -> None:
        """Take every entry of ``more`` (its plural entries keep their forms, by this catalogue's
        rule: ``more`` must share its Plural-Forms)."""
        self._catalog.update({k: v for k, v in more._catalog.items() if k != ""})
        self.plain |= more.plain
        self.counted_by.update(more.counted_by)
        self._index_pieces()

    def __contains__(self, key: object) -> bool:
        return key in self.plain or key in self.counted_by

    def keys(self) -> Iterator[str]:
        yield from self.plain
        yield from self.counted_by

    def form_number(self, count: float) -> int:
        """The whole number this catalogue's plural formula is asked for ``count``. A whole count
        is itself; a count with decimals takes the form of its integer part where 0 and 1 share a
        form (French, as CLDR says: « 1,5 graine »), else the form of 0 (English: « 1.5 seeds »)."""
        count = abs(count)
        if count == int(count):
            return int(count)
        return int(count) if self.plural(0) == self.plural(1) else 0

    def forms(self, key: str) -> tuple[str, ...]:
        """Every form of a plural entry, in the catalogue's order (empty for a plain entry)."""
        context = self.counted_by.get(key)
        if context is None:
            return ()
        name = f"{context}{CONTEXT_SEPARATOR}{key}"
        found: list[str] = []
        while (name, len(found)) in self._catalog:
            found.append(self._catalog[(name, len(found))])
        return tuple(found)


def load(lang: str, folder: Path | None = None) -> Catalogue:
    """The compiled catalogue of ``lang`` (FileNotFoundError when it has none); ``folder``: the
    locale folder, :data:`LOCALE_DIR` when None (read at each call: a test may point it elsewhere)."""
    # gettext.translation would share one parsed catalogue between its copies: a catalogue that a
    # running game extends (i18n.extend) must not change what the next load reads
    folder = LOCALE_DIR if folder is None else folder
    path = gettext.find(DOMAIN, str(folder), languages=[lang])
    if path is None:
        raise FileNotFoundError(f"no {DOMAIN}.mo for {lang!r} in {folder}")
    return read(Path(path))


def read(path: Path) -> Catalogue:
    """A catalogue from one ``.mo`` file (a test's own language, a generated pseudo-locale)."""
    with open(path, "rb") as fp:
        return Catalogue(fp)


def available(folder: Path | None = None) -> list[str]:
    """The languages that have a compiled catalogue in ``folder`` (:data:`LOCALE_DIR` when None):
    the languages are the catalogues found on disk, nothing else lists them."""
    folder = LOCALE_DIR if folder is None else folder
    return sorted(p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
