"""The rules of the six Nim Arcade games: pure Python, immutable states, no pygame.

Every state has ``to_move`` (0 or 1), ``is_over``, ``winner`` (0, 1 or None), ``legal_moves()``
(a list in a deterministic order), ``play(move)`` (the next state) and ``random_move(rng)``.
"""
from __future__ import annotations

from .errors import GameNotOver, GameOver, IllegalMove, InvalidSetup, RulesError

__all__ = ["RulesError", "IllegalMove", "GameOver", "GameNotOver", "InvalidSetup", "GAMES"]

#: The games the levels and scenes know, in menu order.
GAMES = ("sticks", "heaps", "matches", "grid", "awele")
