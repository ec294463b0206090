"""The pseudo-locale ``qps``: English made visibly foreign, to find what translation would break.

Every text of the English catalogue, line by line, is

* **accented** (« Ţĥé ĝáméš »): a text drawn without passing through the catalogue stands out as
  plain ASCII, and the accents' height tests the lines' room above and below;
* **about 40 % longer**, by its vowels said again inside the words (« Ţĥéé ĝááméš »), and never
  shorter than the same text in French (216 of 1,442 French forms are wider than English + 40 %:
  « Désactivé » for "Off"): longer words and longer lines than any language the game ships, for
  every button, panel and wrapped line;
* **bracketed** in ``[`` ``]`` (the only pair the game's font draws besides « » and ‹ ›, which the
  texts and the menus use): a text cut short loses its ``]``, and a drawn string with letters
  outside brackets did not come from the catalogue (tests/window/test_pseudo_locale.py).

``{placeholders}``, argparse's ``%(name)s`` and ``%s``, and the line breaks stay as they are; a
template without a letter of its own (``{n}. {name}``, the decimal point) is not changed at all,
so that what fills it is seen as it is. Plural entries keep English's ``Plural-Forms`` and are
changed form by form.

The catalogue is a real gettext one: its ``.mo`` bytes are written here, in memory, and read by
:class:`~nimarcade.i18n.catalogue.Catalogue` like the shipped ones. Pure Python, no pygame, no
Babel. ``python main.py --lang qps`` plays in it; ``python tools/catalogues.py pseudo`` writes it
as a ``.po`` for a person to read.
"""
from __future__ import annotations

import atexit
import io
import re
import shutil
import struct
import tempfile
from collections.abc import Iterator, Mapping

from pathlib import Path

from nimarcade.i18n.catalogue import CONTEXT_SEPARATOR, DOMAIN, Catalogue

#: The pseudo-locale's code (``qps-ploc`` is Windows' own; ``qps`` is in ISO 639's private range).
CODE = "qps"
OPEN, CLOSE = "[", "]"
#: How much longer a text grows (its brackets count in it).
GROWTH = 0.4
#: How many characters the pseudo text has for one of a real translation's: o's and accented
#: vowels said again are narrower than a French word's mix of letters.
AS_WIDE = 1.35

# Letters the game's font has accented forms of (b, f, m, p, q, v, x have none it can draw).
_PLAIN = "acdeghijklnorstuwyzACDEGHIJKLNORSTUWYZ"
_ACCENTED = "áçďéĝĥíĵķļñöŕšţúŵýžÅÇĎÉĜĤÎĴĶĻÑÖŔŠŢÛŴÝŽ"
ACCENTS = str.maketrans(_PLAIN, _ACCENTED)
VOWELS = set("aeiouyAEIOUY")
#: What is never changed: ``{placeholder}`` (and ``{{ }}``), argparse's ``%(name)s``, ``%s``, ``%%``.
PROTECTED = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%[sdr%]")


def _pieces(line: str) -> Iterator[tuple[bool, str]]:
    """(is_text, piece) in order: the text between protected tokens, and the tokens."""
    at = 0
    for found in PROTECTED.finditer(line):
        if found.start() > at:
            yield True, line[at:found.start()]
        yield False, found.group()
        at = found.end()
    if at < len(line):
        yield True, line[at:]


def _letters(line: str) -> int:
    """How long a line's own text is (its placeholders left out)."""
    return len("".join(p for is_text, p in _pieces(line) if is_text).strip())


def _line(line: str, at_least: int = 0) -> str:
    """One line made pseudo: accented, longer (and at least ``at_least`` characters of text, its
    brackets included), bracketed (its spaces at either end left out)."""
    pieces = list(_pieces(line))
    plain = "".join(p for is_text, p in pieces if is_text)
    if not any(ch.isalpha() for ch in plain):
        return line
    extra = max(0, round(GROWTH * len(plain.strip())) - len(OPEN) - len(CLOSE),
                at_least - len(plain.strip()) - len(OPEN) - len(CLOSE))
    vowels = sum(ch in VOWELS for ch in plain)
    # each vowel said again, the extra characters spread evenly over the line's vowels (a line
    # without one: its last letter, outside the placeholders, said again)
    out: list[str] = []
    seen = 0
    last = -1
    for is_text, piece in pieces:
        if not is_text:
            out.append(piece)
            continue
        for ch in piece:
            accented = ch.translate(ACCENTS)
            if ch in VOWELS and vowels:
                times = extra // vowels + (1 if seen < extra % vowels else 0)
                seen += 1
                out.append(accented * (1 + times))
            else:
                out.append(accented)
            if ch.isalpha():
                last = len(out) - 1
    if not vowels and extra:
        out[last] *= 1 + extra
    made = "".join(out)
    start = len(made) - len(made.lstrip())
    end = len(made.rstrip())
    return f"{made[:start]}{OPEN}{made[start:end]}{CLOSE}{made[end:]}"


def pseudo(text: str, others: tuple[str, ...] = ()) -> str:
    """``text`` in the pseudo-locale, line by line (each line its own brackets), each line at least
    as long as the same line of ``others`` (the same text in the real translations: the
    pseudo-locale is then wider than every language the game ships, French included)."""
    lines = text.split("\n")
    longest = [round(AS_WIDE * max((_letters(o.split("\n")[i]) for o in others if len(o.split("\n")) == len(lines)),
                                   default=0)) for i in range(len(lines))]
    return "\n".join(_line(line, at_least) for line, at_least in zip(lines, longest))


# -- a gettext catalogue, made in memory ----------------------------------------------------------
def mo_bytes(messages: Mapping[str, str]) -> bytes:
    """A GNU ``.mo`` file of ``messages`` (msgid -> msgstr; a context joined by ``\\x04``, a plural
    entry's two ids and its forms each joined by ``\\x00``, the header under ``""``), little-endian,
    with no hash table (readers search the sorted ids)."""
    entries = sorted((key.encode("utf-8"), value.encode("utf-8")) for key, value in messages.items())
    count = len(entries)
    ids_at = 7 * 4
    strs_at = ids_at + 8 * count
    data_at = strs_at + 8 * count
    tables: list[list[int]] = [[], []]
    data = io.BytesIO()
    for column, which in ((0, 0), (1, 1)):
        for entry in entries:
            raw = entry[which]
            tables[column] += [len(raw), data_at + data.tell()]
            data.write(raw + b"\0")
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_at, strs_at, 0, data_at)
    return head + struct.pack(f"<{4 * count}I", *tables[0], *tables[1]) + data.getvalue()


def messages(english: Catalogue, others: tuple[Catalogue, ...] = ()) -> dict[str, str]:
    """Every entry of ``english`` made pseudo, as ``.mo`` messages (see :func:`mo_bytes`), each at
    least as long as its translations in ``others``."""
    found: dict[str, str] = {"": header(english)}
    plural: dict[str, dict[int, str]] = {}
    for entry, text in english._catalog.items():              # the parsed .mo: what gettext reads
        same = tuple(t for t in (o._catalog.get(entry) for o in others) if isinstance(t, str))
        if isinstance(entry, tuple):
            plural.setdefault(entry[0], {})[entry[1]] = pseudo(text, same)
        elif entry:
            found[entry] = pseudo(text, same)
    for name, forms in plural.items():
        key = name.rpartition(CONTEXT_SEPARATOR)[2]            # msgid_plural is the key again
        found[f"{name}\0{key}"] = "\0".join(forms[i] for i in range(len(forms)))
    return found


def header(english: Catalogue) -> str:
    plural_forms = english.info().get("plural-forms", "nplurals=2; plural=(n != 1);")
    return ("Project-Id-Version: Nim Arcade pseudo-locale\n"
            f"Language: {CODE}\n"
            f"Plural-Forms: {plural_forms}\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=utf-8\n"
            "Content-Transfer-Encoding: 8bit\n")


def build(english: Catalogue | None = None) -> Catalogue:
    """The pseudo-locale's catalogue, made from ``english`` (default: the shipped English one)."""
    others: tuple[Catalogue, ...] = ()
    if english is None:
        from nimarcade import i18n

        english = i18n.catalogue(i18n.FALLBACK_LANGUAGE)
        others = tuple(i18n.catalogue(lang) for lang in i18n.languages() if lang != i18n.FALLBACK_LANGUAGE)
    data = mo_bytes(messages(english, others))
    found = Catalogue(io.BytesIO(data))
    found.source = data                       # type: ignore[attr-defined]  # for written()
    return found


_written: list[Path] = []


def written(found: Catalogue) -> Path:
    """A locale folder holding ``found`` as ``qps/LC_MESSAGES/nimarcade.mo``, for the standard
    library's own ``gettext.gettext`` (argparse's), which reads files: a temporary folder of this
    process, removed when it ends."""
    if not _written:
        folder = Path(tempfile.mkdtemp(prefix="nimarcade-pseudo-"))
        atexit.register(shutil.rmtree, folder, True)
        where = folder / CODE / "LC_MESSAGES" / f"{DOMAIN}.mo"
        where.parent.mkdir(parents=True)
        where.write_bytes(getattr(found, "source", b"") or mo_bytes(messages(found)))
        _written.append(folder)
    return _written[0]


def install(code: str = CODE) -> Catalogue:
    """Make the pseudo-locale a language of this process (``i18n.set_language(code)`` then
    switches to it); returns its catalogue."""
    from nimarcade import i18n

    found = build()
    i18n.add_language(code, found, made_from=(i18n.FALLBACK_LANGUAGE, pseudo))
    return found
