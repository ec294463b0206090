"""Test set-up: headless SDL before anything can import pygame, deterministic hypothesis."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import settings  # noqa: E402

settings.register_profile("nimarcade", derandomize=True, deadline=None, max_examples=200)
settings.load_profile("nimarcade")
