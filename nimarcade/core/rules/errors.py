"""One family of errors for every game, with messages a player understands.

Each error carries a translation key and its parameters; it is translated where it is shown
(``nimarcade.i18n.error_text(err)``), so the rules never depend on the translation table.
``str(error)`` is the key and its parameters, for logs and tracebacks.
"""
from __future__ import annotations

from typing import Any


class RulesError(ValueError):
    """Something the rules refuse. ``key``/``params`` name the message in the translation table."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        shown = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{key} ({shown})" if shown else key)


class IllegalMove(RulesError):
    """The move breaks the rules of the game in this position."""


class GameOver(RulesError):
    """A move was asked for after the end of the game (or before any game started)."""


class GameNotOver(RulesError):
    """The result was asked for while the game is still running."""


class OptionError(RulesError):
    """An option of an engine or a tool that can't be used (an arena's ``--opt-a``, an evaluation's
    name, a side the arena can't seat)."""


class InvalidSetup(RulesError):
    """The board parameters are out of the game's limits."""
