"""The matches game's screens."""
from nimarcade.games.matches.scene.scene import MatchesScene

__all__ = ["MatchesScene"]
