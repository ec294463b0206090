"""The lab panel's Grundy strip is the normal-play sequence: with misère on, the panel says so."""
from __future__ import annotations

import pygame

from nimarcade.games.octal.scene.lab_panel import LabPanel
from nimarcade.i18n import tr
from nimarcade.window.ui import theme


def drawn_texts(monkeypatch, misere: bool) -> list[str]:
    pygame.init()
    said: list[str] = []
    real = theme.blit_text

    def spy(surface, text, *args, **kwargs):
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", spy)
    panel = LabPanel({"code": "0.77", "heaps": [10], "misere": misere}, lambda p: None, lambda p: None, lambda: None)
    panel.strip(wait=True)
    panel.draw(pygame.Surface((1280, 720)))
    return said


def test_misere_on_says_the_strip_shows_normal_play_values(monkeypatch) -> None:
    head = tr("lab.strip_normal", said="")
    assert any(text.startswith(head) and len(text) > len(head) for text in drawn_texts(monkeypatch, True))
    assert not any(text.startswith(head) for text in drawn_texts(monkeypatch, False))
