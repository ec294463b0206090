"""The rules of the six Nim Arcade games: pure Python, immutable states, no pygame.

Every state follows :class:`nimarcade.core.rules.protocol.GameState`: ``to_move`` (0 or 1), ``is_over``,
``winner`` (0, 1 or None), ``outcome``, ``legal_moves()`` (a list in a deterministic order),
``check(move)``, ``play(move)`` (the next state) and ``random_move(rng)``. Which games exist is
the registry's business (:mod:`nimarcade.core.registry`), not the rules'.
"""
from __future__ import annotations

from nimarcade.core.rules.errors import GameNotOver, GameOver, IllegalMove, InvalidSetup, RulesError

__all__ = ["RulesError", "IllegalMove", "GameOver", "GameNotOver", "InvalidSetup"]

