"""The text of a game record, for our format and the others a game offers (OGN): tags and move
tokens with their line numbers, the numbered move lines, and the errors that name the file, the
line and the move as the record numbers it ("move 2, played first"). Pure Python, no pygame.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from nimarcade.i18n import N_, tr
from nimarcade.storage.regular import TEXT_LIMIT, NotRegular, TooLarge, read_regular_text

if TYPE_CHECKING:
    from nimarcade.core.match import Match

TAG = re.compile(r'\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')


class RecordError(ValueError):
    """A record that cannot be read or replayed: ``key``/``params`` name the message (the file,
    the line, the move)."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(f"{key} {params}")


class RecordWarning(RecordError):
    """A record that can be opened, with something the player must be told (it stops before the
    end it announces...): ``match`` is what it holds. Callers that do not ask for warnings
    (:func:`~nimarcade.records.record.load_file` without ``notes``) see it as any other :class:`RecordError`."""

    def __init__(self, key: str, match: Match, /, **params: Any) -> None:
        super().__init__(key, **params)
        self.match = match


@dataclass(frozen=True)
class Token:
    text: str
    line: int


# -- reading the text ------------------------------------------------------------------------------
def split(text: str, file: str, variations: bool = False) -> tuple[dict[str, str], list[Token]]:
    """The tags and the move-section tokens (with their line numbers) of a PGN-like text;
    ``{comments}`` are skipped, and ``(variations)`` too when the notation has no brackets."""
    tags: dict[str, str] = {}
    lines = text.splitlines()
    n = 0
    while n < len(lines) and (lines[n].strip().startswith("[") or not lines[n].strip()):
        line = lines[n]
        if line.strip():
            m = TAG.match(line)
            if m is None:
                raise RecordError(N_("rec.bad_tag"), file=file, line=n + 1, text=line.strip()[:60])
            tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
        n += 1
    return tags, list(_tokens(lines, n, file, "{(" if variations else "{"))


def _tokens(lines: list[str], start: int, file: str, openers: str) -> Iterator[Token]:
    closing = {"}": "{", ")": "("}
    closing = {c: o for c, o in closing.items() if o in openers}
    depth = {o: 0 for o in openers}
    marks = openers + "".join(closing)
    for number in range(start, len(lines)):
        word = ""
        for ch in lines[number] + " ":
            if ch in openers:
                depth[ch] += 1
            elif ch in closing:
                depth[closing[ch]] -= 1
                if depth[closing[ch]] < 0:
                    raise RecordError(N_("rec.bad_text"), file=file, line=number + 1, text=ch)
            elif any(depth.values()):
                continue
            elif ch.isspace():
                if word:
                    yield Token(word, number + 1)
                word = ""
            else:
                word += ch
            if ch in marks and word:
                yield Token(word, number + 1)
                word = ""


def strip_numbers(tokens: list[Token]) -> list[Token]:
    """Drop move numbers ("12." or "12...") and the number glued to a move ("12.A")."""
    out = []
    for t in tokens:
        text = re.sub(r"^\d+\.+", "", t.text)
        if text:
            out.append(Token(text, t.line))
    return out


def move_error(key: str, file: str, token: Token, index: int, **params: Any) -> RecordError:
    """An error about the ``index``-th move (from 1) of a record, named as the record numbers it:
    move ``(index + 1) // 2``, played first or second in that pair."""
    side = tr(N_("rec.played_first") if index % 2 else N_("rec.played_second"))
    return RecordError(key, file=file, line=token.line, n=index, number=(index + 1) // 2, side=side,
                       move=token.text, **params)


def result_words(result: str, match: Match) -> str:
    """The end of a game as our records write it ("1-0": the first mover won) in words, with the
    players' names."""
    if result == "1/2-1/2":
        return tr("rec.means_draw")
    return tr("rec.means_win", name=match.player_name(0 if result == "1-0" else 1))


def check_result(claimed: str, actual: str, match: Match, file: str,
                 words: Callable[[str], str] | None = None) -> None:
    """The result a record announces against the one its moves give: the same, or a
    :class:`RecordWarning` (it stops before its end, or ends where it says it goes on), or a
    :class:`RecordError` for a contradiction. ``words(result)`` says the end of a game in words."""
    if claimed == actual:
        return
    words = words or (lambda r: result_words(r, match))
    if claimed == "*":
        raise RecordWarning(N_("rec.result_open"), match, file=file, result=words(actual))
    if actual == "*":
        raise RecordWarning(N_("rec.cut"), match, file=file, result=claimed, meaning=words(claimed),
                            number=(len(match.moves) + 1) // 2)
    raise RecordError(N_("rec.result_differs"), file=file, claimed=claimed, meaning=words(claimed),
                      actual=actual, actual_meaning=words(actual))


def escape(value: str) -> str:
    """A tag value with its backslashes and quotes escaped, as PGN and OGN write them."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def move_lines(tokens: list[str], result: str, width: int = 79) -> list[str]:
    """Numbered moves ("1. A a 2. B b"), wrapped under ``width`` columns, then the result."""
    words: list[str] = []
    for i, t in enumerate(tokens):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(t)
    if result:
        words.append(result)
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return lines + [line]


def read_text(path: Path) -> str:
    """A record file's text; a RecordError in the player's words (with the file's name only) when
    it is missing, unreadable, not text at all, not a regular file (a FIFO, a device: never waited
    on) or larger than :data:`~nimarcade.storage.regular.TEXT_LIMIT`."""
    try:
        return read_regular_text(path, TEXT_LIMIT, encoding="utf-8-sig")
    except NotRegular:
        raise RecordError(N_("rec.unreadable"), file=path.name, why=tr("rec.why_not_regular")) from None
    except TooLarge:
        raise RecordError(N_("rec.unreadable"), file=path.name,
                          why=tr("rec.why_too_large", limit=TEXT_LIMIT // (1024 * 1024))) from None
    except FileNotFoundError:
        raise RecordError(N_("rec.missing"), file=path.name) from None
    except UnicodeDecodeError:
        raise RecordError(N_("rec.not_text"), file=path.name) from None
    except IsADirectoryError:
        raise RecordError(N_("rec.unreadable"), file=path.name, why=tr("rec.why_folder")) from None
    except PermissionError:
        raise RecordError(N_("rec.unreadable"), file=path.name, why=tr("rec.why_denied")) from None
    except OSError:
        raise RecordError(N_("rec.unreadable"), file=path.name, why=tr("rec.why_system")) from None
