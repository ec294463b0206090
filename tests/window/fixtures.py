"""The window tests' fixtures (a driven app, recorded text), for every test under tests/ (the games'
scene tests live beside their game, tests/games/<id>/): loaded by tests/conftest.py."""
from __future__ import annotations

import pytest

from nimarcade.window.ui import theme

from tests.window.harness import Driver, make_app


@pytest.fixture
def driver():
    app = make_app()
    yield Driver(app)
    app.shutdown()


@pytest.fixture
def make_driver():
    apps = []

    def make(**kwargs):
        app = make_app(**kwargs)
        apps.append(app)
        return Driver(app)

    yield make
    for app in apps:
        app.shutdown()


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every line of text rendered from now on (``theme.text`` recorded)."""
    seen: list[str] = []
    original = theme.text

    def text(s: str, size: int = 28, color=theme.TEXT):
        seen.append(s)
        return original(s, size, color)

    text.cache_clear = original.cache_clear  # type: ignore[attr-defined]  # app.shutdown clears it
    monkeypatch.setattr(theme, "text", text)
    return seen
