"""The games, one folder each: ``nimarcade/games/<id>/`` holds a game whole (its rules, its spec,
its solver or engine, its scene, art and editor, its text, its bench suite and its data tools).
``sinkboard/`` is the sink board that Pawns and the Queen share.

Nothing outside this package names a game: the registry (:mod:`nimarcade.core.registry`) loads
each game's ``spec`` module by name: every folder here with a ``spec`` module is a game, save the
:data:`SHARED` ones, listed in :data:`MENU_ORDER`'s order. The games are independent of each other
(an import contract checks it), and only the registry reaches them.

This package is also the registry's public door, as it always was: ``nimarcade.games.get``,
``specs``, ``register``, ``winning_move``, ``choose_move``, ``find_variant``... are the registry's
own functions, read from :mod:`nimarcade.core.registry` when first asked for.
"""
from __future__ import annotations

from typing import Any

#: The folders of this package that games share rather than games of their own: any game may
#: import them and they import no game (the import contract and the architecture test read this).
SHARED: tuple[str, ...] = ("sinkboard", "takeaway")

#: The menu's order for the games it names. The games themselves are the folders of this package
#: with a ``spec`` module, the shared ones apart (:func:`nimarcade.core.registry.spec_modules`
#: finds them): a new game's folder is a game, and comes after these, by name, until placed here.
MENU_ORDER: tuple[str, ...] = ("sticks", "heaps", "matches", "grid", "awele", "wythoff", "octal")


def __getattr__(name: str) -> Any:
    """The registry's names (``nimarcade.games.get``...), so that this door stays light: importing
    a game's module does not load the registry."""
    from nimarcade.core import registry

    try:
        return getattr(registry, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
