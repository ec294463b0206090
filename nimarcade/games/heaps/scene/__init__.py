"""The heaps game's screens."""
from nimarcade.games.heaps.scene.scene import HeapsScene

__all__ = ["HeapsScene"]
