"""The awele game's screens."""
from nimarcade.games.awele.scene.scene import AweleScene

__all__ = ["AweleScene"]
