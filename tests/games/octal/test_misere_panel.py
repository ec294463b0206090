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


def test_a_quotient_shown_unproved_is_replaced_by_the_proved_one(monkeypatch) -> None:
    """Kayles on a loaded machine: the first worker's bound passes before its period is proved, the
    panel shows the heaps built so far, and the second worker's longer look replaces them with the
    40 elements and the period (71, 12) of docs/QUOTIENTS.md."""
    from nimarcade.games.octal import solver
    from nimarcade.games.octal.scene import quotients
    from nimarcade.games.takeaway.code import OctalCode
    from nimarcade.games.takeaway.quotient import period

    code = OctalCode.parse("0.77")
    monkeypatch.setattr(solver, "_quotients", {})                     # nothing built before this test
    monkeypatch.setattr(period, "_proved_cache", {})                  # (nor proved by another test)
    monkeypatch.setattr(period, "_proved_fails", {})
    for worker in (quotients._quotients, quotients._proved):      # (a worker another test began runs on)
        monkeypatch.setattr(worker, "_done", {})
        monkeypatch.setattr(worker, "_running", {})
    monkeypatch.setattr(quotients._quotients, "_build", lambda c: (solver.quotient(c, 12, 5.0), None))   # (its bound passed)
    first = quotients._quotients.wait(code)
    assert first[0] is not None and first[0].period is None and first[0].max_heap <= 12
    assert quotients.waiting(code)                                     # shown, its period looked for
    q, seen = quotients.wait(code)
    assert (q.size, q.period, seen) == (40, (71, 12), None) and not quotients.waiting(code)
    head, _map = quotients.lines(q, seen)
    assert head == tr("lab.panel_quotient", size=40, count=sum(q.P), p=", ".join(str(x) for x in range(40) if q.P[x]),
                      period=tr("lab.panel_period_proved", p=12, n0=71))


def test_a_quotient_past_the_windows_bounds_is_shown_as_far_as_it_got(monkeypatch) -> None:
    """0.07 (Dawson's Kayles) outgrows the window's bounds: the panel shows the quotient of the
    heaps it reached, the same as the construction's to that heap, and says how far."""
    from nimarcade.games.octal import solver
    from nimarcade.games.octal.scene import quotients
    from nimarcade.games.takeaway.code import OctalCode
    from nimarcade.games.takeaway.quotient import compute

    code = OctalCode.parse("0.07")
    monkeypatch.setattr(solver, "_quotients", {})
    q = solver.partial_quotient(code, 60, 5.0)
    assert q is not None and q.period is None and 20 <= q.max_heap < 60
    whole, _sizes = compute(q.max_heap, code)
    assert (q.size, q.P, q.phi) == (whole.size, whole.P, whole.phi)
    head, _map = quotients.lines(q, None)
    assert tr("lab.panel_period_none", top=q.max_heap) in head
    assert solver.partial_quotient(code, 60, 5.0) is q                  # kept: a new try starts past its heaps
