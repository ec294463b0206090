"""Without an audio device, the terminal showed about twenty lines of ALSA's « cannot find
card » and the game said nothing. Now SDL's audio libraries are silenced while it looks for a device,
and the window says once, in the player's language, that the sound is off; M says it again rather
than « Sound on »."""
from __future__ import annotations

import os

import pygame
import pytest

from nimarcade.i18n import tr
from nimarcade.window.app import App

from tests.window.harness import Driver

NOISE = b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n"


@pytest.fixture
def no_device(monkeypatch):
    """SDL as on a machine without a sound card: its libraries write to the terminal (descriptor 2,
    below Python), then the mixer refuses to start."""
    real_init = pygame.init

    def init():
        os.write(2, NOISE)
        return real_init()

    def mixer_init(*args, **kwargs):
        os.write(2, NOISE * 3)
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame, "init", init)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", mixer_init)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_audio_device_is_said_once_in_the_window_and_not_on_the_terminal(no_device, capfd, lang) -> None:
    app = App(headless=True, seed=1, lang=lang, sound=True)
    try:
        driver = Driver(app)
        driver.step()
        assert "ALSA" not in capfd.readouterr().err
        said = [t.text for t in app.toasts]
        assert said == [tr("msg.no_audio")] and "ALSA" not in said[0]
        driver.key(pygame.K_m)                          # off: said as before
        assert [t.text for t in app.toasts] == [tr("msg.sound_off")]
        driver.key(pygame.K_m)                          # on again: still no device, and it says so
        assert [t.text for t in app.toasts] == [tr("msg.no_audio")]
        assert "ALSA" not in capfd.readouterr().err
    finally:
        app.shutdown()
