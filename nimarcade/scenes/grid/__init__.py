"""The grid game's screens."""
from .scene import GridScene

__all__ = ["GridScene"]
