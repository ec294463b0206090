"""The lab panel's Grundy strip is the normal-play sequence: with misère on, the panel says so."""
from __future__ import annotations

import pygame

from nimarcade.games.octal.scene.lab_panel import LabPanel
from nimarcade.i18n import tr
from nimarcade.window.ui import theme


def drawn_texts(monkeypatch, misere: bool) -> list[str]:
    pygame.init()
    panel = LabPanel({"code": "0.77", "heaps": [10], "misere": misere}, lambda p: None, lambda p: None, lambda: None)
    panel.strip(wait=True)
    return drawn_texts_of(monkeypatch, panel)


def test_misere_on_says_the_strip_shows_normal_play_values(monkeypatch) -> None:
    head = tr("lab.strip_normal", said="")
    assert any(text.startswith(head) and len(text) > len(head) for text in drawn_texts(monkeypatch, True))
    assert not any(text.startswith(head) for text in drawn_texts(monkeypatch, False))


def test_misere_on_shows_the_quotient_its_p_portion_and_map(monkeypatch) -> None:
    from nimarcade.games.octal.scene import quotients

    pygame.init()
    panel = LabPanel({"code": "0.75", "heaps": [10], "misere": True}, lambda p: None, lambda p: None, lambda: None)
    panel.strip(wait=True)
    lines = panel.quotient_lines(wait=True)
    q, _seen = quotients.wait(panel._code)
    assert q is not None and lines == list(quotients.lines(q, _seen))
    head = tr("lab.panel_quotient", size=q.size, count=sum(q.P), p="", period="").split("(")[0]
    assert lines[0].startswith(head) and f"1→{q.element(1)}" in lines[1]
    said = drawn_texts_of(monkeypatch, panel)
    shown_map = [t for t in said if t.startswith(lines[1][:30])]    # the map: as many heaps as fit beside
    assert lines[0] in said and len(shown_map) == 1                 # « Tableau du quotient », then « … »
    assert lines[1].startswith(shown_map[0].removesuffix(" …")) and tr("lab.table_open") in said


def drawn_texts_of(monkeypatch, panel: LabPanel) -> list[str]:
    said: list[str] = []
    real = theme.blit_text

    def spy(surface, text, *args, **kwargs):
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", spy)
    panel.draw(pygame.Surface((1280, 720)))
    return said
