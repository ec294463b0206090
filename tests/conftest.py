"""Test set-up: headless SDL before anything can import pygame, deterministic hypothesis."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import settings  # noqa: E402

settings.register_profile("nimarcade", derandomize=True, deadline=None, max_examples=200)
settings.load_profile("nimarcade")


import pytest  # noqa: E402


@pytest.fixture
def swap_spec(monkeypatch):
    """``swap_spec(game, chooser=..., hint=...)``: that game's registry entry with these fields
    changed, for this test only (a test's slow or counting computer; start the game after it)."""
    from dataclasses import replace

    from nimarcade import games

    def swap(game: str, **changes):
        spec = replace(games.get(game), **changes)
        monkeypatch.setitem(games.REGISTRY, game, spec)
        return spec

    return swap
