"""Text that comes from outside (a student's folder name, the ``name`` a program's Player class
declares, a line a program wrote): how a person is shown it, and in what order names are listed.

Here, in the translations' floor, because it is about the text a person reads and every floor
above needs it (the text mode, the judge, the class and its reports): one function, so that a
terminal line, a Markdown or CSV cell and an HTML page neutralise the same characters.

- :func:`printable`: the characters that act instead of being read are written out as visible
  escapes (``\\x1b``, ``\\u202e``): C0 and C1 controls and DEL (a terminal's escape sequences, a
  carriage return that overwrites a line, a newline that forges one), the direction marks,
  embeddings, overrides and isolates (U+200E/F, U+061C, U+202A–U+202E, U+2066–U+2069) that
  reorder what is read, the line and paragraph separators, every other invisible format
  character (category Cf, a zero-width space that makes two names look the same) and lone
  surrogates (a file name that was not UTF-8). The zero-width joiner and non-joiner stay: some
  scripts and emoji need them, and they move nothing.
- :func:`sort_key`: names in the language's alphabetical order (« Émilie » before « Zoé »).
"""
from __future__ import annotations

import unicodedata

#: Kept though of category Cf: the zero-width non-joiner and joiner (Persian, Indic scripts, emoji).
_JOINERS = frozenset("\u200c\u200d")
#: Escaped whatever their category (the line and paragraph separators are Zl and Zp).
_ALWAYS = frozenset("\u2028\u2029")
_ESCAPED = frozenset(("Cc", "Cf", "Cs"))
#: Letters NFKD does not take apart, spelt as a French or English dictionary files them.
_LETTERS = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d",
                          "ł": "l", "Ł": "l", "ı": "i", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d"})


def _escaped(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep_lines: bool = False) -> str:
    """``text`` with every character that acts instead of being read written as a visible escape
    (the module's docstring lists them): no terminal escape, forged line or reversed text reaches
    a person. ``keep_lines`` keeps newlines and tabs (a block of lines, a ``<pre>``). Applying it
    twice changes nothing more."""
    out = []
    for ch in text:
        if keep_lines and ch in "\n\t":
            out.append(ch)
        elif ch in _ALWAYS or (unicodedata.category(ch) in _ESCAPED and ch not in _JOINERS):
            out.append(_escaped(ch))
        else:
            out.append(ch)
    return "".join(out)


def sort_key(name: str, lang: str | None = None) -> tuple[str, str, str, str]:
    """The key that lists names in a French or English reader's order: letters without their
    accents and case first (NFKD with the combining marks dropped, casefolded, ``œ`` as ``oe``),
    then the accents, then the case (lower case first, as a dictionary), then the name itself, so
    that the order is total and stable.

    Why not PyICU (the Unicode collation algorithm with CLDR's tailorings): it is a large
    compiled dependency, with no wheel for every platform a teacher runs, for a list of thirty
    names in French or English, whose order these three levels already give as a dictionary does
    (``cote`` < ``côte`` < ``Coté``). ``lang`` is taken for the day a language needs its own
    order (Swedish files ``ä`` after ``z``): fr and en share this one."""
    del lang
    plain = unicodedata.normalize("NFKD", name.translate(_LETTERS))
    letters = "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold()
    accents = unicodedata.normalize("NFC", name)
    return " ".join(letters.split()), accents.casefold(), accents.swapcase(), name
