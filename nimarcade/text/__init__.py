"""Text mode: every registered game in a plain terminal (``python main.py --text``,
``python -m nimarcade.text``), as the seeds' console programs play them.

Same rules, levels, computer players, hints and translation table as the window; the games and
how each one is drawn and asked come from the registry (:class:`nimarcade.core.registry.TextSpec`).
Never imports pygame.
"""
from __future__ import annotations

from nimarcade.text.cli import main, run

__all__ = ["main", "run"]
