"""The sticks game's screens."""
from .scene import SticksScene

__all__ = ["SticksScene"]
