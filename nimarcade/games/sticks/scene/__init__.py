"""The sticks game's screens."""
from nimarcade.games.sticks.scene.scene import SticksScene

__all__ = ["SticksScene"]
