"""Hints at two depths: the player reads a sentence; the theory (the misère quotient, the
golden ratio, Grundy values) comes with T or the « More details » button, and the choice stays."""
from __future__ import annotations

import pygame

from nimarcade.i18n import tr


def hint(driver, scene) -> list[str]:
    driver.key(pygame.K_h)
    driver.until(lambda: scene.hint is not None and not scene.hint_pending, 50)
    return scene.explain(scene.hint)


def test_matches_by_mouse_alone(driver) -> None:
    scene = driver.start_level("matches", "100")
    assert scene.theory_rect() is None                   # no hint: no button
    simple = hint(driver, scene)
    why = "famille"                                  # the theory says why in a student's words (fr)
    assert not any(why in line for line in simple)
    driver.click(scene.theory_rect().center)
    more = scene.explain(scene.hint)
    assert more[:len(simple)] == simple and any(why in line for line in more[len(simple):])
    assert not any("Plambeck" in line or "quotient" in line for line in more)   # no paper cited to a student
    driver.click(scene.theory_rect().center)
    assert scene.explain(scene.hint) == simple


def test_t_without_a_hint_says_the_choice_and_keeps_it(driver) -> None:
    scene = driver.start_level("wythoff", "classic-7x10")
    driver.key(pygame.K_t)
    assert scene.theory.shown and any(t.text == tr("hint.theory_on") for t in driver.app.toasts)
    lines = hint(driver, scene)
    assert any("φ" in line for line in lines)             # the next hint comes with its theory

