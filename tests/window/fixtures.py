"""The window tests' fixtures (a driven app, recorded text), for every test under tests/ (the games'
scene tests live beside their game, tests/games/<id>/): loaded by tests/conftest.py."""
from __future__ import annotations

import dataclasses

import pytest

from nimarcade.core import registry
from nimarcade.window.ui import theme

from tests.window.harness import REVIEW_BUDGET, Driver, make_app

#: The seconds the computer, the hints and the analysis get under :func:`quick_ai`.
QUICK_TIME = 0.02


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


@pytest.fixture
def quick_ai(monkeypatch):
    """The computer, the hints, the analysis and the review think a few milliseconds, and the
    puzzles come from each game's smallest board: for the tests about the screens. It caps what the
    app really reads (the turn controller's ``spec.time_for``, the engine's ``hint_time`` and
    ``analysis_time`` in every game's registry entry, the review's default budget, the puzzle
    scene's batches), so the test starts its app after it."""
    from nimarcade.puzzles import puzzle as puzzles
    from nimarcade.window.scenes import review
    from nimarcade.window.scenes.puzzle import scene as puzzle_scene

    from tests.core.test_registry import smallest_level

    real_time = registry.GameSpec.time_for
    monkeypatch.setattr(registry.GameSpec, "time_for", lambda self, level, demo=False: min(
        real_time(self, level, demo) or QUICK_TIME, QUICK_TIME))
    for spec in list(registry.specs()):
        engine = spec.engine
        hint_time = None if engine.hint_time is None else min(engine.hint_time, QUICK_TIME)
        monkeypatch.setitem(registry.REGISTRY, spec.id, dataclasses.replace(spec, engine=dataclasses.replace(
            engine, hint_time=hint_time, analysis_time=min(engine.analysis_time, QUICK_TIME))))
    monkeypatch.setattr(review, "WINDOW_BUDGET", REVIEW_BUDGET)
    monkeypatch.setattr(puzzle_scene, "generate", lambda *args, game, count, seed, **kw: puzzles.make(
        game, smallest_level(registry.get(registry.find_variant(game).game)).id, count, seed))
