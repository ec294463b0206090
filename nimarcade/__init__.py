"""Nim Arcade: six classic take-away games with an expert computer that shows its reasoning."""

__version__ = "0.1.0"
