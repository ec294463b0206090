"""Similar submissions: the pairs of students whose programs are alike once comments, names and
layout are set aside, for the teacher's report (``class.json``'s ``similar``, ``index.html`` and a
side-by-side page per pair, :mod:`.html_similar`). A student's own page never shows it.

The method is winnowing (Schleimer, Wilkerson and Aiken, *Winnowing: local algorithms for document
fingerprinting*, SIGMOD 2003), the one MOSS uses:

1. **Normalise.** Each source file of a student's copy (``OUT/submissions/<key>/``) becomes a
   stream of tokens: Python through the standard library's :mod:`tokenize`, C, C++ and Java through
   a small regular expression. Comments, blank lines, indentation and line breaks are dropped; every
   name that is not a keyword (or, in Python, a built-in) becomes one placeholder, every string
   another, every number a third. Renaming the variables, rewriting the comments or re-indenting
   changes nothing.
2. **Fingerprint.** Every run of :data:`K` consecutive tokens (a k-gram) is hashed; in every window
   of :data:`WINDOW` consecutive hashes the smallest is kept (the rightmost on a tie). Any passage
   of at least ``K + WINDOW - 1`` tokens two programs share is then found in both; a passage
   shorter than ``K`` tokens (an idiom, a loop header) never is.
3. **Set aside what isn't the students' own.** A k-gram of the starter the class was given
   (examples/starters/ from the repository, and ``--starter FILE``: MOSS's "base file") is no
   one's; nor is one found in more than :func:`common_limit` students' programs (a part every
   solution needs, or a starter the teacher forgot to name).
4. **Compare every pair** (n² / 2 pairs: 435 for 30 students, a fraction of a second; see
   docs/BENCHMARKS.md): the score is the share of the smaller program's own fingerprints that are
   in the other's (so a copy padded with code of its own is still found). A pair scoring at least
   :data:`THRESHOLD` is flagged, with the passages found in both (file and lines on each side).

Hashes are computed from the tokens' CRC-32 and Python's hash of a tuple of integers, which is the
same from run to run (a string's ``hash()`` is not): the same submissions give the same report.
The library made for this, copydetect (MIT), was measured and not taken; docs/BENCHMARKS.md
("Similar submissions") says why.
"""
from __future__ import annotations

import builtins
import io
import keyword
import re
import tokenize
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Tokens a k-gram: a shared passage shorter than this is never seen (the noise threshold).
K = 12
#: Hashes a window: a shared passage of K + WINDOW - 1 = 17 tokens or more is always seen.
WINDOW = 6
#: A pair is flagged from this score up: half of the smaller program's own fingerprints found in
#: the other. Copies with the names renamed and the comments rewritten score 1; separate solutions
#: of the same lab (the same algorithm, written apart) scored at most 0.32 in our trials, the same
#: code cut into other functions 0.47 (docs/BENCHMARKS.md, "Similar submissions").
THRESHOLD = 0.5
#: A program with fewer own fingerprints than this (beside the starter; about 40 tokens, five to
#: ten lines) is too short to tell a copy from the same few lines anyone would write (a greedy
#: player's one ``max(...)``): it is compared with no one.
MIN_FINGERPRINTS = 12
#: A fingerprint in more students' programs than this (or than half the class, when that is more)
#: is common ground, not a copy.
COMMON_FLOOR = 10
#: Files read at most: bigger ones (a data set, a generated table) are not the student's own code.
MAX_FILE_BYTES = 256 * 1024
#: Source read of one student at most (their files in order): a player is a few kilobytes, and a
#: folder of generated code must not cost the class its report.
MAX_STUDENT_BYTES = 1024 * 1024
#: Places kept of one fingerprint in one student's files (code repeated a thousand times is one).
MAX_PLACES = 4
#: Passages kept per pair in the report.
MAX_PASSAGES = 40

PYTHON = "python"
C_LIKE = "c"
#: The languages by the file's suffix.
LANGUAGES = {".py": PYTHON, ".pyw": PYTHON, ".c": C_LIKE, ".h": C_LIKE, ".cpp": C_LIKE, ".cc": C_LIKE,
             ".hpp": C_LIKE, ".java": C_LIKE}

NAME, STRING, NUMBER = "V", "S", "0"
_PY_KEEP = frozenset(keyword.kwlist) | frozenset(n for n in dir(builtins) if not n.startswith("_"))
_PY_DROP = frozenset({tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                      tokenize.ENCODING, tokenize.ENDMARKER})
#: C, C++ and Java keywords (their types included): kept as they are, every other name is a NAME.
_C_KEEP = frozenset("""
auto break case char const continue default do double else enum extern float for goto if inline int
long register return short signed sizeof static struct switch typedef union unsigned void volatile
while bool true false NULL nullptr class public private protected new delete this try catch throw
abstract boolean byte extends final finally implements import instanceof interface native package
super synchronized throws transient var null using namespace template typename virtual operator
include define ifdef ifndef endif
""".split())
_C_TOKEN = re.compile(r"""
    (?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
  | (?P<string>"(?:\\.|[^"\\\n])*"?|'(?:\\.|[^'\\\n])*'?)
  | (?P<number>\.?\d(?:[eEpP][-+]|[\w.])*)
  | (?P<name>[A-Za-z_$][\w$]*)
  | (?P<op>>>>=|<<=|>>=|>>>|\.\.\.|->|::|\+\+|--|&&|\|\||<<|>>|[-+*/%&|^=!<>]=|\S)
""", re.S | re.X)
#: Python read by the regular expression when :mod:`tokenize` refuses the file (a syntax error).
_PY_TOKEN = re.compile(r"""
    (?P<comment>\#[^\n]*)
  | (?P<string>[rRbBuUfF]{0,2}(?:'''.*?(?:'''|\Z)|\"\"\".*?(?:\"\"\"|\Z)|'(?:\\.|[^'\\\n])*'?|"(?:\\.|[^"\\\n])*"?))
  | (?P<number>\.?\d[\w.]*)
  | (?P<name>[^\W\d]\w*)
  | (?P<op>\*\*=?|//=?|->|:=|<<=?|>>=?|[-+*/%&|^=!<>@]=|\S)
""", re.S | re.X)


@dataclass
class Source:
    """One file of a student's copy: its path in the copy, its normalised tokens (as integers)
    and the line each token starts on."""

    path: str
    codes: list[int]
    lines: list[int]


@dataclass
class Work:
    """One student's programs: their files, and each own fingerprint with where it is (the file's
    index in ``files``, the k-gram's first token)."""

    key: str
    name: str
    files: list[Source] = field(default_factory=list)
    prints: dict[int, list[tuple[int, int]]] = field(default_factory=dict)


def _code(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def _python_tokens(text: str) -> list[tuple[str, int]]:
    """(normalised token, line) of Python source, through :mod:`tokenize` (the regular
    expression when the file doesn't tokenize)."""
    out: list[tuple[str, int]] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            kind = tok.type
            if kind in _PY_DROP:
                continue
            if kind == tokenize.NAME:
                word = tok.string if tok.string in _PY_KEEP else NAME
            elif kind == tokenize.STRING or tokenize.tok_name.get(kind, "").startswith("FSTRING"):
                if tokenize.tok_name.get(kind) in ("FSTRING_MIDDLE", "FSTRING_END"):
                    continue
                word = STRING
            elif kind == tokenize.NUMBER:
                word = NUMBER
            elif kind == tokenize.ERRORTOKEN and not tok.string.strip():
                continue
            else:
                word = tok.string
            out.append((word, tok.start[0]))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return _regex_tokens(text, _PY_TOKEN, _PY_KEEP)
    return out


def _regex_tokens(text: str, pattern: re.Pattern[str], keep: frozenset[str]) -> list[tuple[str, int]]:
    """(normalised token, line) by a regular expression with the groups comment, string, number,
    name and op."""
    out: list[tuple[str, int]] = []
    line, counted = 1, 0
    for m in pattern.finditer(text):
        line += text.count("\n", counted, m.start())
        counted = m.start()
        kind = m.lastgroup
        if kind == "comment":
            continue
        if kind == "name":
            word = m[0] if m[0] in keep else NAME
        elif kind == "string":
            word = STRING
        elif kind == "number":
            word = NUMBER
        else:
            word = m[0]
        out.append((word, line))
    return out


def tokens(text: str, language: str) -> list[tuple[str, int]]:
    """The normalised tokens of a source text and the line of each: comments and layout gone,
    names, strings and numbers each one placeholder, keywords as they are."""
    if language == PYTHON:
        return _python_tokens(text)
    return _regex_tokens(text, _C_TOKEN, _C_KEEP)


def read_source(path: Path, name: str) -> Source | None:
    """A file's tokens, or None when it is no source file we read (its suffix, its size, not text)."""
    language = LANGUAGES.get(path.suffix.lower())
    if language is None:
        return None
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            return None
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return None
    pairs = tokens(text, language)
    return Source(name, [_code(w) for w, _ in pairs], [n for _, n in pairs])


def kgrams(codes: Sequence[int]) -> list[int]:
    """The hash of every K consecutive tokens (none when there are fewer)."""
    return [hash(tuple(codes[i:i + K])) for i in range(len(codes) - K + 1)]


def winnow(hashes: Sequence[int]) -> list[int]:
    """The positions winnowing keeps: in every window of WINDOW hashes, the smallest (the
    rightmost of equal ones), each position once."""
    if len(hashes) <= WINDOW:
        return [min(range(len(hashes)), key=lambda i: (hashes[i], -i))] if hashes else []
    kept: list[int] = []
    for start in range(len(hashes) - WINDOW + 1):
        best = start
        for i in range(start + 1, start + WINDOW):
            if hashes[i] <= hashes[best]:
                best = i
        if not kept or kept[-1] != best:
            kept.append(best)
    return kept


def base_hashes(files: Iterable[Path]) -> set[int]:
    """Every k-gram hash of the starters (all of them, not only the winnowed: whatever a student
    kept of the starter is set aside)."""
    out: set[int] = set()
    for path in files:
        source = read_source(path, path.name)
        if source is not None:
            out.update(kgrams(source.codes))
    return out


def read_work(key: str, name: str, folder: Path, base: set[int]) -> Work:
    """A student's files (every source file of their copy, in order) and own fingerprints."""
    work = Work(key, name)
    if not folder.is_dir():
        return work
    budget = MAX_STUDENT_BYTES
    for path in sorted(p for p in folder.rglob("*") if p.suffix.lower() in LANGUAGES):
        rel = path.relative_to(folder).as_posix()
        if any(part.startswith(".") for part in rel.split("/")) or path.is_symlink() or not path.is_file():
            continue
        budget -= path.stat().st_size
        if budget < 0:
            break
        source = read_source(path, rel)
        if source is None:
            continue
        index = len(work.files)
        work.files.append(source)
        hashes = kgrams(source.codes)
        for at in winnow(hashes):
            if hashes[at] not in base:
                places = work.prints.setdefault(hashes[at], [])
                if len(places) < MAX_PLACES:
                    places.append((index, at))
    return work


def common_limit(students: int) -> int:
    """In more students' programs than this, a fingerprint is common ground."""
    return max(COMMON_FLOOR, students // 2)


def _lines(source: Source, first: int, last: int) -> list[int]:
    """The lines of the tokens first..last (a k-gram's tokens from its first to the last one)."""
    return [source.lines[first], source.lines[min(last, len(source.lines) - 1)]]


def passages(a: Work, b: Work, shared: set[int]) -> list[dict[str, Any]]:
    """The passages found in both, in the order of ``a``'s files and lines: chains of shared
    fingerprints that follow each other closely on both sides, each as ``{"a": {"file", "lines"},
    "b": {...}}`` (lines: first and last, from 1)."""
    pairs = sorted((fa, pa, fb, pb) for h in shared for fa, pa in a.prints[h] for fb, pb in b.prints[h])
    gap = K + WINDOW
    chains: list[list[int]] = []            # [file a, first a, last a, file b, first b, last b]
    active: list[list[int]] = []            # the chains that may still grow: near pa, in its file
    for fa, pa, fb, pb in pairs:
        active = [c for c in active if c[0] == fa and c[2] + gap >= pa]
        for c in reversed(active):
            if c[3] == fb and c[2] < pa and c[5] < pb <= c[5] + gap:
                c[2], c[5] = pa, pb
                break
        else:
            chains.append([fa, pa, pa, fb, pb, pb])
            active.append(chains[-1])
    chains.sort(key=lambda c: (-(c[2] - c[1]), c[0], c[1]))
    kept: list[list[int]] = []
    for c in chains:                        # a repeated line inside a longer passage on both sides: no news
        if len(kept) == MAX_PASSAGES:
            break
        if not any(k[0] == c[0] and k[3] == c[3] and k[1] <= c[1] and c[2] <= k[2] and k[4] <= c[4]
                   and c[5] <= k[5] for k in kept):
            kept.append(c)
    kept = sorted(kept, key=lambda c: (c[0], c[1], c[3], c[4]))
    return [{"a": {"file": a.files[c[0]].path, "lines": _lines(a.files[c[0]], c[1], c[2] + K - 1)},
             "b": {"file": b.files[c[3]].path, "lines": _lines(b.files[c[3]], c[4], c[5] + K - 1)}}
            for c in kept]


def compare(works: Sequence[Work], threshold: float = THRESHOLD) -> list[dict[str, Any]]:
    """Every pair of students compared; the flagged ones (score >= threshold), highest first:
    ``{"a", "b", "name_a", "name_b", "score", "shared", "passages"}`` (keys in the class's order)."""
    seen = Counter(h for w in works for h in w.prints)
    limit = common_limit(len(works))
    own = [{h for h in w.prints if seen[h] <= limit} for w in works]
    flagged: list[dict[str, Any]] = []
    for i, a in enumerate(works):
        if len(own[i]) < MIN_FINGERPRINTS:
            continue
        for j in range(i + 1, len(works)):
            if len(own[j]) < MIN_FINGERPRINTS:
                continue
            shared = own[i] & own[j]
            score = len(shared) / min(len(own[i]), len(own[j]))
            if score >= threshold:
                b = works[j]
                flagged.append({"a": a.key, "b": b.key, "name_a": a.name, "name_b": b.name,
                                "score": round(score, 3), "shared": len(shared),
                                "passages": passages(a, b, shared)})
    flagged.sort(key=lambda p: -p["score"])
    return flagged


def find(students: Iterable[tuple[str, str, Path]], starters: Iterable[Path] = (),
         threshold: float = THRESHOLD) -> list[dict[str, Any]]:
    """The flagged pairs of a class: ``students`` as (key, name, folder of their copy), the
    starters' files set aside."""
    base = base_hashes(starters)
    return compare([read_work(key, name, folder, base) for key, name, folder in students], threshold)


def shipped_starters() -> list[Path]:
    """The starters of examples/starters/ when the package runs from the repository (an installed
    package has none: the teacher names theirs with ``--starter``)."""
    folder = Path(__file__).resolve().parents[2] / "examples" / "starters"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in LANGUAGES)
