"""The wythoff game's screens."""
from .scene import WythoffScene

__all__ = ["WythoffScene"]
