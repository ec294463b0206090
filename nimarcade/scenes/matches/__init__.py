"""The matches game's screens."""
from .scene import MatchesScene

__all__ = ["MatchesScene"]
