"""The wythoff game's screens."""
from nimarcade.games.wythoff.scene.scene import WythoffScene

__all__ = ["WythoffScene"]
