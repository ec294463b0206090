"""A game's board parameters: the schema its registry entry declares (:class:`Param`), which the level
loader validates against, the setup screens build their rows from, records write and read, and the
outside players' protocol sends as options. Pure Python; re-exported by :mod:`nimarcade.core.registry`.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping
from nimarcade.i18n import N_

#: A problem with a value: a translation key and its parameters (translated where it is shown).
Problem = tuple[str, dict[str, Any]]


class ParamKind(str, enum.Enum):
    """What a parameter holds; its value is the word level files and records use."""

    INT = "int"
    BOOL = "bool"
    CHOICE = "choice"
    INT_LIST = "int_list"    # each item within lo..hi, at most ``max_len`` items
    TEXT = "text"            # checked by the game's ``validate``


@dataclass(frozen=True)
class Param:
    """One board parameter of a game: a key of its level file and a row of its setup screen.

    ``hi_param`` makes the upper bound the value of another parameter (no more pawns than rows).
    """

    name: str
    kind: ParamKind
    default: Any = None
    lo: int = 0
    hi: int = 0
    required: bool = False
    choices: tuple[Any, ...] = ()
    max_len: int = 0
    hi_param: str | None = None
    #: The setup row's label, and the translation key of each value (bool and choice).
    label: str = ""
    value_keys: Mapping[Any, str] = field(default_factory=dict, hash=False, compare=False)
    #: False: kept from the level but not offered on the setup screen.
    setup: bool = True
    #: A text parameter that, when set, replaces this number (a match pattern sets the length):
    #: the setup row then shows that, and changing the number clears it.
    overridden_by: str | None = None
    #: The translation key of a sentence that explains the parameter and its values (Awélé's
    #: grand slam), for the setup screen to show beside its row ("": none).
    help: str = ""
    #: The setup screen's upper bound when the window draws less than the rules accept (the
    #: lab's heaps: 200 drawn, any size in the commands where the period answers); None: ``hi``.
    setup_hi: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ParamKind(self.kind))

    def bounds(self, params: Mapping[str, Any]) -> tuple[int, int]:
        hi = self.hi
        if self.hi_param is not None:
            other = params.get(self.hi_param)
            if isinstance(other, int) and not isinstance(other, bool):
                hi = min(hi, other)
        return self.lo, hi

    def values(self) -> list[Any]:
        """The values a bool or choice parameter can take, in the order a menu offers them."""
        if self.kind is ParamKind.BOOL:
            return [False, True]
        return list(self.choices)

    def check(self, value: Any, params: Mapping[str, Any] | None = None) -> Problem | None:
        """None when ``value`` is acceptable, else the reason (a translation key and params)."""
        lo, hi = self.bounds(params or {})
        kind = self.kind
        if kind is ParamKind.INT:
            if not _is_int(value):
                return N_("lvl.want_int"), {"lo": lo, "hi": hi}
            if not lo <= value <= hi:
                return N_("lvl.range"), {"lo": lo, "hi": hi, "v": value}
        elif kind is ParamKind.BOOL:
            if not isinstance(value, bool):
                return N_("lvl.want_bool"), {}
        elif kind is ParamKind.CHOICE:
            if value not in self.choices:
                return N_("lvl.choice"), {"options": ", ".join(map(str, self.choices))}
        elif kind is ParamKind.INT_LIST:
            if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= self.max_len or any(
                not _is_int(v) or not lo <= v <= hi for v in value
            ):
                return N_("lvl.int_list"), {"n": self.max_len, "lo": lo, "hi": hi}
        elif kind is ParamKind.TEXT:
            if value is not None and not isinstance(value, str):   # None: not given
                return N_("lvl.want_text"), {}
        return None

    def to_text(self, value: Any) -> str:
        """The value as a record's tag writes it (read back by :meth:`from_text`)."""
        if self.kind is ParamKind.BOOL:
            return "true" if value else "false"
        if self.kind is ParamKind.INT_LIST:
            return " ".join(str(v) for v in value)
        return "" if value is None else str(value)

    def from_text(self, text: str) -> Any:
        """A value from a record's tag; ValueError when the text can't be one."""
        if self.kind is ParamKind.INT:
            return int(text)
        if self.kind is ParamKind.BOOL:
            if text not in ("true", "false"):
                raise ValueError(text)
            return text == "true"
        if self.kind is ParamKind.INT_LIST:
            return tuple(int(v) for v in text.split())
        if self.kind is ParamKind.TEXT:
            return text or None
        return text


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


