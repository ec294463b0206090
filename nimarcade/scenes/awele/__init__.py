"""The awele game's screens."""
from .scene import AweleScene

__all__ = ["AweleScene"]
