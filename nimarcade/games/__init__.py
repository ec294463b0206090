"""The games, one folder each: ``nimarcade/games/<id>/`` holds a game whole (its rules, its spec,
its solver or engine, its scene, art and editor, its text, its bench suite and its data tools).
``sinkboard/`` is the sink board that Pawns and the Queen share.

Nothing outside this package names a game: the registry (:mod:`nimarcade.core.registry`) loads
each game's ``spec`` module by name, in :data:`MENU_ORDER`. The games are independent of each other
(an import contract checks it), and only the registry reaches them.

This package is also the registry's public door, as it always was: ``nimarcade.games.get``,
``specs``, ``register``, ``winning_move``, ``choose_move``, ``find_variant``... are the registry's
own functions, read from :mod:`nimarcade.core.registry` when first asked for.
"""
from __future__ import annotations

from typing import Any

#: The games, in menu order: each is a folder of this package with a ``spec`` module.
MENU_ORDER: tuple[str, ...] = ("sticks", "heaps", "matches", "grid", "awele", "wythoff", "octal")


def __getattr__(name: str) -> Any:
    """The registry's names (``nimarcade.games.get``...), so that this door stays light: importing
    a game's module does not load the registry."""
    from nimarcade.core import registry

    try:
        return getattr(registry, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
