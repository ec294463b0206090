"""The heaps game's screens."""
from .scene import HeapsScene

__all__ = ["HeapsScene"]
