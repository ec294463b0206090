"""The code of an octal game, d0.d1d2…dk, and the moves it allows on one heap.

Digit dk says what taking k tokens from a heap may leave: add 1 if the heap may vanish (it held
exactly k), 2 if one non-empty heap may remain, 4 if it may split into two non-empty heaps. d0 is
0 or 4 (4: a heap may be split in two without taking). A subtraction set ``{1,3,4}`` is the code
whose digits 1, 3 and 4 are 3 (take k and leave one heap or none). A code written with ``…`` (or
``...``) repeats its last digit for ever: ``0.3…`` is Nim, take any number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator
from nimarcade.i18n import N_

#: The longest code accepted (digits after the point).
MAX_DIGITS = 64
#: The largest number of a subtraction set.
MAX_TAKE = 64


class CodeError(ValueError):
    """A code that is no octal game: ``key`` is a translation key, ``params`` its parameters."""

    def __init__(self, key: str, **params: object) -> None:
        self.key, self.params = key, params
        super().__init__(f"{key} {params}")


@dataclass(frozen=True)
class OctalCode:
    """``digits[k]`` is dk (``digits[0]`` is d0); ``repeat``: the last digit holds for ever."""

    digits: tuple[int, ...]
    repeat: bool = False

    # -- reading ---------------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "OctalCode":
        """``"0.77"``, ``".07"``, ``"4.007"``, ``"0.3…"``, ``"{1,3,4}"``, ``"1,3,4"``, ``"{1 3 4}"``
        or ``"1 3 4"`` (the takes apart by commas, semicolons or spaces). Spaces never join two
        numbers: inside a code (``"0.7 7"``) they are refused."""
        if not isinstance(text, str):
            raise CodeError(N_("err.octal.code_empty"))
        raw = text.strip()
        if not raw:
            raise CodeError(N_("err.octal.code_empty"))
        spaced = re.search(r"\s", raw) is not None
        if raw.startswith("{") or "," in raw or ";" in raw or (spaced and "." not in raw and "…" not in raw):
            return cls.from_subtraction(raw)
        if spaced:
            raise CodeError(N_("err.octal.code_space"), text=text[:40])
        repeat = raw.endswith(("…", "..."))
        body = raw[:-1] if raw.endswith("…") else raw[:-3] if raw.endswith("...") else raw
        m = re.fullmatch(r"([0-9]?)\.([0-9]*)", body)
        if not m:
            raise CodeError(N_("err.octal.code_form"), text=text[:40])
        head, tail = m.group(1) or "0", m.group(2)
        for ch in head + tail:
            if ch in "89":
                raise CodeError(N_("err.octal.code_digit"), digit=ch)
        if head not in ("0", "4"):
            raise CodeError(N_("err.octal.code_d0"), digit=head)
        if len(tail) > MAX_DIGITS:
            raise CodeError(N_("err.octal.code_long"), max=MAX_DIGITS)
        digits = [int(head)] + [int(c) for c in tail]
        if not repeat:
            while len(digits) > 1 and digits[-1] == 0:
                digits.pop()
        if repeat and (len(digits) < 2 or digits[-1] == 0):
            raise CodeError(N_("err.octal.code_form"), text=text[:40])
        if len(digits) == 1 and digits[0] == 0:
            raise CodeError(N_("err.octal.code_no_move"))
        return cls(tuple(digits), repeat)

    @classmethod
    def from_subtraction(cls, text: str) -> "OctalCode":
        body = text.strip().lstrip("{").rstrip("}")
        parts = [p for p in re.split(r"[\s,;]+", body) if p]
        if not parts:
            raise CodeError(N_("err.octal.code_empty"))
        takes = set()
        for p in parts:
            if not re.fullmatch(r"[0-9]+", p):
                if "." in p:        # « 0.77, »: a code and a set of takes mixed
                    raise CodeError(N_("err.octal.code_mixed"), text=text[:40])
                raise CodeError(N_("err.octal.code_form"), text=text[:40])
            k = int(p)
            if not 1 <= k <= MAX_TAKE:
                raise CodeError(N_("err.octal.take_range"), max=MAX_TAKE, n=k)
            takes.add(k)
        digits = [0] * (max(takes) + 1)
        for k in takes:
            digits[k] = 3
        return cls(tuple(digits))

    # -- saying ----------------------------------------------------------------------------------
    def __str__(self) -> str:
        return f"{self.digits[0]}." + "".join(map(str, self.digits[1:])) + ("…" if self.repeat else "")

    @property
    def ascii(self) -> str:
        return str(self).replace("…", "...")

    def subtraction_set(self) -> tuple[int, ...] | None:
        """The takes when this is a subtraction game (every digit 0 or 3, d0 = 0), else None."""
        if self.repeat or self.digits[0] or any(d not in (0, 3) for d in self.digits[1:]):
            return None
        return tuple(k for k, d in enumerate(self.digits) if d == 3)

    # -- the moves -------------------------------------------------------------------------------
    @property
    def max_take(self) -> int | None:
        """t, the largest take (None: no largest, the code repeats)."""
        return None if self.repeat else len(self.digits) - 1

    def digit(self, k: int) -> int:
        if k < len(self.digits):
            return self.digits[k]
        return self.digits[-1] if self.repeat else 0

    def takes(self, n: int) -> range:
        """The takes worth looking at on a heap of n."""
        top = n if self.repeat else min(n, len(self.digits) - 1)
        return range(0, top + 1)

    def options(self, n: int) -> Iterator[tuple[int, int, int]]:
        """Every move on a heap of n as (take, left, right), left <= right, the parts it leaves
        (0: no heap). Each (left, right) pair once per take."""
        for k in self.takes(n):
            d = self.digit(k)
            if not d:
                continue
            rest = n - k
            if rest == 0:
                if d & 1 and k > 0:
                    yield k, 0, 0
                continue
            if d & 2 and k > 0:
                yield k, 0, rest
            if d & 4:
                for left in range(1, rest // 2 + 1):
                    yield k, left, rest - left

    def splits(self, n: int) -> Iterator[tuple[int, int]]:
        """The (left, right) pairs of :meth:`options`, without duplicates."""
        seen = set()
        for _k, a, b in self.options(n):
            if (a, b) not in seen:
                seen.add((a, b))
                yield a, b

    def allows(self, n: int, take: int, left: int) -> bool:
        """Whether taking ``take`` from a heap of n may leave ``left`` and ``n - take - left``."""
        if not 0 <= take <= n or not 0 <= left <= n - take:
            return False
        d = self.digit(take) if (take < len(self.digits) or self.repeat) else 0
        right = n - take - left
        parts = (left > 0) + (right > 0)
        if parts == 0:
            return bool(d & 1) and take > 0
        if parts == 1:
            return bool(d & 2) and take > 0
        return bool(d & 4)


def parse(text: str) -> OctalCode:
    return OctalCode.parse(text)
