"""The grid game's screens."""
from nimarcade.games.grid.scene.scene import GridScene

__all__ = ["GridScene"]
