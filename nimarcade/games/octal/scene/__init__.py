"""The lab's screens."""
from nimarcade.games.octal.scene.scene import OctalScene

__all__ = ["OctalScene"]
