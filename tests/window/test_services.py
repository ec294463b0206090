"""Scenes get a narrow services object, not the whole app: what a scene may use is
written down in one place, and nothing else of the app is reachable from a scene."""
from __future__ import annotations

import inspect

import pytest

from nimarcade.window.services import PARTS, Services


def shape(method) -> list[tuple]:
    """A method's parameters: names, kinds and defaults (the annotations may say more or less)."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(method).parameters.values()]


def test_every_scene_gets_the_services_and_they_read_the_app_through(driver) -> None:
    app = driver.app
    app.start()
    driver.step()
    scene = driver.scene
    assert isinstance(scene.services, Services) and scene.services is app.services
    assert app.manager.services is app.services
    services = app.services
    for name in PARTS:
        part, own = getattr(services, name), getattr(app, name)
        if inspect.ismethod(part):      # an action: the app's method, with the same parameters
            assert shape(part) == shape(own), name
        else:                           # an object: the app's own
            assert part is own or part == own, name
    app.toasts = ["replaced"]                  # a part the app replaces is the current one
    assert services.toasts == ["replaced"]
    services.idle = 4.0
    assert app.idle == 4.0
    with pytest.raises(AttributeError):        # a scene never replaces the app's objects
        services.settings = app.settings
    notes: list[tuple] = []
    app.notify = lambda *args: notes.append(args)   # an action is the app's, whatever it is now
    services.notify("hi", "error", 1.0)
    assert notes == [("hi", "error", 1.0)]


@pytest.mark.parametrize("hidden", ["window", "screen", "clock", "viewport", "frame_times", "gamepads", "pg",
                                    "store", "step", "dispatch", "run", "shutdown", "running"])
def test_the_window_and_the_loop_stay_the_apps_own(driver, hidden) -> None:
    assert hasattr(driver.app, hidden)
    with pytest.raises(AttributeError):
        getattr(driver.app.services, hidden)
