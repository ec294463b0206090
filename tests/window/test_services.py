"""Scenes get a narrow services object, not the whole app (issue 31): what a scene may use is
written down in one place, and nothing else of the app is reachable from a scene."""
from __future__ import annotations

import pytest

from nimarcade.window.services import PARTS, Services


def test_every_scene_gets_the_services_and_they_read_the_app_through(driver) -> None:
    app = driver.app
    app.start()
    driver.step()
    scene = driver.scene
    assert isinstance(scene.services, Services) and scene.services is app.services
    assert app.manager.services is app.services
    services = app.services
    for name in PARTS:
        assert getattr(services, name) is getattr(app, name) or getattr(services, name) == getattr(app, name), name
    app.toasts = ["replaced"]                  # a part the app replaces is the current one
    assert services.toasts == ["replaced"]
    services.idle = 4.0
    assert app.idle == 4.0


@pytest.mark.parametrize("hidden", ["window", "screen", "clock", "viewport", "frame_times", "gamepads", "pg",
                                    "store", "step", "dispatch", "run", "shutdown", "running"])
def test_the_window_and_the_loop_stay_the_apps_own(driver, hidden) -> None:
    assert hasattr(driver.app, hidden)
    with pytest.raises(AttributeError):
        getattr(driver.app.services, hidden)
