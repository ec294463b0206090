"""One family of errors for every game, with messages a player understands.

Each error carries a translation key and its parameters, so the scenes can show it in the
player's language; ``str(error)`` is the message in the current language.
"""
from __future__ import annotations

from typing import Any

from nimarcade.i18n import tr


class RulesError(ValueError):
    """Something the rules refuse. ``key``/``params`` name the message in the translation table."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(tr(key, **params))

    def message(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        return tr(self.key, lang, **self.params)


class IllegalMove(RulesError):
    """The move breaks the rules of the game in this position."""


class GameOver(RulesError):
    """A move was asked for after the end of the game (or before any game started)."""


class GameNotOver(RulesError):
    """The result was asked for while the game is still running."""


class InvalidSetup(RulesError):
    """The board parameters are out of the game's limits."""
