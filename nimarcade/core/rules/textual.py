"""What a game shows and asks in a terminal (text mode), in the rules' own terms.

A rules module draws its board with symbols and numbers only, and names its words by translation
keys (as :class:`~nimarcade.core.rules.protocol.Outcome` names its reason): the text mode translates
them. Pure Python, no i18n, no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping


@dataclass(frozen=True)
class Row:
    """One line: words (``key`` translated with ``params``; empty: none), then ``cells``.

    The labels of consecutive rows are padded to one width so that their cells line up (seed 001's
    binary table). A parameter may itself be a :class:`Row` (translated too); ``{p0}`` and ``{p1}``
    are always available: the players' names, in the rules' order.
    """

    key: str = ""
    params: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)
    cells: str = ""


def words(key: str, **params: Any) -> Row:
    return Row(key, params)


@dataclass(frozen=True)
class Choice:
    """One numbered answer, as seed 003's ``1:(1,1)``: the player types ``key``; ``label`` is shown
    after it (empty: the key says it all); ``then`` is the move, or the next :class:`Stage`."""

    key: str
    label: str = ""
    then: Any = None


@dataclass(frozen=True)
class Stage:
    """A question with numbered answers (seed 003: « choisir un pion 1:(1,1) 2:(2,1) »).

    ``prompt`` is a translation key filled with ``params``; ``notes`` are said before it (seed 003's
    « ! plus qu'un seul pion en (3,3) »)."""

    prompt: str
    choices: tuple[Choice, ...]
    params: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)
    notes: tuple[Row, ...] = ()


def keyed_stage(prompt: str, items: list[tuple[int, Any]], **params: Any) -> Stage:
    """A stage whose answers are numbers that mean themselves (a count, a heap, a house)."""
    return Stage(prompt, tuple(Choice(str(k), "", then) for k, then in items), params)


def piece_stages(pieces: tuple[tuple[int, int], ...],
                 destinations: Callable[[tuple[int, int]], Iterable[tuple[int, int]]], piece_prompt: str, dest_prompt: str,
                 only_one: str) -> Stage:
    """Seed 003's two questions for pieces on a grid: « choisir un pion 1:(1,1) 2:(2,1)×2 » (one
    entry a cell, its number of pieces after it when they are several), then « choisir la
    destination »; with a single piece left, a note (« ! plus qu'un seul pion en (3,3) ») and
    straight to its destinations. ``destinations(cell)`` lists where a piece on ``cell`` may go."""
    def to(cell: tuple[int, int], notes: tuple[Row, ...] = ()) -> Stage:
        return Stage(dest_prompt, tuple(Choice(str(i), f"({r},{c})", (cell, (r, c)))
                                        for i, (r, c) in enumerate(destinations(cell), 1)), notes=notes)

    if len(pieces) == 1:
        (r, c), = pieces
        return to((r, c), (words(only_one, row=r, col=c),))
    cells = sorted(set(pieces))
    return Stage(piece_prompt, tuple(
        Choice(str(i), f"({r},{c})" + (f"×{pieces.count((r, c))}" if pieces.count((r, c)) > 1 else ""), to((r, c)))
        for i, (r, c) in enumerate(cells, 1)))
