from __future__ import annotations

import pytest

from .harness import Driver, make_app


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
